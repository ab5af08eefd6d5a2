"""The bots' answer to the board game's re-roll decision (опыт: `reroll`), by rule rather than by search.

A die is re-rolled when its result is the worst it can be for its owner, so a re-roll can only help: the white die
weak (1–3; a re-roll is as likely to give medium or strong as weak again), the black die «меч» (1–4: the attack
lands whatever it shows, a re-roll gives «крест» or «кулак» one time in three). A medium white die is kept: a
re-roll would more often weaken it (1–3) than make it strong (6).
"""

from __future__ import annotations

from berserk_tui.engine import Action, GameState
from berserk_tui.engine.actions import Choose
from berserk_tui.engine.board_dice import WHITE
from berserk_tui.engine.dice import SWORD, WEAK, black_face, single

REROLL, KEEP = Choose(1), Choose(0)


def reroll_choice(state: GameState) -> Action:
    """Re-roll (`Choose(1)`) or keep (`Choose(0)`) the die of the pending `reroll` decision."""
    d = state.pending.data
    worst = single(d.value) == WEAK if d.die == WHITE else black_face(d.value) == SWORD
    return REROLL if worst else KEEP
