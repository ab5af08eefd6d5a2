"""The greedy bot's judgement of a «Берсерк. Герои» position for a seat: ±1000 once decided, else the heroes' lives
left, the creatures' strike and life in play, the cards in hand and the coins, the opponent's counted against."""

from __future__ import annotations

from berserk_tui.engine.heroes.cards import attack, life_left
from berserk_tui.engine.heroes.state import HeroesState
from berserk_tui.engine.seats import DRAW

HERO_LIFE = 3.0      # a life of the hero
ATTACK = 1.5         # a point of strike of a creature in play
LIFE = 1.0           # a life left of a creature in play
OPEN = 0.5           # an open creature (it may act or defend)
HAND = 1.2           # a card in hand
COIN = 0.6           # a coin (all of them: they open each turn)


def evaluate(state: HeroesState, seat: int) -> float:
    if state.winner != -1:
        return 0.0 if state.winner == DRAW else (1000.0 if state.winner == seat else -1000.0)
    return _side(state, seat) - _side(state, 1 - seat)


def _side(state: HeroesState, seat: int) -> float:
    p = state.players[seat]
    value = HERO_LIFE * life_left(state, p.hero) + HAND * len(p.hand) + COIN * p.coins
    for uid in p.play:
        value += ATTACK * attack(state, uid) + LIFE * life_left(state, uid) + OPEN * (not state.cards[uid].closed)
    return value
