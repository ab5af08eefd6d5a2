"""Network games of the board game: the host picks it, the guest learns it from the host's hello, both engines
play it to the same final hash over loopback (with the host killed and resumed mid-game), the transcripts
verify by the game they name, and a guest insisting on another game is refused with a clear message."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from berserk_tui.net_saves import saved_games
from berserk_tui.netmatch import transcript_game, transcript_history, verify_transcript
from berserk_tui.replay import load_replay

from .test_net_games import BERSERK, DB, berserk, finish, join_code, state_hash


def test_two_processes_play_the_board_game_and_agree_after_the_host_is_killed(tmp_path: Path) -> None:
    transcript = tmp_path / "host.msgs"
    host = berserk("host", "--headless", "--rules", "boardgame", "--bot", "greedy", "--bind", "127.0.0.1",
                   "--seed", "3", "--transcript", str(transcript))
    code = join_code(host)
    guest = berserk("join", code, "--headless", "--bot", "greedy", "--seed", "4",
                    "--transcript", str(tmp_path / "guest.msgs"))
    deadline = time.monotonic() + 60
    while not (transcript.exists() and transcript.stat().st_size > 15_000):   # well into the game
        assert time.monotonic() < deadline and host.poll() is None
        time.sleep(0.05)
    host.kill()
    host.wait()
    again = berserk("resume", str(transcript), "--headless", "--bot", "greedy", "--seed", "5")
    (hc, hout, herr), (gc, gout, gerr) = finish(again), finish(guest)
    assert hc == 0 and gc == 0, (herr, gerr)
    assert "game: boardgame" in hout and "game: boardgame" in gout
    assert state_hash(hout) == state_hash(gout)
    for name in ("host.msgs", "guest.msgs"):
        assert transcript_game(tmp_path / name).name == "boardgame"
        assert verify_transcript(DB, tmp_path / name).steps > 50
    assert {(g.path.name, g.game) for g in saved_games(tmp_path)} == {("host.msgs", "boardgame"),
                                                                     ("guest.msgs", "boardgame")}
    history, seat = transcript_history(DB, tmp_path / "guest.msgs")
    assert seat == 1 and history.start.state.rules.rulebook.name == "boardgame"
    assert load_replay(DB, tmp_path / "guest.msgs").steps[-1].state.rules.rulebook.name == "boardgame"
    ok = subprocess.run([*BERSERK, "replay", str(tmp_path / "host.msgs"), "--verify"], capture_output=True,
                        text=True, timeout=60)
    assert ok.returncode == 0 and ok.stdout.startswith("OK") and ok.stdout.rstrip().endswith("game boardgame")


def test_a_guest_insisting_on_the_classic_game_refuses_a_board_game_host(tmp_path: Path) -> None:
    host = berserk("host", "--headless", "--rules", "boardgame", "--bind", "127.0.0.1", "--timeout", "3",
                   "--transcript", str(tmp_path / "host.msgs"))
    code = join_code(host)
    guest = berserk("join", code, "--headless", "--rules", "classic", "--transcript", str(tmp_path / "guest.msgs"))
    gc, _, gerr = finish(guest, 60)
    assert gc == 3, gerr
    assert "the host plays the game 'boardgame', but this side joined to play 'classic'" in gerr
    hc, _, _ = finish(host, 60)
    assert hc != 0


def test_two_processes_play_the_two_player_battle_for_laar(tmp_path: Path) -> None:
    host = berserk("host", "--headless", "--rules", "boardgame", "--mode", "laar-duel", "--bot", "greedy",
                   "--bind", "127.0.0.1", "--seed", "7", "--transcript", str(tmp_path / "host.msgs"))
    code = join_code(host)
    guest = berserk("join", code, "--headless", "--bot", "greedy", "--seed", "8",
                    "--transcript", str(tmp_path / "guest.msgs"))
    (hc, hout, herr), (gc, gout, gerr) = finish(host), finish(guest)
    assert hc == 0 and gc == 0, (herr, gerr)
    assert "game: laar-duel" in hout and "game: laar-duel" in gout
    assert state_hash(hout) == state_hash(gout)
    assert transcript_game(tmp_path / "guest.msgs").name == "laar-duel"
    assert verify_transcript(DB, tmp_path / "guest.msgs").steps > 20


def test_a_host_cannot_offer_a_game_that_is_not_of_two_players(tmp_path: Path) -> None:
    out = subprocess.run([*BERSERK, "host", "--headless", "--rules", "boardgame", "--mode", "laar-solo"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "not a game of two players" in out.stderr
    # the team game is hosted for four peers (docs/protocol.md, Four players over the network): a code per guest seat
    host = subprocess.Popen([*BERSERK, "host", "--headless", "--rules", "boardgame", "--mode", "team", "--bind",
                             "127.0.0.1", "--transcript", str(tmp_path / "team.msgs")], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        lines = [host.stdout.readline() for _ in range(3)]       # type: ignore[union-attr]
        assert [line.split(":")[0] for line in lines] == [f"join code for seat {s}" for s in (2, 3, 4)], lines
    finally:
        host.kill()
        host.wait()
