"""Stand-offs: armor hit this turn counts by how the turn can still end; strong presses once no one is wounded."""

from __future__ import annotations

from typing import Any

import pytest

from berserk_tui.bot.evaluate import DEFAULT_WEIGHTS, Weights, evaluate
from berserk_tui.bot.greedy import GreedyBot
from berserk_tui.bot.standoff import PRESS, QUIET_TURNS, quiet_turns, weights_for
from berserk_tui.bot.strong import StrongBot
from berserk_tui.engine import Game, GameState, legal_actions, view
from berserk_tui.engine.actions import Strike
from berserk_tui.engine.modifiers import add_modifier
from berserk_tui.engine.rng import SeededSource
from tests.bot.test_bots import battle

WORN = Weights(worn=1.0)


def an_armored_stand_off(quiet: int = QUIET_TURNS) -> tuple[GameState, dict[str, int]]:
    """Five Ливрах (strike 2-2-3) around an Алмазный голем with armor 7 and one life left: no blow
    alone gets through, five in one turn can. Its last wound was `quiet` turns ago."""
    state, at = battle(
        *({"card": "Ливрах", "owner": 0, "cell": cell, "label": label}
          for cell, label in (("b3", "A"), ("c2", "B"), ("d3", "C"), ("c4", "D"), ("b4", "E"))),
        {"card": "Алмазный голем", "owner": 1, "cell": "c3", "label": "G", "wounds": 2},
    )
    state.turn = 21
    state.cards[at["G"]].wounded_turn = state.turn - quiet
    return state, at


def test_quiet_turns_count_from_the_last_wound_once_the_armies_have_met() -> None:
    state, at = an_armored_stand_off(quiet=4)
    assert quiet_turns(state) == 4
    state.cards[at["A"]].wounded_turn = state.turn
    assert quiet_turns(state) == 4          # a wound this turn does not end the stand-off until the next
    state.cards[at["G"]].wounded_turn = -1
    assert quiet_turns(state) == 0          # no wound before: the armies are still closing in


def test_bots_switch_to_pressing_weights_only_in_a_stand_off() -> None:
    state, _ = an_armored_stand_off(quiet=QUIET_TURNS)
    assert weights_for(state, PRESS) is PRESS
    assert weights_for(state, None) is DEFAULT_WEIGHTS
    calm, _ = an_armored_stand_off(quiet=QUIET_TURNS - 1)
    assert weights_for(calm, PRESS) is DEFAULT_WEIGHTS
    assert weights_for(calm, PRESS, WORN) is WORN and weights_for(state, PRESS, WORN) is PRESS


def test_a_greedy_bot_searches_with_its_own_weights_out_of_a_stand_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """`bench/weights.py` pits greedy with other weights against the shipped one."""
    seen = []
    monkeypatch.setattr("berserk_tui.bot.greedy.Lookahead.action_values",
                        lambda look, state, actions: seen.append(look.weights) or [0.0] * len(actions))
    state, _ = an_armored_stand_off(quiet=QUIET_TURNS - 1)
    legal = legal_actions(state)
    GreedyBot(1, calm=WORN).values(state, legal)
    GreedyBot(1).values(state, legal)
    assert seen == [WORN, DEFAULT_WEIGHTS]


def test_evaluation_credits_armor_worn_down_while_open_attackers_can_finish() -> None:
    state, at = an_armored_stand_off()
    golem = state.cards[at["G"]]
    fresh = evaluate(state, 0, WORN)
    golem.armor_turn, golem.armor_used = state.turn, 4
    assert evaluate(state, 0) == fresh            # no credit unless asked
    assert evaluate(state, 0, WORN) > fresh
    assert evaluate(state, 0, WORN) == pytest.approx(-evaluate(state, 1, WORN))
    for label in "ABCD":            # one open Ливрах left: 3 wounds cannot beat 3 armor and 1 life
        state.cards[at[label]].closed = True
    assert evaluate(state, 0, WORN) == evaluate(state, 0)


