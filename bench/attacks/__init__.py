"""The sections of bench/attack.py: live attacks over loopback that count what goes wrong.

Each section module has `run(args, log) -> list[Row]`; a row is one count with its goal. The
sections report, they do not assert: a run against code with holes prints the holes' counts.
"""

from __future__ import annotations

from typing import NamedTuple


class Row(NamedTuple):
    """One line of the summary: `value` measured against `goal` (text); `ok` whether the goal is met
    (None: a number without a goal, e.g. a total)."""

    section: str
    what: str
    value: str
    goal: str = ""
    ok: bool | None = None


def count_row(section: str, what: str, value: int, total: int, goal: int = 0) -> Row:
    """A row for "value of total" with the goal "goal" (usually 0)."""
    return Row(section, what, f"{value} / {total}", str(goal), value == goal)
