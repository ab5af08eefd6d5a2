"""Section 1c: the frames the issue names, against real `berserk host/join --headless` processes.

The victim is a `berserk` process (a bot plays it); the attacker is a `NetMatch` in this process
that plays honestly until the battle, then sends one hostile frame down its connection and plays
on. The victim crashed if it exits with a traceback; it went on if its transcript grows after the
frame (it kept playing); it stopped if it exits cleanly; it is wedged otherwise (`--wedge` × 2 s).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from berserk_tui.bot import get_agent
from netplay import Session

from . import Row, count_row
from .common import FAST, Child, Log, decks, start_match
from .frames import Recorder
from .mutate import decode, deep, encode

Build = Callable[[list[bytes]], bytes]


def _with_body(corpus: list[bytes], body: object) -> bytes:
    """The attacker's last message frame with its body replaced (the signature no longer fits)."""
    frame = next(f for f in reversed(corpus) if decode(f)[1] == "msg")
    obj = decode(frame)
    obj[2][7] = body
    return encode(obj)


CASES: list[tuple[str, Build]] = [
    ("bytes map key in a body", lambda c: _with_body(c, {b"k": 1, "seq": 1})),
    ("body nested 700 deep", lambda c: _with_body(c, deep(700, False))),
    ("frame type nested 1,000 deep", lambda c: encode([1, deep(1000, False)])),
    ("unsigned reject mid-game", lambda c: encode([1, "reject", "go away", "protocol"])),
]


def one(folder: Path, role: str, build: Build, seed: int, args: argparse.Namespace) -> tuple[str, str]:
    """(outcome, detail) of one hostile frame against a `berserk ROLE` victim."""
    rng = random.Random(seed)
    transcript = folder / "victim.msgs"
    common = ["--headless", "--bot", args.bot, "--seed", str(seed), "--transcript", str(transcript)]
    if role == "host":
        child = Child(["host", "--bind", "127.0.0.1", *common], folder, "victim")
        code = child.wait_for(r"join code: (\S+)")
        if code is None:
            child.kill()
            return "no game", child.last_lines()
        session = Session.join(code.group(1), folder / "attacker.msgs", timing=FAST)
    else:
        session, join_code = Session.host("127.0.0.1", 0, folder / "attacker.msgs", timing=FAST)
        child = Child(["join", join_code, *common], folder, "victim")
    corpus: list[bytes] = []
    recorder = Recorder(session.link, corpus, rng)
    session._link = recorder
    match = start_match(session, decks()[session.seat], rng)
    bot = get_agent("random", seed)

    def step() -> None:
        match.pump(5)
        if match.my_turn:
            match.act(bot(match.view(), match.legal()))

    try:
        deadline = time.monotonic() + 60
        while not (match.peer.engine is not None and match.peer.engine.phase == "battle"):
            if time.monotonic() > deadline or child.proc.poll() is not None or match.finished:
                return "no game", child.last_lines()
            step()
        size = transcript.stat().st_size
        recorder.inject(build(corpus))
        deadline = time.monotonic() + 2 * args.wedge
        while time.monotonic() < deadline:
            if child.proc.poll() is not None:
                if child.traceback:
                    return "crashed", f"exit {child.proc.returncode}: {child.err.strip().splitlines()[-1][:120]}"
                return "stopped", f"exit {child.proc.returncode}: {child.last_lines(2)[:160]}"
            if transcript.stat().st_size > size + 2000 or match.finished:
                return "went on", ""
            if not match.finished:
                step()
        return "wedged", f"no progress in {2 * args.wedge:g} s"
    finally:
        child.kill()
        match.close()


def run(args: argparse.Namespace, log: Log) -> list[Row]:
    crashed = wedged = total = 0
    with tempfile.TemporaryDirectory(prefix="attack-cli-") as tmp:
        for round_ in range(args.cli):
            for role in ("host", "join"):
                for index, (name, build) in enumerate(CASES):
                    folder = Path(tmp) / f"{round_}-{role}-{index}"
                    folder.mkdir()
                    outcome, detail = one(folder, role, build, args.seed * 100 + total, args)
                    total += 1
                    crashed += outcome == "crashed"
                    wedged += outcome == "wedged"
                    log(f"  berserk {role:<4} <- {name:<30} {outcome}{': ' + detail if detail else ''}")
    return [count_row("frames_cli", "berserk processes crashed by a known-bad frame", crashed, total),
            count_row("frames_cli", "berserk processes wedged by a known-bad frame", wedged, total)]
