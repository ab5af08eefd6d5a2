"""The decision clock of a network game (issue 36, hole 3: a stalling loser wins by waiting), driven
with made-up times: the time control, its bounds, the free allowance of each wait, the reserve."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_tui.netgame import DEFAULT_CONTROL, DecisionClock, Reading, TimeControl


def test_a_time_control_is_read_from_text_and_from_the_wire() -> None:
    """Hole 3: the host's `--clock 60/900` and its hello field are the same two whole numbers, bounded."""
    assert TimeControl.parse("60/900") == DEFAULT_CONTROL == TimeControl.from_wire([60, 900])
    assert TimeControl.parse(" 10 / 0 ") == TimeControl(10, 0)
    assert str(TimeControl(3600, 7200)) == "3600/7200" and TimeControl(3600, 7200).to_wire() == [3600, 7200]
    for text in ("60", "60/", "a/b", "60/-1", "1.5/900", ""):
        with pytest.raises(ValueError, match="ALLOWANCE/RESERVE"):
            TimeControl.parse(text)
    with pytest.raises(ValueError, match="allowance must be a whole number of seconds in 10..3600, got 9"):
        TimeControl.parse("9/900")
    with pytest.raises(ValueError, match="reserve must be a whole number of seconds in 0..7200, got 7201"):
        TimeControl(60, 7201)
    for bad in ([60], [60, 900, 1], [60.0, 900], [True, 900], "60/900", {"allowance": 60}, [60, 2**70]):
        with pytest.raises(ValueError):
            TimeControl.from_wire(bad)


def test_each_wait_is_free_for_its_allowance_then_the_reserve_runs_down() -> None:
    """Hole 3: a player who waits beyond his allowance spends his reserve; when it is gone he has run out."""
    clock = DecisionClock(TimeControl(10, 20))
    clock.wait(1, 100.0, "a")
    assert clock.reading(1, 105.0) == Reading(5.0, 20.0, True)
    assert clock.reading(0, 105.0) == Reading(10.0, 20.0, False)
    assert clock.reading(1, 115.0) == Reading(0.0, 15.0, True) and not clock.expired(1, 115.0)
    clock.wait(0, 116.0, "b")                   # seat 1 moved: 6 s of his reserve are gone
    assert clock.used == [0.0, 6.0] and clock.reading(1, 200.0) == Reading(10.0, 14.0, False)
    assert clock.last_left[1] == 14.0
    clock.wait(1, 120.0, "c")                   # a new wait: the allowance again, then 14 s
    assert clock.left(1, 130.0) == 14.0 and not clock.expired(1, 143.9)
    assert clock.expired(1, 144.0) and clock.reading(1, 500.0) == Reading(0.0, 0.0, True)
    assert not clock.expired(0, 500.0)          # the game does not wait on seat 0


def test_the_same_wait_goes_on_and_a_new_key_begins_another() -> None:
    """Hole 3: consecutive decisions of one player each get the allowance; a redraw does not restart one."""
    clock = DecisionClock(TimeControl(10, 100))
    clock.wait(0, 0.0, (1, 1))
    clock.wait(0, 8.0, (1, 1))                  # nothing happened: the same wait
    assert clock.reading(0, 8.0).free == 2.0
    clock.wait(0, 12.0, (2, 1))                 # he moved and decides again: 2 s of reserve spent
    assert clock.used[0] == 2.0 and clock.reading(0, 12.0).free == 10.0
    clock.wait(None, 30.0)                      # the game is over: nobody's time runs
    assert clock.used[0] == 10.0 and clock.on is None and not clock.expired(0, 1e9)


def test_a_resumed_clock_keeps_the_reserves_used_and_restarts_the_wait() -> None:
    """Hole 3: the private game file keeps the reserves used; the current wait starts anew."""
    clock = DecisionClock(TimeControl(10, 60), used=(15.0, 70.0))
    assert clock.used == [15.0, 60.0]           # never more than the reserve
    clock.wait(1, 1000.0)
    assert clock.left(1, 1000.0) == 10.0 and clock.expired(1, 1010.0)
    assert clock.left(0, 1010.0) == 55.0


def test_time_never_runs_backwards() -> None:
    clock = DecisionClock(TimeControl(10, 60))
    clock.wait(0, 50.0)
    assert clock.reading(0, 40.0) == Reading(10.0, 60.0, True)
    clock.wait(1, 45.0)
    assert clock.used == [0.0, 0.0]


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(allowance=st.integers(10, 3600), reserve=st.integers(0, 7200),
       waits=st.lists(st.tuples(st.integers(0, 1), st.floats(0, 5000)), max_size=30))
def test_the_reserve_spent_is_exactly_the_overruns(allowance: int, reserve: int,
                                                   waits: list[tuple[int, float]]) -> None:
    """Hole 3: whatever the waits, each seat's reserve spent is the sum of its waits beyond the allowance
    (capped at the reserve), and a seat has run out exactly when that reaches the reserve."""
    clock = DecisionClock(TimeControl(allowance, reserve))
    now, spent = 0.0, [0.0, 0.0]
    for i, (seat, length) in enumerate(waits):
        clock.wait(seat, now, i)
        left = clock.left(seat, now + length)
        assert left == pytest.approx(max(0.0, allowance - length) + max(0.0, reserve - spent[seat]
                                                                         - max(0.0, length - allowance)))
        assert clock.expired(seat, now + length) == (left <= 0)
        now += length
        spent[seat] = min(reserve, spent[seat] + max(0.0, length - allowance))
    clock.wait(None, now)
    assert clock.used == pytest.approx(spent)
