"""Random decks drawn from a whole set (cards.random_decks) and the simulator's use of them."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from berserk_tui.sim import game_decks, simulate
from cards.decks import Deck, copy_limit, validate_deck
from cards.loader import load_all
from cards.random_decks import ELEMENTS, playable, random_deck

DB = load_all()


@pytest.mark.parametrize("seed", range(40))
def test_a_random_deck_is_legal(seed: int) -> None:
    ids = random_deck(DB, random.Random(seed))
    assert len(ids) == 30
    validate_deck(Deck("random", "", tuple(ids), Path("random.toml")), DB)   # raises on a problem
    assert all(DB[i].set == 30 for i in ids)


def test_a_random_deck_takes_one_or_two_elements_and_neutrals() -> None:
    for seed in range(40):
        elements = Counter(e for i in random_deck(DB, random.Random(seed)) for e in DB[i].elements)
        assert 1 <= len(elements) <= 2 and set(elements) <= set(ELEMENTS)


def test_random_decks_reach_every_playable_card() -> None:
    seen = {i for seed in range(300) for i in random_deck(DB, random.Random(seed))}
    assert seen == {c.id for c in playable(DB, 30)}


def test_the_same_source_gives_the_same_deck() -> None:
    assert random_deck(DB, random.Random(5)) == random_deck(DB, random.Random(5))


def test_too_few_cards_for_a_deck_is_an_error() -> None:
    with pytest.raises(ValueError, match="too few"):
        random_deck(DB, random.Random(0), size=sum(copy_limit(c) for c in playable(DB, 30)) + 1)


def test_both_games_of_a_pair_share_their_random_decks() -> None:
    assert game_decks(DB, None, 7, 4) == game_decks(DB, None, 7, 5)
    assert game_decks(DB, None, 7, 4) != game_decks(DB, None, 7, 6)


def test_sim_plays_random_decks_without_errors() -> None:
    result = simulate(4, 7, turn_limit=40, random_decks=True)
    assert result.games == 4 and result.errors == 0
