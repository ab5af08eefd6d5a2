"""The fair-play protocol of four seats (`PartyPeer`, docs/protocol.md *Four players over the network*): a game
ends with one final hash and every seat's secrets verified; each seat's engine knows only its own cards; forged
dice, changed placements, tampered reveals, out-of-turn acts and a relay showing seats different rosters are
refused; a peer is rebuilt from its inputs and the relay order; a relay cannot forge, alter, drop or reorder a
seat's envelopes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from berserk_tui.engine import CHANCE
from berserk_tui.engine.actions import to_wire
from berserk_tui.netgame import ProtocolViolation
from berserk_tui.netgame.commitments import PeerSecrets
from berserk_tui.netgame.errors import Desync
from berserk_tui.netgame.party import PartyPeer
from berserk_tui.netgame.party_verify import verify_party
from berserk_tui.party_net import PartyGuest, PartyHost, Streams, envelope_digest, seal
from cards.loader import load_all
from netplay import Identity
from tests.netgame.party_game import PartyTable, new_party

DB = load_all()


def _unchanged(peer: PartyPeer, origin: int, kind: str, body: dict, match: str) -> None:
    """The message is refused with `match` and the peer is exactly as before."""
    before, sent, received = peer.final_hash(), list(peer.sent), peer.received
    with pytest.raises(ProtocolViolation, match=match):
        peer.receive(origin, kind, body)
    assert (peer.final_hash(), peer.sent, peer.received) == (before, sent, received)


@pytest.mark.parametrize("seed", [0, 1])
def test_a_four_seat_game_ends_with_one_final_hash_and_every_seat_verified(seed: int) -> None:
    table = PartyTable(new_party(DB, seed), seed)
    table.run()
    assert all(p.waiting_for == "over" and p.verified for p in table.peers)
    assert len({p.final_hash() for p in table.peers}) == 1
    assert {p.result.winner for p in table.peers} == {table.peers[0].engine.winner}
    kinds = {kind for _, kind, _ in table.order}
    assert {"hello", "chance", "act", "deploy_commit", "deploy_open", "final"} <= kinds


def test_every_seat_knows_only_its_own_cards_teammates_included() -> None:
    """Rules decision 731: a teammate's deck, deal and face-down cards are as unknown as an opponent's."""
    table = PartyTable(new_party(DB, 2), 2)
    table.run(until=lambda: all(p.engine is not None and p.engine.phase == "battle" for p in table.peers))
    for peer in table.peers:
        st = peer.engine
        for other in range(4):
            them = st.players[other]
            hidden = [st.cards[u] for u in them.squad if st.cards[u].face_down]
            if other == peer.seat:
                assert None not in them.deck and all(c.card_id is not None for c in hidden)
            else:
                assert set(them.deck) <= {None} and all(c.card_id is None for c in hidden), (peer.seat, other)


def test_every_placement_is_committed_before_any_is_opened() -> None:
    table = PartyTable(new_party(DB, 3), 3)
    table.run(until=lambda: any(m[1] == "deploy_open" for m in table.order))
    first_open = next(i for i, m in enumerate(table.order) if m[1] == "deploy_open")
    commits = [m[0] for m in table.order[:first_open] if m[1] == "deploy_commit"]
    assert sorted(commits) == [0, 1, 2, 3]


def test_a_die_needs_every_seat_and_a_forged_share_is_refused() -> None:
    table = PartyTable(new_party(DB, 4), 4)
    table.run(until=lambda: all(p.engine is not None for p in table.peers))
    origin, kind, body = table.next_message("chance")
    peer = table.peers[(origin + 1) % 4]
    assert peer.engine.pending.player == CHANCE
    _unchanged(peer, origin, kind, {**body, "share": bytes(32)}, "forged die share")
    peer.receive(origin, kind, body)


def test_a_placement_opened_otherwise_than_committed_is_refused() -> None:
    table = PartyTable(new_party(DB, 5), 5)
    table.run(until=lambda: sum(m[1] == "deploy_commit" for m in table.order) == 4)
    origin, kind, body = table.next_message("deploy_open")
    actions = body["actions"]
    changed = [actions[1], actions[0], *actions[2:]] if actions[0] != actions[1] else actions[:-1]
    _unchanged(table.peers[(origin + 1) % 4], origin, kind, {**body, "actions": changed},
               "does not match its commitment")


def test_a_reveal_that_does_not_match_its_card_commitment_is_refused() -> None:
    table = PartyTable(new_party(DB, 6, turn_limit=8), 6)
    origin, kind, body = table.next_message("reveal")
    other = next(cid for cid in DB.cards if cid != body["card_id"])
    _unchanged(table.peers[(origin + 1) % 4], origin, kind, {**body, "card_id": other}, "tampered reveal")


def test_an_action_out_of_turn_is_refused() -> None:
    table = PartyTable(new_party(DB, 7), 7)
    origin, kind, body = table.next_message("act")
    receiver, pretender = [s for s in range(4) if s != origin][:2]
    _unchanged(table.peers[receiver], pretender, kind, body, "out of turn")
    table.peers[receiver].receive(origin, kind, body)


def test_a_relay_that_shows_two_seats_different_rosters_is_caught_at_the_next_message() -> None:
    """The host may substitute a guest's hello (its key) for some seats only: their lockstep hashes then differ."""
    peers = new_party(DB, 8)
    fake = PartyPeer(DB, peers[0].rules, 2, peers[2].deck, PeerSecrets(bytes(32)), b"\x07" * 32)
    hellos, fake_hello = [p.outbox()[0] for p in peers], fake.outbox()[0][1]
    for s, peer in enumerate(peers):
        for origin, (kind, body) in enumerate(hellos):
            if origin != s:
                peer.receive(origin, kind, fake_hello if (s, origin) == (1, 2) else body)   # seat 2 is shown a fake 3
    share = next(body for kind, body in peers[1].outbox() if kind == "chance")
    with pytest.raises(Desync):
        peers[0].receive(1, "chance", share)


