"""Effects that move cards: displace, jump, flight and landing, pull, mirror; the handlers of those ops.

A landing, a jump or a follow may go on with a `then` effect through `run.run_effect`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..actions import Confirm, Move, PickCell, Target
from ..cells import any_free, free_cells, is_free
from ..core import Events, ask, decision, emit, push, task
from ..damage import wound
from ..death import drop_equipment
from ..dispatch import dispatch
from ..events import GameEvent
from ..geometry import NO_CELL
from ..modifiers import BATTLE_LONG, add_modifier, drop_modifiers, modifier_entries, modifier_values, replace_modifier
from ..places import is_creature, is_flyer, kind_of, passed_over, position
from ..reach import barred
from ..state import GameState
from ..zones import relocate, swap
from .area import free_cells_around
from .run import run_effect
from .select import ability, find_op, fixed_target, index_of
from .values import expiry


def mirror_cell(state: GameState, src: int, uid: int) -> int:
    """The free cell on the other side of `src` from `uid`, which stands directly left or right of it; or NO_CELL."""
    s, c, geo = state.cards[src], state.cards[uid], state.geo
    if s.zone != "board" or c.zone != "board" or geo.row_of(s.cell) != geo.row_of(c.cell) \
            or abs(geo.col_of(s.cell) - geo.col_of(c.cell)) != 1:
        return NO_CELL
    mirror = 2 * s.cell - c.cell
    on_row = 0 <= mirror < geo.cells and geo.row_of(mirror) == geo.row_of(s.cell)    # not past the edge of the board
    return mirror if on_row and is_free(state, mirror) else NO_CELL


def displace_cells(state: GameState, uid: int) -> list[int]:
    """Free cells next to `uid` standing on the board (a seated symbiont is not displaced)."""
    return free_cells_around(state, uid) if state.cards[uid].zone == "board" else []


@decision("displace")
class DisplaceDecision(NamedTuple):
    """The owner of `src` moves card `uid` to a free cell next to it."""
    src: int
    uid: int

    @staticmethod
    def legal(state: GameState) -> list:
        return [PickCell(c) for c in displace_cells(state, state.pending.data.uid)]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        d: DisplaceDecision = state.pending.data
        src, uid = d.src, d.uid
        replace_modifier(state, uid, "displaced_from", state.cards[uid].cell)     # for a `land` on «его клетку»
        relocate(state, uid, action.cell, ev)
        if state.seats.enemy(state.cards[src].owner, state.cards[uid].owner):   # «… перемещает карту противника»
            owner = state.cards[src].owner
            push(state, *dispatch(state, GameEvent("relocated", subject=uid, actor=src), "displaced",
                                  (o for o in state.cards if o.owner == owner and o.on_battlefield)))


def jump_cells(state: GameState, uid: int, reach: int) -> list[int]:
    """Free cells a jump of `uid` within `reach` (counted as for a shot) lands on."""
    c = state.cards[uid]
    if c.zone != "board":
        return []
    ranges = state.geo.ranges[c.cell]
    return [x for x in free_cells(state, range(state.geo.cells)) if ranges[x] <= reach and not barred(state, uid, x)]


@decision("jump")
class JumpDecision(NamedTuple):
    """«Объявить прыжок, дальность X»: the owner picks the free cell."""
    uid: int                 # the card that jumps
    reach: int

    @staticmethod
    def legal(state: GameState) -> list:
        d: JumpDecision = state.pending.data
        return [PickCell(x) for x in jump_cells(state, d.uid, d.reach)]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        uid = state.pending.data.uid
        frm = position(state, uid)
        relocate(state, uid, action.cell, ev)
        if frm != NO_CELL:
            replace_modifier(state, uid, "jumped_off", frm)      # for `fill_vacated`


def vacated_fillers(state: GameState, src: int, side: str) -> list[int]:
    """Creatures of `side` (as `src`'s controller sees it) next to the free cell `src` jumped off this turn."""
    cell = next((v for v, e in modifier_entries(state, src, "jumped_off") if e == state.turn), NO_CELL)
    if cell == NO_CELL or not is_free(state, cell):
        return []
    seat = state.cards[src].owner
    out = [state.grid[x] for x in state.geo.around[cell] if state.grid[x] not in (-1, src)]
    return [u for u in out if (side == "any" or (state.cards[u].owner == seat if side == "own"
                                                  else state.seats.enemy(state.cards[u].owner, seat)))
            and not state.cards[u].face_down and is_creature(state, u)]


@decision("fill_vacated")
class FillVacatedDecision(NamedTuple):
    """The chooser picks the creature that relocates onto the cell the source jumped off."""
    src: int                 # the card that jumped
    side: str                # whose creatures may: "enemy", "own", "any" (as the source's controller sees it)

    @staticmethod
    def legal(state: GameState) -> list:
        d: FillVacatedDecision = state.pending.data
        return [Target(u) for u in vacated_fillers(state, d.src, d.side)]

    @staticmethod
    def apply(state: GameState, action: Target, ev: Events) -> None:
        d: FillVacatedDecision = state.pending.data
        cell = next(v for v, e in modifier_entries(state, d.src, "jumped_off") if e == state.turn)
        relocate(state, action.uid, cell, ev)


def op_fill_vacated(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                    ctx: GameEvent | None) -> None:
    """«Существо противника по его выбору рядом с освободившейся клеткой перемещается на эту клетку»."""
    if vacated_fillers(state, src, eff["side"]):
        seat = state.cards[src].owner
        chooser = state.seats.opponents(seat)[0] if eff.get("chooser") == "opponent" else seat
        ask(state, chooser, FillVacatedDecision(src, eff["side"]))


def near_cells(state: GameState, src: int, target: int) -> list[int]:
    """Free cells next to card `target` (diagonals included) that card `src`, on a cell, may jump onto."""
    pos = position(state, target)
    if state.cards[src].zone != "board" or pos == NO_CELL:
        return []
    return [x for x in free_cells(state, state.geo.around[pos]) if not barred(state, src, x)]


def run_then(state: GameState, ev: Events, src: int, ab: dict[str, Any], op: str, target: int,
             ctx: GameEvent | None) -> None:
    """After the move of an op `op` of ability `ab` (a landing, a jump): its `then` effect at `target`."""
    eff = find_op(ab["effect"], op)
    if eff is not None and "then" in eff:
        run_effect(state, ev, src, ab, eff["then"], target, ctx)


def take_flight(state: GameState, uid: int, ev: Events, until: int = BATTLE_LONG) -> None:
    """A ground creature on a cell gets flight (полёт): it is a flyer in the extra zone from now on, or,
    with `until` (the last turn), until the end of that turn, when its owner lands it (task `flight_ends`)."""
    c = state.cards[uid]
    if c.zone != "board" or kind_of(state, uid) != "creature" or c.face_down:
        return
    if state.grid[c.cell] == uid:       # an incorporeal creature sharing a cell leaves the other be
        state.grid[c.cell] = -1
    drop_modifiers(state, uid, "landed", "flight_until")
    if state.cdef(uid).kind != "flyer":
        add_modifier(state, uid, "flying")
    if until != BATTLE_LONG:
        add_modifier(state, uid, "flight_until", 1, until)
    c.zone, c.cell = "extra", NO_CELL
    emit(ev, "took_flight", uid=uid)
    drop_equipment(state, uid, ev)


@task("flights_end")
def flights_end(state: GameState, ev: Events) -> None:
    """At the end of the turn: a `flight_ends` task for each flyer whose temporary flight ends, in card order."""
    turn = state.turn
    push(state, *[("flight_ends", c.uid) for c in state.cards
                  if c.modifiers and any(k == "flight_until" and last <= turn for k, _, last in c.modifiers)
                  and is_flyer(state, c.uid)])


@task("flight_ends")
def flight_ends(state: GameState, ev: Events, uid: int) -> None:
    """«Стать летающим до конца хода» ends: the owner lands it on a free cell he picks; none — it keeps flight."""
    if is_flyer(state, uid) and any_free(state):
        ask(state, state.cards[uid].owner, FlightEndsDecision(uid))


@decision("flight_ends")
class FlightEndsDecision(NamedTuple):
    """Where a creature whose flight ends with the turn lands: any free cell of the battlefield."""
    uid: int

    @staticmethod
    def legal(state: GameState) -> list:
        return [PickCell(x) for x in free_cells(state, range(state.geo.cells))]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        land(state, state.pending.data.uid, action.cell, ev)


def land_cells(state: GameState, src: int, target: int, where: str) -> list[int]:
    """Free cells flyer `src` may land on (приземлиться): next to card `target` on a cell (diagonals
    included; "near"), on its controller's half ("own_half"), or the cell `target` was displaced from this turn
    ("vacated"). Not a flyer — none."""
    if not is_flyer(state, src):
        return []
    if where == "near":
        pos = position(state, target)
        near = state.geo.around[pos] if pos != NO_CELL else ()
        return free_cells(state, near)
    if where == "vacated":      # «на клетку, которую занимало это существо» (moved away by `displace`)
        cells = modifier_values(state, target, "displaced_from", state.turn)
        return free_cells(state, cells[-1:])
    geo = state.geo
    half = geo.own_rows(state.place(state.cards[src].owner))
    return free_cells(state, (x for x in range(geo.cells) if geo.row_of(x) in half))


def land(state: GameState, uid: int, cell: int, ev: Events) -> None:
    """The flyer loses flight and stands on the free cell `cell` as a ground creature."""
    c = state.cards[uid]
    drop_modifiers(state, uid, "flying", "flight_until")
    if state.cdef(uid).kind == "flyer":
        add_modifier(state, uid, "landed")
    c.zone, c.cell = "board", cell
    state.grid[cell] = uid
    emit(ev, "landed", uid=uid, cell=cell)


@decision("land")
class LandDecision(NamedTuple):
    """«Приземлиться на клетку …»: the owner picks a free cell among those named (seed 000); the flyer
    lands there, then the `then` effect of the ability's `land` goes at its target."""
    src: int                 # the flyer
    index: int               # its ability with the `land` effect
    target: int
    ctx: GameEvent | None    # the event that triggered it

    @staticmethod
    def legal(state: GameState) -> list:
        d: LandDecision = state.pending.data
        eff = find_op(ability(state, d.src, d.index)["effect"], "land")
        return [PickCell(x) for x in land_cells(state, d.src, d.target, eff["where"] if eff else "")]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        d: LandDecision = state.pending.data
        ab = ability(state, d.src, d.index)
        land(state, d.src, action.cell, ev)
        run_then(state, ev, d.src, ab, "land", d.target, d.ctx)


@decision("move_to_marker")
class MoveToMarkerDecision(NamedTuple):
    """«Телепортироваться на свободную клетку с маркером …»: the owner picks one of the free cells carrying the
    source's cell marker; it relocates there, then the `then` effect of the ability's `move_to_marker` goes."""
    src: int
    index: int               # its ability with the `move_to_marker` effect
    ctx: GameEvent | None

    @staticmethod
    def legal(state: GameState) -> list:
        d: MoveToMarkerDecision = state.pending.data
        eff = find_op(ability(state, d.src, d.index)["effect"], "move_to_marker")
        return [PickCell(x) for x in marker_cells(state, d.src, eff["name"] if eff else "")]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        d: MoveToMarkerDecision = state.pending.data
        relocate(state, d.src, action.cell, ev)
        run_then(state, ev, d.src, ability(state, d.src, d.index), "move_to_marker", -1, d.ctx)


def marker_cells(state: GameState, uid: int, name: str) -> list[int]:
    """The free cells carrying card `uid`'s cell marker `name`, if it stands on a cell."""
    if state.cards[uid].zone != "board" or not name:
        return []
    return sorted(free_cells(state, set(modifier_values(state, uid, f"cell_{name}"))))


@decision("jump_near")
class JumpNearDecision(NamedTuple):
    """«Объявить прыжок на свободную клетку рядом с существом, при этом …»: the owner picks the cell; the
    source jumps there (a relocation), then the `then` effect of the ability's `jump_near` goes at that creature."""
    src: int                 # the card that jumps
    index: int               # its ability with the `jump_near` effect
    target: int              # the creature it jumps next to
    ctx: GameEvent | None    # the event that triggered it

    @staticmethod
    def legal(state: GameState) -> list:
        d: JumpNearDecision = state.pending.data
        return [PickCell(x) for x in near_cells(state, d.src, d.target)]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        d: JumpNearDecision = state.pending.data
        ab = ability(state, d.src, d.index)
        relocate(state, d.src, action.cell, ev)
        run_then(state, ev, d.src, ab, "jump_near", d.target, d.ctx)


def pull_cells(state: GameState, src: int, target: int) -> list[int]:
    """Free cells next to `src` (diagonals included) a ground creature `target` on a cell may be moved to."""
    s, t = state.cards[src], state.cards[target]
    if s.zone != "board" or t.zone != "board" or not is_creature(state, target):
        return []
    return free_cells(state, state.geo.around[s.cell])


@decision("teleport_pull")
class TeleportPullDecision(NamedTuple):
    """«При ударе телепортироваться, при этом переместить атакованное существо на свободную клетку рядом с
    собой»: first the free cell the card teleports to."""
    src: int                 # the card that teleports
    target: int              # the attacked creature

    @staticmethod
    def legal(state: GameState) -> list:
        return [PickCell(x) for x in jump_cells(state, state.pending.data.src, state.geo.cells)]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        d: TeleportPullDecision = state.pending.data
        relocate(state, d.src, action.cell, ev)
        if pull_cells(state, d.src, d.target):
            ask(state, state.cards[d.src].owner, PullDecision(d.src, d.target))


@decision("pull")
class PullDecision(NamedTuple):
    """Then the free cell next to it the attacked creature is moved to (a relocation)."""
    src: int                 # the card that teleported
    target: int              # the attacked creature

    @staticmethod
    def legal(state: GameState) -> list:
        d: PullDecision = state.pending.data
        return [PickCell(x) for x in pull_cells(state, d.src, d.target)]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        relocate(state, state.pending.data.target, action.cell, ev)



def vacated_cell(state: GameState, src: int, eff: dict[str, Any], ctx: GameEvent | None) -> int:
    """The free cell op `move_to_vacated` takes `src` to: the one the mover of a `moved` trigger left, or
    (`cell = "struck"`) the one the card struck by an attack stood on (NO_CELL: none, taken, or `src` is not on
    a cell)."""
    cell = NO_CELL
    if ctx is not None and eff.get("cell") == "struck":
        cell = ctx.cell if ctx.kind == "attacked" and ctx.cell is not None else NO_CELL
    elif ctx is not None and ctx.from_cell is not None:
        cell = ctx.from_cell
    ok = cell != NO_CELL and is_free(state, cell) and state.cards[src].zone == "board"
    return cell if ok else NO_CELL


# --- the handlers of the movement ops ------------------------------------------------------------------

def op_teleport_pull(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                     ctx: GameEvent | None) -> None:
    """The card teleports even if the attacked one is gone."""
    if jump_cells(state, src, state.geo.cells):
        ask(state, state.cards[src].owner, TeleportPullDecision(src, target))


def op_move_to_vacated(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any],
                       target: int, ctx: GameEvent | None) -> None:
    """«На клетку, которую тот … занимал»: a relocation of this card."""
    cell = vacated_cell(state, src, eff, ctx)
    if cell != NO_CELL:
        relocate(state, src, cell, ev)


