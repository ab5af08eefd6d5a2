"""Sessions over loopback: ordering under faults, hostile frames, strangers, silence."""

from __future__ import annotations

import os
import socket
import time
from pathlib import Path

import pytest

from netplay import FaultPolicy, JoinCode, Session, Timing, pack, verify
from netplay.codec import PROTOCOL_VERSION, Envelope
from netplay.session import APP_VERSION
from tests.netplay import FAST, connect, errors, messages, pump

N = 500


def test_a_message_each_way(tmp_path) -> None:
    host, guest = connect(tmp_path)
    assert (host.seat, guest.seat) == (0, 1)
    assert host.peer_key == guest.my_key and guest.peer_key == host.my_key
    host.send("hello", {"b": [1, 2], "a": None})
    guest.send("bytes", b"\x00\xff")
    log = pump([host, guest], lambda: bool(messages(log[0]) and messages(log[1])), log=(log := {}))
    assert messages(log[1]) == [(1, "hello", {"a": None, "b": [1, 2]})]
    assert messages(log[0]) == [(1, "bytes", b"\x00\xff")]
    host.close()
    guest.close()


def test_messages_sent_before_the_guest_joins_arrive(tmp_path) -> None:
    host, code = Session.host("127.0.0.1", 0, tmp_path / "h.tr", timing=FAST)
    host.send("early", 1)
    guest = Session.join(code, tmp_path / "g.tr", timing=FAST)
    guest.send("early too", 2)
    log = pump([host, guest], lambda: bool(messages(log[0]) and messages(log[1])), log=(log := {}))
    assert messages(log[1]) == [(1, "early", 1)] and messages(log[0]) == [(1, "early too", 2)]
    host.close()
    guest.close()


def test_500_each_way_under_drop_duplicate_reorder(tmp_path) -> None:
    chaos = FaultPolicy(seed=7, drop=0.25, duplicate=0.2, reorder=0.3, hold_ms=20)
    host, guest = connect(tmp_path, faults=chaos._replace(seed=8))
    log: dict = {}
    for i in range(N):
        host.send("n", i)
        guest.send("n", -i)
        if i % 50 == 0:
            pump([host, guest], lambda: True, log=log)
    pump([host, guest], lambda: len(messages(log[0])) == N and len(messages(log[1])) == N, seconds=20, log=log)
    assert messages(log[1]) == [(i + 1, "n", i) for i in range(N)]
    assert messages(log[0]) == [(i + 1, "n", -i) for i in range(N)]
    assert not errors(log[0]) and not errors(log[1])
    pump([host, guest], lambda: not host._unacked and not guest._unacked, log=log)
    host.close()
    guest.close()
    for path in ("host.tr", "guest.tr"):
        verified = verify(tmp_path / path)
        assert [e.body for e in verified.messages[0]] == list(range(N))
        assert [e.body for e in verified.messages[1]] == [-i for i in range(N)]


def test_a_stranger_with_the_wrong_token_is_refused(tmp_path) -> None:
    host, code = Session.host("127.0.0.1", 0, tmp_path / "h.tr", timing=FAST)
    stranger = Session.join(code, tmp_path / "s.tr", timing=FAST)
    stranger._secrets.secret = os.urandom(32)   # reached the host's socket, but shows another token
    stranger.send("hi", 1)
    log = pump([host, stranger], lambda: stranger.status == "closed", log=(log := {}))
    assert any("wrong join secret" in text for text in errors(log[0]))
    assert any("refused us: wrong join secret" in text for text in errors(log[1]))
    assert [e.kind for e in log[1] if e.event == "error"] == ["refused.secret"]
    assert host.status == "waiting" and host.peer_key is None and not messages(log[0])
    guest = Session.join(code, tmp_path / "g.tr", timing=FAST)  # the invited player still gets in
    pump([host, guest], lambda: host.status == "connected")
    assert host.peer_key == guest.my_key
    for session in (host, guest):
        session.close()


def test_a_stranger_with_the_wrong_secret_cannot_connect(tmp_path) -> None:
    host, code = Session.host("127.0.0.1", 0, tmp_path / "h.tr", timing=FAST)
    wrong = JoinCode.decode(code)._replace(secret=os.urandom(12)).encode()
    stranger = Session.join(wrong, tmp_path / "s.tr", timing=FAST)
    stranger.send("hi", 1)
    log = pump([host, stranger], lambda: bool(errors(log.get(0, [])) and errors(log.get(1, []))), log=(log := {}))
    assert "encrypted handshake failed" in errors(log[0])[0]
    assert "the host at tcp://127.0.0.1" in errors(log[1])[0]
    assert {e.kind for e in log[0] + log[1] if e.event == "error"} == {"handshake"}
    assert host.status == "waiting" and not messages(log[0])
    pump([stranger], lambda: stranger.status == "unreachable", seconds=3, log=log)
    assert stranger.unreachable == "handshake"
    host.close()
    stranger.close()


def test_wrong_app_version_is_refused_with_a_clear_message(tmp_path) -> None:
    host, code = Session.host("127.0.0.1", 0, tmp_path / "h.tr", timing=FAST)
    other = Session.join(code, tmp_path / "o.tr", app_version=APP_VERSION + 1, timing=FAST)
    log = pump([host, other], lambda: other.status == "closed", log=(log := {}))
    assert any(f"runs berserk version {APP_VERSION + 1}, we run berserk version {APP_VERSION}" in text
               for text in errors(log[0]))
    assert [e.kind for e in log[1] if e.event == "error"] == ["refused.app"]
    assert host.status == "waiting"
    host.close()


