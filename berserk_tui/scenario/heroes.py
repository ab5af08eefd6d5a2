"""Scenarios of «Берсерк. Герои» (`[setup] game = "heroes"`): this game's setup, commands and checks.

The file's shape is the classic one (docs/scenarios.md, «Берсерк. Герои»): `[setup]`, one `[[player]]` per seat (the
hero, the coins, the hand, the deck), `[[card]]` for the cards in play, in support or in the graveyard, `[[step]]`
commands with their dice, and `[[expect]]`. Shuffles are resolved with seed 0, dice from the step's `dice`.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from berserk_tui.engine.actions import Choose, Defend, EndTurn, Pass, Roll, Shuffle, Strike, Target, Use
from berserk_tui.engine.core import Event, Events, IllegalAction, advance, push
from berserk_tui.engine.heroes import rules as engine
from berserk_tui.engine.heroes.actions import FirstPlayer, Mulligan, Play
from berserk_tui.engine.heroes.cards import attack, keyword, life, life_left
from berserk_tui.engine.heroes.state import HeroesRules, HeroesState
from berserk_tui.engine.heroes.zones import new_card
from berserk_tui.engine.seats import DRAW
from berserk_tui.engine.state import CHANCE, NO_DECISION
from cards.heroes.loader import HeroCardError, load_set

from .build import Scenario, ScenarioError, typed, unknown_keys

SETUP_KEYS = frozenset({"game", "phase", "first", "active", "turn", "start_turn", "vanilla", "turn_limit",
                        "test_cards"})
PLAYER_KEYS = frozenset({"hero", "label", "wounds", "coins", "closed_coins", "hand", "deck", "failed_draws"})
CARD_KEYS = frozenset({"card", "owner", "zone", "label", "closed", "wounds", "entered", "defended", "grant"})
ZONES = ("play", "support", "grave", "hand", "face_down")     # face_down: a hidden creature (in no pile)
STEP_KEYS = frozenset({"do", "dice", "illegal", "expect"})


@dataclass
class Built:
    state: HeroesState
    labels: dict[str, int] = field(default_factory=dict)
    events: Events = field(default_factory=list)


def card_id(db: Any, ref: str, where: str) -> str:
    """The id of the card named `ref` (its name, е/ё alike, or its id)."""
    if ref in db:
        return ref
    fold = ref.replace("ё", "е").casefold()
    found = sorted(cid for cid, c in db.items() if c.name.replace("ё", "е").casefold() == fold)
    if not found:
        raise ScenarioError(f"{where}: unknown card {ref!r}")
    return found[0]


# --- building ---------------------------------------------------------------------------------------

def build(scn: Scenario, db: Any) -> Built:
    """The starting state: phase "start" (a new game at the die), "mulligan" (hands and decks as written, the
    first player at his mulligan) or "main" (the default: the active player's main decision, or with
    `start_turn` the start of his turn run)."""
    setup = scn.setup
    unknown_keys(setup, SETUP_KEYS, "setup")
    phase = typed(setup, "phase", str, "main", "setup")
    if phase not in ("start", "mulligan", "main"):
        raise ScenarioError(f"setup: phase must be start, mulligan or main, got {phase!r}")
    rules = HeroesRules(turn_limit=typed(setup, "turn_limit", int, 200, "setup"),
                        vanilla=typed(setup, "vanilla", bool, False, "setup"))
    if len(scn.players) != 2:
        raise ScenarioError("setup: two [[player]] tables are needed, seat 0 then seat 1")
    for i, p in enumerate(scn.players):
        unknown_keys(p, PLAYER_KEYS, f"player {i}")
    if phase == "start":
        if scn.cards:
            raise ScenarioError("card: a new game (phase start) has no cards out of the decks")
        decks = [[card_id(db, typed(p, "hero", str, where=f"player {i}"), f"player {i}"),
                  *(card_id(db, n, f"player {i}") for n in _names(p, "deck", i))] for i, p in enumerate(scn.players)]
        try:
            state, ev = engine.new_game(db, decks, rules)
        except ValueError as exc:
            raise ScenarioError(f"setup: {exc}") from None
        built = Built(state, events=ev)
        for seat, p in enumerate(scn.players):
            _hero_label(built, seat, p)
        return built
    state = HeroesState(db, rules)
    first = _seat(setup, "first", 0)
    state.first = first
    state.active = _seat(setup, "active", first)
    state.turn = typed(setup, "turn", int, 1, "setup")
    built = Built(state)
    for seat, p in enumerate(scn.players):
        _player(built, seat, p)
    for i, spec in enumerate(scn.cards):
        _card(built, spec, f"card {i + 1}")
    state.pending = NO_DECISION
    if phase == "mulligan":
        for p in state.players:
            p.settled = False
        push(state, ("mulligan", first), ("mulligan", 1 - first), ("turn",))
        state.turn -= 1
    elif typed(setup, "start_turn", bool, False, "setup"):
        state.turn -= 1
        push(state, ("turn",))
    else:
        state.phase = "play"
        push(state, ("main",))
    advance(state, built.events)
    return built


def _seat(setup: dict[str, Any], key: str, default: int) -> int:
    value = typed(setup, key, int, default, "setup")
    if value not in (0, 1):
        raise ScenarioError(f"setup: `{key}` must be a seat, 0 or 1, got {value!r}")
    return value


def _names(table: dict[str, Any], key: str, seat: int) -> list[str]:
    value = typed(table, key, list, [], f"player {seat}")
    if not all(isinstance(v, str) for v in value):
        raise ScenarioError(f"player {seat}: `{key}` must be a list of card names")
    return value


def _hero_label(built: Built, seat: int, spec: dict[str, Any]) -> None:
    """The hero's label: `label`, by default H0 and H1."""
    built.labels[typed(spec, "label", str, f"H{seat}", f"player {seat}")] = built.state.players[seat].hero


