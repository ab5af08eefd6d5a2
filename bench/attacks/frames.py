"""Section 1a: mutated frames from the connected opponent, injected into a live game in this process.

Host and guest play over loopback (`LocalGame`, random bots); one of them, the attacker, keeps
playing honestly but also sends raw frames down its own connection: mutations of frames it
really sent (bit flips, truncation, junk, spliced values, bytes map keys, nesting 700–1,000
deep, huge ints, wrong types) and unsigned frames of each type. The victim's seat alternates
game by game. After each frame the victim alone is polled for `SETTLE_S`, then both play on:

- crashed: an exception left the victim's `pump` (the command line would exit 1 with a traceback);
- stopped: the victim ended the game cleanly (a violation, or its session closed);
- rejected: the victim reported the frame (an error note naming the peer) and played on;
- ignored: no note, and the game went on;
- wedged: the victim made no progress (engine steps, messages sent, the end) within `--wedge`
  seconds after the frame, although it did not stop.

A crashed, stopped or wedged game is dropped and a new one starts (a crash while the game goes on
after a frame counts too, as "crashed" by mutation "later"). Every game that reaches its end must
leave a victim transcript that `verify_transcript` accepts.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from berserk_tui.netmatch import REJECTED, VIOLATION, NetMatch, verify_transcript

from . import Row, count_row
from .common import LocalGame, Log, db, progress
from .mutate import KINDS, decode, mutate

SETTLE_S = 0.05       # how long the victim alone is polled after a frame
MAX_CORPUS = 400      # real frames kept to mutate
PER_GAME = 60         # frames injected into one game at most
GAP = 12              # engine steps and messages of the victim between two frames, at most
GAME_S = 120.0        # a game still running after this long is dropped


class Recorder:
    """Wraps the attacker's link: keeps the first sending of each message and handshake frame it sends
    (acks and resends depend on timing, so they are left out for a seeded run to repeat), and
    injects raw frames down the same connection."""

    def __init__(self, link: Any, corpus: list[bytes], rng: random.Random) -> None:
        self.link, self.corpus, self.rng = link, corpus, rng
        self.peer = b""
        self.kept: set[Any] = set()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.link, name)

    def send(self, peer: bytes, data: bytes) -> None:
        self.peer = peer
        self._keep(data)
        self.link.send(peer, data)

    def _keep(self, data: bytes) -> None:
        obj = decode(data)
        if obj[1] == "msg":
            key: Any = (obj[2][1], obj[2][3])      # session id, seq
        elif obj[1] in ("hello", "welcome"):
            key = obj[1]
        else:
            return
        if key in self.kept:
            return
        self.kept.add(key)
        if len(self.corpus) < MAX_CORPUS:
            self.corpus.append(data)
        elif self.rng.random() < 0.2:
            self.corpus[self.rng.randrange(MAX_CORPUS)] = data

    def inject(self, data: bytes) -> None:
        self.link.send(self.peer, data)


def _stopped(match: NetMatch) -> bool:
    return bool(match.violation) or match.session.status == "closed"


def _crash(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {str(exc)[:100]}"


class Tally:
    def __init__(self) -> None:
        self.outcomes: Counter[str] = Counter()
        self.by_kind: Counter[tuple[str, str]] = Counter()
        self.examples: dict[str, list[str]] = {}
        self.unverified: list[str] = []
        self.games = 0
        self.finished = 0

    def add(self, outcome: str, kind: str, detail: str) -> None:
        self.outcomes[outcome] += 1
        self.by_kind[(outcome, kind)] += 1
        shown = self.examples.setdefault(outcome, [])
        if len(shown) < 6:
            shown.append(detail)


class Fuzzer:
    def __init__(self, args: argparse.Namespace, log: Log) -> None:
        self.args, self.log = args, log
        self.rng = random.Random(args.seed)
        self.corpus_rng = random.Random(args.seed + 1)
        self.corpus: list[bytes] = []
        self.tally = Tally()
        self.sent = 0

    def run(self, folder: Path) -> None:
        while self.sent < self.args.frames:
            game = self.tally.games
            victim = game % 2
            sub = folder / f"game{game}"
            sub.mkdir()
            self.tally.games += 1
            self.game(LocalGame(sub, self.args.seed * 1000 + game), victim, sub)
            self.log(f"  game {game + 1}: victim seat {victim + 1}, {self.sent}/{self.args.frames} frames, "
                     f"{dict(self.tally.outcomes)}")

    def game(self, game: LocalGame, victim_seat: int, folder: Path) -> None:
        victim, attacker = game.matches[victim_seat], game.matches[1 - victim_seat]
        recorder = Recorder(attacker.session.link, self.corpus, self.corpus_rng)
        attacker.session._link = recorder     # the attacker's own connection, for raw frames
        budget = min(PER_GAME, self.args.frames - self.sent)
        due = self.rng.randint(1, GAP)        # the victim's progress at which the next frame goes
        deadline = time.monotonic() + GAME_S
        try:
            while not game.finished:
                if time.monotonic() > deadline:
                    self.log(f"  game in {folder.name} did not finish in {GAME_S:g} s (not counted)")
                    return
                if self._play(game, victim_seat, "(between frames)") is not True:
                    return
                done = sum(progress(victim)[:2])
                if budget and done >= due and victim.session.status == "connected" and len(self.corpus) > 1 \
                        and not victim.finished:
                    budget -= 1
                    if not self.inject(game, victim_seat, recorder):
                        return
                    due = done + self.rng.randint(1, GAP)
        finally:
            game.close()
        self.tally.finished += 1       # closed first: the last records reach the file
        self._verify(folder / ("host.msgs" if victim_seat == 0 else "guest.msgs"))

    def _play(self, game: LocalGame, victim_seat: int, what: str) -> bool | str:
        """Both seats one round: True, or "crashed" / "stopped" (recorded against `what`)."""
        for seat in (0, 1):
            try:
                game.side(seat)
            except Exception as exc:
                if seat != victim_seat:
                    raise
                self.tally.add("crashed", "later", f"{what}: {_crash(exc)}")
                return "crashed"
        return "stopped" if _stopped(game.matches[victim_seat]) else True

    def inject(self, game: LocalGame, victim_seat: int, recorder: Recorder) -> bool:
        """Send one hostile frame and classify what the victim did; False if the game is over for us."""
        kind = self.rng.choice(KINDS)
        data, what = mutate(self.rng, kind, self.rng.choice(self.corpus), self.corpus, 1 - victim_seat)
        self.sent += 1
        victim = game.matches[victim_seat]
        before = progress(victim)
        recorder.inject(data)
        notes: list[Any] = []
        until = time.monotonic() + SETTLE_S
        while time.monotonic() < until and not notes:
            try:
                notes = [n for n in victim.pump(5) if n.kind in (REJECTED, VIOLATION)]
            except Exception as exc:
                self.tally.add("crashed", kind, f"{what}: {_crash(exc)}")
                return False
        if _stopped(victim):
            self.tally.add("stopped", kind, f"{what}: {victim.violation or 'session closed'}")
            return False
        deadline = time.monotonic() + self.args.wedge
        while progress(victim) == before:
            if time.monotonic() > deadline:
                waits = [m.peer.waiting_for for m in game.matches]
                self.tally.add("wedged", kind, f"{what}: no progress in {self.args.wedge:g} s "
                                               f"(host waits for {waits[0]}, guest for {waits[1]})")
                return False
            if self._play(game, victim_seat, what) is not True:
                return False
            time.sleep(0.0005)
        self.tally.add("rejected" if notes else "ignored", kind, f"{what}: {notes[0].text[:100] if notes else ''}")
        return True

    def _verify(self, transcript: Path) -> None:
        try:
            verify_transcript(db(), transcript)
        except ValueError as exc:
            self.tally.unverified.append(f"{transcript.parent.name}: {exc}")


def run(args: argparse.Namespace, log: Log) -> list[Row]:
    fuzzer = Fuzzer(args, log)
    with tempfile.TemporaryDirectory(prefix="attack-frames-") as tmp:
        fuzzer.run(Path(tmp))
    t = fuzzer.tally
    for outcome in ("crashed", "wedged", "stopped", "ignored"):
        kinds = {k: n for (o, k), n in sorted(t.by_kind.items()) if o == outcome}
        if kinds:
            log(f"  {outcome} by mutation: {kinds}")
            for line in t.examples[outcome]:
                log(f"    e.g. {line}")
    for line in t.unverified[:5]:
        log(f"  victim transcript rejected: {line}")
    n = fuzzer.sent
    return [
        count_row("frames", "victim crashed", t.outcomes["crashed"], n),
        count_row("frames", "victim wedged", t.outcomes["wedged"], n),
        Row("frames", "rejected with a note / ignored / game stopped cleanly",
            f"{t.outcomes['rejected']} / {t.outcomes['ignored']} / {t.outcomes['stopped']}"),
        count_row("frames", "finished games whose victim transcript fails verification", len(t.unverified),
                  t.finished),
    ]
