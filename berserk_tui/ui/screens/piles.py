"""The graveyards and exiles of both sides, with the text of the highlighted card."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from berserk_tui.engine import GameState
from berserk_tui.ui.widgets.card_detail import CardDetail
from berserk_tui.ui.widgets.footer import Footer


class PilesScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,g,q", "close", "key.close")]

    def __init__(self, view: GameState, seat: int) -> None:
        super().__init__()
        self.v = view
        self.seat = seat

    def compose(self) -> ComposeResult:
        t = self.app.t  # type: ignore[attr-defined]
        with Horizontal(id="piles-box"):
            menu = OptionList(id="piles")
            enemies = [(foe, "piles.enemy") for foe in self.v.seats.opponents(self.seat)]
            for owner, key in ((self.seat, "piles.yours"), *enemies):
                p = self.v.players[owner]
                for pile, uids in (("grave", p.grave), ("exile", p.exile)):
                    menu.add_option(Option(t(f"{key}.{pile}", n=len(uids)), disabled=True))
                    for uid in uids:
                        d = self.v.cdef(uid)
                        menu.add_option(Option(f"  {d.name if d else '?'}", id=str(uid)))
            yield menu
            yield CardDetail(id="piles-detail")
        yield Static(t("piles.hint"), classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        menu = self.query_one("#piles", OptionList)
        menu.focus()
        first = next((i for i, o in enumerate(menu.options) if not o.disabled), None)
        if first is not None:
            menu.highlighted = first

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self.query_one(CardDetail).show_card(self.v, int(event.option.id), self.seat,
                                                 self.app.lang)  # type: ignore[attr-defined]

    def action_close(self) -> None:
        self.dismiss(None)
