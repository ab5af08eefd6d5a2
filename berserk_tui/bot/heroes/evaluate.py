"""The greedy bot's judgement of a «Берсерк. Герои» position for a seat: ±1000 once decided, else the heroes' lives
left, the creatures' strike and life in play, the cards in hand, the support cards and the coins (a little more for
an open one, so that spending coins for nothing is a loss), the opponent's counted against. Poison counts as the
wounds of its next `POISON_TURNS` turns (a creature it will kill by then strikes at half its worth), and a stunned
creature, which stays closed through its next recovery, at half its strike; a hidden creature counts, but not as
open (rules decision 963)."""

from __future__ import annotations

from berserk_tui.engine.heroes.cards import attack, keyword, life_left
from berserk_tui.engine.heroes.state import HeroesState
from berserk_tui.engine.heroes.zones import face_down
from berserk_tui.engine.seats import DRAW

HERO_LIFE = 3.0      # a life of the hero
ATTACK = 1.5         # a point of strike of a creature in play
LIFE = 1.0           # a life left of a creature in play
OPEN = 0.5           # an open creature (it may act or defend)
HAND = 1.2           # a card in hand
SUPPORT = 2.0        # a support card by the hero (equipment, an event): a card played that goes on working
COIN = 0.6           # a coin (all of them: they open each turn)
OPEN_COIN = 0.1      # an open coin besides (it may still pay for something this turn)
POISON_TURNS = 2     # the turns of poison wounds counted ahead
DOOMED = 0.5         # the share of its strike a creature keeps that poison will kill, or that is stunned


def evaluate(state: HeroesState, seat: int) -> float:
    if state.winner != -1:
        return 0.0 if state.winner == DRAW else (1000.0 if state.winner == seat else -1000.0)
    return _side(state, seat) - _side(state, 1 - seat)


def _side(state: HeroesState, seat: int) -> float:
    p = state.players[seat]
    value = (HERO_LIFE * _lives(state, p.hero) + HAND * len(p.hand) + SUPPORT * len(p.support) + COIN * p.coins
             + OPEN_COIN * p.open_coins)
    for uid in p.play:
        lives = _lives(state, uid)
        weak = lives <= 0 or any(m[0] == "stun" for m in state.cards[uid].modifiers)
        value += ATTACK * attack(state, uid) * (DOOMED if weak else 1.0) + LIFE * lives \
            + OPEN * (not state.cards[uid].closed)
    for uid in face_down(state, seat):      # a hidden creature (Скрытое существо) is still in play, idle for now
        value += ATTACK * attack(state, uid) + LIFE * _lives(state, uid)
    return value


def _lives(state: HeroesState, uid: int) -> int:
    """Its lives left less the poison wounds of its next `POISON_TURNS` turns (not below 0)."""
    return max(0, life_left(state, uid) - POISON_TURNS * keyword(state, uid, "poison"))
