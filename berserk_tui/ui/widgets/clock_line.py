"""The clocks of a network game on one line: «⏱ вы ▸0:42+15:00 · соперник 14:10».

The running clock is marked ▸ and shows the free time left in the current wait, then (after +) the
reserve; once the free time is gone only the reserve runs down. The other shows its reserve (in a game of more
seats, «игрок N»: the other seat the game waits on, or else the next opponent in turn order). The
line hides itself in games without clocks; the app's network timer calls `tick()`, and the line is
redrawn only when its text changes (once a second).
"""

from __future__ import annotations

import math

from rich.text import Text
from textual.widgets import Static

from berserk_tui.i18n import tr
from berserk_tui.netgame import Reading

LOW_S = 30.0        # one's own reserve running with this many seconds left is low time


def duration(seconds: float) -> str:
    """`m:ss`, or `h:mm:ss` from an hour (whole seconds, rounded up: 0:00 only when nothing is left)."""
    whole = max(0, math.ceil(seconds))
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


def _clock(reading: Reading) -> str:
    if not reading.running:
        return duration(reading.reserve)
    if reading.free > 0:
        return f"▸{duration(reading.free)}+{duration(reading.reserve)}"
    return f"▸{duration(reading.reserve)}"


def low(reading: Reading) -> bool:
    """One's time is running out: the free time of this wait is gone and little reserve is left, or
    (without a reserve) a few seconds of the free time are left."""
    return reading.running and (reading.left <= LOW_S / 3 or (reading.free <= 0 and reading.reserve <= LOW_S))


def clock_text(mine: Reading, theirs: Reading, lang: str, other: int | None = None) -> Text:
    """Both clocks: the running one bold, one's own in red when it runs low, the opponent's yellow
    once his free time is gone. `other`: the other clock's seat in a game of more seats (named by number)."""
    def part(who: str, reading: Reading, style: str) -> tuple[str, str]:
        return f"{who} {_clock(reading)}", style if reading.running else "dim"

    mine_style = "bold red" if low(mine) else "bold"
    theirs_style = "bold yellow" if theirs.free <= 0 else "bold"
    them = tr("seat.opponent", lang) if other is None else tr("seat.player", lang, n=other + 1)
    return Text.assemble("⏱ ", part(tr("seat.you", lang), mine, mine_style), " · ", part(them, theirs, theirs_style))


def other_seat(table: object, seat: int, now_running: list[bool]) -> int:
    """The seat whose clock stands beside one's own in a game of more seats: another seat the game waits on, or
    else the next opponent in turn order."""
    seats = table.state.seats      # type: ignore[attr-defined]
    return next((s for s, running in enumerate(now_running) if running and s != seat), seats.opponents(seat)[0])


class ClockLine(Static):
    """Both clocks of the game in play, from the viewer's seat; hidden in games without clocks."""

    DEFAULT_CSS = "ClockLine { width: auto; height: 1; padding: 0 1; display: none; }"

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self._shown = ""
        self._warned: object = None      # the wait the low-time warning was given for

    def on_mount(self) -> None:
        self.tick()

    def tick(self) -> None:
        app = self.app
        table = getattr(app, "match", None)
        seat = getattr(app, "viewer", 0)
        mine = theirs = None
        other: int | None = None
        if table is not None and not table.over:
            mine, theirs = table.reading(seat), table.reading(1 - seat)
            count = table.state.seats.count if mine is not None else 2
            if count > 2:
                readings = [table.reading(s) for s in range(count)]
                other = other_seat(table, seat, [r is not None and r.running for r in readings])
                theirs = readings[other]
        self.display = mine is not None and theirs is not None
        if mine is None or theirs is None:
            return
        lang = app.settings.lang  # type: ignore[attr-defined]
        text = clock_text(mine, theirs, lang, other)
        if text.plain + str(low(mine)) != self._shown:
            self._shown = text.plain + str(low(mine))
            self.update(text)
        wait = table.clock_wait
        if low(mine) and self._warned != wait:
            self._warned = wait
            self.notify(tr("clock.low", lang, left=duration(mine.left)), severity="warning", timeout=8)
