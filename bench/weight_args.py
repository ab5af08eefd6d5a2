"""The weights a bench's variant bot changes: parsed from `NAME=VALUE` arguments and handed to the
worker processes of a run through the environment (however they start, they import the script)."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import replace

from berserk_tui.bot.evaluate import Weights

ENV = "BENCH_VARIANT_WEIGHTS"


def changed_weights(args: list[str], base: Weights) -> dict[str, float]:
    """The weights the arguments set, by name, also passed on to the workers; exits with the known
    names on an unknown one."""
    names = base.__slots__
    changed = {}
    for arg in args:
        name, _, value = arg.partition("=")
        if name not in names:
            sys.exit(f"unknown weight {name!r}; weights: {', '.join(sorted(names))}")
        changed[name] = float(value)
    os.environ[ENV] = json.dumps(changed)
    return changed


def variant_weights(base: Weights) -> Weights:
    """`base` with the changes `changed_weights` set for this run."""
    return replace(base, **json.loads(os.environ[ENV]))
