"""Before the first turn, after the deployment: the reveal of the squads and the seating of symbionts and
equipment on their hosts."""

from __future__ import annotations

from typing import NamedTuple

from cards.schema import CardDef

from .actions import Seat
from .conditions import classes_of, holds
from .core import Events, ask, decision, emit, push, task
from .death import kill
from .geometry import NO_CELL
from .keywords import has_static, kw
from .places import battlefield, equipment_of, symbiont_of
from .reach import can_host
from .state import GameState


@task("reveal_all")
def reveal_all(state: GameState, ev: Events) -> None:
    state.phase = "reveal"
    geo = state.geo
    jobs: list[tuple] = []
    for seat in state.seats.rounds[state.first]:
        area = geo.areas[state.place(seat)]
        for uid in state.players[seat].squad:
            c = state.cards[uid]
            if c.zone != "board":
                continue
            hidden_row = c.face_down and not area.first and geo.row_of(c.cell) == area.rows[2]
            if not hidden_row or _needs_host(state, uid):
                jobs.append(("reveal", uid))
    push(state, *jobs, ("seat_symbionts", 0))


def _needs_host(state: GameState, uid: int) -> bool:
    """A symbiont or an equipment: the rules reveal it even in the hidden row (rules decision 29)."""
    d = state.cdef(uid)
    return d is not None and d.needs_host


def _seating_order(state: GameState) -> list[tuple[int, str]]:
    """Companions, then parasites, then equipment (seed 004: after the symbionts), each kind in turn order."""
    return [(seat, kind) for kind in ("companion", "parasite", "equipment") for seat in state.seats.rounds[state.first]]


@task("seat_symbionts")
def seat_symbionts(state: GameState, ev: Events, step: int) -> None:
    order = _seating_order(state)
    while step < len(order):
        seat, kind = order[step]
        for uid in state.players[seat].squad:
            c = state.cards[uid]
            d = state.cdef(uid)
            if c.zone == "board" and not c.face_down and d is not None and d.kind == kind:
                push(state, ("seat_one", uid), ("seat_symbionts", step))
                return
        step += 1
    push(state, ("battle_start",))


def host_candidates(state: GameState, symbiont: int) -> list[int]:
    """Creatures a symbiont or an equipment may be put on."""
    s = state.cards[symbiont]
    d = state.cdef(symbiont)
    if d.kind == "equipment":
        return equipment_hosts(state, s.owner, d)
    out = []
    for seat in (s.owner,) if d.kind == "companion" else state.seats.opponents(s.owner):
        front = state.geo.own_rows(state.place(seat))[0]
        out += [uid for uid in state.players[seat].squad if _may_host(state, uid, d, front)]
    return out + (own_parasite_hosts(state, symbiont) if d.kind == "parasite" else [])


def _may_host(state: GameState, uid: int, d: CardDef, front: int) -> bool:
    """May the symbiont `d` sit on card `uid` of the squad whose front row is `front`?"""
    c = state.cards[uid]
    hd = state.cdef(uid)
    if c.zone != "board" or c.face_down or hd is None or hd.kind != "creature":
        return False
    if d.kind == "parasite" and state.geo.row_of(c.cell) != front:
        return False
    if symbiont_of(state, uid) != -1:
        return False
    if kw(state, uid, "incorporeal") and not d.keywords.get("incorporeal"):
        return False
    return not any(ab["type"] == "host_filter" and not holds(state, uid, ab["filter"]) for ab in d.abilities)


def own_parasite_hosts(state: GameState, parasite: int) -> list[int]:
    """Creatures of the parasite's owner with `own_parasite_host` («можете поместить своего паразита на …
    при рассадке») that it may sit on, in any row."""
    return [c.uid for c in battlefield(state, state.cards[parasite].owner)
            if has_static(state, c.uid, "own_parasite_host") and can_host(state, parasite, c.uid)]


def equipment_hosts(state: GameState, seat: int, d: CardDef) -> list[int]:
    """Seed 004, «Экипировка»: own face-up ground creatures on the board that have a class, are not
    incorporeal and carry no equipment of that class yet."""
    out = []
    for uid in state.players[seat].squad:
        c = state.cards[uid]
        hd = state.cdef(uid)
        if c.zone != "board" or c.face_down or hd is None or hd.kind != "creature" or not classes_of(state, uid):
            continue
        if kw(state, uid, "incorporeal") or any(state.cdef(e.uid).classes == d.classes
                                                for e in equipment_of(state, uid)):
            continue
        out.append(uid)
    return out


@task("seat_one")
def seat_one(state: GameState, ev: Events, uid: int) -> None:
    hosts = host_candidates(state, uid)
    if hosts:
        ask(state, state.cards[uid].owner, SeatDecision(uid))
        return
    emit(ev, "unseated", uid=uid)
    kill(state, uid, ev, cause="unseated")


@decision("seat")
class SeatDecision(NamedTuple):
    """The owner of symbiont or equipment `uid` picks the creature it sits on."""
    uid: int

    @staticmethod
    def legal(state: GameState) -> list:
        return [Seat(h) for h in host_candidates(state, state.pending.data.uid)]

    @staticmethod
    def apply(state: GameState, action: Seat, ev: Events) -> None:
        uid = state.pending.data.uid
        c = state.cards[uid]
        state.grid[c.cell] = -1
        equipment = state.cdef(uid).kind == "equipment"
        c.zone, c.cell, c.host = ("equipped" if equipment else "seated"), NO_CELL, action.host
        emit(ev, "equipped" if equipment else "seated", uid=uid, host=action.host)
