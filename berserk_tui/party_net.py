"""A network game of N seats (seed 003's four players) over a star of two-seat sessions; docs/protocol.md
*Four players over the network*.

The host opens one `netplay.Session` per guest seat (one join code each) and relays every seat's messages,
its own among them, to every guest in one total order, the order every peer plays them in. Each game
message travels in a party envelope signed by its origin's own game key (`seal`), numbered and hash-chained
per origin, so the host relays what it cannot forge, alter, drop unseen or reorder within a seat's stream.
`PartyHost` and `PartyGuest` join a `PartyPeer` to the sessions and keep a private game file next to the
transcripts (the deck, the master secret, the game key, the local decisions, the reserves spent) so a killed
peer resumes. Each node keeps every seat's decision clock (the host's time control, in its seat message): when
its own seat's time runs out its program resigns for it (in the deployment: places the rest and confirms), and a
seat whose program does not is given up on after a grace, the game stopped (rules decisions 736–737).
"""

from __future__ import annotations

import json
import secrets as pysecrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from berserk_tui.engine import Action, GameState, Rules, view
from berserk_tui.engine.actions import Confirm, Place, from_wire, to_wire
from berserk_tui.engine.gamedef import GameDef
from berserk_tui.games.team import TEAM
from berserk_tui.netgame import DEFAULT_CONTROL, PeerSecrets, ProtocolViolation, Reading, TimeControl
from berserk_tui.netgame.party import OUT_OF_TIME, RESIGNED, Input, PartyPeer
from berserk_tui.netgame.party_clock import SeatClocks
from berserk_tui.netmatch import REJECTED, STATUS, TIMED_OUT, VIOLATION, Note
from berserk_tui.party_envelopes import Streams, envelope_digest, seal
from berserk_tui.userdata import write_atomic
from cards.loader import CardDB
from netplay import CLOSED, LOST, Identity, Session, Timing, verify

PARTY, SEAT, LOBBY, STOP = "party", "seat", "lobby", "stop"   # session kinds
PARTY_SUFFIX = ".party"
FINAL_DEADLINE_S = 60.0        # after the end, how long to wait for every seat's final reveal
STALL_GRACE_S = 10.0           # a seat out of time whose program has not resigned is given up on after this
                               # (by the host; a guest, which would hear the host's stop first, after twice it)
GAME_ID_BYTES = 16
MAX_TURNS = 200                # the engine's own limit of a game's length (`Rules.turn_limit`)
DEFAULT_TIMING = Timing()

GAMES: dict[str, GameDef] = {TEAM.name: TEAM}    # the games of more than two seats, by name


def party_rules(game: str, turn_limit: int) -> Rules:
    """The rules of the party game named `game` (a host's seat message names it) with `turn_limit`."""
    if game not in GAMES:
        raise ValueError(f"unknown party game {game!r} (known: {', '.join(sorted(GAMES))})")
    return GAMES[game].rules(Rules(turn_limit=turn_limit))


# --- the game file --------------------------------------------------------------------------------
def _inputs(peer: PartyPeer) -> list[Any]:
    return [a if isinstance(a, str) else to_wire(a) for a in peer.inputs]


def _input(value: Any) -> Input:
    if isinstance(value, str):
        if value not in (RESIGNED, OUT_OF_TIME):
            raise ValueError(f"unknown local input {value!r}")
        return value
    return from_wire(value)


def _control(value: object) -> TimeControl:
    """The time control of a seat message or a game file (absent: the default)."""
    return DEFAULT_CONTROL if value is None else TimeControl.from_wire(value)


