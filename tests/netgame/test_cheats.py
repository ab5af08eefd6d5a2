"""Cheating peers are caught with a clear ProtocolViolation, and the victim is unchanged by the bad message."""

from __future__ import annotations

import pytest

from berserk_tui.engine.actions import Place, to_wire
from berserk_tui.engine.setup import squad_problem
from berserk_tui.netgame import Desync, ProtocolViolation, verify_game

from .duel import DB, Duel, finish, reject

TALGATA = "30162"    # unique: a squad holds it once
GROMILA = "30030"    # elite, 7 gold


def test_a_reveal_that_does_not_match_its_cell_commitment() -> None:
    duel = Duel(11)
    kind, body = duel.play_until_queued(0, lambda k, b: k == "reveal")
    other = next(cid for cid in sorted(DB.cards) if cid != body["card_id"])
    reject(duel, 0, kind, {**body, "card_id": other}, "tampered reveal")
    reject(duel, 0, kind, {**body, "salt": bytes(32)}, "tampered reveal")
    finish(duel)


def test_a_die_share_that_is_not_a_preimage() -> None:
    duel = Duel(12)
    duel.play_until_queued(1, lambda k, b: k == "chance" and b["k"] == 5)
    kind, body = duel.queues[0][0]
    reject(duel, 1, kind, {**body, "share": bytes(32)}, "forged die share for chance node 5")
    reject(duel, 1, kind, {**body, "k": 7}, "next chance node is 5")
    finish(duel)


def _first_player(duel: Duel) -> int:
    duel.play(until=lambda d: d.peers[0].engine is not None and d.peers[0].engine.phase == "deploy")
    return duel.peers[0].engine.first


def test_a_placement_changed_after_its_commitment() -> None:
    duel = Duel(13)
    first = _first_player(duel)
    kind, body = duel.play_until_queued(first, lambda k, b: k == "deploy_open")
    actions = body["actions"]
    a, b = [i for i, action in enumerate(actions) if action[0] == "Place"][:2]
    moved = list(actions)
    moved[a], moved[b] = to_wire(Place(actions[a][1], actions[b][2])), to_wire(Place(actions[b][1], actions[a][2]))
    reject(duel, first, kind, {**body, "actions": moved}, "does not match its commitment")
    finish(duel)


def test_opening_a_placement_before_the_opponent_committed() -> None:
    duel = Duel(14)
    first = _first_player(duel)
    duel.play_until_queued(first, lambda k, b: k == "deploy_commit")
    kind, body = duel.queues[1 - first].popleft()
    duel.peers[1 - first].receive(kind, body)
    peer = duel.peers[first]
    early = {"seq": body["seq"], "hash": body["hash"], "salt": peer.secrets.placement_salt,
             "actions": [to_wire(a) for a in peer._my_deployment], "reveals": []}
    reject(duel, first, "deploy_open", early, "before the second committed")
    finish(duel)


@pytest.mark.parametrize(("seed", "claimed", "problem"), [(15, TALGATA, "unique_twice"),
                                                         (25, GROMILA, "not_enough_gold")])
def test_a_squad_that_is_not_legal_or_affordable_is_caught_at_the_reveal(seed: int, claimed: str,
                                                                          problem: str) -> None:
    duel = Duel(seed)
    cheater = _first_player(duel)                     # all his cards are revealed after deployment
    engine = duel.peers[cheater].engine
    for uid in engine.players[cheater].squad:         # claims cards it did not buy
        engine.cards[uid].card_id = claimed
    with pytest.raises(ProtocolViolation, match=f"squad is not legal: {problem}"):
        duel.play()


def test_cards_not_from_the_committed_deck_are_caught_at_the_end() -> None:
    duel = Duel(16)
    duel.play(until=lambda d: d.peers[0].engine is not None and d.peers[0].engine.phase == "deploy")
    cheater = duel.peers[0].engine.first
    engine = duel.peers[cheater].engine
    squad = engine.players[cheater].squad
    defs = [DB.cards[engine.cards[u].card_id] for u in squad]
    swap = next(cid for cid in sorted(DB.cards) if DB.cards[cid].implemented and cid not in duel.decks[cheater]
                and DB.cards[cid].kind == "creature"
                and squad_problem(engine, cheater, [DB.cards[cid], *defs[1:]]) is None)
    engine.cards[squad[0]].card_id = swap            # a legal, affordable card it never drew
    victim = 1 - cheater
    to_cheater = lambda s, m: None if s == victim and m[0] == "final" else m   # noqa: E731 (its own check fails too)
    with pytest.raises(ProtocolViolation, match=f"card {squad[0]} was revealed as {swap}, but it is .* revealed deck"):
        duel.play(to_cheater)
    result = duel.peers[victim].result
    assert result is not None and not result.verified


