"""The time control of a network game, and the clock that applies it to both players.

A *wait* is a stretch during which the game waits on one player: his decision, or a message his
program owes (a die share, a reveal, the opening of his placement). The first `allowance` seconds
of every wait are free; beyond them his `reserve` for the whole game runs down, and when it is
gone he has run out of time. `DecisionClock` reads no clock of its own: the caller says, with
monotonic times, whom the game waits on from when, so tests drive it with made-up times.
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass
from typing import NamedTuple

ALLOWANCE_LIMITS = (10, 3600)    # seconds free per wait
RESERVE_LIMITS = (0, 7200)       # seconds of reserve for the whole game


@dataclass(frozen=True, slots=True)
class TimeControl:
    """`allowance` seconds free per wait, then `reserve` seconds for the whole game (whole numbers)."""
    allowance: int
    reserve: int

    def __post_init__(self) -> None:
        for name, value, (low, high) in (("allowance", self.allowance, ALLOWANCE_LIMITS),
                                         ("reserve", self.reserve, RESERVE_LIMITS)):
            if type(value) is not int or not low <= value <= high:
                raise ValueError(f"the time control's {name} must be a whole number of seconds in {low}..{high}, "
                                 f"got {value!r}")

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """`"60/900"`: the allowance and the reserve in seconds; ValueError saying what is wrong."""
        allowance, slash, reserve = text.strip().partition("/")
        if not slash or not allowance.strip().isdigit() or not reserve.strip().isdigit():
            raise ValueError(f"a time control is ALLOWANCE/RESERVE in seconds, such as 60/900, not {text!r}")
        return cls(int(allowance), int(reserve))

    @classmethod
    def from_wire(cls, value: object) -> TimeControl:
        """The `[allowance, reserve]` of a hello; ValueError if it is not two ints within bounds."""
        if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
            raise ValueError(f"a time control must be [allowance, reserve] in whole seconds, got {reprlib.repr(value)}")
        return cls(value[0], value[1])

    def to_wire(self) -> list[int]:
        return [self.allowance, self.reserve]

    def __str__(self) -> str:
        return f"{self.allowance}/{self.reserve}"


DEFAULT_CONTROL = TimeControl(60, 900)


class Reading(NamedTuple):
    """One player's clock now: the free seconds left in the current wait (the whole allowance when
    the game does not wait on him), the reserve left, and whether his time is running."""
    free: float
    reserve: float
    running: bool

    @property
    def left(self) -> float:
        return self.free + self.reserve


class DecisionClock:
    """Both players' clocks under one `control`. `used` is each seat's reserve spent so far (seconds)."""

    def __init__(self, control: TimeControl, used: tuple[float, float] = (0.0, 0.0)) -> None:
        self.control = control
        self.used = [min(float(u), control.reserve) for u in used]
        self.on: int | None = None          # the seat the game waits on, or None
        self.since = 0.0                    # when that wait began
        self.key: object = None             # what identifies the wait (a new key begins a new one)
        self.last_left = [float(control.allowance + control.reserve - u) for u in self.used]

    def wait(self, seat: int | None, now: float, key: object = None) -> None:
        """From `now` the game waits on `seat` (None: on nobody). The same seat with a new `key` is a new
        wait (each with its allowance); the same seat and key go on with the current one."""
        if seat == self.on and key == self.key:
            return
        if self.on is not None:
            self.last_left[self.on] = self.reading(self.on, now).left
            self.used[self.on] = min(self.used[self.on] + self._overrun(now), self.control.reserve)
        self.on, self.since, self.key = seat, now, key

    def reading(self, seat: int, now: float) -> Reading:
        control = self.control
        if self.on != seat:
            return Reading(float(control.allowance), control.reserve - self.used[seat], False)
        spent = max(0.0, now - self.since)
        return Reading(max(0.0, control.allowance - spent),
                       max(0.0, control.reserve - self.used[seat] - self._overrun(now)), True)

    def left(self, seat: int, now: float) -> float:
        """Seconds before `seat` runs out if the game waits on him from now on (a fresh wait if it does not)."""
        return self.reading(seat, now).left

    def expired(self, seat: int, now: float) -> bool:
        """The game waits on `seat` and his time is gone."""
        return self.on == seat and self.left(seat, now) <= 0

    def _overrun(self, now: float) -> float:
        return max(0.0, now - self.since - self.control.allowance)