def op_jump(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
            ctx: GameEvent | None) -> None:
    reach = ctx.amount if eff["range"] == "heal" and ctx is not None and ctx.kind == "healed" else eff["range"]
    if jump_cells(state, target, reach):
        ask(state, state.cards[src].owner, JumpDecision(uid=target, reach=reach))


def op_move_passed(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                   ctx: GameEvent | None) -> None:
    """«Через свободную клетку может переместиться на неё»: a relocation."""
    cell = passed_over(state, target)
    if state.cards[target].zone == "board" and cell != NO_CELL and is_free(state, cell):
        relocate(state, target, cell, ev)


def op_jump_near(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                 ctx: GameEvent | None) -> None:
    """«Прыжок на свободную клетку рядом с существом, при этом …»."""
    if near_cells(state, src, target):
        ask(state, state.cards[src].owner, JumpNearDecision(src, index_of(state, src, ab), target, ctx))


def op_take_flight(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                   ctx: GameEvent | None) -> None:
    """«Получает полёт»: it leaves its cell for the flyers' zone."""
    until = expiry(state, eff["until"], state.cards[target].owner) if "until" in eff else BATTLE_LONG
    take_flight(state, target, ev, until)


def op_land(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
            ctx: GameEvent | None) -> None:
    """«Приземлиться на клетку …»: the owner picks a free one of them."""
    if land_cells(state, src, target, eff["where"]):
        ask(state, state.cards[src].owner, LandDecision(src, index_of(state, src, ab), target, ctx))


