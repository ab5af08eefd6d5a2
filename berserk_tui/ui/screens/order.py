"""The order roll: both dice, and the winner's choice to go first or second."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from berserk_tui.engine import actions as act
from berserk_tui.ui.widgets.dice import DIE_FACES
from berserk_tui.ui.widgets.footer import Footer

from .base import GameScreen


class OrderScreen(GameScreen):
    phase_name = "order"

    def compose(self) -> ComposeResult:
        with Vertical(id="order-box"):
            yield Static(id="order-title", classes="title")
            yield Static(id="order-dice")
            yield Static(id="order-question")
            with Center():
                yield OptionList(id="order-choice")
        yield Footer()

    def refresh_match(self) -> None:
        self.query_one("#order-title", Static).update(self.t("order.title"))
        rolls = [e.data for e in self.match.log if e.kind == "order_roll"]
        lines = [self.t("order.roll", player=self.seat_name(r["seat"]), die=DIE_FACES[r["value"]], value=r["value"])
                 for r in rolls]
        self.query_one("#order-dice", Static).update("\n".join(lines))
        menu = self.query_one("#order-choice", OptionList)
        menu.clear_options()
        if not self.my_decision:
            self.query_one("#order-question", Static).update(self.t("order.waiting") if rolls else "")
        else:
            won = self.t("order.won.player", n=self.seat + 1) if self.match.setup.hotseat else self.t("order.won")
            self.query_one("#order-question", Static).update(won)
            for action in self.match.legal():
                if not isinstance(action, act.ChooseOrder):     # the game moved on before the screen did
                    continue
                menu.add_option(Option(self.t("order.first" if action.first else "order.second"),
                                       id="1" if action.first else "0"))
            menu.highlighted = 0
            menu.focus()
        menu.display = menu.option_count > 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.bapp.play(act.ChooseOrder(event.option.id == "1"))

