"""A decision's allowance: the strong bot's search ends at its positions, so it plays the same on a
fast or slow machine, and only the clock's safety net, when it ends a search, is counted."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from berserk_tui.bot import AGENTS, allowance, strong
from berserk_tui.bot.allowance import Allowance
from berserk_tui.bot.strong import StrongBot
from berserk_tui.engine import Rules, view
from berserk_tui.sim import play_game
from cards.loader import load_all

from .test_bots import a_wounded_target

DB = load_all()


class SlowClock:
    """A clock that moves `step` seconds at every reading: a machine that much slower per position."""

    def __init__(self, step: float) -> None:
        self.readings = itertools.count()
        self.step = step

    def perf_counter(self) -> float:
        return next(self.readings) * self.step


def searched(monkeypatch: pytest.MonkeyPatch) -> list[Allowance]:
    """Every allowance the strong bot's decisions are given, once they are spent."""
    out: list[Allowance] = []
    real = StrongBot.decide

    def decide(self: StrongBot, *args: Any) -> Any:
        out.append(args[-1])
        return real(self, *args)

    monkeypatch.setattr(strong.StrongBot, "decide", decide)
    return out


def test_an_allowance_is_spent_by_positions_or_by_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(allowance, "time", SlowClock(1.0))
    a = Allowance(positions=10, seconds=5.0)       # read once at its start: 0 s
    a.used = 8
    assert not a.spent(0.9) and not a.clock_ran_out     # 8 of 9 positions, 1 of 4.5 s
    assert a.spent(0.8) and not a.clock_ran_out         # 8 of 8 positions
    a.used = 0
    assert [a.spent() for _ in range(4)] == [False, False, False, True]   # 2, 3, 4 and 5 of 5 s
    assert a.clock_ran_out
    assert not Allowance().spent()


@pytest.mark.parametrize("positions", [200, 3000])
def test_strong_plays_the_same_on_a_slow_machine(positions: int, monkeypatch: pytest.MonkeyPatch) -> None:
    state, legal = a_wounded_target()
    spent = searched(monkeypatch)
    fast = StrongBot(3, positions=positions)
    fast_choice = fast(view(state, 0), legal)
    monkeypatch.setattr(allowance, "time", SlowClock(0.001))   # a millisecond a reading, 2 s in 2000 of them
    slow = StrongBot(3, positions=positions, budget_s=1e6)
    assert slow(view(state, 0), legal) == fast_choice
    assert spent[0].used == spent[1].used <= positions      # the same search, within its positions
    assert slow.rng.getstate() == fast.rng.getstate()       # ... drawing the same samples
    assert fast.clock_cuts == slow.clock_cuts == 0


def test_strong_on_a_machine_too_slow_for_its_positions_keeps_to_the_clock(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state, legal = a_wounded_target()
    spent = searched(monkeypatch)
    monkeypatch.setattr(allowance, "time", SlowClock(0.01))    # 2 s in 200 readings
    bot = StrongBot(3, positions=3000)
    assert bot(view(state, 0), legal) in legal
    assert spent[0].used < 300 and bot.clock_cuts == 1


def test_a_game_against_strong_repeats_move_for_move_on_another_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(AGENTS, "strong", lambda seed: StrongBot(seed, positions=600))
    games = [play_game(DB, None, 5, 1, "strong", "greedy", Rules(turn_limit=3))[0]]
    monkeypatch.setattr(allowance, "time", SlowClock(1e-4))     # 0.1 ms a reading: 600 positions well within 2 s
    games.append(play_game(DB, None, 5, 1, "strong", "greedy", Rules(turn_limit=3))[0])
    assert games[0].state.state_hash() == games[1].state.state_hash()
    assert games[0].state.turn > 3 and games[0].state.stalled        # played to the turn limit
