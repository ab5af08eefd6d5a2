"""Fuzz tests of the wire (issue 36): the frame decoder, the envelope checker and a live session's frame
handler get random and mutated frames (see `mutations.py`).

Invariants: the decoder and the envelope checker raise nothing but ProtocolError, and what they
accept can be written canonically; a session never raises, answers a refused frame with an error
event (short, printable, naming the peer), writes nothing to its transcript for it, and still takes
the next good message. One pair of sessions over loopback serves every example; frames go straight
to `Session._on_frame`, so no example waits for the network.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from netplay import CLOSED, Incoming, Session, verify
from netplay.codec import PROTOCOL_VERSION, Envelope, ProtocolError, pack, parse_envelope, unpack
from netplay.keys import Identity
from netplay.link import Frame
from tests.netplay import connect
from tests.netplay.mutations import mutated

FUZZ = settings(deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
ORIGIN = "peer fuzz at 127.0.0.1"
KEY = Identity.from_private_bytes(bytes(range(32)))


def signed(env: Envelope, identity: Identity) -> Envelope:
    return env._replace(signature=identity.sign(env.signed_bytes()))


def handshake(kind: str, fields: list, identity: Identity) -> bytes:
    """A hello or welcome frame with its fields after the type, signed like the session signs it."""
    body = [kind, "berserk", 1, *fields]
    return pack([PROTOCOL_VERSION, *body, identity.sign(pack(body))])


ENV = signed(Envelope(PROTOCOL_VERSION, bytes(16), 1, 3, bytes(32), 2, "act",
                      {"a": [1, 2, {"b": b"\x00"}], "n": -5, "s": "Лирайн"}, b""), KEY)
FRAMES = [
    pack([PROTOCOL_VERSION, "msg", list(ENV)]),
    ENV.to_bytes(),
    pack([PROTOCOL_VERSION, "ack", 7]),
    pack([PROTOCOL_VERSION, "reject", "wrong join secret", "secret"]),
    handshake("hello", [bytes(32), KEY.public_key, None, 0], KEY),
    handshake("welcome", [KEY.public_key, bytes(16), 0, bytes(32)], KEY),
]


@settings(FUZZ, max_examples=4000)
@given(data=mutated(FRAMES))
def test_the_decoder_and_the_envelope_checker_raise_only_protocol_errors(data: bytes) -> None:
    try:
        obj = unpack(data)
    except ProtocolError:
        return
    pack(obj)                    # whatever is accepted has a canonical form (the transcript writes it)
    try:
        env = parse_envelope(obj[2] if isinstance(obj, list) and len(obj) == 3 else obj)
    except ProtocolError:
        return
    assert parse_envelope(unpack(env.to_bytes())).to_bytes() == env.to_bytes()    # bytes: NaN is no NaN


class Pair:
    """A host and a guest connected over loopback; opened again if a fuzzed reject closed the guest."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.opened: list[Session] = []
        self.open()

    def open(self) -> None:
        sub = self.folder / f"pair{len(self.opened) // 2}"
        sub.mkdir()
        self.host, self.guest = connect(sub)
        self.opened += [self.host, self.guest]

    def peer(self, victim: Session) -> Session:
        return self.guest if victim is self.host else self.host

    def route(self, victim: Session) -> bytes:
        return (victim._route or b"") if victim is self.host else b""

    def next_message(self, victim: Session, body: object) -> bytes:
        """The peer's next good message to the victim."""
        env = Envelope(PROTOCOL_VERSION, victim.session_id, victim.peer_seat, victim._delivered + 1,
                       victim._peer_hash, 0, "move", body, b"")
        return pack([PROTOCOL_VERSION, "msg", list(signed(env, self.peer(victim)._identity))])

    def frames(self, victim: Session) -> list[bytes]:
        """Well-formed frames the peer may send now: a message, an ack, and its handshake frame."""
        peer = self.peer(victim)
        frames = [self.next_message(victim, {"cells": [[1, 2], [3, 4]], "hash": bytes(32)}),
                  pack([PROTOCOL_VERSION, "ack", 0])]
        if victim is self.host:
            frames.append(handshake("hello", [peer._secrets.secret, peer.my_key, victim.session_id, 0],
                                    peer._identity))
        else:
            frames += [handshake("welcome", [peer.my_key, peer.session_id, 0, victim.my_key], peer._identity),
                       pack([PROTOCOL_VERSION, "reject", "go away", "taken"])]
        return frames


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pair]:
    pair = Pair(tmp_path_factory.mktemp("fuzz"))
    yield pair
    for session in pair.opened:
        session.close()
    for session in pair.opened:          # everything the fuzzing left in the transcripts still verifies
        verify(session.transcript_path)


def transcript_bytes(session: Session) -> bytes:
    assert session._transcript is not None
    session._transcript._file.flush()
    return session.transcript_path.read_bytes()


def check_answer(out: list[Incoming]) -> None:
    for item in out:
        assert isinstance(item, Incoming) and item.event in ("message", "status", "error"), item
        if item.event == "error":
            assert item.body.startswith(ORIGIN) and item.body.isprintable() and len(item.body) < 600, item.body


def fuzz_session(pair: Pair, side: str, data: st.DataObject) -> None:
    victim = pair.host if side == "host" else pair.guest
    stranger = side == "host" and data.draw(st.integers(0, 9)) == 0     # now and then another routing id
    route = b"\x00stranger" if stranger else pair.route(victim)
    frame = data.draw(mutated(pair.frames(victim)))
    body = data.draw(st.integers(0, 2**32))     # drawn first: every example draws the same things
    before = transcript_bytes(victim)
    out = victim._on_frame(Frame(route, frame, ORIGIN))
    check_answer(out)
    if victim.status == CLOSED:         # only a well-formed reject closes the guest
        obj = unpack(frame)
        assert side == "guest" and obj[1] == "reject" and isinstance(obj[2], str) and obj[2].isprintable()
        assert victim.transcript_path.read_bytes() == before
        pair.open()
        return
    if not any(item.event == "message" for item in out):
        assert transcript_bytes(victim) == before
    out = victim._on_frame(Frame(pair.route(victim), pair.next_message(victim, body), ORIGIN))
    assert [(item.event, item.body) for item in out if item.event != "status"] == [("message", body)]


@settings(FUZZ, max_examples=1000)
@given(data=st.data())
def test_a_host_refuses_mutated_frames_and_goes_on(pair: Pair, data: st.DataObject) -> None:
    fuzz_session(pair, "host", data)


@settings(FUZZ, max_examples=1000)
@given(data=st.data())
def test_a_guest_refuses_mutated_frames_and_goes_on(pair: Pair, data: st.DataObject) -> None:
    fuzz_session(pair, "guest", data)
