"""«Берсерк. Герои» over the network: two processes over loopback (the guest learns the game from the host's hello)
end on one hash and both transcripts verify, a changed byte is rejected; a killed peer resumes from its transcript;
and a peer that stacks its own deck, over the real transport, is caught by the live game and by `replay --verify`."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from berserk_tui import games
from berserk_tui.bot import get_agent
from berserk_tui.games.heroes import HEROES
from berserk_tui.netgame import PeerSecrets
from berserk_tui.netmatch import NetMatch, _streams, transcript_game, verify_transcript
from netplay import FaultPolicy, Session
from tests.netgame.heroes_duel import DB as HDB
from tests.netgame.heroes_duel import HeroesDuel
from tests.netgame.test_heroes_peer import StackedShuffle
from tests.replay_files import FAST

from .test_net_games import BERSERK, DB, berserk, finish, join_code, state_hash


def test_two_processes_play_heroes_and_agree(tmp_path: Path) -> None:
    host = berserk("host", "--headless", "--game", "heroes", "--bot", "greedy", "--bind", "127.0.0.1", "--seed", "1",
                   "--transcript", str(tmp_path / "host.msgs"))
    code = join_code(host)
    guest = berserk("join", code, "--headless", "--bot", "random", "--seed", "2",     # no --game: the host's
                    "--transcript", str(tmp_path / "guest.msgs"))
    (hc, hout, herr), (gc, gout, gerr) = finish(host), finish(guest)
    assert hc == 0 and gc == 0, (herr, gerr)
    assert "game: heroes" in hout and "game: heroes" in gout
    assert state_hash(hout) == state_hash(gout)
    assert "opponent verified" in hout and "opponent verified" in gout
    for name in ("host.msgs", "guest.msgs"):
        assert transcript_game(tmp_path / name) is HEROES
        assert verify_transcript(DB, tmp_path / name).steps > 20
    ok = subprocess.run([*BERSERK, "replay", str(tmp_path / "guest.msgs"), "--verify"], capture_output=True,
                        text=True, timeout=60)
    assert ok.returncode == 0 and ok.stdout.startswith("OK") and ok.stdout.rstrip().endswith("game heroes"), ok
    data = bytearray((tmp_path / "host.msgs").read_bytes())
    data[len(data) // 2] ^= 0x01
    (tmp_path / "bad.msgs").write_bytes(bytes(data))
    bad = subprocess.run([*BERSERK, "replay", str(tmp_path / "bad.msgs"), "--verify"], capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode == 1 and bad.stderr.startswith(f"REJECTED {tmp_path / 'bad.msgs'}: "), bad
    assert "record " in bad.stderr, bad.stderr      # the damaged record is named


def kill_well_into_the_game(process: subprocess.Popen, transcript: Path, who: str) -> None:
    """Kill `process` once its `transcript` shows the game well under way (it must not have ended by then)."""
    deadline = time.monotonic() + 60
    while not (transcript.exists() and transcript.stat().st_size > 12_000):
        assert time.monotonic() < deadline and process.poll() is None, f"the game ended before the {who} was killed"
        time.sleep(0.02)
    process.kill()
    process.wait()


def test_a_killed_heroes_guest_resumes_and_both_agree(tmp_path: Path) -> None:
    host = berserk("host", "--headless", "--game", "heroes", "--bot", "greedy", "--bind", "127.0.0.1", "--seed", "3",
                   "--transcript", str(tmp_path / "host.msgs"))
    code = join_code(host)
    transcript = tmp_path / "guest.msgs"
    guest = berserk("join", code, "--headless", "--bot", "greedy", "--seed", "4", "--transcript", str(transcript))
    kill_well_into_the_game(guest, transcript, "guest")
    again = berserk("resume", str(transcript), "--headless", "--bot", "greedy", "--seed", "5")
    (hc, hout, herr), (gc, gout, gerr) = finish(host), finish(again)
    assert hc == 0 and gc == 0, (herr, gerr)
    assert "resumed" in gout and "game: heroes" in gout
    assert state_hash(hout) == state_hash(gout)
    for name in ("host.msgs", "guest.msgs"):
        assert verify_transcript(DB, tmp_path / name).steps > 20


def test_a_killed_heroes_host_resumes_and_both_agree(tmp_path: Path) -> None:
    transcript = tmp_path / "host.msgs"
    host = berserk("host", "--headless", "--game", "heroes", "--bot", "greedy", "--bind", "127.0.0.1", "--seed", "7",
                   "--transcript", str(transcript))
    code = join_code(host)
    guest = berserk("join", code, "--headless", "--bot", "greedy", "--seed", "8",
                    "--transcript", str(tmp_path / "guest.msgs"))
    kill_well_into_the_game(host, transcript, "host")
    again = berserk("resume", str(transcript), "--headless", "--bot", "greedy", "--seed", "9")
    (hc, hout, herr), (gc, gout, gerr) = finish(again), finish(guest)
    assert hc == 0 and gc == 0, (herr, gerr)
    assert "resumed" in hout and state_hash(hout) == state_hash(gout)
    assert verify_transcript(DB, transcript).steps > 20


def test_a_guest_stacking_its_deck_is_caught_live_and_by_replay_verify(tmp_path: Path) -> None:
    decks = HeroesDuel(4).decks
    host_session, code = Session.host("127.0.0.1", 0, tmp_path / "host.msgs", timing=FAST)
    guest_session = Session.join(code, tmp_path / "guest.msgs", timing=FAST)
    host = NetMatch.start(HDB, host_session, decks[0], game_def=HEROES)
    cheat = StackedShuffle(HDB, 1, decks[1], PeerSecrets(bytes(range(32))), game="heroes", rules_of=games.rules_of)
    guest = NetMatch(HDB, guest_session, cheat, decks[1])
    bots = [get_agent("greedy", 1, HEROES.agents), get_agent("random", 2, HEROES.agents)]
    deadline = time.monotonic() + 60
    while not host.finished:
        assert time.monotonic() < deadline, "the game did not end"
        for match, bot in zip((host, guest), bots, strict=True):
            match.pump(0 if match.my_turn else 1)
            if match.my_turn:
                match.act(bot(match.view(), match.legal()))
    while not guest.session.settled and time.monotonic() < deadline:
        guest.pump(1)
        host.pump(1)
    host.close()
    guest.close()
    assert host.violation.startswith("peer (seat 2) broke the protocol: full-information replay"), host.violation
    checker = subprocess.run([*BERSERK, "replay", str(tmp_path / "host.msgs"), "--verify"], capture_output=True,
                             text=True, timeout=60)
    assert checker.returncode == 1, checker
    assert checker.stderr.startswith(f"REJECTED {tmp_path / 'host.msgs'}: game: seat 2"), checker.stderr


def test_a_heroes_duel_survives_a_lossy_link(tmp_path: Path) -> None:
    """Fault injection as for the classic game: frames dropped, duplicated, reordered and held back on both sides."""
    chaos = FaultPolicy(seed=3, drop=0.2, duplicate=0.2, reorder=0.2, hold_ms=10)
    decks = HeroesDuel(6).decks
    host_session, code = Session.host("127.0.0.1", 0, tmp_path / "host.msgs", timing=FAST, faults=chaos)
    guest_session = Session.join(code, tmp_path / "guest.msgs", timing=FAST, faults=chaos._replace(seed=12))
    matches = (NetMatch.start(HDB, host_session, decks[0], game_def=HEROES),
               NetMatch.start(HDB, guest_session, decks[1], game_def=HEROES))
    bots = [get_agent("greedy", 5, HEROES.agents), get_agent("random", 6, HEROES.agents)]
    deadline = time.monotonic() + 90
    while not all(m.finished for m in matches):
        assert time.monotonic() < deadline, "the game did not finish"
        for match, bot in zip(matches, bots, strict=True):
            match.pump(1)
            assert not match.violation, match.violation
            if match.my_turn:
                match.act(bot(match.view(), match.legal()))
    while not all(m.session.settled for m in matches) and time.monotonic() < deadline:
        for match in matches:
            match.pump(1)
    for match in matches:
        match.close()
    assert matches[0].final_hash() == matches[1].final_hash() and matches[0].peer.result.verified
    assert verify_transcript(DB, tmp_path / "host.msgs").steps == verify_transcript(DB, tmp_path / "guest.msgs").steps


def test_the_command_line_refuses_a_deck_not_of_heroes_and_a_guest_insisting_on_heroes_at_a_classic_host(
        tmp_path: Path) -> None:
    out = subprocess.run([*BERSERK, "host", "--headless", "--game", "heroes", "--deck", "x.toml"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "--deck x.toml: not a deck of «Берсерк. Герои»: no prebuilt deck of that name " \
        "(forest_roshcha, mountain_klan, steppe_orda, swamp_topi), no such file" in out.stderr, out.stderr
    host = berserk("host", "--headless", "--bind", "127.0.0.1", "--timeout", "3",
                   "--transcript", str(tmp_path / "host.msgs"))
    code = join_code(host)
    guest = berserk("join", code, "--headless", "--game", "heroes", "--transcript", str(tmp_path / "guest.msgs"))
    gc, _, gerr = finish(guest, 60)
    assert gc == 3 and "the host plays the game 'classic', but this side joined to play 'heroes'" in gerr, gerr
    finish(host, 60)
    host = berserk("host", "--headless", "--bind", "127.0.0.1", "--timeout", "3",      # a heroes deck, no game named
                   "--transcript", str(tmp_path / "host2.msgs"))
    guest = berserk("join", join_code(host), "--headless", "--deck", "steppe_orda",
                    "--transcript", str(tmp_path / "guest2.msgs"))
    gc, _, gerr = finish(guest, 60)
    assert gc == 2 and "the host plays 'classic', and --deck steppe_orda: not a deck of the classic game" in gerr, gerr
    finish(host, 60)


def _hero_of(transcript: Path, seat: int) -> str:
    """The hero a side's hello in a transcript names."""
    streams = _streams(transcript)[0]
    return next(body["hero"] for kind, body in streams[seat] if kind == "hello")


