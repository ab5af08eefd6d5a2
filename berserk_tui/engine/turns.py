"""The turn flow: the battle's start, the start and end of a turn (opening, incarnation, reveals) and the idle step
that asks for the main decision."""

from __future__ import annotations

from itertools import zip_longest
from typing import Any, NamedTuple

from .actions import PickCell
from .cells import free_cells, identity_learned
from .closing import opened_jobs
from .conditions import holds
from .core import Events, ask, decision, emit, idle, push, task
from .death import check_victory, kill
from .dispatch import dispatch
from .events import GameEvent
from .geometry import NO_CELL
from .keywords import has_static, kw, max_moves, statics
from .main_phase import MainDecision
from .modifiers import expire_modifiers, has_modifier, modifier_entries, modifier_values
from .ops.revive import token_jobs
from .ops.symbiont import opened_host_jobs, seated_on
from .ops.trigger import TURN_ENDED, TURN_STARTED, concentration_jobs, turn_start_jobs
from .places import battlefield, foes, sharing
from .refs import resolve
from .seats import DRAW
from .state import BATTLEFIELD, GameState
from .zones import reveal_now


@task("battle_start")
def battle_start(state: GameState, ev: Events) -> None:
    state.phase = "battle"
    emit(ev, "battle_start")
    check_victory(state, ev)
    started = GameEvent("battle_started")
    per_seat = [dispatch(state, started, "battle", battlefield(state, s)) for s in state.seats.rounds[state.first]]
    jobs = [job for pair in zip_longest(*per_seat) for job in pair if job is not None]   # alternately
    push(state, *jobs, ("vanguard_offers",), ("turn_start", state.first))


@task("turn_start")
def turn_start(state: GameState, ev: Events, seat: int) -> None:
    state.turn += 1
    state.active = seat
    if state.turn > state.rules.turn_limit:
        state.winner, state.stalled, state.phase = DRAW, True, "over"
        emit(ev, "game_over", winner=DRAW, stalled=True)
        return
    emit(ev, "turn", seat=seat, turn=state.turn)
    jobs: list[tuple] = []
    for c in battlefield(state, seat):
        if c.face_down:
            jobs.append(("reveal", c.uid))
    hosts = dispatch(state, TURN_STARTED, "host", seated_on(state, battlefield(state, seat)))   # before they open
    push(state, *hosts, ("open_cards", seat), *jobs, ("incarnation", seat), ("turn_start_effects", seat))


@task("open_cards")
def open_cards(state: GameState, ev: Events, seat: int) -> None:
    """The active player's cards open (but for one kept closed this turn, «может не открываться»)."""
    opened = []
    for c in battlefield(state, seat):
        c.moved = False
        if c.closed and not kept_closed(state, c.uid):
            c.closed = False
            opened.append(c)
    push(state, *opened_host_jobs(state, opened), *[job for c in opened for job in opened_jobs(state, c.uid)])


def kept_closed(state: GameState, uid: int) -> bool:
    """Does card `uid` stay closed as its cards open this turn («не открывается в начале своего хода»)?"""
    return bool(state.cards[uid].modifiers) and (has_modifier(state, uid, "stay_closed", state.turn) or any(
        e == state.turn and not holds(state, uid, resolve(state.db, ref))
        for ref, e in modifier_entries(state, uid, "stay_closed_unless")))


@task("turn_start_effects")
def turn_start_effects(state: GameState, ev: Events, seat: int) -> None:
    restore_moves(state, seat)
    push(state, *turn_start_jobs(state, seat), *opponent_start_jobs(state, seat))


def restore_moves(state: GameState, seat: int) -> None:
    """After the reveals of a turn's start (cards revealed now get their moves too)."""
    for c in battlefield(state, seat):
        c.moves = max_moves(state, c.uid)


def opponent_start_jobs(state: GameState, seat: int) -> list[tuple]:
    """The «в начале хода противника» abilities of `seat`'s opponents, on the battlefield and in the graveyard."""
    theirs = dispatch(state, TURN_STARTED, "opponent", foes(state, seat))
    graves = [state.cards[u] for s in state.seats.opponents(seat) for u in state.players[s].grave]
    if graves:          # «в начале хода противника, если эта карта на кладбище»
        theirs += dispatch(state, TURN_STARTED, "opponent_grave", graves)
    return theirs


@task("incarnation")
def incarnation(state: GameState, ev: Events, seat: int) -> None:
    ready: list[tuple] = []
    for uid in state.players[seat].grave:
        c = state.cards[uid]
        need = kw(state, uid, "incarnation")      # printed or gained («получает Инкарнацию N»)
        if not need or c.incarnated:
            continue
        c.inc_tokens = min(need, c.inc_tokens + 1)
        emit(ev, "incarnation_token", uid=uid, tokens=c.inc_tokens)
        ready += token_jobs(state, uid)
        if c.inc_tokens == need:
            ready.append(("incarnate", uid))
    push(state, *ready)


