"""Set 7's Болото cards: all 28 are implemented, each with a scenario of its own in tests/scenarios/heroes/cards/swamp/
(a file whose tags name it); the created modules marked implemented have theirs in cards/created/."""

from __future__ import annotations

import tomllib
from pathlib import Path

from cards.heroes.loader import load_heroes

CARDS = Path(__file__).parents[2] / "scenarios" / "heroes" / "cards"


def _swamp() -> list:
    return [c for c in load_heroes().values() if c.set == 7 and c.number <= 28]


def _tags(folder: str) -> set[str]:
    return {tag for path in (CARDS / folder).glob("*.toml") for tag in tomllib.loads(path.read_text("utf-8"))["tags"]}


def test_every_swamp_card_is_implemented_with_a_scenario() -> None:
    tagged = _tags("swamp")
    assert len(_swamp()) == 28
    assert [c.name for c in _swamp() if not (c.implemented and c.name in tagged)] == []


def test_implemented_created_cards_have_scenarios() -> None:
    made = [c for c in load_heroes().values() if c.has("created")]
    assert [c.name for c in made if c.implemented and c.name not in _tags("created")] == []