def test_a_guest_without_a_game_plays_the_default_guest_deck_or_the_one_named(tmp_path: Path) -> None:
    """Rules decision 979: a guest that names no game and no deck plays the heroes host's game with the second
    prebuilt deck (the host the first), as the app; `--deck` names a prebuilt deck before the game is known; a deck of
    the classic game at a heroes host is refused, naming it."""
    decks = HEROES.prebuilt_decks(HDB)
    for n, (deck, expected) in enumerate(((None, decks[1]), ("Кочевая орда", decks[2]))):
        transcript = tmp_path / f"host{n}.msgs"
        host = berserk("host", "--headless", "--game", "heroes", "--bind", "127.0.0.1", "--seed", "5",
                       "--resign-at", "1", "--transcript", str(transcript))
        code = join_code(host)
        named = [] if deck is None else ["--deck", deck]
        guest = berserk("join", code, "--headless", *named, "--transcript", str(tmp_path / f"guest{n}.msgs"))
        (hc, _, herr), (gc, _, gerr) = finish(host), finish(guest)
        assert hc == 0 and gc == 0, (herr, gerr)
        assert (_hero_of(transcript, 0), _hero_of(transcript, 1)) == (decks[0].hero, expected.hero)
    classic = Path(__file__).parents[2] / "cards" / "decks"
    classic_deck = next(iter(sorted(classic.glob("*.toml"))))
    host = berserk("host", "--headless", "--game", "heroes", "--bind", "127.0.0.1", "--timeout", "3",
                   "--transcript", str(tmp_path / "host9.msgs"))
    guest = berserk("join", join_code(host), "--headless", "--deck", str(classic_deck),
                    "--transcript", str(tmp_path / "guest9.msgs"))
    gc, _, gerr = finish(guest, 60)
    assert gc == 2 and f"--deck {classic_deck}: not a deck of «Берсерк. Герои»" in gerr, gerr
    finish(host, 60)
