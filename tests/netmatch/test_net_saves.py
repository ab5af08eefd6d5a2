"""The list of saved network games: who hosted, where, how far the game got, and what cannot be resumed."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from berserk_tui import net_saves
from berserk_tui.net_join import save_join
from berserk_tui.net_saves import BATTLE, DEPLOY, FINISHED, OLD_VERSION, OVER, SETUP, START, saved_games
from berserk_tui.netmatch import NetMatch
from berserk_tui.party_cli import Replayed
from berserk_tui.party_net import PartyGuest, PartyHost, PartyNode
from cards.decks import RECORDED_SETS, builtin_decks
from cards.loader import load_all
from netplay import Session, Timing
from netplay.keyfile import keys_path
from netplay.keys import load_private, save_private
from tests.netplay.test_joincode import OLD_CODE

DB = load_all()
DECKS = [list(d.cards) for d in builtin_decks(DB, RECORDED_SETS)]
FAST = Timing(heartbeat=0.05, silence=1.0, lost=20.0, resend=0.05)


def test_started_games_are_listed_with_their_role_address_and_phase(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BERSERK_HOME", str(tmp_path))
    folder = tmp_path / "net"
    folder.mkdir()
    lonely, _ = Session.host("127.0.0.1", 0, folder / "lonely.msgs", timing=FAST)   # nobody ever joins
    lonely.close()
    host, code = Session.host("127.0.0.1", 0, folder / "h.msgs", timing=FAST)
    matches = [NetMatch.start(DB, host, DECKS[0]), NetMatch.start(DB, Session.join(code, folder / "g.msgs",
                                                                                     timing=FAST), DECKS[1])]
    until = time.monotonic() + 10
    while not all(m.peer.engine is not None and m.session.settled for m in matches):
        assert time.monotonic() < until
        for m in matches:
            m.pump(1)
    for m in matches:
        m.close()
    games = {g.path.name: g for g in saved_games()}
    assert set(games) == {"h.msgs", "g.msgs"}           # the game nobody joined is no game
    address = f"127.0.0.1:{host.link.port}"
    assert (games["h.msgs"].seat, games["h.msgs"].address, games["h.msgs"].phase) == (0, address, SETUP)
    assert (games["g.msgs"].seat, games["g.msgs"].address, games["g.msgs"].phase) == (1, address, SETUP)
    assert all(g.resumable for g in games.values())
    keys = load_private(keys_path(folder / "g.msgs"))    # a game begun by the version of the BRK1 codes
    save_private(keys_path(folder / "g.msgs"), {**keys, "join_code": OLD_CODE})
    old = next(g for g in saved_games() if g.path.name == "g.msgs")
    assert old.problem == OLD_VERSION and not old.resumable and "BRK1" in old.detail


def test_a_guest_killed_before_the_hosts_first_message_is_listed_to_rejoin(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules decision 738: its join file keeps the deck; the list offers it at the start, resumable."""
    monkeypatch.setenv("BERSERK_HOME", str(tmp_path))
    folder = tmp_path / "net"
    folder.mkdir()
    host, code = Session.host("127.0.0.1", 0, folder / "h.msgs", timing=FAST)
    guest = Session.join(code, folder / "g.msgs", timing=FAST)
    save_join(guest.transcript_path, DECKS[1])
    until = time.monotonic() + 10
    while not guest.recorded:
        assert time.monotonic() < until
        host.poll(1)
        guest.poll(1)
    guest.close()                               # killed before any game file
    host.close()
    game = next(g for g in saved_games() if g.path.name == "g.msgs")
    assert (game.seat, game.phase, game.address, game.resumable) == (1, START, f"127.0.0.1:{host.link.port}", True)


def test_a_four_player_game_is_listed_once_per_seat_by_its_party_file(tmp_path: Path) -> None:
    """F10 says a left game goes on from the menu: a four-player game's seats are listed (not their transcripts)."""
    folder = tmp_path / "net"
    folder.mkdir()
    host = PartyHost.start(DB, DECKS[0], folder / "host", bind="127.0.0.1", timing=FAST)
    nodes: list[PartyNode] = [host]
    for seat, code in enumerate(host.codes, start=1):
        session = Session.join(code, folder / f"seat{seat + 1}.msgs", timing=FAST)
        items: list = []
        while not any(i.event == "message" for i in items):
            host.pump(1)
            items += session.poll(5)
        at = next(i for i, item in enumerate(items) if item.event == "message")
        nodes.append(PartyGuest.begin(DB, Replayed(session, items[at + 1:]), items[at].body, DECKS[seat]))
    until = time.monotonic() + 20
    while not all(n.peer.engine is not None and n.settled for n in nodes):
        assert time.monotonic() < until
        for node in nodes:
            node.pump(1)
    for node in nodes:
        node.close()
    games = {g.path.name: g for g in saved_games(folder)}
    assert set(games) == {"host.party", "seat2.msgs.party", "seat3.msgs.party", "seat4.msgs.party"}
    assert [games[name].seat for name in sorted(games)] == [0, 1, 2, 3]
    assert all(g.resumable and g.game == "team" and g.phase == SETUP for g in games.values())
    assert games["seat3.msgs.party"].address == f"127.0.0.1:{host.sessions[1].link.port}"


@pytest.mark.parametrize(("mine", "theirs", "phase"), [
    (["hello"], [], START),
    (["hello", "chance", "act"], ["hello", "chance"], SETUP),
    (["hello", "deploy_commit"], ["hello"], DEPLOY),
    (["hello", "deploy_commit", "deploy_open"], ["hello", "deploy_commit"], DEPLOY),
    (["hello", "deploy_open", "act"], ["hello", "deploy_open"], BATTLE),
    (["hello", "deploy_open", "resign", "final"], ["hello", "deploy_open"], OVER),
    (["hello", "deploy_open"], ["hello", "deploy_open", "final"], OVER),
    (["hello", "final"], ["hello", "final"], FINISHED),
])
def test_the_phase_is_read_from_the_kinds_of_message(mine: list[str], theirs: list[str], phase: str) -> None:
    assert net_saves._phase(mine, theirs) == phase
