"""The order roll: both dice, and the winner's choice to go first or second. When the other player won
and chose, the screen stays to show the dice and his choice until the player goes on (Enter)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from berserk_tui.engine import actions as act
from berserk_tui.ui.widgets.clock_line import ClockLine
from berserk_tui.ui.widgets.dice import DIE_FACES
from berserk_tui.ui.widgets.footer import Footer

from .base import GameScreen

GO_ON = "go_on"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class OrderScreen(GameScreen):
    phase_name = "order"

    def compose(self) -> ComposeResult:
        with Vertical(id="order-box"):
            yield Static(id="order-title", classes="title")
            yield ClockLine()
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
        chosen = next((e.data for e in self.match.log if e.kind == "order"), None)
        question = self.query_one("#order-question", Static)
        if chosen is not None:
            question.update(self._result(rolls, chosen))
            menu.add_option(Option(self.t("order.go_on"), id=GO_ON))
        elif not self.my_decision:
            question.update(self.t("order.waiting") if rolls else "")
        else:
            won = self.t("order.won.player", n=self.seat + 1) if self.match.setup.hotseat else self.t("order.won")
            if self.view.seats.count > 2:
                won = self.t("order.won.team", who=self.seat_name(self.seat))
            question.update(won)
            for action in self.match.legal():
                if not isinstance(action, act.ChooseOrder):     # the game moved on before the screen did
                    continue
                menu.add_option(Option(self._side(self.t("order.first" if action.first else "order.second"),
                                                  action.first), id="1" if action.first else "0"))
        menu.display = menu.option_count > 0
        if menu.option_count:
            menu.highlighted = 0
            menu.focus()

    def _result(self, rolls: list[dict[str, Any]], chosen: dict[str, Any]) -> str:
        """Who won the roll, what he chose, and so who goes first: «Бот выиграл жребий и решил ходить вторым»."""
        last = {r["seat"]: r["value"] for r in rolls}          # the deciding pair is the last one
        mine = self._side(self.t("order.you.first" if chosen["first"] == self.seat else "order.you.second"),
                          chosen["first"] == self.seat)
        if len(last) == 1:          # one die for a seat the rules play (Астарот's turn order)
            (seat,) = last
            side = "first" if chosen["first"] == seat else "second"
            return self.t(f"order.rules_die.{side}", player=_capital(self.seat_name(seat))) + "\n" + mine
        winner = max(last, key=lambda seat: last[seat])
        choice = self.t("order.chose.first" if chosen["first"] == winner else "order.chose.second")
        setup = self.match.setup
        if self.view.seats.count > 2:       # a team game: who won, and each player's place in the turn
            places = self.view.seats.rounds[chosen["first"]]
            order = " → ".join(str(s + 1) for s in places)
            return self.t("order.result.seat", who=self.seat_name(winner), choice=choice) + "\n" + \
                self.t("order.sequence", order=order)
        who = "you" if winner == self.seat else "player" if setup.hotseat else "opponent" if setup.networked else "bot"
        return self.t(f"order.result.{who}", n=winner + 1, choice=choice) + "\n" + mine

    def _side(self, text: str, first: bool) -> str:
        """`text` with the side going first or second takes in the game, if it names one (laar-duel: the first
        player has Варахиэль, the second is Астарот)."""
        sides = getattr(self.match.game_def, "order_sides", None)
        return text if sides is None else self.t("order.side", text=text.rstrip("."), side=self.t(
            f"order.side.{sides[0 if first else 1]}"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.bapp.order_seen = True
        if event.option.id == GO_ON:
            self.bapp.show_phase()
        else:
            self.bapp.play(act.ChooseOrder(event.option.id == "1"))
