"""Moving cards between places: revealing a face-down card, relocating a card to a free cell."""

from __future__ import annotations

from .conditions import holds
from .core import Events, emit, push
from .geometry import NO_CELL
from .keywords import statics
from .modifiers import add_modifier, has_modifier, modifier_values
from .places import adjacent, kind_of, position
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
    crossing(state, uid, frm)
    arrival(state, uid, frm)
    ambushed(state, uid)
    rotted(state, uid)
    host_arrival(state, uid)
    departure(state, uid, frm)


def rotted(state: GameState, uid: int) -> None:
    """A creature relocated onto a cell with «гниль» markers (modifiers ("rot", cell) of a `rot_marker` card):
    each marker wounds it by the ability's `amount` if it matches its `filter`."""
    c = state.cards[uid]
    if kind_of(state, uid) != "creature" or c.zone != "board":
        return
    jobs = [("effect_wound", o.uid, uid, ab["amount"], "effect")
            for o in state.cards if o.on_battlefield for v in modifier_values(state, o.uid, "rot") if v == c.cell
            for ab in statics(state, o.uid, "rot_marker") if holds(state, uid, ab.get("filter", {}))]
    if jobs:
        push(state, *jobs, ("check_deaths",))


def departure(state: GameState, uid: int, frm: int) -> None:
    """An enemy ground creature relocated away from a cell next to a card: that card's «enemy_leaves_adjacent»
    abilities (target `"mover"`; the context also carries the cell it left)."""
    c = state.cards[uid]
    if kind_of(state, uid) != "creature" or frm == NO_CELL:
        return
    push(state, *[("trigger", o.uid, i, ("mover", uid, frm)) for o in state.cards
                  if o.owner != c.owner and o.zone == "board" and not o.face_down and o.cell in state.geo.around[frm]
                  for i, ab in enumerate(state.db.cards[o.card_id].abilities)
                  if ab["type"] == "trigger" and ab["on"] == "enemy_leaves_adjacent"])


def host_arrival(state: GameState, uid: int) -> None:
    """A host relocated: «host_arrives_near» of its face-up symbionts when it now stands next to a card of
    the symbiont's controller matching the ability's `vs` (not the host itself)."""
    jobs = []
    for s in state.cards:
        if s.zone != "seated" or s.host != uid or s.face_down:
            continue
        for i, ab in enumerate(state.db.cards[s.card_id].abilities):
            if ab["type"] == "trigger" and ab["on"] == "host_arrives_near" and any(
                    o.uid != uid and o.zone == "board" and adjacent(state, o.uid, uid)
                    and holds(state, o.uid, ab.get("vs", {})) for o in state.cards if o.owner == s.owner):
                jobs.append(("trigger", s.uid, i, ("mover", uid)))
    push(state, *jobs)


def arrival(state: GameState, uid: int, frm: int) -> None:
    """An enemy ground creature relocated: the opponent's «enemy_enters_front» abilities when it came from
    its own half onto his first row, and «enemy_arrives_adjacent» of his cards it now stands next to."""
    c = state.cards[uid]
    if kind_of(state, uid) != "creature":
        return
    geo, foes = state.geo, state.seats.opponents(c.owner)
    entered = geo.row_of(frm) in geo.own_rows(state.place(c.owner)) \
        and geo.row_of(c.cell) in [geo.own_rows(state.place(foe))[0] for foe in foes]
    jobs = [("trigger", o.uid, i, ("mover", uid)) for o in state.cards
            if o.owner in foes and o.on_battlefield and not o.face_down
            for i, ab in enumerate(state.db.cards[o.card_id].abilities)
            if ab["type"] == "trigger" and ((ab["on"] == "enemy_enters_front" and entered)
                                            or (ab["on"] == "enemy_arrives_adjacent" and adjacent(state, o.uid, uid))
                                            or (ab["on"] == "enemy_enters_column" and same_column(state, o.uid, uid)))]
    push(state, *jobs, *(job for foe in foes for job in guard_jobs(state, uid, foe)))


def guard_jobs(state: GameState, uid: int, foe: int) -> list[tuple]:
    """«Enemy_arrives_near_guard»: for each own card matching the ability's `vs` that the enemy creature
    `uid` now stands next to, the ability of `foe`'s card is offered with that guard (ctx "mover", uid, guard)."""
    jobs = []
    for o in state.cards:
        if o.owner != foe or not o.on_battlefield or o.face_down:
            continue
        for i, ab in enumerate(state.db.cards[o.card_id].abilities):
            if ab["type"] == "trigger" and ab["on"] == "enemy_arrives_near_guard":
                jobs += [("trigger", o.uid, i, ("mover", uid, g.uid)) for g in state.cards
                         if g.owner == foe and g.on_battlefield and holds(state, g.uid, ab.get("vs", {}))
                         and adjacent(state, g.uid, uid)]
    return jobs


def same_column(state: GameState, a: int, b: int) -> bool:
    """Do cards `a` and `b` stand on cells of one column («клетка столбца, в котором стоит …»)?"""
    pa, pb = position(state, a), position(state, b)
    return pa != NO_CELL and pb != NO_CELL and state.geo.col_of(pa) == state.geo.col_of(pb)


def ambushed(state: GameState, uid: int) -> None:
    """An enemy creature relocated onto a cell chosen for an ambush: each such card fights it with a
    simple strike as if it were open, without closing («сразиться … как с открытым, не закрываясь»)."""
    c = state.cards[uid]
    if kind_of(state, uid) != "creature":
        return
    jobs = [("strike", o.uid, uid, -1, True) for o in state.cards
            if o.owner != c.owner and o.on_battlefield and not o.face_down
            and c.cell in modifier_values(state, o.uid, "ambush", state.turn)]
    push(state, *jobs)


def crossing(state: GameState, uid: int, frm: int) -> None:
    """A creature relocated from its own half to the opponent's: «own_crosses» abilities of its side
    work, once per turn for each creature (marked by the modifier ("crossed", 1, this turn))."""
    c = state.cards[uid]
    geo = state.geo
    own = geo.own_rows(state.place(c.owner))
    if geo.row_of(frm) not in own or geo.row_of(c.cell) in own or kind_of(state, uid) != "creature":
        return
    if has_modifier(state, uid, "crossed"):
        return
    jobs = [("trigger", o.uid, i, ("mover", uid)) for o in state.cards
            if o.owner == c.owner and o.on_battlefield and not o.face_down
            for i, ab in enumerate(state.db.cards[o.card_id].abilities)
            if ab["type"] == "trigger" and ab["on"] == "own_crosses"]
    if jobs:
        add_modifier(state, uid, "crossed")
        push(state, *jobs)
