"""Scenario files: reading the TOML, and building the starting GameState from `[setup]` and `[[card]]`.

See docs/scenarios.md for the format.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from berserk_tui import games
from berserk_tui.engine.core import Events, advance, ask, push
from berserk_tui.engine.gamedef import GameDef
from berserk_tui.engine.geometry import NO_CELL, Geometry
from berserk_tui.engine.keywords import max_moves
from berserk_tui.engine.main_phase import MainDecision
from berserk_tui.engine.rules import new_game
from berserk_tui.engine.seats import Seats
from berserk_tui.engine.setup import PurchaseDecision, set_first
from berserk_tui.engine.state import NO_DECISION, CardState, GameState, Rules

TOP_KEYS = frozenset({"name", "description", "tags", "setup", "player", "card", "step", "expect"})
SETUP_KEYS = {
    "battle": frozenset({"game", "phase", "first", "active", "turn", "rules", "start_turn", "decks"}),
    "deploy": frozenset({"game", "phase", "first", "rules", "squads", "decks"}),
    "purchase": frozenset({"game", "phase", "first", "rules", "seat", "deal", "decks", "gold", "silver",
                           "redeals"}),
}
CARD_KEYS = frozenset({
    "card", "owner", "cell", "zone", "host", "label", "closed", "face_down", "wounds", "poison", "cursed",
    "blessed", "chips", "moves", "extra_life",
})
CARD_FLAGS = ("closed", "face_down", "cursed", "blessed")
CARD_COUNTERS = ("wounds", "poison", "chips", "extra_life")
ZONES = ("board", "extra", "seated", "grave", "exile")
OFF_BOARD = ("flyer", "terrain")       # kinds that stand in the extra zone once face up
SYMBIONTS = ("companion", "parasite")


class ScenarioError(ValueError):
    """A scenario file is malformed; the message says where."""


@dataclass
class Scenario:
    """One parsed scenario file."""
    name: str
    description: str
    tags: list[str]
    setup: dict[str, Any]
    cards: list[dict[str, Any]]
    steps: list[dict[str, Any]]
    expect: list[dict[str, Any]]
    players: list[dict[str, Any]] = field(default_factory=list)   # «Берсерк. Герои»: one table per seat


@dataclass
class Built:
    """The starting state, the card labels and the events of the setup (start of turn)."""
    state: GameState
    labels: dict[str, int] = field(default_factory=dict)
    events: Events = field(default_factory=list)


# --- reading ----------------------------------------------------------------------------------------

def load_scenario(path: Path | str) -> Scenario:
    """Parse and shape-check a scenario file (errors do not name the file: the caller adds it)."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:     # unreadable, not UTF-8, not TOML, a huge number
        raise ScenarioError(f"cannot read: {str(exc)[:200]}") from None
    unknown_keys(data, TOP_KEYS, "top level")
    tags = data.get("tags")
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise ScenarioError("top level: `tags` must be a list of strings")
    return Scenario(
        name=typed(data, "name", str, where="top level"),
        description=typed(data, "description", str, where="top level"),
        tags=tags,
        setup=typed(data, "setup", dict, {}, "top level"),
        cards=_tables(data, "card"),
        steps=_tables(data, "step"),
        expect=_tables(data, "expect"),
        players=_tables(data, "player"),
    )


