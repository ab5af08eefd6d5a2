"""What one decision may spend on search: positions, and clock seconds as a safety net.

A limit in positions makes a search repeat exactly on any machine, busy or idle; a limit in
seconds keeps a decision within its time on a machine too slow for the positions. Searches
sharing an `Allowance` count into it, and each asks whether a share of it is spent.
"""

from __future__ import annotations

import time


class Allowance:
    """A decision's limits: at most `positions` positions searched (None: no limit) and at most
    `seconds` on the clock from now (None: no limit)."""

    def __init__(self, positions: int | None = None, seconds: float | None = None) -> None:
        self.positions = positions
        self.seconds = seconds
        self.used = 0                        # positions searched so far
        self.start = time.perf_counter()
        self.clock_ran_out = False           # the clock, not the positions, ended some search

    def spent(self, share: float = 1.0) -> bool:
        """Whether `share` of either limit is used up."""
        if self.positions is not None and self.used >= self.positions * share:
            return True
        if self.seconds is not None and time.perf_counter() - self.start >= self.seconds * share:
            self.clock_ran_out = True
            return True
        return False
