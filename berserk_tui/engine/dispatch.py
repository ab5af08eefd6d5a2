"""The one dispatcher of triggered abilities: the only code that reads a trigger's `on`.

The engine raises an event where it happens: `dispatch(state, event, scope, bearers)` returns the trigger
tasks of the abilities that hear it, in order — bearer by bearer, each bearer's abilities in their order
(printed, then gained: op `gain`). A triggered ability hears an event when its wording (cards.terms.triggers)
has the event's kind and the listening group `scope`, and its filters hold. The group stands for who may
hear the event at this point of the rules; the raise site passes those cards (`bearers`), in the order the
rules resolve them, and the filters that only say who hears (`whose`, most `relation`s) are met by them.
A face-down card hears nothing. «Теряет особенности» and the filters that are judged when a trigger
resolves (`heard_now`) are checked by the trigger task.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from cards.schema import expand_attacks
from cards.terms.triggers import STANDING_KINDS, wording_of

from .conditions import holds
from .dice import LEVEL_NAMES
from .events import GameEvent
from .geometry import NO_CELL
from .keywords import LOST_ABILITY, abilities, featureless
from .modifiers import add_modifier, drop_modifiers, modifier_entries, modifier_values
from .places import adjacent, is_creature, position
from .state import CardState, GameState

GAINED = ("gained", "gained_grave")


def dispatch(state: GameState, event: GameEvent, scope: str, bearers: Iterable[CardState],
             before: frozenset[tuple[int, int]] | None = None) -> list[tuple]:
    """The trigger tasks of `bearers` hearing `event` in listening group `scope`. `before`: the (card,
    ability) pairs whose `vs` held on a dying creature just before it died (`judge_before`)."""
    key = (event.kind, scope)
    db = state.db
    listening = db.listening.get(key, ())
    gainable = key in db.granted
    if not listening and not gainable:      # no card of the database hears it
        return []
    jobs: list[tuple] = []
    for c in bearers:
        if c.card_id in listening and not c.face_down:
            d = db.cards[c.card_id]
            for i in d.triggers[key]:
                jobs += _jobs(state, c.uid, i, d.abilities[i]["on"], event, scope, before)
        if gainable and c.modifiers and not c.face_down and c.card_id is not None:
            for i, ab in _gained_triggers(state, c.uid, key):
                jobs += _jobs(state, c.uid, i, ab["on"], event, scope, before)
    return jobs


def hears_like(ab: Mapping[str, Any], on: Mapping[str, Any]) -> bool:
    """Is `ab` a triggered ability whose `on` has every filter value of `on` (op `show_gain`)?"""
    return ab["type"] == "trigger" and all(ab["on"].get(k) == v for k, v in on.items())


def may_hear(state: GameState, c: CardState, kind: str, scope: str) -> bool:
    """Might `dispatch` find a trigger of card `c` for an event of `kind` in listening group `scope`: a printed
    one, or a gained one when abilities that can be gained have such triggers? (A cheap test before dispatching
    for one card: most cards hear nothing.)"""
    key = (kind, scope)
    return c.card_id in state.db.listening.get(key, ()) or (key in state.db.granted and bool(c.modifiers))


def listens(state: GameState, uid: int, kind: str, scope: str) -> bool:
    """Has card `uid` a triggered ability (printed or gained) of this kind and listening group?"""
    c = state.cards[uid]
    if c.card_id is None:
        return False
    return bool(state.db.cards[c.card_id].triggers.get((kind, scope)) or _gained_triggers(state, uid, (kind, scope)))


def judge_before(state: GameState, dead: int) -> frozenset[tuple[int, int]]:
    """The (card, ability index) pairs of the face-up cards' `died` triggers with a `vs` that holds on the
    creature `dead` as it stands now, just before it dies (its statuses, counters and keywords go with it)."""
    out = set()
    for o in state.cards:
        if o.card_id is None or o.face_down:
            continue
        for i, ab in enumerate(abilities(state, o.uid)):
            on = ab.get("on") if ab["type"] == "trigger" else None
            if on is not None and on["event"] == "died" and "vs" in on and holds(state, dead, on["vs"]):
                out.add((o.uid, i))
    return frozenset(out)


def lost(state: GameState, src: int, ab: Mapping[str, Any]) -> bool:
    """Is the ability of a trigger about to resolve gone: a gained one its card lost, or every ability of a
    card that «теряет особенности» (query.featureless)?"""
    return ab is LOST_ABILITY or featureless(state, src)


def heard_now(state: GameState, src: int, ab: Mapping[str, Any], event: GameEvent | None) -> bool:
    """The filters judged when the trigger resolves: `kills` (the attacked card died of it), a death's
    `attacks` and `actor` (the wounds it died of), and a wording's `standing` (its card is still there)."""
    on = ab.get("on")
    if on is None or event is None:
        return True
    if on["event"] in STANDING_KINDS and not state.cards[src].on_battlefield \
            and getattr(wording_of(on), "standing", False):
        return False
    if on.get("kills") and state.cards[event.subject].on_battlefield:
        return False
    if "attacks" in on and on["event"] == "died":
        killer = event.actor
        return killer is not None and event.attack in _kinds(tuple(on["attacks"])) \
            and state.seats.enemy(state.cards[killer].owner, state.cards[event.subject].owner) \
            and holds(state, killer, on.get("actor", {}))
    return True