def _player(built: Built, seat: int, spec: dict[str, Any]) -> None:
    state, where = built.state, f"player {seat}"
    db = state.db
    p = state.players[seat]
    hero = card_id(db, typed(spec, "hero", str, where=where), where)
    if db[hero].type != "hero":
        raise ScenarioError(f"{where}: {db[hero].name} is not a hero")
    p.hero = new_card(state, seat, hero, "hero")
    state.cards[p.hero].wounds = typed(spec, "wounds", int, 0, where)
    _hero_label(built, seat, spec)
    p.coins = typed(spec, "coins", int, 0, where)
    p.closed = typed(spec, "closed_coins", int, 0, where)
    if not 0 <= p.closed <= p.coins:
        raise ScenarioError(f"{where}: closed_coins must be between 0 and coins")
    p.failed_draws = typed(spec, "failed_draws", int, 0, where)
    p.settled = True
    for name in _names(spec, "hand", seat):
        uid = new_card(state, seat, card_id(db, name, where), "hand")
        p.hand += (uid,)
    p.deck = tuple(card_id(db, n, where) for n in _names(spec, "deck", seat))


def _card(built: Built, spec: dict[str, Any], where: str) -> None:
    unknown_keys(spec, CARD_KEYS, where)
    state = built.state
    owner = typed(spec, "owner", int, where=where)
    if owner not in (0, 1):
        raise ScenarioError(f"{where}: owner must be 0 or 1")
    zone = typed(spec, "zone", str, "play", where)
    if zone not in ZONES:
        raise ScenarioError(f"{where}: zone must be one of {', '.join(ZONES)}, got {zone!r}")
    cid = card_id(state.db, typed(spec, "card", str, where=where), where)
    kind = state.db[cid].type
    if (zone in ("play", "face_down") and kind != "creature") \
            or (zone == "support" and kind not in ("equipment", "event")):
        raise ScenarioError(f"{where}: a {kind} cannot lie in zone {zone}")
    uid = new_card(state, owner, cid, zone)
    c = state.cards[uid]
    p = state.players[owner]
    if zone != "face_down":
        setattr(p, zone, getattr(p, zone) + (uid,))
    c.closed = typed(spec, "closed", bool, False, where)
    c.wounds = typed(spec, "wounds", int, 0, where)
    c.entered = state.turn if typed(spec, "entered", bool, False, where) else -1
    c.defended = state.turn if typed(spec, "defended", bool, False, where) else -1
    grants = typed(spec, "grant", list, [], where)
    c.modifiers = tuple(("kw", g, -1) for g in grants if isinstance(g, str))
    if "label" in spec:
        label = typed(spec, "label", str, where=where)
        if label in built.labels:
            raise ScenarioError(f"{where}: label {label!r} is used twice")
        built.labels[label] = uid


# --- commands ---------------------------------------------------------------------------------------

def resolve(state: HeroesState, labels: dict[str, int], ref: str) -> int:
    """A card by label, else by name: the one in play (or support), else the only one of that name anywhere."""
    if ref in labels:
        return labels[ref]
    fold = ref.replace("ё", "е").casefold()
    named = [c.uid for c in state.cards if c.card_id is not None
             and state.db[c.card_id].name.replace("ё", "е").casefold() == fold and c.zone != "deck"]
    placed = [u for u in named if state.cards[u].zone in ("play", "support", "face_down")]
    for group in (placed, named):
        if len(group) == 1:
            return group[0]
        if len(group) > 1:
            raise ScenarioError(f"{ref!r} names {len(group)} cards: give them labels")
    raise ScenarioError(f"no card {ref!r}")


COMMANDS = {"play": 1, "strike": 2, "defend": 1, "use": 2, "target": 1, "first": 1, "choose": 1}


