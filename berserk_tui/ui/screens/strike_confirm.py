"""Before a simple strike: the chance of every hit-table outcome, then confirm or cancel."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from berserk_tui.engine import GameState
from berserk_tui.engine import actions as act
from berserk_tui.engine.damage import Wounding
from berserk_tui.engine.dice import LEVEL_NAMES
from berserk_tui.engine.keywords import kw
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
            if odds.blocked:
                yield Static(t("strike.blocked"))
            elif odds.total == 0:
                yield Static(t("strike.unknown"))
            else:
                symbols = v.rules.rulebook.has("symbol_dice")
                yield Static(t("strike.fights.symbols" if odds.fights and symbols
                               else "strike.fights" if odds.fights else "strike.single"))
                table: DataTable = DataTable(id="odds", show_cursor=False, zebra_stripes=True)
                table.add_columns(t("strike.col.chance"), t("strike.col.hit"), t("strike.col.counter"))
                for o in odds.outcomes:
                    pct = Text(f"{100 * o.chance // odds.total}% ({o.chance}/{odds.total})", justify="right")
                    hit = blow(t, o.level, o.hit) + (" " + t("strike.exchange") if o.exchange else "")
                    table.add_row(pct, hit, blow(t, o.counter, o.back))
                yield table
                if any(o.exchange for o in odds.outcomes):
                    yield Static(t("strike.exchange.note"), classes="hint")
                if symbols:
                    yield from symbol_notes(t, v, self.strike, odds.fights)
            yield Static(t("strike.confirm"), classes="hint")
        yield Footer()

    def action_confirm(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)


def blow(t: Callable[..., str], level: int, w: Wounding) -> str:
    """«слабый −1 (броня 1)»: the level, the wounds that land and what stops the rest; «промах» for no hit."""
    if not level:
        return t("level.none")
    text = f"{t(f'level.{LEVEL_NAMES[level]}')} −{w.landed}"
    return f"{text} {t(f'strike.prevented.{w.reason}', n=w.prevented)}" if w.prevented else text


def symbol_notes(t: Callable[..., str], v: GameState, strike: act.Strike, fights: bool) -> list[Static]:
    """The board game's dice legend, and the experience re-rolls each side has for this strike."""
    notes = [Static(t("dice.legend"), classes="hint")]
    white = kw(v, strike.uid, "ova")
    black = kw(v, strike.target, "ovz") if fights else 0
    if v.rules.rulebook.has("reroll_experience") and (white or black):
        notes.append(Static(t("strike.rerolls", white=white, black=black), classes="hint"))
    return notes
