"""Resigning in the four-seat game (rules decision 736): a seat resigns on its own decision, never in the
simultaneous deployment; its team loses on every peer, every seat's secrets are verified, the peers agree on the
final hash, a rebuilt peer and `verify_party` reproduce it; an out-of-turn resignation is refused live and by
the verifier."""

from __future__ import annotations

import pytest

from berserk_tui.engine import IllegalAction
from berserk_tui.netgame import RESIGNATION, TIME, ProtocolViolation
from berserk_tui.netgame.party import PartyPeer
from berserk_tui.netgame.party_verify import verify_party
from cards.loader import load_all
from tests.netgame.party_game import PartyTable, new_party

DB = load_all()


def _until_decides(table: PartyTable, seat: int, phase: str) -> PartyPeer:
    """Play on until every message is relayed and `seat` must decide in `phase`."""
    peer = table.peers[seat]

    def ready() -> bool:
        table.collect()
        return not table.queue and peer.waiting_for == "me" and peer.engine.phase == phase
    table.run(until=ready)
    return peer


def _agree(table: PartyTable, resigner: int, how: str) -> None:
    table.run()
    team = 1 - table.peers[0].rules.seats.teams[resigner]
    assert all(p.waiting_for == "over" and p.verified for p in table.peers)
    assert {(p.result.winner, p.result.ended, p.resigned_by) for p in table.peers} == {(team, how, resigner)}
    assert len({p.final_hash() for p in table.peers}) == 1
    report = verify_party(DB, table.peers[0].rules, table.order)
    assert (report.winner, report.ended, report.resigned_by) == (team, how, resigner)
    assert report.final_hash == table.peers[0].final_hash()
    peer = table.peers[resigner]
    again = PartyPeer.rebuild(DB, peer.rules, resigner, peer.deck, peer.secrets, peer.key, list(peer.inputs),
                              table.order)
    assert again.final_hash() == peer.final_hash() and again.sent == peer.sent and again.result == peer.result


def test_a_seat_resigns_in_battle_and_its_team_loses_on_every_peer() -> None:
    table = PartyTable(new_party(DB, 21, turn_limit=6), 21)
    peer = _until_decides(table, 2, "battle")
    assert peer.can_resign
    peer.resign()
    assert peer.result.ended == RESIGNATION and peer.waiting_for == "over"
    _agree(table, 2, RESIGNATION)


def test_a_resignation_halfway_through_a_purchase_drops_the_choices_not_sent() -> None:
    table = PartyTable(new_party(DB, 22, turn_limit=6), 22)
    peer = _until_decides(table, 1, "purchase")
    before = peer.final_hash()
    for _ in range(2):
        peer.act(next(a for a in peer.legal() if type(a).__name__ == "Buy"))
    assert peer.final_hash() != before
    peer.resign(on_time=True)           # its clock ran out (rules decision 737): a resignation on time
    assert peer.final_hash() == before and [k for k, _ in peer.sent[-2:]] == ["resign", "final"]
    assert peer.sent[-2][1]["time"] == 1 and peer.inputs[-3:][0].__class__.__name__ == "Buy"
    _agree(table, 1, TIME)


def test_no_resignation_out_of_turn_or_in_the_deployment() -> None:
    table = PartyTable(new_party(DB, 23, turn_limit=6), 23)
    peer = _until_decides(table, 0, "deploy")
    assert peer.deploying and not peer.can_resign
    with pytest.raises(IllegalAction, match="not in the deployment"):
        peer.resign()
    waiting = _until_decides(table, 3, "battle")
    other = table.peers[1]
    assert other.waiting_for == "others" and not other.can_resign
    with pytest.raises(IllegalAction, match="only on his own decision"):
        other.resign()
    forged = ("resign", {"seq": waiting.engine.seq, "hash": waiting._mark()[1], "time": 0})
    before = (waiting.final_hash(), list(waiting.sent), waiting.received)
    with pytest.raises(ProtocolViolation, match="seat 2 resigned out of turn"):
        waiting.receive(1, *forged)
    assert (waiting.final_hash(), waiting.sent, waiting.received) == before
    waiting.resign()
    table.run()
    at = next(i for i, m in enumerate(table.order) if m[1] == "resign")
    assert table.order[at][0] == 3
    moved = [*table.order[:at], (1, *table.order[at][1:]), *table.order[at + 1:]]      # seat 2 in seat 4's stead
    with pytest.raises(ProtocolViolation, match=rf"message {at + 1} \(resign of seat 2\).*only on his own decision"):
        verify_party(DB, waiting.rules, moved)
