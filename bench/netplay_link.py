"""Peer link speed on loopback: median round trip of one small message, and one-way messages per second.

Host and guest run in this process; each round trip is host send -> guest poll -> guest reply -> host poll.
Measured twice: transcripts on tmpfs (the transport and session alone) and on disk (with fdatasync).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from netplay import Session

ROUND_TRIPS = 500
BURST = 2000


def receive(session: Session, count: int, sender: Session | None = None) -> None:
    """Poll until count messages arrived (polling the sender too, so that it can resend)."""
    got = 0
    while got < count:
        got += sum(1 for event in session.poll(5) if event.event == "message")
        if sender:
            sender.poll(0)


def run(where: str, directory: str | None) -> None:
    with tempfile.TemporaryDirectory(dir=directory) as tmp:
        host, code = Session.host("127.0.0.1", 0, Path(tmp) / "host.tr")
        guest = Session.join(code, Path(tmp) / "guest.tr")
        while not host.status == guest.status == "connected":
            host.poll(1)
            guest.poll(1)
        times = []
        for i in range(ROUND_TRIPS + 20):
            start = time.perf_counter()
            host.send("ping", i)
            receive(guest, 1)
            guest.send("pong", i)
            receive(host, 1)
            if i >= 20:  # warm-up
                times.append(time.perf_counter() - start)
        start = time.perf_counter()
        for i in range(BURST):
            host.send("move", [i, "small body"])
        receive(guest, BURST, host)
        rate = BURST / (time.perf_counter() - start)
        host.close()
        guest.close()
    print(f"{where:<26} round trip median {statistics.median(times) * 1e3:6.2f} ms   "
          f"p90 {statistics.quantiles(times, n=10)[-1] * 1e3:6.2f} ms   {rate:8.0f} messages/s one way")


if __name__ == "__main__":
    if Path("/dev/shm").is_dir():
        run("transcripts on tmpfs", "/dev/shm")
    run(f"transcripts in {tempfile.gettempdir()}", None)
