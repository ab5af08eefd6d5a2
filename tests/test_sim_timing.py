"""Decision times in `berserk sim`: by the wall clock and in CPU time, so that a decision that only
waited for a loaded or paused machine is told from one that computed too long; and the searches
the clock cut short, which make a game depend on the machine."""

from __future__ import annotations

import time

from berserk_tui.sim import SimResult, Timed


def test_timed_keeps_wall_and_cpu_time_of_real_choices() -> None:
    wall: list[float] = []
    cpu: list[float] = []

    def waiting(state: object, actions: list) -> object:
        time.sleep(0.05)
        return actions[0]

    agent = Timed(waiting, wall, cpu, [0, 0], 1)
    assert agent(None, ["only"]) == "only"            # a forced move is not a decision: not timed
    assert agent(None, ["a", "b"]) == "a"
    assert len(wall) == len(cpu) == 1
    assert wall[0] >= 0.05 and cpu[0] < 0.025          # sleeping takes time but no CPU


def test_timeouts_count_by_the_clock_and_in_cpu_time() -> None:
    result = SimResult(times=([3.0, 0.1], [2.6]), cpu=([2.7, 0.1], [0.2]), limit=2.5)
    assert (result.timeouts, result.cpu_timeouts) == (2, 1)
    stats = result.decision_stats(0)
    assert stats["max_ms"] == 3000.0 and stats["max_cpu_ms"] == 2700.0
    assert result.to_json()["cpu_timeouts"] == 1


def test_timed_counts_the_searches_the_clock_cut_short_by_bot() -> None:
    class Cut:
        clock_cuts = 0

        def __call__(self, state: object, actions: list) -> object:
            self.clock_cuts += actions[0] == "cut"
            return actions[0]

    cuts = [0, 0]
    agent = Timed(Cut(), [], [], cuts, 1)
    for actions in (["cut", "x"], ["fine", "x"], ["cut", "x"]):
        agent(None, actions)
    assert cuts == [0, 2]
    plain = Timed(lambda state, actions: actions[0], [], [], cuts, 0)   # a bot with no clock to cut
    plain(None, ["a", "b"])
    assert cuts == [0, 2]
