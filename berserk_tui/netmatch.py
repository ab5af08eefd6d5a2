"""A networked game: this seat's `FairPeer` (the fair-play protocol) over a `netplay.Session`.

`NetMatch.pump()` moves messages both ways and turns what happens into plain notes for the
user; `act()` plays the local decision. A message that breaks the protocol ends the game on
this side with the offending peer named (`violation`); the local state is never changed by it.
Next to the transcript (`<name>.msgs`, written by the session) a small private file
(`<name>.game`, mode 0600) keeps the deck, the master secret and the local decisions, so a
restarted process can resume (`NetMatch.resume`) and `replay --verify` can re-check the game.
"""

from __future__ import annotations

import json
import secrets as pysecrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from berserk_tui.engine import Action, GameState, view
from berserk_tui.engine.actions import from_wire, to_wire
from berserk_tui.net_game_file import read_game_file
from berserk_tui.netgame import (
    RESIGN,
    FairPeer,
    GameHistory,
    GameReport,
    PeerSecrets,
    ProtocolViolation,
    game_history,
    public_hash,
)
from berserk_tui.userdata import home, write_atomic
from cards.loader import CardDB
from netplay import CLOSED, LOST, UNREACHABLE, Session, TranscriptError, verify

GAME_SUFFIX = ".game"
STATUS, REJECTED, VIOLATION = "link", "rejected", "violation"


class Note(NamedTuple):
    """Something the user should hear about: a link status (`text` is the new status), a message
    the session rejected, or the opponent breaking the protocol (which ends the game)."""
    kind: str   # STATUS | REJECTED | VIOLATION
    text: str   # English, for the command line
    code: str = ""  # REJECTED: the session's error kind ("handshake", "stranger", "refused.taken", …)

    def __str__(self) -> str:
        return f"{self.kind}: {self.text}"


@dataclass
class NetMatch:
    """One side of a networked game."""
    db: CardDB
    session: Session
    peer: FairPeer
    deck: list[str]
    violation: str = ""

    @classmethod
    def start(cls, db: CardDB, session: Session, deck: list[str]) -> NetMatch:
        peer = FairPeer(db, session.seat, deck, PeerSecrets.generate(pysecrets.token_bytes))
        match = cls(db, session, peer, list(deck))
        match.save(durable=True)     # the master secret is on disk before its commitment leaves
        match.flush()
        return match

    @classmethod
    def resume(cls, db: CardDB, transcript: Path) -> NetMatch:
        """Rebuild a game after a restart from its transcript and private file. A side killed before its
        first handshake has no transcript yet (nothing was said): it starts again from its private file."""
        data = read_game_file(game_path(transcript))
        session = Session.resume(transcript)
        try:
            inputs = [RESIGN if w == RESIGN else from_wire(w) for w in data["inputs"]]
            found = verify(transcript).messages if session.recorded else ([], [])
            mine = [(e.kind, e.body) for e in found[session.seat]]
            theirs = [(e.kind, e.body) for e in found[session.peer_seat]]
            secrets = PeerSecrets(bytes.fromhex(data["master"]))
            peer = FairPeer.rebuild(db, session.seat, data["deck"], secrets, inputs, theirs, mine)
        except BaseException:
            session.close()         # a game that cannot go on must not keep its port (a retry would find it busy)
            raise
        match = cls(db, session, peer, list(data["deck"]))
        match.flush()
        return match

    # --- the game ---------------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        return self.session.seat

    @property
    def my_turn(self) -> bool:
        return not self.violation and self.peer.waiting_for == "me"

    @property
    def finished(self) -> bool:
        """The game ended and the opponent's final reveal checked out (or he broke the protocol)."""
        result = self.peer.result
        return bool(self.violation) or (result is not None and result.verified)

    def view(self) -> GameState:
        return view(self.peer.state, self.seat)

    def legal(self) -> list[Action]:
        return self.peer.legal()

    def act(self, action: Action) -> None:
        """Play the local decision; IllegalAction (nothing changes) if it is not legal now."""
        self.peer.act(action)
        self.save()
        self.flush()

    def resign(self) -> None:
        self.peer.resign()
        self.save()
        self.flush()

    def final_hash(self) -> str:
        """The public state hash both sides must agree on."""
        return public_hash(self.peer.engine).hex() if self.peer.engine is not None else ""

    # --- the wire ---------------------------------------------------------------------------------
    def flush(self) -> None:
        """Send what the peer has to say; nothing once the session is closed (a host turned us away)."""
        if self.session.status != CLOSED:
            self.session.send_batch(self.peer.outbox())

    def pump(self, timeout_ms: int = 20) -> list[Note]:
        """Exchange messages for up to `timeout_ms`; returns what the user should hear about."""
        notes: list[Note] = []
        for item in self.session.poll(timeout_ms):
            if item.event == "message" and not self.violation:
                try:
                    self.peer.receive(item.kind, item.body)
                except ProtocolViolation as exc:
                    self.violation = f"peer (seat {item.seat + 1}) broke the protocol: {exc}"
                    notes.append(Note(VIOLATION, self.violation))
            elif item.event == "status":
                notes.append(Note(STATUS, str(item.body)))
            elif item.event == "error":
                notes.append(Note(REJECTED, str(item.body), item.kind))
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
        inputs = [i if i == RESIGN else to_wire(i) for i in self.peer.inputs]
        data = {"deck": self.deck, "master": self.peer.secrets.master.hex(), "inputs": inputs}
        write_atomic(game_path(self.session.transcript_path), json.dumps(data), mode=0o600, durable=durable)

    def close(self) -> None:
        self.session.close()


def new_transcript(role: str) -> Path:
    """A fresh transcript path in the user folder: `net/<date>-<time>-<role>-<random>.msgs`."""
    folder = home() / "net"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{time.strftime('%Y%m%d-%H%M%S')}-{role}-{pysecrets.token_hex(2)}.msgs"


def game_path(transcript: Path) -> Path:
    return Path(str(transcript) + GAME_SUFFIX)


def verify_transcript(db: CardDB, transcript: Path) -> GameReport:
    """Check a transcript end to end: signatures and hash chains (netplay), then every commitment,
    die and rule of the game (netgame). Raises ValueError naming the first violation."""
    return transcript_history(db, transcript)[0].report


def transcript_history(db: CardDB, transcript: Path) -> tuple[GameHistory, int]:
    """The game of a transcript checked like `verify_transcript`, with every card revealed, and
    the seat of the side that wrote the file. Raises ValueError naming the first violation."""
    try:
        found = verify(transcript)
    except TranscriptError as exc:
        raise ValueError(f"transcript: {exc}") from exc
    except OSError as exc:
        raise ValueError(f"cannot read {transcript}: {exc}") from exc
    streams = [[(e.kind, e.body) for e in found.messages[s]] for s in (0, 1)]
    try:
        return game_history(db, streams[0], streams[1]), found.header.seat
    except ProtocolViolation as exc:
        raise ValueError(f"game: {exc}") from exc
