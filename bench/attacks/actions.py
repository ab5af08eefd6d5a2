"""Section 4: malformed and illegal actions fed to `engine.apply` at random points of random games.

Games of two random bots with seeded dice; at a random half of the decisions and chance nodes,
a few malformed actions are each tried on a copy of the state (`GameState.clone`):

- twin: a legal action with one field of another type that compares equal (4.0, True, Fraction,
  Decimal, complex) — the type confusion of the issue;
- subclass: besides those, once per attacked decision, a field as an int or str subclass, equal
  to it; counted apart, without a goal (whether `apply` takes `IntEnum`-like ints is a choice;
  `from_wire` refuses them);
- odd_value: a legal action's class with a field out of range or of a foreign type (-1, 2**64, 1.5,
  None, "3", nan, …);
- wrong_class: the same fields in a plain tuple or another action class, the wire list, a dict,
  None, the class itself;
- wrong_arity: the class with a field more or less (built with `tuple.__new__`);
- illegal: a well-typed action that is not legal now (legal earlier in the game);
- chance: dice and shuffle outcomes of the wrong type or range at chance nodes.

Counted: actions after which the copy's `state_hash()` differs from the state's (accepted, or
refused after changing something); actions that raised anything but IllegalAction; states the
attempt changed although it ran on a copy. The goal is 0 for each.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from decimal import Decimal
from fractions import Fraction
from typing import Any

from berserk_tui.bot import get_agent
from berserk_tui.engine import CHANCE, Event, GameState, IllegalAction, apply, legal_actions, new_game, view
from berserk_tui.engine.actions import ACTION_TYPES, Roll, Shuffle, to_wire
from berserk_tui.engine.rng import SeededSource

from . import Row, count_row
from .common import Log, db, decks

PER_NODE = 3          # malformed actions tried at an attacked node


class IntLike(int):
    """An int subclass: equal to the int, but not an int."""

    def __repr__(self) -> str:
        return f"IntLike({int(self)})"


class StrLike(str):
    """A str subclass."""

    def __repr__(self) -> str:
        return f"StrLike({str(self)!r})"


def twins(value: Any) -> list[Any]:
    """Values of other types that compare equal to value (subclasses apart: see `subclass`)."""
    if isinstance(value, bool):
        return [int(value), float(value)]
    if isinstance(value, int):
        out = [float(value), Fraction(value), Decimal(value), complex(value)]
        return out + ([bool(value)] if value in (0, 1) else [])
    return []


def subclass(value: Any) -> Any:
    """The value as an instance of a subclass of its type (None if it has no such twin here)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return IntLike(value)
    return StrLike(value) if isinstance(value, str) else None


ODD = [-1, 99, 10**30, 2**64, 1.5, float("nan"), float("inf"), None, "3", b"", [], ()]


def well_typed(action: Any) -> bool:
    cls = type(action)
    return cls in ACTION_TYPES.values() and len(action) == len(cls._fields) and all(
        type(v) is cls.__annotations__[name] for name, v in zip(cls._fields, action, strict=True))


def _build(cls: type, fields: list[Any]) -> Any:
    return tuple.__new__(cls, fields)


def malformed(rng: random.Random, state: GameState, legal: list[Any], seen: list[Any]) -> tuple[str, Any]:
    """One malformed or illegal action for the state's pending decision, and its category."""
    if state.pending.player == CHANCE:
        cls = Roll if state.pending.kind == "roll" else Shuffle
        good = 3 if cls is Roll else 12345
        while True:
            value = rng.choice([*twins(good), *ODD, 0, 7, 2**64])
            if type(value) is not int or not (1 <= value <= 6 if cls is Roll else 0 <= value < 2**64):
                return "chance", _build(cls, [value])
    for _ in range(20):
        category = rng.choice(["twin", "odd_value", "wrong_class", "wrong_arity", "illegal"])
        base = rng.choice(legal)
        fields = list(base)
        cls = type(base)
        if category == "twin" and fields:
            i = rng.randrange(len(fields))
            options = twins(fields[i])
            if options:
                fields[i] = rng.choice(options)
                return category, _build(cls, fields)
        elif category == "odd_value" and fields:
            fields[rng.randrange(len(fields))] = rng.choice(ODD)
            return category, _build(cls, fields)
        elif category == "wrong_class":
            same_shape = [c for c in ACTION_TYPES.values() if len(c._fields) == len(fields) and c is not cls]
            candidates = [tuple(fields), to_wire(base), {"type": cls.__name__}, None, cls, 4, "EndTurn",
                          Event("moved", {})]
            if same_shape:
                other = rng.choice(same_shape)
                candidates.append(_build(other, fields))
            bad = rng.choice(candidates)
            if not (well_typed(bad) and bad in legal):
                return category, bad
        elif category == "wrong_arity":
            return category, _build(cls, [*fields, 0] if not fields or rng.random() < 0.5 else fields[:-1])
        elif category == "illegal" and seen:
            bad = rng.choice(seen)
            if bad not in legal:
                return category, bad
    return "odd_value", _build(Roll, [None])


