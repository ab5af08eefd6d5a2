"""Дополнительная стоимость (rules decision 991): its words for the player (the prompt, the options, the log line) and
the loader's errors for a malformed one."""

from __future__ import annotations

from pathlib import Path

import pytest

from berserk_tui.bot import get_agent
from berserk_tui.engine.heroes import rules as engine
from berserk_tui.games.heroes import HEROES
from berserk_tui.scenario.build import load_scenario
from berserk_tui.scenario.heroes import build, parse, with_test_cards
from cards.heroes.terms import check_ability
from cards.heroes.terms.model import TermError

SCENARIO = Path(__file__).parents[1] / "scenarios/heroes/glossary/extra_cost_optional_bonus.toml"


def test_the_optional_cost_is_asked_and_logged_in_words() -> None:
    scn = load_scenario(SCENARIO)
    built = build(scn, with_test_cards(scn, HEROES.load_db(), SCENARIO.parent))
    state = built.state
    engine.apply(state, parse(state, built.labels, "play S1"))
    assert state.pending.kind == "extra_cost"
    ru = HEROES.describer(HEROES.view(state, 0), "ru", {0: "you"})
    en = HEROES.describer(HEROES.view(state, 0), "en", {0: "you"})
    assert ru.decision() == "Тест: плата по желанию: заплатить дополнительную стоимость ради её эффекта?"
    assert en.decision() == "Тест: плата по желанию: pay the additional cost for its effect?"
    assert [ru.action(a) for a in engine.legal_actions(state)] == ["Не платить", "Заплатить"]
    events = engine.apply(state, parse(state, built.labels, "choose 1"))
    lines = [HEROES.describer(HEROES.view(state, 0), "en", {0: "you"}).event(e) for e in events]
    assert any(line and "pays the additional cost of Тест: плата по желанию" in line for line in lines), lines


@pytest.mark.parametrize(("cost", "message"), [
    ({"coins": 1}, "cost.coins: not a part of an additional cost"),
    ({"close": True}, "cost.close: not a part of an additional cost"),
    ({"discard": 0}, "cost.discard: expected an integer ≥ 1"),
    ({}, "cost: expected a table of discard, wound"),
])
def test_a_malformed_additional_cost_is_named(cost: dict, message: str) -> None:
    with pytest.raises(TermError, match=message):
        check_ability({"type": "extra_cost", "cost": cost}, "abilities[0]")


@pytest.mark.parametrize("name", ["random", "greedy", "strong"])
def test_the_bots_play_cards_with_additional_costs(name: str) -> None:
    """Each bot, from the scenario's start, plays on for some steps through the additional costs' decisions."""
    scn = load_scenario(SCENARIO)
    built = build(scn, with_test_cards(scn, HEROES.load_db(), SCENARIO.parent))
    state = built.state
    bot = get_agent(name, 1, HEROES.agents)
    kinds = set()
    for _ in range(12):
        if state.over or state.pending.player != 0:
            break
        legal = engine.legal_actions(state)
        kinds.add(state.pending.kind)
        action = bot(HEROES.view(state, 0), legal)
        assert action in legal
        engine.apply(state, action)
    assert "extra_cost" in kinds or "discard" in kinds
