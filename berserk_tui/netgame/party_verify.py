"""`verify_party`: a finished four-seat game re-checked from its relayed messages alone.

Every seat's final reveal gives its deck and master secret, its hello its signing key; each seat's peer is
rebuilt from them with the decisions its own messages carry (its `act` batches and its opened placement), and
the seats play the relayed order again: every message must be exactly what its sender's secrets and decisions
produce at that point and be accepted by every other seat, and at the end every seat must verify the others.
A resignation is rebuilt where it stands in the order: the rebuilt seat resigns there, which it may only on its
own decision (`PartyPeer.can_resign`), the same rule the live peers apply to it.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from berserk_tui.engine import IllegalAction, Rules
from berserk_tui.engine.actions import Action

from .commitments import PeerSecrets
from .errors import ProtocolViolation
from .party import ACT, FINAL, HELLO, OPEN, RESIGN, SCHEMA, PartyPeer
from .wire import Body

Relayed = tuple[int, str, dict[str, Any]]


@dataclass(frozen=True, slots=True)
class PartyReport:
    winner: int          # a team, or engine.DRAW
    messages: int
    final_hash: str
    ended: str           # netgame's RULES, RESIGNATION or TIME
    resigned_by: int | None = None


def verify_party(db: Any, rules: Rules, order: list[Relayed]) -> PartyReport:
    """Re-play `order` (every seat's messages as relayed, in order) with every seat's revealed secrets;
    ProtocolViolation naming the seat and the message at the first thing that does not check out."""
    n = rules.seats.count
    hellos: list[Body | None] = [None] * n
    finals: list[Body | None] = [None] * n
    decisions: list[deque[Action]] = [deque() for _ in range(n)]
    for index, (origin, kind, body) in enumerate(order):
        if not 0 <= origin < n:
            raise ProtocolViolation(f"message {index + 1} comes from seat {origin + 1} of {n}")
        b = Body(kind, body, SCHEMA)
        if kind == HELLO:
            hellos[origin] = b
        elif kind == FINAL:
            finals[origin] = b
        elif kind in (ACT, OPEN):
            decisions[origin].extend(b["actions"])
    missing = [s + 1 for s in range(n) if hellos[s] is None or finals[s] is None]
    if missing:
        raise ProtocolViolation(f"seat(s) {', '.join(map(str, missing))} never revealed their secrets: the game "
                                "is not finished, or not provable")
    peers = [PartyPeer(db, rules, s, finals[s]["deck"], PeerSecrets(finals[s]["master"]), hellos[s]["key"])
             for s in range(n)]
    sent = [0] * n
    for index, (origin, kind, body) in enumerate(order):
        for s, peer in enumerate(peers):
            while decisions[s] and peer.waiting_for == "me":
                peer.act(decisions[s].popleft())
        peer = peers[origin]
        if kind == RESIGN and sent[origin] == len(peer.sent):
            try:
                peer.resign(on_time=body.get("time") == 1)
            except IllegalAction as exc:
                raise ProtocolViolation(f"message {index + 1} (resign of seat {origin + 1}): {exc}") from exc
        if sent[origin] >= len(peer.sent) or peer.sent[sent[origin]] != (kind, body):
            raise ProtocolViolation(f"message {index + 1} ({kind} of seat {origin + 1}) is not what that seat's "
                                    "revealed secrets and decisions produce there")
        sent[origin] += 1
        for s, other in enumerate(peers):
            if s != origin:
                try:
                    other.receive(origin, kind, body)
                except ProtocolViolation as exc:
                    raise ProtocolViolation(f"message {index + 1} ({kind} of seat {origin + 1}), at seat {s + 1}: "
                                            f"{exc}") from exc
    unverified = [s + 1 for s, peer in enumerate(peers) if not peer.verified]
    if unverified:
        raise ProtocolViolation(f"seat(s) {', '.join(map(str, unverified))} did not verify the others at the end")
    result = peers[0].result
    return PartyReport(result.winner, len(order), peers[0].final_hash(), result.ended, peers[0].resigned_by)
