"""Effects on cells and areas: ambush, fire walls and cell markers, diagonals, 2×2 squares, blasts; the
handlers of those ops."""

from __future__ import annotations

from typing import Any, NamedTuple

from .. import dice
from ..actions import Choose, PickCell, Skip
from ..attack_values import protected
from ..cells import any_free, free_cells, is_free
from ..core import Events, ask, ask_roll, decision, emit, push, task
from ..damage import wound
from ..events import GameEvent
from ..geometry import NO_CELL
from ..modifiers import BATTLE_LONG, add_modifier, drop_modifiers, modifier_value, modifier_values, replace_modifier
from ..places import position
from ..rolls import modified_roll
from ..state import GameState
from .values import expiry


@decision("ambush")
class AmbushDecision(NamedTuple):
    """«Выбрать клетку поля боя до конца хода»: any cell; kept as the modifier ("ambush", cell, this turn)."""
    src: int

    @staticmethod
    def legal(state: GameState) -> list:
        return [PickCell(x) for x in range(state.geo.cells)]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        c = state.cards[state.pending.data.src]
        replace_modifier(state, c.uid, "ambush", action.cell)
        emit(ev, "ambush", uid=c.uid, cell=action.cell)


@decision("fire_wall")
class FireWallDecision(NamedTuple):
    """«Положите маркер на клетку поля боя»: any cell; kept as the modifier ("fire_wall", cell, battle) of the
    card, so the markers go when it leaves the battlefield."""
    src: int

    @staticmethod
    def legal(state: GameState) -> list:
        return [PickCell(x) for x in range(state.geo.cells)]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        c = state.cards[state.pending.data.src]
        add_modifier(state, c.uid, "fire_wall", action.cell)
        emit(ev, "fire_wall", uid=c.uid, cell=action.cell)


@decision("cell_marker")
class CellMarkerDecision(NamedTuple):
    """«Выбрать свободную клетку поля боя» for a cell marker (e.g. «портал»): kept as the modifier
    ("cell_<name>", cell, until) of the source, so it goes when the card leaves the battlefield. With `area`
    "row": a cell of one of `rows` picks its whole row («выберите ряд»); "line": up to `left` cells in a
    straight line along a row or a column, one at a time after the ones `picked` (the owner may stop)."""
    src: int
    name: str                # the marker
    until: int               # its last turn
    area: str = ""
    rows: tuple[int, ...] = ()
    left: int = 0
    picked: tuple[int, ...] = ()
    once: bool = False       # «1 раз за бой для каждого ряда»: the row is noted (modifier "marked_rows")

    @staticmethod
    def legal(state: GameState) -> list:
        d: CellMarkerDecision = state.pending.data
        geo = state.geo
        if d.area == "row":
            return [PickCell(x) for x in range(geo.cells) if geo.row_of(x) in d.rows]
        if d.area in ("line", "ray"):
            cells = line_cells(state, d.picked) if d.area == "line" else ray_cells(state, d.src, d.picked)
            return [PickCell(x) for x in cells] + ([Skip()] if d.picked else [])
        return [PickCell(x) for x in free_cells(state, range(geo.cells))]

    @staticmethod
    def apply(state: GameState, action: PickCell | Skip, ev: Events) -> None:
        d: CellMarkerDecision = state.pending.data
        if isinstance(action, Skip):
            return
        geo = state.geo
        cells = [x for x in range(geo.cells) if geo.row_of(x) == geo.row_of(action.cell)] if d.area == "row" \
            else [action.cell]
        for cell in cells:
            add_modifier(state, d.src, f"cell_{d.name}", cell, d.until)
            emit(ev, "cell_marker", uid=d.src, name=d.name, cell=cell)
        if d.once:
            add_modifier(state, d.src, "marked_rows", 1 << geo.row_of(action.cell))
        picked = (*d.picked, action.cell)
        more = line_cells(state, picked) if d.area == "line" else ray_cells(state, d.src, picked) \
            if d.area == "ray" else []
        if more and d.left > 1:
            ask(state, state.cards[d.src].owner, d._replace(left=d.left - 1, picked=picked))


