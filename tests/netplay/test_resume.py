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