def pair_jobs(state: GameState, uid: int, occupant: int) -> list[tuple]:
    """«Когда перемещается через 2 клетки, занятые …»: the `stepped_onto` triggers with `in_a_row = 2` of the
    mover `uid` when two steps in a row took it onto cells of two creatures matching the first such
    trigger's `vs` (the event's subject: the second, `other`: the first). A step onto a free or non-matching
    cell (or another move: `occupant` -1) starts the count again; the count is the mover's modifier
    ("passed_through", creature, turn)."""
    c = state.cards[uid]
    if not may_hear(state, c, "stepped_onto", "pair"):
        return []
    heard = _own_triggers(state, c, ("stepped_onto", "pair"))
    if not heard:
        return []
    prev = next((v for v, t in modifier_entries(state, uid, "passed_through") if t == state.turn), -1)
    drop_modifiers(state, uid, "passed_through")
    vs = heard[0][1]["on"].get("vs", {})
    if occupant == -1 or not is_creature(state, occupant) or not holds(state, occupant, vs):
        return []
    if prev == -1 or prev == occupant or not state.cards[prev].on_battlefield:
        add_modifier(state, uid, "passed_through", occupant)
        return []
    event = GameEvent("stepped_onto", subject=occupant, actor=uid, other=prev)
    return [("trigger", uid, i, event) for i, _ in heard]


# --- one ability ----------------------------------------------------------------------------------------

def _jobs(state: GameState, uid: int, index: int, on: Mapping[str, Any], event: GameEvent, scope: str,
          before: frozenset[tuple[int, int]] | None) -> list[tuple]:
    """The tasks of ability `index` of `uid` for `event`: none, one, or one per guard (scope "guard")."""
    for name in on:
        check = CHECKS.get((event.kind, name))
        if check is not None and not check(state, uid, on, event):
            return []
    if before is not None and "vs" in on and (uid, index) not in before:
        return []
    if scope == "guard":           # offered once for each own card matching `near` the mover now stands next to
        return [("trigger", uid, index, event._replace(other=g)) for g in _guards(state, uid, on, event.subject)]
    return [("trigger", uid, index, event)]


