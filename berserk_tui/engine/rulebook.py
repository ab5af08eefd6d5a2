"""`Rulebook`: the tasks and decision kinds of one rule set, owned by its game definition.

The resolution machine (`core.advance`, `rules.apply`, `rules.legal_actions`) looks them up in the
rulebook of the state's `Rules`, so two rule sets (the classic duel and a variant of it, or another
game built on the same machine) live side by side in one process. The classic game's modules register
into `CLASSIC_RULEBOOK` through `core.task`, `core.decision` and `core.idle` when they are imported.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

TaskFn = Callable[..., None]                  # (state, events, *args)
LegalFn = Callable[[Any], list]               # (state) -> legal actions
ApplyFn = Callable[[Any, Any, list], None]    # (state, action, events)
IdleFn = Callable[[Any], None]                # (state): sets the decision when no task is left
AutoFn = Callable[[Any, list], bool]          # (state, events): answers a pending decision the rules take (True)
StampFn = Callable[[Any, list, int], None]    # (state, events, first new event): completes the events' facts
AfterFn = Callable[[Any, list], None]         # (state, events): what the rules do after every task


class Rulebook:
    """Named tasks, the record type and the `legal`/`apply` pair of each decision kind, and the idle steps of one
    rule set."""

    __slots__ = ("name", "features", "tasks", "records", "legal", "apply", "idle_steps", "automaton", "stamp",
                 "after")

    def __init__(self, name: str, features: frozenset[str] = frozenset()) -> None:
        self.name = name
        self.features = features        # the rule points where this set differs inside shared code (`has`)
        self.tasks: dict[str, TaskFn] = {}
        self.records: dict[str, type] = {}
        self.legal: dict[str, LegalFn] = {}
        self.apply: dict[str, ApplyFn] = {}
        self.idle_steps: list[IdleFn] = []
        # a seat that no one plays («Битва за Лаар» for one player: Астарот "acts by the rules alone"): run after
        # each decision is set, it answers the ones of that seat (and leaves the others pending)
        self.automaton: AutoFn | None = None
        # run on the events a task emitted (state, events, index of the first new one): the classic game gives
        # them the cells of the cards they name (`core.stamp_cells`); None: the events are left as they are
        self.stamp: StampFn | None = None
        # run after every task (state, events): «Берсерк. Герои» schedules the triggers a task set off
        # (`heroes.triggers.flush`); None in the classic game
        self.after: AfterFn | None = None

    def __repr__(self) -> str:
        return f"Rulebook({self.name!r})"

    def task(self, name: str) -> Callable[[TaskFn], TaskFn]:
        """Register a task under `name` (a decorator)."""
        def register(fn: TaskFn) -> TaskFn:
            self.tasks[name] = fn
            return fn
        return register

    def decision(self, kind: str) -> Callable[[Any], Any]:
        """Register a decision kind (a class decorator): the class is the record of the decision's data (a
        NamedTuple: `state.pending.data`, read by name) with the static methods `legal(state)` and
        `apply(state, action, ev)`. The record learns its kind as `KIND` (`core.ask` reads it)."""
        def register(cls: Any) -> Any:
            if getattr(cls, "KIND", kind) != kind:
                raise ValueError(f"{cls.__name__} is the record of decision {cls.KIND!r}, not of {kind!r}")
            cls.KIND = kind
            self.records[kind] = cls
            self.legal[kind] = cls.legal
            self.apply[kind] = cls.apply
            return cls
        return register

    def idle(self, fn: IdleFn) -> IdleFn:
        """Register a step run when no task is left and nothing is pending (a decorator)."""
        self.idle_steps.append(fn)
        return fn

    def has(self, feature: str) -> bool:
        """Does this rule set have `feature` (a rule point that shared code reads, e.g. "symbol_dice")?"""
        return feature in self.features

    def derive(self, name: str, features: frozenset[str] = frozenset()) -> Rulebook:
        """A new rule set starting as a copy of this one, with `features` added: a variant registers its own
        tasks and decisions into it (replacing or adding) without touching this rulebook."""
        book = Rulebook(name, self.features | features)
        book.tasks.update(self.tasks)
        book.records.update(self.records)
        book.legal.update(self.legal)
        book.apply.update(self.apply)
        book.idle_steps.extend(self.idle_steps)
        book.automaton = self.automaton
        book.stamp = self.stamp
        book.after = self.after
        return book


CLASSIC_RULEBOOK = Rulebook("classic")
