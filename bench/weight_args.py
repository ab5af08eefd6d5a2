"""`NAME=VALUE` arguments of the weight benches: the evaluation weights a variant changes."""

from __future__ import annotations

import sys

from berserk_tui.bot.evaluate import Weights


def changed_weights(args: list[str], base: Weights) -> dict[str, float]:
    """The weights the arguments set, by name; exits with the known names on an unknown one."""
    names = base.__slots__
    changed = {}
    for arg in args:
        name, _, value = arg.partition("=")
        if name not in names:
            sys.exit(f"unknown weight {name!r}; weights: {', '.join(sorted(names))}")
        changed[name] = float(value)
    return changed