def ray_cells(state: GameState, src: int, picked: tuple[int, ...]) -> list[int]:
    """The cells that may continue a ray of `picked` cells from `src`: a cell next to it first (diagonals too),
    then the next cell on along the same line."""
    pos = position(state, src)
    if pos == NO_CELL:
        return []
    geo = state.geo
    if not picked:
        return list(geo.around[pos])
    dr, dc = geo.row_of(picked[0]) - geo.row_of(pos), geo.col_of(picked[0]) - geo.col_of(pos)
    row, col = geo.row_of(picked[-1]) + dr, geo.col_of(picked[-1]) + dc
    return [geo.cell_of(row, col)] if 0 <= row < geo.rows and 0 <= col < geo.cols else []


def line_cells(state: GameState, picked: tuple[int, ...]) -> list[int]:
    """The cells that may continue a straight line of `picked` cells: any cell first, then a cell next to it
    along a row or a column, then the next cell in that direction."""
    geo = state.geo
    if not picked:
        return list(range(geo.cells))
    if len(picked) == 1:
        return [x for x in geo.orthogonal[picked[0]]]
    step = picked[-1] - picked[-2]
    nxt = picked[-1] + step
    ok = 0 <= nxt < geo.cells and (geo.row_of(nxt) == geo.row_of(picked[-1]) or
                                    geo.col_of(nxt) == geo.col_of(picked[-1]))
    return [nxt] if ok else []


@decision("mark_cell")
class MarkCellDecision(NamedTuple):
    """A cell marker of set 10 on a chosen cell (`at = "any"`) or free cell, not already carrying this card's
    marker of that name: the modifier ("cell_<name>", cell, until) of the source."""
    src: int
    name: str
    until: int
    free: bool               # free cells only

    @staticmethod
    def legal(state: GameState) -> list:
        return [PickCell(x) for x in _markable(state, state.pending.data)]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        d: MarkCellDecision = state.pending.data
        add_modifier(state, d.src, f"cell_{d.name}", action.cell, d.until)
        emit(ev, "cell_marker", uid=d.src, name=d.name, cell=action.cell)


def _markable(state: GameState, d: MarkCellDecision) -> list[int]:
    taken = modifier_values(state, d.src, f"cell_{d.name}")
    return [x for x in range(state.geo.cells) if x not in taken and (not d.free or is_free(state, x))]


@task("mark_cell")
def mark_cell(state: GameState, ev: Events, src: int, name: str, until: int, free: bool) -> None:
    """One cell marker to place, if the source is still there (or in its graveyard) and a cell is left."""
    d = MarkCellDecision(src, name, until, free)
    if (state.cards[src].on_battlefield or state.cards[src].zone == "grave") and _markable(state, d):
        ask(state, state.cards[src].owner, d)


@decision("shift_marker")
class ShiftMarkerDecision(NamedTuple):
    """«Переместить маркер на 1 клетку»: the owner moves the source's cell marker from `cell` onto a cell next
    to it (diagonals included)."""
    src: int
    name: str
    cell: int

    @staticmethod
    def legal(state: GameState) -> list:
        return [PickCell(x) for x in state.geo.around[state.pending.data.cell]]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        d: ShiftMarkerDecision = state.pending.data
        key = f"cell_{d.name}"
        c = state.cards[d.src]
        c.modifiers = tuple((k, action.cell if k == key and v == d.cell else v, e) for k, v, e in c.modifiers)
        emit(ev, "cell_marker", uid=d.src, name=d.name, cell=action.cell)


@decision("diagonal")
class DiagonalDecision(NamedTuple):
    """«Выбранная диагональ»: the owner picks one of the board's diagonals; every card on it is wounded by one roll."""
    src: int
    amounts: tuple[int, ...]     # the wounds by the roll (X-Y-Z)
    kind: str                    # the kind of the wounds

    @staticmethod
    def legal(state: GameState) -> list:
        return [Choose(i) for i in range(len(state.geo.diagonals))]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        d: DiagonalDecision = state.pending.data
        cells = state.geo.diagonals[action.option]
        emit(ev, "diagonal", uid=d.src, cells=list(cells))
        shown = [("reveal", c.uid) for c in state.cards if c.on_battlefield and c.face_down and c.cell in cells]
        push(state, *shown, ("wound_cells", d.src, cells, d.amounts, d.kind))


def square_cells(state: GameState, corner: int) -> tuple[int, ...]:
    """The 2×2 square whose cell nearest a1 is `corner`."""
    cols = state.geo.cols
    return (corner, corner + 1, corner + cols, corner + cols + 1)