def op_relocate(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                ctx: GameEvent | None) -> None:
    """«Переместить(ся) на выбранную клетку поля боя»: any free cell."""
    if jump_cells(state, target, state.geo.cells):
        ask(state, state.cards[src].owner, JumpDecision(uid=target, reach=state.geo.cells))


def op_move_to_marker(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                      ctx: GameEvent | None) -> None:
    """«Телепортироваться на свободную клетку с маркером …, при этом …; если не может — …»."""
    if marker_cells(state, src, eff["name"]):
        ask(state, state.cards[src].owner, MoveToMarkerDecision(src, index_of(state, src, ab), ctx))
    elif "else" in eff:
        spec = eff["else"].get("target")
        run_effect(state, ev, src, ab, eff["else"], fixed_target(state, src, spec, ctx) if isinstance(spec, str)
                   else -1, ctx)


def op_displace(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                ctx: GameEvent | None) -> None:
    if displace_cells(state, target):
        ask(state, state.cards[src].owner, DisplaceDecision(src, uid=target))


def op_follow(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
              ctx: GameEvent | None) -> None:
    """«Переместиться на эту клетку, при этом …»: onto the cell the mover left."""
    frm = ctx.from_cell if ctx is not None and ctx.from_cell is not None else NO_CELL
    if state.cards[target].zone == "board" and frm != NO_CELL and is_free(state, frm):
        relocate(state, target, frm, ev)
        then = eff["then"]
        spec = then.get("target")
        run_effect(state, ev, src, ab, then, fixed_target(state, src, spec, ctx) if isinstance(spec, str) else -1,
                   ctx)


