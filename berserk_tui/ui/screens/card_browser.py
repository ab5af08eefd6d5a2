"""The card browser: every card of the loaded sets, filtered by text, set, element, kind and readiness.

The filter row (`CardFilter`) and the table cells are shared with the deck builder.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Checkbox, DataTable, Input, Select, Static

from berserk_tui.ui.widgets.card_detail import CardDetail
from berserk_tui.ui.widgets.footer import Footer
from cards.loader import CardDB, fold
from cards.schema import ELEMENTS, KINDS, CardDef

if TYPE_CHECKING:
    from berserk_tui.ui.app import BerserkApp

ALL = "all"
NEUTRAL = "neutral"
Translate = Callable[..., str]


def card_matches(card: CardDef, needle: str, element: str = ALL, kind: str = ALL, card_set: str = ALL) -> bool:
    """True if `card` passes the filters; `needle` is already folded and matches the name or a class;
    `card_set` is a set number as text, or ALL."""
    if needle and not any(needle in fold(text) for text in (card.name, *card.classes)):
        return False
    if card_set != ALL and card_set != str(card.set):
        return False
    if element == NEUTRAL and card.elements:
        return False
    if element not in (ALL, NEUTRAL) and element not in card.elements:
        return False
    return kind in (ALL, card.kind)


def stat_cells(card: CardDef) -> tuple[str, str, str]:
    """♥, ↕ and ⚔ of a creature; blanks for the other cards."""
    if not card.is_creature:
        return "", "", ""
    return str(card.life), str(card.move), "-".join(map(str, card.strike))


def element_cell(card: CardDef, t: Translate) -> str:
    return "/".join(t(f"element.{e}.short") for e in card.elements) or "—"


def flags_cell(card: CardDef, t: Translate) -> str:
    return " ".join(t(f"flag.{f}.short") for f, on in (("elite", card.elite), ("unique", card.unique),
                                                         ("boardgame", card.boardgame)) if on)


def mark_cell(card: CardDef) -> Text:
    """✗ a card not implemented yet, ◆ a board-game mode's own card (in no deck)."""
    return Text("✗", "red") if not card.implemented else Text("◆", "magenta") if card.boardgame else Text("")


def set_options(db: CardDB, t: Translate, boardgame: bool = True) -> list[tuple[str, str]]:
    """The set list's options: all sets, then each set by number and name, a board game's marked so (left out
    without `boardgame`)."""
    sets = db.sets()
    board = {sid for sid, (_, cards) in sets.items() if any(c.boardgame for c in cards)}
    return [(t("browser.filter.all_sets"), ALL)] + [
        (f"{sid} {name}" + (f" ({t('browser.set.boardgame')})" if sid in board else ""), str(sid))
        for sid, (name, _) in sets.items() if boardgame or sid not in board]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class CardFilter(Horizontal):
    """The filter row: text (name or class), set, element, kind and, if asked, "only implemented"."""

    class Changed(Message):
        """Some filter changed."""

    def __init__(self, with_implemented: bool = True, id: str | None = None, boardgame: bool = True) -> None:
        super().__init__(id=id, classes="card-filter")
        self.with_implemented = with_implemented
        self.boardgame = boardgame      # offer the sets of board-game cards (not in the deck builder: no deck)

    @property
    def _t(self) -> Translate:
        return self.app.t  # type: ignore[attr-defined, no-any-return]

    def compose(self) -> ComposeResult:
        t = self._t
        yield Input(placeholder=t("browser.filter.placeholder"), compact=True, classes="filter-text")
        yield Select(self._set_options(), value=ALL, allow_blank=False, compact=True, classes="filter-set")
        yield Select(self._element_options(), value=ALL, allow_blank=False, compact=True, classes="filter-element")
        yield Select(self._kind_options(), value=ALL, allow_blank=False, compact=True, classes="filter-kind")
        if self.with_implemented:
            yield Checkbox(t("browser.filter.implemented"), compact=True, classes="filter-implemented")

    def _set_options(self) -> list[tuple[str, str]]:
        return set_options(self.app.db, self._t, self.boardgame)  # type: ignore[attr-defined]

    def _element_options(self) -> list[tuple[str, str]]:
        t = self._t
        return ([(t("browser.filter.all_elements"), ALL)] + [(_capital(t(f"element.{e}")), e) for e in ELEMENTS]
                + [(_capital(t("element.neutral")), NEUTRAL)])

    def _kind_options(self) -> list[tuple[str, str]]:
        t = self._t
        return [(t("browser.filter.all_kinds"), ALL)] + [(_capital(t(f"kind.{k}")), k) for k in KINDS]

    def retranslate(self) -> None:
        t = self._t
        self.query_one(".filter-text", Input).placeholder = t("browser.filter.placeholder")
        for cls, options in ((".filter-set", self._set_options()), (".filter-element", self._element_options()),
                             (".filter-kind", self._kind_options())):
            select: Select[str] = self.query_one(cls, Select)
            value = select.value
            with select.prevent(Select.Changed):
                select.set_options(options)
                select.value = value
        if self.with_implemented:
            self.query_one(".filter-implemented", Checkbox).label = t("browser.filter.implemented")

    @property
    def text_input(self) -> Input:
        return self.query_one(".filter-text", Input)

    def matches(self, card: CardDef) -> bool:
        needle = fold(self.text_input.value)
        element = str(self.query_one(".filter-element", Select).value)
        kind = str(self.query_one(".filter-kind", Select).value)
        if self.with_implemented and self.query_one(".filter-implemented", Checkbox).value and not card.implemented:
            return False
        return card_matches(card, needle, element, kind, self.card_set)

    @property
    def card_set(self) -> str:
        """The chosen set's number as text, or ALL."""
        return str(self.query_one(".filter-set", Select).value)

    def next_set(self) -> None:
        """Choose the next set of the list (after the last: all sets again)."""
        select: Select[str] = self.query_one(".filter-set", Select)
        values = [value for _, value in self._set_options()]
        select.value = values[(values.index(self.card_set) + 1) % len(values)]

    def reset(self) -> None:
        self.text_input.value = ""
        self.query_one(".filter-set", Select).value = ALL
        self.query_one(".filter-element", Select).value = ALL
        self.query_one(".filter-kind", Select).value = ALL
        if self.with_implemented:
            self.query_one(".filter-implemented", Checkbox).value = False

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _changed(self, event: Message) -> None:
        event.stop()
        self.post_message(self.Changed())

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        """Enter in the text field goes to the table below."""
        event.stop()
        self.screen.focus_next(DataTable)


