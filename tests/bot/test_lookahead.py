"""The one-ply search: a card from a deck the searcher cannot see is a draw, a spent allowance stops branching, and an
action whose search runs out of budget is still judged by its outcome."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from berserk_tui.bot import lookahead
from berserk_tui.bot.allowance import Allowance
from berserk_tui.bot.evaluate import DEFAULT_WEIGHTS, evaluate
from berserk_tui.bot.lookahead import Lookahead, unseen_draws
from berserk_tui.engine import IllegalAction, apply, legal_actions, view
from berserk_tui.engine.actions import Pass, Use
from berserk_tui.scenario.build import build, load_scenario
from berserk_tui.scenario.commands import parse_command
from cards.loader import load_all

from .test_bots import a_wounded_target, battle

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


class Counted(Lookahead):
    """A search that counts where it branched: over dice and over choices."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.branched = 0

    def _average(self, *args: Any) -> float:
        self.branched += 1
        return super()._average(*args)

    def _choose(self, *args: Any) -> float:
        self.branched += 1
        return super()._choose(*args)


def test_past_its_deadline_a_search_plays_each_action_on_without_branching() -> None:
    state, legal = a_wounded_target()
    v = view(state, 0)

    def search(allowance: Allowance | None) -> tuple[list[int], int]:
        look = Counted(0, random.Random(1), budget=1500, allowance=allowance)
        nodes = []
        for action in legal:
            assert look.value_of(v, action) > -float("inf")
            nodes.append(look.nodes)
        return nodes, look.branched

    (on_time, branched), (late, late_branched) = search(None), search(Allowance(seconds=0.0))
    assert branched > 0 and late_branched == 0      # one line of play per action: dice sampled, defaults taken
    assert sum(late) < sum(on_time)


def armourers_shot() -> tuple:
    """Seat 0's view with a shot at an enemy, both sides holding three Оружейники whose «ремонт» (an
    instant) answers any attack on any of their cards; the view, the shot, and the labels."""
    state, at = battle(
        {"card": "Гном-снайпер", "owner": 0, "cell": "a1", "label": "S"},
        {"card": "Оружейник", "owner": 0, "cell": "b1"},
        {"card": "Оружейник", "owner": 0, "cell": "c1"},
        {"card": "Оружейник", "owner": 0, "cell": "d1"},
        {"card": "Жрица снегопадов", "owner": 1, "cell": "a4", "label": "P"},
        {"card": "Оружейник", "owner": 1, "cell": "c6"},
        {"card": "Оружейник", "owner": 1, "cell": "d6"},
        {"card": "Оружейник", "owner": 1, "cell": "e6"},
    )
    v = view(state, 0)
    shot = next(a for a in legal_actions(v) if isinstance(a, Use) and a.uid == at["S"] and a.target == at["P"])
    return v, shot


def test_an_attack_answered_by_many_instants_is_judged_by_its_outcome() -> None:
    """The response window alone outgrows a small budget. The shot must still count its wound, not look like
    a wasted action."""
    v, shot = armourers_shot()
    apply(probe := v.clone(), shot)
    assert probe.pending.kind == "respond" and len(legal_actions(probe)) > 10   # the enemy's answers
    missed = evaluate(v, 0) - DEFAULT_WEIGHTS.closed       # the shooter closed, nobody wounded
    for budget in (5, 20, 1500):
        value = Lookahead(0, random.Random(1), budget=budget).value_of(v, shot)
        assert value > missed + 0.1, budget


def test_a_default_the_view_cannot_play_ends_the_line_where_it_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the budget a choice takes its default (here passing in the response window); a view may lack
    what an action needs, and then the position is judged as it stands, as for any option, instead of the
    error ending the bot's decision."""
    v, shot = armourers_shot()
    real = lookahead.apply

    def no_passing(s: Any, action: Any) -> Any:
        if isinstance(action, Pass):
            raise IllegalAction("not in this view")
        return real(s, action)

    monkeypatch.setattr(lookahead, "apply", no_passing)
    value = Lookahead(0, random.Random(1), budget=1500, allowance=Allowance(positions=0)).value_of(v, shot)
    assert abs(value) < float("inf")
