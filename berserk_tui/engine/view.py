"""Per-player views: the state as one seat may know it (an information state).

A view is a full `GameState` in which every identity the seat cannot see is None:
the opponent's face-down and undeployed cards, his deck and deal; the order of the
seat's own deck (it is shuffled) is hidden by sorting. During deployment the
opponent's placements are not shown at all.
"""

from __future__ import annotations

from .board import NO_CELL
from .query import other
from .state import GameState


def view(state: GameState, seat: int) -> GameState:
    v = state.clone()
    foe = other(seat)
    for c in v.cards:
        if c.owner != foe:
            continue
        if v.phase == "deploy" and c.zone == "board":
            v.grid[c.cell] = -1
            c.zone, c.cell = "squad", NO_CELL
        if c.face_down or c.zone == "squad":
            c.card_id = None
    me, them = v.players[seat], v.players[foe]
    me.deck = tuple(sorted(me.deck, key=lambda x: x or ""))
    them.deck = (None,) * len(them.deck)
    them.deal = (None,) * len(them.deal)
    return v

