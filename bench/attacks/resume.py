"""Section 3: kill one side with SIGKILL at a chosen moment, restart it with `berserk resume FILE --headless`.

Each game has a victim, a `berserk host` or `berserk join --headless` process (alternately), and
a survivor, a `NetMatch` in this process that the harness drives, so it can stop at the moment
of `MOMENTS` seen from its side and kill the victim there:

- before_handshake: the victim's keys and game files exist, its peer never answered it;
- handshake: the survivor has the victim's game hello;
- order_dice: the order roll waits for the dice shares;
- purchase: the victim is buying (killed 0–30 ms later, both playing on);
- deployment: the deployment is under way;
- battle_start / battle_mid: the battle's first wait for the victim / a wait from turn 3 on;
- busy: in the battle, after a random 0–200 ms while both keep playing (the victim at work);
- end_before_final: the survivor's next action ends the game: the victim dies before it sees it
  (if the victim ends the game itself, its act and final come together: it dies as soon as the
  survivor has them, before it has the survivor's final or its acks);
- after_final: the victim's final reveal has arrived; it dies while it waits for the last acks.

A game counts as resumed when the restarted process exits 0 saying "opponent verified", the
survivor finished verified, both print the same final state hash and both transcripts pass
`verify_transcript`. Every process gets its own BERSERK_HOME in a temporary folder.
"""

from __future__ import annotations

import argparse
import random
import re
import tempfile
import time
from pathlib import Path

from berserk_tui.bot import get_agent
from berserk_tui.engine import CHANCE, apply
from berserk_tui.netmatch import NetMatch, game_path, verify_transcript
from netplay import Session, Timing

from . import Row
from .common import Child, Log, db, decks, start_match

MOMENTS = ("before_handshake", "handshake", "order_dice", "purchase", "deployment", "battle_start", "battle_mid",
           "busy", "end_before_final", "after_final")
DELAYS = {"busy": 0.2, "purchase": 0.03}   # kill after a random delay up to this, both sides playing on
SURVIVOR = Timing(heartbeat=0.2, silence=1.0, lost=90.0, resend=0.1)
GAME_S = 150.0


def _due(moment: str, match: NetMatch, victim: int) -> bool:
    """Whether the survivor's game has reached `moment` (all but the two that need the next action)."""
    peer, st = match.peer, match.peer.engine
    if moment == "after_final":
        return peer.result is not None and peer.result.verified
    if st is None:
        return False
    waiting = peer.waiting_for == "opponent"
    return {
        "handshake": True,
        "order_dice": st.phase == "order" and st.pending.player == CHANCE,
        "purchase": st.phase == "purchase" and st.pending.player == victim,
        "deployment": st.phase == "deploy" and waiting,
        "battle_start": st.phase == "battle" and waiting,
        "battle_mid": st.phase == "battle" and st.turn >= 3 and waiting,
        "busy": st.phase == "battle",
        "end_before_final": peer.result is not None,
    }[moment]


def _ends_game(match: NetMatch, action: object) -> bool:
    """Whether the survivor's battle action ends the game (tried on a copy)."""
    if match.peer.state is not match.peer.engine or match.peer.engine.phase != "battle":
        return False
    trial = match.peer.engine.clone()
    apply(trial, action)
    return trial.over


