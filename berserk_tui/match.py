"""A local match: one engine game, the bots of its bot seats, its command log and its save file (a `Table`).

A save holds what started the game (`MatchSetup`) and every player action in order; loading
replays them through the deterministic engine and checks the state hash written with them,
so a save is small, cannot be edited into an illegal position, and a bad file changes nothing.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from berserk_tui import games
from berserk_tui.bot import Agent, get_agent
from berserk_tui.engine import Action, Event, Game, GameState, IllegalAction, Rules
from berserk_tui.engine.actions import from_wire, to_wire
from berserk_tui.engine.gamedef import GameDef
from berserk_tui.engine.rng import SeededSource
from berserk_tui.engine.state import FORMAT_VERSION
from berserk_tui.games.classic import CLASSIC
from berserk_tui.i18n import tr
from berserk_tui.netgame import RULES, Reading
from berserk_tui.table import News
from berserk_tui.userdata import FileError, FileProblem, read_json, strings, write_atomic
from cards.decks import DECK_SIZE, MAX_NAME, load_first_game
from cards.loader import CardDB

SAVE_VERSION = 1
MAX_SAVE_BYTES = 1024 * 1024     # a long game's save is some tens of KB
SEED_DIGITS = 20                 # a seed has at most this many (the new-game form and `play --seed` take no more)
HOTSEAT = "hotseat"
HUMAN = "human"         # a seat a person plays here (`MatchSetup.players`)
MAX_SEATS = 4
NETWORK = "network"     # the opponent plays from another terminal (`berserk_tui.net_table`)


class SaveError(ValueError):
    """A save file that cannot be loaded: why (`reason`, a `save.error.*` message) and its parameters.
    `str()` is the English text for the command line; `text(lang)` the sentence in the UI's language."""

    def __init__(self, path: Path, reason: str, cause: FileProblem | None = None, **params: object) -> None:
        self.path, self.reason, self.cause, self.params = path, reason, cause, params
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        cause = self.cause.text(lang) if self.cause is not None else ""
        return tr(f"save.error.{self.reason}", lang, path=self.path, cause=cause, **self.params)


@dataclass(frozen=True)
class MatchSetup:
    """Everything that determines a game besides the players' actions.

    A duel names its opponent (a bot, HOTSEAT or NETWORK) and the human seat; a game of more seats lists who
    plays each (`seat_players`: HUMAN or a bot name, see `for_seats`). `game` is the game definition's name
    (`games.by_name`); a save from before it was named is a classic duel."""
    opponent: str                      # a bot name, HOTSEAT or NETWORK
    decks: tuple[tuple[str, ...], ...] = ((), ())        # per seat
    deck_names: tuple[str, ...] = ("", "")               # per seat
    seed: int = 0
    first_game: bool = False
    human: int = 0                     # the human seat in a game against a bot
    game: str = "classic"
    seat_players: tuple[str, ...] = ()   # per seat, when more than two play: HUMAN or a bot name
    extras: tuple[tuple[str, ...], ...] = ()    # per seat, a deck's extra deck (heroes; rules decision 941) or none

    @classmethod
    def for_seats(cls, game: str, players: Sequence[str], decks: Sequence[Sequence[str]], deck_names: Sequence[str],
                  seed: int = 0) -> MatchSetup:
        """A game of `game` with `players[seat]` (HUMAN or a bot name) in each seat; a duel is kept in the duel's
        fields (`opponent`, `human`), so its save reads as before."""
        humans = [s for s, p in enumerate(players) if p == HUMAN]
        bots = [p for p in players if p != HUMAN]
        decks_t, names_t = tuple(tuple(d) for d in decks), tuple(deck_names)
        if len(players) == 2 and (len(humans) == 2 or (len(humans) == 1 and bots)):
            opponent = HOTSEAT if len(humans) == 2 else bots[0]
            return cls(opponent, decks_t, names_t, seed, human=humans[0] if humans else 0, game=game)
        opponent = HOTSEAT if len(humans) > 1 else bots[0] if bots else HOTSEAT
        return cls(opponent, decks_t, names_t, seed, human=humans[0] if humans else 0, game=game,
                   seat_players=tuple(players))

    @property
    def hotseat(self) -> bool:
        return self.opponent == HOTSEAT

    @property
    def networked(self) -> bool:
        return self.opponent == NETWORK

    @property
    def seats(self) -> int:
        return len(self.decks)

    @property
    def players(self) -> tuple[str, ...]:
        """Who plays each seat: HUMAN, a bot name, or NETWORK for a seat played from another terminal."""
        if self.seat_players:
            return self.seat_players
        if self.hotseat:
            return (HUMAN,) * self.seats
        return tuple(HUMAN if seat == self.human else self.opponent for seat in range(self.seats))

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(seat for seat, who in enumerate(self.players) if who == HUMAN)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["decks"] = [list(d) for d in self.decks]
        data["deck_names"] = list(self.deck_names)
        data["seat_players"] = list(self.seat_players)
        data["extras"] = [list(e) for e in self.extras]
        if not self.extras:
            del data["extras"]          # a save as before
        return data

    @classmethod
    def from_json(cls, data: Any) -> MatchSetup:
        """The setup of a save; ValueError naming the first field that is missing or of a wrong type or size, or
        that does not fit the game (a save without `game` is a classic duel)."""
        if not isinstance(data, dict):
            raise ValueError("setup")
        for name, check in _SETUP_FIELDS.items():
            if not check(data.get(name)):
                raise ValueError(name)
        game, players = data.get("game", "classic"), data.get("seat_players", [])
        if not isinstance(game, str) or game not in games.names():
            raise ValueError("game")
        game_def = games.by_name(game)
        seats = games.seat_count(game_def)
        for name in ("decks", "deck_names"):
            if len(data[name]) != seats:
                raise ValueError(name)
        if data["human"] >= seats:
            raise ValueError("human")
        if not (players == [] or (strings(players, range(seats, seats + 1), 20) and all(
                p == HUMAN or p in game_def.agents for p in players))):
            raise ValueError("seat_players")
        extras = data.get("extras", [])
        if not (extras == [] or (isinstance(extras, list) and len(extras) == seats
                                 and all(strings(e, range(DECK_SIZE[1] + 1), 16) for e in extras))):
            raise ValueError("extras")
        return cls(data["opponent"], tuple(tuple(d) for d in data["decks"]), tuple(data["deck_names"]),
                   data["seed"], data["first_game"], data["human"], game, tuple(players),
                   tuple(tuple(e) for e in extras))


