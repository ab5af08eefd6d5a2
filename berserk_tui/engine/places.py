"""Where cards are and what they are: positions, the battlefield, kinds, hosts and neighbours."""

from __future__ import annotations

from collections.abc import Iterator

from cards.schema import CREATURE_KINDS

from .geometry import NO_CELL
from .modifiers import has_modifier, modifier_entries
from .state import BATTLEFIELD, CardState, GameState


def position(state: GameState, uid: int) -> int:
    """The cell a card stands on; a seated symbiont stands on its host's cell."""
    c = state.cards[uid]
    if c.zone == "board":
        return c.cell
    if c.zone == "seated":
        return state.cards[c.host].cell
    return NO_CELL


def battlefield(state: GameState, seat: int | None = None) -> Iterator[CardState]:
    for c in state.cards:
        if c.zone in BATTLEFIELD and (seat is None or c.owner == seat):
            yield c


def foes(state: GameState, seat: int) -> Iterator[CardState]:
    """Cards on the battlefield of the seats opposing `seat`, in card order."""
    teams = state.seats.teams
    team = teams[seat]
    for c in state.cards:
        if c.zone in BATTLEFIELD and teams[c.owner] != team:
            yield c


def kind_of(state: GameState, uid: int) -> str | None:
    """The card's kind; an artifact that became a creature («становится существом», op `animate`) is one."""
    c = state.cards[uid]
    if c.card_id is None:
        return None
    kind = state.db.cards[c.card_id].kind
    if not c.modifiers:         # most cards: no call
        return kind
    if kind == "artifact" and animated(state, uid):
        return "flyer" if has_modifier(state, uid, "anim_flyer") else "creature"
    if kind in ("creature", "flyer"):       # «получает полёт» / «приземляется»
        for k, _, _ in c.modifiers:
            if k in ("flying", "landed"):
                return "flyer" if k == "flying" else "creature"
    return kind


def animated(state: GameState, uid: int) -> bool:
    return has_modifier(state, uid, "animated")


def is_creature(state: GameState, uid: int) -> bool:
    """A creature or flyer; a face-down card on the battlefield counts as one whatever it hides (rules
    decisions 26 and 70), so the answer never depends on what one player cannot see."""
    c = state.cards[uid]
    return (c.face_down and c.zone in BATTLEFIELD) or kind_of(state, uid) in CREATURE_KINDS


def is_artifact(state: GameState, uid: int) -> bool:
    """A face-up artifact (a face-down card is never judged by what it hides)."""
    return not state.cards[uid].face_down and kind_of(state, uid) == "artifact"     # not once animated


def is_flyer(state: GameState, uid: int) -> bool:
    """In the extra zone as a flyer (a face-down flyer still stands on its cell)."""
    c = state.cards[uid]
    return c.zone == "extra" and kind_of(state, uid) == "flyer"


def creatures(state: GameState, seat: int) -> Iterator[CardState]:
    """Creatures of `seat` on the battlefield; a face-down card counts as one whatever it hides
    (rules decisions 26 and 70: an artifact or terrain counts once revealed)."""
    for c in battlefield(state, seat):
        d = state.cdef(c.uid)
        if c.face_down or d is None or d.kind in CREATURE_KINDS or animated(state, c.uid):
            yield c


def enemy_creatures(state: GameState, seat: int) -> Iterator[CardState]:
    """Creatures of the seats opposing `seat` on the battlefield, counted as `creatures` counts them."""
    for c in foes(state, seat):
        d = state.cdef(c.uid)
        if c.face_down or d is None or d.kind in CREATURE_KINDS or animated(state, c.uid):
            yield c


def equipment_of(state: GameState, uid: int) -> list[CardState]:
    """The equipment put on creature `uid` (seed 004, «Экипировка»)."""
    return [c for c in state.cards if c.zone == "equipped" and c.host == uid]


def symbiont_of(state: GameState, uid: int) -> int:
    for c in state.cards:
        if c.zone == "seated" and c.host == uid:
            return c.uid
    return -1


