"""Every implemented card of «Семена раздора» takes part in at least one scenario (issue 6: each card is
proven by a scenario): it stands on the board, is in a squad, a deal or a deck of some scenario file."""

from __future__ import annotations

from pathlib import Path

from cards.loader import load_all
from tests.scenario_cards import cards_in

SCENARIOS = sorted((Path(__file__).parent / "scenarios").rglob("*.toml"))


def test_every_implemented_card_plays_in_a_scenario() -> None:
    db = load_all()
    used = {db.find(name).id for path in SCENARIOS for name in cards_in(path) if db.find(name) is not None}
    missing = sorted(c.name for c in db.cards.values() if c.set == 30 and c.implemented and c.id not in used)
    assert not missing, f"implemented cards in no scenario: {missing}"
