"""The purchase choices of the set-10 neutrals in the battle (Вольный воитель: «на X больше» gives +X to its
strike and +2 lives) and the squad costs of `purchase_gain` / `purchase_discount` (tests/scenarios/set10/neutral
play the purchases themselves)."""

from __future__ import annotations

from pathlib import Path

from berserk_tui.engine import apply
from berserk_tui.engine.actions import Confirm, Place
from berserk_tui.engine.attack_values import attack_value
from berserk_tui.engine.core import advance
from berserk_tui.engine.death import kill
from berserk_tui.engine.keywords import max_life, strike_values
from berserk_tui.engine.modifiers import BATTLE_LONG, add_modifier
from berserk_tui.engine.setup import squad_cost, squad_problem
from berserk_tui.engine.state import NO_DECISION
from berserk_tui.scenario.build import Scenario, build, cell_of
from cards.loader import load_all, load_set

DB = load_all()
GAINER = """[set]
id = 99
name = "Проба"
[[card]]
id = "99001"
number = 1
name = "Пробный наёмник"
elements = []
cost = 3
elite = false
unique = false
kind = "creature"
classes = []
rarity = "common"
life = 5
move = 1
strike = [1, 1, 2]
keywords = {}
icons = []
implemented = true
[[card.abilities]]
type = "purchase_gain"
gold = 2
max = 1
of = { element = "forest" }
"""


def test_paid_x_more_gives_plus_x_strike_and_two_lives() -> None:
    scn = Scenario("x", "", [], {"phase": "deploy", "first": 0, "rules": {"open_deployment": True},
                                 "squads": [["Вольный воитель"], ["Лирайн"]]}, [], [], [])
    state = build(scn, DB).state
    warrior = state.players[0].squad[0]
    add_modifier(state, warrior, "paid_extra", 3)
    apply(state, Place(warrior, cell_of(state.geo, "c3", "test")))
    apply(state, Confirm())
    apply(state, Place(state.players[1].squad[0], cell_of(state.geo, "c4", "test")))
    apply(state, Confirm())
    enemy = state.players[1].squad[0]
    assert [attack_value(state, warrior, enemy, "strike", lvl, v) for lvl, v in
            enumerate(strike_values(state, warrior), 1)] == [3, 4, 5]
    assert max_life(state, warrior) == 5


def test_a_purchase_gain_pays_for_anything_while_the_squad_allows_it(tmp_path: Path) -> None:
    path = tmp_path / "set99_proba.toml"
    path.write_text(GAINER, encoding="utf-8")
    (gainer,) = load_set(path)
    scn = Scenario("p", "", [], {"phase": "purchase", "first": 0, "deal": ["Лирайн"]}, [], [], [])
    state = build(scn, DB).state
    lirain, gloa = DB.find("Лирайн"), DB.find("Глоа")
    assert squad_cost(state, 0, [gainer]) == (-2, 1)                 # 3 silver, 2 gold gained
    assert squad_cost(state, 0, [gainer, lirain]) == (-2, 4)         # one forest card: still gained
    assert squad_cost(state, 0, [gainer, lirain, gloa]) == (0, 10)   # two forest cards: not gained
    assert squad_cost(state, 0, [DB.find("Мародер"), DB.find("Вольный воитель")]) == (1, 4)


def test_a_partly_known_squad_is_judged_leniently() -> None:
    """A peer checking the opponent's squad at a reveal knows only some cards: those not known yet may be a
    Мародер (a gold crystal gained) or complete Ведающий запасами's costs, so no honest squad is refused."""
    scn = Scenario("p", "", [], {"phase": "purchase", "first": 0, "deal": ["Лирайн"], "gold": 1, "silver": 4},
                   [], [], [])
    state = build(scn, DB).state
    keeper, warrior = DB.find("Ведающий запасами"), DB.find("Вольный воитель")
    assert squad_problem(state, 0, [warrior]) is not None               # 2 gold of 1
    assert squad_problem(state, 0, [warrior], unknown=1) is None         # the card not known may gain one
    assert squad_problem(state, 0, [warrior, keeper]) is not None        # 2 gold + 4 of 5 crystals
    assert squad_problem(state, 0, [warrior, keeper], unknown=1) is None  # it may be free


def test_the_creature_taken_with_linnet_dies_when_she_leaves_the_battlefield() -> None:
    """Линнет: the card recruited right after her (order in the `recruited` mark) dies when she dies; another
    card recruited before her stays."""
    scn = Scenario("l", "", [], {"phase": "deploy", "first": 0, "rules": {"open_deployment": True},
                                 "squads": [["Линнет", "Вольный воитель", "Лирайн"], ["Лирайн"]]}, [], [], [])
    state = build(scn, DB).state
    linnet, warrior, lirain = state.players[0].squad
    add_modifier(state, lirain, "recruited", 1, BATTLE_LONG)
    add_modifier(state, linnet, "recruited", 2, BATTLE_LONG)
    add_modifier(state, warrior, "recruited", 3, BATTLE_LONG)
    for uid, cell in ((linnet, "c3"), (warrior, "b3"), (lirain, "d3")):
        apply(state, Place(uid, cell_of(state.geo, cell, "test")))
    apply(state, Confirm())
    apply(state, Place(state.players[1].squad[0], cell_of(state.geo, "c4", "test")))
    apply(state, Confirm())
    main = state.pending
    state.pending = NO_DECISION          # her death in the middle of a turn: its triggers run, then the turn goes on
    kill(state, linnet, [], cause="wounds")
    advance(state, [])
    assert state.pending == main
    assert state.cards[warrior].zone == "grave" and state.cards[lirain].zone == "board"


def test_a_peer_counts_an_elite_card_that_may_have_come_with_linnet_as_silver() -> None:
    scn = Scenario("p", "", [], {"phase": "purchase", "first": 0, "deal": ["Лирайн"], "gold": 0, "silver": 7},
                   [], [], [])
    state = build(scn, DB).state
    linnet, warrior = DB.find("Линнет"), DB.find("Вольный воитель")
    assert squad_problem(state, 0, [linnet, warrior]) is not None            # 2 gold of none
    assert squad_problem(state, 0, [linnet, warrior], lenient=True) is None  # it may have come with Линнет
