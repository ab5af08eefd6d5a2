"""Host and guest in two separate processes over loopback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from netplay import Session, verify
from tests.netplay import FAST, messages, pump

ROOT = Path(__file__).resolve().parents[2]
N = 50

GUEST = """
import sys
from netplay import Session, Timing
timing = Timing(heartbeat=0.05, silence=0.4, lost=5.0, resend=0.05)
guest = Session.join(sys.argv[1], sys.argv[2], timing=timing)
got = 0
while got < {n}:
    for event in guest.poll(10):
        if event.event == "message":
            guest.send("echo", [event.seq, event.body])
            got += 1
while guest._unacked:
    guest.poll(10)
guest.close()
"""


def test_host_and_guest_in_two_processes(tmp_path) -> None:
    host, code = Session.host("127.0.0.1", 0, tmp_path / "host.tr", timing=FAST._replace(lost=5.0))
    child = subprocess.Popen([sys.executable, "-c", GUEST.format(n=N), code, str(tmp_path / "guest.tr")], cwd=ROOT)
    try:
        for i in range(N):
            host.send("ping", {"i": i})
        log = pump([host], lambda: child.poll() is not None, seconds=15)  # it leaves once all is acked
        assert child.returncode == 0
    finally:
        child.kill()
        host.close()
    assert messages(log[0]) == [(i + 1, "echo", [i + 1, {"i": i}]) for i in range(N)]
    for name in ("host.tr", "guest.tr"):
        verified = verify(tmp_path / name)
        assert len(verified.messages[0]) == len(verified.messages[1]) == N
