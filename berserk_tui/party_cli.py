"""`berserk host --players 4`, `berserk join CODE` of a party game and `berserk resume FILE.party`, headless.

A bot plays this seat to the end (with `--resign-at TURN` it resigns for its team at its first decision from that
turn on, rules decision 736; its program resigns on time when its clock runs out, 737); the command prints who
has joined as seats fill, the result (and who resigned) and the final public state hash (every peer prints the
same one). Exit codes as for the duel (berserk_tui/netcli.py):
0 the game finished and every seat's final reveal checked out, 2 bad arguments, 3 a seat broke the
protocol (named on stderr), 4 the game was stopped because a seat dropped and did not come back, or ran out of
time and its program did not resign (the transcripts are kept as proof), 6 the game ended but some seat did not
reveal its secrets in time.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

from berserk_tui.bot import Agent
from berserk_tui.engine import DRAW
from berserk_tui.netgame import DEFAULT_CONTROL, RESIGNATION, TIME, ProtocolViolation, TimeControl
from berserk_tui.netgame.party_verify import verify_party
from berserk_tui.netmatch import STATUS
from berserk_tui.party_net import (
    FINAL_DEADLINE_S,
    PartyGuest,
    PartyHost,
    PartyNode,
    party_order,
    resume_node,
    status_line,
)
from cards.loader import CardDB, load_all
from netplay import CLOSED, UNREACHABLE, Incoming, Session, Timing, TranscriptError

LINGER_S = 10.0
HOW = {RESIGNATION: "resigned", TIME: "ran out of time"}
UNVERIFIED, STOPPED, VIOLATION = 6, 4, 3


def host_party(db: CardDB, args: argparse.Namespace, deck: list[str], base: Path, agent: Agent,
               game: str = "team", control: TimeControl = DEFAULT_CONTROL) -> int:
    try:
        host = PartyHost.start(db, deck, base, game, turn_limit=args.turn_limit, bind=args.bind, port=args.port,
                               timing=_timing(args), control=control)
    except OSError as exc:
        print(f"berserk host: {exc}", file=sys.stderr)
        return 2
    for seat, code in enumerate(host.codes, start=2):
        print(f"join code for seat {seat}: {code}", flush=True)
    print(f"game file: {host.path}", flush=True)
    print(f"time control: {control.allowance} s per decision + {control.reserve} s of reserve", flush=True)
    return run(host, agent, args.resign_at)


def join_party(db: CardDB, session: Session, items: list[Incoming], deck: list[str], agent: Agent,
               insist: str | None = None, resign_at: int | None = None) -> int:
    """The guest of a party host, whose seat message is the first message of `items` (polled already); with
    `insist` (`join --rules/--mode`), only if the host's game is that one."""
    at = next(i for i, item in enumerate(items) if item.event == "message")
    offered = items[at].body.get("rules") if type(items[at].body) is dict else None
    if insist is not None and offered != insist:
        print(f"berserk join: the host offers the game {offered!r}, not {insist!r}", file=sys.stderr)
        session.close()
        return VIOLATION
    try:
        guest = PartyGuest.begin(db, Replayed(session, items[at + 1:]), items[at].body, deck)
    except ProtocolViolation as exc:
        print(f"berserk join: {exc}", file=sys.stderr)
        session.close()
        return VIOLATION
    print(f"seat {guest.seat + 1} of {guest.peer.n}; game file: {guest.path}", flush=True)
    return run(guest, agent, resign_at)


def resume_party(db: CardDB, path: Path, agent: Agent, timeout: float, resign_at: int | None = None) -> int:
    try:
        node = resume_node(db, path, Timing(lost=timeout))
    except (OSError, ValueError, KeyError) as exc:
        print(f"berserk resume: {exc}", file=sys.stderr)
        return 2
    print(f"resumed seat {node.seat + 1}: {path}", flush=True)
    return run(node, agent, resign_at)


