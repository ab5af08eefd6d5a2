"""A reliable, ordered, signed message stream between two seats over one link.

Single-threaded: the application calls `poll` regularly; everything (handshake, acks, resends,
heartbeats, status changes) happens inside `send` and `poll`. See docs/transport.md.

Error events name their kind in `Incoming.kind`: "handshake" (a CURVE handshake failed),
"stranger" (a frame from a connection that is not the bound guest's, e.g. left over from before
a restart), "protocol" (a frame that breaks the protocol) and, on a guest the host turned away,
"refused.<reason>" with a reason of `REJECT_REASONS`.
"""

from __future__ import annotations

import hmac
import os
import socket
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from netplay.codec import (
    MAX_BODY_DEPTH,
    MAX_MESSAGE_BYTES,
    MAX_SEQ,
    NO_HASH,
    PROTOCOL_VERSION,
    SESSION_ID_BYTES,
    Envelope,
    ProtocolError,
    brief,
    check_bytes,
    check_int,
    check_str,
    check_tree,
    check_version,
    digest,
    pack,
    parse_envelope,
    require,
    unpack,
)
from netplay.faults import FaultPolicy, FaultyLink
from netplay.joincode import SECRET_BYTES, TOKEN_BYTES, JoinCode, hello_token, server_keypair
from netplay.keyfile import GUEST_SEAT, HOST_SEAT, SessionKeys
from netplay.keys import KEY_BYTES, CurveKeypair, Identity, verify_signature
from netplay.link import Frame, GuestLink, HostLink, Link, LinkNote
from netplay.transcript import Header, TranscriptWriter
from netplay.transcript import verify as verify_transcript

WAITING, CONNECTED, RECONNECTING, LOST, CLOSED = "waiting", "connected", "reconnecting", "lost", "closed"
UNREACHABLE = "unreachable"   # a guest's first contact failed (see `Session.unreachable`)
NO_CONNECTION, HANDSHAKE, NO_ANSWER = "no_connection", "handshake", "no_answer"
REJECT_REASONS = ("app", "secret", "session", "taken", "protocol")
APP_VERSION = 4               # the default app's protocol; 2: the decision clock (berserk_tui.netgame: timeout claims);
                              # 3, 4: the state encodings of issue 37 (their state hashes differ)
ENVELOPE_OVERHEAD = 512       # bytes an envelope adds around its body, with margin
MAX_BUFFERED = 4096           # out-of-order messages held per peer
RESEND_BURST = 256            # unacked messages resent at once
NOTE_REPEAT_S = 5.0           # repeat the same handshake-failure error at most this often
CONTACT_ATTEMPTS = 3          # failed connection attempts that make a first contact fail at once
MAX_REASON_CHARS = 300        # the sentence of a reject frame


class Timing(NamedTuple):
    """Timers in seconds; tests shorten them."""

    heartbeat: float = 1.0    # an ack frame when nothing else was sent for this long
    silence: float = 3.0      # "reconnecting" after this much silence from the peer
    lost: float = 120.0       # "lost" after this much silence (time to restart a crashed peer)
    resend: float = 0.5       # resend unacked messages when acks have not advanced for this long
    ack_delay: float = 0.02   # an explicit ack frame when no message carried the ack for this long
    contact: float = 5.0      # a guest's first contact fails when the host has not welcomed it by then


DEFAULT_TIMING = Timing()


class Incoming(NamedTuple):
    """What poll returns: an app message, a status change (body = new status) or an error (body = text)."""

    event: str  # "message" | "status" | "error"
    seat: int   # the sender's seat for messages; the peer's seat otherwise
    seq: int
    kind: str   # the app's message kind; for errors what kind of error (see the module's docstring)
    body: Any


