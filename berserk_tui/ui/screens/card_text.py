"""A card's whole text in a window of its own, for when the details pane is too small to show all of it."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from berserk_tui.ui.widgets.footer import Footer


class CardTextScreen(ModalScreen[None]):
    """The text of the details pane, scrolled with the arrows; Esc, q or i closes it."""

    BINDINGS = [Binding("escape,q,i", "close", "key.close")]

    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="card-text"):
            yield Static(self.text)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
