"""A networked game: this seat's fair-play peer (its game's secrets policy over the lockstep) over a `netplay.Session`.

`NetMatch.pump()` moves messages both ways and turns what happens into plain notes for the
user; `act()` plays the local decision. A message that breaks the protocol ends the game on
this side with the offending peer named (`violation`); the local state is never changed by it.
The match keeps both players' clocks (`DecisionClock`, fed `now()`) and claims the win when the
opponent's time is gone; once the game is over it waits `FINAL_DEADLINE_S` for the opponent's
final reveal, then gives up on it (`overdue`): the result stands, unverified.
Next to the transcript (`<name>.msgs`, written by the session) a small private file
(`<name>.game`, mode 0600) keeps the deck, the master secret, the local decisions and the reserves
used, so a restarted process can resume (`NetMatch.resume`) and `replay --verify` can re-check the game.
"""

from __future__ import annotations

import json
import secrets as pysecrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from berserk_tui import games
from berserk_tui.engine import Action, GameState
from berserk_tui.engine.gamedef import GameDef
from berserk_tui.games.classic import CLASSIC
from berserk_tui.net_game_file import read_game_file
from berserk_tui.netgame import (
    DEFAULT_CONTROL,
    RESIGN,
    TIME,
    DecisionClock,
    GameHistory,
    GameReport,
    Lockstep,
    PeerSecrets,
    ProtocolViolation,
    Reading,
    TimeControl,
    Timeout,
    game_history,
    verify_game,
    wire,
)
from berserk_tui.netgame.wire import CLOCK
from berserk_tui.userdata import home, write_atomic
from cards.loader import CardDB
from netplay import CLOSED, CONNECTED, LOST, UNREACHABLE, Session, TranscriptError, verify
from netplay.session import APP_VERSION

GAME_SUFFIX = ".game"
STATUS, REJECTED, VIOLATION, TIMED_OUT = "link", "rejected", "violation", "time"
FINAL_DEADLINE_S = 60.0     # after the end, how long to wait for the opponent's final reveal
EARLY_GRACE_S = 5.0         # a claim against this side is early if its own clock had more left (latency)


class Note(NamedTuple):
    """Something the user should hear about: a link status (`text` is the new status), a message
    the session rejected, the opponent breaking the protocol (which ends the game), or a player's
    time running out (TIMED_OUT: `code` "won" when this side claimed, "lost" when the opponent did)."""
    kind: str   # STATUS | REJECTED | VIOLATION | TIMED_OUT
    text: str   # English, for the command line
    code: str = ""  # REJECTED: the session's error kind ("handshake", "stranger", "refused.taken", …)

    def __str__(self) -> str:
        return f"{self.kind}: {self.text}"


