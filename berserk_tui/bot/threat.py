"""A static estimate of what the opponent can take on his next turn, without a search.

Each enemy creature that can act makes one simple strike at the creature of ours within its
reach (its moves plus one cell; a flyer reaches everything) where the expected loss of worth
is largest. The hit-table odds are exact for the strike's levels; armor, defenders, instants
and abilities are left out, so the figure is a rough exposure used to break ties between
candidate actions, not a prediction.
"""

from __future__ import annotations

from itertools import product

from berserk_tui.engine import GameState, dice
from berserk_tui.engine.board import NO_CELL, chebyshev
from berserk_tui.engine.query import (
    creatures,
    is_flyer,
    life_left,
    max_life,
    max_moves,
    position,
    restrained,
    strike_values,
)

from .evaluate import WOUNDED_FLOOR, profile


def _level_odds(levels: list[int]) -> tuple[float, float, float]:
    """Chances of a weak, medium and strong hit among equally likely rolls."""
    n = len(levels)
    return tuple(levels.count(lv) / n for lv in (dice.WEAK, dice.MEDIUM, dice.STRONG))  # type: ignore[return-value]


FIGHTS = _level_odds([dice.fight(a, d)[0] for a, d in product(range(1, 7), repeat=2)])
ALONE = _level_odds([dice.single(a) for a in range(1, 7)])


def exposure(state: GameState, seat: int) -> float:
    """Crystals of `seat`'s worth the opponent's creatures could strike away on his next turn."""
    targets = []
    for c in creatures(state, seat):
        d = state.cdef(c.uid)
        if c.face_down or d is None:
            continue
        cell = position(state, c.uid)      # NO_CELL: a flyer, which only flyers reach here
        worth, _ = profile(d)
        full = max(1, max_life(state, c.uid))
        left = max(1, life_left(state, c.uid))
        now = worth * (WOUNDED_FLOOR + (1 - WOUNDED_FLOOR) * left / full)
        targets.append((cell, now, left, worth * (1 - WOUNDED_FLOOR) / full, c.closed))
    if not targets:
        return 0.0
    total = 0.0
    for e in creatures(state, 1 - seat):
        if e.face_down or e.card_id is None or restrained(state, e.uid):
            continue
        cell = position(state, e.uid)
        strikes = strike_values(state, e.uid)
        reach = max_moves(state, e.uid) + 1
        anywhere = is_flyer(state, e.uid)
        best = 0.0
        for t_cell, now, left, per_wound, closed in targets:
            if not anywhere and (NO_CELL in (cell, t_cell) or chebyshev(cell, t_cell) > reach):
                continue
            odds = ALONE if closed else FIGHTS
            loss = sum(p * (now if hit >= left else per_wound * hit)
                       for p, hit in zip(odds, strikes, strict=True))
            best = max(best, loss)
        total += best
    return total
