"""A card that leaves a hidden hand or deck for a public zone inside the OTHER player's action (rules decision 990):
«Пески времени» («discard your hand») whose resolution waits for the opponent's «Противник разыгрывает карту»
decision (Акванит-страж's optional self-destruction) discards the hand in the opponent's act. The opponent's engine
does not know those cards; it asks their owner (the decision "reveal" with ("shown", uid)), his program answers
(`found`), both agree on one hash, and the final reveal proves each answer. Before the fix the cards reached the
graveyard unknown on one side and the duel desynced (bench/heroes_net.py seeds 848 and 939 of a 1,200-duel run)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from berserk_tui import games
from berserk_tui.engine.actions import Choose
from berserk_tui.engine.heroes.actions import Play, from_wire
from berserk_tui.games.heroes import HEROES, random_deck
from berserk_tui.netgame import PeerSecrets, ProtocolViolation
from berserk_tui.netgame.errors import Desync
from berserk_tui.netgame.heroes import HeroesPeer
from berserk_tui.netgame.wire import Message

from .heroes_duel import DB, HeroesDuel
from .test_heroes_peer import _verify

SANDS = next(cid for cid, card in sorted(DB.items()) if card.name == "Пески времени")
GUARD = next(cid for cid, card in sorted(DB.items()) if card.name == "Акванит-страж")


def _hero(element: str) -> str:
    return next(cid for cid, card in sorted(DB.items()) if card.type == "hero" and card.elements == (element,))


def _deck(seed: int, element: str, card: str) -> list[str]:
    """A random deck of `element` with three of `card` in it."""
    deck = random_deck(DB, random.Random(seed), hero_id=_hero(element))
    return [deck[0], *sorted([card] * 3 + [c for c in deck[1:] if c != card][:37])]


def _sands_duel(seed: int) -> HeroesDuel:
    """Seat 1 (swamp) hires Акванит-страж first and never gives it up for a spell; seat 2 (steppe) plays Пески
    времени whenever it can."""
    duel = HeroesDuel(seed, decks=(_deck(seed, "swamp", GUARD), _deck(seed + 50, "steppe", SANDS)))
    guard_side, sands_side = duel.agents

    def guard(view: Any, legal: list) -> Any:
        hand = [a for a in legal if type(a) is Play and view.cards[a.uid].card_id == GUARD]
        if hand:
            return hand[0]
        if view.pending.kind == "confirm" and Choose(0) in legal:
            return Choose(0)
        return guard_side(view, legal)

    def sands(view: Any, legal: list) -> Any:
        plays = [a for a in legal if type(a) is Play and view.cards[a.uid].card_id == SANDS]
        return plays[0] if plays else sands_side(view, legal)
    duel.agents = [guard, sands]
    return duel


SEED = 7


def test_a_hand_discarded_in_the_opponents_act_is_named_by_its_owner_and_the_game_verifies() -> None:
    duel = _sands_duel(SEED)
    duel.play()
    assert duel.peers[0].result is not None and duel.peers[1].result is not None
    assert all(peer.result.verified for peer in duel.peers)
    assert duel.peers[0].state_public_hash() == duel.peers[1].state_public_hash()
    named = [e for e in duel.peers[0].events if e.kind == "identified"]
    assert named, "the discard did not happen in seat 1's act: the scenario lost its point"
    truth = duel.peers[1].engine
    assert all(truth.cards[e.data["uid"]].card_id == e.data["card"] for e in named)
    assert _verify(duel).steps > 20


def test_a_false_word_on_a_discarded_card_is_a_desync_at_once_and_a_non_card_is_refused() -> None:
    """The card is public once named: a false name leaves the two graveyards different (the liar's own engine holds
    the true card), which the next message's hash shows."""
    duel = _sands_duel(SEED)
    first = [True]

    def lie(sender: int, message: Message) -> Message | None:
        kind, body = message
        engine = duel.peers[0].engine
        asked = engine is not None and engine.pending.kind == "reveal" and engine.pending.data.then[:1] == ("shown",)
        if sender == 1 and kind == "found" and asked and first[0]:
            first[0] = False
            other = next(cid for cid in engine.pending.data.cards if cid != body["card"])
            return kind, {**body, "card": other}
        return message
    with pytest.raises(Desync):
        duel.play(tamper=lie)
    duel = _sands_duel(SEED)

    def nonsense(sender: int, message: Message) -> Message | None:
        kind, body = message
        engine = duel.peers[0].engine
        asked = engine is not None and engine.pending.kind == "reveal" and engine.pending.data.then[:1] == ("shown",)
        return (kind, {**body, "card": "h9001"}) if sender == 1 and kind == "found" and asked else message
    with pytest.raises(ProtocolViolation, match="come into view took 'h9001', which is not a card it could take"):
        duel.play(tamper=nonsense)


def test_the_owner_is_asked_in_words_while_his_word_is_on_its_way() -> None:
    duel = _sands_duel(SEED)
    asked: set[str] = set()

    def watch(d: HeroesDuel) -> None:
        engine = d.peers[0].engine
        if engine is not None and engine.pending.kind == "reveal" and engine.pending.data.then[:1] == ("shown",):
            for lang in ("ru", "en"):
                asked.add(HEROES.describer(engine, lang, {0: "you", 1: "bot"}).decision())
    duel.play(watch=watch)
    assert asked == {"Какая ваша карта вышла из руки или колоды на виду?",
                     "Which card of yours came out of your hand or deck into view?"}


DESYNCS = Path(__file__).with_name("heroes_desyncs.json")     # the two duels of bench/heroes_net.py that desynced


def _replayed(case: list[dict]) -> HeroesDuel:
    """The duel of `case` (each seat's deck, master secret and decisions as its `.game` file kept them) played again
    by two peers deciding as they did (a bot after the last recorded decision)."""
    duel = HeroesDuel(1, decks=(case[0]["deck"], case[1]["deck"]))
    duel.secrets = [PeerSecrets(bytes.fromhex(side["master"])) for side in case]
    duel.peers = [HeroesPeer(DB, s, duel.decks[s], duel.secrets[s], game="heroes", rules_of=games.rules_of)
                  for s in (0, 1)]
    recorded = [[from_wire(a) for a in side["inputs"]] for side in case]

    def seat(s: int, bot: Any) -> Any:
        def decide(view: Any, legal: list) -> Any:
            if recorded[s]:
                action = recorded[s].pop(0)
                assert action in legal
                return action
            return bot(view, legal)
        return decide
    duel.agents = [seat(s, duel.agents[s]) for s in (0, 1)]
    return duel


@pytest.mark.parametrize("case", ["848", "939"])
def test_the_two_duels_that_desynced_agree_and_verify(case: str) -> None:
    duel = _replayed(json.loads(DESYNCS.read_text())[case])
    duel.play()
    assert all(peer.result is not None and peer.result.verified for peer in duel.peers)
    assert duel.peers[0].state_public_hash() == duel.peers[1].state_public_hash()
    assert any(e.kind == "identified" for peer in duel.peers for e in peer.events)
