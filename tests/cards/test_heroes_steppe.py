"""The steppe cards of «Берсерк. Герои»: set 7's 28 Степи cards and set 8 «Цена прогресса» load with the public data's
stats, in its order, and render from their data in both languages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cards.heroes.loader import load_heroes
from cards.heroes.render import card_text

REFERENCE = Path("/work/shared/reference/heroes/heroes_cards.json")
TYPES = {"Существо": "creature", "Заклинание": "spell", "Событие": "event", "Оружие": "equipment"}


def _steppe_ids() -> list[str]:
    return [f"h7{n:03d}" for n in range(85, 113)] + [f"h8{n:03d}" for n in range(1, 30)]


def test_the_57_steppe_cards_are_there() -> None:
    db = load_heroes()
    cards = [db[i] for i in _steppe_ids()]
    assert all(c.elements == ("steppe",) for c in cards)
    assert [c.set for c in cards].count(8) == 29 and [c.number for c in cards[:2]] == [85, 86]
    assert db["h7094"].type == "equipment" and db["h7094"].subtype == "weapon"
    assert db["h8007"].attack == 4 and db["h8007"].health == 4     # rules decision 870: not in the public data


def test_names_and_stats_match_the_public_data() -> None:
    if not REFERENCE.exists():
        pytest.skip("the public card data is not on this machine")
    rows = [r for r in json.loads(REFERENCE.read_text("utf-8"))
            if "Степи" in r["elements"] and r["set"].startswith("Расцвет") or r["set"].startswith("Цена")]
    db = load_heroes()
    for card_id, row in zip(_steppe_ids(), rows, strict=True):
        card = db[card_id]
        assert (card.name, card.type, card.cost) == (row["name"], TYPES[row["type"]], row["cost"]), card_id
        if card.type == "creature" and row["attack"] is not None:
            assert (card.attack, card.health) == (row["attack"], row["health"]), card_id


def test_rendered_from_the_data() -> None:
    db = load_heroes()
    assert card_text(db["h7087"], "ru") == "Найм: сбросьте карту, иначе уничтожьте это существо."
    assert card_text(db["h8019"], "en") == "Wound each creature by 1 or wound a character by 4."
    assert card_text(db["h7100"], "ru").startswith("(Х), сбросьте Х карт: Выберите Х раз одно из:")


def test_every_steppe_card_is_implemented_and_has_a_scenario() -> None:
    db = load_heroes()
    scenarios = "".join(p.read_text("utf-8") for p in
                        (Path(__file__).parents[1] / "scenarios" / "heroes" / "cards" / "steppe").glob("*.toml"))
    for card_id in _steppe_ids():
        card = db[card_id]
        assert card.implemented, card_id
        assert f'"{card.name}"' in scenarios or f"'{card.name}'" in scenarios, f"{card_id} {card.name}: no scenario"
