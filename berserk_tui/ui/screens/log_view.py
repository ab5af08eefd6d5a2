"""The whole game log, full screen and scrollable."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import RichLog

from berserk_tui.ui.widgets.footer import Footer


class LogScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,L,q", "close", "key.close")]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        log = RichLog(id="full-log", wrap=True, markup=False)
        yield log
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for line in self.lines:
            log.write(line)
        log.focus()

    def action_close(self) -> None:
        self.dismiss(None)
