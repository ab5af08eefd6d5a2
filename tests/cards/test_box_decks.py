"""The box's four decks (seed 003): 30 legal cards each, of their class and element, kept out of the sims' pools."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from berserk_tui.cli import main
from cards.decks import RECORDED_SETS, box_decks, builtin_decks, is_box_deck, validate_deck
from cards.loader import CardDB, load_all

# deck name -> (the class it is built of, its element, the most cards of its element not of the class)
BOX = {
    "Орки": ("Орк", "steppe", 0),
    "Гномы": ("Гном", "mountain", 7),
    "Эльфы": ("Эльф", "forest", 9),
    "Архаалиты": ("Архаалит", "swamp", 0),
}


@pytest.fixture(scope="module")
def db() -> CardDB:
    return load_all()


def test_the_four_decks_load_with_thirty_legal_cards(db: CardDB) -> None:
    decks = box_decks(db)
    assert [d.name for d in decks] == list(BOX)
    assert [d.name_en for d in decks] == ["Orcs", "Dwarves", "Elves", "Arkhaalites"]
    for deck in decks:
        assert len(deck.cards) == 30 and is_box_deck(deck), deck.name
        validate_deck(deck, db)


def test_each_deck_is_its_class_topped_up_from_its_element(db: CardDB) -> None:
    for deck in box_decks(db):
        cls, element, top_up = BOX[deck.name]
        cards = [db[card_id] for card_id in deck.cards]
        assert all(card.elements in ((), (element,)) for card in cards), deck.name     # one element and neutrals
        others = [card.name for card in cards if cls not in card.classes]
        assert len(others) <= top_up, (deck.name, others)
        assert all(card.elements == (element,) for card in cards if cls not in card.classes), deck.name


def test_the_box_decks_are_listed_last_and_stay_out_of_the_sims_pools(db: CardDB) -> None:
    listed = builtin_decks(db)
    assert [d.name for d in listed[-4:]] == list(BOX)
    assert not any(is_box_deck(d) for d in listed[:-4])
    for sets in (RECORDED_SETS, (10,), (10, 30)):       # the pools `berserk sim --sets` plays: no box deck
        assert not any(is_box_deck(d) for d in builtin_decks(db, sets)), sets


def test_sim_plays_the_box_decks_and_its_report_names_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "box.jsonl"
    argv = ["sim", "--decks", "box", "--rules", "boardgame", "--games", "2", "--seed", "1", "--turn-limit", "20"]
    assert main([*argv, "--json", "--record", str(record)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 2 and result["errors"] == 0
    assert main(["sim-report", str(record)]) == 0
    report = capsys.readouterr().out
    assert "Орки" in report and "Гномы" in report and "Громилы Клока" not in report
