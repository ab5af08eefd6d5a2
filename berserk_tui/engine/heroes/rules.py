"""The public rules API of «Берсерк. Герои»: a new game, the legal actions, applying an action, chance outcomes.

`new_game(db, decks)` takes one deck per seat, each `[hero id, card id, ...]` (the hero first), and stops at the
first chance node (the die for who chooses the first player). `apply` checks the action's shape first
(`actions.malformed`), then that it is listed; an illegal action raises `IllegalAction` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Roll, Shuffle, shown
from ..core import Events, IllegalAction, advance, emit, push
from ..rng import RandomSource
from ..state import CHANCE, NO_DECISION
from . import hidden, main, triggers, turns  # noqa: F401  (they register their tasks and decisions)
from .actions import HeroesAction, malformed
from .book import HEROES_RULEBOOK, idle
from .ops import (  # noqa: F401  (the same; area ops modules register into `main`'s hooks)
    forest,
    glossary,
    modules,
    mountain,
    on_strike,
    run,
    shots,
    stealth,
    steppe,
    steppe_extra,
    swamp,
)
from .state import HeroesRules, HeroesState
from .zones import new_card


def _after(state: HeroesState, ev: Events) -> None:
    """After every task and decision: the triggers it set off are scheduled, and a card of unknown identity it put
    into view is named by its owner first (`hidden.ask_unknown`)."""
    triggers.flush(state, ev)
    hidden.ask_unknown(state, ev)


HEROES_RULEBOOK.after = _after


@idle
def _lost(state: HeroesState) -> None:
    """Every step of the rules ends in a decision or schedules the next: an empty machine is a bug, not a wait."""
    raise RuntimeError(f"the rules of heroes have nothing to do and ask nothing (turn {state.turn})")


def new_game(db: Any, decks: Sequence[Sequence[str]], rules: HeroesRules | None = None) -> tuple[HeroesState, Events]:
    """A game at its first chance node: each seat's hero (the first id of its deck) on the table, the rest its
    deck."""
    state = HeroesState(db, rules or HeroesRules())
    if len(decks) != 2:
        raise ValueError("two decks expected")
    for seat, deck in enumerate(decks):
        if not deck:
            raise ValueError(f"the deck of seat {seat + 1} is empty: it needs a hero first")
        unknown = [cid for cid in deck if cid not in db]
        if unknown:
            raise ValueError(f"the deck of seat {seat + 1} names unknown cards: {', '.join(unknown[:5])}")
        if db[deck[0]].type != "hero":
            raise ValueError(f"the deck of seat {seat + 1} must start with its hero, not {db[deck[0]].name}")
        state.players[seat].hero = new_card(state, seat, deck[0], "hero")
        state.players[seat].deck = tuple(deck[1:])
    ev: Events = []
    push(state, ("setup",))
    advance(state, ev)
    return state, ev


def legal_actions(state: HeroesState) -> list:
    """The legal actions of the pending player decision ([] at a chance node or when the game is over)."""
    pending = state.pending
    if pending.player == CHANCE or pending.kind == "over":
        return []
    cached = state.legal_cache
    if cached is None or cached[0] is not pending:
        cached = state.legal_cache = (pending, state.rules.rulebook.legal[pending.kind](state))
    return list(cached[1])


def chance_outcomes(state: HeroesState) -> list:
    """A die's six outcomes (a shuffle has 2**64 and is not listed)."""
    if state.pending.player != CHANCE:
        return []
    return [Roll(v) for v in range(1, 7)] if state.pending.kind == "roll" else []


def draw(state: HeroesState, rng: RandomSource) -> Any:
    return Roll(rng.die()) if state.pending.kind == "roll" else Shuffle(rng.shuffle_seed())


def apply(state: HeroesState, action: HeroesAction, ev: Events | None = None) -> Events:
    """Apply `action` to the pending decision or chance node; IllegalAction leaves the state untouched."""
    if (why := malformed(action)) is not None:
        raise IllegalAction(why)
    ev = [] if ev is None else ev
    pending = state.pending
    if pending.kind == "over":
        raise IllegalAction("the game is over")
    if pending.player == CHANCE:
        if pending.kind == "roll" and type(action) is Roll and 1 <= action.value <= 6:
            state.die = action.value
            emit(ev, "rolled", value=action.value)
        elif pending.kind == "shuffle" and type(action) is Shuffle and 0 <= action.seed < 2**64:
            turns.shuffle_deck(state, pending.data.seat, action.seed)
            emit(ev, "shuffled", seat=pending.data.seat)
        else:
            raise IllegalAction(f"{shown(action)} is not an outcome of this {pending.kind}")
        state.pending = NO_DECISION
    else:
        if action not in legal_actions(state):
            raise IllegalAction(f"{shown(action)} is not legal now ({pending.kind} for seat {pending.player + 1})")
        state.rules.rulebook.apply[pending.kind](state, action, ev)
        if state.pending is pending:
            state.pending = NO_DECISION
        _after(state, ev)
    if pending.kind != "reveal":    # information from the owner of a deck this engine lacks, not a move (`hidden`)
        state.seq += 1
    advance(state, ev)
    if state.over:
        state.phase = "over"
    return ev
