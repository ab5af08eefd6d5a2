"""What the sections share: in-process games over loopback, seeded secrets, `berserk` child processes."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

from berserk_tui import netmatch
from berserk_tui.bot import get_agent
from berserk_tui.netmatch import NetMatch
from cards.decks import default_pair
from cards.loader import CardDB, load_all
from netplay import Session, Timing

ROOT = Path(__file__).resolve().parents[2]
BERSERK = [sys.executable, "-m", "berserk_tui"]
FAST = Timing(heartbeat=0.1, silence=1.0, lost=60.0, resend=0.05)
Log = Callable[[str], None]

_DB: CardDB | None = None


def db() -> CardDB:
    global _DB
    if _DB is None:
        _DB = load_all()
    return _DB


def decks() -> tuple[list[str], list[str]]:
    first, second = default_pair(db())
    return list(first.cards), list(second.cards)


def start_match(session: Session, deck: list[str], rng: random.Random, cls: type[NetMatch] = NetMatch) -> NetMatch:
    """`cls.start` with the master secret drawn from `rng` instead of the system's secure source, so that
    a seeded run plays the same game (only in a harness: such a secret is guessable)."""
    with mock.patch.object(netmatch.pysecrets, "token_bytes", rng.randbytes):
        return cls.start(db(), session, deck)


class LocalGame:
    """Host and guest `NetMatch`es in this process over loopback, random bots on both seats.
    `classes` picks the NetMatch class of each seat (an attacker may override `flush`)."""

    def __init__(self, folder: Path, seed: int, timing: Timing = FAST,
                 classes: tuple[type[NetMatch], type[NetMatch]] = (NetMatch, NetMatch)) -> None:
        rng = random.Random(seed)
        host, code = Session.host("127.0.0.1", 0, folder / "host.msgs", timing=timing)
        guest = Session.join(code, folder / "guest.msgs", timing=timing)
        pair = decks()
        self.matches = [start_match(host, pair[0], rng, classes[0]), start_match(guest, pair[1], rng, classes[1])]
        self.bots = [get_agent("random", seed * 2), get_agent("random", seed * 2 + 1)]
        self.folder = folder

    def side(self, seat: int) -> tuple[list[Any], bool]:
        """Pump seat `seat` once and let its bot act if it must; (notes, whether it acted)."""
        match = self.matches[seat]
        notes = match.pump(0)
        if match.my_turn:
            match.act(self.bots[seat](match.view(), match.legal()))
            return notes, True
        return notes, False

    @property
    def finished(self) -> bool:
        return all(m.finished for m in self.matches)

    def play(self, seconds: float = 60.0, resign_on_turn: int = 0) -> bool:
        """Play to the end (and until the last messages are acknowledged); False after `seconds`."""
        deadline = time.monotonic() + seconds
        while not (self.finished and all(m.session.settled for m in self.matches)):
            if time.monotonic() > deadline or any(m.violation for m in self.matches):
                return False
            for seat, match in enumerate(self.matches):
                if resign_on_turn and match.my_turn and match.view().phase == "battle" \
                        and match.view().turn >= resign_on_turn:
                    match.resign()
                self.side(seat)
            time.sleep(0.0005)
        return True

    def close(self) -> None:
        for match in self.matches:
            match.close()


def progress(match: NetMatch) -> tuple[int, int, bool]:
    """What grows while a seat's game goes on: its engine steps, its messages sent, whether it finished."""
    return len(match.peer.steps), len(match.peer.sent), match.finished


# --- `berserk` child processes ---------------------------------------------------------------------


class Child:
    """A `berserk …` process with stdout and stderr in files (read while it runs) and its own BERSERK_HOME."""

    def __init__(self, args: list[str], folder: Path, name: str) -> None:
        home = folder / "home"
        home.mkdir(exist_ok=True)
        self.out_path, self.err_path = folder / f"{name}.out", folder / f"{name}.err"
        env = {**os.environ, "BERSERK_HOME": str(home), "PYTHONUNBUFFERED": "1"}
        with self.out_path.open("w") as out, self.err_path.open("w") as err:
            self.proc = subprocess.Popen([*BERSERK, *args], stdout=out, stderr=err, env=env, cwd=ROOT,
                                         stdin=subprocess.DEVNULL)
        self.started = time.monotonic()

    @property
    def out(self) -> str:
        return self.out_path.read_text(errors="replace")

    @property
    def err(self) -> str:
        return self.err_path.read_text(errors="replace")

    def wait_for(self, pattern: str, seconds: float = 30.0) -> re.Match[str] | None:
        """The first match of `pattern` in stdout within `seconds`; None if it never came or the process ended."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            found = re.search(pattern, self.out)
            if found or self.proc.poll() is not None:
                return found
            time.sleep(0.01)
        return None

    def kill(self) -> None:
        """SIGKILL (no goodbye), then reap."""
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    @property
    def traceback(self) -> bool:
        return "Traceback (most recent call last)" in self.err

    def last_lines(self, n: int = 3) -> str:
        lines = (self.out + self.err).strip().splitlines()
        return " | ".join(lines[-n:])


def has_option(command: str, option: str) -> bool:
    """Whether `berserk COMMAND --help` lists `option` (for options other branches add, e.g. --clock)."""
    shown = subprocess.run([*BERSERK, command, "--help"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    return re.search(rf"(^|\s){re.escape(option)}\b", shown.stdout) is not None
