"""Before a simple strike: the chance of every hit-table outcome, then confirm or cancel."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from berserk_tui.engine import actions as act
from berserk_tui.engine.dice import LEVEL_NAMES
from berserk_tui.engine.odds import strike_odds
from berserk_tui.ui.widgets.footer import Footer


class StrikeConfirmScreen(ModalScreen[bool]):
    """Shows the odds of `strike` from the viewer's knowledge; Enter strikes, Escape cancels."""

    BINDINGS = [
        Binding("enter,y", "confirm", "key.strike", priority=True),
        Binding("escape,n", "cancel", "key.cancel", priority=True),
    ]

    def __init__(self, strike: act.Strike) -> None:
        super().__init__()
        self.strike = strike

    def compose(self) -> ComposeResult:
        app = self.app
        t = app.t  # type: ignore[attr-defined]
        v = app.match.view(app.viewer)  # type: ignore[attr-defined]
        d = app.describer()  # type: ignore[attr-defined]
        odds = strike_odds(v, self.strike.uid, self.strike.target)
        with Vertical(id="strike-box"):
            yield Static(t("strike.title", attacker=d.card_at(self.strike.uid), target=d.card_at(self.strike.target)),
                         classes="title")
            if odds.total == 0:
                yield Static(t("strike.unknown"))
            else:
                yield Static(t("strike.fights" if odds.fights else "strike.single"))
                table: DataTable = DataTable(id="odds", show_cursor=False, zebra_stripes=True)
                table.add_columns(t("strike.col.chance"), t("strike.col.hit"), t("strike.col.counter"))
                for o in odds.outcomes:
                    pct = f"{100 * o.chance // odds.total:>3}%  ({o.chance}/{odds.total})"
                    hit = t(f"level.{LEVEL_NAMES[o.level]}") + (f" −{o.damage}" if o.level else "")
                    counter = t(f"level.{LEVEL_NAMES[o.counter]}") + (f" −{o.counter_damage}" if o.counter else "")
                    if o.exchange:
                        hit += " " + t("strike.exchange")
                    table.add_row(pct, hit, counter)
                yield table
            yield Static(t("strike.confirm"), classes="hint")
        yield Footer()

    def action_confirm(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
