"""Set 7's Болото cards: each one marked implemented has a scenario of its own in tests/scenarios/heroes/cards/swamp/
(a file whose tags name it), and the cards not implemented are exactly the ones waiting for Модуль's parts."""

from __future__ import annotations

import tomllib
from pathlib import Path

from cards.heroes.loader import load_heroes

SCENARIOS = Path(__file__).parents[2] / "scenarios" / "heroes" / "cards" / "swamp"


def _swamp() -> list:
    return [c for c in load_heroes().values() if c.set == 7 and c.number <= 28]


def test_every_implemented_swamp_card_has_a_scenario() -> None:
    tagged = {tag for path in SCENARIOS.glob("*.toml") for tag in tomllib.loads(path.read_text("utf-8"))["tags"]}
    missing = [c.name for c in _swamp() if c.implemented and c.name not in tagged]
    assert not missing, missing
    assert len(_swamp()) == 28
    waiting = {c.name for c in _swamp() if not c.implemented}
    assert waiting == {"Любопытный гоблин", "Ремонтник", "Турбохвост"}, waiting
