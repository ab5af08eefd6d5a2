"""The resolution machine: tasks (continuations) and decisions.

A task is a tuple ``(name, *args)`` on ``state.tasks``; `advance` pops and runs tasks until
one sets ``state.pending`` (a decision or a chance node) or nothing is left. Each decision
kind registers the function listing its legal actions and the one applying a choice. Both are
looked up in the rulebook of the state's rules (`rulebook.Rulebook`): `task`, `decision` and
`idle` register into the classic game's.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .places import position
from .rulebook import CLASSIC_RULEBOOK
from .state import CHANCE, NO_DECISION, NOBODY, Decision, GameState, Nothing, RollChance, ShuffleChance


class Event(NamedTuple):
    """Something that happened, for logs, the UI and scenario checks."""
    kind: str
    data: dict[str, Any]


Events = list[Event]


class IllegalAction(ValueError):
    """The action is not one of the legal actions of the pending decision, or not an action at all (`malformed`)."""


# the classic game's modules register their tasks, decision kinds and idle step into its rulebook
task = CLASSIC_RULEBOOK.task
decision = CLASSIC_RULEBOOK.decision
idle = CLASSIC_RULEBOOK.idle


def emit(ev: Events, name: str, /, **data: Any) -> None:
    ev.append(Event(name, data))


CARD_FIELDS = ("uid", "target", "against", "attacker", "defender", "host", "by", "dead", "source", "partner")


def stamp_cells(state: GameState, ev: Events, start: int) -> None:
    """Give the events from `start` on an `at` field: where each card they name (`CARD_FIELDS`) stands now
    on the board, so that the game's text can still say «(c3)» after the card has moved or died."""
    for k in range(start, len(ev)):
        data = ev[k].data
        if "at" in data:
            continue
        cells = {}
        for key in CARD_FIELDS:
            if key in data:
                uid = data[key]
                if type(uid) is int and 0 <= uid < len(state.cards) and (cell := position(state, uid)) >= 0:
                    cells[key] = cell
        data["at"] = cells


CLASSIC_RULEBOOK.stamp = stamp_cells


def push(state: GameState, *tasks: tuple) -> None:
    """Schedule tasks to run in the given order."""
    if tasks:
        state.tasks.extend(reversed(tasks))


def ask(state: GameState, player: int, data: Any) -> None:
    """`player` must decide: `data` is the record of the decision's kind (the class `decision` registered)."""
    state.pending = Decision(player, data.KIND, data)


def ask_roll(state: GameState, who: int, then: tuple) -> None:
    """Roll a die for card/seat `who`, then run `then` (it reads ``state.rolls[-1]``)."""
    push(state, then)
    state.pending = Decision(CHANCE, "roll", RollChance(who))


def ask_shuffle(state: GameState, seat: int) -> None:
    """Shuffle `seat`'s deck (a chance node: its outcome is the seed)."""
    state.pending = Decision(CHANCE, "shuffle", ShuffleChance(seat))


def advance(state: GameState, ev: Events) -> None:
    """Run tasks of the state's rulebook until a decision is pending or the game is over; a decision its
    `automaton` answers (a seat the rules play) does not stop it."""
    book = state.rules.rulebook
    tasks, stack, auto = book.tasks, state.tasks, book.automaton     # the tasks are changed in place only
    stamp, after = book.stamp, book.after
    while True:
        while state.pending is NO_DECISION:
            if state.winner != -1:
                stack.clear()
                state.pending = Decision(NOBODY, "over", Nothing())
                return
            if stack:
                job = stack.pop()
                start = len(ev)
                tasks[job[0]](state, ev, *job[1:])
                if stamp is not None and len(ev) > start:
                    stamp(state, ev, start)
                if after is not None:
                    after(state, ev)
            else:
                for step in book.idle_steps:
                    step(state)
        if auto is None or not auto(state, ev):
            return
