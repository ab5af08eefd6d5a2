"""The public rules API: create a game, list legal actions, apply an action."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import (  # noqa: F401  (they register tasks and decisions)
    ability_attacks,
    attacking,
    dash,
    death,
    main_phase,
    moves,
    respond,
    rolls,
    seating,
    setup,
    stack,
    strike,
    strike_hit,
    turns,
    vanguard,
)
from .actions import Action, Reveal, Roll, Shuffle, malformed, shown
from .core import Events, IllegalAction, advance, push, stamp_cells
from .ops import area, movement, revive, status, steps, symbiont, trigger  # noqa: F401  (the same)
from .rng import RandomSource
from .state import CHANCE, NO_DECISION, GameState, Rules


def new_game(db: Any, decks: Sequence[list[str | None]], rules: Rules | None = None,
             squads: Sequence[list[str]] | None = None, first: int = 0) -> tuple[GameState, Events]:
    """A game at its first decision, with a deck (and with `squads` a squad) per seat of the rules. With
    `squads` (first game / scenarios) purchase is skipped and `first` goes first; otherwise it starts with
    the order roll."""
    state = GameState(db, rules or Rules())
    if len(decks) != state.seats.count or (squads is not None and len(squads) != state.seats.count):
        raise ValueError(f"{state.seats.count} decks (and squads) expected")
    for seat in range(state.seats.count):
        state.players[seat].deck = tuple(decks[seat])
    ev: Events = []
    state.pending = NO_DECISION
    if squads is None:
        push(state, ("order_roll",))
    else:
        setup.set_first(state, first, ev)
        for seat in range(state.seats.count):
            setup.add_squad(state, seat, list(squads[seat]))
        push(state, ("start_deployment",))
    advance(state, ev)
    return state, ev


def legal_actions(state: GameState) -> list[Action]:
    """Legal actions of the pending decision (chance nodes: use `chance_outcomes`)."""
    pending = state.pending
    if pending.player == CHANCE or pending.kind == "over":
        return []
    return list(_listed(state))


def _listed(state: GameState) -> list[Action]:
    """The legal actions of the pending player decision, listed once per decision (`state.legal_cache`): not
    a copy, never to be changed."""
    pending = state.pending
    cached = state.legal_cache
    if cached is None or cached[0] is not pending:
        cached = state.legal_cache = (pending, state.rules.rulebook.legal[pending.kind](state))
    return cached[1]


def _is_listed(state: GameState, action: Action) -> bool:
    """Is `action` a legal action of the pending decision? One of the listed objects itself (as a caller of
    `legal_actions` passes) is found without calling the actions' `__eq__`."""
    listed = _listed(state)
    for a in listed:
        if a is action:
            return True
    return action in listed


def chance_outcomes(state: GameState) -> list[Action]:
    """Possible outcomes of a chance node (a die; a shuffle has 2**64 and is not listed)."""
    if state.pending.player != CHANCE:
        return []
    return [Roll(v) for v in range(1, 7)] if state.pending.kind == "roll" else []


def draw(state: GameState, rng: RandomSource) -> Action:
    """The outcome `rng` gives the pending chance node: a die or a shuffle's seed."""
    return Roll(rng.die()) if state.pending.kind == "roll" else Shuffle(rng.shuffle_seed())


def apply(state: GameState, action: Action, ev: Events | None = None) -> Events:
    """Apply `action` to the pending decision; raises IllegalAction and leaves the state untouched.

    An action must be an instance of exactly one action class with exactly its fields' declared types (`Buy(4.0)`,
    `Buy(True)` or a plain tuple equal to a legal action are refused): that is checked before anything else."""
    if (why := malformed(action)) is not None:
        raise IllegalAction(why)
    ev = [] if ev is None else ev
    pending = state.pending
    if pending.kind == "over":
        raise IllegalAction("the game is over")
    start = len(ev)
    if pending.kind == "reveal":
        # information, not a move: it does not count in `seq`, so both peers' counters agree
        _check_reveal(state, action)
        state.rules.rulebook.apply["reveal"](state, action, ev)
        state.pending = NO_DECISION
    elif pending.player == CHANCE:
        _apply_chance(state, action)
        state.seq += 1
    else:
        if not _is_listed(state, action):
            raise IllegalAction(f"{shown(action)} is not legal now ({pending.kind} for seat {pending.player + 1})")
        state.rules.rulebook.apply[pending.kind](state, action, ev)
        if state.pending is pending:       # the handler asked nothing new
            state.pending = NO_DECISION
        state.seq += 1
    stamp_cells(state, ev, start)
    advance(state, ev)
    return ev


def _apply_chance(state: GameState, action: Action) -> None:
    kind = state.pending.kind
    if kind == "roll" and isinstance(action, Roll) and 1 <= action.value <= 6:
        state.rolls += (action.value,)
        who = state.pending.data.who
        # a roll window, unless a reroll's window is already waiting on top (`steps.op_reroll`)
        if respond.roll_watched(state, who) and not (state.tasks and state.tasks[-1][0] == "roll_window"):
            push(state, ("roll_window", who, state.active, 0))
    elif kind == "shuffle" and isinstance(action, Shuffle) and 0 <= action.seed < 2**64:
        setup.shuffle_deck(state, state.pending.data.seat, action.seed)
    else:
        raise IllegalAction(f"{shown(action)} is not an outcome of this {kind}")
    state.pending = NO_DECISION


def _check_reveal(state: GameState, action: Action) -> None:
    if not isinstance(action, Reveal) or action.uid != state.pending.data.uid:
        raise IllegalAction(f"expected the identity of card {state.pending.data.uid}")
    if action.card_id not in state.db.cards:
        raise IllegalAction(f"unknown card {shown(action.card_id)}")


__all__ = ["apply", "chance_outcomes", "draw", "legal_actions", "new_game", "IllegalAction"]