def _lan_address() -> str:
    """This machine's address on the default route (no packet is sent); loopback when offline."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


class Session:
    """One side of a two-seat session. Build with `host`, `join` or `resume`."""

    def __init__(self, secrets: SessionKeys, link: Link, transcript_path: Path, timing: Timing) -> None:
        self._secrets = secrets
        self._link = link
        self.transcript_path = Path(transcript_path)
        self.timing = timing
        self.seat = secrets.seat
        self.peer_seat = 1 - secrets.seat
        self._identity = Identity.from_private_bytes(secrets.identity)
        self.my_key = self._identity.public_key
        self.join_code = secrets.join_code or ""
        self.status = WAITING
        self._route: bytes | None = None       # where frames go once the peer is bound
        self._welcomed = False                  # guest: the host answered our hello since we started
        self._transcript: TranscriptWriter | None = None
        self._dirty = False                     # received records written but not yet synced
        self._outbox: list[tuple[str, Any]] = []  # sent before the peer was bound
        self._next_seq, self._last_hash, self._acked = 1, NO_HASH, 0
        self._unacked: dict[int, bytes] = {}    # seq -> msg frame
        self._delivered, self._peer_hash, self._peer_hashes = 0, NO_HASH, []
        self._held: dict[int, Envelope] = {}    # out-of-order messages from the peer
        self._ack_owed: float | None = None     # since when an ack is due
        now = time.monotonic()
        self._last_heard = self._last_sent = self._last_progress = self._last_hello = now
        self._last_note = ("", 0.0)
        self.unreachable = ""                   # guest: why the first contact failed (status UNREACHABLE)
        self._contact, self._failed = NO_CONNECTION, ""  # how far this connection attempt got; the last one
        self._attempts, self._started = 0, now

    # -- construction ---------------------------------------------------------------------------

    @classmethod
    def host(cls, bind: str, port: int, transcript_path: Path, app: str = "berserk", app_version: int = APP_VERSION, *,
             advertise: str | None = None, timing: Timing = DEFAULT_TIMING,
             faults: FaultPolicy | None = None) -> tuple[Session, str]:
        """Listen on bind:port (0 = any free port); returns the session and the join code to hand out."""
        secret = os.urandom(SECRET_BYTES)
        keypair = server_keypair(secret)
        link = HostLink(bind, port, keypair)
        address = advertise or (_lan_address() if bind in ("0.0.0.0", "*") else bind)
        try:
            code = JoinCode(address, link.port, secret).encode()
        except ValueError:
            link.close()
            raise
        secrets = SessionKeys(HOST_SEAT, Identity.generate().private_bytes(), app, app_version, hello_token(secret),
                              os.urandom(SESSION_ID_BYTES), curve_public=keypair.public, curve_secret=keypair.secret,
                              bind=bind, port=link.port, join_code=code)
        session = cls._start(secrets, link, transcript_path, timing, faults)
        return session, session.join_code

    @classmethod
    def join(cls, code: str, transcript_path: Path, app: str = "berserk", app_version: int = APP_VERSION, *,
             timing: Timing = DEFAULT_TIMING, faults: FaultPolicy | None = None) -> Session:
        """Connect to the host named by a join code; the session is "connected" once the host welcomes us."""
        join = JoinCode.decode(code)
        link = GuestLink(join.host, join.port, join.server_key)
        secrets = SessionKeys(GUEST_SEAT, Identity.generate().private_bytes(), app, app_version, join.token,
                              join_code=join.encode(), routing_id=link.routing_id)
        return cls._start(secrets, link, transcript_path, timing, faults)

    @classmethod
    def resume(cls, transcript_path: Path, *, timing: Timing = DEFAULT_TIMING,
               faults: FaultPolicy | None = None) -> Session:
        """Restart a session from its transcript and keys file: same identity, seat, port and streams."""
        secrets = SessionKeys.load(transcript_path)
        if secrets.seat == HOST_SEAT:
            link: Link = HostLink(secrets.bind or "0.0.0.0", secrets.port or 0,
                                  CurveKeypair(secrets.curve_public, secrets.curve_secret))
        else:
            join = JoinCode.decode(secrets.join_code or "")
            link = GuestLink(join.host, join.port, join.server_key, secrets.routing_id)
        session = cls(secrets, FaultyLink(link, faults) if faults else link, transcript_path, timing)
        session._restore()
        return session

    @classmethod
    def _start(cls, secrets: SessionKeys, link: Link, path: Path, timing: Timing,
               faults: FaultPolicy | None) -> Session:
        if Path(path).exists():
            link.close()
            raise FileExistsError(f"{path} exists; resume that session or choose a new transcript file")
        secrets.save(path)
        return cls(secrets, FaultyLink(link, faults) if faults else link, path, timing)

    def _restore(self) -> None:
        """Rebuild both streams from the transcript (if the peer was ever bound)."""
        self.status = RECONNECTING if self._secrets.peer_key else WAITING
        if self.seat == HOST_SEAT and self._secrets.peer_key:
            self._route = self._secrets.routing_id
        if not self.transcript_path.exists():
            return
        verified = verify_transcript(self.transcript_path)
        header = verified.header
        if (header.seat, header.session_id, header.keys[self.seat]) != \
                (self.seat, self._secrets.session_id, self.my_key):
            raise ValueError(f"{self.transcript_path} belongs to another session than its keys file")
        mine, theirs = verified.messages[self.seat], verified.messages[self.peer_seat]
        self._next_seq = len(mine) + 1
        self._last_hash = mine[-1].hash() if mine else NO_HASH
        self._acked = max((env.ack for env in theirs), default=0)
        self._unacked = {env.seq: self._frame(env) for env in mine if env.seq > self._acked}
        self._delivered = len(theirs)
        self._peer_hashes = [env.hash() for env in theirs]
        self._peer_hash = self._peer_hashes[-1] if theirs else NO_HASH
        self._transcript = TranscriptWriter(self.transcript_path)

    # -- public API -----------------------------------------------------------------------------

    @property
    def peer_key(self) -> bytes | None:
        """The peer's Ed25519 public key, once the handshake bound it."""
        return self._secrets.peer_key

    @property
    def session_id(self) -> bytes | None:
        return self._secrets.session_id

    @property
    def link(self) -> Link:
        """The underlying link (for tools and tests that need raw frames)."""
        return self._link

    @property
    def recorded(self) -> bool:
        """The transcript is on disk, with its header at least: a handshake bound the peer. Before that
        nothing was said, so there is nothing to prove (only the keys file exists)."""
        return self._transcript is not None

    @property
    def settled(self) -> bool:
        """Everything sent so far has been acknowledged by the peer, and everything received acknowledged to it
        (so a peer closing after the last message leaves the other nothing to wait for)."""
        return not self._unacked and not self._outbox and self._ack_owed is None

    def send(self, kind: str, body: Any) -> None:
        """Queue an app message: numbered, signed, written to the transcript, sent and resent until acked."""
        self.send_batch([(kind, body)])

    def send_batch(self, messages: Sequence[tuple[str, Any]]) -> None:
        """`send` each message in order, with one sync of the transcript for all of them (group commit).
        ValueError (nothing sent) if any is malformed or too big."""
        if self.status == CLOSED:
            raise RuntimeError("session is closed")
        for kind, body in messages:
            try:
                check_str(kind, "kind", 64)
                check_tree(body, MAX_BODY_DEPTH)
            except ProtocolError as exc:
                raise ValueError(f"message {brief(kind)}: {exc}") from None
            if len(pack(body)) > MAX_MESSAGE_BYTES - ENVELOPE_OVERHEAD:
                raise ValueError(f"message body over {MAX_MESSAGE_BYTES - ENVELOPE_OVERHEAD} bytes")
        if self._transcript is None:
            self._outbox.extend(messages)
        elif messages:
            self._seal_all(messages)

    def poll(self, timeout_ms: int = 0) -> list[Incoming]:
        """Wait up to timeout_ms for traffic; return delivered messages, status changes and errors in order."""
        if self.status == CLOSED:
            return []
        wait = min(timeout_ms, int((self.timing.ack_delay if self._ack_owed else self.timing.heartbeat / 2) * 1000))
        out: list[Incoming] = []
        for item in self._link.poll(max(wait, 0)):
            if isinstance(item, LinkNote):
                out += self._on_note(item)
            else:
                out += self._on_frame(item)
            if self.status == CLOSED:
                return out
        return out + self._tick()

    def close(self) -> None:
        """Stop: close the socket and the transcript. The peer sees silence (and may wait for a resume)."""
        if self.status == CLOSED:
            return
        self.status = CLOSED
        self._link.close()
        if self._transcript:
            self._transcript.close()

    # -- outgoing -------------------------------------------------------------------------------

    def _frame(self, env: Envelope) -> bytes:
        return pack([PROTOCOL_VERSION, "msg", list(env)])

    def _seal_all(self, messages: Sequence[tuple[str, Any]]) -> None:
        """Number, sign and record the messages, sync once (with any received records), then send them."""
        assert self._transcript is not None and self.session_id is not None
        frames = []
        for kind, body in messages:
            env = Envelope(PROTOCOL_VERSION, self.session_id, self.seat, self._next_seq, self._last_hash,
                           self._delivered, kind, body, b"")
            env = env._replace(signature=self._identity.sign(env.signed_bytes()))
            self._transcript.append("sent", env, sync=False)
            frame = self._frame(env)
            self._unacked[env.seq] = frame
            self._next_seq += 1
            self._last_hash = env.hash()
            frames.append(frame)
        self._transcript.sync()      # nothing leaves before it is on disk
        self._dirty = False
        self._ack_owed = None
        for frame in frames:
            self._transmit(frame)

    def _transmit(self, frame: bytes) -> None:
        if self._route is not None:
            self._link.send(self._route, frame)
            self._last_sent = time.monotonic()

    def _resend(self) -> None:
        for seq in sorted(self._unacked)[:RESEND_BURST]:
            self._transmit(self._unacked[seq])
        self._last_progress = time.monotonic()

    def sync(self) -> None:
        """Put the received records on disk now: before the app saves a decision taken after them (a process
        killed later must not find its own decisions ahead of the transcript)."""
        self._durable()

    def _durable(self) -> None:
        """Sync received records before anything tells the peer they arrived (an ack may free its copy)."""
        if self._dirty and self._transcript:
            self._transcript.sync()
            self._dirty = False

    def _send_ack(self) -> None:
        self._durable()
        self._transmit(pack([PROTOCOL_VERSION, "ack", self._delivered]))
        self._ack_owed = None

    def _send_hello(self) -> None:
        self._durable()
        fields = ["hello", self._secrets.app, self._secrets.app_version, self._secrets.secret, self.my_key,
                  self.session_id, self._delivered]
        self._link.send(b"", pack([PROTOCOL_VERSION, *fields, self._identity.sign(pack(fields))]))
        self._last_hello = self._last_sent = time.monotonic()

    def _on_acked(self, ack: int) -> None:
        if ack > self._acked:
            for seq in range(self._acked + 1, ack + 1):
                self._unacked.pop(seq, None)
            self._acked = ack
            self._last_progress = time.monotonic()

    # -- incoming -------------------------------------------------------------------------------

    def _error(self, kind: str, text: str) -> Incoming:
        return Incoming("error", self.peer_seat, 0, kind, text)

    def _set_status(self, status: str) -> list[Incoming]:
        if status == self.status:
            return []
        self.status = status
        return [Incoming("status", self.peer_seat, 0, "", status)]

    @property
    def _first_contact(self) -> bool:
        """A guest that has never been welcomed by its host."""
        return self.seat == GUEST_SEAT and self.peer_key is None

    def _on_note(self, note: LinkNote) -> list[Incoming]:
        if note.what == "connected" and self.seat == GUEST_SEAT:
            self._send_hello()
        if self._first_contact:
            if note.what == "connected":
                self._contact = NO_ANSWER
            elif note.what == "handshake_failed":
                self._contact = HANDSHAKE
            elif note.what == "retrying":          # an attempt ended: refused, or after a failed handshake
                self._failed, self._contact = self._contact, NO_CONNECTION
                self._attempts += 1
        if note.what != "handshake_failed":
            return []
        now = time.monotonic()
        if self._last_note[0] == note.detail and now - self._last_note[1] < NOTE_REPEAT_S:
            return []
        self._last_note = (note.detail, now)
        who = "a connection to" if self.seat == HOST_SEAT else "the host at"
        return [self._error(HANDSHAKE, f"{who} {self._link.endpoint}: {note.detail}")]

    def _on_frame(self, frame: Frame) -> list[Incoming]:
        stranger = self.seat == HOST_SEAT and frame.peer != self._route
        try:
            obj = unpack(frame.data)
            require(isinstance(obj, list) and len(obj) >= 2, "a frame must be a list [version, type, ...]")
            check_version(obj[0])
            kind = obj[1]
            if self.seat == HOST_SEAT and kind == "hello":
                out = self._on_hello(frame, obj)
            elif stranger:
                raise ProtocolError("frame from a peer that is not in this session (send hello first)", "stranger")
            elif self.seat == GUEST_SEAT and kind == "welcome":
                out = self._on_welcome(obj)
            elif self.seat == GUEST_SEAT and kind == "reject":
                return self._on_reject(frame, obj)
            elif self._transcript is None:
                return []  # the guest's first welcome was overtaken; the host resends
            elif kind == "msg":
                require(len(obj) == 3, "a msg frame is [version, \"msg\", envelope]")
                out = self._on_msg(parse_envelope(obj[2]))
            elif kind == "ack":
                require(len(obj) == 3, "an ack frame is [version, \"ack\", seq]")
                out = self._on_ack(check_int(obj[2], "ack", 0, MAX_SEQ))
            else:
                raise ProtocolError(f"unknown frame type {brief(kind)}")
        except ProtocolError as exc:
            if stranger:
                reason = exc.code if exc.code in REJECT_REASONS else "protocol"
                self._link.send(frame.peer, pack([PROTOCOL_VERSION, "reject", str(exc)[:MAX_REASON_CHARS], reason]))
            return [self._error(exc.code, f"{frame.origin}: {exc}")]
        return self._heard() + out

    def _on_reject(self, frame: Frame, obj: list[Any]) -> list[Incoming]:
        """The host turned us away: the session closes. A malformed reject is refused like any bad frame, and so
        is any reject once the host has welcomed us: an unsigned frame cannot end a bound session (the host turns
        away only strangers, and a resumed guest keeps its routing id)."""
        require(len(obj) == 4, "a reject frame is [version, \"reject\", reason, code]")
        why = check_str(obj[2], "reason", MAX_REASON_CHARS)
        require(self.peer_key is None, "an unsigned reject in a session the host has already welcomed")
        reason = obj[3] if obj[3] in REJECT_REASONS else "protocol"
        self.close()
        return [self._error(f"refused.{reason}", f"{frame.origin} refused us: {why}"),
                Incoming("status", self.peer_seat, 0, "", CLOSED)]

    def _heard(self) -> list[Incoming]:
        """The bound peer sent a valid frame: it is connected; resend at once if it had gone quiet."""
        self._last_heard = time.monotonic()
        if self.status == CONNECTED or (self.seat == GUEST_SEAT and not self._welcomed):
            return []
        self._resend()
        return self._set_status(CONNECTED)

    def _check_hello(self, obj: list[Any], size: int) -> None:
        require(len(obj) == size, f"a {obj[1]} frame has {size} fields")
        app = check_str(obj[2], "app", 64)
        app_version = check_int(obj[3], "app_version", 0, 2**31)
        require((app, app_version) == (self._secrets.app, self._secrets.app_version),
                f"runs {app} version {app_version}, we run {self._secrets.app} version {self._secrets.app_version}",
                "app")

    def _on_hello(self, frame: Frame, obj: list[Any]) -> list[Incoming]:
        self._check_hello(obj, 9)
        token = check_bytes(obj[4], "join token", TOKEN_BYTES)
        key = check_bytes(obj[5], "identity key", KEY_BYTES)
        require(obj[6] is None or obj[6] == self.session_id, "hello names another session", "session")
        resume = check_int(obj[7], "resume ack", 0, MAX_SEQ)
        require(hmac.compare_digest(token, self._secrets.secret), "wrong join secret", "secret")
        require(verify_signature(key, check_bytes(obj[8], "signature", 64), pack(obj[1:8])), "bad hello signature")
        require(self.peer_key in (None, key), "this session already has another guest", "taken")
        require(resume < self._next_seq + len(self._outbox), f"resume ack {resume} for a message we never sent")
        self._bind(key)  # seals messages sent before the guest came, to go out after the welcome
        self._route = frame.peer
        if self._secrets.routing_id != frame.peer:
            self._secrets.routing_id = frame.peer
            self._secrets.save(self.transcript_path)
        self._durable()
        fields = ["welcome", self._secrets.app, self._secrets.app_version, self.my_key, self.session_id,
                  self._delivered, key]
        self._transmit(pack([PROTOCOL_VERSION, *fields, self._identity.sign(pack(fields))]))
        self._on_acked(resume)
        self._resend()
        return self._set_status(CONNECTED)

    def _on_welcome(self, obj: list[Any]) -> list[Incoming]:
        self._check_hello(obj, 9)
        key = check_bytes(obj[4], "identity key", KEY_BYTES)
        session_id = check_bytes(obj[5], "session id", SESSION_ID_BYTES)
        resume = check_int(obj[6], "resume ack", 0, MAX_SEQ)
        require(obj[7] == self.my_key, "welcome for another guest")
        require(verify_signature(key, check_bytes(obj[8], "signature", 64), pack(obj[1:8])), "bad welcome signature")
        require(self.peer_key in (None, key), "the host's identity key changed")
        require(self.session_id in (None, session_id), "welcome names another session")
        require(resume < self._next_seq + len(self._outbox), f"resume ack {resume} for a message we never sent")
        self._secrets.session_id = session_id
        self._route = b""
        self._welcomed = True
        self._bind(key)
        self._on_acked(resume)
        self._resend()
        return self._set_status(CONNECTED)

    def _bind(self, peer_key: bytes) -> None:
        """First handshake: remember the peer, start the transcript, seal what was sent before."""
        if self._transcript is not None:
            return
        self._secrets.peer_key = peer_key
        self._secrets.save(self.transcript_path)
        keys = (self.my_key, peer_key) if self.seat == HOST_SEAT else (peer_key, self.my_key)
        assert self.session_id is not None
        header = Header(PROTOCOL_VERSION, self._secrets.app, self._secrets.app_version, self.session_id, keys,
                        self.seat)
        header = header._replace(signature=self._identity.sign(header.signed_bytes()))
        self._transcript = TranscriptWriter(self.transcript_path, header)
        outbox, self._outbox = self._outbox, []
        if outbox:
            self._seal_all(outbox)

    def _on_ack(self, ack: int) -> list[Incoming]:
        require(ack < self._next_seq, f"ack {ack} for a message we never sent")
        self._on_acked(ack)
        return []

    def _on_msg(self, env: Envelope) -> list[Incoming]:
        require(env.session_id == self.session_id, "message from another session")
        require(env.sender == self.peer_seat,
                f"the envelope names seat {env.sender + 1} as its sender; the peer is seat {self.peer_seat + 1}")
        data = env.to_bytes()      # canonical: what the transcript will hold
        require(len(data) <= MAX_MESSAGE_BYTES, f"seq {env.seq} is over {MAX_MESSAGE_BYTES} bytes in canonical form")
        chained = digest(data)
        if env.seq <= self._delivered and self._peer_hashes[env.seq - 1] == chained:
            self._ack_owed = self._ack_owed or time.monotonic()  # a resend: our ack was lost
            return []  # a resend of what we have, already verified: the ack in it was applied then
        assert self.peer_key is not None
        require(verify_signature(self.peer_key, env.signature, env.signed_bytes()), f"bad signature on seq {env.seq}")
        require(env.seq > self._delivered,
                f"seq {env.seq} was already delivered with different content (replay or forgery)")
        require(env.ack < self._next_seq, f"ack {env.ack} for a message we never sent")
        require(env.seq - self._delivered <= MAX_BUFFERED, f"seq {env.seq} is too far ahead")
        held = self._held.setdefault(env.seq, env)
        require(held.hash() == chained, f"seq {env.seq} arrived twice with different content")
        self._on_acked(env.ack)
        return self._deliver()

    def _deliver(self) -> list[Incoming]:
        assert self._transcript is not None
        out = []
        while (env := self._held.pop(self._delivered + 1, None)) is not None:
            if env.prev_hash != self._peer_hash:
                out.append(self._error("protocol", f"peer seat {env.sender + 1}: seq {env.seq} breaks the hash chain"))
                break
            self._transcript.append("recv", env, sync=False)
            self._dirty = True
            self._ack_owed = self._ack_owed or time.monotonic()
            self._delivered += 1
            self._peer_hash = env.hash()
            self._peer_hashes.append(self._peer_hash)
            out.append(Incoming("message", env.sender, env.seq, env.kind, env.body))
        return out

    # -- timers ---------------------------------------------------------------------------------

    def _tick(self) -> list[Incoming]:
        now = time.monotonic()
        if self.seat == GUEST_SEAT and not self._welcomed and now - self._last_hello >= self.timing.heartbeat:
            self._send_hello()
        if self._route is not None:
            if (self._ack_owed and now - self._ack_owed >= self.timing.ack_delay) or \
                    now - self._last_sent >= self.timing.heartbeat:
                self._send_ack()
            if self._unacked and now - self._last_progress >= self.timing.resend:
                self._resend()
        elif self.seat == HOST_SEAT:
            return []  # a host waits for its guest as long as the app likes
        elif self._first_contact and self.status == WAITING:
            waited = now - self._started    # no game began: never "lost", even with a short `lost`
            if self._attempts >= CONTACT_ATTEMPTS or waited >= min(self.timing.contact, self.timing.lost):
                self.unreachable = self._contact if self._contact == NO_ANSWER else self._failed or NO_CONNECTION
                return self._set_status(UNREACHABLE)
        silent = now - self._last_heard
        if silent >= self.timing.lost and self.status in (CONNECTED, RECONNECTING, WAITING):
            return self._set_status(LOST)
        if silent >= self.timing.silence and self.status == CONNECTED:
            return self._set_status(RECONNECTING)
        return []
