"""Before leaving an unfinished network game (F10, the palette's «menu»): stay, or leave knowing that
the game can be resumed and where its transcript is."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class NetLeaveScreen(ModalScreen[bool]):
    """Dismissed with True to leave; Escape (or «stay») keeps playing."""

    BINDINGS = [Binding("escape", "stay", "key.stay")]
    AUTO_FOCUS = "#stay"

    def __init__(self, transcript: str) -> None:
        super().__init__()
        self.transcript = transcript

    def compose(self) -> ComposeResult:
        t = self.app.t  # type: ignore[attr-defined]
        with Middle(), Center(), Vertical(id="net-leave"):
            yield Static(t("net.leave.title"), classes="title")
            yield Static(t("net.leave.text"))
            yield Static(t("net.transcript", path=self.transcript), id="net-leave-path")
            with Horizontal(classes="buttons"):
                yield Button(t("net.leave.stay"), variant="primary", id="stay")
                yield Button(t("net.leave.go"), id="leave")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "leave")

    def action_stay(self) -> None:
        self.dismiss(False)