def test_ranged_attackers_in_range_count_towards_the_rest() -> None:
    state, at = battle(
        {"card": "Ливрах", "owner": 0, "cell": "b3", "label": "A"},
        *({"card": "Гном-снайпер", "owner": 0, "cell": cell} for cell in ("a1", "e1")),
        {"card": "Ливрах", "owner": 1, "cell": "b4", "label": "L", "wounds": 9},
    )
    target = state.cards[at["L"]]
    add_modifier(state, target.uid, "extra_armor", 2, 99)
    target.armor_turn, target.armor_used = state.turn, 1     # 1 armor and 1 life left: 2 to strike
    state.cards[at["A"]].closed = True
    assert evaluate(state, 0, WORN) > evaluate(state, 0)      # the two snipers in range can shoot 2
    for c in state.cards:
        if c.owner == 0 and c.uid != at["A"]:
            c.closed = True
    assert evaluate(state, 0, WORN) == evaluate(state, 0)


def strikes_in_one_turn(bot: Any, state: GameState, seed: int) -> list[int]:
    """The targets of the strikes `bot` (seat 0) makes before its turn ends; seat 1 takes the first option."""
    game = Game(state, SeededSource(seed))
    struck = []
    while game.state.active == 0 and not game.over:
        action = bot(view(game.state, 0), game.legal_actions()) if game.state.pending.player == 0 \
            else game.legal_actions()[0]
        struck += [action.target] if isinstance(action, Strike) else []
        game.step(action)
    return struck


@pytest.mark.parametrize("seed", [1, 2])
def test_strong_presses_an_armored_stand_off(seed: int) -> None:
    state, at = an_armored_stand_off()
    struck = strikes_in_one_turn(StrongBot(seed, budget_s=30.0, max_samples=2, press=PRESS), state, seed)
    assert len(struck) >= 3 and set(struck) == {at["G"]}


def test_greedy_does_not_open_fire_on_armor_it_cannot_see_through() -> None:
    state, _ = an_armored_stand_off()
    assert strikes_in_one_turn(GreedyBot(1), state, 1) == []


def a_cornered_livrakh(quiet: int = QUIET_TURNS) -> tuple[GameState, dict[str, int]]:
    """Three Ливрах (strike 2-2-3, armor from their wounds as the card gives it at the start of a
    turn) next to an enemy Ливрах in a corner with 5 wounds and so armor 5: no turn can kill it,
    but three blows in one turn get through its armor."""
    state, at = battle(
        *({"card": "Ливрах", "owner": 0, "cell": cell, "label": label, "wounds": wounds}
          for cell, label, wounds in (("a5", "A", 3), ("b5", "B", 4), ("b6", "C", 5))),
        {"card": "Ливрах", "owner": 1, "cell": "a6", "label": "L", "wounds": 5},
    )
    state.turn = 21
    for c in state.cards:
        add_modifier(state, c.uid, "extra_armor", c.wounds, 99)
        c.wounded_turn = state.turn - quiet
    return state, at


def test_armor_worn_down_counts_as_the_wounds_it_lets_through_this_turn() -> None:
    state, at = a_cornered_livrakh()
    target = state.cards[at["L"]]
    assert evaluate(state, 0, WORN) == evaluate(state, 0)
    target.armor_turn, target.armor_used = state.turn, 2          # A's blow: 3 armor left
    state.cards[at["A"]].closed = True
    assert evaluate(state, 0, WORN) > evaluate(state, 0)          # B and C can deal 6: 2 of them thanks to A
    state.cards[at["B"]].closed = True                             # C alone (3) cannot get through 3 armor
    assert evaluate(state, 0, WORN) == evaluate(state, 0)


@pytest.mark.parametrize("seed", [1, 2])
def test_strong_wears_down_the_armor_of_a_creature_it_cannot_kill_this_turn(seed: int) -> None:
    state, at = a_cornered_livrakh()
    struck = strikes_in_one_turn(StrongBot(seed, budget_s=30.0, max_samples=2, press=PRESS), state, seed)
    assert len(struck) >= 2 and set(struck) == {at["L"]}