class Game:
    def __init__(self, folder: Path, index: int, args: argparse.Namespace) -> None:
        self.folder, self.args = folder, args
        self.role = "host" if index % 2 == 0 else "join"
        self.moment = args.moments[(index // 2) % len(args.moments)]
        self.seed = args.seed * 100 + index
        self.rng = random.Random(self.seed)
        self.transcript = folder / "victim.msgs"
        self.victim_seat = 0 if self.role == "host" else 1
        self.child: Child | None = None
        self.killed_at = ""

    def _victim(self, *args: str) -> Child:
        common = ["--headless", "--bot", self.args.bot, "--seed", str(self.seed), "--transcript", str(self.transcript)]
        return Child([*args, *common], self.folder, "victim")

    def _kill_and_resume(self, what: str) -> None:
        assert self.child is not None
        self.child.kill()
        files = [p.name.split(".", 1)[1] for p in sorted(self.folder.glob("victim.msgs*"))]
        self.killed_at = f"{what} (files left: {', '.join(files)})"
        self.child = Child(["resume", str(self.transcript), "--headless", "--bot", self.args.bot,
                            "--seed", str(self.seed + 7)], self.folder, "resumed")

    def _wait_for_game_file(self) -> bool:
        deadline = time.monotonic() + 30
        while not game_path(self.transcript).exists():
            if time.monotonic() > deadline or self.child.proc.poll() is not None:
                return False
            time.sleep(0.01)
        return True

    def run(self) -> tuple[bool, str]:
        try:
            return self._run()
        finally:
            if self.child is not None:
                self.child.kill()

    def _run(self) -> tuple[bool, str]:
        survivor_path = self.folder / "survivor.msgs"
        if self.role == "host":
            self.child = self._victim("host", "--bind", "127.0.0.1")
            code = self.child.wait_for(r"join code: (\S+)")
            if code is None or not self._wait_for_game_file():
                return False, f"the host did not start: {self.child.last_lines()}"
            if self.moment == "before_handshake":
                self._kill_and_resume("before the handshake")
                if self.child.wait_for(r"resumed: ", 30) is None:
                    return False, f"resume failed: {self.child.last_lines(2)}"
            session = Session.join(code.group(1), survivor_path, timing=SURVIVOR)
        else:
            session, code_text = Session.host("127.0.0.1", 0, survivor_path, timing=SURVIVOR)
            self.child = self._victim("join", code_text)
            if self.moment == "before_handshake":     # the survivor is not polled: no welcome yet
                if not self._wait_for_game_file():
                    return False, f"the guest did not start: {self.child.last_lines()}"
                time.sleep(0.3)
                self._kill_and_resume("before the handshake")
        match = start_match(session, decks()[session.seat], self.rng)
        try:
            return self._play(match)
        finally:
            match.close()

    def _play(self, match: NetMatch) -> tuple[bool, str]:
        bot = get_agent("random", self.seed + 3)
        deadline = time.monotonic() + GAME_S
        kill_at = 0.0
        while True:
            if time.monotonic() > deadline:
                return False, f"no end in {GAME_S:g} s: {self.child.last_lines(2)}"
            if match.violation:
                return False, f"survivor: {match.violation[:160]}"
            code = self.child.proc.poll()
            if code is not None and not self.killed_at:
                return False, f"the victim ended (exit {code}) before the moment: {self.child.last_lines(2)[:200]}"
            if code is not None:
                if code != 0:
                    return False, f"resumed process exit {code}: {self.child.last_lines(2)[:200]}"
                if match.finished:
                    return self._check(match)
            if not self.killed_at and not kill_at and _due(self.moment, match, self.victim_seat):
                kill_at = time.monotonic() + self.rng.uniform(0, DELAYS.get(self.moment, 0.0))
            if not self.killed_at and kill_at and time.monotonic() >= kill_at:
                where = f"busy, turn {match.peer.engine.turn}" if self.moment == "busy" else self.moment
                self._kill_and_resume(where)
                continue
            match.pump(5)
            if match.my_turn:
                action = bot(match.view(), match.legal())
                if not self.killed_at and self.moment == "end_before_final" and _ends_game(match, action):
                    self._kill_and_resume("end before final (the survivor's winning action next)")
                match.act(action)

    def _check(self, match: NetMatch) -> tuple[bool, str]:
        until = time.monotonic() + 5
        while not match.session.settled and time.monotonic() < until:
            match.pump(5)
        match.close()
        out = self.child.out
        if "opponent verified" not in out:
            return False, f"the resumed process did not verify its opponent: {self.child.last_lines(2)}"
        found = re.search(r"state hash: ([0-9a-f]{64})", out)
        if not found or found.group(1) != match.final_hash():
            return False, "the two sides end on different state hashes"
        for path in (self.transcript, self.folder / "survivor.msgs"):
            try:
                verify_transcript(db(), path)
            except ValueError as exc:
                return False, f"{path.name} does not verify: {str(exc)[:120]}"
        return True, ""


def run(args: argparse.Namespace, log: Log) -> list[Row]:
    resumed = 0
    with tempfile.TemporaryDirectory(prefix="attack-resume-") as tmp:
        for index in range(args.kills):
            folder = Path(tmp) / f"game{index}"
            folder.mkdir()
            game = Game(folder, index, args)
            start = time.monotonic()
            ok, detail = game.run()
            resumed += ok
            where = game.killed_at or f"{game.moment} (never reached)"
            log(f"  game {index + 1:>2}: {game.role:<4} killed at {where}: "
                f"{'resumed and verified' if ok else 'FAILED: ' + detail} ({time.monotonic() - start:.0f} s)")
    return [Row("resume", "killed games resumed and finished verified", f"{resumed} / {args.kills}",
                f"{args.kills}", resumed == args.kills)]
