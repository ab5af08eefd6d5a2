"""Reach: which cards an attack of an ability can target from where its attacker stands."""

from __future__ import annotations

from typing import Any

from .board import NO_CELL, chebyshev, manhattan, row_of
from .query import attack_range, kind_of, position
from .state import CardState, GameState


def known_terrain(state: GameState, t: CardState) -> bool:
    """Terrain cannot be attacked; a face-down card is never judged by what it hides."""
    return not t.face_down and kind_of(state, t.uid) == "terrain"


def attack_targets(state: GameState, uid: int, eff: dict[str, Any]) -> list[int]:
    """Legal targets of an ability attack (`eff` op "attack") made by `uid`."""
    kind = eff["attack"]
    c = state.cards[uid]
    src = position(state, uid)
    out = []
    for t in state.cards:
        if not t.on_battlefield or t.owner == c.owner or known_terrain(state, t):
            continue
        pos = position(state, t.uid)
        if kind in ("magic_strike", "special_strike"):
            ok = src == NO_CELL or (pos != NO_CELL and chebyshev(src, pos) <= 1)
        elif kind == "through_row":
            ok = src != NO_CELL and pos != NO_CELL and through_row(state, src, pos, c.owner)
        elif pos == NO_CELL or src == NO_CELL:
            ok = True                        # ranged attacks always reach flyers; a flyer shoots anywhere
        else:
            rng = attack_range(state, uid, t.uid, kind, eff.get("range"))
            ok = chebyshev(src, pos) > 1 and (rng is None or manhattan(src, pos) <= rng)
        if ok:
            out.append(t.uid)
    return out


def through_row(state: GameState, src: int, dst: int, owner: int) -> bool:
    if manhattan(src, dst) != 2 or (row_of(src) != row_of(dst) and src % 5 != dst % 5):
        return False
    middle = state.grid[(src + dst) // 2]
    return middle == -1 or state.cards[middle].owner == owner