def read_party_file(path: Path) -> dict[str, Any]:
    if not path.is_file() or path.stat().st_size > 1 << 20:
        raise ValueError(f"{path}: not a party game file (missing, or over 1 MB)")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        for name, kind in (("role", str), ("seat", int), ("game", str), ("rules", str), ("turn_limit", int),
                           ("deck", list), ("master", str), ("key", str), ("inputs", list), ("transcripts", list)):
            if type(data.get(name)) is not kind:
                raise ValueError(f"field {name!r} missing or not a {kind.__name__}")
        bytes.fromhex(data["game"]), bytes.fromhex(data["master"]), bytes.fromhex(data["key"])
        _control(data.get("clock"))
        used = data.get("clock_used", [])
        if type(used) is not list or not all(type(u) in (int, float) for u in used):
            raise ValueError("field 'clock_used' is not a list of seconds")
    except (ValueError, UnicodeDecodeError, AttributeError) as exc:
        raise ValueError(f"{path}: a damaged party game file: {exc}") from None
    return data


@dataclass
class PartyNode:
    """One seat of a party game: its peer, its signing key and the streams it has checked."""
    db: CardDB
    peer: PartyPeer
    identity: Identity
    game: bytes
    path: Path                          # the private game file
    game_name: str
    turn_limit: int
    streams: Streams = field(init=False)
    violation: str = ""                 # a seat broke the protocol: the game is over here, that seat named
    stopped: str = ""                   # the game was stopped (a seat dropped), in words
    ended_at: float | None = None
    joined: list[bool] = field(default_factory=list)            # who has joined, by seat (the lobby)
    control: TimeControl = DEFAULT_CONTROL
    used: list[float] = field(default_factory=list)             # every seat's reserve spent (a resumed game)
    now: Callable[[], float] = field(default=time.monotonic)    # the time the clocks read (tests set it)
    _mine: list[dict[str, Any]] = field(default_factory=list)   # my envelopes, in order
    ROLE: ClassVar[str] = ""
    GRACE: ClassVar[float] = STALL_GRACE_S

    def __post_init__(self) -> None:
        self.streams = Streams(self.game, self.peer.n)
        self.clocks = SeatClocks(self.control, self.peer.n, self.used)
        self.used = list(self.clocks.used)

    @property
    def seat(self) -> int:
        return self.peer.seat

    @property
    def my_turn(self) -> bool:
        return not (self.violation or self.stopped) and self.peer.waiting_for == "me"

    def view(self) -> GameState:
        return view(self.peer.state, self.seat)

    def legal(self) -> list[Action]:
        return self.peer.legal()

    def act(self, action: Action) -> None:
        """Play the local decision; the game file is written before its messages leave (a choice that sends
        none, inside a purchase or on the deployment draft, is written with the next that does)."""
        self.peer.act(action)
        self._tick()
        if self.peer.sending:
            self.save()
            self.flush()

    def resign(self, on_time: bool = False) -> None:
        """Give up for this seat's team (rules decision 736); IllegalAction unless `peer.can_resign`."""
        self.peer.resign(on_time)
        self._tick()
        self.save()
        self.flush()

    # --- the clocks (rules decision 737) -----------------------------------------------------------
    def reading(self, seat: int) -> Reading | None:
        """`seat`'s clock now; None before the game began."""
        return None if self.peer.engine is None else self.clocks.reading(seat, self.now())

    def _tick(self) -> None:
        """Tell the clocks whom the game waits on now (nobody once it is over or stopped)."""
        stopped = bool(self.violation or self.stopped)
        self.clocks.wait({} if stopped else self.peer.awaited(), self.now())

    def _keep_time(self, notes: list[Note]) -> None:
        """This seat out of time: resign for it (in the deployment: place the rest and confirm); another seat
        out of time for a grace (its program did not resign): give up on it. Keep the reserves spent."""
        self._tick()
        now, peer = self.now(), self.peer
        if not (peer.result is not None or self.violation or self.stopped):
            if self.my_turn and self.clocks.over(self.seat, now):
                if peer.deploying:
                    while self.my_turn:
                        legal = peer.legal()
                        action = next((a for a in legal if isinstance(a, Place)), Confirm())
                        if action not in legal:
                            break           # nothing left to place and no Confirm: the others give up on it
                        peer.act(action)
                    if not self.my_turn:
                        notes.append(Note(TIMED_OUT, "this seat ran out of time in the deployment: the rest of its "
                                          "cards were placed and the deployment confirmed", "deployed"))
                else:
                    peer.resign(on_time=True)
                    notes.append(Note(TIMED_OUT, f"this seat (seat {self.seat + 1}) ran out of time: it resigns "
                                      "for its team", "out"))
                self._tick()
            late = next((s for s in range(peer.n) if s != self.seat and self.clocks.over(s, now, self.GRACE)), None)
            if late is not None:
                self._give_up(late, notes)
        used = [round(u, 1) for u in self.clocks.used]
        if used != self.used or notes:
            self.used = used
            self.save()

    def _give_up(self, seat: int, notes: list[Note]) -> None:
        self.stopped = _stop_text({"seat": seat, "reason": "time"})
        notes.append(Note(TIMED_OUT, self.stopped, "stopped"))

    @property
    def finished(self) -> bool:
        """Over here: a violation, a stop, or the end with every final reveal checked or overdue."""
        return bool(self.violation or self.stopped) or self.peer.verified or self.overdue

    @property
    def overdue(self) -> bool:
        if self.peer.result is None:
            return False
        if self.ended_at is None:
            self.ended_at = time.monotonic()
        return time.monotonic() - self.ended_at > FINAL_DEADLINE_S

    def final_hash(self) -> str:
        return self.peer.final_hash()

    def _seal_outbox(self) -> list[dict[str, Any]]:
        """My new messages as envelopes (deterministic: Ed25519 signatures are)."""
        out = []
        for kind, body in self.peer.outbox():
            prev = envelope_digest(self._mine[-1]) if self._mine else bytes(32)
            env = seal(self.identity, self.game, self.seat, len(self._mine) + 1, prev, kind, body)
            self._mine.append(env)
            out.append(env)
        return out

    def _take(self, env: object) -> None:
        """A relayed envelope of another seat: checked, then played; a violation ends the game here."""
        try:
            origin, kind, body = self.streams.check(env)
            self.peer.receive(origin, kind, body)
        except ProtocolViolation as exc:
            self.violation = str(exc)

    def transcripts(self) -> list[str]:
        raise NotImplementedError

    def links(self) -> list[Session]:
        """This seat's sessions (the host's, one per guest; a guest's one)."""
        raise NotImplementedError

    @property
    def settled(self) -> bool:
        """Everything sent was acknowledged (or the peer is gone)."""
        return all(s.settled or s.status in (LOST, CLOSED) for s in self.links())

    def close(self) -> None:
        for session in self.links():
            session.close()

    def save(self, durable: bool = False) -> None:
        """The private game file, written before the messages of a new local decision leave; the received
        records the decision answers are synced first, so the file is never ahead of the transcripts."""
        for session in self.links():
            if session.recorded:
                session.sync()
        data = {"role": self.ROLE, "seat": self.seat, "game": self.game.hex(), "rules": self.game_name,
                "turn_limit": self.turn_limit, "deck": self.peer.deck, "master": self.peer.secrets.master.hex(),
                "key": self.identity.private_bytes().hex(), "inputs": _inputs(self.peer),
                "transcripts": self.transcripts(), "clock": self.control.to_wire(), "clock_used": self.used}
        write_atomic(self.path, json.dumps(data), mode=0o600, durable=durable)

    def flush(self) -> None:
        raise NotImplementedError