@decision("square")
class SquareDecision(NamedTuple):
    """«Выбрать квадрат 2×2»: the owner picks the square by its cell nearest a1; every enemy card on it (seated
    symbionts included, terrain aside) is wounded by X = the cards of his own standing on it, up to `top`."""
    src: int
    top: int                 # the most wounds (the op's `max`)
    kind: str                # the kind of the wounds

    @staticmethod
    def legal(state: GameState) -> list:
        geo = state.geo
        return [PickCell(x) for x in range(geo.cells) if geo.row_of(x) < geo.rows - 1 and geo.col_of(x) < geo.cols - 1]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        d: SquareDecision = state.pending.data
        src, kind = d.src, d.kind
        owner, cells = state.cards[src].owner, square_cells(state, action.cell)
        amount = min(d.top, sum(1 for x in cells if state.grid[x] != -1 and state.cards[state.grid[x]].owner == owner))
        emit(ev, "square", uid=src, cell=action.cell, amount=amount)
        jobs: list[tuple] = []
        for c in state.cards:
            if amount and c.on_battlefield and state.seats.enemy(c.owner, owner) and position(state, c.uid) in cells:
                if c.face_down:
                    jobs.append(("reveal", c.uid))
                jobs.append(("blast_wound", src, c.uid, amount, kind))
        push(state, *jobs, ("check_deaths",))


def free_cells_around(state: GameState, uid: int) -> list[int]:
    """Free cells next to `uid` (diagonals included); none off the board."""
    pos = position(state, uid)
    return [] if pos == NO_CELL else free_cells(state, state.geo.around[pos])


@decision("blast_cell")
class BlastCellDecision(NamedTuple):
    """«Выбрать незанятую клетку рядом с собой; ранить все стоящие рядом с ней карты противника»."""
    src: int
    amount: int              # the wounds
    kind: str                # their kind

    @staticmethod
    def legal(state: GameState) -> list:
        return [PickCell(x) for x in free_cells_around(state, state.pending.data.src)]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        d: BlastCellDecision = state.pending.data
        src, amount, kind = d.src, d.amount, d.kind
        owner = state.cards[src].owner
        emit(ev, "blast_cell", uid=src, cell=action.cell)
        jobs: list[tuple] = []
        for c in state.cards:
            if c.on_battlefield and state.seats.enemy(c.owner, owner) \
                    and position(state, c.uid) in state.geo.around[action.cell]:
                if c.face_down:
                    jobs.append(("reveal", c.uid))
                jobs.append(("blast_wound", src, c.uid, amount, kind))
        push(state, *jobs, ("check_deaths",))


@task("blast_wound")
def blast_wound(state: GameState, ev: Events, src: int, target: int, amount: int, kind: str) -> None:
    """One card next to the chosen cell (terrain aside; protection from spells stops a spell)."""
    if state.cdef(target).kind == "terrain" or not state.cards[target].on_battlefield:
        return
    if kind == "spell" and protected(state, target, "spell", src):
        emit(ev, "protected", uid=target, kind="spell")
        return
    wound(state, target, amount, src, kind, ev)


@task("wound_cells")
def wound_cells(state: GameState, ev: Events, src: int, cells: tuple, amounts: tuple, kind: str) -> None:
    """Roll once for `src`, then wound every card standing on `cells` (terrain aside) by that value."""
    state.rolls = ()
    ask_roll(state, src, ("wound_cells_rolled", src, cells, amounts, kind))


@task("wound_cells_rolled")
def wound_cells_rolled(state: GameState, ev: Events, src: int, cells: tuple, amounts: tuple, kind: str) -> None:
    roll = modified_roll(state, src, state.rolls[0], 0)
    emit(ev, "rolled", uid=src, raw=state.rolls[0], value=roll)
    state.rolls = ()
    amount = amounts[dice.single(roll) - 1]
    owner = state.cards[src].owner
    for c in state.cards:
        if not c.on_battlefield or position(state, c.uid) not in cells or state.cdef(c.uid).kind == "terrain":
            continue
        if kind == "spell" and state.seats.enemy(c.owner, owner) and protected(state, c.uid, "spell", src):
            emit(ev, "protected", uid=c.uid, kind="spell")
            continue
        wound(state, c.uid, amount, src, kind, ev)
    push(state, ("check_deaths",))


# --- the handlers of the area ops ----------------------------------------------------------------------

def op_ambush(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
              ctx: GameEvent | None) -> None:
    ask(state, state.cards[src].owner, AmbushDecision(src))


def op_fire_wall(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                 ctx: GameEvent | None) -> None:
    ask(state, state.cards[src].owner, FireWallDecision(src))


