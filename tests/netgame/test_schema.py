"""One schema for every game message (issue 36, hole 2): the live peer and the verifier refuse the same
bodies, and every body the peer sends fits it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from berserk_tui import games
from berserk_tui.netgame import FairPeer, ProtocolViolation, verify_game
from berserk_tui.netgame.commitments import PeerSecrets
from berserk_tui.netgame.wire import SCHEMA, Body, Message

from .duel import DB, Duel, finish, reject

KINDS = ("hello", "chance", "act", "deploy_commit", "deploy_open", "reveal", "final")


def _queued(duel: Duel, sender: int, kind: str) -> Message:
    return duel.play_until_queued(sender, lambda k, b: k == kind)


@pytest.mark.parametrize("kind", KINDS)
def test_a_message_with_an_unknown_field_is_refused_live_and_by_the_verifier(kind: str) -> None:
    """Hole 2: a signed game message with an extra field was accepted live (the game ended "opponent
    verified") while `replay --verify` rejected the same transcript; now both refuse it, for the same reason."""
    duel = Duel(22)
    _, body = _queued(duel, 1, kind)
    reject(duel, 1, kind, {**body, "extra": 1}, f"malformed {kind} message: unknown field 'extra'")
    finish(duel)
    streams = [list(duel.streams[0]), list(duel.streams[1])]
    index = next(i for i, (k, _) in enumerate(streams[1]) if k == kind)
    streams[1][index] = (kind, {**streams[1][index][1], "extra": 1})
    with pytest.raises(ProtocolViolation, match=f"seat 2, message {index} \\({kind}\\): malformed {kind} message: "
                                                "unknown field 'extra'"):
        verify_game(DB, streams[0], streams[1])


def test_a_tampered_act_is_refused_live_instead_of_verifying_a_game_the_verifier_rejects() -> None:
    """Hole 2, as the attack run found it: every act of seat 0 carries an extra field."""
    duel = Duel(32)
    extra = lambda s, m: (m[0], {**m[1], "x": 1}) if s == 0 and m[0] == "act" else m   # noqa: E731
    with pytest.raises(ProtocolViolation, match="malformed act message: unknown field 'x'"):
        duel.play(extra)
    assert duel.peers[1].result is None


@pytest.mark.parametrize("kind", KINDS)
def test_every_field_is_required_and_of_its_declared_type(kind: str) -> None:
    duel = Duel(23)
    _, body = _queued(duel, 0, kind)
    for name in body:
        rest = {k: v for k, v in body.items() if k != name}
        if not SCHEMA[kind][name].optional:   # (the host's clock may be absent: a hello of an earlier version)
            reject(duel, 0, kind, rest, f"malformed {kind} message: no field '{name}'")
        reject(duel, 0, kind, {**body, name: 1.5}, f"malformed {kind} message: {name} .*got 1.5")
    reject(duel, 0, kind, [body], f"malformed {kind} message: the body must be a map with str keys")
    reject(duel, 0, kind, {**body, b"seq": 1}, "the body must be a map with str keys")
    finish(duel)


def test_the_next_chain_head_comes_exactly_with_the_last_element_of_a_chain() -> None:
    """Hole 2: an optional field is there exactly when the protocol needs it; an extra "next" on an element
    in the middle of a chain was accepted live and rejected by the verifier."""
    duel = Duel(4, chain_length=3)
    kind, first = duel.play_until_queued(1, lambda k, b: k == "chance" and b["k"] == 1)
    reject(duel, 1, kind, {**first, "next": bytes(32)}, "die share 1 carries a next chain head, but its chain goes on")
    kind, last = duel.play_until_queued(1, lambda k, b: k == "chance" and b["k"] == 3)
    assert "next" in last
    reject(duel, 1, kind, {k: v for k, v in last.items() if k != "next"},
           "die share 3 is the last of its chain and must carry the next head")
    finish(duel)


def test_nested_items_are_checked_against_the_same_declaration() -> None:
    """Hole 2: the actions and the disclosed symbionts of deploy_open are read strictly too, and the
    symbionts come once each, in squad order, as the peer sends them."""
    duel = Duel(3, (1, 2))
    kind, body = duel.play_until_queued(1, lambda k, b: k == "deploy_open" and b["reveals"])
    reveals, actions = body["reveals"], body["actions"]
    reject(duel, 1, kind, {**body, "reveals": [*reveals, reveals[-1]]}, "twice or out of squad order")
    if len(reveals) > 1:
        reject(duel, 1, kind, {**body, "reveals": reveals[::-1]}, "twice or out of squad order")
    reject(duel, 1, kind, {**body, "reveals": [[*reveals[0], 0]]}, r"reveals item 0 must be \[uid, card_id")
    reject(duel, 1, kind, {**body, "reveals": [[True, *reveals[0][1:]]]}, r"reveals item 0 must be \[uid")
    reject(duel, 1, kind, {**body, "actions": [*actions[:-1], [*actions[-1], 0]]},
           f"actions item {len(actions) - 1} is not an action: Confirm takes 0 fields, got 1")
    reject(duel, 1, kind, {**body, "actions": [[["Place"]], *actions]}, "actions item 0 must be an action")
    finish(duel)


def test_a_placement_salted_otherwise_than_the_master_secret_gives_does_not_verify() -> None:
    """Hole 2: a placement committed and opened with a salt of the sender's choosing was accepted live to a
    verified end, while the verifier rejected its deploy_commit; now the final check refuses it too."""

    class OwnSalt(PeerSecrets):
        @property
        def placement_salt(self) -> bytes:
            return bytes(32)

    duel = Duel(24)
    duel.peers[0].secrets = OwnSalt(duel.secrets[0].master)
    with pytest.raises(ProtocolViolation, match="opened placement is not the one committed with the salt"):
        duel.play()
    assert not duel.peers[1].result.verified
    with pytest.raises(ProtocolViolation, match=r"seat 1, message \d+ \(deploy_commit\) is not what"):
        verify_game(DB, duel.streams[0], duel.streams[1])


def _resign_when(duel: Duel, moment: Callable[[FairPeer], bool]) -> None:
    """Play until a peer that may decide is at `moment`; it resigns; play to the verified end."""
    duel.play(until=lambda d: any(p.waiting_for == "me" and moment(p) for p in d.peers))
    next(p for p in duel.peers if p.waiting_for == "me" and moment(p)).resign()
    duel.play()
    verify_game(DB, duel.streams[0], duel.streams[1])


def test_every_message_the_peer_sends_fits_the_schema() -> None:
    """The peer's own bodies pass the schema the receiver applies, and three games (dice chains extended, a
    resignation in battle; a resignation in the deployment draft; a win on time in the board game, whose host
    names it) send every field of every kind."""
    battle, draft, timed = Duel(4, chain_length=3), Duel(43, (0, 2)), Duel(5, named=("boardgame", None))
    _resign_when(battle, lambda p: p.engine.phase == "battle")
    _resign_when(draft, lambda p: p._draft_actions != [])
    timed.play(until=lambda d: d.peers[1].waiting_for == "me" and d.peers[1].state.phase == "battle")
    timed.flush()
    timed.peers[0].claim_timeout()
    timed.play()
    verify_game(DB, timed.streams[0], timed.streams[1], rules_of=games.rules_of)
    sent = [message for duel in (battle, draft, timed) for peer in duel.peers for message in peer.sent]
    for kind, body in sent:
        assert set(Body(kind, body).fields) == set(body)
    assert {kind for kind, _ in sent} == set(SCHEMA)
    assert {(kind, name) for kind, body in sent for name in body} == \
        {(kind, name) for kind, fields in SCHEMA.items() for name in fields}
