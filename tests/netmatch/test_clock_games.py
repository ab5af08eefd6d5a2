"""The decision clock in whole network games (issue 36, hole 3: a stalling loser wins by waiting): two
NetMatches on loopback whose clocks read a made-up time, and two processes with a short real clock."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from berserk_tui.bot import get_agent
from berserk_tui.netcli import result_line
from berserk_tui.netgame import TIME, TimeControl
from berserk_tui.netmatch import FINAL_DEADLINE_S, TIMED_OUT, NetMatch, Note, game_path, verify_transcript
from berserk_tui.replay import load_replay
from cards.decks import default_pair
from netplay import Session
from tests.replay_files import DB, FAST

from .test_net_games import BERSERK, berserk, finish, join_code

ROOT = Path(__file__).resolve().parents[2]
CONTROL = TimeControl(10, 20)


class FakeTime:
    """The time both matches' clocks read; the test moves it on."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def start(folder: Path, control: TimeControl = CONTROL) -> tuple[NetMatch, NetMatch, FakeTime]:
    decks = default_pair(DB)
    host_session, code = Session.host("127.0.0.1", 0, folder / "host.msgs", timing=FAST)
    guest_session = Session.join(code, folder / "guest.msgs", timing=FAST)
    host = NetMatch.start(DB, host_session, list(decks[0].cards), control)
    guest = NetMatch.start(DB, guest_session, list(decks[1].cards))
    clock = FakeTime()
    host.now = guest.now = clock
    return host, guest, clock


def run(host: NetMatch, guest: NetMatch, until: Callable[[], bool], moves: Callable[[NetMatch], bool],
        seconds: float = 60) -> list[Note]:
    """Pump both and let each seat's random bot move while `moves(match)`, until `until()`; the notes."""
    bots = {id(host): get_agent("random", 1), id(guest): get_agent("random", 2)}
    notes: list[Note] = []
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, "timed out"
        deciding = any(m.my_turn and moves(m) for m in (host, guest))   # no wait for traffic while one decides
        for match in (host, guest):
            notes += match.pump(0 if deciding else 1)
            assert not match.violation, match.violation
            if match.my_turn and moves(match):
                match.act(bots[id(match)](match.view(), match.legal()))
    return notes


def in_battle(match: NetMatch) -> bool:
    return match.peer.engine is not None and match.peer.engine.phase == "battle"


def guest_stalls_in_battle(host: NetMatch, guest: NetMatch) -> None:
    """Play until the guest must decide in the battle (the host waits on him); he never moves again."""
    run(host, guest, lambda: in_battle(guest) and guest.my_turn and host.peer.waiting_for == "opponent",
        lambda m: m is host or not in_battle(m))
    run(host, guest, lambda: host.session.settled and guest.session.settled, lambda m: False)


def test_a_connected_player_who_never_moves_forfeits_when_his_time_is_gone(tmp_path: Path) -> None:
    """Hole 3: heartbeats keep the stalling guest's link alive, yet the host claims the win once the
    guest's allowance and reserve are gone; the guest accepts, both reveal, both transcripts verify."""
    host, guest, clock = start(tmp_path)
    guest_stalls_in_battle(host, guest)
    assert guest.reading(1).running and host.reading(1).running and not host.reading(0).running
    clock.t += 29
    assert host.pump(1) == [] or host.peer.result is None      # 1 s before his time is gone: nothing yet
    clock.t += 1.5
    notes = run(host, guest, lambda: host.finished and guest.finished, lambda m: False)
    assert Note(TIMED_OUT, "the opponent (seat 2) ran out of time: this side claims the win", "won") in notes
    assert any(n.kind == TIMED_OUT and n.code == "lost" for n in notes)
    for match in (host, guest):
        result = match.peer.result
        assert (result.winner, result.ended, result.verified) == (0, TIME, True)
    assert result_line(host) == "result: seat 1 (on time), opponent verified"
    assert guest.early_claim == 0                   # by the guest's own clock his time was gone too
    run(host, guest, lambda: host.session.settled and guest.session.settled, lambda m: False)
    for name in ("host.msgs", "guest.msgs"):
        report = verify_transcript(DB, tmp_path / name)
        assert (report.winner, report.ended, report.partial) == (0, TIME, False)
        replay = load_replay(DB, tmp_path / name)       # `berserk replay` ends with the time running out
        last = replay.lines(replay.last, 0, "en")[-1]
        assert last.startswith("Player 2 (") and last.endswith(") ran out of time")
        assert replay.steps[-1].state.phase == "battle"
    for match in (host, guest):
        match.close()


