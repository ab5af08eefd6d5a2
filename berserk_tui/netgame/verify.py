"""`verify_game`: re-check a finished game from the two peers' message streams alone.

After the final reveals both seats' secrets are known, so each seat's peer can be rebuilt from
its deck, its master secret and the decisions in its own messages; the rebuilt peers then play
the recorded messages against each other as the live game did: each makes its decisions as soon
as it can, claims a timeout once it has taken as many of the opponent's messages as its claim
says, and takes the opponent's messages one at a time. Every recorded message must be accepted
by the other side and must be exactly what its sender's secrets and decisions produce.

A side whose final reveal never came (it stalled, or its program died) cannot be rebuilt: its
messages are checked by the other side's rebuilt peer only, exactly as the live game checked
them, and the report names it (`GameReport.unchecked`): its deck and hidden cards are unchecked.
`game_history` gives a game verified in full back with everything revealed, for watching it
(`berserk replay`).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from berserk_tui.engine import IllegalAction

from . import wire
from .clock import TimeControl
from .commitments import PeerSecrets
from .ending import RESIGNATION, TIME, Timeout
from .errors import ProtocolViolation
from .lockstep import CLASSIC, MAX_CHAIN_LENGTH, RESIGN, Input, Lockstep, RulesOf, classic_only
from .peer import FairPeer
from .replay import FullReplay, Step
from .wire import Body, Message

Policy = type[Lockstep]     # a game's secrets policy: the classic game's `FairPeer` by default


@dataclass(frozen=True, slots=True)
class GameReport:
    """A verified game: its winner (seat or engine.DRAW), how it ended (RULES, RESIGNATION or TIME),
    the number of engine steps, and the seat whose secrets were never revealed: -1 when the game is
    verified in full, else only what its opponent's program could check during the game is."""
    winner: int
    ended: str
    steps: int
    unchecked: int = -1

    @property
    def resigned(self) -> bool:
        return self.ended == RESIGNATION

    @property
    def partial(self) -> bool:
        return self.unchecked >= 0


@dataclass(frozen=True, slots=True)
class GameHistory:
    """A verified game with everything revealed: a full-information engine at its start (`start`)
    and the steps (seat 0's log: actions, chance nodes, reveals; the winner's of a game won on time,
    without the staller's late moves) that lead it to the end."""
    report: GameReport
    start: FullReplay
    steps: tuple[Step, ...]


def _inputs(policy: Policy, seat: int, messages: list[Message]) -> list[Input]:
    """The decisions a seat took, in order, as its own messages carry them (the policy says which: a
    placement the game ended before opening is in the final reveal, and goes where it was committed)."""
    out: list[Input] = []
    final = _body(policy, seat, len(messages) - 1, *messages[-1]) if messages[-1][0] == wire.FINAL else None
    for number, (kind, body) in enumerate(messages):
        if kind == wire.RESIGN:
            out.append(RESIGN)
        elif kind == wire.TIMEOUT:
            out.append(Timeout(_body(policy, seat, number, kind, body)["received"]))
        else:
            out.extend(policy.decisions(kind, lambda n=number, k=kind, b=body: _body(policy, seat, n, k, b), final))
    return out


def _body(policy: Policy, seat: int, number: int, kind: str, body: object) -> Body:
    try:
        return Body(kind, body, policy.SCHEMA)
    except ProtocolViolation as exc:
        raise ProtocolViolation(f"seat {seat + 1}, message {number} ({kind}): {exc}") from exc


def _peer(policy: Policy, db: Any, seat: int, messages: list[Message], rules_of: RulesOf) -> Lockstep | None:
    """The seat's peer rebuilt from its hello and final messages, of the game its hello names (a guest's that
    names none learns the host's as it did live); None if its stream has no final."""
    if not messages or messages[0][0] != wire.HELLO:
        raise ProtocolViolation(f"seat {seat + 1}'s stream must begin with hello")
    if messages[-1][0] != wire.FINAL:
        return None
    final, hello = _body(policy, seat, len(messages) - 1, *messages[-1]), _body(policy, seat, 0, *messages[0])
    chain_length = hello.number("chain_length", 1, MAX_CHAIN_LENGTH)
    try:
        control = TimeControl.from_wire(hello[wire.CLOCK]) if wire.CLOCK in hello else None
        game = hello.fields.get(wire.GAME, CLASSIC if seat == 0 else None)
        return policy.revealed(db, seat, final, PeerSecrets(final["master"]), chain_length, control, game, rules_of)
    except (ValueError, KeyError) as exc:
        raise ProtocolViolation(f"seat {seat + 1}'s hello and final reveal are not a usable deck, secret and "
                                f"time control: {exc}") from exc


def verify_game(db: Any, messages_from_seat0: list[Message], messages_from_seat1: list[Message],
                policy: Policy = FairPeer, rules_of: RulesOf = classic_only) -> GameReport:
    """Re-check a game that ended (played with the secrets `policy`, the game the host's hello names, its rules
    from `rules_of`); raises ProtocolViolation naming the seat, the message and what failed. A side without its
    final reveal is checked as far as its opponent could (`GameReport.unchecked`)."""
    return _report(_play(policy, db, messages_from_seat0, messages_from_seat1, rules_of))


def game_history(db: Any, messages_from_seat0: list[Message], messages_from_seat1: list[Message],
                 policy: Policy = FairPeer, rules_of: RulesOf = classic_only) -> GameHistory:
    """Re-check a complete game like `verify_game`, and give it back with every card revealed."""
    peers = _play(policy, db, messages_from_seat0, messages_from_seat1, rules_of)
    if peers[0] is None or peers[1] is None:
        hidden = 1 if peers[0] is None else 2
        raise ProtocolViolation(f"seat {hidden} never revealed its secrets, so the game cannot be shown with every "
                                "card (berserk replay --verify checks what can be checked)")
    start = peers[0].full_replay_with(peers[1])
    report = _report(peers)
    shown = report.winner if report.ended == TIME and report.winner in (0, 1) else 0   # not the staller's late moves
    return GameHistory(report, start, tuple(peers[shown].steps))


