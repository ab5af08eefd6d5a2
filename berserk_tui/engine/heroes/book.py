"""`HEROES_RULEBOOK`: the tasks and decisions of «Берсерк. Герои», on the same resolution machine (`engine.core`).

A fresh rulebook, not derived from the classic one: the modules of this package register into it with `task`,
`decision` and `idle` as they are imported (`heroes/__init__.py` imports them all).
"""

from __future__ import annotations

from ..rulebook import Rulebook

HEROES_RULEBOOK = Rulebook("heroes")

task = HEROES_RULEBOOK.task
decision = HEROES_RULEBOOK.decision
idle = HEROES_RULEBOOK.idle