def test_a_player_who_never_reveals_is_given_up_on_after_the_deadline(tmp_path: Path) -> None:
    """Hole 3: the loser's program stays connected but never sends its final reveal; the winner stops
    waiting FINAL_DEADLINE_S after the end, says the result stands unverified, and `replay --verify`
    gives a partial report (exit code 6) instead of rejecting the game."""
    host, guest, clock = start(tmp_path)
    guest_stalls_in_battle(host, guest)
    clock.t += 31
    host.pump(1)
    assert host.peer.result is not None and host.peer.result.ended == TIME
    deadline = time.monotonic() + 30
    while not host.session.settled:                 # the guest's session takes the claim, its game never does
        assert time.monotonic() < deadline
        host.pump(1)
        guest.session.poll(1)
    assert not host.finished and not host.overdue
    clock.t += FINAL_DEADLINE_S - 1
    host.pump(1)
    assert not host.finished
    clock.t += 1
    host.pump(1)
    assert host.finished and host.overdue and not host.peer.result.verified
    line = result_line(host)
    assert line.startswith("result: seat 1 (on time); the opponent did not reveal his secrets within 60 s: his deck "
                           "and hidden cards are unchecked, the result stands; transcript: ")
    assert line.endswith("host.msgs")
    for match in (host, guest):
        match.close()
    report = verify_transcript(DB, tmp_path / "host.msgs")
    assert (report.winner, report.ended, report.unchecked) == (0, TIME, 1)
    checked = subprocess.run([*BERSERK, "replay", str(tmp_path / "host.msgs"), "--verify"], capture_output=True,
                             text=True, timeout=60, cwd=ROOT)
    assert checked.returncode == 6, checked.stderr
    assert checked.stdout.startswith(f"PARTIAL {tmp_path / 'host.msgs'}: seat 2 never revealed its secrets, so its "
                                     "deck, deals and hidden cards are unchecked;")
    assert checked.stdout.rstrip().endswith("result seat 1 (on time)")


def test_a_claim_the_own_clock_calls_early_is_reported(tmp_path: Path) -> None:
    """Hole 3: a claim is judged by the messages owed, not by time (which no transcript proves); the side
    it is made against says when its own clock still had time."""
    host, guest, clock = start(tmp_path)
    guest_stalls_in_battle(host, guest)
    clock.t += 3
    host.peer.claim_timeout()                       # a modified program: no clock of its own ran out
    host.flush()
    notes = run(host, guest, lambda: guest.peer.result is not None, lambda m: False)
    assert guest.peer.result.winner == 0 and guest.peer.result.ended == TIME
    assert guest.early_claim == 27
    assert Note(TIMED_OUT, "the opponent claims that this side ran out of time, although by this side's clock 27 s "
                "were left", "lost") in notes
    for match in (host, guest):
        match.close()


def test_the_reserves_used_survive_a_restart_and_the_current_wait_starts_anew(tmp_path: Path) -> None:
    """Hole 3: the private game file keeps both reserves; files of earlier versions read as none used."""
    host, guest, clock = start(tmp_path)
    guest_stalls_in_battle(host, guest)
    clock.t += 18                                   # 8 s of the guest's reserve
    run(host, guest, lambda: host.peer.waiting_for == "me", lambda m: m is guest)
    assert host.clock.used[1] == 8.0
    data = json.loads(game_path(tmp_path / "host.msgs").read_text())
    assert data["clock_used"] == [0.0, 8.0]
    host.close()
    again = NetMatch.resume(DB, tmp_path / "host.msgs")
    assert again.clock is not None and again.clock.used == [0.0, 8.0] and again.peer.control == CONTROL
    again.close()
    del data["clock_used"]
    game_path(tmp_path / "host.msgs").write_text(json.dumps(data))
    old = NetMatch.resume(DB, tmp_path / "host.msgs")
    assert old.clock is not None and old.clock.used == [0.0, 0.0]
    old.close()
    guest.close()


