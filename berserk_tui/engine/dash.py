"""Рывок (dash): after its attack, in its controller's turn, a creature may step to a free
orthogonally adjacent cell, once per turn (docs/rules-decisions.md)."""

from __future__ import annotations

from typing import Any, NamedTuple

from .actions import PickCell, Skip
from .cells import free_cells
from .core import Events, ask, decision, emit, push, task
from .dispatch import dispatch
from .events import GameEvent
from .keywords import has_static, kw
from .places import adjacent, battlefield, is_creature
from .reach import barred
from .state import GameState
from .zones import relocate, swap


def dash_cells(state: GameState, uid: int) -> list[int]:
    """Cells `uid` may dash to now; [] when it has no dash left this turn."""
    c = state.cards[uid]
    if c.zone != "board" or c.face_down or state.active != c.owner or c.dash_turn == state.turn:
        return []
    if not kw(state, uid, "dash"):
        return []
    cells = [x for x in free_cells(state, state.geo.orthogonal[c.cell]) if not barred(state, uid, x)]
    if has_static(state, uid, "dash_swap"):     # «вместо рывка может поменяться местами»: the partner's cell
        cells += sorted(o.cell for o in battlefield(state, c.owner) if o.uid != uid and o.zone == "board"
                        and not o.face_down and is_creature(state, o.uid) and not kw(state, o.uid, "incorporeal")
                        and adjacent(state, uid, o.uid))
    return cells


@task("dash")
def dash(state: GameState, ev: Events, uid: int, target: int, cell: int) -> None:
    """Offer the dash after an attack of `uid` at `target` (then on `cell`) has resolved."""
    if state.winner == -1 and dash_cells(state, uid):
        ask(state, state.cards[uid].owner, DashDecision(uid, target, cell))


@decision("dash")
class DashDecision(NamedTuple):
    """After its attack `uid` may dash (or stay)."""
    uid: int
    target: int              # the card it attacked
    cell: int                # the cell of that card

    @staticmethod
    def legal(state: GameState) -> list:
        return [*(PickCell(x) for x in dash_cells(state, state.pending.data.uid)), Skip()]

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        d: DashDecision = state.pending.data
        uid = d.uid
        if isinstance(action, Skip):
            return
        c = state.cards[uid]
        c.dash_turn = state.turn
        if state.grid[action.cell] != -1:       # a swap instead of the dash (`dash_swap`)
            swap(state, uid, state.grid[action.cell], ev)
            return
        emit(ev, "dashed", uid=uid)
        relocate(state, uid, action.cell, ev)
        push(state, *dash_triggers(state, uid))
        t = state.cards[d.target]
        if action.cell == d.cell and not t.on_battlefield and state.seats.enemy(t.owner, c.owner):   # onto its kill
            push(state, *dispatch(state, GameEvent("dashed", subject=uid, cause="onto_kill"), "onto_kill",
                                  battlefield(state, c.owner)))


def dash_triggers(state: GameState, uid: int) -> list[tuple]:
    """Its own «при рывке» abilities, then those of own cards it dashed next to."""
    dashed = GameEvent("dashed", subject=uid)
    return dispatch(state, dashed, "self", [state.cards[uid]]) \
        + dispatch(state, dashed, "adjacent", (o for o in battlefield(state, state.cards[uid].owner)
                                               if o.uid != uid and adjacent(state, o.uid, uid)))
