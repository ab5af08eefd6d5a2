"""Every implemented card of every set takes part in at least one scenario (issue 6: each card is proven by a
scenario; issue 38: of every set): it stands on the board, is in a squad, a deal or a deck of some scenario
file. A name names the first printing of a card (`CardDB.find`); a scenario names a later printing by its id."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.loader import CardDB, load_all
from tests.scenario_cards import cards_in

SCENARIOS = sorted((Path(__file__).parent / "scenarios").rglob("*.toml"))


def used_ids(db: CardDB, paths: list[Path]) -> set[str]:
    """The ids of the cards the scenario files place."""
    return {card.id for path in paths for name in cards_in(path) if (card := db.find(name)) is not None}


def missing(db: CardDB, set_id: int, used: set[str]) -> list[str]:
    """The implemented cards of set `set_id` in no scenario, as "number name"."""
    return [f"{c.number} {c.name}" for c in db.sets()[set_id][1] if c.implemented and c.id not in used]


@pytest.mark.parametrize("set_id", sorted(load_all().sets()))
def test_every_implemented_card_plays_in_a_scenario(set_id: int) -> None:
    db = load_all()
    lost = missing(db, set_id, used_ids(db, SCENARIOS))
    assert not lost, f"implemented cards of set {set_id} in no scenario: {lost}"


def test_a_card_of_any_set_missing_from_the_scenarios_is_named(tmp_path: Path) -> None:
    db = load_all()
    card = next(c for c in db.implemented() if c.set == 30)
    scenario = tmp_path / "one.toml"
    scenario.write_text(f'[[card]]\ncard = "{card.id}"\nowner = 0\ncell = "A1"\n', encoding="utf-8")
    assert missing(db, 30, used_ids(db, [scenario])) == [
        f"{c.number} {c.name}" for c in db.sets()[30][1] if c.implemented and c.id != card.id]