def _tables(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise ScenarioError(f"top level: `{key}` must be an array of tables ([[{key}]])")
    return value


_MISSING = object()


def typed(table: dict[str, Any], key: str, kind: type, default: Any = _MISSING, where: str = "") -> Any:
    """`table[key]` checked to be of type `kind` (bool is not an int); `default` when absent."""
    if key not in table:
        if default is _MISSING:
            raise ScenarioError(f"{where}: missing `{key}`")
        return default
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ScenarioError(f"{where}: `{key}` must be {kind.__name__}, got {value!r}")
    return value


def unknown_keys(table: dict[str, Any], allowed: frozenset[str], where: str) -> None:
    extra = sorted(set(table) - allowed)
    if extra:
        raise ScenarioError(f"{where}: unknown key(s) {', '.join(extra)} (allowed: {', '.join(sorted(allowed))})")


def seat_value(table: dict[str, Any], key: str, default: int, where: str, seats: int = 2) -> int:
    """`table[key]`, a seat number below `seats`."""
    value = typed(table, key, int, default, where)
    if not 0 <= value < seats:
        raise ScenarioError(f"{where}: `{key}` must be a seat, 0 to {seats - 1}, got {value}")
    return value


def card_id(db: Any, ref: str) -> str:
    """A card id from a card name (е/ё-insensitive) or a card id."""
    card = db.find(ref)
    if card is None:
        raise ScenarioError(f"unknown card {ref!r}")
    return card.id


def cell_of(geo: Geometry, name: str, where: str) -> int:
    try:
        return geo.parse_cell(name)
    except ValueError as exc:
        raise ScenarioError(f"{where}: {exc}") from None


# --- building -------------------------------------------------------------------------------------

def game_of(scn: Scenario) -> GameDef:
    """The game definition the scenario names (`[setup] game`, a registered name: `games.names()`; "classic" if
    none)."""
    name = typed(scn.setup, "game", str, "classic", "setup")
    if name not in games.names():
        raise ScenarioError(f"setup: unknown game {name!r} (known: {', '.join(games.names())})")
    return games.by_name(name)


def build(scn: Scenario, db: Any, game_def: GameDef | None = None) -> Built:
    """The state the scenario starts from, waiting at its first decision, in a game of `game_def` (by default
    the one the file names, `game_of`): the definition gives the rules, its rulebook among them."""
    setup = scn.setup
    game_def = game_def or game_of(scn)
    phase = typed(setup, "phase", str, "battle", "setup")
    if phase not in SETUP_KEYS:
        raise ScenarioError(f"setup: unknown phase {phase!r} (battle, deploy or purchase)")
    unknown_keys(setup, SETUP_KEYS[phase], f"setup ({phase})")
    if scn.players:
        raise ScenarioError("player: [[player]] tables are for a game of «Берсерк. Герои» (game = \"heroes\")")
    if scn.cards and phase != "battle":
        raise ScenarioError("card: [[card]] entries are only for phase = \"battle\"")
    rules = _rules(setup, game_def)
    first = seat_value(setup, "first", 0, "setup", rules.seats.count)
    if phase == "deploy":
        return _build_deploy(db, setup, rules, first)
    if phase == "purchase":
        return _build_purchase(db, setup, rules, first)
    return _build_battle(db, scn, rules, first)


def _rules(setup: dict[str, Any], game_def: GameDef) -> Rules:
    """The game's rules (`GameDef.rules`) over the options of `[setup] rules`; a board and seats other than
    the duel's are given as their encodings (`Geometry.spec`, the teams of `Seats`)."""
    options = dict(typed(setup, "rules", dict, {}, "setup"))
    if "rulebook" in options:
        raise ScenarioError("setup: rules: the rulebook is the game's, not an option")
    try:
        if "geometry" in options:
            options["geometry"] = Geometry.from_spec(options["geometry"])
        if "seats" in options:
            options["seats"] = Seats(options["seats"])
        rules = game_def.rules(Rules(**options))
    except (TypeError, ValueError) as exc:
        raise ScenarioError(f"setup: rules: {str(exc)[:200]}") from None
    if len(rules.geometry.areas) != rules.seats.count:
        raise ScenarioError(f"setup: rules: {rules.seats.count} seats need as many areas on the board, "
                            f"not {len(rules.geometry.areas)}")
    return rules


def _names(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError(f"{where}: expected a list of card names")
    return value


def _seat_lists(setup: dict[str, Any], key: str, db: Any, seats: int) -> list[list[str]]:
    """`setup[key]`: a list of card names for each seat (empty lists when absent), as card ids."""
    value = setup.get(key, [[]] * seats)
    if not isinstance(value, list) or len(value) != seats:
        raise ScenarioError(f"setup: `{key}` must be [[seat 0 names...], [seat 1 names...], ...] ({seats} seats)")
    return [[card_id(db, n) for n in _names(v, f"setup: {key}")] for v in value]


def _build_deploy(db: Any, setup: dict[str, Any], rules: Rules, first: int) -> Built:
    if "squads" not in setup:
        raise ScenarioError("setup: phase \"deploy\" needs `squads`")
    count = rules.seats.count
    squads = tuple(_seat_lists(setup, "squads", db, count))
    state, ev = new_game(db, tuple([] for _ in range(count)), rules, squads=squads, first=first)
    for seat, deck in enumerate(_seat_lists(setup, "decks", db, count)):     # the undealt decks, top card first
        state.players[seat].deck = tuple(deck)
    return Built(state, events=ev)


def _build_purchase(db: Any, setup: dict[str, Any], rules: Rules, first: int) -> Built:
    state = GameState(db, rules)
    ev: Events = []
    set_first(state, first, ev)
    seat = seat_value(setup, "seat", first, "setup", rules.seats.count)
    for s, deck in enumerate(_seat_lists(setup, "decks", db, rules.seats.count)):
        state.players[s].deck = tuple(deck)
    p = state.players[seat]
    p.deal = tuple(card_id(db, n) for n in _names(typed(setup, "deal", list, where="setup"), "setup: deal"))
    p.gold = typed(setup, "gold", int, p.gold, "setup")
    p.silver = typed(setup, "silver", int, p.silver, "setup")
    p.redeals = typed(setup, "redeals", int, 0, "setup")
    state.pending = NO_DECISION
    ask(state, seat, PurchaseDecision())
    return Built(state, events=ev)


def _build_battle(db: Any, scn: Scenario, rules: Rules, first: int) -> Built:
    setup = scn.setup
    state = GameState(db, rules)
    state.phase = "battle"
    state.first = first
    state.active = seat_value(setup, "active", first, "setup", rules.seats.count)
    state.turn = typed(setup, "turn", int, 1, "setup")
    built = Built(state)
    if "decks" in setup:        # the undealt decks, top card first (summons and prophecies take from them)
        for seat, deck in enumerate(_seat_lists(setup, "decks", db, rules.seats.count)):
            state.players[seat].deck = tuple(deck)
    hosts: list[tuple[int, str]] = []
    for n, spec in enumerate(scn.cards, 1):
        host = _add_card(built, spec, f"card {n}")
        if host is not None:
            hosts.append((len(state.cards) - 1, host))
    for uid, host in hosts:
        _seat(built, uid, host)
    for n, (spec, c) in enumerate(zip(scn.cards, state.cards, strict=True), 1):
        c.moves = typed(spec, "moves", int, max_moves(state, c.uid), f"card {n}")
    state.pending = NO_DECISION
    if typed(setup, "start_turn", bool, False, "setup"):
        state.turn -= 1
        push(state, ("turn_start", state.active))
        advance(state, built.events)
    else:
        ask(state, state.active, MainDecision())
    return built


def _add_card(built: Built, spec: dict[str, Any], where: str) -> str | None:
    """Append one [[card]] to the state; returns its host reference when it is seated."""
    state = built.state
    unknown_keys(spec, CARD_KEYS, where)
    cid = card_id(state.db, typed(spec, "card", str, where=where))
    if "owner" not in spec:
        raise ScenarioError(f"{where}: missing `owner`")
    owner = seat_value(spec, "owner", 0, where, state.rules.seats.count)
    uid = len(state.cards)
    c = CardState(uid, owner, cid)
    c.face_down = False
    for flag in CARD_FLAGS:
        setattr(c, flag, typed(spec, flag, bool, False, where))
    for counter in CARD_COUNTERS:
        setattr(c, counter, typed(spec, counter, int, 0, where))
    state.cards.append(c)
    state.players[owner].squad += (uid,)
    _label(built, spec, uid, where)
    return _place(state, c, spec, where)


def _label(built: Built, spec: dict[str, Any], uid: int, where: str) -> None:
    if "label" not in spec:
        return
    label = typed(spec, "label", str, where=where)
    if not label or any(ch.isspace() for ch in label) or built.state.geo.is_cell_name(label.lower()):
        raise ScenarioError(f"{where}: label {label!r} must be one word and not a cell name")
    if label in built.labels:
        raise ScenarioError(f"{where}: label {label!r} is used twice")
    built.labels[label] = uid


def _place(state: GameState, c: CardState, spec: dict[str, Any], where: str) -> str | None:
    zone = typed(spec, "zone", str, "board", where)
    if zone not in ZONES:
        raise ScenarioError(f"{where}: zone must be one of {', '.join(ZONES)}, got {zone!r}")
    if ("cell" in spec) != (zone == "board"):
        raise ScenarioError(f"{where}: give `cell` for a card on the board and only then")
    if ("host" in spec) != (zone == "seated"):
        raise ScenarioError(f"{where}: give `host` for a seated symbiont and only then")
    kind = state.db.cards[c.card_id].kind
    c.zone = zone
    if zone == "board":
        _put_on_cell(state, c, typed(spec, "cell", str, where=where), kind, where)
    elif zone == "extra" and kind not in OFF_BOARD:
        raise ScenarioError(f"{where}: only flyers and terrains stand in the extra zone, not a {kind}")
    elif zone == "seated" and kind not in SYMBIONTS:
        raise ScenarioError(f"{where}: only companions and parasites are seated, not a {kind}")
    elif zone == "grave":
        state.players[c.owner].grave += (c.uid,)
    elif zone == "exile":
        state.players[c.owner].exile += (c.uid,)
    return typed(spec, "host", str, where=where) if zone == "seated" else None


def _put_on_cell(state: GameState, c: CardState, name: str, kind: str, where: str) -> None:
    cell = cell_of(state.geo, name, where)
    if state.grid[cell] != -1:
        raise ScenarioError(f"{where}: cell {name} is already taken")
    if kind in OFF_BOARD and not c.face_down:
        raise ScenarioError(f"{where}: a face-up {kind} stands in zone \"extra\", not on a cell")
    c.cell = cell
    state.grid[cell] = c.uid


def _seat(built: Built, uid: int, host_ref: str) -> None:
    state = built.state
    if host_ref in built.labels:
        host = built.labels[host_ref]
    else:
        host = state.grid[cell_of(state.geo, host_ref, f"card {uid + 1}: host")]
    if host == -1 or state.cards[host].zone != "board" or state.db.cards[state.cards[host].card_id].kind != "creature":
        raise ScenarioError(f"card {uid + 1}: host {host_ref!r} is not a ground creature on the board")
    c = state.cards[uid]
    c.host, c.cell = host, NO_CELL
