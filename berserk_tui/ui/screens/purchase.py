"""Squad purchase: the deal, live crystal counters that show every rule, redeal and confirm."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Static

from berserk_tui.engine import actions as act
from berserk_tui.engine.setup import FLYER_CAP, selected_defs, squad_cost, squad_problem
from berserk_tui.ui.widgets.card_detail import CardDetail
from berserk_tui.ui.widgets.clock_line import ClockLine
from berserk_tui.ui.widgets.footer import Footer

from .base import GameScreen


class PurchaseScreen(GameScreen):
    phase_name = "purchase"
    BINDINGS = [     # most important first: the footer drops the last ones at narrow widths
        Binding("c", "confirm", "key.squad_ready"),
        Binding("enter,space", "toggle", "key.buy"),
        Binding("plus", "buy_extra", "key.buy_extra"),
        Binding("b", "recruit", "key.recruit"),
        Binding("r", "redeal", "key.redeal"),
        Binding("f10", "leave", "key.menu"),
    ]
    KEY_ORDER = ("confirm", "toggle", "buy_extra", "recruit", "redeal", "card_text", "leave")
    OPTIONAL_KEYS = {"buy_extra": act.BuyExtra, "recruit": (act.Recruit, act.Show)}   # shown when a card offers them

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`+` and `b` are shown only while a card of the deal can be bought that way."""
        kind = self.OPTIONAL_KEYS.get(action)
        if not self.is_mounted:
            return True
        if kind is None:
            return super().check_action(action, parameters)
        return self.my_decision and any(isinstance(a, kind) for a in self.match.legal())

    def compose(self) -> ComposeResult:
        yield Static(id="purchase-title", classes="title")
        yield ClockLine()
        with Horizontal():
            yield DataTable(id="deal", cursor_type="row", zebra_stripes=True)
            with Vertical(id="purchase-side"):
                yield Static(id="counters")
                yield CardDetail(id="purchase-detail")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#deal", DataTable).focus()
        super().on_mount()

    def refresh_match(self) -> None:
        v = self.view
        seat = self.seat
        p = v.players[seat]
        t = self.t
        turn = t("purchase.goes_nth", nth=self.turn_place()) if v.seats.count > 2 \
            else t("purchase.goes_first" if v.first == seat else "purchase.goes_second")
        self.query_one("#purchase-title", Static).update(
            t("purchase.title", player=self._who(), order=turn))
        table = self.query_one("#deal", DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        table.add_columns("", t("col.name"), t("col.cost"), t("col.element"), "♥", "↕", "⚔", t("col.flags"),
                          t("col.kind"))
        if self.my_decision:
            buyable = {a.index for a in self.match.legal() if isinstance(a, act.Buy)}
            for i, cid in enumerate(p.deal):
                d = v.db.cards[cid]
                flags = " ".join(t(f"flag.{f}.short") for f, on in (("elite", d.elite), ("unique", d.unique)) if on)
                elements = "/".join(t(f"element.{e}.short") for e in d.elements) or "—"
                mark = "✓" if i in p.selected else ("" if i in buyable else "✗")
                mark += "+" if i in p.extra else "!" if i in p.taken else ""
                name = Text(d.name, "dim" if mark == "✗" else "")
                table.add_row(mark, name, str(d.cost), elements,
                              str(d.life) if d.is_creature else "", str(d.move) if d.is_creature else "",
                              "-".join(map(str, d.strike)) if d.is_creature else "", flags, t(f"kind.{d.kind}"),
                              key=str(i))
            table.move_cursor(row=min(row, len(p.deal) - 1))
        self._counters()
        self._detail()
        self.refresh_bindings()

    def _who(self) -> str:
        if self.view.seats.count > 2:
            return self.seat_name(self.seat)
        return self.t("seat.player", n=self.seat + 1) if self.match.setup.hotseat else self.t("seat.you")

    def _counters(self) -> None:
        v = self.view
        seat = self.seat
        p = v.players[seat]
        t = self.t
        chosen = selected_defs(v, seat) if self.my_decision else []
        gold, total = squad_cost(v, seat, chosen)
        elite = sum(d.cost for d in chosen if d.elite)
        elements = sorted({e for d in chosen for e in d.elements})
        flyers = sum(d.cost for d in chosen if d.kind == "flyer")
        terrains = sum(1 for d in chosen if d.kind == "terrain")
        out = Text()
        out.append(t("purchase.crystals", gold=p.gold, silver=p.silver) + "\n", "bold")
        out.append(t("purchase.chosen", n=len(chosen)) + "\n")
        out.append(t("purchase.elite", n=elite) + "\n")
        out.append(t("purchase.penalty", n=max(0, len(elements) - 1),
                     elements=", ".join(t(f"element.{e}") for e in elements) or "—") + "\n")
        if p.redeals and not v.rules.redeal_fewer:
            out.append(t("purchase.redeals", n=p.redeals) + "\n")
        out.append(t("purchase.gold_needed", n=max(0, gold), have=p.gold) + "\n", "red" if gold > p.gold else "")
        out.append(t("purchase.total_needed", n=total, have=p.gold + p.silver) + "\n",
                   "red" if total > p.gold + p.silver else "")
        out.append(t("purchase.flyers", n=flyers, cap=FLYER_CAP) + "\n")
        if any(p.peeked):
            out.append(t("purchase.peeked", names=", ".join(v.db.cards[c].name for c in p.peeked if c)) + "\n")
        out.append(t("purchase.terrain", n=terrains) + "\n")
        if not self.my_decision:
            out.append("\n" + t("purchase.waiting") + "\n", "italic")
        else:
            out.append(t("purchase.legend") + "\n", "dim")
            out.append(t("purchase.finish"), "bold")
        self.query_one("#counters", Static).update(out)

    def _index(self) -> int | None:
        table = self.query_one("#deal", DataTable)
        if not self.my_decision or table.row_count == 0:
            return None
        return table.cursor_row

    def _detail(self) -> None:
        i = self._index()
        detail = self.query_one("#purchase-detail", CardDetail)
        if i is None:
            detail.show_text("")
            return
        detail.show_def(self.view.db.cards[self.view.players[self.seat].deal[i]], self.bapp.lang)

    def on_data_table_row_highlighted(self) -> None:
        self._detail()

    def on_data_table_row_selected(self) -> None:
        self.action_toggle()

    def action_toggle(self) -> None:
        i = self._index()
        if i is None:
            return
        legal = self.match.legal()
        if act.Unbuy(i) in legal:
            self.bapp.play(act.Unbuy(i))
        elif act.Buy(i) in legal:
            self.bapp.play(act.Buy(i))
        elif i in self.view.players[self.seat].taken:
            self.notify(self.t("purchase.taken_early"), severity="warning")
        else:
            problem = squad_problem(self.view, self.seat, selected_defs(self.view, self.seat, i))
            self.notify(self.t(f"problem.{problem}"), severity="warning")

    def action_buy_extra(self) -> None:
        """Buy the card under the cursor at the higher price of its purchase option."""
        self._play_index(act.BuyExtra, "purchase.no_option")

    def action_recruit(self) -> None:
        """Take (or show, Лазутчица) the card under the cursor «до набора отряда» by its own ability."""
        i = self._index()
        show = next((a for a in self.match.legal() if isinstance(a, act.Show) and a.index == i), None)
        if show is not None:
            self.bapp.play(show)
        else:
            self._play_index(act.Recruit, "purchase.no_recruit")

    def _play_index(self, kind: type, why: str) -> None:
        i = self._index()
        if i is None:
            return
        if kind(i) in self.match.legal():
            self.bapp.play(kind(i))
        else:
            self.notify(self.t(why), severity="warning")

    def action_redeal(self) -> None:
        if not self.my_decision:
            return
        if act.Redeal() in self.match.legal():
            self.bapp.play(act.Redeal())
        else:
            self.notify(self.t("purchase.no_redeal"), severity="warning")

    def action_confirm(self) -> None:
        if not self.my_decision:
            return
        if act.Confirm() in self.match.legal():
            self.bapp.play(act.Confirm())
        else:
            self.notify(self.t("purchase.need_creature"), severity="warning")
