"""A network game that cannot go on: the opponent broke the protocol, or stopped answering (he may
still come back: the player can wait, and the screen closes by itself when he does)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class NetStoppedScreen(ModalScreen[None]):
    """Says why the game stopped and where its transcript (the proof) is kept."""

    BINDINGS = [Binding("escape,enter", "leave", "key.menu")]

    def __init__(self, reason: str, transcript: str, can_wait: bool = False) -> None:
        super().__init__()
        self.reason = reason
        self.transcript = transcript
        self.can_wait = can_wait

    def compose(self) -> ComposeResult:
        t = self.app.t  # type: ignore[attr-defined]
        with Middle(), Center(), Vertical(id="net-stopped"):
            yield Static(t("net.stopped.title"), classes="title")
            yield Static(self.reason, classes="error")
            yield Static(t("net.stopped.proof", path=self.transcript))
            with Horizontal(classes="buttons"):
                yield Button(t("over.menu"), variant="primary", id="leave")
                if self.can_wait:
                    yield Button(t("net.wait"), id="wait")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "wait":
            self.dismiss(None)
        else:
            self.action_leave()

    def action_leave(self) -> None:
        self.dismiss(None)
        self.app.leave_game()  # type: ignore[attr-defined]
