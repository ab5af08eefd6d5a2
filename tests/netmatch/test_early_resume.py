"""Issue 36, hole 5: a side killed before its first handshake has a keys file and a private game
file but no transcript. `berserk resume` used to fail with "No such file or directory: '…msgs'";
it now goes on from what exists, and no message claims a transcript that was never written."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

from berserk_tui import netcli
from berserk_tui.bot import get_agent
from berserk_tui.netmatch import NetMatch, game_path, verify_transcript
from cards.decks import default_pair
from netplay import JoinCode, Session, Timing
from netplay.joincode import SECRET_BYTES
from netplay.keyfile import keys_path
from tests.netmatch.test_net_games import DB, berserk, finish, join_code, state_hash
from tests.replay_files import FAST


def wait_for(path: Path, proc: subprocess.Popen[str], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        assert time.monotonic() < deadline and proc.poll() is None, f"{path} never appeared"
        time.sleep(0.02)


def kill(proc: subprocess.Popen[str]) -> None:
    proc.kill()
    proc.wait()


def only_private_files(transcript: Path) -> None:
    assert not transcript.exists()
    assert keys_path(transcript).exists() and game_path(transcript).exists()


def play_out(host: subprocess.Popen[str], guest: subprocess.Popen[str], transcripts: list[Path]) -> None:
    (hc, hout, herr), (gc, gout, gerr) = finish(host), finish(guest)
    assert hc == 0 and gc == 0, (herr, gerr)
    assert state_hash(hout) == state_hash(gout)
    for transcript in transcripts:
        assert verify_transcript(DB, transcript).steps > 20


def test_a_host_killed_before_anyone_joined_resumes_on_the_same_code(tmp_path: Path) -> None:
    transcript = tmp_path / "host.msgs"
    host = berserk("host", "--headless", "--bot", "greedy", "--bind", "127.0.0.1", "--seed", "3",
                   "--transcript", str(transcript))
    code = join_code(host)
    wait_for(game_path(transcript), host)
    kill(host)
    only_private_files(transcript)
    again = berserk("resume", str(transcript), "--headless", "--bot", "greedy", "--seed", "5")
    assert again.stdout is not None and again.stdout.readline().startswith("resumed:")
    assert join_code(again) == code
    guest = berserk("join", code, "--headless", "--bot", "greedy", "--seed", "4",
                    "--transcript", str(tmp_path / "guest.msgs"))
    play_out(again, guest, [transcript, tmp_path / "guest.msgs"])


def test_a_guest_killed_before_its_hello_was_answered_resumes(tmp_path: Path) -> None:
    host = berserk("host", "--headless", "--bot", "greedy", "--bind", "127.0.0.1", "--seed", "3",
                   "--transcript", str(tmp_path / "host.msgs"))
    code = join_code(host)
    transcript = tmp_path / "guest.msgs"
    os.kill(host.pid, signal.SIGSTOP)       # the host cannot answer: the guest gets no handshake
    try:
        guest = berserk("join", code, "--headless", "--bot", "greedy", "--seed", "4", "--transcript", str(transcript))
        wait_for(game_path(transcript), guest)
        kill(guest)
    finally:
        os.kill(host.pid, signal.SIGCONT)
    only_private_files(transcript)
    again = berserk("resume", str(transcript), "--headless", "--bot", "greedy", "--seed", "5")
    play_out(host, again, [tmp_path / "host.msgs", transcript])


def test_a_guest_that_never_got_an_answer_claims_no_proof(tmp_path: Path) -> None:
    """With a `--timeout` shorter than the first contact's, the guest used to call the silent host
    "lost" and say "the transcript is kept as proof" (exit 4) with no transcript on disk."""
    with socket.socket() as listener:       # accepts TCP, never speaks
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        code = JoinCode("127.0.0.1", listener.getsockname()[1], os.urandom(SECRET_BYTES)).encode()
        guest = berserk("join", code, "--headless", "--timeout", "1", "--transcript", str(tmp_path / "g.msgs"))
        returncode, _, err = finish(guest, seconds=30)
    assert returncode == 5, err
    assert "cannot be reached" in err
    assert "proof" not in err
    only_private_files(tmp_path / "g.msgs")


def test_a_side_with_no_transcript_says_nothing_was_recorded(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """A guest whose transcript is gone (killed between binding its host and writing the header) and
    whose host never comes back: "lost", with no proof to keep."""
    host, code = Session.host("127.0.0.1", 0, tmp_path / "h.msgs", timing=FAST)
    guest = Session.join(code, tmp_path / "g.msgs", timing=FAST)
    decks = default_pair(DB)
    matches = [NetMatch.start(DB, host, list(decks[0].cards)), NetMatch.start(DB, guest, list(decks[1].cards))]
    while guest.status != "connected":
        for match in matches:
            match.pump(1)
    for match in matches:
        match.close()
    (tmp_path / "g.msgs").unlink()
    resumed = NetMatch.resume(DB, tmp_path / "g.msgs")
    resumed.session.timing = Timing(heartbeat=0.05, silence=0.1, lost=0.3)
    assert netcli._play(resumed, get_agent("greedy", 1)) == 4
    err = capsys.readouterr().err
    assert "the opponent stopped answering before the handshake; nothing was recorded" in err
    assert "proof" not in err
