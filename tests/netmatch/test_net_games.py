"""Whole network games: two processes over loopback, a lossy link, a killed and resumed peer,
and `berserk replay --verify` on the transcripts they leave."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from berserk_tui.netmatch import verify_transcript
from cards.loader import load_all
from netplay import FaultPolicy, JoinCode, Session
from netplay.joincode import SECRET_BYTES
from tests.replay_files import FAST, played_transcripts

DB = load_all()
BERSERK = [sys.executable, "-m", "berserk_tui"]


def berserk(*args: str, **kw: object) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([*BERSERK, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, **kw)  # type: ignore[call-overload]


def join_code(host: subprocess.Popen[str]) -> str:
    line = host.stdout.readline()       # type: ignore[union-attr]
    match = re.match(r"join code: (\S+)", line)
    assert match, line
    return match.group(1)


def finish(proc: subprocess.Popen[str], seconds: float = 120) -> tuple[int, str, str]:
    out, err = proc.communicate(timeout=seconds)
    return proc.returncode, out, err


def state_hash(out: str) -> str:
    found = re.search(r"state hash: ([0-9a-f]{64})", out)
    assert found, out
    return found.group(1)


def test_two_processes_play_a_whole_game_and_agree(tmp_path: Path) -> None:
    host = berserk("host", "--headless", "--bot", "greedy", "--bind", "127.0.0.1", "--seed", "1",
                   "--transcript", str(tmp_path / "host.msgs"))
    code = join_code(host)
    guest = berserk("join", code, "--headless", "--bot", "random", "--seed", "2",
                    "--transcript", str(tmp_path / "guest.msgs"))
    (hc, hout, herr), (gc, gout, gerr) = finish(host), finish(guest)
    assert hc == 0 and gc == 0, (herr, gerr)
    assert state_hash(hout) == state_hash(gout)
    assert "opponent verified" in hout and "opponent verified" in gout
    for name in ("host.msgs", "guest.msgs"):
        report = verify_transcript(DB, tmp_path / name)
        assert report.steps > 50
    # one changed byte anywhere in the middle of a real transcript is caught, and the CLI says so
    data = bytearray((tmp_path / "host.msgs").read_bytes())
    data[len(data) // 2] ^= 0x01
    (tmp_path / "bad.msgs").write_bytes(bytes(data))
    checker = subprocess.run([*BERSERK, "replay", str(tmp_path / "bad.msgs"), "--verify"], capture_output=True,
                             text=True, timeout=60)
    assert checker.returncode == 1 and "REJECTED" in checker.stderr
    ok = subprocess.run([*BERSERK, "replay", str(tmp_path / "guest.msgs"), "--verify"], capture_output=True,
                        text=True, timeout=60)
    assert ok.returncode == 0 and ok.stdout.startswith("OK")


def test_a_killed_guest_resumes_from_its_transcript(tmp_path: Path) -> None:
    host = berserk("host", "--headless", "--bot", "greedy", "--bind", "127.0.0.1", "--seed", "3",
                   "--transcript", str(tmp_path / "host.msgs"))
    code = join_code(host)
    guest = berserk("join", code, "--headless", "--bot", "greedy", "--seed", "4",
                    "--transcript", str(tmp_path / "guest.msgs"))
    transcript = tmp_path / "guest.msgs"
    deadline = time.monotonic() + 60
    while not (transcript.exists() and transcript.stat().st_size > 15_000):   # well into the game
        assert time.monotonic() < deadline and guest.poll() is None
        time.sleep(0.05)
    guest.kill()
    guest.wait()
    again = berserk("resume", str(transcript), "--headless", "--bot", "greedy", "--seed", "5")
    (hc, hout, herr), (gc, gout, gerr) = finish(host), finish(again)
    assert hc == 0 and gc == 0, (herr, gerr)
    assert "resumed" in gout
    assert state_hash(hout) == state_hash(gout)
    verify_transcript(DB, transcript)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_survives_a_lossy_link(tmp_path: Path, seed: int) -> None:
    chaos = FaultPolicy(seed=seed, drop=0.2, duplicate=0.2, reorder=0.2, hold_ms=10)
    host, guest = played_transcripts(tmp_path, seed, faults=chaos)
    assert host.final_hash() == guest.final_hash()
    assert verify_transcript(DB, tmp_path / "host.msgs").steps == verify_transcript(DB, tmp_path / "guest.msgs").steps


def test_joining_a_host_that_is_gone_fails_in_seconds_with_exit_code_5(tmp_path: Path) -> None:
    with socket.socket() as probe:          # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code = JoinCode("127.0.0.1", port, os.urandom(SECRET_BYTES)).encode()
    start = time.monotonic()
    guest = berserk("join", code, "--headless", "--transcript", str(tmp_path / "guest.msgs"))
    returncode, _, err = finish(guest, seconds=30)
    assert returncode == 5, err
    assert f"the host at tcp://127.0.0.1:{port} cannot be reached: nothing accepts connections there" in err
    assert time.monotonic() - start < 15       # the program's start-up included; the wait itself is < 1 s
    assert not (tmp_path / "guest.msgs").exists()


def test_joining_with_a_used_code_is_refused_with_exit_code_5(tmp_path: Path) -> None:
    host, code = Session.host("127.0.0.1", 0, tmp_path / "host.msgs", timing=FAST)
    first = Session.join(code, tmp_path / "first.msgs", timing=FAST)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            host.poll(5)
            first.poll(5)

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    try:
        second = berserk("join", code, "--headless", "--transcript", str(tmp_path / "second.msgs"))
        returncode, _, err = finish(second, seconds=30)
    finally:
        stop.set()
        server.join(5)
        host.close()
        first.close()
    assert returncode == 5, err
    assert "refused us: this session already has another guest" in err