def test_a_peer_is_rebuilt_from_its_inputs_and_the_relay_order() -> None:
    table = PartyTable(new_party(DB, 9), 9)
    table.run(until=lambda: len(table.order) > 120)
    peer = table.peers[2]
    again = PartyPeer.rebuild(DB, peer.rules, 2, peer.deck, peer.secrets, peer.key, list(peer.inputs), table.order)
    assert again.final_hash() == peer.final_hash() and again.sent == peer.sent
    assert [to_wire(a) for a in again.inputs] == [to_wire(a) for a in peer.inputs]


def test_a_relay_cannot_forge_alter_drop_or_reorder_a_seats_envelopes() -> None:
    game, keys = random.Random(1).randbytes(16), [Identity.generate() for _ in range(2)]
    hello = {"key": keys[1].public_key, "seat": 1}
    first = seal(keys[1], game, 1, 1, bytes(32), "hello", hello)
    second = seal(keys[1], game, 1, 2, envelope_digest(first), "act", {"seq": 3})
    third = seal(keys[1], game, 1, 3, envelope_digest(second), "act", {"seq": 4})
    streams = Streams(game, 4)
    with pytest.raises(ProtocolViolation, match="does not follow"):      # reordered, or the first dropped
        streams.check(second)
    streams.check(first)
    with pytest.raises(ProtocolViolation, match="not signed"):           # altered by the relay
        streams.check({**second, "body": {"seq": 4}})
    with pytest.raises(ProtocolViolation, match="not signed"):           # forged with the relay's own key
        streams.check(seal(keys[0], game, 1, 2, envelope_digest(first), "act", {"seq": 3}))
    with pytest.raises(ProtocolViolation, match="does not follow"):      # one dropped
        streams.check(third)
    with pytest.raises(ProtocolViolation, match="not signed"):           # replayed from another game
        Streams(bytes(16), 4).check(first)
    assert streams.check(second) == (1, "act", {"seq": 3})
    assert streams.check(third) == (1, "act", {"seq": 4})


def test_the_host_refuses_a_guest_speaking_in_another_seats_name(tmp_path: Path) -> None:
    peers = new_party(DB, 10)
    host = PartyHost(DB, peers[0], Identity.generate(), bytes(16), tmp_path / "g.party", "team", 4)
    key = Identity.generate()
    host._accept(1, seal(key, bytes(16), 2, 1, bytes(32), "hello", {"key": key.public_key}))
    assert host.violation == "seat 2 sent a message in another seat's name" and host.order == []


def test_a_finished_game_is_verified_again_from_its_relayed_messages_alone() -> None:
    table = PartyTable(new_party(DB, 11), 11)
    table.run()
    rules = table.peers[0].rules
    report = verify_party(DB, rules, table.order)
    assert (report.final_hash, report.messages) == (table.peers[0].final_hash(), len(table.order))
    without = [m for m in table.order if (m[0], m[1]) != (2, "final")]
    with pytest.raises(ProtocolViolation, match=r"seat\(s\) 3 never revealed"):
        verify_party(DB, rules, without)
    at = next(i for i, m in enumerate(table.order) if m[1] == "final")
    origin, kind, body = table.order[at]
    forged = [*table.order[:at], (origin, kind, {**body, "master": bytes(32)}), *table.order[at + 1:]]
    with pytest.raises(ProtocolViolation, match=rf"hello of seat {origin + 1}\) is not what that seat"):
        verify_party(DB, rules, forged)


def test_the_host_ignores_a_guest_resending_a_relayed_message_and_refuses_a_different_one(tmp_path: Path) -> None:
    """After a restart the host's session may not know it had a guest's message (its record was not synced),
    while the message was relayed already: the guest resends it."""
    peers = new_party(DB, 12)
    host = PartyHost(DB, peers[0], Identity.generate(), bytes(16), tmp_path / "g.party", "team", 4)
    key = Identity.generate()
    hello = seal(key, bytes(16), 1, 1, bytes(32), "hello", {**peers[1].outbox()[0][1], "key": key.public_key})
    host._accept(1, hello)
    assert hello in host.order and not host.violation
    relayed = len(host.order)
    host._accept(1, hello)
    assert len(host.order) == relayed and not host.violation
    host._accept(1, {**hello, "body": {**hello["body"], "deck_size": 31}})
    assert host.violation == "seat 2 sent two different messages numbered 1"


@pytest.mark.parametrize(("seat", "match"), [
    ({"game": b"short", "seat": 1, "seats": 4, "rules": "team", "turn_limit": 5}, "malformed seat message"),
    ({"game": bytes(16), "seat": 0, "seats": 4, "rules": "team", "turn_limit": 5}, "malformed seat message"),
    ({"game": bytes(16), "seat": 1, "seats": 4, "rules": "team", "turn_limit": 10**9}, "malformed seat message"),
    ({"game": bytes(16), "seat": 1, "seats": 4, "rules": "chess", "turn_limit": 5}, "unknown party game 'chess'"),
    ({"game": bytes(16), "seat": 1, "seats": 3, "rules": "team", "turn_limit": 5}, "has 4 seats, not 3"),
])
def test_a_guest_refuses_a_malformed_seat_from_the_host(seat: dict, match: str) -> None:
    with pytest.raises(ProtocolViolation, match=match):
        PartyGuest.begin(DB, None, seat, new_party(DB, 0)[1].deck)   # type: ignore[arg-type]
