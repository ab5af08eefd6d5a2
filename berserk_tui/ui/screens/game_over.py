"""The end of a game: who won, and a short summary of the battle."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from berserk_tui.engine import DRAW
from berserk_tui.ui.widgets.footer import Footer

from .base import GameScreen


def battle_summary(log: list, cards: list) -> dict[int, dict[str, int]]:
    """Per seat: wounds dealt, creatures lost, dice rolled, strikes made."""
    out = {seat: {"wounds": 0, "lost_cards": 0, "strikes": 0} for seat in (0, 1)}
    for e in log:
        d = e.data
        if e.kind == "wounded":
            out[1 - cards[d["uid"]].owner]["wounds"] += d["amount"]
        elif e.kind == "died":
            out[cards[d["uid"]].owner]["lost_cards"] += 1
        elif e.kind == "strike":
            out[cards[d["uid"]].owner]["strikes"] += 1
    return out


class GameOverScreen(GameScreen):
    phase_name = "game_over"
    BINDINGS = [Binding("escape,q", "leave", "key.menu")]

    def compose(self) -> ComposeResult:
        with Vertical(id="over-box"):
            yield Static(id="over-title", classes="title")
            yield Static(id="over-reason")
            with Center():
                yield DataTable(id="over-table", show_cursor=False, zebra_stripes=True)
            with Center():
                yield OptionList(id="over-menu")
        yield Footer()

    def refresh_match(self) -> None:
        s = self.match.state
        hotseat = self.match.setup.hotseat
        if s.winner == DRAW:
            title = self.t("over.draw")
            reason = self.t("over.stalled" if s.stalled else "over.all_dead")
        elif hotseat:
            title = self.t("over.player_won", n=s.winner + 1)
            reason = ""
        else:
            title = self.t("over.won" if s.winner == self.seat else "over.lost")
            reason = ""
        self.query_one("#over-title", Static).update(title)
        self.query_one("#over-reason", Static).update(
            (reason + "\n" if reason else "") + self.t("over.turns", n=s.turn))
        table = self.query_one("#over-table", DataTable)
        table.clear(columns=True)
        names = [self.t("seat.player", n=i + 1) for i in (0, 1)]
        if not hotseat:
            names[self.seat] = self.t("seat.you")
            names[1 - self.seat] = self.t("seat.bot")
        table.add_columns("", *names)
        summary = battle_summary(self.match.game.log, s.cards)
        for key in ("wounds", "lost_cards", "strikes"):
            table.add_row(self.t(f"over.{key}"), *(str(summary[i][key]) for i in (0, 1)))
        menu = self.query_one("#over-menu", OptionList)
        menu.clear_options()
        menu.add_options([Option(self.t("over.again"), id="again"), Option(self.t("over.menu"), id="menu"),
                          Option(self.t("menu.quit"), id="quit")])
        menu.highlighted = 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        setup = self.match.setup
        if event.option.id == "again":
            from dataclasses import replace
            self.bapp.leave_game()
            self.bapp.start_game(replace(setup, seed=setup.seed + 1))
        elif event.option.id == "menu":
            self.bapp.leave_game()
        else:
            self.app.exit()
