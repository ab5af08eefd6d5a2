"""Every implemented card of «Семена раздора» takes part in at least one scenario (issue 6: each card is
proven by a scenario): it stands on the board, is in a squad, a deal or a deck of some scenario file."""

from __future__ import annotations

import tomllib
from pathlib import Path

from cards.loader import load_all

SCENARIOS = sorted((Path(__file__).parent / "scenarios").rglob("*.toml"))


def _names(value: object) -> list[str]:
    """Card names in a setup list: flat, or one list per seat."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [n for item in value for n in _names(item)]
    return []


def _cards_in(path: Path) -> set[str]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    setup = data.get("setup", {})
    names = [c["card"] for c in data.get("card", [])]
    for key in ("squads", "deal", "decks"):
        names += _names(setup.get(key, []))
    return set(names)


def test_every_implemented_card_plays_in_a_scenario() -> None:
    db = load_all()
    used = {db.find(name).id for path in SCENARIOS for name in _cards_in(path) if db.find(name) is not None}
    missing = sorted(c.name for c in db.cards.values() if c.set == 30 and c.implemented and c.id not in used)
    assert not missing, f"implemented cards in no scenario: {missing}"