def _gained_triggers(state: GameState, uid: int, key: tuple[str, str]) -> list[tuple[int, dict[str, Any]]]:
    """(index, ability) of the triggers card `uid` gained (op `gain`) of this kind and listening group."""
    c = state.cards[uid]
    if key not in state.db.granted or not any(m[0] in GAINED for m in c.modifiers):
        return []
    printed = len(state.db.cards[c.card_id].abilities) if c.card_id is not None else 0
    out = []
    for i, ab in enumerate(abilities(state, uid)[printed:], printed):
        w = wording_of(ab.get("on")) if ab["type"] == "trigger" else None
        if w is not None and key in w.keys:
            out.append((i, ab))
    return out


def _own_triggers(state: GameState, c: CardState, key: tuple[str, str]) -> list[tuple[int, dict[str, Any]]]:
    """(index, ability) of card `c`'s triggers of this kind and listening group, printed and gained."""
    if c.face_down or c.card_id is None:
        return []
    d = state.db.cards[c.card_id]
    return [(i, d.abilities[i]) for i in d.triggers.get(key, ())] + _gained_triggers(state, c.uid, key)


def _guards(state: GameState, uid: int, on: Mapping[str, Any], mover: int) -> list[int]:
    """Own cards of `uid`'s controller matching `near` that the enemy creature `mover` now stands next to."""
    seat = state.cards[uid].owner
    return [g.uid for g in state.cards if g.owner == seat and g.on_battlefield
            and holds(state, g.uid, on.get("near", {})) and adjacent(state, g.uid, mover)]


# --- the filters judged as the event is raised ------------------------------------------------------------
# Each check reads the filter it is listed under (and the rest of `on` if it needs) for the bearer `uid`.
# A filter without a check here is met by the bearers the event is raised to.

@functools.lru_cache(maxsize=64)
def _kinds(attacks: tuple[str, ...]) -> frozenset[str]:
    return expand_attacks(attacks)


def _owner(state: GameState, uid: int | None) -> int:
    return state.cards[uid].owner if uid is not None else -1


