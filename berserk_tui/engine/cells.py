"""Free cells: a cell is free when no card stands on it and no marker makes it count as occupied (static
`marked_cells_occupied`: «клетка с маркером костра считается занятой», Крондак).

Every search for a free cell (a move, a jump, a landing, a relocation, a summon, a revival, …) asks `is_free`
or its batch form `free_cells`. Such a cell holds no card: nothing stands on it, nothing attacks it. While no
card of the game has that static (`holders`, then the cards of the table, counted once a game and kept in
`GameState.blocker_cache`, made again when a card is added or an engine learns a card's identity), a free
cell is simply an empty one and the check costs one comparison.
"""

from __future__ import annotations

from collections.abc import Iterable

from .modifiers import modifier_values
from .state import GameState

STATIC = "marked_cells_occupied"
NONE: frozenset[int] = frozenset()


def blocked_cells(state: GameState) -> frozenset[int]:
    """The cells that count as occupied: those carrying the cell marker of a face-up card on the battlefield
    whose `marked_cells_occupied` static names it (mostly none)."""
    cache = state.blocker_cache
    n = len(state.cards)            # cards only get added (a summon from the deck): a new one is looked at
    if cache is None or cache[0] != n:
        near = keywords.holders(state, STATIC)
        cache = state.blocker_cache = (n, bool(near) and any(c.card_id in near for c in state.cards))
    if not cache[1]:
        return NONE
    near = keywords.holders(state, STATIC)
    out: set[int] = set()
    for o in state.cards:
        if o.card_id in near and o.on_battlefield:
            for ab in keywords.statics(state, o.uid, STATIC):
                out.update(modifier_values(state, o.uid, f"cell_{ab['marker']}", state.turn))
    return frozenset(out)


def identity_learned(state: GameState) -> None:
    """A card's identity became known to this engine (a peer revealed it): the count of `blocked_cells` is
    made again, since a blind engine counted that card as holding nothing."""
    state.blocker_cache = None


def is_free(state: GameState, cell: int) -> bool:
    """Is the cell free: no card on it, and no marker making it occupied?"""
    return state.grid[cell] == -1 and cell not in blocked_cells(state)


def free_cells(state: GameState, cells: Iterable[int]) -> list[int]:
    """The free cells among `cells`, in their order (`is_free` for many cells)."""
    grid = state.grid
    blocked = blocked_cells(state)
    if blocked:
        return [x for x in cells if grid[x] == -1 and x not in blocked]
    return [x for x in cells if grid[x] == -1]


def any_free(state: GameState) -> bool:
    """Is there a free cell on the battlefield?"""
    return bool(free_cells(state, range(state.geo.cells)))


# imported last: keywords and conditions import this module too
from . import keywords  # noqa: E402