def op_wound_diagonal(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                      ctx: GameEvent | None) -> None:
    ask(state, state.cards[src].owner, DiagonalDecision(src, tuple(eff["amount"]), ab.get("kind", "effect")))


def op_wound_square(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                    ctx: GameEvent | None) -> None:
    ask(state, state.cards[src].owner, SquareDecision(src, top=eff["max"], kind=ab.get("kind", "effect")))


def op_wound_around_cell(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any],
                         target: int, ctx: GameEvent | None) -> None:
    if free_cells_around(state, src):
        ask(state, state.cards[src].owner, BlastCellDecision(src, eff["amount"], ab.get("kind", "effect")))


def op_attack_around(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                     ctx: GameEvent | None) -> None:
    """«По каждой карте противника, стоящей рядом с целью атаки»."""
    cell = ctx.cell if ctx is not None and ctx.kind == "attacked" and ctx.cell is not None else NO_CELL
    push(state, *[("attack", src, eff["attack"], tuple(eff["damage"]), c.uid) for c in state.cards
                  if cell != NO_CELL and c.on_battlefield and state.seats.enemy(c.owner, state.cards[src].owner)
                  and c.uid != ctx.subject and position(state, c.uid) in state.geo.around[cell]
                  and not (not c.face_down and state.cdef(c.uid).kind == "terrain")])


def op_cell_marker(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                   ctx: GameEvent | None) -> None:
    owner = state.cards[src].owner
    until = expiry(state, eff["until"], owner) if "until" in eff else BATTLE_LONG
    at, name, area = eff.get("at", "free"), eff["name"], eff.get("area", "")
    if area == "row":           # «выберите ряд» (of a half)
        half = eff.get("half")
        own = state.geo.own_rows(state.place(owner))
        used = modifier_value(state, src, "marked_rows") if eff.get("once_per_row") else 0   # a bit per row
        rows = tuple(r for r in range(state.geo.rows) if (half is None or (r in own) == (half == "own"))
                     and not used >> r & 1)
        if rows:
            ask(state, owner, CellMarkerDecision(src, name, until, area, rows, once=bool(eff.get("once_per_row"))))
    elif area in ("line", "ray"):        # «до N клеток в линию», «до N клеток подряд на одной прямой от …»
        if area == "line" or ray_cells(state, src, ()):     # no ray from a card that has left the battlefield
            ask(state, owner, CellMarkerDecision(src, name, until, area, left=eff["count"]))
    elif at == "target":          # the cell the target stands on (or stood on, for a trigger's subject)
        cell = position(state, target) if target != -1 else NO_CELL
        if cell == NO_CELL and ctx is not None and ctx.cell is not None:
            cell = ctx.cell
        if cell != NO_CELL:
            add_modifier(state, src, f"cell_{name}", cell, until)
            emit(ev, "cell_marker", uid=src, name=name, cell=cell)
    elif at == "any" or eff.get("count", 1) > 1:
        push(state, *[("mark_cell", src, name, until, at == "free")] * eff.get("count", 1))
    elif any_free(state):
        ask(state, owner, CellMarkerDecision(src, name, until))


def op_move_cell_marker(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any],
                        target: int, ctx: GameEvent | None) -> None:
    cells = modifier_values(state, src, f"cell_{eff['name']}")
    if cells:
        ask(state, state.cards[src].owner, ShiftMarkerDecision(src, eff["name"], cells[0]))


def op_remove_cell_markers(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any],
                           target: int, ctx: GameEvent | None) -> None:
    key = f"cell_{eff['name']}"
    if modifier_values(state, src, key):
        drop_modifiers(state, src, key)
        emit(ev, "cell_markers_removed", uid=src, name=eff["name"])


def op_wound_marked_cells(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any],
                          target: int, ctx: GameEvent | None) -> None:
    """`burn_walls` (the cells of the source's fire walls) and `wound_marked_cells` (of its cell markers
    `name`): every card on them is wounded."""
    op = eff["op"]
    key = "fire_wall" if op == "burn_walls" else f"cell_{eff['name']}"
    walls = set(modifier_values(state, src, key))
    jobs: list[tuple] = []
    for c in state.cards:
        if c.on_battlefield and position(state, c.uid) in walls:
            if c.face_down:
                jobs.append(("reveal", c.uid))     # a face-down card is revealed before it is wounded
            jobs.append(("effect_wound", src, c.uid, eff["amount"], ab.get("kind", "effect")))
    push(state, *jobs, ("check_deaths",))