def _restored(data: dict[str, Any]) -> dict[str, Any]:
    """The clock fields of a node rebuilt from its game file."""
    return {"control": _control(data.get("clock")), "used": [float(u) for u in data.get("clock_used", [])]}


def _new_peer(db: CardDB, game: str, turn_limit: int, seat: int, deck: list[str], master: bytes,
              identity: Identity) -> PartyPeer:
    return PartyPeer(db, party_rules(game, turn_limit), seat, deck, PeerSecrets(master), identity.public_key)


def _rebuild(db: CardDB, data: dict[str, Any], order: list[dict[str, Any]]) -> tuple[PartyPeer, Identity, Streams]:
    """The peer of a game file after the relayed `order` of envelopes (each checked again)."""
    identity = Identity.from_private_bytes(bytes.fromhex(data["key"]))
    rules = party_rules(data["rules"], data["turn_limit"])
    streams = Streams(bytes.fromhex(data["game"]), rules.seats.count)
    played = [streams.check(env) for env in order]
    inputs = [_input(w) for w in data["inputs"]]
    peer = PartyPeer.rebuild(db, rules, data["seat"], data["deck"], PeerSecrets(bytes.fromhex(data["master"])),
                             identity.public_key, inputs, played)
    return peer, identity, streams


# --- the host ---------------------------------------------------------------------------------------
@dataclass
class PartyHost(PartyNode):
    """Seat 1 (index 0): the relay. `sessions[i]` serves seat i + 1; `codes[i]` is its join code."""
    sessions: list[Session] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)
    order: list[dict[str, Any]] = field(default_factory=list)     # every relayed envelope, in relay order
    _sent: list[int] = field(default_factory=list)                 # envelopes of `order` given to each session

    @classmethod
    def start(cls, db: CardDB, deck: list[str], base: Path, game: str = "team", turn_limit: int = 30,
              bind: str = "0.0.0.0", port: int = 0, timing: Timing = DEFAULT_TIMING, advertise: str | None = None,
              control: TimeControl = DEFAULT_CONTROL) -> PartyHost:
        """Listen for every guest seat (port 0: any free ports; else `port`, `port` + 1, …)."""
        rules = party_rules(game, turn_limit)
        identity = Identity.generate()
        peer = _new_peer(db, game, turn_limit, 0, deck, pysecrets.token_bytes(32), identity)
        sessions, codes = [], []
        try:
            for s in range(1, rules.seats.count):
                session, code = Session.host(bind, port + s - 1 if port else 0, _transcript(base, s), timing=timing,
                                             advertise=advertise)
                sessions.append(session)
                codes.append(code)
        except OSError:
            for session in sessions:
                session.close()
            raise
        host = cls(db, peer, identity, pysecrets.token_bytes(GAME_ID_BYTES), Path(str(base) + PARTY_SUFFIX), game,
                   turn_limit, sessions=sessions, codes=codes, joined=[True] + [False] * len(sessions),
                   control=control, _sent=[0] * len(sessions))
        host.save(durable=True)
        for s, session in enumerate(sessions, start=1):
            session.send(SEAT, host._seat_body(s))
        host.flush()
        return host

    @classmethod
    def resume(cls, db: CardDB, path: Path, timing: Timing = DEFAULT_TIMING) -> PartyHost:
        data = read_party_file(path)
        if data["role"] != "host":
            raise ValueError(f"{path}: the game file of a guest seat")
        sessions = [Session.resume(Path(t), timing=timing) for t in data["transcripts"]]
        try:
            streams = [verify(s.transcript_path).messages if s.recorded else ([], []) for s in sessions]
            relayed = [[e.body for e in mine if e.kind == PARTY] for mine, _ in streams]
            order = max(relayed, key=len)
            if any(r != order[:len(r)] for r in relayed):
                raise ValueError(f"{path}: the sessions' relayed streams disagree")
            peer, identity, checked = _rebuild(db, data, order)
        except BaseException:
            for session in sessions:
                session.close()
            raise
        host = cls(db, peer, identity, bytes.fromhex(data["game"]), path, data["rules"], data["turn_limit"],
                   sessions=sessions, codes=[s.join_code for s in sessions], order=order,
                   joined=[True] + [s.peer_key is not None for s in sessions], _sent=[len(r) for r in relayed],
                   **_restored(data))
        host.streams = checked
        own = [e for e in order if e["from"] == 0]
        peer._out = list(peer.sent)
        if host._seal_outbox()[:len(own)] != own:
            host.close()
            raise ValueError(f"{path}: the replay does not reproduce the messages the host sent")
        host.order += host._mine[len(own):]
        for i, (mine, theirs) in enumerate(streams):      # what a guest said that was not relayed before the kill
            if not any(e.kind == SEAT for e in mine):
                sessions[i].send(SEAT, host._seat_body(i + 1))
            for env in theirs:
                if env.kind == PARTY and env.body["n"] > host.streams.count[i + 1]:
                    host._accept(i + 1, env.body)
        host.flush()
        return host

    def _seat_body(self, seat: int) -> dict[str, Any]:
        return {"game": self.game, "seat": seat, "seats": self.peer.n, "rules": self.game_name,
                "turn_limit": self.turn_limit, "clock": self.control.to_wire()}

    ROLE = "host"

    def transcripts(self) -> list[str]:
        return [str(s.transcript_path) for s in self.sessions]

    def _accept(self, seat: int, env: object) -> None:
        """Guest `seat`'s envelope: it may speak only for itself; checked, played and relayed to everyone."""
        if type(env) is not dict or env.get("from") != seat:
            self.violation = f"seat {seat + 1} sent a message in another seat's name"
            return
        n = env.get("n")
        if type(n) is int and 0 < n <= self.streams.count[seat]:     # a resend of one relayed before a restart
            if env not in (e for e in reversed(self.order) if e["from"] == seat and e["n"] == n):
                self.violation = f"seat {seat + 1} sent two different messages numbered {n}"
            return
        self._take(env)
        if not self.violation:
            self.order.append(env)
            self.order += self._seal_outbox()       # my answers right after what they answer

    def flush(self) -> None:
        self.order += self._seal_outbox()
        for i, session in enumerate(self.sessions):
            if session.status != CLOSED and self._sent[i] < len(self.order):
                session.send_batch([(PARTY, env) for env in self.order[self._sent[i]:]])
                self._sent[i] = len(self.order)

    def pump(self, timeout_ms: int = 20) -> list[Note]:
        """Exchange messages for up to `timeout_ms`: relay, play, update the lobby, stop on a lost seat."""
        notes: list[Note] = []
        wait = max(1, timeout_ms // len(self.sessions)) if timeout_ms else 0
        for i, session in enumerate(self.sessions):
            for item in session.poll(wait):
                if item.event == "message" and item.kind == PARTY and not self.violation:
                    self._accept(i + 1, item.body)
                    if self.violation:
                        notes.append(Note(VIOLATION, self.violation))
                elif item.event == "status":
                    notes.append(Note(STATUS, str(item.body), f"seat {i + 2}"))
                elif item.event == "error":
                    notes.append(Note(REJECTED, f"seat {i + 2}: {item.body}", item.kind))
        joined = [True] + [s.peer_key is not None for s in self.sessions]
        if joined != self.joined:
            self.joined = joined
            for session in self.sessions:
                session.send(LOBBY, {"joined": [int(j) for j in joined]})
        lost = [i + 1 for i, s in enumerate(self.sessions) if s.status == LOST]
        if lost and not self.stopped and self.peer.result is None and not self.violation:
            self._stop(lost[0], "dropped", notes)
        self._keep_time(notes)
        self.flush()
        return notes

    def _give_up(self, seat: int, notes: list[Note]) -> None:
        self._stop(seat, "time", notes)

    def _stop(self, seat: int, reason: str, notes: list[Note]) -> None:
        """Stop the game for every seat, naming `seat` (rules decisions 734, 737)."""
        self.stopped = _stop_text({"seat": seat, "reason": reason})
        notes.append(Note(TIMED_OUT, self.stopped, "stopped") if reason == "time" else
                     Note(STATUS, LOST, f"seat {seat + 1}"))
        for session in self.sessions:
            session.send(STOP, {"seat": seat, "reason": reason})

    def links(self) -> list[Session]:
        return self.sessions


# --- a guest ----------------------------------------------------------------------------------------
@dataclass
class PartyGuest(PartyNode):
    """A guest seat: one session to the host, which relays every seat's messages."""
    session: Session | None = None
    _echoed: int = 0          # echoes of my own envelopes the host relayed back
    GRACE: ClassVar[float] = 2 * STALL_GRACE_S

    @classmethod
    def begin(cls, db: CardDB, session: Session, seat_body: object, deck: list[str]) -> PartyGuest:
        """The guest of `session` once the host's seat message `seat_body` came."""
        b = seat_body if type(seat_body) is dict else {}
        game, seat, seats, name, turns = (b.get(k) for k in ("game", "seat", "seats", "rules", "turn_limit"))
        if type(game) is not bytes or len(game) != GAME_ID_BYTES or type(seat) is not int or type(seats) is not int \
                or type(name) is not str or type(turns) is not int or not 0 < seat < seats \
                or not 0 < turns <= MAX_TURNS:
            raise ProtocolViolation("a malformed seat message from the host")
        try:
            rules = party_rules(name, turns)
        except ValueError as exc:
            raise ProtocolViolation(str(exc)) from None
        if rules.seats.count != seats:
            raise ProtocolViolation(f"the host's game {name!r} has {rules.seats.count} seats, not {seats}")
        try:
            control = _control(b.get("clock"))
        except ValueError as exc:
            raise ProtocolViolation(f"the host's seat message: {exc}") from None
        identity = Identity.generate()
        peer = _new_peer(db, name, turns, seat, deck, pysecrets.token_bytes(32), identity)
        guest = cls(db, peer, identity, game, Path(str(session.transcript_path) + PARTY_SUFFIX), name, turns,
                    session=session, joined=[False] * seats, control=control)
        guest.save(durable=True)
        guest.flush()
        return guest

    @classmethod
    def resume(cls, db: CardDB, path: Path, timing: Timing = DEFAULT_TIMING) -> PartyGuest:
        data = read_party_file(path)
        if data["role"] != "guest":
            raise ValueError(f"{path}: the game file of the host")
        session = Session.resume(Path(data["transcripts"][0]), timing=timing)
        try:
            host_msgs, mine = verify(session.transcript_path).messages if session.recorded else ([], [])
            order = [e.body for e in host_msgs if e.kind == PARTY]
            peer, identity, checked = _rebuild(db, data, order)
        except BaseException:
            session.close()
            raise
        guest = cls(db, peer, identity, bytes.fromhex(data["game"]), path, data["rules"], data["turn_limit"],
                    session=session, joined=[True] * peer.n, **_restored(data))
        guest.streams = checked
        guest._echoed = sum(1 for e in order if e["from"] == peer.seat)
        sent = [e.body for e in mine if e.kind == PARTY]
        peer._out = list(peer.sent)
        envs = guest._seal_outbox()
        if envs[:len(sent)] != sent:
            session.close()
            raise ValueError(f"{path}: the replay does not reproduce the messages this seat sent")
        if envs[len(sent):]:
            session.send_batch([(PARTY, env) for env in envs[len(sent):]])
        for e in host_msgs:
            if e.kind == STOP:
                guest.stopped = _stop_text(e.body)
        return guest

    ROLE = "guest"

    def transcripts(self) -> list[str]:
        return [str(self.session.transcript_path)]

    def flush(self) -> None:
        out = self._seal_outbox()
        if out and self.session.status != CLOSED:
            self.session.send_batch([(PARTY, env) for env in out])

    def pump(self, timeout_ms: int = 20) -> list[Note]:
        """Exchange messages with the host for up to `timeout_ms`: play what it relays, the lobby, a stop."""
        notes: list[Note] = []
        for item in self.session.poll(timeout_ms):
            if item.event == "message" and not self.violation:
                if item.kind == PARTY:
                    self._relayed(item.body)
                elif item.kind == LOBBY and type(item.body) is dict and type(item.body.get("joined")) is list:
                    self.joined = [bool(j) for j in item.body["joined"]][:self.peer.n]
                elif item.kind == STOP and self.peer.result is None:
                    self.stopped = _stop_text(item.body)
                    timed = type(item.body) is dict and item.body.get("reason") == "time"
                    notes.append(Note(TIMED_OUT, self.stopped, "stopped") if timed else Note(STATUS, LOST, "stop"))
                if self.violation:
                    notes.append(Note(VIOLATION, self.violation))
            elif item.event == "status":
                notes.append(Note(STATUS, str(item.body), "seat 1"))
            elif item.event == "error":
                notes.append(Note(REJECTED, f"seat 1: {item.body}", item.kind))
        if self.session.status == LOST and not self.stopped and self.peer.result is None:
            self.stopped = "seat 1 (the host) dropped and did not come back"
        self._keep_time(notes)
        self.flush()
        return notes

    def _relayed(self, env: object) -> None:
        if type(env) is dict and env.get("from") == self.seat:      # the echo of my own message
            n = env.get("n")
            mine = self._mine[n - 1] if type(n) is int and 0 < n <= len(self._mine) else None
            if env != mine or n != self._echoed + 1:
                self.violation = f"the host relayed my message {n!r} altered or out of order"
            self._echoed += 1
            return
        self._take(env)

    def links(self) -> list[Session]:
        return [self.session]


def _stop_text(body: object) -> str:
    seat = body.get("seat") if type(body) is dict else None
    if type(seat) is not int:
        return "the host stopped the game"
    if body.get("reason") == "time":
        return f"seat {seat + 1} ran out of time and its program did not resign"
    return f"seat {seat + 1} dropped and did not come back"


def _transcript(base: Path, seat: int) -> Path:
    return Path(f"{base}.seat{seat + 1}.msgs")


def is_party_file(path: Path) -> bool:
    return path.suffix == PARTY_SUFFIX


def status_line(node: PartyNode) -> str:
    """`seats: 1 joined 2 joined 3 waiting 4 waiting`: who has joined (the command line's lobby)."""
    return "seats: " + " ".join(f"{s + 1} {'joined' if j else 'waiting'}" for s, j in enumerate(node.joined))


def party_order(path: Path) -> tuple[Rules, list[tuple[int, str, Any]]] | None:
    """The rules and every seat's relayed messages (checked envelopes, in relay order) of a party game's
    transcript (a guest's, one of the host's, or its `.party` file's first); None for a duel's transcript.
    TranscriptError or ProtocolViolation for a damaged or forged one."""
    if is_party_file(path):
        path = Path(read_party_file(path)["transcripts"][0])
    host_msgs = verify(path).messages[0]
    if not host_msgs or host_msgs[0].kind != SEAT:
        return None
    seat = host_msgs[0].body
    if type(seat) is not dict or type(seat.get("game")) is not bytes or type(seat.get("seats")) is not int:
        raise ProtocolViolation("a malformed seat message")
    try:
        rules = party_rules(seat.get("rules"), seat.get("turn_limit"))
    except (ValueError, TypeError) as exc:
        raise ProtocolViolation(f"the seat message names no party game: {exc}") from None
    streams = Streams(seat["game"], rules.seats.count)
    return rules, [streams.check(e.body) for e in host_msgs if e.kind == PARTY]


def resume_node(db: CardDB, path: Path, timing: Timing = DEFAULT_TIMING) -> PartyNode:
    """The host or guest of the game file `path` after a restart."""
    return (PartyHost if read_party_file(path)["role"] == "host" else PartyGuest).resume(db, path, timing)
