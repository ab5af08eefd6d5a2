"""Fault injection for tests: a link wrapper that drops, duplicates, reorders and delays frames."""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any, NamedTuple

from netplay.link import Frame, Link, LinkNote

if TYPE_CHECKING:
    from netplay.session import Session


class FaultPolicy(NamedTuple):
    """Probabilities per outgoing frame, and how long held frames wait; seeded, so runs repeat."""

    seed: int = 0
    drop: float = 0.0
    duplicate: float = 0.0
    reorder: float = 0.0      # chance a frame is held back up to hold_ms, letting later frames pass it
    hold_ms: float = 30.0
    delay_ms: float = 0.0     # extra latency for every frame


class FaultyLink:
    """Wraps a link; faults apply to frames it sends (wrap both sides to disturb both directions)."""

    def __init__(self, link: Link, policy: FaultPolicy) -> None:
        self._link = link
        self._policy = policy
        self._rng = random.Random(policy.seed)
        self._held: list[tuple[float, int, bytes, bytes]] = []  # (release time, order, peer, data)
        self._order = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._link, name)

    def send(self, peer: bytes, data: bytes) -> None:
        rng, policy = self._rng, self._policy
        if rng.random() < policy.drop:
            return
        now = time.monotonic()
        for _ in range(2 if rng.random() < policy.duplicate else 1):
            wait = policy.delay_ms + (rng.uniform(0, policy.hold_ms) if rng.random() < policy.reorder else 0.0)
            if wait:
                self._order += 1
                self._held.append((now + wait / 1000, self._order, peer, data))
            else:
                self._link.send(peer, data)
        self._release()

    def _release(self) -> None:
        now = time.monotonic()
        due = sorted(item for item in self._held if item[0] <= now)
        self._held = [item for item in self._held if item[0] > now]
        for _, _, peer, data in due:
            self._link.send(peer, data)

    def poll(self, timeout_ms: int) -> list[Frame | LinkNote]:
        self._release()
        if self._held:
            timeout_ms = min(timeout_ms, max(0, int((min(self._held)[0] - time.monotonic()) * 1000) + 1))
        return self._link.poll(timeout_ms)

    def close(self) -> None:
        self._held.clear()
        self._link.close()


def restart(session: Session, **options: Any) -> Session:
    """Kill a session (no goodbye) and start a new one from its transcript and keys file."""
    session.close()
    return type(session).resume(session.transcript_path, **options)
