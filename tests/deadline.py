"""A guard for tests of reads that used to block forever (a named pipe in place of a file)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager


class Hung(Exception):
    """A read that blocked (not an OSError, which a reader may catch)."""


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Fail instead of hanging: SIGALRM interrupts a read that blocks (again every second after)."""
    def timeout(signum: int, frame: object) -> None:
        raise Hung(f"no answer within {seconds} s")

    old = signal.signal(signal.SIGALRM, timeout)
    signal.setitimer(signal.ITIMER_REAL, seconds, 1)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
