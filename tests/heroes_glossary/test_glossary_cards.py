"""The test-only cards of «Берсерк. Герои» (set 99) prove glossary keywords no shipped card uses; they stay out of
the shipped database, and a scenario naming a bad card file is told so."""

from __future__ import annotations

from pathlib import Path

import pytest

from berserk_tui.scenario import run_file
from berserk_tui.scenario.build import ScenarioError
from cards.heroes.loader import load_heroes, load_set
from cards.heroes.render import card_text

HERE = Path(__file__).parent
GLOSSARY = HERE.parent / "scenarios" / "heroes" / "glossary"


def test_test_cards_stay_out_of_the_shipped_database() -> None:
    test_ids = {c.id for c in load_set(HERE / "test_cards.toml")}
    assert test_ids and not test_ids & set(load_heroes())
    assert not any(c.set == 99 for c in load_heroes().values())


def test_test_cards_render_in_both_languages() -> None:
    texts = {card_text(c, lang) for c in load_set(HERE / "test_cards.toml") for lang in ("ru", "en")}
    assert {"Жажда 2.", "Thirst 2.", "Медитация 2.", "Meditation 2."} <= texts


@pytest.mark.parametrize("path", sorted(GLOSSARY.glob("*.toml")), ids=lambda p: p.stem)
def test_glossary_scenario(path: Path) -> None:
    assert run_file(path) == []


def test_a_missing_test_card_file_is_named(tmp_path: Path) -> None:
    text = (GLOSSARY / "thirst_only_the_hero.toml").read_text(encoding="utf-8")
    path = tmp_path / "s.toml"
    path.write_text(text.replace("../../../heroes_glossary/test_cards.toml", "nowhere.toml"), encoding="utf-8")
    with pytest.raises(ScenarioError, match="test_cards 'nowhere.toml'"):
        run_file(path)
