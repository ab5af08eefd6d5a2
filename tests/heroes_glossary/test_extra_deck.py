"""Дополнительная колода (seed 002; rules decision 941): a deck file's `[extra]` table, checked like the deck, and the
swap between the games of a match."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.heroes.decks import DECKS_DIR, HeroDeckError, load_hero_deck, swap
from cards.heroes.loader import load_heroes

DECK = (DECKS_DIR / "steppe_orda.toml").read_text(encoding="utf-8")


def write(tmp_path: Path, extra: str) -> Path:
    path = tmp_path / "deck.toml"
    path.write_text(DECK + "\n[extra]\n" + extra, encoding="utf-8")
    return path


def test_the_extra_deck_is_read_and_a_swap_exchanges_cards(tmp_path: Path) -> None:
    db = load_heroes()
    deck = load_hero_deck(write(tmp_path, '"Курдаш" = 1\n'), db)
    kurdash = next(cid for cid in deck.extra)
    wing = next(cid for cid in deck.cards if db[cid].name == "Махокрыл")
    assert [db[c].name for c in deck.extra] == ["Курдаш"]
    after = swap(db, deck, [wing], [kurdash])
    assert after.cards.count(kurdash) == 2 and after.cards.count(wing) == 2
    assert after.extra == (wing,) and len(after.cards) == len(deck.cards)
    back = swap(db, after, [kurdash], [wing])
    assert sorted(back.cards) == sorted(deck.cards) and back.extra == deck.extra


def test_a_swap_refuses_what_it_cannot_do(tmp_path: Path) -> None:
    db = load_heroes()
    deck = load_hero_deck(write(tmp_path, '"Курдаш" = 1\n'), db)
    kurdash, wing = deck.extra[0], next(c for c in deck.cards if db[c].name == "Махокрыл")
    with pytest.raises(ValueError, match="as many cards"):
        swap(db, deck, [wing], [])
    with pytest.raises(ValueError, match="the extra deck has 0"):
        swap(db, deck, [kurdash], [wing])
    with pytest.raises(ValueError, match="the deck has 0 of 'nothing'"):
        swap(db, deck, ["nothing"], [kurdash])


@pytest.mark.parametrize("extra, message", [
    ('"Махокрыл" = 1\n', "\\[extra\\]: 4 copies of Махокрыл in the deck and the extra deck together"),
    ('"Акванит" = 1\n', "\\[extra\\]: Акванит .* is of swamp"),
    ('"Никто" = 1\n', "no card named 'Никто'"),
])
def test_a_bad_extra_deck_is_named_with_its_line(tmp_path: Path, extra: str, message: str) -> None:
    with pytest.raises(HeroDeckError, match=message) as info:
        load_hero_deck(write(tmp_path, extra), load_heroes())
    assert f"deck.toml:{DECK.count(chr(10)) + 3}:" in str(info.value)
