"""Durations count the seats' turns (rules decision 701): «его следующий ход» is four turns on in a team game
when given in its owner's own turn, «ход противника» is a turn of the other team, never a teammate's; the duel's
counts are as before."""

from __future__ import annotations

import pytest

from berserk_tui.engine import GameState
from berserk_tui.engine.ops.values import expiry
from berserk_tui.scenario.build import Scenario, build
from cards.loader import load_all

DB = load_all()


def at_turn(game: str, active: int, turn: int) -> GameState:
    setup = {"game": game, "first": 0, "active": active, "turn": turn}
    cards = [{"card": "Лирайн", "owner": s, "cell": cell}
             for s, cell in enumerate(("c2", "c5") if game == "classic" else ("c2", "c5", "h2", "h5"))]
    return build(Scenario("t", "", [], setup, cards, [], []), DB).state


@pytest.mark.parametrize(("active", "turn"), [(0, 1), (1, 2)])
def test_the_duels_durations_are_as_before(active: int, turn: int) -> None:
    s = at_turn("classic", active, turn)
    for owner in (0, 1):
        mine = active == owner
        assert s.next_turn(owner) == turn + (2 if mine else 1)
        assert expiry(s, "end_of_opponent_turn", owner) == (turn + 1 if mine else turn)
        assert expiry(s, "end_of_next_opponent_turn", owner) == (turn + 1 if mine else turn + 2)
        assert expiry(s, "end_of_your_next_turn", owner) == (turn + 2 if mine else turn + 1)
        assert expiry(s, "end_of_your_turn", owner) == (turn if mine else turn + 1)


def test_a_team_games_durations_count_four_seats() -> None:
    s = at_turn("team", 0, 1)           # seat 0's turn; then 1, 2 (his teammate), 3
    assert [s.next_turn(seat) for seat in range(4)] == [5, 2, 3, 4]
    assert expiry(s, "end_of_your_next_turn", 0) == 5
    assert expiry(s, "end_of_your_turn", 2) == 3           # the teammate's own turn, two on
    assert expiry(s, "end_of_opponent_turn", 0) == 2       # seat 1's turn, next
    assert expiry(s, "end_of_opponent_turn", 1) == 1       # seat 0 is seat 1's opponent: this turn
    assert expiry(s, "end_of_next_opponent_turn", 1) == 3  # the next turn of team 0 after this one: seat 2's
    s = at_turn("team", 2, 3)           # seat 2's turn: for seat 0 a teammate's turn is no opponent's
    assert expiry(s, "end_of_opponent_turn", 0) == 4
    assert s.next_enemy_turn(0, True) == 4 and s.next_enemy_turn(1, True) == 3