def test_an_action_out_of_turn() -> None:
    duel = Duel(17)
    duel.play(until=lambda d: d.peers[0].engine is not None and d.peers[0].engine.phase == "battle"
              and d.peers[0].waiting_for == "me" and not d.queues[0] and not d.queues[1])
    victim = duel.peers[0]
    mark = victim._mark()
    body = {"seq": mark[0], "hash": mark[1], "actions": [to_wire(victim.legal()[0])]}
    reject(duel, 1, "act", body, "out of turn: an action while the game waits for my main")
    reject(duel, 1, "chance", {"seq": mark[0], "hash": mark[1], "k": 99, "share": bytes(32)}, "out of turn")
    finish(duel)


def test_an_illegal_action() -> None:
    duel = Duel(18)
    kind, body = duel.play_until_queued(1, lambda k, b: k == "act" and duel.peers[0].engine.phase == "battle")
    reject(duel, 1, kind, {**body, "actions": [["Move", 999, 0]]}, "illegal action Move")
    reject(duel, 1, kind, {**body, "actions": [["Fly", 1]]}, "unknown action type")
    reject(duel, 1, kind, {**body, "actions": body["actions"] * 2}, "only a purchase is sent as a batch")
    finish(duel)


def test_a_wrong_state_hash_is_a_desync() -> None:
    duel = Duel(19)
    kind, body = duel.play_until_queued(0, lambda k, b: k == "act" and duel.peers[1].engine.turn >= 2)
    error = reject(duel, 0, kind, {**body, "hash": bytes(32)}, "desync at seq")
    assert isinstance(error, Desync)
    assert error.seq == body["seq"] and error.theirs == bytes(32) and error.mine == body["hash"]
    finish(duel)


def test_replayed_or_duplicated_messages() -> None:
    duel = Duel(20)
    for kind_wanted, match in (("act", "stale, replayed"), ("chance", "replayed or duplicated"),
                               ("reveal", "unexpected reveal")):
        kind, body = duel.play_until_queued(0, lambda k, b, w=kind_wanted: k == w)
        duel.peers[1].receive(*duel.queues[1].popleft())
        reject(duel, 0, kind, body, match)
    hello = duel.streams[0][0]
    reject(duel, 0, *hello, "second hello")
    finish(duel)


def test_a_deck_or_secret_different_from_the_committed_one_at_the_end() -> None:
    duel = Duel(21)
    kind, body = duel.play_until_queued(1, lambda k, b: k == "final")
    deck = sorted([*body["deck"][1:], next(c for c in sorted(DB.cards) if c not in body["deck"])])
    reject(duel, 1, kind, {**body, "deck": deck}, "not the deck committed to in hello")
    reject(duel, 1, kind, {**body, "master": bytes(32)}, "master secret does not match")
    finish(duel)


def test_verify_game_names_the_first_bad_message() -> None:
    duel = Duel(22)
    duel.play()
    streams = [list(duel.streams[0]), list(duel.streams[1])]
    index = next(i for i, (k, b) in enumerate(streams[1]) if k == "chance" and b["k"] == 3)
    kind, body = streams[1][index]
    streams[1][index] = (kind, {**body, "share": bytes(32)})
    with pytest.raises(ProtocolViolation, match=f"seat 2, message {index} \\(chance\\): forged die share"):
        verify_game(DB, streams[0], streams[1])
    with pytest.raises(ProtocolViolation, match="seat 1's stream must begin with hello"):
        verify_game(DB, duel.streams[0][1:], duel.streams[1])
    with pytest.raises(ProtocolViolation, match="neither stream ends with its side's final reveal"):
        verify_game(DB, duel.streams[0][:-1], duel.streams[1][:-1])