def op_push_forward(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                    ctx: GameEvent | None) -> None:
    """«Перемещается на клетку вперёд (в направлении удара), если не может — ранить его на X» (or the `else`)."""
    cell = push_cell(state, src, target, eff.get("direction", "forward"), ctx)
    if cell != NO_CELL and is_free(state, cell):
        relocate(state, target, cell, ev)
    elif "amount" in eff:
        wound(state, target, eff["amount"], src, ab.get("kind", "effect"), ev)
        push(state, ("check_deaths",))
    else:
        other = eff["else"]
        spec = other.get("target")
        run_effect(state, ev, src, ab, other, fixed_target(state, src, spec, ctx) if isinstance(spec, str) else -1, ctx)


def push_cell(state: GameState, src: int, target: int, direction: str, ctx: GameEvent | None) -> int:
    """The cell one step from the target's: forward (as its controller sees it), on along the line from `src`
    («в направлении удара»), or the way the mover of the `moved` event went; NO_CELL off the board."""
    c, geo = state.cards[target], state.geo
    if c.zone != "board":
        return NO_CELL
    if direction == "forward":
        return geo.relative(c.cell, state.place(c.owner), 1, 0)
    if direction == "away":
        s = state.cards[src]
        if s.zone != "board":
            return NO_CELL
        frm, to = s.cell, c.cell
    else:
        if ctx is None or ctx.from_cell is None or ctx.cell is None:
            return NO_CELL
        frm, to = ctx.from_cell, ctx.cell
    dr = (geo.row_of(to) > geo.row_of(frm)) - (geo.row_of(to) < geo.row_of(frm))
    dc = (geo.col_of(to) > geo.col_of(frm)) - (geo.col_of(to) < geo.col_of(frm))
    row, col = geo.row_of(c.cell) + dr, geo.col_of(c.cell) + dc
    if (dr, dc) == (0, 0) or not (0 <= row < geo.rows and 0 <= col < geo.cols):
        return NO_CELL
    return geo.cell_of(row, col)


