"""Issue 36, hole 1: one unsigned frame from the connected peer must not crash the other side.

Frames that decode as msgpack but break the codec's rules (a bytes map key, nesting hundreds of
levels deep, a huge or ill-typed value where a message names it) used to raise TypeError or
RecursionError out of `Session.poll`. Each is now refused with an error naming the peer, the
transcript is untouched and the stream goes on, in both directions.
"""

from __future__ import annotations

from typing import Any

import msgpack
import pytest

from netplay import Session, verify
from netplay.codec import MAX_DEPTH, PROTOCOL_VERSION, Envelope, ProtocolError, unpack
from tests.netplay import connect, errors, messages, pump


def nested(depth: int, leaf: Any = 1) -> Any:
    for _ in range(depth):
        leaf = [leaf]
    return leaf


def raw(obj: Any) -> bytes:
    """msgpack bytes as a hostile peer may write them: no canonical form, bytes keys allowed."""
    return msgpack.packb(obj, use_bin_type=True)


def hostile(session: Session, sender: int) -> dict[str, tuple[bytes, str]]:
    """Frames the peer of `session` could send, and words of the refusal of each."""
    env = Envelope(PROTOCOL_VERSION, session.session_id, sender, 1, bytes(32), 0, "move", 1, bytes(64))

    def msg(**fields: Any) -> bytes:
        return raw([PROTOCOL_VERSION, "msg", list(env._replace(**fields))])

    return {
        "bytes key in a body": (msg(body={b"key": 1}), "a map key is bytes b'key', not a string"),
        "int key in a body": (msg(body={"a": {7: 1}}), "malformed msgpack"),
        "bytes key at the top": (raw({b"k": 1}), "a map key is bytes"),
        "body 700 deep": (msg(body=nested(700)), f"nested deeper than {MAX_DEPTH} levels"),
        "map body 700 deep": (msg(body=nested(699, {"k": 1})), f"nested deeper than {MAX_DEPTH} levels"),
        "frame type 1,000 deep": (raw([PROTOCOL_VERSION, nested(1000)]), f"nested deeper than {MAX_DEPTH} levels"),
        "frame type 20 deep": (raw([PROTOCOL_VERSION, nested(20, "x" * 100_000)]), "unknown frame type [[[...]]]"),
        "huge frame type": (raw([PROTOCOL_VERSION, "x" * 200_000]), "unknown frame type 'xxxx"),
        "kind with escapes": (msg(kind="\x1b[2Jboom"), "field kind must be a string"),
        "ack of a list": (raw([PROTOCOL_VERSION, "ack", [1]]), "field ack must be an integer"),
    }


@pytest.mark.parametrize("side", ["host", "guest"])
def test_frames_that_broke_the_codec_are_refused_and_the_stream_goes_on(tmp_path, side: str) -> None:
    host, guest = connect(tmp_path)
    victim, attacker = (host, guest) if side == "host" else (guest, host)
    route = b"" if side == "host" else host._route
    assert route is not None
    attacker.send("first", 1)
    log = pump([victim, attacker], lambda: len(messages(log.get(0, []))) == 1, log=(log := {}))
    victim.sync()                     # the received message's record is on disk: hostile frames must add nothing
    before = victim.transcript_path.read_bytes()
    origin = "peer " if side == "host" else "host at tcp://"
    for name, (frame, words) in hostile(victim, attacker.seat).items():
        seen = len(errors(log[0]))
        attacker.link.send(route, frame)
        pump([victim, attacker], lambda: len(errors(log[0])) > seen, log=log)  # noqa: B023
        text = errors(log[0])[-1]
        assert words in text, (name, text)
        assert text.startswith(origin), (name, text)
        assert len(text) < 300, (name, len(text))
        assert victim.status == "connected"
    assert victim.transcript_path.read_bytes() == before
    attacker.send("second", 2)
    pump([victim, attacker], lambda: len(messages(log[0])) == 2, log=log)
    assert messages(log[0]) == [(1, "first", 1), (2, "second", 2)]
    host.close()
    guest.close()
    assert [e.body for e in verify(victim.transcript_path).messages[attacker.seat]] == [1, 2]


@pytest.mark.parametrize(("why", "words"), [
    ({b"x": 1}, "a map key is bytes"),
    (nested(700, "why"), "nested deeper"),
    ([1], "field reason must be a string"),
    ("x" * 100_000, "field reason must be a string of 1..300"),
    ("\x1b[2J\x1b[31myou lost", "printable"),
], ids=["bytes key", "deep", "list", "huge", "escapes"])
def test_a_malformed_reject_is_refused_and_the_guest_stays(tmp_path, why: Any, words: str) -> None:
    """A reject frame's sentence reaches the player's terminal: it must be short, printable text."""
    host, guest = connect(tmp_path)
    assert host._route is not None
    host.link.send(host._route, raw([PROTOCOL_VERSION, "reject", why, "taken"]))
    log = pump([guest, host], lambda: bool(errors(log.get(0, []))), log=(log := {}))
    assert words in errors(log[0])[0]
    assert guest.status == "connected"
    host.send("still here", 1)
    pump([guest, host], lambda: bool(messages(log[0])), log=log)
    host.close()
    guest.close()


def test_a_reject_cannot_end_a_session_the_host_has_welcomed(tmp_path) -> None:
    """Found by bench/attack.py: one unsigned reject from a losing host ended the guest's game (exit 5, no game
    result). The host turns away only strangers, so once it has welcomed the guest a reject is a bad frame."""
    host, guest = connect(tmp_path)
    assert host._route is not None
    host.link.send(host._route, raw([PROTOCOL_VERSION, "reject", "go away", "taken"]))
    log = pump([guest, host], lambda: bool(errors(log.get(0, []))), log=(log := {}))
    assert "an unsigned reject in a session the host has already welcomed" in errors(log[0])[0]
    assert guest.status == "connected"
    host.send("still here", 1)
    pump([guest, host], lambda: bool(messages(log[0])), log=log)
    host.close()
    guest.close()


@pytest.mark.parametrize(("body", "words"), [
    (nested(MAX_DEPTH - 1), "nested deeper than 30 levels"),
    ({b"k": 1}, "a map key is bytes"),
    ({"a": {1, 2}}, "a value of type set is not allowed"),
])
def test_a_body_the_peer_would_refuse_is_not_sent(tmp_path, body: Any, words: str) -> None:
    host, code = Session.host("127.0.0.1", 0, tmp_path / "h.tr")
    try:
        with pytest.raises(ValueError, match=f"message 'move': {words}"):
            host.send("move", body)
        host.send("move", nested(MAX_DEPTH - 2))          # the deepest body a frame can carry
    finally:
        host.close()


def test_unpack_bounds_depth_and_checks_keys_without_recursion() -> None:
    assert unpack(raw(nested(MAX_DEPTH))) == nested(MAX_DEPTH)
    for data in (raw(nested(MAX_DEPTH + 1)), raw(nested(1000)), raw({"a": {b"b": 1}}), b"\x91" * 5000 + b"\x01"):
        with pytest.raises(ProtocolError):
            unpack(data)
