"""Run scenario files: build the state, perform the steps, check the expectations.

A failure is a line ``step N: message`` (``end: ...`` for the final `[[expect]]`); a malformed
file raises ScenarioError naming the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from berserk_tui.engine.actions import Roll, Shuffle
from berserk_tui.engine.core import Events, IllegalAction
from berserk_tui.engine.gamedef import GameDef
from berserk_tui.engine.rules import apply
from berserk_tui.engine.state import CHANCE, GameState
from berserk_tui.games.heroes import HEROES
from cards.loader import load_all

from . import heroes
from .build import Scenario, ScenarioError, build, game_of, load_scenario, typed, unknown_keys
from .checks import check
from .commands import Labels, describe, parse_command

STEP_KEYS = frozenset({"do", "dice", "illegal", "expect"})


def run_file(path: Path | str, db: Any = None, game_def: GameDef | None = None) -> list[str]:
    """Failures of one scenario file (empty when it passes), in a game of the definition the file names
    (`[setup] game`), or of `game_def` when given: its state is built with the definition's rules, whose
    rulebook the engine's `apply` then follows."""
    try:
        scn = load_scenario(path)
        try:
            game = game_def or game_of(scn)
        except ScenarioError as exc:
            raise ScenarioError(f"setup: {exc}") from None
        if game.name == HEROES.name:    # a game of its own: its setup, commands and checks
            return heroes.run(scn, db if isinstance(db, dict) else HEROES.load_db(), Path(path).parent)
        return _run(scn, db if db is not None else load_all(), game_def)
    except ScenarioError as exc:
        raise ScenarioError(f"{path}: {exc}") from None


def _run(scn: Scenario, db: Any, game_def: GameDef | None) -> list[str]:
    try:
        built = build(scn, db, game_def)
    except ScenarioError as exc:
        raise ScenarioError(f"setup: {exc}") from None
    state, labels = built.state, built.labels
    log: Events = list(built.events)
    failures: list[str] = []
    for n, step in enumerate(scn.steps, 1):
        where = f"step {n}"
        try:
            events, broken = _perform(state, labels, step)
            log += events
            if broken:
                return [*failures, f"{where}: {broken}"]
            failures += [f"{where}: {m}" for m in _check_all(state, labels, step.get("expect", []), events)]
        except ScenarioError as exc:
            raise ScenarioError(f"{where}: {exc}") from None
    try:
        failures += [f"end: {m}" for m in _check_all(state, labels, scn.expect, log)]
    except ScenarioError as exc:
        raise ScenarioError(f"end: {exc}") from None
    return failures


def _check_all(state: GameState, labels: Labels, entries: Any, events: Events) -> list[str]:
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise ScenarioError("`expect` must be an array of tables")
    return [msg for entry in entries for msg in check(state, labels, entry, events)]


def _perform(state: GameState, labels: Labels, step: dict[str, Any]) -> tuple[Events, str | None]:
    """Do one step; returns its events and what went wrong (None if nothing did)."""
    unknown_keys(step, STEP_KEYS, "step")
    dice = _dice(step)
    if "do" not in step:
        if dice or "illegal" in step:
            raise ScenarioError("step: `dice` and `illegal` need a `do` command")
        return [], None
    command = typed(step, "do", str, where="step")
    action = parse_command(state, labels, command)
    illegal = typed(step, "illegal", bool, False, "step")
    events: Events = []
    try:
        if illegal:
            return events, _rejected(state, action, command) or (f"unused dice {dice}" if dice else None)
        apply(state, action, events)
        return events, _roll(state, dice, events)
    except IllegalAction as exc:
        return events, f"`{command}` was rejected: {exc}"
    except Exception as exc:  # an engine crash is a failed scenario, not a broken run
        return events, f"`{command}`: engine error {type(exc).__name__}: {exc}"


def _dice(step: dict[str, Any]) -> list[int]:
    dice = typed(step, "dice", list, [], "step")
    if not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice):
        raise ScenarioError(f"step: dice must be numbers 1..6, got {dice!r}")
    return list(dice)


def _rejected(state: GameState, action: Any, command: str) -> str | None:
    """None if the engine rejects `action` and leaves the state as it was."""
    before = state.state_hash()
    try:
        apply(state, action)
    except IllegalAction:
        return None if state.state_hash() == before else f"rejecting `{command}` changed the state"
    return f"`{command}` was accepted, expected it to be illegal"


def _roll(state: GameState, dice: list[int], events: Events) -> str | None:
    """Resolve the chance nodes that follow a step: dice in order, shuffles with seed 0."""
    while state.pending.player == CHANCE:
        if state.pending.kind == "shuffle":
            apply(state, Shuffle(0), events)
            continue
        if not dice:
            return f"dice ran out: a roll for {_roller(state)} is pending"
        apply(state, Roll(dice.pop(0)), events)
    return f"unused dice {dice}" if dice else None


def _roller(state: GameState) -> str:
    who = state.pending.data.who
    if state.phase in ("battle", "reveal") and 0 <= who < len(state.cards):
        return describe(state, who)
    return f"seat {who}"


# --- many files -----------------------------------------------------------------------------------

def scenario_files(paths: list[str | Path]) -> list[Path]:
    """The .toml files named or found (recursively, sorted) under the given paths."""
    out: list[Path] = []
    for p in map(Path, paths):
        out += sorted(p.rglob("*.toml")) if p.is_dir() else [p]
    return out


def run_paths(paths: list[str | Path]) -> tuple[int, int, list[str]]:
    """(passed, failed, failure lines `FILE: step N: message`) over every scenario found."""
    db = load_all()
    passed = failed = 0
    lines: list[str] = []
    for path in scenario_files(paths):
        try:
            problems = [f"{path}: {msg}" for msg in run_file(path, db)]
        except ScenarioError as exc:
            problems = [str(exc)]
        lines += problems
        failed += bool(problems)
        passed += not problems
    return passed, failed, lines


def main(paths: list[str]) -> int:
    """Print one line per failure and `N passed, M failed`; 1 if anything failed or nothing ran."""
    passed, failed, lines = run_paths(paths)
    for line in lines:
        print(line)
    if not passed + failed:
        print(f"no scenario files found in {' '.join(map(str, paths)) or '(no paths)'}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0
