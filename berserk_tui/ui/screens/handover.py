"""Hot-seat: a blank screen between two players' decisions, so neither sees the other's secrets.
It says who decides and what about («игрок 2 решает: защитник»), not «the turn passes» when it does not."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static

from berserk_tui.i18n import MESSAGES

OWN_TITLES = ("purchase", "deploy", "main")     # decisions with a sentence of their own; the rest: «решает: …»


class HandoverScreen(ModalScreen[None]):
    """Covers everything until player `seat` presses Enter; `kind` is the decision he is to make; `others`: the
    other people at this terminal, who should look away (in a duel, the other seat)."""

    BINDINGS = [Binding("enter,space", "take", "key.take")]

    def __init__(self, seat: int, kind: str, others: tuple[int, ...] | None = None) -> None:
        super().__init__()
        self.seat = seat
        self.kind = kind
        self.others = (1 - seat,) if others is None else others

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self.text(), id="handover")

    def text(self) -> str:
        app = self.app
        t = app.t  # type: ignore[attr-defined]
        n, other = self.seat + 1, ", ".join(str(s + 1) for s in self.others)
        if self.kind in OWN_TITLES:
            what = t(f"handover.{self.kind}", player=n)
        else:
            known = f"handover.kind.{self.kind}" in MESSAGES[app.lang]  # type: ignore[attr-defined]
            what = t("handover.decides", player=n, what=t(f"handover.kind.{self.kind}" if known else "handover.kind"))
        return t("handover.text" if len(self.others) == 1 else "handover.text.many", what=what, player=n, other=other)

    def action_take(self) -> None:
        self.dismiss(None)
