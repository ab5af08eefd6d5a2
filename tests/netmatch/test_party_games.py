"""Four processes play seed 003's team game over loopback (`berserk host --players 4`, three `berserk join`):
every peer ends with the same final hash and every seat's secrets verified; a peer killed mid-game resumes
and the game goes on to the same final hash; a peer that never comes back stops the game for all; a seat that
resigns ends the game for all four with its team beaten."""

from __future__ import annotations

import re
import subprocess
import time
from pathlib import Path

from berserk_tui.netgame import RESIGNATION
from berserk_tui.netgame.party_verify import verify_party
from berserk_tui.party_net import party_order
from cards.loader import load_all
from tests.netmatch.test_net_games import BERSERK, berserk, finish, state_hash


def _host(tmp_path: Path, turns: int, *extra: str) -> tuple[subprocess.Popen[str], list[str]]:
    host = berserk("host", "--players", "4", "--headless", "--bot", "random", "--seed", "1", "--bind", "127.0.0.1",
                   "--turn-limit", str(turns), "--transcript", str(tmp_path / "host.msgs"), *extra)
    codes = []
    for _ in range(3):
        line = host.stdout.readline()       # type: ignore[union-attr]
        found = re.match(r"join code for seat (\d): (\S+)", line)
        assert found, line
        codes.append(found.group(2))
    return host, codes


def _guest(tmp_path: Path, seat: int, code: str, *extra: str) -> subprocess.Popen[str]:
    return berserk("join", code, "--headless", "--bot", "random", "--seed", str(seat),
                   "--transcript", str(tmp_path / f"seat{seat}.msgs"), *extra)


def _wait_for_size(path: Path, size: int, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 90
    while not (path.exists() and path.stat().st_size > size):     # well into the game
        assert time.monotonic() < deadline and proc.poll() is None, "the game ended before the kill"
        time.sleep(0.05)


def test_four_processes_play_a_team_game_and_agree(tmp_path: Path) -> None:
    host, codes = _host(tmp_path, 4)
    guests = [_guest(tmp_path, seat, code) for seat, code in enumerate(codes, start=2)]
    results = [finish(p) for p in (host, *guests)]
    assert all(rc == 0 for rc, _, _ in results), [err for _, _, err in results]
    assert len({state_hash(out) for _, out, _ in results}) == 1
    assert all("every seat verified" in out for _, out, _ in results)
    host_out = results[0][1]
    assert "seats: 1 joined 2 waiting 3 waiting 4 waiting" in host_out     # the lobby as the seats fill
    assert "seats: 1 joined 2 joined 3 joined 4 joined" in host_out
    assert (tmp_path / "host.party").exists() and all((tmp_path / f"host.seat{s}.msgs").exists() for s in (2, 3, 4))
    for name in ("seat2.msgs", "host.party", "host.seat4.msgs"):     # every transcript proves the whole game
        ok = subprocess.run([*BERSERK, "replay", str(tmp_path / name), "--verify"], capture_output=True, text=True,
                            timeout=120)
        assert ok.returncode == 0 and ok.stdout.startswith("OK") and state_hash(host_out) in ok.stdout, ok.stderr
    data = bytearray((tmp_path / "seat3.msgs").read_bytes())
    data[len(data) // 2] ^= 0x01
    (tmp_path / "bad.msgs").write_bytes(bytes(data))
    bad = subprocess.run([*BERSERK, "replay", str(tmp_path / "bad.msgs"), "--verify"], capture_output=True, text=True,
                         timeout=120)
    assert bad.returncode == 1 and "REJECTED" in bad.stderr


def test_a_killed_guest_resumes_and_the_game_goes_on(tmp_path: Path) -> None:
    host, codes = _host(tmp_path, 8)
    guests = [_guest(tmp_path, seat, code) for seat, code in enumerate(codes, start=2)]
    _wait_for_size(tmp_path / "seat3.msgs", 40_000, guests[1])
    guests[1].kill()
    guests[1].wait()
    again = berserk("resume", str(tmp_path / "seat3.msgs.party"), "--headless", "--bot", "random", "--seed", "7")
    results = [finish(p) for p in (host, guests[0], again, guests[2])]
    assert all(rc == 0 for rc, _, _ in results), [err for _, _, err in results]
    assert "resumed seat 3" in results[2][1]
    assert len({state_hash(out) for _, out, _ in results}) == 1


def test_a_killed_host_resumes_and_the_game_goes_on(tmp_path: Path) -> None:
    host, codes = _host(tmp_path, 8)
    guests = [_guest(tmp_path, seat, code) for seat, code in enumerate(codes, start=2)]
    _wait_for_size(tmp_path / "host.seat2.msgs", 40_000, host)
    host.kill()
    host.wait()
    again = berserk("resume", str(tmp_path / "host.party"), "--headless", "--bot", "random", "--seed", "8")
    resumed = finish(again)
    assert resumed[0] == 0, resumed
    results = [resumed, *(finish(p) for p in guests)]
    assert all(rc == 0 for rc, _, _ in results), [err for _, _, err in results]
    assert len({state_hash(out) for _, out, _ in results}) == 1


def test_a_peer_that_never_comes_back_stops_the_game_for_all(tmp_path: Path) -> None:
    host, codes = _host(tmp_path, 30, "--timeout", "4")
    guests = [_guest(tmp_path, seat, code, "--timeout", "4") for seat, code in enumerate(codes, start=2)]
    _wait_for_size(tmp_path / "seat4.msgs", 40_000, guests[2])
    guests[2].kill()
    guests[2].wait()
    results = [finish(p) for p in (host, guests[0], guests[1])]
    assert all(rc == 4 for rc, _, _ in results), [err for _, _, err in results]
    assert all("stopped: seat 4 dropped and did not come back" in err for _, _, err in results)
    assert all("transcripts are kept" in err for _, _, err in results)


def test_a_seat_resigns_and_all_four_end_with_its_team_beaten_and_verified(tmp_path: Path) -> None:
    """Rules decision 736: `--resign-at 0`: seat 3 resigns at its first decision (in the set-up)."""
    host, codes = _host(tmp_path, 3)
    guests = [_guest(tmp_path, seat, code, *(("--resign-at", "0") if seat == 3 else ()))
              for seat, code in enumerate(codes, start=2)]
    results = [finish(p) for p in (host, *guests)]
    assert all(rc == 0 for rc, _, _ in results), [err for _, _, err in results]
    assert len({state_hash(out) for _, out, _ in results}) == 1
    assert all("result: team 2 (seats 2 and 4), seat 3 resigned, every seat verified" in out
               for _, out, _ in results)
    rules, order = party_order(tmp_path / "seat4.msgs")
    report = verify_party(load_all(), rules, order)
    assert (report.ended, report.resigned_by, report.final_hash) == (RESIGNATION, 2, state_hash(results[0][1]))
