"""Scenario expectations (`[[expect]]` tables): each check returns failure messages, empty if it holds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from berserk_tui.engine.core import Event, Events
from berserk_tui.engine.geometry import NO_CELL
from berserk_tui.engine.keywords import blessed, cursed, kw, life_left
from berserk_tui.engine.modifiers import modifier_value
from berserk_tui.engine.places import position
from berserk_tui.engine.rules import legal_actions
from berserk_tui.engine.seats import DRAW
from berserk_tui.engine.state import GameState

from .build import ScenarioError, cell_of, typed, unknown_keys
from .commands import Labels, describe, parse_command, resolve

CARD_FIELDS: dict[str, Callable[[GameState, int], Any]] = {
    "wounds": lambda s, u: s.cards[u].wounds,
    "zone": lambda s, u: s.cards[u].zone,
    "cell": lambda s, u: s.geo.cell_name(position(s, u)) if position(s, u) != NO_CELL else "none",
    "closed": lambda s, u: s.cards[u].closed,
    "face_down": lambda s, u: s.cards[u].face_down,
    "cursed": cursed,
    "blessed": blessed,
    "poison": lambda s, u: s.cards[u].poison,
    "chips": lambda s, u: s.cards[u].chips,
    "moves": lambda s, u: s.cards[u].moves,
    "life_left": life_left,
    "armor": lambda s, u: kw(s, u, "armor"),
    "paid_extra": lambda s, u: modifier_value(s, u, "paid_extra") > 0,
    "paid_extra_times": lambda s, u: modifier_value(s, u, "paid_extra"),
    "recruited": lambda s, u: modifier_value(s, u, "recruited") > 0,
}
STATE_FIELDS: dict[str, Callable[[GameState], Any]] = {
    "active": lambda s: s.active,
    "turn": lambda s: s.turn,
    "phase": lambda s: s.phase,
    "deck0": lambda s: [s.db.cards[c].name if c else "?" for c in s.players[0].deck],
    "deck1": lambda s: [s.db.cards[c].name if c else "?" for c in s.players[1].deck],
}
EXPECT_KEYS = frozenset({
    "card", *CARD_FIELDS, "winner", "event", "no_event", "with", "decision", "player", "legal", "not_legal",
    *STATE_FIELDS,
})
WINNERS = {"draw": DRAW, "none": -1}


def check(state: GameState, labels: Labels, entry: dict[str, Any], events: Events) -> list[str]:
    """Every failed part of one expectation table."""
    unknown_keys(entry, EXPECT_KEYS, "expect")
    fields = [k for k in entry if k in CARD_FIELDS]
    if fields and "card" not in entry:
        raise ScenarioError(f"expect: {', '.join(fields)} need `card = ...`")
    if "with" in entry and not ({"event", "no_event"} & set(entry)):
        raise ScenarioError("expect: `with` needs `event` or `no_event`")
    out: list[str] = []
    if "card" in entry:
        out += _card(state, labels, entry, fields)
    if "winner" in entry:
        out += _winner(state, entry["winner"])
    if "event" in entry or "no_event" in entry:
        out += _events(state, labels, entry, events)
    if "decision" in entry or "player" in entry:
        out += _decision(state, entry)
    for key, want in (("legal", True), ("not_legal", False)):
        if key in entry:
            out += _legal(state, labels, typed(entry, key, str, where="expect"), want)
    for key, get in STATE_FIELDS.items():
        if key in entry and get(state) != entry[key]:
            out.append(f"{key} is {get(state)!r}, expected {entry[key]!r}")
    return out


def _card(state: GameState, labels: Labels, entry: dict[str, Any], fields: list[str]) -> list[str]:
    ref = typed(entry, "card", str, where="expect")
    uid = resolve(state, labels, ref)
    out = []
    for name in fields:
        actual = CARD_FIELDS[name](state, uid)
        if actual != entry[name] or type(actual) is not type(entry[name]):
            out.append(f"{ref} = {describe(state, uid)}: {name} is {actual!r}, expected {entry[name]!r}")
    return out


def _winner(state: GameState, want: Any) -> list[str]:
    value = WINNERS.get(want, want)
    if value not in (0, 1, DRAW, -1) or isinstance(value, bool):
        raise ScenarioError(f"expect: winner must be 0, 1, \"draw\" or \"none\", got {want!r}")
    if state.winner == value:
        return []
    actual = {DRAW: "draw", -1: "none"}.get(state.winner, state.winner)
    return [f"winner is {actual!r}, expected {want!r}"]


def _events(state: GameState, labels: Labels, entry: dict[str, Any], events: Events) -> list[str]:
    fields = typed(entry, "with", dict, {}, "expect")
    out = []
    if "event" in entry:
        kind = typed(entry, "event", str, where="expect")
        if not any(_matches(state, labels, e, kind, fields) for e in events):
            out.append(f"no event {_show(kind, fields)}; got: {_kinds(events)}")
    if "no_event" in entry:
        kind = typed(entry, "no_event", str, where="expect")
        hits = [e for e in events if _matches(state, labels, e, kind, fields)]
        if hits:
            out.append(f"unexpected event {_show(kind, fields)}: {hits[0].data}")
    return out


def _matches(state: GameState, labels: Labels, event: Event, kind: str, fields: dict[str, Any]) -> bool:
    if event.kind != kind:
        return False
    for key, want in fields.items():
        if key not in event.data:
            return False
        if event.data[key] != _event_value(state, labels, event, key, want):
            return False
    return True


def _event_value(state: GameState, labels: Labels, event: Event, key: str, want: Any) -> Any:
    """An expected event field; a string where the event holds an int names a cell or a card."""
    actual = event.data[key]
    if not isinstance(want, str) or not isinstance(actual, int) or isinstance(actual, bool):
        return want
    if key in ("cell", "frm") or (event.kind == "moved" and key == "to"):
        return cell_of(state.geo, want.lower(), f"expect: with.{key}")
    return resolve(state, labels, want)


def _show(kind: str, fields: dict[str, Any]) -> str:
    return f"{kind!r} with {fields}" if fields else repr(kind)


def _kinds(events: Events) -> str:
    return ", ".join(e.kind for e in events) or "no events"


def _decision(state: GameState, entry: dict[str, Any]) -> list[str]:
    pending = state.pending
    kind = typed(entry, "decision", str, pending.kind, "expect")
    player = typed(entry, "player", int, pending.player, "expect")
    if (pending.kind, pending.player) == (kind, player):
        return []
    return [f"pending decision is {pending.kind!r} for player {pending.player}, expected {kind!r} for {player}"]


def _legal(state: GameState, labels: Labels, command: str, want: bool) -> list[str]:
    action = parse_command(state, labels, command)
    # actions are tuples: Confirm() == Redeal() and Choose(1) == Buy(1), so compare the types too
    if any(type(a) is type(action) and a == action for a in legal_actions(state)) == want:
        return []
    pending = state.pending
    return [f"`{command}` is {'not ' if want else ''}legal ({pending.kind} for player {pending.player})"]
