"""«Битва за Лаар» for two over the network: Астарот and Варахиэль are open cards outside the decks and squads,
put on the battlefield by the rules at the deployment; the commitments, the face-down deployment, the reveals and
the final checks of `FairPeer` cope with them, both peers end on one hash, and both transcripts verify."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from berserk_tui.bot import get_agent
from berserk_tui.engine.laar import ASTAROTH_DUEL, VARAHIEL
from berserk_tui.games.laar import LAAR_DUEL
from berserk_tui.netmatch import NetMatch, transcript_game, verify_transcript
from cards.decks import default_pair
from cards.loader import load_all
from netplay import Session
from tests.replay_files import FAST

DB = load_all()


@pytest.mark.parametrize(("bots", "seed"), [(("greedy", "random"), 1), (("random", "greedy"), 2)])
def test_a_laar_duel_over_loopback_ends_on_one_hash_and_verifies(tmp_path: Path, bots: tuple[str, str],
                                                                  seed: int) -> None:
    decks = default_pair(DB)
    host, code = Session.host("127.0.0.1", 0, tmp_path / "host.msgs", timing=FAST)
    guest = Session.join(code, tmp_path / "guest.msgs", timing=FAST)
    matches = (NetMatch.start(DB, host, list(decks[0].cards), game_def=LAAR_DUEL),
               NetMatch.start(DB, guest, list(decks[1].cards)))         # the guest adopts the host's game
    agents = [get_agent(bot, seed + k) for k, bot in enumerate(bots)]
    heroes: dict[str, int] = {}
    deadline = time.monotonic() + 240
    while not all(m.finished for m in matches):
        assert time.monotonic() < deadline, "the game did not finish"
        for m, agent in zip(matches, agents, strict=True):
            m.pump(0 if any(x.my_turn for x in matches) else 1)    # no wait for traffic while a seat decides
            assert not m.violation, m.violation
            if m.my_turn:
                view = m.view()
                if view.phase == "deploy" and not heroes:      # both peers placed them, open, before any card
                    heroes = {c.card_id: c.owner for c in view.cards if c.card_id in (ASTAROTH_DUEL, VARAHIEL)}
                    assert heroes[VARAHIEL] == view.first and heroes[ASTAROTH_DUEL] != view.first
                m.act(agent(view, m.legal()))
    while not all(m.session.settled for m in matches):
        assert time.monotonic() < deadline, "the last messages were not acknowledged"
        for m in matches:
            m.pump(1)
    for m in matches:
        m.close()
    assert heroes and matches[0].final_hash() == matches[1].final_hash()
    assert matches[0].view().winner != -1
    for name in ("host.msgs", "guest.msgs"):
        assert transcript_game(tmp_path / name) is LAAR_DUEL
        assert verify_transcript(DB, tmp_path / name).steps > 20


def test_a_killed_laar_duel_host_resumes_and_both_agree(tmp_path: Path) -> None:
    """Two processes play laar-duel; the host is killed mid-game and resumed from its transcript: the resumed
    engine rebuilds the heroes the rules placed, and both sides end on one hash."""
    from .test_net_games import berserk, finish, join_code, state_hash

    transcript = tmp_path / "host.msgs"
    host = berserk("host", "--headless", "--rules", "boardgame", "--mode", "laar-duel", "--bot", "greedy",
                   "--bind", "127.0.0.1", "--seed", "11", "--transcript", str(transcript))
    code = join_code(host)
    guest = berserk("join", code, "--headless", "--bot", "greedy", "--seed", "12",
                    "--transcript", str(tmp_path / "guest.msgs"))
    deadline = time.monotonic() + 60
    while not (transcript.exists() and transcript.stat().st_size > 12_000):     # into the deployment or battle
        assert time.monotonic() < deadline and host.poll() is None
        time.sleep(0.05)
    assert host.poll() is None          # killed mid-game
    host.kill()
    host.wait()
    again = berserk("resume", str(transcript), "--headless", "--bot", "greedy", "--seed", "13")
    (hc, hout, herr), (gc, gout, gerr) = finish(again), finish(guest)
    assert hc == 0 and gc == 0, (herr, gerr)
    assert "resumed" in hout and "game: laar-duel" in gout
    assert state_hash(hout) == state_hash(gout)
    assert verify_transcript(DB, transcript).steps > 20
