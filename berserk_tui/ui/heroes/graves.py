"""Both graveyards of a game of «Берсерк. Герои», browsable: the cards in the order they went there, the highlighted
one's details beside them."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from berserk_tui.ui.widgets.footer import Footer

from .text import detail


class GravesScreen(ModalScreen[None]):
    """`view` as `seat` sees it; `d` the game's describer for that view (the players' names)."""

    BINDINGS = [Binding("escape,g,q", "close", "key.close")]

    def __init__(self, view: Any, seat: int, d: Any) -> None:
        super().__init__()
        self.v, self.seat, self.d = view, seat, d
        self.rows: list[int | None] = []

    def compose(self) -> ComposeResult:
        yield Static(id="hg-graves-title", classes="title")
        with Horizontal(id="hg-graves"):
            yield OptionList(id="hg-grave-list")
            yield Static(id="hg-grave-detail")
        yield Footer()

    def on_mount(self) -> None:
        t = self.app.t  # type: ignore[attr-defined]
        self.query_one("#hg-graves-title", Static).update(t("hg.grave.title"))
        options: list[Option] = []
        for seat in (1 - self.seat, self.seat):
            grave = self.v.players[seat].grave
            options.append(Option(Text(t("hg.grave.side", player=self.d.player(seat), n=len(grave)), "bold"),
                                  disabled=True))
            self.rows.append(None)
            for uid in grave:
                options.append(Option("\u2800 " + self.d.card(uid), id=f"g{uid}"))
                self.rows.append(uid)
            if not grave:
                options.append(Option(Text("\u2800 " + t("hg.grave.empty"), "dim"), disabled=True))
                self.rows.append(None)
        listing = self.query_one("#hg-grave-list", OptionList)
        listing.add_options(options)
        listing.highlighted = next((i for i, uid in enumerate(self.rows) if uid is not None), None)
        listing.focus()
        self._show()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show()

    def _show(self) -> None:
        t = self.app.t  # type: ignore[attr-defined]
        i = self.query_one("#hg-grave-list", OptionList).highlighted
        uid = self.rows[i] if i is not None else None
        text = detail(t, self.v, uid, self.app.lang) if uid is not None else ""  # type: ignore[attr-defined]
        self.query_one("#hg-grave-detail", Static).update(Text(text))

    def action_close(self) -> None:
        self.dismiss(None)