def op_mirror_beside(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                     ctx: GameEvent | None) -> None:
    """From the cell on one side of this card to the one on the other."""
    mirror = mirror_cell(state, src, target)
    if mirror != NO_CELL:
        relocate(state, target, mirror, ev)


def op_swap(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
            ctx: GameEvent | None) -> None:
    swap(state, src, target, ev)


def op_reveal_row(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                  ctx: GameEvent | None) -> None:
    """«Противник вскрывает карты своего первого ряда»: his face-down cards in that row of his half."""
    seat = state.cards[src].owner
    jobs = []
    for foe in state.seats.opponents(seat):
        row = state.geo.own_rows(state.place(foe))[eff["row"] - 1]
        jobs += [("reveal", u) for u in state.players[foe].squad if state.cards[u].zone == "board"
                 and state.cards[u].face_down and state.geo.row_of(state.cards[u].cell) == row]
    push(state, *jobs)


def op_rearrange(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                 ctx: GameEvent | None) -> None:
    """«Вы можете поменять расположение своих карт на вашей половине, не вскрывая их»."""
    ask(state, state.cards[src].owner, RearrangeDecision(src, 0))


def _own_on_board(state: GameState, seat: int) -> list[int]:
    return [u for u in state.players[seat].squad if state.cards[u].zone == "board"]


@decision("rearrange")
class RearrangeDecision(NamedTuple):
    """Swap two own cards on the board (`Move(uid, cell)` onto another own card's cell; face-down cards stay face
    down), or `Confirm`; at most as many swaps as own cards there."""
    src: int                 # the card whose effect it is
    swaps: int               # the swaps made so far

    @staticmethod
    def legal(state: GameState) -> list:
        d: RearrangeDecision = state.pending.data
        own = _own_on_board(state, state.pending.player)
        moves = [Move(a, state.cards[b].cell) for a in own for b in own if a != b] if d.swaps < len(own) else []
        return [*moves, Confirm()]

    @staticmethod
    def apply(state: GameState, action: Move | Confirm, ev: Events) -> None:
        d: RearrangeDecision = state.pending.data
        if isinstance(action, Confirm):
            return
        a, b = action.uid, state.grid[action.cell]
        ca, cb = state.cards[a], state.cards[b]
        ca.cell, cb.cell = cb.cell, ca.cell
        state.grid[ca.cell], state.grid[cb.cell] = a, b
        emit(ev, "rearranged", uid=a, other=b, seat=state.pending.player)
        ask(state, state.pending.player, RearrangeDecision(d.src, d.swaps + 1))
