"""The rules of seed 003, the boxed board game «Берсерк», as a rule set derived from the classic one.

`BOARDGAME_RULEBOOK` starts as a copy of the classic rulebook (every classic module has registered into it by
then) and carries the board game's features; the modules of its rule points register their tasks and decisions
into it, and shared code asks `state.rules.rulebook.has(feature)` where the two rule sets part inside one
function. Where seed 003 is silent the classic rules apply (docs/rules-decisions.md, "The board game").
"""

from __future__ import annotations

from . import rules  # noqa: F401  (the classic modules register first, so the copy is whole)
from .rulebook import CLASSIC_RULEBOOK

FEATURES = frozenset({
    "symbol_dice",          # the white die gives the strength, the black die the outcome; no hit table
    "reroll_experience",    # опыт в атаке / в защите / в стрельбе X: up to X re-rolls of that die
})

BOARDGAME_RULEBOOK = CLASSIC_RULEBOOK.derive("boardgame", FEATURES)

from . import board_dice, board_rules  # noqa: E402, F401  (the dice, re-rolls and other rule points register)