def _turn(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    """`whose = "own"` / `"opponent"`: whose turn it is."""
    owner = state.cards[uid].owner      # an ally's turn is neither (rules decision 701)
    return owner == state.active if on["whose"] == "own" else state.seats.enemy(owner, state.active)


def _host_closed(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    return state.cards[state.cards[uid].host].closed


def _how(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    return event.cause == on["how"]


def _status(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    return event.cause == on["status"]


def _subject_is(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    return holds(state, event.subject, on["vs"])


def _actor_is(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    return holds(state, event.actor, on["actor"])


def _source_is(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    return holds(state, event.source, on["source"])


def _by(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    """`by = "self"`: this card did it."""
    return on["by"] != "self" or uid == event.actor


def _left_adjacent(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    """`relation = "leaves_adjacent"`: the subject moved away from a cell next to this card."""
    if on["relation"] != "leaves_adjacent":
        return True
    pos = position(state, uid)
    return pos != NO_CELL and event.from_cell is not None and pos in state.geo.around[event.from_cell]


def _onto_half(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    """`onto = "enemy_half"`: the subject arrived on the opponent's half."""
    geo = state.geo
    return geo.row_of(event.cell) not in geo.own_rows(state.place(state.cards[uid].owner))


def _attacked_next_to(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    """`relation = "adjacent"`: the attacked card is a creature standing next to this card."""
    return event.subject != uid and is_creature(state, event.subject) and adjacent(state, uid, event.subject)


def _marked_by(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    """`marker` on `wounded`: the subject carries this card's marker of that name."""
    return uid in modifier_values(state, event.subject, on["marker"])


def _arrives(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    """An enemy creature relocated: from its own half onto your first row (`front`), next to this card
    (`adjacent`), into its column (`column`); this symbiont's host next to a card of yours matching `near`."""
    mover, value = event.subject, on["relation"]
    if value == "front":
        geo, seat = state.geo, state.cards[mover].owner
        return event.from_cell is not None and geo.row_of(event.from_cell) in geo.own_rows(state.place(seat)) \
            and geo.row_of(event.cell) == geo.own_rows(state.place(state.cards[uid].owner))[0]
    if value == "adjacent":
        return adjacent(state, uid, mover)
    if value == "column":
        pa, pb = position(state, uid), position(state, mover)
        return pa != NO_CELL and pb != NO_CELL and state.geo.col_of(pa) == state.geo.col_of(pb)
    if value == "near" and on.get("whose") == "host":
        seat, near = state.cards[uid].owner, on.get("near", {})
        return any(o.uid != mover and o.zone == "board" and adjacent(state, o.uid, mover) and holds(state, o.uid, near)
                   for o in state.cards if o.owner == seat)
    return True


def _relocated_whose(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    """`whose = "self"`: this card relocated (the other values are met by the bearers)."""
    return on["whose"] != "self" or uid == event.subject


def _occupant(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    """`whose = "own"` / `"enemy"`: the creature stepped onto, as the mover's controller sees it."""
    return (_owner(state, event.subject) == _owner(state, event.actor)) == (on["whose"] == "own")


def _attacked_enemy(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    return on["whose"] != "enemy" or _owner(state, event.subject) != _owner(state, event.actor)


def _attacks(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    return event.attack in _kinds(tuple(on["attacks"]))


def _levels(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    return LEVEL_NAMES[event.level] in on["levels"]


def _roll_max(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    return event.amount <= on["roll_max"]


def _died_whose(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    """`self`: this card died; `own_other`: another one of its side; `enemy`: one of the other side."""
    value = on["whose"]
    if value == "enemy":
        return state.seats.enemy(_owner(state, event.subject), state.cards[uid].owner)
    return uid == event.subject if value == "self" else uid != event.subject if value == "own_other" else True


def _died_how(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    """`poison`: it died of the wounds of its poison; otherwise the death's cause (`devoured`)."""
    return event.attack == "poison" if on["how"] == "poison" else event.cause == on["how"]


def _died_next_to(state: GameState, uid: int, on: Mapping[str, Any], event: GameEvent) -> bool:
    """`relation = "adjacent"`: another own creature died on a cell next to this card (diagonals included)."""
    if on["relation"] != "adjacent":
        return True
    pos = position(state, uid)
    return uid != event.subject and pos != NO_CELL and event.cell is not None \
        and state.geo.distances[pos][event.cell] <= 1


Check = Callable[[GameState, int, Mapping[str, Any], GameEvent], bool]

CHECKS: dict[tuple[str, str], Check] = {
    ("turn_ended", "whose"): _turn,
    ("turn_started", "host_closed"): _host_closed,
    ("moved", "how"): _how,
    ("moved", "vs"): _subject_is,
    ("moved", "relation"): _left_adjacent,
    ("moved", "onto"): _onto_half,
    ("relocated", "relation"): _arrives,
    ("relocated", "whose"): _relocated_whose,
    ("relocated", "vs"): _subject_is,
    ("stepped_onto", "whose"): _occupant,
    ("stepped_onto", "vs"): _subject_is,
    ("attacked", "by"): _by,
    ("attacked", "actor"): _actor_is,
    ("attacked", "vs"): _subject_is,
    ("attacked", "whose"): _attacked_enemy,
    ("attacked", "attacks"): _attacks,
    ("attacked", "levels"): _levels,
    ("attacked", "roll_max"): _roll_max,
    ("attacked", "relation"): _attacked_next_to,
    ("wounded", "vs"): _subject_is,
    ("wounded", "actor"): _actor_is,
    ("wounded", "marker"): _marked_by,
    ("died", "whose"): _died_whose,
    ("died", "relation"): _died_next_to,
    ("died", "how"): _died_how,
    ("died", "by"): _by,
    ("closed", "source"): _source_is,
    ("opened", "vs"): _subject_is,
    ("status_changed", "status"): _status,
    ("entered", "source"): _source_is,
    ("entered", "vs"): _subject_is,
}
