"""«Посмотрите верхнюю карту любой колоды» (Гном-разведчик) at the opponent's deck over the network (rules decision
978): the looker's engine, which lacks that deck, asks its owner which card lies on top; his program answers from
its own engine (`found`), the looker sees the card, and the final reveal proves it. A look at one's own deck tells
the opponent nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from berserk_tui.engine.actions import Choose
from berserk_tui.games.heroes import HEROES, random_deck
from berserk_tui.netgame import ProtocolViolation
from berserk_tui.netgame.wire import Message

from .heroes_duel import DB, HeroesDuel
from .test_heroes_peer import _hidden_from_the_opponent, _verify

GNOME = next(cid for cid, card in sorted(DB.items()) if card.name == "Гном-разведчик")
MOUNTAIN = next(cid for cid, card in sorted(DB.items()) if card.type == "hero" and card.elements == ("mountain",))
SEED = 3


def _looking_duel(seed: int = SEED, tamper_with: Any = None) -> HeroesDuel:
    """Seat 1 plays three Гном-разведчик and always looks at seat 2's deck; seat 2 a random deck."""
    deck = random_deck(DB, random.Random(seed), hero_id=MOUNTAIN)
    mine = [deck[0], *sorted([GNOME] * 3 + [c for c in deck[1:] if c != GNOME][:37])]
    duel = HeroesDuel(seed, decks=(mine, random_deck(DB, random.Random(seed + 100))))
    greedy = duel.agents[0]

    def looker(view: Any, legal: list) -> Any:
        if view.pending.kind in ("look_top", "confirm") and Choose(1) in legal:
            return Choose(1)
        return greedy(view, legal)
    duel.agents[0] = looker
    return duel


def _looks(duel: HeroesDuel, seat: int) -> list[tuple[int, int, str | None]]:
    return [(e.data["seat"], e.data["deck"], e.data["card"]) for e in duel.peers[seat].events if e.kind == "looked_top"]


def test_the_looker_sees_the_top_card_of_the_opponents_deck_and_the_game_verifies() -> None:
    duel = _looking_duel()
    asked: set[str] = set()

    def watch(d: HeroesDuel) -> None:
        _hidden_from_the_opponent(d)
        engine = d.peers[0].engine
        if engine is not None and engine.pending.kind == "reveal" and engine.pending.data.then:
            asked.add(HEROES.describer(engine, "en", {0: "you", 1: "bot"}).decision())
    duel.play(watch=watch)
    assert "Which card lies on top of your deck?" in asked      # while the owner's word is on its way
    assert all(peer.result.verified for peer in duel.peers) and _verify(duel).steps > 20
    seen, truth = _looks(duel, 0), _looks(duel, 1)
    assert seen and seen == truth and all(card is not None for _, deck, card in seen if deck == 1)
    assert any(step.kind == "looked" for step in duel.peers[0].steps)


def _lie(duel: HeroesDuel, card: str) -> Any:
    """Seat 2 answers the first look at his deck with `card` (his answers to searches stay true)."""
    def tamper(sender: int, message: Message) -> Message | None:
        kind, body = message
        looks = [e.data["card"] for e in duel.peers[1].events if e.kind == "looked_top" and e.data["seat"] == 0]
        if sender == 1 and kind == "found" and len(looks) == 1 and body["card"] == looks[0]:
            return kind, {**body, "card": card}
        return message
    return tamper


def test_a_false_top_card_is_caught_at_the_final_reveal_and_none_is_refused() -> None:
    other = next(cid for cid, card in sorted(DB.items()) if card.type == "creature"
                 and not card.keywords.get("created"))
    duel = _looking_duel()
    with pytest.raises(ProtocolViolation, match="the top card of seat 2's deck was said to be"):
        duel.play(tamper=_lie(duel, other))
    duel = _looking_duel()
    with pytest.raises(ProtocolViolation, match="the top card of his deck took '', which is not a card it could"):
        duel.play(tamper=_lie(duel, ""))
