"""The player's «Берсерк. Герои» deck files (`heroes_decks`): saved and read back, and every kind of bad file
refused with a reason naming the file and what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from berserk_tui.games.heroes import HEROES
from berserk_tui.heroes_decks import (
    HeroesDeckError,
    Problem,
    deck_problems,
    folder,
    load_heroes_deck,
    problem_text,
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
    assert deck_problems(db, HERO, a_deck()[:39])[-1] == Problem("short", {"n": 39, "need": 40})
    first = a_deck()[0]
    four = Problem("copies", {"card": db[first].name, "n": 4, "limit": 3, "horde": 0}, first)
    assert four in deck_problems(db, HERO, a_deck() + [first])
    assert problem_text(four, "ru") == f"{db[first].name}: 4 копий, можно не больше 3 (5 — только с Ордой)"
    assert problem_text(four, "en") == f"{db[first].name}: 4 copies, at most 3 (5 only with Орда)"
    assert deck_problems(db, "h7001", a_deck()) == [Problem("no_hero", {"value": "h7001"})]
    with pytest.raises(ValueError):
        save_heroes_deck("x", HERO, a_deck()[:10], db)


@pytest.mark.parametrize(("text", "reason"), [
    ("name = 'x'\nhero = 'Болотный ведун'\n[cards]\n'Акванит' = 3\n", "short"),
    ("hero = 'Болотный ведун'\n[cards]\n", "bad_text"),
    ("name = 'x'\nhero = 'Никто'\n[cards]\n", "no_hero"),
    ("name = 'x'\nhero = 'Болотный ведун'\n", "no_cards"),
    ("name = 'x'\nhero = 'Болотный ведун'\n[cards]\n'Нет такой' = 1\n", "unknown"),
    ("name = 'x'\nhero = 'Болотный ведун'\n[cards]\n'Акванит' = 0\n", "bad_count"),
    ("name = 'x'\nhero = 'Болотный ведун'\n[cards]\n'Акванит' = 9\n", "copies"),
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
    problem = deck_problems(db, mountain, a_deck())[0]
    assert problem.code == "element" and problem.card == a_deck()[0]
    assert problem_text(problem, "ru") == f"{db[problem.card].name}: стихия болота, а у героя Старейшина рудника — " \
        "горы; можно только его стихию и нейтральные карты"
    folder().mkdir(parents=True)
    big = folder() / "big.toml"
    big.write_text("# " + "x" * 70000, encoding="utf-8")
    with pytest.raises(HeroesDeckError) as caught:
        load_heroes_deck(big, db)
    assert caught.value.reason == "too_big"


def test_one_checker_for_the_app_and_the_files() -> None:
    """The builder's check is the files' check (`cards.heroes.decks`), a player's deck only also allowing creatures
    the engine does not run yet (they play as their stats); each reason has its words in ru and en."""
    from dataclasses import replace

    from cards.heroes import decks as rules
    db = dict(game_db(HEROES))
    spell = next(c for c in sorted(db.values(), key=lambda c: c.id) if c.type == "spell" and "swamp" in c.elements)
    creature = a_deck()[0]
    db[spell.id] = replace(spell, implemented=False)
    db[creature] = replace(db[creature], implemented=False)
    deck = a_deck()[:-1] + [spell.id]
    assert [p.code for p in deck_problems(db, HERO, deck)] == ["not_played"]      # the spell; the creature plays
    assert [p.code for p in rules.deck_problems(db, HERO, deck)] == ["not_implemented", "not_implemented"]
    assert deck_problems(db, HERO, deck)[0] == rules.deck_problems(db, HERO, deck, need_implemented=False)[0]
    for code in rules.EN:
        params = {"card": "К", "id": "h1", "n": 4, "limit": 3, "need": 40, "horde": 0, "elements": ("swamp",),
                  "hero": "Г", "hero_elements": ("steppe",), "value": 0, "error": "e", "field": "f", "known": "k",
                  "out": 1, "into": 2, "have": 0, "where": "deck"}
        for lang in ("ru", "en"):        # every reason is worded in both languages, naming the card where it has one
            text = problem_text(Problem(code, params, "h1", extra=True), lang)
            assert text and ("К" in text or "{card}" not in rules.EN[code]), (code, lang, text)


def test_a_players_deck_keeps_its_extra_deck() -> None:
    db = game_db(HEROES)
    swamp = sorted(c.id for c in db.values() if c.elements == ("swamp",) and c.type == "creature")
    extra = [swamp[-1]]                  # a creature the deck has fewer than 3 of
    cards = [c for c in a_deck() if c != swamp[-1]]
    path = save_heroes_deck("С запасом", HERO, cards, db, extra)
    assert "[extra]" in path.read_text(encoding="utf-8")
    deck = load_heroes_deck(path, db)
    assert deck.extra == tuple(extra) and sorted(deck.cards) == sorted(cards)
    too_many = [cards[0]]                # a card the deck has 3 of: 4 with the extra deck
    problem = deck_problems(db, HERO, cards, too_many)[-1]
    assert problem.code == "extra_copies" and problem.extra
    assert problem_text(problem, "ru").startswith("Дополнительная колода: ")
    with pytest.raises(ValueError):
        save_heroes_deck("Лишняя", HERO, cards, db, too_many)
