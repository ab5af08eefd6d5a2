"""Random decks drawn from whole sets (cards.random_decks) and the simulator's use of them."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from berserk_tui.sim import game_decks, pool_sets, simulate
from cards.decks import RECORDED_SETS, Deck, copy_key, copy_limit, validate_deck
from cards.loader import CardDB, load_all
from cards.random_decks import ELEMENTS, implemented_sets, playable, random_deck

DB = load_all()


def two_sets(renamed: bool) -> CardDB:
    """Set 30 and a test set 99 of the same cards: reprints of the same names, or (`renamed`) new cards."""
    cards = DB.sets()[30][1]
    copies = [replace(c, id=str(99000 + c.number), set=99, name=c.name + " II" if renamed else c.name)
              for c in cards]
    return CardDB({30: ("Семена раздора", list(cards)), 99: ("test", copies)})


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


def test_a_deck_of_two_sets_mixes_them_and_is_legal() -> None:
    db = two_sets(renamed=True)
    mixed = 0
    for seed in range(20):
        ids = random_deck(db, random.Random(seed), (30, 99))
        validate_deck(Deck("random", "", tuple(ids), Path("random.toml")), db)
        mixed += {db[i].set for i in ids} == {30, 99}
    assert mixed >= 18
    assert {db[i].set for seed in range(5) for i in random_deck(db, random.Random(seed), 99)} == {99}


def test_a_name_printed_in_two_sets_shares_one_copy_limit() -> None:
    db = two_sets(renamed=False)
    for seed in range(30):
        ids = random_deck(db, random.Random(seed), (30, 99))
        by_name = Counter(copy_key(db[i]) for i in ids)
        assert all(n <= copy_limit(db[i]) for i in ids for n in [by_name[copy_key(db[i])]])
        validate_deck(Deck("random", "", tuple(ids), Path("random.toml")), db)


def test_one_set_draws_as_before_the_sets_could_be_chosen() -> None:
    """Set 30 alone, as a number or in a tuple, draws the same decks (the records of random runs replay)."""
    assert [random_deck(DB, random.Random(s), (30,)) for s in range(5)] == \
        [random_deck(DB, random.Random(s)) for s in range(5)]


def test_the_default_sets_of_a_run() -> None:
    assert implemented_sets(DB) == tuple(s for s, (_, cards) in DB.sets().items()
                                         if any(c.implemented and not c.boardgame for c in cards))
    assert 90 not in implemented_sets(DB)       # «Битва за Лаар»: the board game's own cards are in no deck
    assert pool_sets(DB, random_decks=True) == implemented_sets(DB)
    assert pool_sets(DB, random_decks=False) == RECORDED_SETS
    assert pool_sets(DB, random_decks=False, sets=[30, 30]) == (30,)


def test_sets_too_small_for_a_deck_are_refused_before_any_game() -> None:
    with pytest.raises(ValueError, match="too few"):
        simulate(2, 1, random_decks=True, sets=[10], db=two_sets(True))    # no set 10 in this database
