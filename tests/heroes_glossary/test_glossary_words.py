"""The glossary's decisions and events have words (ru and en) in the describer, not the fallbacks; a state waiting
on one of them round-trips through its bytes."""

from __future__ import annotations

from pathlib import Path

import pytest

from berserk_tui.engine.heroes import rules as engine
from berserk_tui.engine.heroes.rules import legal_actions
from berserk_tui.engine.heroes.state import HeroesState
from berserk_tui.games.heroes import HEROES
from berserk_tui.scenario.build import load_scenario
from berserk_tui.scenario.heroes import build, parse, with_test_cards

GLOSSARY = Path(__file__).parents[1] / "scenarios" / "heroes" / "glossary"
# scenario, the steps to play before its decision is pending
CASES = [("thirst_wounds_a_chosen_own_character", 1), ("ambush_from_the_hand_in_the_enemy_turn", 1),
         ("free_play_pays_nothing", 1), ("incarnation_revives_closed", 0),
         ("clutch_egg_mines_and_gives_back", 5), ("meditation_short_wounds_the_hero", 1),
         ("life_set_to_x", 2), ("boost_adds_strike_and_life", 2), ("repeat_spell_new_target_same_x", 3),
         ("vanguard_plays_free_with_dash", 2),
         ("unity_searches_on_death", 1)]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("name, steps", CASES)
def test_glossary_decisions_and_events_have_words(name: str, steps: int, lang: str) -> None:
    scn = load_scenario(GLOSSARY / f"{name}.toml")
    built = build(scn, with_test_cards(scn, HEROES.load_db(), GLOSSARY))
    state, events = built.state, list(built.events)
    for step in scn.steps[:steps]:
        engine.apply(state, parse(state, built.labels, step["do"]), events)
    d = HEROES.describer(state, lang, {0: "you", 1: "bot"})
    lines = [d.decision(), *(d.action(a) for a in legal_actions(state))]
    lines += [text for e in events if (text := d.event(e)) is not None]
    fallbacks = ("(event", "(событие", "decides (", "решает (", "Option ", "Вариант ", "Action ", "Действие ")
    assert all(line and not line.startswith(fallbacks) and not any(f in line for f in fallbacks[2:4])
               for line in lines), lines


@pytest.mark.parametrize("name, steps", CASES)
def test_a_state_at_a_glossary_decision_round_trips(name: str, steps: int) -> None:
    scn = load_scenario(GLOSSARY / f"{name}.toml")
    db = with_test_cards(scn, HEROES.load_db(), GLOSSARY)
    built = build(scn, db)
    state = built.state
    for step in scn.steps[:steps]:
        engine.apply(state, parse(state, built.labels, step["do"]))
    again = HeroesState.from_bytes(state.to_bytes(), db)
    assert again.state_hash() == state.state_hash() and legal_actions(again) == legal_actions(state)
