"""`SeatClocks`: the decision clocks of every seat of a four-player network game under one `TimeControl`.

As in the duel (`clock.DecisionClock`, rules decisions 259–260) the first `allowance` seconds of every wait on a
seat are free and beyond them its `reserve` for the whole game runs down; here several seats may be waited on at
once (all four deploy at once, every seat owes its die share). The caller says which seats the game waits on,
each with a key that names the wait (a new key is a new wait), and the monotonic time; no clock is read here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .clock import Reading, TimeControl


class SeatClocks:
    """Every seat's clock; `used[s]` is seat s's reserve spent in the waits that have ended."""

    def __init__(self, control: TimeControl, seats: int, used: Sequence[float] = ()) -> None:
        self.control = control
        spent = list(used) if len(used) == seats else [0.0] * seats
        self.used = [min(max(0.0, float(u)), control.reserve) for u in spent]
        self.since: list[float | None] = [None] * seats     # when each running wait began
        self.keys: list[object] = [None] * seats

    def wait(self, owing: Mapping[int, object], now: float) -> None:
        """From `now` the game waits on the seats of `owing` (seat -> the key of its wait); the waits on every
        other seat end, and a seat whose key changed begins a new wait."""
        for s, since in enumerate(self.since):
            if s in owing and since is not None and self.keys[s] == owing[s]:
                continue
            if since is not None:
                self.used[s] = min(self.used[s] + self._overrun(s, now), float(self.control.reserve))
                self.since[s] = None
            if s in owing:
                self.since[s], self.keys[s] = now, owing[s]

    def reading(self, seat: int, now: float) -> Reading:
        control = self.control
        since = self.since[seat]
        if since is None:
            return Reading(float(control.allowance), control.reserve - self.used[seat], False)
        return Reading(max(0.0, control.allowance - max(0.0, now - since)),
                       max(0.0, control.reserve - self.used[seat] - self._overrun(seat, now)), True)

    def over(self, seat: int, now: float, grace: float = 0.0) -> bool:
        """The game waits on `seat` and its time has been gone for `grace` seconds."""
        since, control = self.since[seat], self.control
        return since is not None and now - since >= control.allowance + control.reserve - self.used[seat] + grace

    @property
    def started(self) -> float | None:
        """When the latest running wait began (None: the game waits on nobody)."""
        return max((s for s in self.since if s is not None), default=None)

    def _overrun(self, seat: int, now: float) -> float:
        since = self.since[seat]
        return 0.0 if since is None else max(0.0, now - since - self.control.allowance)
