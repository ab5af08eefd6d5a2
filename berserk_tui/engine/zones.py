"""Moving cards between places: revealing a face-down card, relocating a card to a free cell."""

from __future__ import annotations

from .board import NO_CELL
from .core import Events, emit
from .query import kind_of
from .state import GameState


def reveal_now(state: GameState, uid: int, ev: Events | None = None) -> None:
    c = state.cards[uid]
    if c.face_down and ev is not None:
        emit(ev, "revealed", uid=uid, card=c.card_id, cell=c.cell)
    c.face_down = False
    if kind_of(state, uid) in ("flyer", "terrain") and c.zone == "board":
        state.grid[c.cell] = -1
        c.zone, c.cell = "extra", NO_CELL


def relocate(state: GameState, uid: int, cell: int, ev: Events) -> None:
    """Move a card to a free cell (перемещение) without spending its moves."""
    c = state.cards[uid]
    state.grid[c.cell] = -1
    emit(ev, "moved", uid=uid, frm=c.cell, to=cell)
    c.cell = cell
    state.grid[cell] = uid
