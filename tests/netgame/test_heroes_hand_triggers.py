"""A network deck of «Берсерк. Герои» may not hold a card whose trigger works from the hand (Засада, rules decision
980): the opponent's engine does not know a hidden hand card, so it could not hear its trigger. The peer refuses such
a deck by the card's name, as its own before the hello and as the opponent's at his final reveal."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from berserk_tui import games
from berserk_tui.games.heroes import HEROES, random_deck
from berserk_tui.netgame.commitments import PeerSecrets
from berserk_tui.netgame.heroes import HeroesPeer, deck_problem
from berserk_tui.scenario.build import load_scenario
from berserk_tui.scenario.heroes import with_test_cards

GLOSSARY = Path(__file__).parents[1] / "scenarios" / "heroes" / "glossary"


def test_a_deck_with_a_card_that_works_from_the_hand_is_refused_by_its_name() -> None:
    scn = load_scenario(GLOSSARY / "ambush_from_the_hand_in_the_enemy_turn.toml")
    db = with_test_cards(scn, HEROES.load_db(), GLOSSARY)
    ambusher = next(cid for cid, card in sorted(db.items()) if card.name == "Тест: засадник")
    deck = random_deck(HEROES.load_db(), random.Random(1))
    assert deck_problem(db, deck) is None
    deck = [deck[0], *deck[2:], ambusher]
    assert "Тест: засадник" in (deck_problem(db, deck) or "") and "works from the hand" in deck_problem(db, deck)
    with pytest.raises(ValueError, match="Тест: засадник .* has a trigger that works from the hand"):
        HeroesPeer(db, 0, deck, PeerSecrets.generate(random.Random(2).randbytes), game="heroes",
                   rules_of=games.rules_of)
