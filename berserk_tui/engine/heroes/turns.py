"""The preparation and the turn of «Берсерк. Герои» (seed 002, «Подготовка к игре» and «Ход игры»).

The preparation: a die names the player who chooses who goes first (1–3 seat 1, 4–6 seat 2: rules decision 801),
he chooses (decision "first_player"), each deck is shuffled (a chance node each), each player takes 4 cards, then
each, the first player first, may once put part of his hand under his deck in the order he chooses and draw as
many (decision "mulligan"; rules decision 800).
A turn: the recovery phase (his closed cards and coins open; a stunned card stays closed and loses Оглушение), the
accumulation phase (a new open coin up to 10; a draw but on the first player's first turn, the third draw that
finds the deck empty loses), «в начале хода» and poison, the main phase (`main`), the end of the turn («в конце
хода», Регенерация, «до конца хода» ends), and the turn passes.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from typing import Any, NamedTuple

from ..core import Events, ask, ask_roll, ask_shuffle, emit, push
from ..rng import permutation
from ..seats import DRAW
from .actions import FirstPlayer, Mulligan
from .book import decision, task
from .cards import keyword
from .state import FAILED_DRAWS_LOSE, HAND_SIZE, MAX_COINS, HeroesState
from .triggers import HEvent, fire
from .zones import draw, face_down, heal, lose, settle, to_bottom, wound


@task("setup")
def _setup(state: HeroesState, ev: Events) -> None:
    ask_roll(state, -1, ("chooser",))


@task("chooser")
def _chooser(state: HeroesState, ev: Events) -> None:
    seat = 0 if state.die <= 3 else 1
    emit(ev, "chooser", seat=seat, roll=state.die)
    ask(state, seat, FirstDecision(seat))


@decision("first_player")
class FirstDecision(NamedTuple):
    """The player the die chose names who goes first."""
    seat: int

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [FirstPlayer(0), FirstPlayer(1)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        state.first = state.active = action.seat
        emit(ev, "first", seat=action.seat, by=state.pending.data.seat)
        push(state, ("shuffle", 0), ("shuffle", 1), ("deal",))


@task("shuffle")
def _shuffle(state: HeroesState, ev: Events, seat: int) -> None:
    ask_shuffle(state, seat)


def shuffle_deck(state: HeroesState, seat: int, seed: int) -> None:
    """The outcome of a shuffle chance node: `seat`'s deck in the order of `rng.permutation(seed, n)`."""
    p = state.players[seat]
    p.deck = tuple(p.deck[i] for i in permutation(seed, len(p.deck)))


@task("deal")
def _deal(state: HeroesState, ev: Events) -> None:
    for seat in (state.first, 1 - state.first):
        draw(state, ev, seat, HAND_SIZE)
    state.players[0].drawn = state.players[1].drawn = 0
    push(state, ("mulligan", state.first), ("mulligan", 1 - state.first), ("turn",))


@task("mulligan")
def _mulligan(state: HeroesState, ev: Events, seat: int) -> None:
    ask(state, seat, MulliganDecision(seat))


