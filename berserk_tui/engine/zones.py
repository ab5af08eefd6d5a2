"""Moving cards between places: revealing a face-down card, relocating a card to a free cell."""

from __future__ import annotations

from .conditions import holds
from .core import Events, emit, push
from .dispatch import dispatch
from .events import GameEvent, spot
from .geometry import NO_CELL
from .keywords import holders, statics
from .modifiers import add_modifier, has_modifier, modifier_values, release_bound
from .places import kind_of
from .state import BATTLEFIELD, GameState


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
    if state.grid[c.cell] == uid:       # an incorporeal creature passing through leaves the occupant be
        state.grid[c.cell] = -1
    emit(ev, "moved", uid=uid, frm=c.cell, to=cell)
    frm, c.cell = c.cell, cell
    if state.grid[cell] == -1:
        state.grid[cell] = uid
    shed_poison(state, uid, ev)
    relocated(state, uid, frm)


def shed_poison(state: GameState, uid: int, ev: Events) -> None:
    """«При перемещении потерять отравление»: a card with the `cure_on_move` bonus loses its poison."""
    c = state.cards[uid]
    if c.poison and has_modifier(state, uid, "cure_on_move"):
        c.poison = 0
        emit(ev, "cured", uid=uid, status="poison")


def swap(state: GameState, a: int, b: int, ev: Events) -> None:
    """«Поменять местами» two cards standing on cells (a relocation of both, not movement)."""
    ca, cb = state.cards[a], state.cards[b]
    if ca.zone != "board" or cb.zone != "board":
        return
    cell_a, cell_b = ca.cell, cb.cell
    ca.cell, cb.cell = cell_b, cell_a
    state.grid[cell_a], state.grid[cell_b] = b, a
    emit(ev, "moved", uid=a, frm=cell_a, to=cell_b)
    emit(ev, "moved", uid=b, frm=cell_b, to=cell_a)
    for uid, frm in ((a, cell_a), (b, cell_b)):
        shed_poison(state, uid, ev)
        relocated(state, uid, frm)


def relocated(state: GameState, uid: int, frm: int) -> None:
    """What a relocation from `frm` sets off: crossings, enemy arrivals, ambushes."""
    if state.cards[uid].modifiers and has_modifier(state, uid, "binder"):
        release_bound(state, uid, False)    # «пока … не переместится»
    moved = GameEvent("relocated", subject=uid, from_cell=spot(frm), cell=spot(state.cards[uid].cell))
    crossing(state, moved)
    arrival(state, moved)
    ambushed(state, uid)
    rotted(state, uid)
    host_arrival(state, moved)
    departure(state, moved)


def rotted(state: GameState, uid: int) -> None:
    """A creature relocated onto a cell with «гниль» markers (modifiers ("rot", cell) of a `rot_marker` card):
    each marker wounds it by the ability's `amount` if it matches its `filter`."""
    c = state.cards[uid]
    if kind_of(state, uid) != "creature" or c.zone != "board":
        return
    markers = holders(state, "rot_marker")
    jobs = [("effect_wound", o.uid, uid, ab["amount"], "effect")
            for o in state.cards if o.card_id in markers and o.on_battlefield
            for v in modifier_values(state, o.uid, "rot") if v == c.cell
            for ab in statics(state, o.uid, "rot_marker") if holds(state, uid, ab.get("filter", {}))]
    if jobs:
        push(state, *jobs, ("check_deaths",))


def departure(state: GameState, moved: GameEvent) -> None:
    """An enemy ground creature relocated away from a cell next to a card on the board: that card's triggers
    hearing it (target `"mover"`; the event also carries the cell it left)."""
    uid, frm = moved.subject, moved.from_cell
    c = state.cards[uid]
    if kind_of(state, uid) != "creature" or frm is None:
        return
    around = state.geo.around[frm]
    push(state, *dispatch(state, moved, "departure", (o for o in state.cards if o.zone == "board"
                                                      and state.seats.enemy(o.owner, c.owner) and o.cell in around)))


def host_arrival(state: GameState, moved: GameEvent) -> None:
    """A host relocated: the triggers of the symbionts seated on it that hear it (it now stands next to a card
    of the symbiont's controller matching `near`, not the host itself)."""
    uid = moved.subject
    push(state, *dispatch(state, moved, "host", (s for s in state.cards if s.zone == "seated" and s.host == uid)))


def arrival(state: GameState, moved: GameEvent) -> None:
    """An enemy ground creature relocated: the opponent's triggers hearing where it came (onto his first row
    from its own half, next to the card, into its column), then those offered once for each of his cards
    matching `near` it now stands next to."""
    uid = moved.subject
    if kind_of(state, uid) != "creature":
        return
    foes = state.seats.opponents(state.cards[uid].owner)
    hearing = [o for o in state.cards if o.owner in foes and o.zone in BATTLEFIELD]
    push(state, *dispatch(state, moved, "arrival", hearing), *dispatch(state, moved, "guard", hearing))
    frm, around = moved.from_cell, state.geo.around[state.cards[uid].cell]
    push(state, *dispatch(state, moved, "approach", (   # next to it now, not before
        o for o in state.cards if o.zone == "board" and o.uid != uid and o.cell in around
        and (frm is None or state.geo.distances[frm][o.cell] > 1))))


def ambushed(state: GameState, uid: int) -> None:
    """An enemy creature relocated onto a cell chosen for an ambush: each such card fights it with a
    simple strike as if it were open, without closing («сразиться … как с открытым, не закрываясь»)."""
    c = state.cards[uid]
    if kind_of(state, uid) != "creature":
        return
    jobs = [("strike", o.uid, uid, -1, True) for o in state.cards
            if o.modifiers and state.seats.enemy(o.owner, c.owner) and o.on_battlefield and not o.face_down
            and c.cell in modifier_values(state, o.uid, "ambush", state.turn)]
    push(state, *jobs)


def crossing(state: GameState, moved: GameEvent) -> None:
    """A creature relocated from its own half to the opponent's: the triggers of its side hearing it work,
    once per turn for each creature (marked by the modifier ("crossed", 1, this turn))."""
    uid = moved.subject
    c = state.cards[uid]
    geo = state.geo
    own = geo.own_rows(state.place(c.owner))
    frm = moved.from_cell if moved.from_cell is not None else NO_CELL
    if frm == NO_CELL or kind_of(state, uid) != "creature":
        return
    if geo.row_of(frm) not in own and geo.row_of(c.cell) in own:     # «с половины противника на вашу»
        push(state, *dispatch(state, moved, "returning", [c]))
    if geo.row_of(frm) not in own or geo.row_of(c.cell) in own:
        return
    if has_modifier(state, uid, "crossed"):
        return
    jobs = dispatch(state, moved, "crossing", (o for o in state.cards if o.owner == c.owner and o.on_battlefield))
    if jobs:
        add_modifier(state, uid, "crossed")
        push(state, *jobs)
