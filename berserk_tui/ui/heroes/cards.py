"""The card browser of «Берсерк. Герои» (the menu's «Карты» when that game is chosen): every card of its sets in a
table, filtered by name or class, element and type, the highlighted card's text beside it. A note says why the two
duel decks of seed 002 cannot be built here: their cards are not in the public data."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Input, Select, Static

from berserk_tui.match import game_db
from berserk_tui.ui.widgets.footer import Footer
from cards.heroes.schema import ELEMENTS, TYPES
from cards.loader import fold

from .text import card_body, card_head, kind_name

ALL, NEUTRAL = "all", "neutral"


def matches(card: Any, needle: str, element: str = ALL, kind: str = ALL) -> bool:
    """Does `card` pass the filters (`needle` folded: in its name or a class)?"""
    if needle and not any(needle in fold(text) for text in (card.name, *card.classes)):
        return False
    if element == NEUTRAL and card.elements or element not in (ALL, NEUTRAL) and element not in card.elements:
        return False
    return kind in (ALL, card.type)


class HeroesCardsScreen(Screen):
    """Tab moves between the filters and the table, the arrows in the table, Escape goes back."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "key.back"),
        Binding("ctrl+f", "find", "key.browser.find"),
        Binding("question_mark", "rules", "key.help"),
    ]

    def __init__(self, game: Any) -> None:
        super().__init__()
        self.db = game_db(game)
        self.cards = sorted(self.db.values(), key=lambda c: (c.set, c.number, c.id))
        self.shown: list[Any] = []

    def t(self, key: str, /, **kw: object) -> str:
        return self.app.t(key, **kw)  # type: ignore[attr-defined, no-any-return]

    def compose(self) -> ComposeResult:
        t = self.t
        with Vertical(id="hg-browser"):
            yield Static(t("hg.cards.title"), classes="title")
            yield Static(f"{t('hg.cards.note')} {t('hg.cards.legend')}", id="hg-cards-note")
            with Horizontal(id="hg-cards-filter"):
                yield Input(placeholder=t("browser.filter.placeholder"), compact=True, id="hg-cards-text")
                yield Select([(t("browser.filter.all_elements"), ALL)]
                             + [(t(f"element.{e}").capitalize(), e) for e in ELEMENTS]
                             + [(t("element.neutral").capitalize(), NEUTRAL)],
                             value=ALL, allow_blank=False, compact=True, id="hg-cards-element")
                yield Select([(t("browser.filter.all_kinds"), ALL)]
                             + [(t(f"heroes.type.{k}").capitalize(), k) for k in TYPES],
                             value=ALL, allow_blank=False, compact=True, id="hg-cards-kind")
            with Horizontal(id="hg-cards-main"):
                yield DataTable(id="hg-cards-table", cursor_type="row", zebra_stripes=True)
                with VerticalScroll(id="hg-cards-side"):
                    yield Static(id="hg-cards-detail")
            yield Static(id="hg-cards-count")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#hg-cards-table", DataTable)
        t = self.t
        table.add_column("", key="mark")
        for key, label in (("name", t("col.name")), ("cost", t("col.cost")), ("attack", "⚔"), ("health", "♥"),
                           ("element", t("col.element")), ("kind", t("col.kind"))):   # the kind last: cut at 80
            table.add_column(label, key=key)
        self._fill()
        table.focus()

    def _fill(self) -> None:
        needle = fold(self.query_one("#hg-cards-text", Input).value)
        element = str(self.query_one("#hg-cards-element", Select).value)
        kind = str(self.query_one("#hg-cards-kind", Select).value)
        self.shown = [c for c in self.cards if matches(c, needle, element, kind)]
        table = self.query_one("#hg-cards-table", DataTable)
        table.clear()
        t = self.t
        for c in self.shown:
            mark = Text("✗", "red") if not c.implemented else Text("")
            elements = "/".join(t(f"element.{e}.short") for e in c.elements) or "—"
            cost = "" if c.type == "hero" else f"{c.cost}+X" if c.x_cost else str(c.cost)
            stats = (str(c.attack), str(c.health)) if c.type == "creature" else ("", str(c.health)) \
                if c.type == "hero" else ("", "")
            table.add_row(mark, c.name, cost, *stats, elements, kind_name(t, c), key=c.id)
        ready = sum(c.implemented for c in self.cards)
        self.query_one("#hg-cards-count", Static).update(
            t("browser.count", shown=len(self.shown), total=len(self.cards), ready=ready))
        self._detail()

    def _detail(self) -> None:
        table = self.query_one("#hg-cards-table", DataTable)
        if not self.shown:
            text = self.t("browser.nothing_found")
        else:
            card = self.shown[min(table.cursor_row, len(self.shown) - 1)]
            lines = [card_head(self.t, card), *card_body(self.t, card, self.app.lang)]  # type: ignore[attr-defined]
            if not card.implemented:
                lines.append(self.t("hg.detail.vanilla" if card.type == "creature" else "hg.cards.not_in_decks"))
            text = "\n".join(lines)
        self.query_one("#hg-cards-detail", Static).update(Text(text))

    def on_data_table_row_highlighted(self) -> None:
        self._detail()

    def on_input_changed(self) -> None:
        self._fill()

    def on_input_submitted(self) -> None:
        self.query_one("#hg-cards-table", DataTable).focus()

    def on_select_changed(self) -> None:
        if self.is_mounted and self.query("#hg-cards-table"):
            self._fill()

    def action_find(self) -> None:
        self.query_one("#hg-cards-text", Input).focus()

    def action_rules(self) -> None:
        """`?`: this game's rules page, which says what the cards are and which decks cannot be built."""
        from berserk_tui.ui.screens.help import HelpScreen
        self.app.push_screen(HelpScreen("heroes"))