def parse(state: HeroesState, labels: dict[str, int], text: str) -> Any:
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise ScenarioError(f"cannot parse {text!r}: {exc}") from None
    if not words:
        raise ScenarioError("an empty command")
    head, args = words[0], words[1:]
    simple = {"end": EndTurn(), "pass": Pass(), "keep": Mulligan(()), "yes": Choose(1), "no": Choose(0)}
    if head in simple and not args:
        return simple[head]
    if head == "mulligan" and args:
        return Mulligan(tuple(resolve(state, labels, a) for a in args))
    if head not in COMMANDS or len(args) != COMMANDS[head]:
        raise ScenarioError(f"unknown command {text!r} (commands: play X, strike A B, defend D, pass, use A N, "
                            "target X, first N, choose N, mulligan A…, keep, yes, no, end)")
    if head in ("first", "choose"):
        if not args[0].isdigit():
            raise ScenarioError(f"`{head}` takes a number, got {args[0]!r}")
        return FirstPlayer(int(args[0])) if head == "first" else Choose(int(args[0]))
    if head == "use":
        if not args[1].isdigit():
            raise ScenarioError(f"`use` takes the ability's number, got {args[1]!r}")
        return Use(resolve(state, labels, args[0]), int(args[1]), -1)
    cards = [resolve(state, labels, a) for a in args]
    return {"play": Play, "defend": Defend, "target": Target}[head](*cards) if head != "strike" else Strike(*cards)


# --- running ----------------------------------------------------------------------------------------

def with_test_cards(scn: Scenario, db: Any, base: Path | None) -> Any:
    """`db` with the test-only cards of `[setup] test_cards` (a card file, its path relative to the scenario's
    folder), for the glossary's mechanics no shipped card uses; they never join the shipped database."""
    if "test_cards" not in scn.setup:
        return db
    rel = typed(scn.setup, "test_cards", str, where="setup")
    path = (base or Path(".")) / rel
    try:
        extra = load_set(path)
    except (OSError, HeroCardError) as exc:
        raise ScenarioError(f"setup: test_cards {rel!r}: {exc}") from None
    clash = sorted(c.id for c in extra if c.id in db)
    if clash:
        raise ScenarioError(f"setup: test_cards {rel!r}: ids {', '.join(clash)} are shipped cards' ids")
    return {**db, **{c.id: c for c in extra}}


def run(scn: Scenario, db: Any, base: Path | None = None) -> list[str]:
    """The failures of a heroes scenario (empty when it passes); `base`: the scenario file's folder."""
    db = with_test_cards(scn, db, base)
    try:
        built = build(scn, db)
    except ScenarioError as exc:
        raise ScenarioError(f"setup: {exc}") from None
    state, labels = built.state, built.labels
    log: Events = list(built.events)
    failures: list[str] = []
    _roll(state, [], log, wait=True)      # shuffles; a die waits for the first step's `dice`
    for n, step in enumerate(scn.steps, 1):
        where = f"step {n}"
        try:
            events, broken = _perform(state, labels, step)
            log += events
            if broken:
                return [*failures, f"{where}: {broken}"]
            failures += [f"{where}: {m}" for e in _entries(step.get("expect", [])) for m in
                         check(state, labels, e, events)]
        except ScenarioError as exc:
            raise ScenarioError(f"{where}: {exc}") from None
    try:
        failures += [f"end: {m}" for e in _entries(scn.expect) for m in check(state, labels, e, log)]
    except ScenarioError as exc:
        raise ScenarioError(f"end: {exc}") from None
    return failures


def _entries(value: Any) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(e, dict) for e in value):
        raise ScenarioError("`expect` must be an array of tables")
    return value


def _perform(state: HeroesState, labels: dict[str, int], step: dict[str, Any]) -> tuple[Events, str | None]:
    unknown_keys(step, STEP_KEYS, "step")
    dice = typed(step, "dice", list, [], "step")
    if not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice):
        raise ScenarioError(f"step: dice must be numbers 1..6, got {dice!r}")
    dice = list(dice)
    if "do" not in step:     # a step of dice alone answers a pending die (the die for the first player)
        if "illegal" in step:
            raise ScenarioError("step: `illegal` needs a `do` command")
        events: Events = []
        return events, _roll(state, dice, events) if dice else None
    command = typed(step, "do", str, where="step")
    action = parse(state, labels, command)
    events = []
    try:
        if typed(step, "illegal", bool, False, "step"):
            before = state.state_hash()
            try:
                engine.apply(state, action)
            except IllegalAction:
                return events, None if state.state_hash() == before else f"rejecting `{command}` changed the state"
            return events, f"`{command}` was accepted, expected it to be illegal"
        engine.apply(state, action, events)
        return events, _roll(state, dice, events)
    except IllegalAction as exc:
        return events, f"`{command}` was rejected: {exc}"
    except Exception as exc:  # an engine crash is a failed scenario, not a broken run
        return events, f"`{command}`: engine error {type(exc).__name__}: {exc}"