def first_message(session: Session, cancelled: Callable[[], bool] = lambda: False) -> list[Incoming]:
    """What a new guest's session says until the host's first message (a party host's is the seat it gives
    us), that message and what came with it; or, if no game began, until the host is unreachable (or until
    `cancelled()`)."""
    items: list[Incoming] = []
    while not any(item.event == "message" for item in items) and session.status not in (UNREACHABLE, CLOSED) \
            and not cancelled():
        items += session.poll(50)
    return items


def run(node: PartyNode, agent: Agent, resign_at: int | None = None) -> int:
    """Play this seat with `agent` to the end (resigning at its first decision from turn `resign_at` on), printing
    the lobby as seats fill; the result and final hash."""
    lobby = ""
    try:
        while not node.finished:
            for note in node.pump(0 if node.my_turn else 20):     # a decision to take: no wait for traffic
                print(f"{note.code}: {note.text}" if note.kind == STATUS else note, file=sys.stderr, flush=True)
            if node.peer.engine is None and status_line(node) != lobby:
                lobby = status_line(node)
                print(lobby, flush=True)
            if resign_at is not None and node.peer.can_resign and node.peer.engine.turn >= resign_at:
                node.resign()
            elif node.my_turn:
                node.act(agent(node.view(), node.legal()))
        until = time.monotonic() + LINGER_S
        while not node.settled and time.monotonic() < until:
            node.pump(20)
        if node.violation:
            print(f"violation: {node.violation}", file=sys.stderr)
            return VIOLATION
        if node.stopped:
            print(f"stopped: {node.stopped}; no result; the transcripts are kept as proof: "
                  f"{', '.join(node.transcripts())}", file=sys.stderr)
            return STOPPED
        print(result_line(node), flush=True)
        print(f"state hash: {node.final_hash()}", flush=True)
        return 0 if node.peer.verified else UNVERIFIED
    finally:
        node.close()


def result_line(node: PartyNode) -> str:
    result = node.peer.result
    assert result is not None
    seats = node.peer.rules.seats
    if result.winner == DRAW:
        line = "result: draw"
    else:
        members = " and ".join(str(s + 1) for s in range(seats.count) if seats.teams[s] == result.winner)
        line = f"result: team {result.winner + 1} (seats {members})"
    by = node.peer.resigned_by
    if by is not None:
        line += f", seat {by + 1} {HOW[result.ended]}"
    if result.verified:
        return f"{line}, every seat verified"
    return (f"{line}; some seat did not reveal its secrets within {FINAL_DEADLINE_S:.0f} s: unchecked; "
            f"transcripts: {', '.join(node.transcripts())}")


def _timing(args: argparse.Namespace) -> Timing:
    return Timing(lost=args.timeout)


class Replayed:
    """A session whose next poll first returns what was already taken from it (by `first_message`)."""

    def __init__(self, session: Session, items: list[Incoming]) -> None:
        self._session = session
        self._items = items

    def __getattr__(self, name: str) -> object:
        return getattr(self._session, name)

    def poll(self, timeout_ms: int = 0) -> list[Incoming]:
        items, self._items = self._items, []
        return items + self._session.poll(0 if items else timeout_ms)


def verify_party_file(path: Path) -> int | None:
    """`berserk replay FILE --verify` of a party game (None: FILE is a duel's): 0 verified, 1 rejected."""
    try:
        found = party_order(path)
        if found is None:
            return None
        rules, order = found
        report = verify_party(load_all(), rules, order)
    except (ValueError, OSError, TranscriptError, ProtocolViolation) as exc:
        print(f"REJECTED {path}: {exc}", file=sys.stderr)
        return 1
    winner = "draw" if report.winner == DRAW else f"team {report.winner + 1}"
    if report.resigned_by is not None:
        winner += f", seat {report.resigned_by + 1} {HOW[report.ended]}"
    print(f"OK {path}: {rules.seats.count} seats; signatures, hash chains, commitments, dice and rules check out; "
          f"{report.messages} messages, result {winner}, state hash {report.final_hash}")
    return 0
