"""Triggered abilities: who hears an event, the once-per-turn limit, and the order of simultaneous ones.

`fire(state, ev, event)` queues every triggered ability whose `on` matches the event (`MATCHERS`: one function per
event kind of cards.heroes.terms, judging its filters) on `state.queued`; after the task (or the decision) that
raised them, `flush` schedules the task "triggers" on top of whatever that task scheduled, so the abilities set off
by one step of the rules are simultaneous and resolve before the rules go on.
Then the inactive player's go first, in the order he chooses (decision "order" when he has more than one), then the
active player's (seed 002, «Одновременное выполнение особенностей»).

A trigger fires once per turn (seed 002: abilities beginning «При», «После», «Когда»... trigger once per turn)
unless it is `every` («каждый раз, когда»); its firings are counted in the card's `uses` as it is queued.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..core import Events, ask, emit, push
from .book import decision, task
from .cards import abilities, count_use, uses
from .state import HeroesState


class HEvent(NamedTuple):
    """Something the triggers may hear: its kind (an event of cards.heroes.terms), the card it happened to, the
    seat it concerns (who played, drew, whose turn), and a number (the nth card this turn; the wounds a dead
    creature held)."""
    kind: str
    subject: int = -1
    seat: int = -1
    amount: int = 0


Matcher = Callable[[HeroesState, int, dict[str, Any], HEvent], bool]


def _player(state: HeroesState, bearer: int, who: str, seat: int) -> bool:
    """Is `seat` the player `who` names (own, enemy, any) for the controller of `bearer`?"""
    owner = state.cards[bearer].owner
    return who == "any" or (who == "own") == (seat == owner)


def _self(state: HeroesState, bearer: int, on: dict[str, Any], event: HEvent) -> bool:
    return event.subject == bearer


def _turn(state: HeroesState, bearer: int, on: dict[str, Any], event: HEvent) -> bool:
    return _player(state, bearer, on["whose"], event.seat)


def _played(state: HeroesState, bearer: int, on: dict[str, Any], event: HEvent) -> bool:
    if not _player(state, bearer, on["who"], event.seat) or on.get("nth", event.amount) != event.amount:
        return False
    return state.cdef(event.subject).type not in on.get("not_types", ())


def _drawn(state: HeroesState, bearer: int, on: dict[str, Any], event: HEvent) -> bool:
    return _player(state, bearer, on["who"], event.seat) and on.get("nth", event.amount) == event.amount


# event kind -> (does the event concern the bearer alone, the matcher of its filters)
MATCHERS: dict[str, tuple[bool, Matcher]] = {
    "hired": (True, _self),
    "died": (True, _self),
    "turn_started": (False, _turn),
    "turn_ended": (False, _turn),
    "card_played": (False, _played),
    "card_drawn": (False, _drawn),
}


# the cards out of play whose triggers that say so work where they lie (state, seat) -> uids, as Засада's in the
# hand (ops/glossary.py): ops register here; such a card hears an event only by an ability whose `zones` name its zone
LISTENERS_OUT_OF_PLAY: list[Callable[[HeroesState, int], list[int]]] = []
ZONE_WORDS = {"hand": "hand", "grave": "graveyard", "face_down": "hidden"}    # a zone -> its word in `zones`


def listeners(state: HeroesState) -> list[int]:
    """The cards whose triggers work: each seat's hero, support cards, creatures in play and the modules attached
    to them (their parts have their abilities: decision 832), then those out of play that say so
    (`LISTENERS_OUT_OF_PLAY`), seat 0 first."""
    out: list[int] = []
    for seat, p in enumerate(state.players):
        out += [p.hero, *p.support, *p.play, *(c.uid for c in state.cards if c.zone == "part" and c.owner == seat)]
        for more in LISTENERS_OUT_OF_PLAY:
            out += more(state, seat)
    return out


def works_there(state: HeroesState, uid: int, ab: dict[str, Any]) -> bool:
    """Does a triggered ability work where its card lies: in play, or in a zone its `zones` name."""
    zone = state.cards[uid].zone
    return zone not in ZONE_WORDS or ZONE_WORDS[zone] in ab.get("zones", ())


def fire(state: HeroesState, ev: Events, event: HEvent) -> None:
    """Queue the triggered abilities `event` sets off (each at most once a turn unless `every`)."""
    own, matcher = MATCHERS[event.kind]
    bearers = [event.subject] if own else listeners(state)
    found: list[tuple[int, int, tuple]] = []
    for uid in bearers:
        for index, ab in enumerate(abilities(state, uid)):
            if ab["type"] != "trigger" or ab["on"]["event"] != event.kind or not matcher(state, uid, ab["on"], event):
                continue
            if not own and not works_there(state, uid, ab):
                continue
            if not ab.get("every") and uses(state, uid, index):
                continue
            count_use(state, uid, index)
            found.append((uid, index, tuple(event)))
    state.queued += tuple(found)


def flush(state: HeroesState, ev: Events) -> None:
    """After a task or a decision (the rulebook's `after`): the triggers it set off resolve next, before whatever
    else it scheduled (`rules._after` calls it)."""
    if state.queued and (not state.tasks or state.tasks[-1] != ("triggers",)):
        push(state, ("triggers",))


@task("triggers")
def _triggers(state: HeroesState, ev: Events) -> None:
    """Resolve the queued triggers: the inactive player's, then the active player's, each in his chosen order."""
    queued, state.queued = state.queued, ()
    active = state.active if state.active >= 0 else 0
    inactive = 1 - active
    push(state, *(("order", seat, tuple(q for q in queued if state.cards[q[0]].owner == seat))
                  for seat in (inactive, active)))


@task("order")
def _order(state: HeroesState, ev: Events, seat: int, items: tuple) -> None:
    if len(items) > 1:
        ask(state, seat, OrderDecision(seat, items))
    elif items:
        push(state, ("trigger", *items[0]))


@decision("order")
class OrderDecision(NamedTuple):
    """`seat` picks which of his simultaneous triggered abilities resolves next (`Choose(i)`: the i-th of `items`,
    each (uid, ability index, event))."""
    seat: int
    items: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        from .actions import Choose
        return [Choose(i) for i in range(len(state.pending.data.items))]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        chosen = data.items[action.option]
        rest = data.items[:action.option] + data.items[action.option + 1:]
        push(state, ("trigger", *chosen), ("order", data.seat, rest))


@task("trigger")
def _trigger(state: HeroesState, ev: Events, uid: int, index: int, event: tuple) -> None:
    """A triggered ability resolves: its effect runs for its card's controller (`ops.run`)."""
    emit(ev, "triggered", uid=uid, ability=index, on=event[0])
    push(state, ("start", (uid, state.cards[uid].owner, index, event, 0)))