@dataclass
class NetMatch:
    """One side of a networked game of `game_def` (its peer is the definition's secrets policy)."""
    db: CardDB
    session: Session
    peer: Lockstep
    deck: list[str]
    violation: str = ""
    used: tuple[float, float] = (0.0, 0.0)      # the reserves spent before (a resumed game)
    now: Callable[[], float] = field(default=time.monotonic)   # the time the clocks read (tests set it)
    ended_at: float | None = None               # when the game ended on this side
    early_claim: float = 0.0                    # a claim against this side: the time its own clock had left
    connected_at: float | None = None           # since when the opponent is connected without his hello
    _clock: DecisionClock | None = None

    @classmethod
    def start(cls, db: CardDB, session: Session, deck: list[str], control: TimeControl = DEFAULT_CONTROL,
              game_def: GameDef | None = None) -> NetMatch:
        """A new game; the host sets its time control `control` and its game `game_def` (default: the classic
        game), the guest adopts the host's, or with `game_def` insists on that game (a host of another refuses)."""
        game = game_def.name if game_def is not None else CLASSIC.name if session.seat == 0 else None
        policy = (game_def or CLASSIC).secrets
        peer = policy(db, session.seat, deck, PeerSecrets.generate(pysecrets.token_bytes), control=control,
                      game=game, rules_of=games.rules_of)
        match = cls(db, session, peer, list(deck))
        match.save(durable=True)     # the master secret is on disk before its commitment leaves
        match.flush()
        return match

    @classmethod
    def resume(cls, db: CardDB, transcript: Path) -> NetMatch:
        """Rebuild a game after a restart from its transcript and private file (the current wait starts
        anew), of the game the private file names (a host's; a guest that adopted the host's learns it again
        from the host's hello in the transcript). A side killed before its first handshake has no transcript
        yet (nothing was said): it starts again from its private file."""
        data = read_game_file(game_path(transcript))
        session = Session.resume(transcript)
        try:
            game = data.get("game", CLASSIC.name if session.seat == 0 else None)
            game_def = games.by_name(game) if game is not None else CLASSIC
            db = game_db(game_def, db)
            inputs = [_input(game_def.secrets, w) for w in data["inputs"]]
            found = verify(transcript).messages if session.recorded else ([], [])
            mine = [(e.kind, e.body) for e in found[session.seat]]
            theirs = [(e.kind, e.body) for e in found[session.peer_seat]]
            secrets = PeerSecrets(bytes.fromhex(data["master"]))
            control = _control(mine[0][1] if mine else None, data)
            peer = game_def.secrets.rebuild(db, session.seat, data["deck"], secrets, inputs, theirs, mine,
                                            control=control, game=game, rules_of=games.rules_of)
        except BaseException:
            session.close()         # a game that cannot go on must not keep its port (a retry would find it busy)
            raise
        match = cls(db, session, peer, list(data["deck"]), used=_used(data.get("clock_used", [0, 0])))
        match.flush()
        return match

    # --- the game ---------------------------------------------------------------------------------
    @property
    def game_def(self) -> GameDef:
        """The game played: the host's (a guest's own until the host's hello names it)."""
        return games.by_name(self.peer.game or CLASSIC.name)

    @property
    def seat(self) -> int:
        return self.session.seat

    @property
    def my_turn(self) -> bool:
        return not self.violation and self.peer.waiting_for == "me"

    @property
    def finished(self) -> bool:
        """The game ended and the opponent's final reveal checked out, or never came in time (`overdue`),
        or he broke the protocol."""
        result = self.peer.result
        return bool(self.violation) or (result is not None and result.verified) or self.overdue

    @property
    def overdue(self) -> bool:
        """The game is over, but the opponent's final reveal did not come within FINAL_DEADLINE_S: the
        result stands, and his deck and hidden cards are unchecked."""
        result = self.peer.result
        return (result is not None and not result.verified and self.ended_at is not None
                and self.now() - self.ended_at >= FINAL_DEADLINE_S)

    # --- the clock --------------------------------------------------------------------------------
    @property
    def clock(self) -> DecisionClock | None:
        """Both players' clocks, once the time control is known (the guest learns it from the host's hello)."""
        if self._clock is None and self.peer.control is not None:
            self._clock = DecisionClock(self.peer.control, self.used)
        return self._clock

    def reading(self, seat: int) -> Reading | None:
        """`seat`'s clock now, for display; None before the game began."""
        clock = self.clock
        if clock is None or self.peer.engine is None:
            return None
        return clock.reading(seat, self.now())

    def _spent(self) -> tuple[float, float]:
        assert self._clock is not None
        used = self._clock.used
        return round(used[0], 1), round(used[1], 1)

    def _tick(self, now: float) -> None:
        """Tell the clock whom the game waits on now: a new message either way begins a new wait."""
        peer, clock = self.peer, self.clock
        if peer.result is not None and self.ended_at is None:
            self.ended_at = now
        if clock is None:
            return
        on: int | None = None
        if peer.engine is not None and peer.result is None and not self.violation:
            on = self.seat if peer.waiting_for == "me" else 1 - self.seat
        clock.wait(on, now, (len(peer.sent), peer.received))

    def _claim(self, now: float) -> Note | None:
        """The opponent's time is gone: claim the win."""
        clock, them = self.clock, 1 - self.seat
        if clock is None or self.violation or self.session.status == CLOSED or not clock.expired(them, now):
            return None
        self.peer.claim_timeout()
        self._tick(now)
        self.save()
        return Note(TIMED_OUT, f"the opponent (seat {them + 1}) ran out of time: this side claims the win", "won")

    def _silent_start(self, now: float, notes: list[Note]) -> None:
        """An opponent connected for a whole allowance without his `hello` (due at once: it holds only his
        commitments) stalls before any game exists: nothing can be forfeited, so it ends as a violation."""
        if self.peer.engine is not None or self.violation or self.session.status != CONNECTED:
            self.connected_at = None
            return
        self.connected_at = self.connected_at if self.connected_at is not None else now
        allowance = (self.peer.control or DEFAULT_CONTROL).allowance
        if now - self.connected_at >= allowance:
            self.violation = (f"peer (seat {2 - self.seat}) connected but did not begin the game (its commitments) "
                              f"within {allowance} s")
            notes.append(Note(VIOLATION, self.violation))

    def _claimed_against(self, now: float) -> Note:
        """The opponent claimed that this side's time ran out (accepted: it named a message this side owed);
        `early_claim` keeps what this side's own clock still had, when that is more than the latency."""
        clock = self.clock
        left = 0.0
        if clock is not None:
            left = clock.left(self.seat, now) if clock.on == self.seat else clock.last_left[self.seat]
        self.early_claim = left if left > EARLY_GRACE_S else 0.0
        text = "the opponent claims that this side ran out of time"
        if self.early_claim:
            text += f", although by this side's clock {self.early_claim:.0f} s were left"
        return Note(TIMED_OUT, text, "lost")

    def view(self) -> GameState:
        return self.game_def.view(self.peer.state, self.seat)

    def legal(self) -> list[Action]:
        return self.peer.legal()

    def act(self, action: Action) -> None:
        """Play the local decision; IllegalAction (nothing changes) if it is not legal now."""
        self.peer.act(action)
        self._tick(self.now())
        self.save()
        self.flush()

    def resign(self) -> None:
        self.peer.resign()
        self._tick(self.now())
        self.save()
        self.flush()

    def final_hash(self) -> str:
        """The public state hash both sides must agree on."""
        return self.peer.state_public_hash().hex() if self.peer.engine is not None else ""

    # --- the wire ---------------------------------------------------------------------------------
    def flush(self) -> None:
        """Send what the peer has to say; nothing once the session is closed (a host turned us away)."""
        if self.session.status != CLOSED:
            self.session.send_batch(self.peer.outbox())

    def pump(self, timeout_ms: int = 20) -> list[Note]:
        """Exchange messages for up to `timeout_ms`, run the clocks and claim the win when the opponent's
        time is gone; returns what the user should hear about."""
        notes: list[Note] = []
        for item in self.session.poll(timeout_ms):
            if item.event == "message" and not self.violation:
                now = self.now()
                self._tick(now)                 # the clocks up to the message, before it changes the game
                before = self.peer.result
                try:
                    self.peer.receive(item.kind, item.body)
                except ProtocolViolation as exc:
                    self.violation = f"peer (seat {item.seat + 1}) broke the protocol: {exc}"
                    notes.append(Note(VIOLATION, self.violation))
                result = self.peer.result
                if result is not None and result.ended == TIME and result != before \
                        and result.winner == 1 - self.seat and (before is None or before.ended != TIME):
                    notes.append(self._claimed_against(now))
                self._tick(now)
            elif item.event == "status":
                notes.append(Note(STATUS, str(item.body)))
            elif item.event == "error":
                notes.append(Note(REJECTED, str(item.body), item.kind))
        now = self.now()
        self._silent_start(now, notes)
        self._tick(now)
        claim = self._claim(now)
        if claim is not None:
            notes.append(claim)
        elif self.clock is not None and self._spent() != self.used:
            self.save()                         # a wait on the opponent ran over its allowance
        self.flush()
        return notes

    @property
    def lost(self) -> bool:
        return self.session.status == LOST

    @property
    def unreachable(self) -> str:
        """Why the first contact with the host failed ("no_connection", "handshake", "no_answer"), or ""."""
        return self.session.unreachable if self.session.status == UNREACHABLE else ""

    def save(self, durable: bool = False) -> None:
        """Write the private file (atomically, before the messages of the new input are sent).
        Only the first write is synced: later ones survive a killed process, and after a crash of
        the whole machine `resume` reports a file older than the transcript instead of guessing."""
        self.session.sync()          # the messages this decision answered are on disk before the decision
        inputs = [_wire_input(self.peer, i) for i in self.peer.inputs]
        if self.clock is not None:
            self.used = self._spent()
        data = {"deck": self.deck, "master": self.peer.secrets.master.hex(), "inputs": inputs,
                "clock_used": list(self.used)}
        if self.seat == 0 and self.peer.control is not None:
            data["clock"] = self.peer.control.to_wire()
        if self.peer.named is not None:
            data["game"] = self.peer.named
        write_atomic(game_path(self.session.transcript_path), json.dumps(data), mode=0o600, durable=durable)

    def close(self) -> None:
        self.session.close()