@decision("mulligan")
class MulliganDecision(NamedTuple):
    """`seat` keeps his hand (`Mulligan(())`) or puts the named cards under his deck, the last one lowest, and
    draws as many."""
    seat: int

    @staticmethod
    def legal(state: HeroesState) -> list:
        hand = state.players[state.pending.data.seat].hand
        return [Mulligan(order) for k in range(len(hand) + 1) for order in permutations(hand, k)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        seat = state.pending.data.seat
        state.players[seat].settled = True
        emit(ev, "mulligan", seat=seat, count=len(action.cards))
        if action.cards:
            to_bottom(state, ev, seat, action.cards)
            draw(state, ev, seat, len(action.cards))
        state.players[seat].drawn = 0


# what keeps a closed card closed in its recovery phase (state, uid) -> True: ops register here
STAYS_CLOSED: list[Callable[[HeroesState, int], bool]] = []
# what the accumulation phase does after its draw (state, events), before «в начале хода»: what a hook pushes runs
# first (the reveal of hidden creatures, ops/stealth.py): ops register here
ACCUMULATION_HOOKS: list[Callable[[HeroesState, Events], None]] = []


@task("turn")
def _turn(state: HeroesState, ev: Events) -> None:
    """A turn begins: the recovery and accumulation phases, then «в начале хода» and the main phase."""
    state.phase = "play"
    state.turn += 1
    if state.turn > state.rules.turn_limit:
        state.winner, state.stalled, state.phase = DRAW, True, "over"
        emit(ev, "game_over", winner=DRAW, reason="turn_limit")
        return
    seat = state.active
    p = state.players[seat]
    p.played = p.drawn = 0
    emit(ev, "turn", seat=seat, turn=state.turn)
    # a hidden creature opens too, its own statics (Энт-прародитель's) off (rules decision 968)
    for uid in (p.hero, *p.support, *p.play, *face_down(state, seat)):
        c = state.cards[uid]
        if any(m[0] == "stun" for m in c.modifiers):
            c.modifiers = tuple(m for m in c.modifiers if m[0] != "stun")
            emit(ev, "stun_ends", uid=uid)
        elif c.closed and (c.zone == "face_down" or not any(keep(state, uid) for keep in STAYS_CLOSED)):
            c.closed = False
    p.closed = 0
    if p.coins < MAX_COINS:
        p.coins += 1
        emit(ev, "coin", seat=seat, coins=p.coins)
    if state.turn > 1:
        if not p.deck:
            p.failed_draws += 1
            emit(ev, "failed_draw", seat=seat, count=p.failed_draws)
            if p.failed_draws >= FAILED_DRAWS_LOSE:
                lose(state, ev, seat, "deck")
                return
        else:
            draw(state, ev, seat, 1)
    push(state, ("turn_start",), ("main",))
    for hook in ACCUMULATION_HOOKS:
        hook(state, ev)


# what «в начале хода» does besides the triggers (state, events): ops register here
TURN_START_HOOKS: list[Callable[[HeroesState, Events], None]] = []


@task("turn_start")
def _turn_start(state: HeroesState, ev: Events) -> None:
    """«В начале хода»: poison wounds the active player's poisoned cards, and the start-of-turn triggers fire."""
    p = state.players[state.active]
    poisoned = [(u, v) for u in (p.hero, *p.play) if (v := keyword(state, u, "poison"))]
    for uid, value in poisoned:
        wound(state, ev, uid, value, uid)
    if poisoned:
        settle(state, ev)
    if state.winner == -1:
        for hook in TURN_START_HOOKS:
            hook(state, ev)
        fire(state, ev, HEvent("turn_started", -1, state.active))


@task("end_turn")
def _end_turn(state: HeroesState, ev: Events) -> None:
    """The end of the turn: «в конце хода» triggers and Регенерация, then (`pass_turn`) «до конца хода» ends."""
    seat = state.active
    emit(ev, "end_turn", seat=seat)
    for uid in state.players[seat].play:
        regen = keyword(state, uid, "regen")
        if regen:
            heal(state, ev, uid, regen)
    fire(state, ev, HEvent("turn_ended", -1, seat))
    push(state, ("pass_turn",))


# what the end of a turn does before «до конца хода» ends (state, events): ops register here
END_OF_TURN_HOOKS: list[Callable[[HeroesState, Events], None]] = []


@task("pass_turn")
def _pass_turn(state: HeroesState, ev: Events) -> None:
    for hook in END_OF_TURN_HOOKS:
        hook(state, ev)
    for c in state.cards:
        if c.modifiers and any(0 <= m[2] <= state.turn for m in c.modifiers):
            c.modifiers = tuple(m for m in c.modifiers if not 0 <= m[2] <= state.turn)
    settle(state, ev)
    if state.winner == -1:
        state.active = 1 - state.active
        push(state, ("turn",))
