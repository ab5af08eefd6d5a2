"""The player's «Берсерк. Герои» deck files (`heroes_decks`): saved and read back, and every kind of bad file
refused with a reason naming the file and what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from berserk_tui.games.heroes import HEROES
from berserk_tui.heroes_decks import (
    HeroesDeckError,
    deck_problems,
    folder,
    load_heroes_deck,
    save_heroes_deck,
    user_heroes_decks,
)
from berserk_tui.heroes_play import heroes_setup
from berserk_tui.match import Match, game_db

HERO = "h9004"      # Болотный ведун (swamp)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BERSERK_HOME", str(tmp_path))
    return tmp_path


def a_deck() -> list[str]:
    db = game_db(HEROES)
    swamp = sorted(c.id for c in db.values() if c.elements == ("swamp",) and c.type == "creature")
    return [cid for cid in swamp for _ in range(3)][:40]


def test_a_saved_deck_reads_back_and_plays() -> None:
    db = game_db(HEROES)
    path = save_heroes_deck("Топь", HERO, a_deck(), db)
    assert path.parent == folder() and path.name == "Топь.toml"
    deck = load_heroes_deck(path, db)
    assert deck.name == "Топь" and deck.hero == HERO and sorted(deck.cards) == sorted(a_deck())
    decks, errors = user_heroes_decks(db)
    assert decks == [deck] and errors == []
    match = Match.start(None, heroes_setup(HEROES, "random", [HERO, HERO], 1, [deck, None]))  # type: ignore[arg-type]
    assert match.setup.decks[0] == tuple(deck.ids) and match.setup.deck_names[0] == "Топь"


def test_the_rules_of_a_deck() -> None:
    db = game_db(HEROES)
    assert deck_problems(db, HERO, a_deck()) == []
    assert deck_problems(db, HERO, a_deck()[:39])[-1] == ("short", {"n": 39, "need": 40})
    first = a_deck()[0]
    assert ("copies", {"card": db[first].name, "n": 4, "limit": 3}) in deck_problems(db, HERO, a_deck() + [first])
    assert deck_problems(db, "h7001", a_deck()) == [("no_hero", {})]
    with pytest.raises(ValueError):
        save_heroes_deck("x", HERO, a_deck()[:10], db)


@pytest.mark.parametrize(("text", "reason"), [
    ("name = 'x'\nhero = 'Болотный ведун'\n[cards]\n'Акванит' = 3\n", "short"),
    ("hero = 'Болотный ведун'\n[cards]\n", "bad_name"),
    ("name = 'x'\nhero = 'Никто'\n[cards]\n", "no_hero"),
    ("name = 'x'\nhero = 'Болотный ведун'\n", "no_cards"),
    ("name = 'x'\nhero = 'Болотный ведун'\n[cards]\n'Нет такой' = 1\n", "unknown"),
    ("name = 'x'\nhero = 'Болотный ведун'\n[cards]\n'Акванит' = 9\n", "bad_count"),
    ("name = = 'x'", "not_toml"),
])
def test_bad_files_are_refused_with_the_reason(text: str, reason: str) -> None:
    folder().mkdir(parents=True)
    path = folder() / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(HeroesDeckError) as caught:
        load_heroes_deck(path, game_db(HEROES))
    assert caught.value.reason == reason
    assert str(path) in caught.value.text("ru") and str(path) in str(caught.value)
    decks, errors = user_heroes_decks(game_db(HEROES))
    assert decks == [] and [e.reason for e in errors] == [reason]


def test_a_card_of_another_element_and_a_big_file() -> None:
    db = game_db(HEROES)
    mountain = "h9002"          # Старейшина рудника: the swamp cards are not his
    assert deck_problems(db, mountain, a_deck())[0][0] == "not_allowed"
    folder().mkdir(parents=True)
    big = folder() / "big.toml"
    big.write_text("# " + "x" * 70000, encoding="utf-8")
    with pytest.raises(HeroesDeckError) as caught:
        load_heroes_deck(big, db)
    assert caught.value.reason == "too_big"