def _wire_input(peer: Lockstep, item: Action | str | Timeout) -> object:
    """A local input as the private file keeps it: "resign", {"timeout": n} or an action's wire form (the game's)."""
    if isinstance(item, Timeout):
        return {"timeout": item.received}
    return item if item == RESIGN else peer.to_wire(item)


def _input(policy: type[Lockstep], value: object) -> Action | str | Timeout:
    """A local input from the private file (checked by `read_game_file`), its action read as the game's."""
    if isinstance(value, dict):
        return Timeout(value["timeout"])
    return RESIGN if value == RESIGN else policy.from_wire(value)


def game_db(game_def: GameDef, db: CardDB) -> Any:
    """The card database of `game_def`'s games: its own (`load_db`: «Берсерк. Герои») or the classic `db`."""
    load = getattr(game_def, "load_db", None)
    return load() if load is not None else db


def _control(hello: dict | None, data: dict) -> TimeControl | None:
    """The host's time control to rebuild its peer with: its hello's as sent (none in a hello of a version
    before the clock), else (killed before its first handshake) the private file's."""
    if hello is not None:
        return TimeControl.from_wire(hello[CLOCK]) if CLOCK in hello else None
    return TimeControl.from_wire(data["clock"]) if "clock" in data else DEFAULT_CONTROL


