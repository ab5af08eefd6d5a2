"""Restarted processes resume from their transcript and keys file: nothing lost, nothing duplicated."""

from __future__ import annotations

import os
import stat

import pytest

from netplay import FaultPolicy, Session, restart, verify
from tests.netplay import FAST, connect, errors, messages, pump

N = 60
LOSSY = FaultPolicy(seed=3, drop=0.2, reorder=0.2, hold_ms=10)


def exchange(host: Session, guest: Session, first: int, last: int, log: dict) -> None:
    for i in range(first, last):
        host.send("n", i)
        guest.send("n", -i)
        pump([host, guest], lambda: True, log=log)


def test_keys_file_is_private(tmp_path) -> None:
    host, guest = connect(tmp_path)
    for name in ("host.tr.keys", "guest.tr.keys", "host.tr", "guest.tr"):
        assert stat.S_IMODE(os.stat(tmp_path / name).st_mode) == 0o600
    host.close()
    guest.close()


@pytest.mark.parametrize("who", ["guest", "host"])
def test_a_restarted_peer_continues_both_streams(tmp_path, who: str) -> None:
    host, guest = connect(tmp_path, faults=LOSSY)
    log: dict = {0: [], 1: []}
    exchange(host, guest, 0, N // 2, log)
    if who == "guest":  # killed mid-stream: some of its messages are unacked, some of the host's undelivered
        guest = restart(guest, timing=FAST, faults=LOSSY)
    else:
        host = restart(host, timing=FAST, faults=LOSSY)
    exchange(host, guest, N // 2, N, log)
    pump([host, guest], lambda: host._delivered == guest._delivered == N, log=log)
    pump([host, guest], lambda: not host._unacked and not guest._unacked, log=log)
    host.close()
    guest.close()
    # The restarted side's old deliveries went to the old process; its transcript holds them all.
    for path, seat in (("host.tr", 1), ("guest.tr", 0)):
        verified = verify(tmp_path / path)
        sign = -1 if seat == 1 else 1
        assert [e.body for e in verified.messages[seat]] == [sign * i for i in range(N)]
        assert [e.seq for e in verified.messages[seat]] == list(range(1, N + 1))
    survivor = 0 if who == "guest" else 1
    assert [body for _, _, body in messages(log[survivor])] == [(-1 if survivor == 0 else 1) * i for i in range(N)]
    # Frames the killed guest had already written may reach the host after the new connection took over
    # its routing id; libzmq then files them under a fresh id, and the host rightly refuses them.
    assert all("not in this session" in text for text in errors(log[0]) + errors(log[1]))


def test_a_new_guest_key_cannot_take_over_a_bound_session(tmp_path) -> None:
    host, guest = connect(tmp_path)
    guest.close()
    other = Session.join(host.join_code, tmp_path / "other.tr", timing=FAST)
    log = pump([host, other], lambda: other.status == "closed", log={})
    assert any("already has another guest" in text for text in errors(log[0]))
    assert [e.kind for e in log[1] if e.event == "error"] == ["refused.taken"]
    host.close()


def test_resume_refuses_a_transcript_of_another_session(tmp_path) -> None:
    host, guest = connect(tmp_path)
    host.close()
    guest.close()
    os.replace(tmp_path / "guest.tr", tmp_path / "host.tr")
    with pytest.raises(ValueError, match="another session"):
        Session.resume(tmp_path / "host.tr", timing=FAST)


def test_a_host_closed_before_any_guest_resumes_on_the_same_code(tmp_path) -> None:
    """Issue 36, hole 5, at the session level: no transcript yet, only the keys file."""
    host, code = Session.host("127.0.0.1", 0, tmp_path / "host.tr", timing=FAST)
    host.send("early", 1)                         # held in memory until a guest comes: lost with the process
    host.close()
    assert not (tmp_path / "host.tr").exists()
    host = Session.resume(tmp_path / "host.tr", timing=FAST)
    assert host.join_code == code and not host.recorded
    guest = Session.join(code, tmp_path / "guest.tr", timing=FAST)
    host.send("again", 2)
    guest.send("hi", 3)
    log = pump([host, guest], lambda: bool(messages(log[0]) and messages(log[1])), log=(log := {}))
    assert messages(log[1]) == [(1, "again", 2)] and messages(log[0]) == [(1, "hi", 3)]
    assert host.recorded and guest.recorded
    host.close()
    guest.close()
    assert [e.body for e in verify(tmp_path / "host.tr").messages[0]] == [2]


@pytest.mark.parametrize("host_heard_it", [False, True])
def test_a_guest_closed_before_the_welcome_resumes(tmp_path, host_heard_it: bool) -> None:
    """Issue 36, hole 5: the guest is gone before the host's welcome reached it; the host had not
    seen its hello, or had (and bound its key: only the same guest may come back)."""
    host, code = Session.host("127.0.0.1", 0, tmp_path / "host.tr", timing=FAST)
    guest = Session.join(code, tmp_path / "guest.tr", timing=FAST)
    if host_heard_it:
        pump([guest], lambda: guest._contact == "no_answer")    # connected: the hello is on its way
        pump([host], lambda: host.peer_key is not None)          # the host binds it; the guest never reads on
    guest.close()
    assert not (tmp_path / "guest.tr").exists()
    guest = Session.resume(tmp_path / "guest.tr", timing=FAST)
    host.send("move", 1)
    guest.send("move", 2)
    log = pump([host, guest], lambda: bool(messages(log[0]) and messages(log[1])), log=(log := {}))
    assert messages(log[1]) == [(1, "move", 1)] and messages(log[0]) == [(1, "move", 2)]
    host.close()
    guest.close()
    assert [e.body for e in verify(tmp_path / "guest.tr").messages[0]] == [1]


@pytest.mark.parametrize(("record", "words"), [
    ({"seat": 2}, "field seat must be an integer in 0..1"),
    ({"identity": b"short"}, "field identity must be 32 bytes"),
    ({"curve_secret": None}, "field curve_secret must be 32 bytes"),
    ({"port": "80"}, "field port must be an integer"),
    ({"routing_id": {"a": 1}}, "field routing_id must be 1..255 bytes"),
    ({"extra": 1}, "unknown field 'extra'"),
])
def test_a_damaged_keys_file_is_named_with_its_first_bad_field(tmp_path, record: dict, words: str) -> None:
    from netplay.keyfile import keys_path
    from netplay.keys import load_private, save_private

    host, _ = Session.host("127.0.0.1", 0, tmp_path / "host.tr", timing=FAST)
    host.close()
    path = keys_path(tmp_path / "host.tr")
    save_private(path, {**load_private(path), **record})
    with pytest.raises(ValueError, match=f"^{path}: {words}"):
        Session.resume(tmp_path / "host.tr", timing=FAST)


@pytest.mark.parametrize("data", [b"\xc1", b"\x91" * 2000 + b"\x01", b"\x81\xc4\x01k\x01", b"\x00" * 20_000])
def test_a_keys_file_that_is_not_one_is_a_value_error_naming_it(tmp_path, data: bytes) -> None:
    (tmp_path / "t.tr.keys").write_bytes(data)
    with pytest.raises(ValueError, match=f"^{tmp_path / 't.tr.keys'} is not a netplay keys file"):
        Session.resume(tmp_path / "t.tr", timing=FAST)
