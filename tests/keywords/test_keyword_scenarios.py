"""Keyword mechanics no implemented card uses yet, proven with test-only cards (set 99)."""

from __future__ import annotations

from pathlib import Path

import pytest

from berserk_tui.scenario.runner import run_file
from cards.loader import CardDB, load_all, load_set

HERE = Path(__file__).parent
SCENARIOS = sorted((HERE / "scenarios").glob("*.toml"))


@pytest.fixture(scope="module")
def db() -> CardDB:
    real = load_all()
    sets = {sid: (name, list(cards)) for sid, (name, cards) in real.sets().items()}
    sets[99] = ("Тестовые карты", load_set(HERE / "test_cards.toml"))
    return CardDB(sets)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_keyword_scenario(path: Path, db: CardDB) -> None:
    assert run_file(path, db) == []


def test_test_cards_stay_out_of_the_real_database() -> None:
    assert not any(card_id.startswith("99") for card_id in load_all())
