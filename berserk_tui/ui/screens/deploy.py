"""Face-down deployment: pick a card of the squad, place it on a highlighted cell, undo, confirm."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from berserk_tui.engine import actions as act
from berserk_tui.engine.setup import unplaced
from berserk_tui.ui.widgets.board import Board, Mark
from berserk_tui.ui.widgets.card_detail import CardDetail
from berserk_tui.ui.widgets.clock_line import ClockLine
from berserk_tui.ui.widgets.footer import Footer

from .base import GameScreen


class DeployScreen(GameScreen):
    phase_name = "deploy"
    BINDINGS = [     # most important first
        Binding("c", "confirm", "key.deploy_ready"),
        Binding("escape", "back", "key.back", show=False),
        Binding("u,backspace", "unplace", "key.unplace"),
        Binding("tab", "switch", "key.switch"),
        Binding("f10", "leave", "key.menu"),
    ]

    KEY_ORDER = ("confirm", "unplace", "switch", "card_text", "leave")

    def key_hints(self) -> list[tuple[str, str]]:
        """What Enter and Esc do now, for the footer: pick a card in the squad, place it on the board."""
        if not self.my_decision or not self._hand():
            return []
        if self.query_one(Board).has_focus:
            return [("enter", "key.place"), ("esc", "key.to_squad")]
        return [("enter", "key.pick")]

    def compose(self) -> ComposeResult:
        yield Static(id="deploy-title", classes="title")
        yield ClockLine()
        with Horizontal():
            yield Board(id="board")
            with Vertical(id="deploy-side"):
                yield Static(id="deploy-help")
                yield OptionList(id="hand")
                yield CardDetail(id="deploy-detail")
        yield Footer()

    def on_mount(self) -> None:
        board = self.query_one(Board)
        board.show(self.view, self.seat, lang=self.bapp.lang)
        board.home(1)
        super().on_mount()
        self.query_one("#hand", OptionList).focus()

    def _hand(self) -> list[int]:
        return unplaced(self.view, self.seat) if self.my_decision else []

    def refresh_match(self) -> None:
        v = self.view
        hand = self._hand()
        self.query_one("#deploy-title", Static).update(
            self.t("deploy.title", player=self._who(), n=len(hand)))
        help_key = ("deploy.help" if hand else "deploy.all_placed") if self.my_decision else "deploy.waiting"
        self.query_one("#deploy-help", Static).update(self.t(help_key))
        menu = self.query_one("#hand", OptionList)
        keep = menu.highlighted
        menu.clear_options()
        for uid in hand:
            d = v.cdef(uid)
            assert d is not None
            menu.add_option(Option(f"{d.name}  ♥{d.life} ↕{d.move} ⚔{'-'.join(map(str, d.strike))}", id=str(uid)))
        if hand:
            menu.highlighted = min(keep or 0, len(hand) - 1)
        self._mark()

    def _who(self) -> str:
        if self.view.seats.count > 2:
            return self.seat_name(self.seat)
        return self.t("seat.player", n=self.seat + 1) if self.match.setup.hotseat else self.t("seat.you")

    def _chosen(self) -> int | None:
        menu = self.query_one("#hand", OptionList)
        if menu.highlighted is None or menu.option_count == 0:
            return None
        return int(menu.get_option_at_index(menu.highlighted).id or -1)

    def _mark(self) -> None:
        uid = self._chosen()
        cells = {a.cell for a in self.match.legal() if isinstance(a, act.Place) and a.uid == uid} \
            if self.my_decision else set()
        self.query_one(Board).show(self.view, self.seat, {c: Mark.ALLOWED for c in cells}, self.bapp.lang)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self.query_one(CardDetail).show_card(self.view, int(event.option.id), self.seat, self.bapp.lang)
        self._mark()

    def on_option_list_option_selected(self) -> None:
        board = self.query_one(Board)
        allowed = [c for c, m in board.marks.items() if m is Mark.ALLOWED]
        if allowed and board.cursor not in allowed:
            board.cursor = min(allowed, key=lambda c: abs(c - board.cursor))
        board.focus()

    def on_board_cursor_moved(self, event: Board.CursorMoved) -> None:
        uid = self.view.grid[event.cell]
        if uid >= 0:
            self.query_one(CardDetail).show_card(self.view, uid, self.seat, self.bapp.lang)

    def on_board_selected(self, event: Board.Selected) -> None:
        uid = self._chosen()
        if uid is not None and act.Place(uid, event.cell) in self.match.legal():
            self.bapp.play(act.Place(uid, event.cell))
            if self._hand():
                self.query_one("#hand", OptionList).focus()
        elif self.view.grid[event.cell] >= 0:
            self.action_unplace()
        elif uid is not None:
            self.notify(self.t("deploy.not_here"), severity="warning")

    def action_unplace(self) -> None:
        cell = self.query_one(Board).cursor
        if act.Unplace(cell) in self.match.legal():
            self.bapp.play(act.Unplace(cell))
        elif self.view.grid[cell] >= 0:
            self.notify(self.t("deploy.cannot_unplace"), severity="warning")

    def action_back(self) -> None:
        """Esc on the board gives up the picked card's cell: back to the squad list."""
        if self.query_one(Board).has_focus and self._hand():
            self.query_one("#hand", OptionList).focus()

    def action_switch(self) -> None:
        if self.query_one(Board).has_focus:
            self.query_one("#hand", OptionList).focus()
        else:
            self.query_one(Board).focus()

    def action_confirm(self) -> None:
        if act.Confirm() in self.match.legal() and self.my_decision:
            self.bapp.play(act.Confirm())
        elif self.my_decision:
            self.notify(self.t("deploy.not_done"), severity="warning")