def adjacent(state: GameState, a: int, b: int) -> bool:
    """«Стоящая рядом»: next to each other, diagonals included; a symbiont is next to its host."""
    pa, pb = position(state, a), position(state, b)
    if pa == NO_CELL or pb == NO_CELL or a == b:
        return False
    return state.geo.distances[pa][pb] <= 1


def passed_over(state: GameState, uid: int) -> int:
    """The cell the latest strike through a row of `uid` this turn passed over (NO_CELL if none)."""
    return next((v for v, e in reversed(modifier_entries(state, uid, "passed_over")) if e == state.turn),
                NO_CELL)


def opposite(state: GameState, uid: int) -> int:
    """The card standing opposite (напротив) this one, as its controller sees it."""
    c = state.cards[uid]
    pos = position(state, uid)
    if pos == NO_CELL:
        return -1
    cell = state.geo.ahead[state.place(c.owner)][pos]
    return -1 if cell == NO_CELL else state.grid[cell]


def card_behind(state: GameState, uid: int) -> int:
    """The card (terrain aside) on the cell behind card `uid` (one row back, as its controller sees it)."""
    pos = position(state, uid) if uid >= 0 else NO_CELL
    cell = state.geo.relative(pos, state.place(state.cards[uid].owner), -1, 0) if pos != NO_CELL else NO_CELL
    return state.grid[cell] if cell != NO_CELL else -1


def around_cards(state: GameState, uid: int) -> list[int]:
    """The cards standing on the cells next to `uid` (diagonals included), in cell order; [] off the board."""
    pos = position(state, uid)
    if pos == NO_CELL:
        return []
    return [state.grid[x] for x in state.geo.around[pos] if state.grid[x] != -1]


def sharing(state: GameState, uid: int) -> bool:
    """Does `uid` stand on a board cell another card occupies (an incorporeal creature passing through)?"""
    c = state.cards[uid]
    return c.zone == "board" and c.cell != NO_CELL and state.grid[c.cell] != uid


NOT_A_LINE = 9     # the direction of a move that is not along a row, a column or a diagonal


def path_code(state: GameState, frm: int, to: int) -> int:
    """A move from `frm` to `to` as the value of a "moved_path" modifier: cells * 16 + direction (0–8: the signs
    of the row and column changes; `NOT_A_LINE`, its cells counted as for a range)."""
    geo = state.geo
    dr, dc = geo.row_of(to) - geo.row_of(frm), geo.col_of(to) - geo.col_of(frm)
    if dr and dc and abs(dr) != abs(dc):
        return geo.ranges[frm][to] * 16 + NOT_A_LINE
    return max(abs(dr), abs(dc)) * 16 + (dr > 0) - (dr < 0) + 1 + 3 * ((dc > 0) - (dc < 0) + 1)


def moved_cells(state: GameState, uid: int, last_turn: bool = False, path: str = "") -> int:
    """The cells `uid` moved by its own movement this turn (the turn before: `last_turn`), from its "moved_path"
    modifiers (kept to the end of the next turn); `path = "straight"`: the most in one and the same direction;
    `"turning"`: all of them if it moved in two directions or more, else 0."""
    made = state.turn if last_turn else state.turn + 1
    moves = [(v >> 4, v & 15) for v, e in modifier_entries(state, uid, "moved_path") if e == made]
    if path == "straight":
        per: dict[int, int] = {}
        for n, d in moves:
            if d != NOT_A_LINE:
                per[d] = per.get(d, 0) + n
        return max(per.values(), default=0)
    if path == "turning" and len({d for _, d in moves}) < 2:
        return 0
    return sum(n for n, _ in moves)


def beside_cells(state: GameState, uid: int) -> tuple[int, ...]:
    """The cells directly left and right of a card on the board (its controller's view)."""
    c = state.cards[uid]
    if c.zone != "board":
        return ()
    place, relative = state.place(c.owner), state.geo.relative
    return tuple(x for x in (relative(c.cell, place, 0, -1), relative(c.cell, place, 0, 1)) if x != NO_CELL)
