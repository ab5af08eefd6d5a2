"""A pick from a hidden deck over the network (rules decision 977): mountain's «Поиск заклинаний», steppe's «Вызовите
существо» and «Единение» are one step, `engine/heroes/hidden.py`'s decision "deck_pick"; the other engine, which
lacks the deck, asks the owner which card his choice took, his program answers from its own engine (`found`), and the
final reveal proves the answer. No deck card is shown for the pick's index."""

from __future__ import annotations

import pytest

from berserk_tui.netgame import ProtocolViolation
from berserk_tui.netgame.heroes import DECK_SHOWN
from berserk_tui.netgame.wire import Message

from .heroes_duel import DB, HeroesDuel
from .test_heroes_peer import _answered, _hidden_from_the_opponent, _verify


def _picked_duel() -> tuple[HeroesDuel, int, str]:
    """The first seed whose duel picks from a deck and searches none by name: the duel, the owner and the card."""
    for seed in range(1, 40):
        duel = HeroesDuel(seed)
        duel.play(watch=_hidden_from_the_opponent)
        picked = _answered(duel, "picked")
        if picked and not _answered(duel, "searched"):
            return duel, picked[0][0], picked[0][1]
    raise AssertionError("no duel of the first seeds picks from a deck")


def test_a_pick_from_a_hidden_deck_is_answered_by_its_owner_and_the_game_verifies() -> None:
    duel, owner, card = _picked_duel()
    assert all(peer.result.verified for peer in duel.peers) and _verify(duel).steps > 20
    other = duel.peers[1 - owner]
    told = [step.action for step in other.steps if step.kind == "found"]
    assert (told[0][1], other.engine.cards[told[0][0]].card_id) == (card, card)     # it knows what was taken
    asked = [body for kind, body in duel.streams[owner] if kind == "act" and DECK_SHOWN in body]
    assert not asked, f"deck cards shown for a pick: {asked}"


def _lie(owner: int, card: str) -> object:
    def tamper(sender: int, message: Message) -> Message | None:
        kind, body = message
        return (kind, {**body, "card": card}) if sender == owner and kind == "found" else message
    return tamper


def test_a_false_answer_about_a_pick_is_refused_or_caught() -> None:
    duel, owner, card = _picked_duel()
    with pytest.raises(ProtocolViolation, match="a pick from his deck .* took '', which is not a card it could take"):
        HeroesDuel(duel.seed).play(tamper=_lie(owner, ""))
    hero = next(cid for cid, c in sorted(DB.items()) if c.type == "hero")
    with pytest.raises(ProtocolViolation, match="which is not a card it could take"):
        HeroesDuel(duel.seed).play(tamper=_lie(owner, hero))
    fits = DB[card]
    other = next(cid for cid, c in sorted(DB.items()) if cid != card and c.type == fits.type and c.cost == fits.cost
                 and not c.keywords.get("created"))
    with pytest.raises(ProtocolViolation, match="desync|full-information replay"):     # another card that fits
        HeroesDuel(duel.seed).play(tamper=_lie(owner, other))