def test_hostile_frames_are_rejected_and_the_stream_goes_on(tmp_path) -> None:
    host, guest = connect(tmp_path)
    guest.send("first", 1)
    log = pump([host, guest], lambda: len(messages(log.get(0, []))) == 1, log=(log := {}))
    raw = guest.link
    good = Envelope(PROTOCOL_VERSION, host.session_id, 1, 1, bytes(32), 0, "first", 1, b"")
    replay = good._replace(body=666)
    replay = replay._replace(signature=guest._identity.sign(replay.signed_bytes()))
    forged = good._replace(seq=2, body=7, signature=bytes(64))
    host_seat = good._replace(sender=0, signature=guest._identity.sign(good._replace(sender=0).signed_bytes()))
    hostile = {
        b"\xc1\xc1": "malformed msgpack",
        pack([2, "msg", list(good)]): "protocol version 2, we speak 1",
        pack([1, "msg", list(good._replace(version=2))]): "protocol version 2, we speak 1",
        b"\x00" * (300 * 1024): "exceeds the limit",
        pack([1, "msg", list(forged)]): "bad signature on seq 2",
        pack([1, "msg", list(replay)]): "seq 1 was already delivered with different content",
        pack([1, "msg", list(host_seat)]): "names seat 1 as its sender; the peer is seat 2",
        pack([1, "msg", list(good)[:5]]): "envelope must be a list of 9 fields",
        pack([1, "ack", 99]): "ack 99 for a message we never sent",
        pack([1, "launch", 1]): "unknown frame type 'launch'",
    }
    for frame, words in hostile.items():
        raw.send(b"", frame)
        before = len(errors(log[0]))
        pump([host, guest], lambda: len(errors(log[0])) > before, log=log)  # noqa: B023
        assert words in errors(log[0])[-1], (words, errors(log[0])[-1])
        assert errors(log[0])[-1].startswith("peer ")
    guest.send("second", 2)
    pump([host, guest], lambda: len(messages(log[0])) == 2, log=log)
    assert messages(log[0]) == [(1, "first", 1), (2, "second", 2)]
    host.close()
    guest.close()
    assert [e.body for e in verify(tmp_path / "host.tr").messages[1]] == [1, 2]


def test_a_frame_from_an_unknown_peer_is_rejected_naming_it(tmp_path) -> None:
    from netplay.link import GuestLink

    host, guest = connect(tmp_path)
    code = JoinCode.decode(host.join_code)
    intruder = GuestLink(code.host, code.port, code.server_key, routing_id=b"intruder")
    log: dict = {}
    while not errors(log.get(0, [])):
        intruder.send(b"", pack([1, "ack", 0]))
        pump([host, guest], lambda: True, log=log)
    assert errors(log[0])[0].startswith(f"peer {b'intruder'.hex()} at 127.0.0.1")
    assert "not in this session" in errors(log[0])[0]
    assert next(e.kind for e in log[0] if e.event == "error") == "stranger"
    intruder.close()
    host.close()
    guest.close()


def test_a_silent_peer_is_reconnecting_then_lost(tmp_path) -> None:
    host, guest = connect(tmp_path, timing=Timing(heartbeat=0.05, silence=0.2, lost=0.6, resend=0.05))
    log = pump([host], lambda: host.status == "lost", seconds=3, log=(log := {}))
    assert [e.body for e in log[0] if e.event == "status"] == ["reconnecting", "lost"]
    guest.close()
    host.close()


def test_a_dead_host_is_reported_within_a_second(tmp_path) -> None:
    with socket.socket() as probe:               # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code = JoinCode("127.0.0.1", port, os.urandom(12)).encode()
    guest = Session.join(code, tmp_path / "g.tr")   # the default timing
    start = time.monotonic()
    log = pump([guest], lambda: guest.status != "waiting", seconds=3)
    assert time.monotonic() - start < 1.5
    assert [e.body for e in log[0] if e.event == "status"] == ["unreachable"]
    assert guest.unreachable == "no_connection"
    guest.close()


def test_a_silent_host_fails_the_first_contact_after_the_contact_time(tmp_path) -> None:
    listener = socket.socket()                   # accepts TCP, never speaks
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    code = JoinCode("127.0.0.1", listener.getsockname()[1], os.urandom(12)).encode()
    guest = Session.join(code, tmp_path / "g.tr", timing=FAST._replace(contact=0.5))
    start = time.monotonic()
    pump([guest], lambda: guest.status == "unreachable", seconds=3)
    assert 0.5 <= time.monotonic() - start < 1.5
    guest.close()
    listener.close()


def test_a_busy_port_is_an_os_error_that_names_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("netplay.link.BIND_RETRY_S", 0.1)     # a port busy for good: no 2 s of hoping it frees
    host, _ = Session.host("127.0.0.1", 0, tmp_path / "a.tr")
    try:
        port = host.link.port
        with pytest.raises(OSError, match=f"cannot listen on tcp://127.0.0.1:{port}"):
            Session.host("127.0.0.1", port, tmp_path / "b.tr")
        assert not (tmp_path / "b.tr").exists()
    finally:
        host.close()