def incarnation_cells(state: GameState, uid: int) -> tuple[list[int], list[int]]:
    """(the usual cell: the first free cell of its owner's third row, if any; the cells of own face-up
    cards with `incarnation_gate` it may incarnate onto instead) of a ground creature in the graveyard."""
    c = state.cards[uid]
    if state.db.cards[c.card_id].kind == "flyer":
        return [], []
    geo = state.geo
    back = geo.own_rows(state.place(c.owner))[2]
    free = free_cells(state, (cell for cell in range(geo.cells) if geo.row_of(cell) == back))[:1]
    gates = [g.cell for g in battlefield(state, c.owner) if g.zone == "board" and not sharing(state, g.uid)
             and has_static(state, g.uid, "incarnation_gate")]
    return free, gates


@task("incarnate")
def incarnate(state: GameState, ev: Events, uid: int) -> None:
    """A card with all its incarnation tokens returns (closed, decision 25), or — when its owner has a
    card with `incarnation_gate` — he picks the cell: the usual one or a gate's (open, the gate exiled)."""
    marked = marker_cell(state, uid)
    if marked is not None:          # «инкарнирует только на клетке с маркером …»
        if marked != NO_CELL:
            for o in [o.uid for o in state.cards if o.zone == "board" and o.cell == marked]:
                kill(state, o, ev, cause="destroyed")
            incarnate_at(state, uid, marked, ev, opened=True)
        return
    free, gates = incarnation_cells(state, uid)
    if gates:
        ask(state, state.cards[uid].owner, IncarnateDecision(uid))
    elif free or state.db.cards[state.cards[uid].card_id].kind == "flyer":
        incarnate_at(state, uid, free[0] if free else NO_CELL, ev)


def marker_cell(state: GameState, uid: int) -> int | None:
    """For a card with `incarnate_on_marker`: the cell of its marker (NO_CELL without one); None otherwise."""
    abs_ = statics(state, uid, "incarnate_on_marker")
    if not abs_:
        return None
    cells = modifier_values(state, uid, f"cell_{abs_[0]['marker']}")
    return cells[0] if cells else NO_CELL


def incarnate_at(state: GameState, uid: int, cell: int, ev: Events, opened: bool = False) -> None:
    c = state.cards[uid]
    gate = -1 if cell == NO_CELL else state.grid[cell]
    if gate != -1:
        kill(state, gate, ev, cause="incarnation_gate", banish=True, judge=False)
    p = state.players[c.owner]
    p.grave = tuple(u for u in p.grave if u != uid)
    c.inc_tokens, c.incarnated, c.face_down, c.closed = 0, True, False, gate == -1 and not opened
    if cell == NO_CELL:
        c.zone = "extra"
    else:
        c.zone, c.cell = "board", cell
        state.grid[cell] = uid
    emit(ev, "incarnated", uid=uid, cell=c.cell)
    entered = GameEvent("entered", subject=uid, cause="incarnation")
    push(state, *dispatch(state, entered, "incarnation", foes(state, c.owner)),
         *dispatch(state, entered, "incarnated", [c]), *dispatch(state, entered, "own_incarnation",
                                                                  battlefield(state, c.owner)))


@decision("incarnate")
class IncarnateDecision(NamedTuple):
    """Where an incarnating card returns: the usual cell, or a gate's cell (open, the gate exiled)."""
    uid: int

    @staticmethod
    def legal(state: GameState) -> list:
        free, gates = incarnation_cells(state, state.pending.data.uid)
        return [PickCell(x) for x in sorted((*free, *gates))]

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        incarnate_at(state, state.pending.data.uid, action.cell, ev)


@task("turn_end")
def turn_end(state: GameState, ev: Events, seat: int) -> None:
    ends = dispatch(state, TURN_ENDED, "sides", [c for s in (seat, *state.seats.opponents(seat))
                                                 for c in state.cards if c.owner == s and c.zone in BATTLEFIELD])
    concentration = [job for foe in state.seats.opponents(seat) for job in concentration_jobs(state, foe)]
    push(state, *concentration, *ends, ("flights_end",), ("doom_deaths",),
         ("turn_over", seat))


@task("turn_over")
def turn_over(state: GameState, ev: Events, seat: int) -> None:
    expire_modifiers(state)
    emit(ev, "turn_end", seat=seat, turn=state.turn)
    push(state, ("turn_start", state.seats.next[seat]))


@idle
def _idle(state: GameState) -> None:
    if state.phase == "battle":
        ask(state, state.active, MainDecision())
    else:
        raise RuntimeError(f"nothing to do in phase {state.phase!r}")


@task("reveal")
def reveal(state: GameState, ev: Events, uid: int) -> None:
    """Turn a card face up (a card placed face up only takes off, if it is a flyer or terrain)."""
    c = state.cards[uid]
    if not c.on_battlefield:
        return
    if c.card_id is None:
        ask(state, c.owner, RevealDecision(uid))
        return
    reveal_now(state, uid, ev)
    check_victory(state, ev)            # revealed as an artifact or terrain: it no longer counts


@decision("reveal")
class RevealDecision(NamedTuple):
    """Peer-to-peer only: the owner supplies the identity of a card this side cannot see."""
    uid: int

    @staticmethod
    def legal(state: GameState) -> list:
        return []

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        uid = state.pending.data.uid
        state.cards[uid].card_id = action.card_id
        identity_learned(state)
        reveal_now(state, uid, ev)
        check_victory(state, ev)
