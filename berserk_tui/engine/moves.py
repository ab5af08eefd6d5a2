"""Movement: the cells a creature may move to (steps, jumps, teleports, swaps) and making the move; a creature
stranded on an occupied cell."""

from __future__ import annotations

from .cells import blocked_cells
from .conditions import holds
from .core import Events, emit, push, task
from .death import kill
from .dispatch import dispatch, may_hear, pair_jobs
from .events import GameEvent
from .geometry import NO_CELL
from .keywords import banned, card_index, kw, kws, statics
from .modifiers import add_modifier, modifier_values
from .places import battlefield, creatures, is_creature, kind_of, path_code, sharing
from .reach import barred_rows, edge_wrap_cell, step_near, step_onto
from .state import GameState
from .zones import relocate, swap


def move_cells(state: GameState, uid: int) -> list[int]:
    c = state.cards[uid]
    if c.zone != "board" or c.closed or c.face_down or c.moves <= 0 or c.no_move_turn == state.turn \
            or kind_of(state, uid) != "creature" or c.modifiers and banned(state, uid, "no_move") \
            or not c.moved and movers_spent(state, c.owner):
        return []
    geo, grid = state.geo, state.grid
    diagonal, ghost, jump, teleport = kws(state, uid, ("diagonal_move", "incorporeal", "jump", "teleport"))
    near = (geo.around if diagonal else geo.orthogonal)[c.cell]
    out = {x for x in near if ghost or grid[x] == -1}       # бестелесный: it may step onto occupied cells
    if "step_onto" in state.db.cards[c.card_id].ability_types:
        out.update(step_onto(state, uid))
    out.update(step_near(state, uid))
    wrap = edge_wrap_cell(state, uid)
    if wrap != NO_CELL and grid[wrap] == -1:
        out.add(wrap)
    if not c.moved:
        if teleport:
            out.update(x for x in range(geo.cells) if grid[x] == -1)
        elif jump:
            ranges = geo.ranges[c.cell]
            out.update(x for x in range(geo.cells) if grid[x] == -1 and ranges[x] <= jump)
        if jump:
            out.update(state.cards[p].cell for p in swap_partners(state, uid))
    out.discard(c.cell)
    blocked = blocked_cells(state)      # a cell with a marker counting as occupied (a ghost may not go there)
    if blocked:
        out.difference_update(blocked)
    rows = barred_rows(state, uid)
    return sorted(x for x in out if geo.row_of(x) not in rows) if rows else sorted(out)


def movers_spent(state: GameState, seat: int) -> bool:
    """«Противник может передвигать только N существ»: an enemy card (on the battlefield or in the graveyard) keeps
    a `movers` bonus of N, and N creatures of this side have moved this turn already."""
    limit = min((v for o in state.cards if o.modifiers and state.seats.enemy(o.owner, seat)
                 for v in modifier_values(state, o.uid, "movers", state.turn)), default=0)
    return bool(limit) and sum(1 for o in state.cards if o.owner == seat and o.moved and o.zone == "board") >= limit


def swap_partners(state: GameState, uid: int) -> list[int]:
    """Own face-up creatures matching a `jump_swap` static of `uid`, within its jump range: it may jump onto
    their cell, changing places with them («может объявлять прыжок на клетку, занятую другим вашим …»)."""
    c = state.cards[uid]
    abs_ = statics(state, uid, "jump_swap")
    if not abs_ or c.moved or c.zone != "board":
        return []
    reach = kw(state, uid, "jump")
    if not reach:
        return []
    return [o.uid for o in creatures(state, c.owner) if o.uid != uid and o.zone == "board" and not o.face_down
            and state.grid[o.cell] == o.uid and state.geo.ranges[c.cell][o.cell] <= reach
            and any(holds(state, o.uid, ab["filter"]) for ab in abs_)]


def jump_swap(state: GameState, uid: int, partner: int, ev: Events) -> None:
    """The jump onto a partner's cell: both change places (a relocation of the partner); the jumper's moves
    are spent and it gets the static's `grant` until the end of the turn."""
    c = state.cards[uid]
    swap(state, uid, partner, ev)
    c.moves, c.moved = 0, True
    for ab in statics(state, uid, "jump_swap"):
        for key, value in ab.get("grant", {}).items():
            add_modifier(state, uid, key, value, state.turn)
    emit(ev, "jump_swap", uid=uid, partner=partner)


def do_move(state: GameState, uid: int, cell: int, ev: Events) -> None:
    c = state.cards[uid]
    if state.grid[cell] in swap_partners(state, uid):
        jump_swap(state, uid, state.grid[cell], ev)
        return
    geo = state.geo
    step = cell in (geo.around if kw(state, uid, "diagonal_move") else geo.orthogonal)[c.cell] \
        or state.grid[cell] != -1 \
        or cell in step_near(state, uid) or cell == edge_wrap_cell(state, uid)  # onto an occupied cell
    # (incorporeal, `step_onto`), `step_near` or across the row's edges (`edge_wrap`): a step
    occupant = state.grid[cell]
    if occupant != -1:
        push(state, ("stranded", uid))     # after whatever the arrival sets off
    frm = c.cell
    relocate(state, uid, cell, ev)
    c.moves = c.moves - 1 if step else 0
    c.moved = True
    jumped = teleported = False
    if not step:
        reach = kw(state, uid, "jump")
        jumped = bool(reach) and geo.ranges[frm][cell] <= reach
        teleported = not jumped and kw(state, uid, "teleport") > 0 and geo.ranges[frm][cell] > reach
    if jumped:
        add_modifier(state, uid, "jumped_from", frm)
    watchers = card_index(state).move_watchers
    if watchers and any(o.face_down or o.card_id in watchers for o in battlefield(state)):   # «переместилась на N»
        # (a face-down card may be one that asks: judged alike by every engine, whatever identities it knows)
        add_modifier(state, uid, "moved_path", path_code(state, frm, cell), state.turn + 1)
    moved = GameEvent("moved", subject=uid, from_cell=frm, cell=cell,
                      cause="jump" if jumped else "teleport" if teleported else "step")
    if may_hear(state, c, "moved", "self"):
        push(state, *dispatch(state, moved, "self", [c]))
    if occupant != -1 and is_creature(state, occupant):     # «когда двигается на клетку, занятую существом»
        push(state, *dispatch(state, GameEvent("stepped_onto", subject=occupant, actor=uid), "self", [c]))
    push(state, *pair_jobs(state, uid, occupant if step else -1))
    if teleported:      # «при телепортации другого вашего …»
        push(state, *dispatch(state, moved, "side", (o for o in battlefield(state, c.owner) if o.uid != uid)))
    beside = [x for x in geo.orthogonal[cell] if geo.row_of(x) == geo.row_of(cell)]    # left and right of it
    push(state, *dispatch(state, moved, "beside", (o for o in state.cards if o.zone == "board" and o.uid != uid
                                                   and o.cell in beside)))


@task("stranded")
def stranded(state: GameState, ev: Events, uid: int) -> None:
    """An incorporeal creature on an occupied cell that cannot move off it is exiled (seed 000, «Бестелесный»)."""
    if sharing(state, uid) and not move_cells(state, uid):
        kill(state, uid, ev, cause="stranded", banish=True)


def passing(state: GameState, seat: int) -> int:
    """The creature of `seat` standing on an occupied cell (it must move off first), or -1."""
    grid = state.grid
    for c in state.cards:
        if c.owner == seat and c.zone == "board" and c.cell != NO_CELL and grid[c.cell] != c.uid:     # `sharing`
            return c.uid
    return -1