class CardBrowserScreen(Screen):
    """All cards: Tab moves between the filters and the table, arrows move in the table, Escape goes back."""

    CSS_PATH = "../styles/decks.tcss"
    BINDINGS = [
        Binding("escape", "back", "key.back"),
        Binding("ctrl+f", "find", "key.browser.find"),
        Binding("ctrl+t", "next_set", "key.browser.set"),
        Binding("ctrl+r", "reset", "key.browser.reset"),
    ]

    NARROW = 110

    def __init__(self) -> None:
        super().__init__()
        self.shown: list[CardDef] = []

    @property
    def bapp(self) -> BerserkApp:
        return self.app  # type: ignore[return-value]

    def t(self, key: str, /, **kw: object) -> str:
        return self.bapp.t(key, **kw)

    def compose(self) -> ComposeResult:
        with Vertical(id="browser"):
            yield Static(id="browser-title", classes="title")
            yield CardFilter(id="browser-filter")
            with Horizontal(id="browser-main"):
                yield DataTable(id="browser-table", cursor_type="row", zebra_stripes=True)
                with VerticalScroll(id="browser-side"):
                    yield CardDetail(id="browser-detail")
        yield Footer()

    def on_mount(self) -> None:
        self._set_texts()
        self.query_one("#browser-table", DataTable).focus()

    def on_resize(self) -> None:
        """Below NARROW columns the card text goes under the table, so that every column fits."""
        self.set_class(self.size.width < self.NARROW, "narrow")

    def retranslate(self) -> None:
        """Every text in the UI language, after a change of language."""
        self.query_one(CardFilter).retranslate()
        self._set_texts()

    def _set_texts(self) -> None:
        self.refresh_bindings()     # the footer translates its texts again
        table = self.query_one("#browser-table", DataTable)
        table.clear(columns=True)
        t = self.t
        table.add_column("", key="mark")
        table.add_column(t("col.name"), key="name")
        table.add_column(t("col.set"), key="set")
        table.add_column(t("col.element"), key="element")
        table.add_column(t("col.cost"), key="cost")
        table.add_column(t("col.kind"), key="kind")
        for stat in ("♥", "↕", "⚔"):
            table.add_column(stat, key=stat)
        table.add_column(t("col.flags"), key="flags")
        self.refresh_cards()

    def refresh_cards(self) -> None:
        """Fill the table with the cards that pass the filters, keeping the highlighted card if it still does."""
        t = self.t
        table = self.query_one("#browser-table", DataTable)
        keep = self.highlighted()
        card_filter = self.query_one(CardFilter)
        self.shown = [card for card in self.bapp.db.cards.values() if card_filter.matches(card)]
        table.clear()
        for card in self.shown:
            style = "" if card.implemented else "dim"
            table.add_row(
                mark_cell(card), Text(card.name, style), str(card.set),
                element_cell(card, t), str(card.cost), t(f"kind.{card.kind}"), *stat_cells(card),
                flags_cell(card, t), key=card.id,
            )
        if keep is not None and any(card.id == keep.id for card in self.shown):
            table.move_cursor(row=table.get_row_index(keep.id), animate=False)
        total = len(self.bapp.db)
        ready = sum(card.implemented for card in self.shown)
        self.query_one("#browser-title", Static).update(
            Text.assemble((t("browser.title"), "bold"), "  ",
                          (t("browser.count", shown=len(self.shown), total=total, ready=ready), "not bold"),
                          "  ", (t("browser.legend"), "dim not bold")))
        self.show_detail()

    def highlighted(self) -> CardDef | None:
        table = self.query_one("#browser-table", DataTable)
        if table.row_count == 0 or not 0 <= table.cursor_row < len(self.shown):
            return None
        return self.shown[table.cursor_row]

    def show_detail(self) -> None:
        detail = self.query_one("#browser-detail", CardDetail)
        card = self.highlighted()
        if card is None:
            detail.show_text(self.t("browser.nothing_found"))
        else:
            detail.show_def(card, self.bapp.lang)

    def on_card_filter_changed(self) -> None:
        self.refresh_cards()

    def on_data_table_row_highlighted(self) -> None:
        self.show_detail()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_find(self) -> None:
        self.query_one(CardFilter).text_input.focus()

    def action_reset(self) -> None:
        self.query_one(CardFilter).reset()

    def action_next_set(self) -> None:
        self.query_one(CardFilter).next_set()
