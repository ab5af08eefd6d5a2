"""Tests of the peer-to-peer link; helpers shared by them."""

from __future__ import annotations

import time
from collections.abc import Callable

from netplay import Incoming, Session, Timing

FAST = Timing(heartbeat=0.05, silence=0.4, lost=1.0, resend=0.05)


def pump(sessions: list[Session], until: Callable[[], bool], seconds: float = 10.0,
         log: dict[int, list[Incoming]] | None = None) -> dict[int, list[Incoming]]:
    """Poll every session (keyed by position) at least once and until `until()` holds; fail after `seconds`."""
    log = log if log is not None else {}
    for index in range(len(sessions)):
        log.setdefault(index, [])
    deadline = time.monotonic() + seconds
    while True:
        for index, session in enumerate(sessions):
            log[index].extend(session.poll(1))
        if until():
            return log
        assert time.monotonic() < deadline, f"timed out; got {[(k, v[-3:]) for k, v in log.items()]}"


def messages(events: list[Incoming]) -> list[tuple[int, str, object]]:
    return [(e.seq, e.kind, e.body) for e in events if e.event == "message"]


def errors(events: list[Incoming]) -> list[str]:
    return [e.body for e in events if e.event == "error"]


def connect(tmp_path, timing: Timing = FAST, **options) -> tuple[Session, Session]:
    """A host on a free loopback port and a guest joined to it, both connected."""
    host, code = Session.host("127.0.0.1", 0, tmp_path / "host.tr", timing=timing, **options)
    guest = Session.join(code, tmp_path / "guest.tr", timing=timing, **options)
    pump([host, guest], lambda: host.status == guest.status == "connected")
    return host, guest
