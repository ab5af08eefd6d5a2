"""More steppe ops (helper steppe): the exchange of control of Бардак (rules decision 878), the «Найм» shot
Артобстрел gives its controller's orcs (rules decision 884) and Курдаш guarding his hero (rules decision 879).

A creature Бардак passes is under the other player's control (`zones.take_control`) until the end of the turn
(modifier "borrowed"; `END_OF_TURN_HOOKS` gives it back).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core import Events, ask, emit, push
from .. import zones
from ..actions import Pass, Target
from ..book import decision, task
from ..cards import abilities
from ..state import HeroesState
from ..turns import END_OF_TURN_HOOKS
from . import shots
from .modules import classes, statics
from .table import EFFECT, Ctx, amount, op

# --- Бардак ------------------------------------------------------------------------------------------------------


@op("swap_control", EFFECT)
def op_swap_control(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Выберите Х ваших существ и Х существ противника: X is chosen here, one own creature at a time (at most as
    many as the opponent has); then as many of the opponent's."""
    push(state, ("swap_pick", ctx.seat, ctx.seat, (), amount(state, ctx, node) or len(state.players[ctx.seat].play)))


@task("swap_pick")
def _swap_pick(state: HeroesState, ev: Events, seat: int, side: int, picked: tuple, limit: int) -> None:
    """`seat` picks a creature of `side`'s; own ones until he stops (or none is left), then as many enemy ones."""
    own = [u for u in picked if state.cards[u].owner == seat]
    most = min(limit, len(state.players[seat].play), len(state.players[1 - seat].play))
    if side == seat and len(own) >= most:
        side = 1 - seat
    if side != seat and len(picked) - len(own) >= len(own):
        exchange(state, ev, picked)
        return
    options = tuple(u for u in state.players[side].play if u not in picked)
    ask(state, seat, SwapDecision(seat, side, picked, limit, options))


@decision("swap")
class SwapDecision(NamedTuple):
    """Бардак: `seat` picks one more creature of `side` (`Target`); while picking his own he may stop (`Pass`)."""
    seat: int
    side: int
    picked: tuple
    limit: int
    options: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        data = state.pending.data
        return [*([Pass()] if data.side == data.seat else []), *(Target(u) for u in data.options)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        if type(action) is Pass:
            push(state, ("swap_pick", data.seat, 1 - data.seat, data.picked, data.limit))
        else:
            push(state, ("swap_pick", data.seat, data.side, (*data.picked, action.uid), data.limit))


def exchange(state: HeroesState, ev: Events, uids: tuple) -> None:
    """The creatures are readied, gain Рывок and pass under the other player's control until the end of the turn
    (`zones.take_control`; a creature that dies goes to its owner's graveyard)."""
    for uid in uids:
        c = state.cards[uid]
        c.closed = False
        c.uses = ()
        zones.take_control(state, ev, uid, 1 - c.owner)
        c.modifiers = (*c.modifiers, ("kw", "dash", state.turn), ("borrowed", 1, state.turn))


@END_OF_TURN_HOOKS.append
def _give_back(state: HeroesState, ev: Events) -> None:
    """At the end of the turn each creature Бардак passed goes back under its owner's control."""
    borrowed = [u for p in state.players for u in p.play if any(m[0] == "borrowed" for m in state.cards[u].modifiers)]
    for uid in borrowed:
        c = state.cards[uid]
        c.modifiers = tuple(m for m in c.modifiers if m[0] != "borrowed")
        zones.take_control(state, ev, uid, next((m[1] for m in c.modifiers if m[0] == "owner"), c.owner))


# --- Артобстрел ----------------------------------------------------------------------------------------------------

@zones.ENTER_HOOKS.append
def _hire_shot(state: HeroesState, ev: Events, uid: int) -> None:
    """An orc entering play under a player with Артобстрел shoots 1 at an enemy character the opponent picks."""
    seat = state.cards[uid].owner
    for support in state.players[seat].support:
        for ab in abilities(state, support):
            if ab.get("static") == "class_hire_shot" and ab["class"] in classes(state, uid):
                push(state, ("hire_shot", uid, ab["amount"]))


@task("hire_shot")
def _hire_shot_aim(state: HeroesState, ev: Events, uid: int, power: int) -> None:
    """The opponent picks one of his characters that may be chosen (rules decision 974)."""
    shots.aim(state, ev, uid, state.cards[uid].owner, "enemy_character_their", shots.shot_power(state, uid, power))


# --- Курдаш ------------------------------------------------------------------------------------------------------

@zones.PREVENTERS.append
def _guarded(state: HeroesState, uid: int, value: int, source: int) -> int:
    """Wounds to a hero whose player has Курдаш in play wait for his choice (decision "guard"; rules decision 879)."""
    if state.cards[uid].zone != "hero" or any(m[0] == "unguarded" for m in state.cards[uid].modifiers):
        return value
    if not _guards(state, state.cards[uid].owner):
        return value
    push(state, ("guard_ask", uid, value, source))
    return 0


def _guards(state: HeroesState, seat: int) -> tuple[int, ...]:
    return tuple(u for u in state.players[seat].play if "hero_guard" in statics(state, u))


@task("guard_ask")
def _guard_ask(state: HeroesState, ev: Events, hero: int, value: int, source: int) -> None:
    guards = _guards(state, state.cards[hero].owner)
    if guards:
        ask(state, state.cards[hero].owner, GuardDecision(hero, value, source, guards))
    else:
        _take(state, ev, hero, value, source)


def _take(state: HeroesState, ev: Events, hero: int, value: int, source: int) -> None:
    """The hero takes the wounds after all (no other guard asks again)."""
    c = state.cards[hero]
    c.modifiers = (*c.modifiers, ("unguarded", 1, state.turn))
    zones.wound(state, ev, hero, value, source)
    c.modifiers = tuple(m for m in c.modifiers if m[0] != "unguarded")
    zones.settle(state, ev)


@decision("guard")
class GuardDecision(NamedTuple):
    """The hero's player destroys one of his `guards` (`Target`) to prevent `value` wounds and destroy their source
    (a creature or a support card in play), or lets the hero take them (`Pass`)."""
    hero: int
    value: int
    source: int
    guards: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Pass(), *(Target(u) for u in state.pending.data.guards)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        if type(action) is Pass:
            _take(state, ev, data.hero, data.value, data.source)
            return
        emit(ev, "wounds_prevented", uid=data.hero, amount=data.value, by=action.uid)
        zones.to_grave(state, ev, action.uid, cause="destroyed")
        if data.source >= 0 and state.cards[data.source].zone in ("play", "support"):
            zones.to_grave(state, ev, data.source, cause="destroyed")
        zones.settle(state, ev)
