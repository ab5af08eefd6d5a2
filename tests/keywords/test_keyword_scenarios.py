"""Keyword mechanics no implemented card uses yet, proven with test-only cards (set 99)."""

from __future__ import annotations

from pathlib import Path

import pytest

from berserk_tui.engine import apply
from berserk_tui.engine.actions import Confirm, Place
from berserk_tui.engine.death import kill
from berserk_tui.engine.keywords import kw
from berserk_tui.engine.modifiers import BATTLE_LONG, add_modifier
from berserk_tui.scenario.build import Scenario, build, cell_of, load_scenario
from berserk_tui.scenario.commands import parse_command
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


def test_an_equipment_is_destroyed_with_its_host(db: CardDB) -> None:
    scn = load_scenario(HERE / "scenarios" / "equipment_put_on_a_classed_creature.toml")
    built = build(scn, db)
    state = built.state
    for step in scn.steps[:8]:          # through the seating of the mail on Гиртан
        apply(state, parse_command(state, built.labels, step["do"]))
    host = next(c.uid for c in state.cards if state.cdef(c.uid).name == "Гиртан")
    mail = next(c for c in state.cards if c.zone == "equipped")
    assert mail.host == host and kw(state, host, "armor") == 1
    kill(state, host, [], cause="destroyed")
    assert mail.zone == "grave" and mail.host == -1 and mail.uid in state.players[mail.owner].grave


def test_purchase_choices_work_in_the_battle(db: CardDB) -> None:
    """The higher price paid gives the mercenary its armor; the herald taken before the purchase starts the
    battle with a chip (the marks are set by the purchase: tests/keywords/scenarios/*purchase*)."""
    scn = Scenario("choices", "", [], {"phase": "deploy", "first": 0, "rules": {"open_deployment": True},
                                       "squads": [["Тест: наёмник", "Тест: наёмник", "Тест: глашатай",
                                                   "Тест: глашатай"], ["Лирайн"]]}, [], [], [])
    built = build(scn, db)
    state = built.state
    merc, merc_plain, herald, herald_plain = state.players[0].squad
    add_modifier(state, merc, "paid_extra")
    add_modifier(state, herald, "recruited", 1, BATTLE_LONG)
    for uid, cell in ((merc, "c3"), (merc_plain, "b3"), (herald, "d3"), (herald_plain, "c2")):
        apply(state, Place(uid, cell_of(state.geo, cell, "test")))
    apply(state, Confirm())
    apply(state, Place(state.players[1].squad[0], cell_of(state.geo, "c4", "test")))
    apply(state, Confirm())             # the reveal and the start of the battle follow
    assert kw(state, merc, "armor") == 1 and kw(state, merc_plain, "armor") == 0
    assert state.cards[herald].chips == 1 and state.cards[herald_plain].chips == 0