_SETUP_FIELDS: dict[str, Callable[[Any], bool]] = {
    "opponent": lambda v: isinstance(v, str) and len(v) <= 20,
    "decks": lambda v: isinstance(v, list) and 2 <= len(v) <= MAX_SEATS
    and all(strings(d, range(DECK_SIZE[1] + 1), 16) for d in v),
    "deck_names": lambda v: strings(v, range(2, MAX_SEATS + 1), MAX_NAME),
    "seed": lambda v: type(v) is int and abs(v) < 10 ** SEED_DIGITS,
    "first_game": lambda v: type(v) is bool,
    "human": lambda v: type(v) is int and 0 <= v < MAX_SEATS,
}


@dataclass
class Match:
    """A game of `game_def` in progress with its bots; `actions` are the players' actions so far."""
    setup: MatchSetup
    game: Game
    actions: list[Action] = field(default_factory=list)
    bots: dict[int, Agent] = field(default_factory=dict)
    game_def: GameDef = CLASSIC

    @classmethod
    def start(cls, db: CardDB, setup: MatchSetup) -> Match:
        """The game `setup` describes, of the definition it names, with a bot in each bot seat. A game with cards
        of its own («Берсерк. Герои»: `load_db`) is played with them and with its `play_rules`."""
        game_def = games.by_name(setup.game)
        source = SeededSource(random.Random(setup.seed).getrandbits(64))
        if setup.first_game:
            game = game_def.start(db, ([], []), source, Rules(first_game=True, open_deployment=True),
                                  squads=load_first_game(db), first=0)
        elif hasattr(game_def, "load_db"):
            game = game_def.start(game_db(game_def), tuple(list(d) for d in setup.decks), source,
                                  game_def.play_rules())
        else:
            game = game_def.start(db, tuple(list(d) for d in setup.decks), source)
        match = cls(setup, game, game_def=game_def)
        match._make_bots()
        return match

    def _make_bots(self) -> None:
        """A bot for each seat a bot plays, seeded by the game's seed, the actions so far and its place among
        the bots (a duel's one bot as before seats were listed)."""
        if self.setup.networked:
            return
        base = self.setup.seed * 1009 + len(self.actions)
        bot_seats = [seat for seat, who in enumerate(self.setup.players) if who != HUMAN]
        self.bots = {seat: get_agent(self.setup.players[seat], base + 7919 * k, self.game_def.agents)
                     for k, seat in enumerate(bot_seats)}

    # --- queries ------------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def log(self) -> list[Event]:
        return self.game.log

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def winner(self) -> int:
        return self.state.winner

    @property
    def ended(self) -> str:
        """By the rules once over: a local game is neither resigned nor lost on time."""
        return RULES if self.over else ""

    @property
    def revision(self) -> int:
        """Grows with every change of the game (the screens cache views by it)."""
        return len(self.actions)

    @property
    def to_move(self) -> int:
        """The seat that decides now (negative at the end of the game)."""
        return self.state.pending.player

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def is_remote(self, seat: int) -> bool:
        """A seat played from another terminal: never in a local match."""
        return False

    def view(self, seat: int) -> GameState:
        return self.game_def.view(self.state, seat)

    def legal(self) -> list[Action]:
        return self.game.legal_actions()

    # --- moves --------------------------------------------------------------------------------------
    def play(self, action: Action) -> list[Event]:
        """Apply a player's action; IllegalAction (from the engine) leaves everything unchanged."""
        events = self.game.step(action)
        self.actions.append(action)
        return events

    def bot_action(self) -> Action:
        """What the bot of the deciding seat plays; it sees only its own view."""
        seat = self.to_move
        return self.bots[seat](self.view(seat), self.legal())

    # --- what a local table has not: no link, no resignation, no clocks, nothing hidden from its engine ----------
    linked = False
    stopped = False
    settled = True
    can_resign = False
    transcript = ""
    clock_wait = None
    resigned = False
    resigned_by = None
    early_claim = 0.0
    violation = ""
    verified = True          # its engine dealt every card and die itself
    lost = False
    overdue = False

    def pump(self, timeout_ms: int = 0) -> News:
        return News()

    def close(self) -> None:
        """Nothing to let go: the autosave keeps an unfinished game."""

    def resign(self) -> None:
        raise IllegalAction("a local game is left, not resigned")

    def reading(self, seat: int) -> Reading | None:
        return None

    # --- saving -------------------------------------------------------------------------------------
    def autosave(self, path: Path) -> None:
        """Keep the game in `path` while it goes on; the save is gone once it is over."""
        if self.over:
            path.unlink(missing_ok=True)
        else:
            self.save(path)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": SAVE_VERSION,
            "setup": self.setup.to_json(),
            "actions": [getattr(self.game_def, "to_wire", to_wire)(a) for a in self.actions],
            "hash": self.state.state_hash(),
            "format": _format(self.game_def),       # the state encoding the hash is of
        }

    def save(self, path: Path) -> None:
        """Write the save atomically (a crash mid-write leaves the previous save intact)."""
        write_atomic(path, json.dumps(self.to_json(), ensure_ascii=False))

    @classmethod
    def load(cls, path: Path, db: CardDB, on_step: Callable[[Match, Action | None, list[Event]], None] | None = None
             ) -> Match:
        """Replay a save; SaveError says what is wrong and the file is left as it is. `on_step` is
        called at the start (no action, the events so far) and after every action with its events."""
        data = _read(path)
        if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
            raise SaveError(path, "version", version=SAVE_VERSION)
        try:
            setup = MatchSetup.from_json(data.get("setup"))
        except ValueError as exc:
            raise SaveError(path, "setup", detail=exc) from exc
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise SaveError(path, "read", FileProblem("file.bad_field", {"path": str(path), "field": "actions"}))
        parse = getattr(games.by_name(setup.game), "from_wire", from_wire)
        try:
            match = cls.start(db, setup)
            if on_step is not None:
                on_step(match, None, list(match.log))
            for i, wire in enumerate(actions):
                try:
                    action = parse(wire)
                except (ValueError, TypeError, KeyError) as exc:
                    raise SaveError(path, "malformed", n=i + 1) from exc
                try:
                    events = match.play(action)
                except IllegalAction as exc:
                    raise SaveError(path, "illegal", n=i + 1) from exc
                if on_step is not None:
                    on_step(match, action, events)
        except SaveError:
            raise
        except Exception as exc:   # an unknown card id, a deck the engine rejects, ...
            raise SaveError(path, "rebuild", detail=str(exc)[:80]) from exc
        if match.state.state_hash() != data.get("hash"):
            saved = data.get("format", 2)        # a save without a format is of state format 2
            if saved != _format(match.game_def):     # its hash is of another encoding: it cannot be checked
                raise SaveError(path, "format", saved=saved, reads=_format(match.game_def))
            raise SaveError(path, "mismatch")
        match._make_bots()
        return match


_GAME_DBS: dict[str, Any] = {}


def game_db(game_def: GameDef) -> Any:
    """The card database of a game with cards of its own (`load_db`), loaded once."""
    if game_def.name not in _GAME_DBS:
        _GAME_DBS[game_def.name] = game_def.load_db()  # type: ignore[attr-defined]
    return _GAME_DBS[game_def.name]


def _format(game_def: GameDef) -> int:
    """The version of the state encoding of `game_def`'s games (the classic one's unless it names its own)."""
    return getattr(game_def, "format_version", FORMAT_VERSION)


def _read(path: Path) -> Any:
    """The JSON of a save (at most MAX_SAVE_BYTES); SaveError names the file and what is wrong with it."""
    try:
        return read_json(path, MAX_SAVE_BYTES)
    except FileError as exc:
        raise SaveError(path, "read", exc.problem) from exc
