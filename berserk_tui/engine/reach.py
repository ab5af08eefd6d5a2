"""Where a card may go: the hosts a symbiont may sit on or be rescued onto, the cells a creature may
step onto as if they were next to it, and the cells it is barred from.
"""

from __future__ import annotations

from .cells import free_cells
from .conditions import holds
from .geometry import NO_CELL
from .keywords import has_static, holders, kw, statics
from .modifiers import has_modifier
from .places import battlefield, is_creature, kind_of, symbiont_of
from .state import GameState


def can_host(state: GameState, rider: int, uid: int) -> bool:
    """May the symbiont `rider` sit on `uid`: a face-up ground creature on a cell without a symbiont, not
    incorporeal unless the symbiont is (seed 000), meeting the symbiont's `host_filter`."""
    c, d = state.cards[uid], state.cdef(rider)
    if c.zone != "board" or c.face_down or kind_of(state, uid) != "creature" or symbiont_of(state, uid) != -1:
        return False
    if d is None or (kw(state, uid, "incorporeal") and not d.keywords.get("incorporeal")):
        return False
    return all(holds(state, uid, ab["filter"]) for ab in d.abilities if ab["type"] == "host_filter")


def rescue_hosts(state: GameState, rider: int, squad: int, dead: int) -> list[int]:
    """Creatures of `squad`'s seat the symbiont `rider` may be moved onto when its host `dead` dies: face-up
    ground creatures on the board without a symbiont that meet its `host_filter`."""
    d = state.cdef(rider)
    out = []
    for c in battlefield(state, squad):
        if c.uid == dead or c.zone != "board" or c.face_down or kind_of(state, c.uid) != "creature":
            continue
        if symbiont_of(state, c.uid) != -1 or any(ab["type"] == "host_filter" and not holds(state, c.uid, ab["filter"])
                                                  for ab in d.abilities):
            continue
        out.append(c.uid)
    return out


def rescuer(state: GameState, rider: int) -> int:
    """A face-up card of the symbiont's side with `symbiont_rescue` not yet used for its kind this battle, or -1."""
    kind = kind_of(state, rider)
    for o in battlefield(state, state.cards[rider].owner):
        if not o.face_down and has_static(state, o.uid, "symbiont_rescue") \
                and not has_modifier(state, o.uid, f"rescued_{kind}"):
            return o.uid
    return -1


def step_onto(state: GameState, uid: int) -> list[int]:
    """Cells of cards `uid` may move onto as if they were next to it (static `step_onto` with `filter`)."""
    abs_ = statics(state, uid, "step_onto")
    if not abs_:
        return []
    return sorted(t.cell for t in state.cards if t.zone == "board" and t.uid != uid and state.grid[t.cell] == t.uid
                  and is_creature(state, t.uid) and any(holds(state, t.uid, ab["filter"]) for ab in abs_))


def step_near(state: GameState, uid: int) -> list[int]:
    """Free cells next to an own face-up card with a `step_near` static whose `filter` `uid` matches:
    «ваши … существа могут передвигаться на клетки рядом с ней как на соседние»."""
    c = state.cards[uid]
    near = holders(state, "step_near")
    out: set[int] = set()
    for o in state.cards:
        if o.card_id not in near or o.owner != c.owner or o.zone != "board" or o.face_down or o.uid == uid:
            continue
        if any(holds(state, uid, ab["filter"]) for ab in statics(state, o.uid, "step_near")):
            out.update(free_cells(state, state.geo.around[o.cell]))
    return sorted(out) if out else []


def edge_wrap_cell(state: GameState, uid: int) -> int:
    """`edge_wrap` («перемещается между крайними клетками ряда как на рядом стоящую»): the other edge cell of
    its row, for such a card on an edge cell of the board's columns; else NO_CELL."""
    c = state.cards[uid]
    if c.zone != "board" or not has_static(state, uid, "edge_wrap"):
        return NO_CELL
    geo = state.geo
    col, last = geo.col_of(c.cell), geo.cols - 1
    return geo.cell_of(geo.row_of(c.cell), last - col) if last > 0 and col in (0, last) else NO_CELL


def barred_rows(state: GameState, uid: int) -> tuple[int, ...]:
    """The rows `uid` may not move onto: a symbiont on it with `host_barred_half` bars its host from the rows
    of the symbiont's controller's half."""
    rows: tuple[int, ...] = ()
    for c in state.cards:
        if c.zone == "seated" and c.host == uid and has_static(state, c.uid, "host_barred_half"):
            rows += state.geo.own_rows(state.place(c.owner))
    return rows


def barred(state: GameState, uid: int, cell: int) -> bool:
    """May `uid` not move onto `cell` (`barred_rows`)?"""
    return state.geo.row_of(cell) in barred_rows(state, uid)