def _roll(state: HeroesState, dice: list[int], events: Events, wait: bool = False) -> str | None:
    """Resolve the chance nodes that follow: shuffles with seed 0, dice from `dice` (`wait`: a die with no dice
    left stays pending)."""
    while state.pending.player == CHANCE:
        if state.pending.kind == "shuffle":
            engine.apply(state, Shuffle(0), events)
            continue
        if not dice:
            return None if wait else "dice ran out: a roll is pending"
        engine.apply(state, Roll(dice.pop(0)), events)
    return f"unused dice {dice}" if dice else None


# --- checks -----------------------------------------------------------------------------------------

CARD_FIELDS = {
    "wounds": lambda s, u: s.cards[u].wounds, "zone": lambda s, u: s.cards[u].zone,
    "closed": lambda s, u: s.cards[u].closed, "life_left": life_left, "life": life, "attack": attack,
    "owner": lambda s, u: s.cards[u].owner, "poison": lambda s, u: keyword(s, u, "poison"),
}
PLAYER_FIELDS = {
    "coins": lambda p: p.coins, "open_coins": lambda p: p.open_coins, "hand": lambda p: len(p.hand),
    "deck": lambda p: len(p.deck), "grave": lambda p: len(p.grave), "play": lambda p: len(p.play),
    "support": lambda p: len(p.support), "failed_draws": lambda p: p.failed_draws,
}
EXPECT_KEYS = frozenset({"card", *CARD_FIELDS, "seat", *PLAYER_FIELDS, "deck_names", "hand_names", "winner",
                         "event", "no_event", "with", "decision", "player", "legal", "not_legal", "active", "turn",
                         "phase", "stalled"})


def check(state: HeroesState, labels: dict[str, int], entry: dict[str, Any], events: Events) -> list[str]:
    unknown_keys(entry, EXPECT_KEYS, "expect")
    out: list[str] = []
    if "card" in entry:
        uid = resolve(state, labels, typed(entry, "card", str, where="expect"))
        for key in (k for k in entry if k in CARD_FIELDS):
            got = CARD_FIELDS[key](state, uid)
            if got != entry[key]:
                out.append(f"card {entry['card']}: {key} is {got!r}, expected {entry[key]!r}")
    seat_keys = [k for k in entry if k in PLAYER_FIELDS or k in ("deck_names", "hand_names")]
    if seat_keys:
        seat = typed(entry, "seat", int, where="expect")
        p = state.players[seat]
        names = {"deck_names": [state.db[c].name for c in p.deck if c],
                 "hand_names": [state.cdef(u).name for u in p.hand]}
        for key in seat_keys:
            got = names[key] if key in names else PLAYER_FIELDS[key](p)
            if got != entry[key]:
                out.append(f"seat {seat}: {key} is {got!r}, expected {entry[key]!r}")
    if "winner" in entry:
        want = {"draw": DRAW, "none": -1}.get(entry["winner"], entry["winner"])
        if state.winner != want:
            out.append(f"winner is {state.winner}, expected {entry['winner']!r}")
    for key in ("active", "turn", "phase", "stalled"):
        if key in entry and getattr(state, key) != entry[key]:
            out.append(f"{key} is {getattr(state, key)!r}, expected {entry[key]!r}")
    if "decision" in entry or "player" in entry:
        kind, player = state.pending.kind, state.pending.player
        if entry.get("decision", kind) != kind or entry.get("player", player) != player:
            out.append(f"decision is {kind} for {player}, expected {entry.get('decision', kind)} for "
                       f"{entry.get('player', player)}")
    for key, want in (("legal", True), ("not_legal", False)):
        if key in entry:
            action = parse(state, labels, typed(entry, key, str, where="expect"))
            if (action in engine.legal_actions(state)) != want:
                out.append(f"`{entry[key]}` is {'not ' if want else ''}legal")
    for key, want in (("event", True), ("no_event", False)):
        if key in entry:
            fields = typed(entry, "with", dict, {}, "expect")
            found = any(_matches(state, labels, e, entry[key], fields) for e in events)
            if found != want:
                kinds = ", ".join(dict.fromkeys(e.kind for e in events)) or "none"
                out.append(f"{'no' if want else 'an'} event {entry[key]} {fields or ''} (events: {kinds})")
    return out


def _matches(state: HeroesState, labels: dict[str, int], event: Event, kind: str, fields: dict[str, Any]) -> bool:
    if event.kind != kind:
        return False
    for key, want in fields.items():
        got = event.data.get(key)
        if isinstance(want, str) and isinstance(got, int) and not isinstance(got, bool):
            want = resolve(state, labels, want)
        if got != want:
            return False
    return True
