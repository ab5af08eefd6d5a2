"""The heroes table's log (`EndLog`) keeps its newest line in view when the card text above it grows."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import RichLog, Static

from berserk_tui.ui.widgets.end_log import EndLog


class Panel(App[None]):
    def __init__(self, log: RichLog) -> None:
        super().__init__()
        self.log_widget = log

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("a short text", id="detail")
            yield self.log_widget


@pytest.mark.parametrize(("kind", "at_end"), [(EndLog, True), (RichLog, False)])
async def test_the_end_stays_in_view_when_the_text_above_grows(kind: type[RichLog], at_end: bool) -> None:
    log = kind(wrap=True)
    app = Panel(log)
    async with app.run_test(size=(40, 20)) as pilot:
        for n in range(60):
            log.write(f"line {n}")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0
        app.query_one("#detail", Static).update("\n".join(["a longer card text"] * 8))
        for _ in range(5):
            await pilot.pause()
        assert (log.scroll_y == log.max_scroll_y) is at_end
