"""A hostile or buggy peer of «Берсерк. Герои», as the classic game's (`test_cheats.py`): a wrong public-state hash is
a desync, an illegal or malformed action is refused, and the refused message leaves the victim as it was, so the
true message after it plays on to a verified end (`bench/heroes_faults.py` runs the live versions)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from berserk_tui.netgame import Desync, ProtocolViolation
from berserk_tui.netgame.wire import Message

from .heroes_duel import HeroesDuel
from .test_heroes_peer import _verify


def _refused(duel: HeroesDuel, sender: int, when: Callable[[HeroesDuel, dict], bool],
             changes: list[Callable[[dict], dict]]) -> list[Exception]:
    """Before `sender`'s first act message for which `when` holds reaches the other side, hand it each change of it:
    the errors; then the true message goes on."""
    errors: list[Exception] = []

    def tamper(s: int, message: Message) -> Message | None:
        kind, body = message
        if s == sender and kind == "act" and not errors and when(duel, body):
            victim = duel.peers[1 - s]
            before = victim.state_public_hash(), victim.received
            for change in changes:
                with pytest.raises(ProtocolViolation) as caught:
                    victim.receive(kind, change(dict(body)))
                errors.append(caught.value)
                assert (victim.state_public_hash(), victim.received) == before     # the peer unchanged
        return message
    duel.play(tamper=tamper)
    return errors


def _finished(duel: HeroesDuel) -> None:
    results = [peer.result for peer in duel.peers]
    assert results[0] is not None and results[0] == results[1] and results[0].verified
    assert _verify(duel).steps > 20


def _later(duel: HeroesDuel, body: dict) -> bool:
    return duel.peers[0].engine.turn >= 3


def test_a_wrong_state_hash_is_a_desync_and_the_true_message_plays_on() -> None:
    duel = HeroesDuel(19)
    errors = _refused(duel, 0, _later, [lambda b: {**b, "hash": bytes(32)}])
    assert len(errors) == 1 and isinstance(errors[0], Desync) and errors[0].theirs == bytes(32)
    _finished(duel)


def test_an_illegal_or_malformed_action_is_refused_and_the_true_message_plays_on() -> None:
    duel = HeroesDuel(18)

    def with_actions(*actions: Any) -> Callable[[dict], dict]:
        return lambda b: {**b, "actions": list(actions)}
    errors = _refused(duel, 1, _later, [with_actions(["Play", 9999]), with_actions(["Choose", 999]),
                                        with_actions(["Fly", 1]), lambda b: {**b, "actions": b["actions"] * 2}])
    assert [str(e).split(":")[0] for e in errors[:2]] == ["illegal action Play(uid=9999)",
                                                          "illegal action Choose(option=999)"]
    assert "unknown action type" in str(errors[2]) and "2 actions in one message" in str(errors[3])
    _finished(duel)


def test_a_shown_card_changed_is_refused_or_stops_the_game() -> None:
    """A hand card shown as another card: the victim's engine plays that card, so the game stops at once (illegal
    there) or at the next message, whose hash differs (the liar's own check), never at a verified end."""
    duel = HeroesDuel(21)
    changed: list[str] = []

    def tamper(s: int, message: Message) -> Message | None:
        kind, body = message
        if s == 0 and kind == "act" and "shown" in body and not changed:
            real = body["shown"][0][1]
            other = next(c for c in sorted(duel.peers[0].db) if c != real and duel.peers[0].db[c].type == "creature"
                         and not duel.peers[0].db[c].keywords.get("created"))
            changed.append(other)
            return kind, {**body, "shown": [[body["shown"][0][0], other], *body["shown"][1:]]}
        return message
    with pytest.raises(ProtocolViolation, match="illegal action|desync|came into view"):
        duel.play(tamper=tamper)
    assert changed


def test_cards_shown_twice_or_out_of_order_are_refused_as_the_verifier_refuses_them() -> None:
    """A program shows each card once, in order: a message that shows one twice (harmless to the engine) is refused
    live, as `verify_game` refuses it (it is not what the sender's program produces)."""
    duel = HeroesDuel(22)
    errors = _refused(duel, 0, lambda d, body: "shown" in body,
                      [lambda b: {**b, "shown": [b["shown"][0], *b["shown"]]},
                       lambda b: {**b, "shown": [*b["shown"], [9999, b["shown"][0][1]]][::-1]}])
    assert all("not in order, each once" in str(e) for e in errors) and len(errors) == 2
    _finished(duel)
