"""The prebuilt decks of «Берсерк. Герои» (cards/heroes/decks) follow the deck rules, and a bad deck file is
refused with every problem on its line."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from berserk_tui.cli import main
from cards.heroes.decks import COPIES, DECK_SIZE, HORDE_COPIES, HeroDeckError, load_hero_deck, prebuilt_decks
from cards.heroes.loader import load_heroes


@pytest.fixture(scope="module")
def db() -> dict:
    return load_heroes()


def test_every_prebuilt_deck_is_a_legal_deck_of_implemented_cards(db: dict) -> None:
    decks = prebuilt_decks(db)
    assert {db[d.hero].elements for d in decks} == {c.elements for c in db.values() if c.type == "hero"}
    for deck in decks:
        hero = db[deck.hero]
        assert hero.type == "hero" and len(deck.cards) == DECK_SIZE, deck.name
        for cid, n in Counter(deck.cards).items():
            card = db[cid]
            assert card.implemented and card.type != "hero" and not card.has("created"), card.name
            assert not card.elements or set(card.elements) & set(hero.elements), card.name
            assert n <= (HORDE_COPIES if card.has("horde") else COPIES), card.name
        assert deck.ids == [deck.hero, *deck.cards] and deck.name_en and deck.description_en


def test_the_prebuilt_decks_have_different_heroes(db: dict) -> None:
    heroes = [d.hero for d in prebuilt_decks(db)]
    assert len(set(heroes)) == len(heroes)


BAD = '''name = "Плохая"
name_en = "Bad"
description = "x"
hero = "Болотный ведун"
colour = "red"

[cards]
"Клинок Архааля" = 4
"Легат Аккении" = 2
"Модуль атаки" = 1
"Нет такой карты" = 1
"Джаал" = 0
"Пехота Архааля" = 5
'''


def test_a_bad_deck_file_names_every_problem_on_its_line(db: dict, tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(BAD, encoding="utf-8")
    with pytest.raises(HeroDeckError) as err:
        load_hero_deck(path, db)
    text = str(err.value)
    assert f"{path}: `description_en` must be a text" in text
    assert f"{path}:5: unknown field 'colour'" in text
    assert f"{path}:8: 4 copies of Клинок Архааля: at most 3 (5 only with Орда)" in text
    assert f"{path}:9: Легат Аккении (h7096) is of steppe, not of the hero Болотный ведун's element" in text
    assert f"{path}:10: Модуль атаки (h7905) is a created card" in text
    assert f"{path}:11: no card named 'Нет такой карты'" in text
    assert f"{path}:12: the copies of Джаал must be a whole number from 1, not 0" in text
    assert "Пехота Архааля" not in text          # 5 with Орда is allowed
    assert f"{path}:7: 12 cards besides the hero: a deck has at least 40" in text


@pytest.mark.parametrize(("text", "why"), [
    ("name = ", "not TOML"),
    ('name = "a"\nhero = "Джаал"\n', "`hero` must name a hero card, not 'Джаал'"),
    ('name = "a"\nhero = "h9004"\n', "no [cards] table"),
])
def test_a_deck_file_that_is_no_deck_says_why(db: dict, tmp_path: Path, text: str, why: str) -> None:
    path = tmp_path / "d.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(HeroDeckError, match=r"d\.toml.*" + why.replace("[", r"\[").replace("(", r"\(")):
        load_hero_deck(path, db)


def test_a_card_not_implemented_is_refused(db: dict, tmp_path: Path) -> None:
    missing = replace(db["h7028"], implemented=False)          # Ырх, as if the engine did not run it
    path = tmp_path / "d.toml"
    path.write_text('name = "a"\nname_en = "a"\ndescription = "a"\ndescription_en = "a"\nhero = "h9004"\n'
                    '[cards]\n"Ырх" = 1\n', encoding="utf-8")
    with pytest.raises(HeroDeckError, match="d.toml:7: Ырх .h7028. is not implemented yet"):
        load_hero_deck(path, {**db, "h7028": missing})


def test_sim_plays_the_prebuilt_decks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--game", "heroes", "--decks", "prebuilt", "--games", "2", "--seed", "1"]) == 0
    assert main(["sim", "--game", "heroes", "--decks", "mirror", "--games", "2", "--seed", "1", "--json"]) == 0
    out = capsys.readouterr().out
    assert "2 of heroes (seed 1, seats alternated, builtin decks)" in out and '"errors": 0' in out


def test_a_recorded_run_of_prebuilt_decks_reports_them_by_name(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    record = str(tmp_path / "h.jsonl")
    assert main(["sim", "--game", "heroes", "--games", "2", "--seed", "2", "--record", record]) == 0
    capsys.readouterr()
    assert main(["sim-report", record]) == 0
    out = capsys.readouterr().out
    first, second = (d.name for d in prebuilt_decks(load_heroes())[:2])
    assert first in out and second in out
