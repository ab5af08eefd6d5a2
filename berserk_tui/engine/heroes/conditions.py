"""Conditions of «Берсерк. Герои» abilities (`condition` of an ability, `if` of an effect): one function per
condition term of cards.heroes.terms, in `CONDITIONS`. An encoder adds the conditions his cards need here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .state import HeroesState

Test = Callable[[HeroesState, Any, dict[str, Any]], bool]     # (state, the effect's Ctx, the condition's table)

CONDITIONS: dict[str, Test] = {}


def holds(state: HeroesState, ctx: Any, condition: Any) -> bool:
    """Does the condition (a name, or a table with `test` and its fields) hold for the effect `ctx`?"""
    table = condition if isinstance(condition, dict) else {"test": condition}
    test = CONDITIONS.get(table["test"])
    if test is None:
        raise ValueError(f"the engine has no condition {table['test']!r}")
    return test(state, ctx, table)
