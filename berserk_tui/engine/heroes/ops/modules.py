"""Mechanisms and their modules (rules decisions 832, 874): a card with Модуль that enters play may be attached by
its controller to another mechanism of his; it is then a part of that creature (zone "part", its modifier "host"),
not a creature of its own: the creature's attack and health grow by the part's, and it has the part's keywords and
static abilities; a part's «Гибель» is heard when the whole creature dies, and its parts go with it. Антиграв
(`parts_to_hand`) replaces that death: the parts but itself go to the hand, itself to the graveyard.

Also the class questions the steppe cards ask: `classes` (printed, set by an effect, Механизм once upgraded) and
`is_mechanism`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from cards.heroes.terms.model import lookup

from ...core import Events, ask, emit, push
from .. import zones
from ..actions import Pass, Target
from ..book import decision, task
from ..cards import CREATURE, abilities, attack, keyword, life
from ..state import HeroesState
from ..triggers import HEvent, fire
from .table import EFFECT, Ctx, amount, op

MECHANISM = "Механизм"
NOT_SHARED = ("module", "created", "horde", "unique")     # keywords of the card itself, not of the creature


def classes(state: HeroesState, uid: int) -> tuple[str, ...]:
    """The card's classes now: printed (or the one an effect set: modifier "class"), and Механизм once upgraded."""
    made = [m[1] for m in state.cards[uid].modifiers if m[0] == "class"]
    printed = (made[-1],) if made else state.cdef(uid).classes
    upgraded = any(m[0] == "upgraded" for m in state.cards[uid].modifiers)
    return (*printed, MECHANISM) if upgraded and MECHANISM not in printed else printed


def is_mechanism(state: HeroesState, uid: int) -> bool:
    return state.cdef(uid).type == CREATURE and MECHANISM in classes(state, uid)


def parts(state: HeroesState, host: int) -> list[int]:
    """The modules attached to creature `host`, in the order they were attached (card uids)."""
    return [c.uid for c in state.cards if c.zone == "part" and ("host", host, -1) in c.modifiers]


def statics(state: HeroesState, uid: int) -> set[str]:
    """The static abilities the creature has: its own and its parts'."""
    return {ab["static"] for u in (uid, *parts(state, uid)) for ab in abilities(state, u) if ab["type"] == "static"}


def hosts(state: HeroesState, uid: int) -> list[int]:
    """The creatures module `uid` may be attached to: its controller's other mechanisms in play."""
    return [u for u in state.players[state.cards[uid].owner].play if u != uid and is_mechanism(state, u)]


@zones.ENTER_HOOKS.append
def _offer(state: HeroesState, ev: Events, uid: int) -> None:
    if keyword(state, uid, "module") and hosts(state, uid):
        push(state, ("attach_offer", uid))


@task("attach_offer")
def _attach_offer(state: HeroesState, ev: Events, uid: int) -> None:
    options = hosts(state, uid) if state.cards[uid].zone == "play" else []
    if options:
        ask(state, state.cards[uid].owner, AttachDecision(uid, tuple(options)))


@decision("attach")
class AttachDecision(NamedTuple):
    """The controller of a module that entered play attaches it to one of `options` (`Target`) or keeps it a
    creature of its own (`Pass`)."""
    module: int
    options: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Pass(), *(Target(u) for u in state.pending.data.options)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        if type(action) is Target:
            attach(state, ev, state.pending.data.module, action.uid)


def attach(state: HeroesState, ev: Events, part: int, host: int) -> None:
    """Card `part` (in play) becomes a part of creature `host`: its wounds, attack, health and keywords go to it."""
    d, c, h = state.cdef(part), state.cards[part], state.cards[host]
    wounds, nested = c.wounds, parts(state, part)
    given: list[tuple[str, Any, int]] = [("attack", attack(state, part), -1), ("health", life(state, part), -1)]
    given += [(m[0], m[1], -1) for m in c.modifiers if m[0] == "kw" or _numeric(m[0])]    # its parts' keywords too
    for name, value in d.keywords.items():
        if name not in NOT_SHARED:
            given.append((name, value, -1) if _numeric(name) else ("kw", name, -1))
    zones.leave(state, part)
    c.reset()
    c.zone = "part"
    for uid in (part, *nested):       # a composite attached brings its own parts along
        state.cards[uid].modifiers = (("host", host, -1),)
    h.modifiers = (*h.modifiers, *given)
    h.wounds += wounds
    emit(ev, "attached", uid=part, host=host)


def _numeric(name: str) -> bool:
    term = lookup("keyword", name)
    return term is not None and bool(term.info.get("numeric"))


def _to_zone(state: HeroesState, uid: int, zone: str) -> None:
    """Move a card that is a part, or lies in the graveyard, to the graveyard or the hand (a created card: to the
    reserve)."""
    c = state.cards[uid]
    zones.leave(state, uid)
    c.reset()
    p = state.players[c.owner]
    if state.cdef(uid).keywords.get("created"):
        c.zone = "supply"
    elif zone == "hand":
        c.zone = "hand"
        p.hand += (uid,)
    else:
        c.zone = "grave"
        p.grave += (uid,)


@zones.LEAVE_HOOKS.append
def _parts_along(state: HeroesState, ev: Events, host: int, where: str) -> None:
    """A creature leaving play for a hand or a deck takes its parts along, each to its own owner's (rules decision
    889)."""
    if state.cards[host].zone != "play":
        return
    for uid in parts(state, host):
        state.cards[uid].zone = "play"         # as a card in play, it moves as its host does
        if where == "hand":
            zones.to_hand(state, ev, uid)
        else:
            zones.to_deck(state, ev, uid, where == "top")


@zones.DEATH_HOOKS.append
def _parts_follow(state: HeroesState, ev: Events, host: int) -> None:
    """The whole creature died: its parts go to the graveyard and their «Гибель» is heard; with Антиграв among its
    cards the death is replaced (decision 874)."""
    found = parts(state, host)
    if not found:
        return
    cards = (host, *found)
    keepers = [u for u in cards if any(ab.get("static") == "parts_to_hand" for ab in abilities(state, u))]
    if keepers:
        state.queued = tuple(q for q in state.queued if not (q[0] == host and q[2][0] == "died"))
        for uid in cards:
            _to_zone(state, uid, "grave" if uid in keepers else "hand")
        emit(ev, "death_replaced", uid=host, by=keepers[0])
        return
    for uid in found:
        _to_zone(state, uid, "grave")
        emit(ev, "part_died", uid=uid, host=host)
        fire(state, ev, HEvent("died", uid, state.cards[uid].owner, 0))


@op("attach_mechanism", EFFECT)
def op_attach_mechanism(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Мехазавр: a mechanism in play (either side's, not this creature) of printed cost X becomes its part
    (decision 873)."""
    cost = amount(state, ctx, node, "cost")
    options = tuple(u for seat in (ctx.seat, 1 - ctx.seat) for u in state.players[seat].play
                    if u != ctx.source and is_mechanism(state, u) and state.cdef(u).cost == cost)
    if options and state.cards[ctx.source].zone == "play":
        ask(state, ctx.seat, AttachPickDecision(ctx.source, options))


@decision("attach_pick")
class AttachPickDecision(NamedTuple):
    """The controller of `host` picks the mechanism of `options` (`Target`) that becomes its part."""
    host: int
    options: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Target(u) for u in state.pending.data.options]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        attach(state, ev, action.uid, state.pending.data.host)