Peers = tuple[Lockstep | None, Lockstep | None]


def _play(policy: Policy, db: Any, messages_from_seat0: list[Message], messages_from_seat1: list[Message],
          rules_of: RulesOf) -> Peers:
    """The peers rebuilt from their final reveals (None for a side without one), having played the
    recorded messages to the end."""
    streams = (list(messages_from_seat0), list(messages_from_seat1))
    peers = (_peer(policy, db, 0, streams[0], rules_of), _peer(policy, db, 1, streams[1], rules_of))
    if peers[0] is None and peers[1] is None:
        raise ProtocolViolation("neither stream ends with its side's final reveal: without the secrets of one "
                                "side at least, nothing can be checked")
    todo = tuple(deque(_inputs(policy, s, streams[s])) if peers[s] is not None else deque() for s in (0, 1))
    recorded = (deque(streams[0]), deque(streams[1]))
    sending: tuple[deque, deque] = (deque(), deque())   # seat s's (number, message, produced) on their way
    progressed = True
    while progressed:
        progressed = False
        for seat in (0, 1):
            peer = peers[seat]
            if peer is not None:
                progressed |= _decide(peer, seat, todo[seat])
            produced = peer.outbox() if peer is not None else [None] * len(recorded[seat])
            for message in produced:
                number = len(streams[seat]) - len(recorded[seat])
                sending[seat].append((number, recorded[seat].popleft() if recorded[seat] else None, message))
                progressed = True
        for seat in (0, 1):          # one message each way, then the peers decide again
            receiver = peers[1 - seat]
            if not sending[seat] or _claims_first(receiver, todo[1 - seat]):
                continue
            number, message, produced = sending[seat].popleft()
            if message is None:     # (after the messages before it were delivered: they may say why)
                raise ProtocolViolation(f"seat {seat + 1}'s stream ends before its message {number} ({produced[0]})")
            if receiver is not None:
                try:
                    receiver.receive(*message)
                except ProtocolViolation as exc:
                    raise ProtocolViolation(f"seat {seat + 1}, message {number} ({message[0]}): {exc}") from exc
            if produced is not None and message != produced:
                raise ProtocolViolation(f"seat {seat + 1}, message {number} ({message[0]}) is not what its revealed "
                                        f"secrets and decisions produce (expected {produced[0]})")
            progressed = True
    for seat in (0, 1):
        if recorded[seat] and peers[1 - seat] is not None:   # the next message the game never reached says why
            try:
                peers[1 - seat].receive(*recorded[seat][0])
            except ProtocolViolation as exc:
                number = len(streams[seat]) - len(recorded[seat])
                raise ProtocolViolation(f"seat {seat + 1}, message {number} ({recorded[seat][0][0]}): {exc}") from exc
        if recorded[seat] or sending[seat] or todo[seat]:
            raise ProtocolViolation(f"seat {seat + 1}'s stream has {len(recorded[seat]) + len(sending[seat])} "
                                    f"messages and {len(todo[seat])} decisions the game never reached")
        peer, other = peers[seat], peers[1 - seat]
        if peer is not None and (peer.result is None or (other is not None and not peer.result.verified)):
            raise ProtocolViolation(f"seat {seat + 1} could not verify seat {2 - seat}: the game is not finished")
    if peers[0] is not None and peers[1] is not None:
        ends = [(p.result.winner, p.result.ended) for p in peers]
        if ends[0] != ends[1]:
            raise ProtocolViolation(f"the two sides ended the game differently: {ends[0]} and {ends[1]}")
    return peers


def _decide(peer: Lockstep, seat: int, todo: deque[Input]) -> bool:
    """Make the seat's decisions that the game allows now, and its timeout claim once it has taken as many
    of the opponent's messages as the claim says; True if any was made."""
    made = False
    while todo:
        item = todo[0]
        if isinstance(item, Timeout):
            if peer.received < item.received:
                break
            if peer.received > item.received:
                raise ProtocolViolation(f"seat {seat + 1} claimed a timeout after {item.received} messages of seat "
                                        f"{2 - seat}, but it had taken {peer.received} before it could claim")
            try:
                peer.claim_timeout()
            except IllegalAction as exc:
                raise ProtocolViolation(f"seat {seat + 1}'s timeout claim is not allowed: {exc}") from exc
        elif peer.waiting_for == "me":
            _give(peer, seat, item)
        else:
            break
        todo.popleft()
        made = True
    return made


def _claims_first(peer: Lockstep | None, todo: deque[Input]) -> bool:
    """The peer's next input is a timeout claim it can make now: it takes no more messages before it."""
    return peer is not None and bool(todo) and isinstance(todo[0], Timeout) and peer.received >= todo[0].received


def _report(peers: Peers) -> GameReport:
    full = peers[0] if peers[0] is not None else peers[1]
    assert full is not None and full.result is not None
    unchecked = -1 if None not in peers else peers.index(None)
    return GameReport(full.result.winner, full.result.ended, len(full.steps), unchecked)


def _give(peer: Lockstep, seat: int, item: Input) -> None:
    try:
        peer.resign() if item == RESIGN else peer.act(item)
    except IllegalAction as exc:
        raise ProtocolViolation(f"seat {seat + 1}'s decision {item!r} is illegal: {exc}") from exc
