"""A creature left closed next to an enemy that strikes before it opens costs `Weights.exposed` (strong's)."""

from __future__ import annotations

import pytest

from berserk_tui.bot.evaluate import DEFAULT_WEIGHTS, Weights, evaluate, exposed
from berserk_tui.bot.standoff import PRESS, QUIET_TURNS
from berserk_tui.bot.strong import CALM, StrongBot
from berserk_tui.engine import legal_actions
from tests.bot.test_bots import battle

EXPOSED = Weights(exposed=0.5)


def closed_striker() -> tuple:
    """Seat 0's Гиртан closed at c3 next to Лирайн B (c4); Лирайн F far off at e6. Seat 0 is active."""
    state, at = battle(
        {"card": "Гиртан", "owner": 0, "cell": "c3", "label": "A"},
        {"card": "Лирайн", "owner": 1, "cell": "c4", "label": "B"},
        {"card": "Лирайн", "owner": 1, "cell": "e6", "label": "F"},
    )
    state.cards[at["A"]].closed = True
    return state, at


def test_a_closed_creature_next_to_an_enemy_costs_the_weight_in_its_owners_turn() -> None:
    state, at = closed_striker()
    assert exposed(state, at["A"])
    assert evaluate(state, 0, EXPOSED) == pytest.approx(evaluate(state, 0) - 0.5)
    assert evaluate(state, 0, EXPOSED) == pytest.approx(-evaluate(state, 1, EXPOSED))
    state.cards[at["B"]].closed = True      # closed now, but open at the start of the enemy's turn
    assert exposed(state, at["A"])


def test_on_the_enemys_turn_only_an_open_neighbour_exposes_it() -> None:
    state, at = closed_striker()
    state.active = 1
    assert exposed(state, at["A"])
    state.cards[at["B"]].closed = True      # it has acted this turn: no strike left for it
    assert not exposed(state, at["A"])
    assert exposed(state, at["B"])          # ... and it stays closed next to A through seat 0's turn
    assert evaluate(state, 0, EXPOSED) == pytest.approx(evaluate(state, 0) + 0.5)


def test_no_cost_apart_from_the_enemy_or_open_or_by_default() -> None:
    state, at = closed_striker()
    assert evaluate(state, 0, DEFAULT_WEIGHTS) == evaluate(state, 0)
    state.cards[at["B"]].cell = state.cards[at["F"]].cell - 1     # moved off, two cells or more away
    assert not exposed(state, at["A"])
    state.cards[at["B"]].cell = state.cards[at["A"]].cell + 1
    state.cards[at["A"]].closed = False
    assert evaluate(state, 0, EXPOSED) == pytest.approx(evaluate(state, 0))


def test_strong_searches_with_the_exposed_weight_out_of_a_stand_off(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []
    monkeypatch.setattr("berserk_tui.bot.greedy.Lookahead.action_values",
                        lambda look, state, actions: seen.append(look.weights) or [0.0] * len(actions))
    state, at = closed_striker()
    state.cards[at["A"]].closed = False
    state.turn = 21
    state.cards[at["B"]].wounded_turn = state.turn - 1
    StrongBot(1, budget_s=0.5, max_samples=1)(state, legal_actions(state))
    state.cards[at["B"]].wounded_turn = state.turn - QUIET_TURNS
    StrongBot(1, budget_s=0.5, max_samples=1)(state, legal_actions(state))
    assert seen[0] is CALM and seen[-1] is PRESS and CALM.exposed > 0 == PRESS.exposed
