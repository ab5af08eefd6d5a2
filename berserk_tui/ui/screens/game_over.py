"""The end of a game: who won and how (by the rules, a resignation or on time), whether a network
opponent's secrets checked out, and a short summary of the battle."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from berserk_tui.engine import DRAW
from berserk_tui.netgame import TIME
from berserk_tui.netmatch import FINAL_DEADLINE_S
from berserk_tui.ui.widgets.clock_line import duration
from berserk_tui.ui.widgets.footer import Footer

from .base import GameScreen


def battle_summary(log: list, cards: list, seats: int = 2) -> dict[int, dict[str, int]]:
    """Per seat: wounds dealt (with more seats, by the wounding card's owner), creatures lost, strikes made."""
    out = {seat: {"wounds": 0, "lost_cards": 0, "strikes": 0} for seat in range(seats)}
    for e in log:
        d = e.data
        if e.kind == "wounded" and seats == 2:
            out[1 - cards[d["uid"]].owner]["wounds"] += d["amount"]
        elif e.kind == "wounded":
            if d.get("source", -1) >= 0 and cards[d["source"]].owner != cards[d["uid"]].owner:
                out[cards[d["source"]].owner]["wounds"] += d["amount"]
        elif e.kind == "died":
            out[cards[d["uid"]].owner]["lost_cards"] += 1
        elif e.kind == "strike":
            out[cards[d["uid"]].owner]["strikes"] += 1
    return out


class GameOverScreen(GameScreen):
    phase_name = "game_over"
    BINDINGS = [Binding("escape,q", "leave", "key.menu")]
    AUTO_FOCUS = "#over-menu"

    def compose(self) -> ComposeResult:
        with Vertical(id="over-box"):
            yield Static(id="over-title", classes="title")
            yield Static(id="over-reason")
            with Center():
                summary = DataTable(id="over-table", show_cursor=False, zebra_stripes=True)
                summary.can_focus = False       # a summary to read: the keys belong to the menu
                yield summary
            with Center():
                yield OptionList(id="over-menu")
        yield Footer()

    def refresh_match(self) -> None:
        m = self.match
        s = m.state
        winner = m.winner
        if s.seats.count > 2 and m.resigned_by is not None:     # a team game given up by one of its players
            by = m.resigned_by
            title = self.t("over.team_won", n=winner + 1) if len(m.setup.humans) > 1 \
                else self.t("over.won" if s.seats.teams[self.seat] == winner else "over.lost")
            reason = self.t("over.team_time" if m.ended == TIME else "over.team_resigned", seat=by + 1,
                            n=s.seats.teams[by] + 1)
        elif m.ended == TIME:
            title = self.t("over.draw" if winner == DRAW else "over.won" if winner == self.seat else "over.lost")
            reason = self.t("over.time.draw" if winner == DRAW else
                            "over.time.won" if winner == self.seat else "over.time.lost")
        elif winner == DRAW:
            title = self.t("over.draw")
            reason = self.t("over.stalled" if s.stalled else "over.all_dead")
        elif s.seats.count > 2:            # a team game: the winner is a team
            mine = s.seats.teams[self.seat] == winner
            title = self.t("over.team_won", n=winner + 1) if len(m.setup.humans) > 1 \
                else self.t("over.won" if mine else "over.lost")
            reason = self.t("over.team_out", n=2 - winner)
        elif m.setup.hotseat:
            title = self.t("over.player_won", n=winner + 1)
            reason = ""
        else:
            title = self.t("over.won" if winner == self.seat else "over.lost")
            reason = ""
        lines = [reason] if reason else []
        if m.linked:
            lines += self._proof()
        lines.append(self.t("over.turns", n=s.turn))
        self.query_one("#over-title", Static).update(title)
        self.query_one("#over-reason", Static).update("\n".join(lines))
        table = self.query_one("#over-table", DataTable)
        table.clear(columns=True)
        seats = range(s.seats.count)
        table.add_columns("", *(self.seat_name(i) for i in seats))
        summary = battle_summary(m.log, s.cards, s.seats.count)
        for key in ("wounds", "lost_cards", "strikes"):
            table.add_row(self.t(f"over.{key}"), *(str(summary[i][key]) for i in seats))
        menu = self.query_one("#over-menu", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        if not m.setup.networked:
            menu.add_option(Option(self.t("over.again"), id="again"))
        menu.add_options([Option(self.t("over.menu"), id="menu"), Option(self.t("menu.quit"), id="quit")])
        menu.highlighted = highlighted if highlighted is not None and highlighted < menu.option_count else 0

    def _proof(self) -> list[str]:
        """A linked game: who resigned, a claim on time that came early by this side's clock, and
        whether the opponent's secrets checked out (or never came)."""
        table = self.match
        lines = []
        if table.resigned and table.resigned_by is None:
            lines.append(self.t("over.resigned.me" if table.winner != self.seat else "over.resigned.them"))
        if table.early_claim:
            lines.append(self.t("over.time.early", left=duration(table.early_claim)))
        party = ".party" if table.state.seats.count > 2 else ""     # every other player's secrets
        if table.violation:
            lines.append(self.t("net.violation", error=table.violation))
        elif table.verified:
            lines.append(self.t("net.verified" + party))
        elif table.lost:
            lines.append(self.t("net.unverified_lost" + party))
        elif table.overdue:
            lines.append(self.t("net.overdue" + party, seconds=round(FINAL_DEADLINE_S)))
        else:
            lines.append(self.t("net.verifying"))
        lines.append(self.t("net.transcript", path=table.transcript))
        return lines

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
