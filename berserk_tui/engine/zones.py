"""Moving cards between places: revealing a face-down card, relocating a card to a free cell."""

from __future__ import annotations

from .board import NO_CELL, own_rows, row_of
from .core import Events, emit, push
from .query import adjacent, kind_of
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
    frm, c.cell = c.cell, cell
    state.grid[cell] = uid
    relocated(state, uid, frm)


def relocated(state: GameState, uid: int, frm: int) -> None:
    """What a relocation from `frm` sets off: crossings, enemy arrivals, ambushes."""
    crossing(state, uid, frm)
    arrival(state, uid, frm)
    ambushed(state, uid)


def arrival(state: GameState, uid: int, frm: int) -> None:
    """An enemy ground creature relocated: the opponent's «enemy_enters_front» abilities when it came from
    its own half onto his first row, and «enemy_arrives_adjacent» of his cards it now stands next to."""
    c = state.cards[uid]
    if kind_of(state, uid) != "creature":
        return
    foe = 1 - c.owner
    entered = row_of(frm) in own_rows(state.is_first(c.owner)) and row_of(c.cell) == own_rows(state.is_first(foe))[0]
    jobs = [("trigger", o.uid, i, ("mover", uid)) for o in state.cards
            if o.owner == foe and o.on_battlefield and not o.face_down
            for i, ab in enumerate(state.db.cards[o.card_id].abilities)
            if ab["type"] == "trigger" and ((ab["on"] == "enemy_enters_front" and entered)
                                            or (ab["on"] == "enemy_arrives_adjacent" and adjacent(state, o.uid, uid)))]
    push(state, *jobs)


def ambushed(state: GameState, uid: int) -> None:
    """An enemy creature relocated onto a cell chosen for an ambush: each such card fights it with a
    simple strike as if it were open, without closing («сразиться … как с открытым, не закрываясь»)."""
    c = state.cards[uid]
    if kind_of(state, uid) != "creature":
        return
    jobs = [("strike", o.uid, uid, -1, True) for o in state.cards
            if o.owner != c.owner and o.on_battlefield and not o.face_down
            and any(k == "ambush" and v == c.cell and until >= state.turn for k, v, until in o.buffs)]
    push(state, *jobs)


def crossing(state: GameState, uid: int, frm: int) -> None:
    """A creature relocated from its own half to the opponent's: «own_crosses» abilities of its side
    work, once per turn for each creature (marked by the buff ("crossed", 1, this turn))."""
    c = state.cards[uid]
    own = own_rows(state.is_first(c.owner))
    if row_of(frm) not in own or row_of(c.cell) in own or kind_of(state, uid) != "creature":
        return
    if any(k == "crossed" for k, _, _ in c.buffs):
        return
    jobs = [("trigger", o.uid, i, ("mover", uid)) for o in state.cards
            if o.owner == c.owner and o.on_battlefield and not o.face_down
            for i, ab in enumerate(state.db.cards[o.card_id].abilities)
            if ab["type"] == "trigger" and ab["on"] == "own_crosses"]
    if jobs:
        c.buffs += (("crossed", 1, state.turn),)
        push(state, *jobs)