def subclassed(rng: random.Random, legal: list[Any]) -> Any:
    """A legal action with one int or str field as an instance of a subclass (None if it has no such field)."""
    base = rng.choice(legal)
    fields = list(base)
    spots = [i for i, v in enumerate(fields) if subclass(v) is not None]
    if not spots:
        return None
    i = rng.choice(spots)
    fields[i] = subclass(fields[i])
    return _build(type(base), fields)


def show(action: Any) -> str:
    """repr that also works for a NamedTuple built with the wrong number of fields."""
    if isinstance(action, tuple) and type(action) is not tuple:
        return type(action).__name__ + tuple.__repr__(action)
    return repr(action)


class Tally:
    def __init__(self) -> None:
        self.total = 0
        self.changed = 0
        self.other_errors: Counter[str] = Counter()
        self.original_changed = 0
        self.twin_differs = 0
        self.subclass_changed = 0
        self.subclass_total = 0
        self.by_category: Counter[tuple[str, str]] = Counter()
        self.changed_at: Counter[str] = Counter()     # pending decision kind -> state changes
        self.examples: dict[tuple[str, str, str], str] = {}

    def note(self, key: tuple[str, str, str], line: str) -> None:
        """Keep the first example of each (category, decision, outcome)."""
        self.examples.setdefault(key, line)


def attack(tally: Tally, state: GameState, category: str, bad: Any, legal: list[Any]) -> None:
    before = state.state_hash()
    trial = state.clone()
    try:
        apply(trial, bad)
        outcome = "accepted"
    except IllegalAction:
        outcome = "refused"
    except Exception as exc:
        outcome = f"raised {type(exc).__name__}"
        if category != "subclass":
            tally.other_errors[type(exc).__name__] += 1
    try:
        after = trial.state_hash()
    except Exception as exc:
        after = f"unhashable ({type(exc).__name__})"
    if category == "subclass":
        tally.subclass_total += 1
    else:
        tally.total += 1
    tally.by_category[(category, outcome)] += 1
    if after != before and category == "subclass":
        tally.subclass_changed += 1
    elif after != before:
        tally.changed += 1
        tally.changed_at[state.pending.kind] += 1
        tally.note((category, state.pending.kind, outcome),
                   f"{category}: {show(bad)} at {state.pending.kind} -> {outcome}, state changed")
        twin = next((a for a in legal if a == bad), None) if outcome == "accepted" else None
        if twin is not None:
            good = state.clone()
            apply(good, twin)
            tally.twin_differs += good.state_hash() != after
    elif outcome.startswith("raised"):
        tally.note((category, state.pending.kind, outcome),
                   f"{category}: {show(bad)} at {state.pending.kind} -> {outcome}")
    if state.state_hash() != before:
        tally.original_changed += 1


def play(tally: Tally, rng: random.Random, seed: int, target: int) -> None:
    """One game, attacking until the game ends or `target` actions have been tried."""
    pair = decks()
    state, _ = new_game(db(), (list(pair[0]), list(pair[1])))
    dice = SeededSource(seed)
    bots = [get_agent("random", seed * 2), get_agent("random", seed * 2 + 1)]
    seen: list[Any] = []
    for _ in range(20_000):
        if state.over or tally.total >= target:
            return
        chance = state.pending.player == CHANCE
        legal = [] if chance else legal_actions(state)
        if rng.random() < 0.5:
            for _ in range(min(PER_NODE, target - tally.total)):
                category, bad = malformed(rng, state, legal, seen)
                attack(tally, state, category, bad, legal)
            twin = subclassed(rng, legal) if legal else None
            if twin is not None:
                attack(tally, state, "subclass", twin, legal)
        if chance:
            apply(state, Roll(dice.die()) if state.pending.kind == "roll" else Shuffle(dice.shuffle_seed()))
        else:
            seen = (seen + legal)[-200:]
            seat = state.pending.player
            apply(state, bots[seat](view(state, seat), legal))


def run(args: argparse.Namespace, log: Log) -> list[Row]:
    rng = random.Random(args.seed + 404)
    tally = Tally()
    games = 0
    while tally.total < args.actions:
        play(tally, rng, args.seed * 1000 + games, args.actions)
        games += 1
        if games % 5 == 0:
            log(f"  {games} games, {tally.total}/{args.actions} actions, {tally.changed} changed the state")
    categories = sorted({c for c, _ in tally.by_category})
    for category in categories:
        log(f"    {category:<12} " + ", ".join(f"{o} {n}" for (c, o), n in sorted(tally.by_category.items())
                                             if c == category))
    log(f"    state changed at: {dict(tally.changed_at.most_common())}")
    for line in list(tally.examples.values())[:25]:
        log(f"    e.g. {line[:150]}")
    accepted = sum(n for (c, o), n in tally.by_category.items() if o == "accepted" and c != "subclass")
    return [
        count_row("actions", "malformed actions that changed state_hash()", tally.changed, tally.total),
        count_row("actions", "raised something other than IllegalAction", sum(tally.other_errors.values()),
                  tally.total),
        count_row("actions", "states changed although the action ran on a copy", tally.original_changed,
                  tally.total),
        Row("actions", "accepted / accepted twins ending elsewhere than the well-typed action",
            f"{accepted} / {tally.twin_differs}"),
        Row("actions", "int/str subclass twins that changed the state (no goal)",
            f"{tally.subclass_changed} / {tally.subclass_total}"),
    ]