def _used(value: list) -> tuple[float, float]:
    """The reserves spent, as the private file keeps them (absent in files of versions before the clock: 0)."""
    return float(value[0]), float(value[1])


def new_transcript(role: str) -> Path:
    """A fresh transcript path in the user folder: `net/<date>-<time>-<role>-<random>.msgs`."""
    folder = home() / "net"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{time.strftime('%Y%m%d-%H%M%S')}-{role}-{pysecrets.token_hex(2)}.msgs"


def game_path(transcript: Path) -> Path:
    return Path(str(transcript) + GAME_SUFFIX)


def verify_transcript(db: CardDB, transcript: Path) -> GameReport:
    """Check a transcript end to end: signatures and hash chains (netplay), then every commitment,
    die and rule of the game its host's hello names (netgame). Raises ValueError naming the first violation.
    A game whose one side never revealed its secrets gives a partial report (`GameReport.unchecked`)."""
    streams, _ = _streams(transcript)
    game_def = _game_of(streams)
    try:
        return verify_game(game_db(game_def, db), streams[0], streams[1], game_def.secrets, games.rules_of)
    except ProtocolViolation as exc:
        raise ValueError(f"game: {exc}") from exc


def transcript_history(db: CardDB, transcript: Path) -> tuple[GameHistory, int]:
    """The game of a transcript checked like `verify_transcript`, with every card revealed, and
    the seat of the side that wrote the file. Raises ValueError naming the first violation."""
    streams, seat = _streams(transcript)
    game_def = _game_of(streams)
    try:
        return game_history(game_db(game_def, db), streams[0], streams[1], game_def.secrets, games.rules_of), seat
    except ProtocolViolation as exc:
        raise ValueError(f"game: {exc}") from exc


def transcript_game(transcript: Path) -> GameDef:
    """The game a transcript's host named (ValueError for a damaged transcript or a game not known here)."""
    return _game_of(_streams(transcript)[0])


def _game_of(streams: list[list[tuple[str, dict]]]) -> GameDef:
    """The definition of the game the host's hello names (none: the classic game); ValueError if unknown."""
    hello = streams[0][0][1] if streams[0] and streams[0][0][0] == wire.HELLO else {}
    name = hello.get(wire.GAME, CLASSIC.name) if isinstance(hello, dict) else CLASSIC.name
    try:
        return games.by_name(name) if isinstance(name, str) else CLASSIC
    except ValueError:
        raise ValueError(f"game: the host plays the game {name!r}, which this program does not know") from None


def _streams(transcript: Path) -> tuple[list[list[tuple[str, dict]]], int]:
    """Both seats' messages of a transcript whose signatures and chains check out, and the writer's seat."""
    try:
        found = verify(transcript)
    except TranscriptError as exc:
        raise ValueError(f"transcript: {exc}") from exc
    except OSError as exc:
        raise ValueError(f"cannot read {transcript}: {exc}") from exc
    if found.header.app_version != APP_VERSION:      # its state hashes are those of another engine
        raise ValueError(f"transcript: written by berserk version {found.header.app_version}, this version checks "
                         f"version {APP_VERSION}")
    return [[(e.kind, e.body) for e in found.messages[s]] for s in (0, 1)], found.header.seat
