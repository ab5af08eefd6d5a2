"""The game of a network duel is the host's, named in its hello: a guest learns it there (before the game begins)
and plays it on the same rules; a guest that insisted on another game, or does not know the host's, refuses the
hello, and a host refuses a guest naming another game. A classic hello names no game, as before."""

from __future__ import annotations

import pytest

from berserk_tui import games
from berserk_tui.netgame import FairPeer, public_hash, verify_game
from berserk_tui.netgame.lockstep import classic_only
from berserk_tui.netgame.wire import GAME

from .duel import DB, Duel, reject


def _hello(duel: Duel, seat: int) -> tuple[str, dict]:
    duel.flush()
    return duel.streams[seat][0]


@pytest.mark.parametrize("seed", [3, 8])
def test_a_guest_learns_the_board_game_from_the_hosts_hello_and_plays_it(seed: int) -> None:
    duel = Duel(seed, named=("boardgame", None), check_views=True)
    assert duel.peers[1].game is None and GAME not in _hello(duel, 1)[1]
    assert _hello(duel, 0)[1][GAME] == "boardgame"
    duel.play()
    assert [p.game for p in duel.peers] == ["boardgame", "boardgame"]
    assert all(p.engine.rules.rulebook.name == "boardgame" and p.result.verified for p in duel.peers)
    assert public_hash(duel.peers[0].engine) == public_hash(duel.peers[1].engine)
    report = verify_game(DB, duel.streams[0], duel.streams[1], rules_of=games.rules_of)
    assert report.winner == duel.peers[0].result.winner and not report.partial


def test_a_classic_hello_names_no_game_and_a_guest_adopts_the_classic_game() -> None:
    duel = Duel(5, named=("classic", None))
    assert GAME not in _hello(duel, 0)[1]
    duel.play(until=lambda d: d.peers[1].engine is not None)
    assert duel.peers[1].game == "classic" and duel.peers[1].engine.rules.rulebook.name == "classic"


def test_a_guest_that_insisted_on_another_game_refuses_the_hosts_hello() -> None:
    duel = Duel(5, named=("boardgame", "classic"))
    kind, body = _hello(duel, 0)
    reject(duel, 0, kind, body, "the host plays the game 'boardgame', but this side joined to play 'classic'")


def test_a_host_refuses_a_guest_naming_another_game() -> None:
    duel = Duel(5, named=("classic", "boardgame"))
    kind, body = _hello(duel, 1)
    assert body[GAME] == "boardgame"
    reject(duel, 1, kind, body, "the guest claims the game 'boardgame', but this game is 'classic'")


def test_a_guest_refuses_a_game_it_does_not_know() -> None:
    duel = Duel(5, named=("boardgame", None))
    kind, body = _hello(duel, 0)
    duel.peers[1] = FairPeer(DB, 1, duel.decks[1], duel.secrets[1], rules_of=classic_only, game=None)
    reject(duel, 0, kind, body, "the host plays the game 'boardgame', which this program does not know")


def test_a_peer_cannot_be_made_for_a_game_not_known() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        FairPeer(DB, 0, Duel(1).decks[0], Duel(1).secrets[0], game="chess", rules_of=games.rules_of)
    with pytest.raises(ValueError, match="the host names its game"):
        FairPeer(DB, 0, Duel(1).decks[0], Duel(1).secrets[0], game=None)


def test_the_two_player_battle_for_laar_is_agreed_and_played_fairly() -> None:
    duel = Duel(2, named=("laar-duel", None), check_views=True)
    duel.play()
    assert [p.game for p in duel.peers] == ["laar-duel", "laar-duel"]
    assert all(p.engine.rules.rulebook.name == "laar-duel" and p.result.verified for p in duel.peers)
    assert public_hash(duel.peers[0].engine) == public_hash(duel.peers[1].engine)
    assert not verify_game(DB, duel.streams[0], duel.streams[1], rules_of=games.rules_of).partial


def test_a_guest_that_adopted_the_hosts_game_is_rebuilt_into_it() -> None:
    """A guest's private file names no game when it took the host's: rebuilt from its inputs and the host's
    messages (a resume), it learns the game again from the host's hello and reaches the same state."""
    duel = Duel(6, named=("boardgame", None))
    duel.play(until=lambda d: d.peers[1].engine is not None and d.peers[1].engine.phase == "battle")
    duel.flush()
    guest = duel.peers[1]
    received = duel.streams[0][:guest.received]
    again = FairPeer.rebuild(DB, 1, duel.decks[1], duel.secrets[1], guest.inputs, received, duel.streams[1],
                             game=None, rules_of=games.rules_of)
    assert again.game == "boardgame" and again.engine.rules.rulebook.name == "boardgame"
    assert public_hash(again.engine) == public_hash(guest.engine)
