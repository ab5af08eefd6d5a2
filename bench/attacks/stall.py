"""Section 5: a peer that stays connected but never moves, against `berserk host --headless`.

The host is a `berserk host --headless --timeout 5` process, with `--clock SPEC` when the command
has that option (the decision clock of issue 36; detected from `berserk host --help`). The guest,
in this process, keeps its connection alive (it polls: acks and heartbeats flow) and stalls:

- silent: after the session handshake it never sends its game hello;
- no_decision: it plays until its first decision in the battle, then never decides;
- no_final: it plays the game to the end but never sends its final reveal.

For each, the host has `--stall-wait` seconds from the moment the guest stalls (for no_final at
least the final reveal's deadline and 15 s more). It dealt with the staller if it exits declaring
itself (seat 1) the winner on time (no_decision), stops naming the guest who never began the game
(silent: no game exists, so nothing is forfeited), or gives the result without the guest's secrets
after the deadline (no_final, exit 6); the row shows the seconds it took, or how it ended
otherwise, or "still waiting". The host's transcript is then checked with
`verify_transcript` (shown, no goal: whether a forfeit verifies depends on the clock's design).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from berserk_tui.bot import get_agent
from berserk_tui.netgame.wire import FINAL
from berserk_tui.netmatch import FINAL_DEADLINE_S, NetMatch, verify_transcript
from netplay import CLOSED, Session

from . import Row
from .common import FAST, Child, Log, db, decks, has_option, start_match

CASES = ("silent", "no_decision", "no_final")


class WithholdsFinal(NetMatch):
    """Plays normally but never sends its final reveal."""

    def flush(self) -> None:
        if self.session.status != CLOSED:
            self.session.send_batch([m for m in self.peer.outbox() if m[0] != FINAL])


def stalled(case: str, session: Session, rng: random.Random, seed: int) -> Callable[[], bool]:
    """A step function for the guest: it plays until it starts stalling, then only polls; returns
    whether it is stalling now."""
    if case == "silent":
        def silent() -> bool:
            session.poll(20)
            return session.status == "connected"
        return silent
    match = start_match(session, decks()[1], rng, WithholdsFinal if case == "no_final" else NetMatch)
    bot = get_agent("random", seed)

    def step() -> bool:
        match.pump(20)
        st = match.peer.engine
        if case == "no_final":
            stalling = match.peer.result is not None
        else:
            stalling = st is not None and st.phase == "battle" and match.my_turn
        if match.my_turn and not stalling:
            match.act(bot(match.view(), match.legal()))
        return stalling
    return step


def one(folder: Path, case: str, clock: bool, args: argparse.Namespace, seed: int) -> tuple[str, str]:
    """(the row's value: "yes (N s)" or "no", what happened) for one stalling guest."""
    transcript = folder / "host.msgs"
    extra = ["--clock", args.clock] if clock else []
    child = Child(["host", "--headless", "--bind", "127.0.0.1", "--bot", args.bot, "--seed", str(seed),
                   "--timeout", "5", "--transcript", str(transcript), *extra], folder, "host")
    session = None
    try:
        code = child.wait_for(r"join code: (\S+)")
        if code is None:
            return "no", f"the host did not start: {child.last_lines()}"
        session = Session.join(code.group(1), folder / "guest.msgs", timing=FAST)
        step = stalled(case, session, random.Random(seed), seed)
        deadline = time.monotonic() + 90
        while not step():
            if time.monotonic() > deadline or child.proc.poll() is not None:
                return "no", f"the guest never reached its stall: {child.last_lines()}"
        since = time.monotonic()
        wait = max(args.stall_wait, FINAL_DEADLINE_S + 15) if case == "no_final" else args.stall_wait
        while time.monotonic() - since < wait and child.proc.poll() is None:
            step()
        waited = time.monotonic() - since
        if child.proc.poll() is None:
            return "no", f"{'clock given, ' if clock else 'no clock: '}still waiting after {waited:.0f} s"
        won = {"silent": child.proc.returncode == 3 and "did not begin the game" in child.err,
               "no_decision": child.proc.returncode == 0 and "result: seat 1 (on time)" in child.out,
               "no_final": child.proc.returncode == 6 and "did not reveal his secrets" in child.out}[case]
        how = (f"host exit {child.proc.returncode} after {waited:.0f} s: {child.last_lines(2)[:160]}; "
               f"its transcript {_verdict(transcript)}")
        return (f"yes ({waited:.0f} s)" if won else "no"), how
    finally:
        child.kill()
        if session is not None:
            session.close()


def _verdict(transcript: Path) -> str:
    try:
        verify_transcript(db(), transcript)
    except ValueError as exc:
        return f"rejected ({str(exc)[:100]})"
    return "verifies"


def run(args: argparse.Namespace, log: Log) -> list[Row]:
    clock = has_option("host", "--clock")
    log(f"  `berserk host` {'has' if clock else 'has no'} --clock option"
        + (f"; hosting with --clock {args.clock}" if clock else ""))
    rows = []
    with tempfile.TemporaryDirectory(prefix="attack-stall-") as tmp:
        for index, case in enumerate(CASES):
            folder = Path(tmp) / case
            folder.mkdir()
            value, what = one(folder, case, clock, args, args.seed * 10 + index)
            log(f"  {case}: forfeited: {value}; {what}")
            rows.append(Row("stall", f"stalling peer ({case}) dealt with within its clock", value, "yes",
                            value.startswith("yes")))
    return rows
