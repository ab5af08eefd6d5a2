"""The bots in seed 003's team game (games/team.py): a teammate's choices are searched as the team's, a bot
defends its teammate's creature, a creature in its teammate's way costs the team, and the simulator plays the
four seats with a bot per team."""

from __future__ import annotations

import random
from typing import Any

from berserk_tui.bot import get_agent
from berserk_tui.bot.evaluate import evaluate, in_the_way
from berserk_tui.bot.lookahead import Lookahead
from berserk_tui.engine import Rules, apply, legal_actions
from berserk_tui.engine.actions import Defend, Pass, Strike
from berserk_tui.games.team import TEAM, TEAM_SEATS
from berserk_tui.scenario.build import Built, Scenario, build
from berserk_tui.sim import play_game, seats_of
from cards.loader import load_all

DB = load_all()


def team_position(cards: list[dict[str, Any]], active: int = 0, turn: int = 1) -> Built:
    setup = {"game": "team", "first": 0, "active": active, "turn": turn}
    return build(Scenario("team", "", [], setup, cards, [], []), DB)


def card(name: str, owner: int, cell: str, label: str, **more: Any) -> dict[str, Any]:
    return {"card": name, "owner": owner, "cell": cell, "label": label, **more}


def struck_teammate() -> tuple[Built, list]:
    """Seat 1's Лирайн E strikes seat 0's Лирайн T (one life left); seat 2's Лирайн D stands next to both and is
    asked first whether it defends."""
    built = team_position([card("Лирайн", 1, "e4", "E"), card("Лирайн", 0, "e3", "T", wounds=5),
                           card("Лирайн", 2, "f3", "D"), card("Лирайн", 3, "j6", "F")], active=1, turn=2)
    s, at = built.state, built.labels
    apply(s, Strike(at["E"], at["T"]))
    assert s.pending.kind == "respond" and s.pending.player == 2
    return built, legal_actions(s)


def test_the_search_plays_a_teammates_choice_for_the_team() -> None:
    """Where the teammate decides, the search takes his best for the team (its maximum), not the worst."""
    built, options = struck_teammate()
    assert Defend(built.labels["D"]) in options and Pass() in options
    look = Lookahead(0, random.Random(0), budget=10 ** 6, dice=2)
    values = []
    for option in options:
        branch = built.state.clone()
        apply(branch, option)
        values.append(look._settle(branch, 2, 10 ** 6))
    assert max(values) > min(values)
    assert look._choose(built.state.clone(), options, 2, 10 ** 6) == max(values)


def test_greedy_defends_its_teammates_creature() -> None:
    built, options = struck_teammate()
    s = built.state
    assert get_agent("greedy", 1)(TEAM.view(s, 2), options) == Defend(built.labels["D"])


def test_a_creature_in_its_teammates_way_costs_the_team() -> None:
    """Seat 2's creature right ahead of seat 0's (on its way to the enemy) counts; beside it, it does not."""
    blocked = team_position([card("Лирайн", 0, "e2", "A"), card("Лирайн", 2, "e3", "B"), card("Лирайн", 1, "a6", "E")])
    beside = team_position([card("Лирайн", 0, "e2", "A"), card("Лирайн", 2, "f2", "B"), card("Лирайн", 1, "a6", "E")])
    assert (in_the_way(blocked.state, 0), in_the_way(beside.state, 0), in_the_way(blocked.state, 1)) == (1, 0, 0)
    assert evaluate(blocked.state, 0) < evaluate(beside.state, 0)


def test_the_simulator_plays_the_team_game_a_bot_per_team() -> None:
    assert seats_of(0, TEAM_SEATS.teams) == (0, 1, 0, 1) and seats_of(1, TEAM_SEATS.teams) == (1, 0, 1, 0)
    for index in range(2):
        game, steps = play_game(DB, None, 3, index, "random", "random", Rules(), game_def=TEAM)
        state = game.state
        assert state.over and state.seats == TEAM_SEATS and len(state.players) == 4 and steps > 0
