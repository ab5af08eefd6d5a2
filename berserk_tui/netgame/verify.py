"""`verify_game`: re-check a finished game from the two peers' message streams alone.

After the final reveals both seats' secrets are known, so each seat's peer can be rebuilt from
its deck, its master secret and the decisions in its own messages; the rebuilt peers then play
the recorded messages against each other. Every recorded message must be accepted by the other
side and must be exactly what its sender's secrets and decisions produce. `game_history` gives a
verified game back with everything revealed, for watching it (`berserk replay`).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from berserk_tui.engine import IllegalAction

from . import wire
from .commitments import PeerSecrets
from .errors import ProtocolViolation
from .peer import MAX_CHAIN_LENGTH, RESIGN, FairPeer, Input
from .replay import FullReplay, Step
from .wire import Body, Message


@dataclass(frozen=True, slots=True)
class GameReport:
    """A verified game: its winner (seat or engine.DRAW), whether it ended by resignation,
    and the number of engine steps."""
    winner: int
    resigned: bool
    steps: int


@dataclass(frozen=True, slots=True)
class GameHistory:
    """A verified game with everything revealed: a full-information engine at its start (`start`)
    and the steps (seat 0's log: actions, chance nodes, reveals) that lead it to the end."""
    report: GameReport
    start: FullReplay
    steps: tuple[Step, ...]


def _inputs(seat: int, messages: list[Message]) -> list[Input]:
    """The decisions a seat took, in order, as its own messages carry them."""
    out: list[Input] = []
    for number, (kind, body) in enumerate(messages):
        if kind in (wire.ACT, wire.DEPLOY_OPEN):
            out.extend(_body(seat, number, kind, body)["actions"])
        elif kind == wire.FINAL:        # a placement committed and never opened (the opponent resigned)
            out.extend(_body(seat, number, kind, body).fields.get("placement", []))
        elif kind == wire.RESIGN:
            out.append(RESIGN)
    return out


def _body(seat: int, number: int, kind: str, body: object) -> Body:
    try:
        return Body(kind, body)
    except ProtocolViolation as exc:
        raise ProtocolViolation(f"seat {seat}, message {number} ({kind}): {exc}") from exc


def _peer(db: Any, seat: int, messages: list[Message]) -> FairPeer:
    """The seat's peer rebuilt from its hello and final messages."""
    if not messages or messages[0][0] != wire.HELLO or messages[-1][0] != wire.FINAL:
        raise ProtocolViolation(f"seat {seat}'s stream must begin with hello and end with final")
    final = _body(seat, len(messages) - 1, wire.FINAL, messages[-1][1])
    chain_length = _body(seat, 0, wire.HELLO, messages[0][1]).number("chain_length", 1, MAX_CHAIN_LENGTH)
    try:
        return FairPeer(db, seat, final["deck"], PeerSecrets(final["master"]), chain_length)
    except (ValueError, KeyError) as exc:
        raise ProtocolViolation(f"seat {seat}'s final reveal is not a usable deck and secret: {exc}") from exc


def verify_game(db: Any, messages_from_seat0: list[Message], messages_from_seat1: list[Message]) -> GameReport:
    """Re-check a complete game; raises ProtocolViolation naming the seat, the message and what failed."""
    return _report(_play(db, messages_from_seat0, messages_from_seat1))


def game_history(db: Any, messages_from_seat0: list[Message], messages_from_seat1: list[Message]) -> GameHistory:
    """Re-check a complete game like `verify_game`, and give it back with every card revealed."""
    peers = _play(db, messages_from_seat0, messages_from_seat1)
    start = peers[0].full_replay(peers[1].deck, peers[1].secrets)
    return GameHistory(_report(peers), start, tuple(peers[0].steps))


def _play(db: Any, messages_from_seat0: list[Message], messages_from_seat1: list[Message]) -> tuple[FairPeer, ...]:
    """The two peers rebuilt from their final reveals, having played the recorded messages to the end."""
    streams = (list(messages_from_seat0), list(messages_from_seat1))
    peers = (_peer(db, 0, streams[0]), _peer(db, 1, streams[1]))
    todo: tuple[deque[Input], ...] = (deque(_inputs(0, streams[0])), deque(_inputs(1, streams[1])))
    recorded = (deque(streams[0]), deque(streams[1]))
    progressed = True
    while progressed:
        progressed = False
        for seat in (0, 1):
            peer, other = peers[seat], peers[1 - seat]
            while todo[seat] and peer.waiting_for == "me":
                _give(peer, seat, todo[seat].popleft())
            for produced in peer.outbox():
                number = len(streams[seat]) - len(recorded[seat])
                if not recorded[seat]:
                    raise ProtocolViolation(f"seat {seat}'s stream ends before its message {number} ({produced[0]})")
                message = recorded[seat].popleft()
                try:
                    other.receive(*message)
                except ProtocolViolation as exc:
                    raise ProtocolViolation(f"seat {seat}, message {number} ({message[0]}): {exc}") from exc
                if message != produced:
                    raise ProtocolViolation(f"seat {seat}, message {number} ({message[0]}) is not what its revealed "
                                            f"secrets and decisions produce (expected {produced[0]})")
                progressed = True
    for seat in (0, 1):
        if recorded[seat] or todo[seat]:
            raise ProtocolViolation(f"seat {seat}'s stream has {len(recorded[seat])} messages the game never reached")
        result = peers[1 - seat].result
        if result is None or not result.verified:
            raise ProtocolViolation(f"seat {1 - seat} could not verify seat {seat}: the game is not finished")
    return peers


def _report(peers: tuple[FairPeer, ...]) -> GameReport:
    result = peers[0].result
    assert result is not None
    return GameReport(result.winner, result.resigned, len(peers[0].steps))


def _give(peer: FairPeer, seat: int, item: Input) -> None:
    try:
        peer.resign() if item == RESIGN else peer.act(item)
    except IllegalAction as exc:
        raise ProtocolViolation(f"seat {seat}'s decision {item!r} is illegal: {exc}") from exc
