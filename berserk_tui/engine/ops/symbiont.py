"""Symbionts changing hosts: the rescue of a symbiont whose host died, rehosting, host triggers; the
handlers of the symbiont ops."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from ..actions import Target
from ..core import Events, ask, decision, emit, push, task
from ..death import kill
from ..dispatch import dispatch
from ..events import GameEvent
from ..geometry import NO_CELL
from ..modifiers import add_modifier
from ..places import battlefield, kind_of, symbiont_of
from ..reach import can_host, rescue_hosts
from ..state import CardState, GameState
from .revive import take_over


@task("rescue")
def rescue(state: GameState, ev: Events, rider: int, saver: int, squad: int, dead: int) -> None:
    """A symbiont whose host died is moved onto another creature of that squad instead of dying (its owner
    picks); the saver's ability is used up for that kind of symbiont."""
    if state.cards[rider].zone != "seated":
        return
    if not rescue_hosts(state, rider, squad, dead):
        kill(state, rider, ev, cause="host_died")
        return
    ask(state, state.cards[rider].owner, RescueDecision(rider, saver, squad, dead))


@decision("rescue")
class RescueDecision(NamedTuple):
    """The owner of symbiont `rider`, whose host `dead` died, picks its new host among `squad`'s creatures."""
    rider: int
    saver: int               # the card whose ability rescues it
    squad: int               # the seat whose creatures may host it
    dead: int                # the host that died

    @staticmethod
    def legal(state: GameState) -> list:
        d: RescueDecision = state.pending.data
        return [Target(u) for u in rescue_hosts(state, d.rider, d.squad, d.dead)]

    @staticmethod
    def apply(state: GameState, action: Target, ev: Events) -> None:
        d: RescueDecision = state.pending.data
        add_modifier(state, d.saver, f"rescued_{kind_of(state, d.rider)}")
        rehost(state, ev, d.rider, action.uid)


def rehost(state: GameState, ev: Events, rider: int, host: int) -> None:
    """A seated symbiont changes its host («меняет хозяина»); the `own_symbiont_rehosted` triggers of its
    controller's face-up cards follow (target "mover": the symbiont)."""
    state.cards[rider].host = host
    emit(ev, "seated", uid=rider, host=host)
    push(state, *dispatch(state, GameEvent("host_changed", subject=rider), "side",
                          battlefield(state, state.cards[rider].owner)))


def riders(state: GameState) -> dict[int, int]:
    """Host uid -> the symbiont seated on it (`symbiont_of` of each host, found in one pass)."""
    out: dict[int, int] = {}
    for c in state.cards:
        if c.zone == "seated" and c.host not in out:
            out[c.host] = c.uid
    return out


def opened_host_jobs(state: GameState, hosts: Iterable[CardState]) -> list[tuple]:
    """«Когда хозяин этой карты открывается»: the triggers of the symbionts seated on the `hosts` just opened."""
    seated = riders(state)
    if not seated:
        return []
    return [job for h in hosts if h.uid in seated
            for job in dispatch(state, GameEvent("opened", subject=h.uid), "host", [state.cards[seated[h.uid]]])]


def seated_on(state: GameState, hosts: Iterable[CardState]) -> list[CardState]:
    """The symbionts seated on `hosts`, in the hosts' order."""
    seated = riders(state)
    return [state.cards[seated[h.uid]] for h in hosts if h.uid in seated] if seated else []


# --- the handlers of the symbiont ops ------------------------------------------------------------------

def op_take_over(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                 ctx: GameEvent | None) -> None:
    """Its target is a dead creature."""
    take_over(state, ev, src, target)


def op_make_parasite(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                     ctx: GameEvent | None) -> None:
    """«Сделать его своим паразитом»: it leaves its cell to sit on the source."""
    c = state.cards[target]
    if c.zone == "board" and state.cards[src].zone == "board" and symbiont_of(state, src) == -1 \
            and symbiont_of(state, target) == -1:
        state.grid[c.cell] = -1
        c.zone, c.cell, c.host = "seated", NO_CELL, src
        emit(ev, "seated", uid=target, host=src)


def op_reseat(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
              ctx: GameEvent | None) -> None:
    """«Поместить (этого симбиота) на ваше существо»."""
    s = state.cards[src]
    if s.zone == "seated" and target != s.host:
        rehost(state, ev, src, target)


def op_pass_symbiont(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                     ctx: GameEvent | None) -> None:
    """«Если у него есть паразит, поместить его на атакованного»."""
    rider = symbiont_of(state, src)
    if rider != -1 and not state.cards[rider].face_down and kind_of(state, rider) == eff["kind"] \
            and can_host(state, rider, target):
        rehost(state, ev, rider, target)