STALLER = """
import sys
import time
from berserk_tui.bot import get_agent
from berserk_tui.netmatch import NetMatch
from cards.decks import default_pair
from cards.loader import load_all
from netplay import Session

db = load_all()
match = NetMatch.start(db, Session.join(sys.argv[1], sys.argv[2]), list(default_pair(db)[1].cards))
bot = get_agent("random", 3)
while not match.finished:
    match.pump(20)
    if match.my_turn and match.view().phase != "battle":     # it plays until the battle, then never moves
        match.act(bot(match.view(), match.legal()))
print(match.peer.result, flush=True)
until = time.monotonic() + 10           # as the command line does (LINGER_S)
while not match.session.settled and time.monotonic() < until:
    match.pump(20)
match.close()
"""


def test_two_processes_a_stalling_guest_forfeits_within_its_clock(tmp_path: Path) -> None:
    """Hole 3, as the attack run found it: a guest that stays connected but never moves in the battle
    kept the host waiting forever; with `--clock 10/1` (the least allowance, and a reserve that runs out too) the
    host claims the win after 11 s of his."""
    host = berserk("host", "--headless", "--bot", "greedy", "--bind", "127.0.0.1", "--seed", "1", "--clock", "10/1",
                   "--timeout", "5", "--transcript", str(tmp_path / "host.msgs"))
    code = join_code(host)
    staller = subprocess.Popen([sys.executable, "-c", STALLER, code, str(tmp_path / "guest.msgs")], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    start = time.monotonic()
    (hc, hout, herr), (sc, sout, serr) = finish(host, 90), finish(staller, 30)
    assert hc == 0 and sc == 0, (herr, serr)
    assert "result: seat 1 (on time), opponent verified" in hout
    assert "the opponent (seat 2) ran out of time" in herr
    assert "winner=0, ended='time', verified=True" in sout
    assert time.monotonic() - start < 75
    assert verify_transcript(DB, tmp_path / "guest.msgs").ended == TIME


def test_a_bad_clock_is_refused_with_exit_code_2(tmp_path: Path) -> None:
    for clock, words in (("5/900", "the time control's allowance must be a whole number of seconds in 10..3600, got 5"),
                         ("sixty", "a time control is ALLOWANCE/RESERVE in seconds")):
        returncode, _, err = finish(berserk("host", "--headless", "--clock", clock,
                                            "--transcript", str(tmp_path / "h.msgs")), 30)
        assert returncode == 2 and f"berserk host: --clock: {words}" in err


def test_a_host_resumed_before_anyone_joined_keeps_its_time_control(tmp_path: Path) -> None:
    """Hole 3 with hole 5: with no transcript yet, the host's time control comes from its private file."""
    session, _ = Session.host("127.0.0.1", 0, tmp_path / "host.msgs", timing=FAST)
    host = NetMatch.start(DB, session, list(default_pair(DB)[0].cards), CONTROL)
    host.close()
    assert json.loads(game_path(tmp_path / "host.msgs").read_text())["clock"] == [10, 20]
    again = NetMatch.resume(DB, tmp_path / "host.msgs")
    assert again.peer.control == CONTROL and again.peer.sent[0][1]["clock"] == [10, 20]
    again.close()


def test_a_guest_connected_without_beginning_the_game_is_given_up_on_after_an_allowance(tmp_path: Path) -> None:
    """Found by bench/attack.py (issue 36, hole 3): a guest that finished the session handshake but never sent
    its game hello (its commitments, due at once) kept the host waiting forever: no game existed, so the
    clock never ran. After one allowance the host stops with the guest named; nothing is forfeited."""
    decks = default_pair(DB)
    host_session, code = Session.host("127.0.0.1", 0, tmp_path / "host.msgs", timing=FAST)
    host = NetMatch.start(DB, host_session, list(decks[0].cards), CONTROL)
    silent = Session.join(code, tmp_path / "guest.msgs", timing=FAST)   # a session without a game
    clock = FakeTime()
    host.now = clock
    try:
        deadline = time.monotonic() + 30
        while host.session.status != "connected":
            assert time.monotonic() < deadline
            host.pump(1)
            silent.poll(1)
        notes = host.pump(1)
        clock.t += CONTROL.allowance - 1
        notes += host.pump(1)
        assert not host.violation and not host.finished
        clock.t += 1
        notes += host.pump(1)
        assert host.violation == ("peer (seat 2) connected but did not begin the game (its commitments) within "
                                  f"{CONTROL.allowance} s")
        assert host.finished and host.peer.result is None
        assert [n.kind for n in notes] == ["violation"]
    finally:
        host.close()
        silent.close()
