"""The one-ply search: a card from a deck the searcher cannot see is a draw, and a deadline stops branching."""

from __future__ import annotations

import random
from pathlib import Path

from berserk_tui.bot.lookahead import Lookahead, unseen_draws
from berserk_tui.engine import apply, legal_actions, view
from berserk_tui.scenario.build import build, load_scenario
from berserk_tui.scenario.commands import parse_command
from cards.loader import load_all

from .test_bots import a_wounded_target

DB = load_all()
PROPHECY = Path(__file__).parents[1] / "scenarios" / "cards" / "poison_bearer_prophecy_odd_even.toml"


def prophecy_position() -> tuple:
    """Seat 0's turn with Несущий отраву, whose prophecy shows the top card of seat 0's deck, and its use."""
    built = build(load_scenario(PROPHECY), DB)
    return built.state, parse_command(built.state, built.labels, "use N prophecy L")


def test_the_opponents_unseen_deck_is_drawn_from_not_chosen_from() -> None:
    state, use = prophecy_position()
    apply(state, use)
    assert state.pending.kind == "prophecy" and state.pending.player == 0
    theirs = view(state, 1)                          # seat 1 does not see seat 0's deck
    options = legal_actions(theirs)
    assert len(options) > 100 and unseen_draws(theirs, options) == options
    mine = view(state, 0)                            # the owner knows what his deck holds
    assert len(legal_actions(mine)) == 1 and unseen_draws(mine, legal_actions(mine)) == []


def test_a_search_through_an_unseen_prophecy_samples_one_card() -> None:
    state, use = prophecy_position()
    look = Lookahead(1, random.Random(1), budget=1500)
    value = look.value_of(view(state, 1), use)
    assert value == value and abs(value) != float("inf")
    assert look.nodes < 10                           # not one branch per card of the database


def test_past_its_deadline_a_search_judges_each_action_on_the_spot() -> None:
    state, legal = a_wounded_target()
    v = view(state, 0)

    def nodes(deadline: float | None) -> list[int]:
        look = Lookahead(0, random.Random(1), budget=1500, deadline=deadline)
        out = []
        for action in legal:
            assert look.value_of(v, action) > -float("inf")
            out.append(look.nodes)
        return out

    on_time, late = nodes(None), nodes(0.0)          # every clock reading is past 0.0
    assert sum(late) < sum(on_time)
    assert max(late) <= 3                            # no die enumerated, no choice branched
