"""Hot-seat: a blank screen between two players' decisions, so neither sees the other's secrets."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static


class HandoverScreen(ModalScreen[None]):
    """Covers everything until player `seat` presses Enter."""

    BINDINGS = [Binding("enter,space", "take", "key.take")]

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def compose(self) -> ComposeResult:
        t = self.app.t  # type: ignore[attr-defined]
        with Middle(), Center():
            yield Static(t("handover.text", player=self.seat + 1, other=2 - self.seat), id="handover")

    def action_take(self) -> None:
        self.dismiss(None)
