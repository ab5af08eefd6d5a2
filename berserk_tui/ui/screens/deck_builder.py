"""The deck builder: the pool of playable cards, the deck being built with its legality, saving and loading.

Decks are saved to `<decks_dir>/<slug of the name>.toml` in the format of cards/decks/*.toml. A deck
that breaks the rules may still be saved as a draft; the legality panel says what is wrong: the
problems the deck validator finds (`cards.decks.validate_deck`), in the UI language.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from berserk_tui.ui.deck_text import located_problem, problem_text
from berserk_tui.ui.widgets.card_detail import CardDetail
from berserk_tui.ui.widgets.footer import Footer
from berserk_tui.userdata import decks_dir, file_error
from cards.decks import (
    DECK_SIZE,
    Deck,
    DeckError,
    DeckProblem,
    builtin_decks,
    copy_key,
    deck_slug,
    name_limits,
    read_deck_draft,
    save_deck,
    validate_deck,
)
from cards.loader import CardDB
from cards.schema import CardDef

from .card_browser import CardFilter, element_cell, flags_cell, stat_cells

if TYPE_CHECKING:
    from berserk_tui.ui.app import BerserkApp

DRAFT_PATH = Path("<deck being built>")     # an in-memory deck: the validator finds no file there


def deck_cards(counts: dict[str, int]) -> tuple[str, ...]:
    return tuple(card_id for card_id, copies in counts.items() for _ in range(copies))


def validator_problems(counts: dict[str, int], db: CardDB) -> list[DeckProblem]:
    """What `validate_deck` finds wrong with a deck of these cards; [] if it is legal."""
    try:
        validate_deck(Deck("", "", deck_cards(counts), DRAFT_PATH), db)
    except DeckError as exc:
        return list(exc.issues)
    return []


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question; the "no" button has the focus, Escape says no."""

    CSS_PATH = "../styles/decks.tcss"
    BINDINGS = [
        Binding("y,д", "answer(True)", show=False),
        Binding("escape,n,н", "answer(False)", show=False),
    ]

    def __init__(self, question: str, yes: str, no: str) -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question, id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                yield Button(self.yes, variant="warning", id="confirm-yes")
                yield Button(self.no, variant="primary", id="confirm-no")

    def on_mount(self) -> None:
        self.query_one("#confirm-no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class DeckPickerScreen(ModalScreen[tuple[Deck, bool] | None]):
    """Choose a deck to load: (deck, True if it is a shipped template), or None."""

    CSS_PATH = "../styles/decks.tcss"
    BINDINGS = [Binding("escape", "cancel", show=False)]

    def __init__(self, builtin: list[Deck], mine: list[Deck], broken: list[DeckError]) -> None:
        super().__init__()
        self.entries = [(deck, True) for deck in builtin] + [(deck, False) for deck in mine]
        self.broken = broken

    def compose(self) -> ComposeResult:
        t, lang = self.app.t, self.app.lang  # type: ignore[attr-defined]
        options: list[Option] = []
        for builtin, header in ((True, "decks.load.templates"), (False, "decks.load.mine")):
            options.append(Option(Text(t(header), "bold"), disabled=True))
            found = False
            for i, (deck, is_builtin) in enumerate(self.entries):
                if is_builtin == builtin:
                    found = True
                    label = t("decks.load.entry", name=deck.title(lang) or deck.path.name, n=len(deck.cards))
                    if not builtin:
                        label += f"  [{deck.path.name}]"
                    options.append(Option(label, id=str(i)))
            if not found:
                options.append(Option(Text(t("decks.load.none"), "dim"), disabled=True))
        for error in self.broken:
            first = located_problem(error.issues[0], lang)
            options.append(Option(Text(t("decks.load.broken", error=first), "red"), disabled=True))
        with Vertical(id="picker-box"):
            yield Static(t("decks.load.title"), classes="title")
            yield OptionList(*options, id="picker-list")
            yield Static(t("decks.load.hint"), classes="hint")

    def on_mount(self) -> None:
        picker = self.query_one("#picker-list", OptionList)
        picker.focus()
        picker.highlighted = next((i for i in range(picker.option_count)
                                   if not picker.get_option_at_index(i).disabled), None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.dismiss(self.entries[int(event.option.id)])

    def action_cancel(self) -> None:
        self.dismiss(None)


class DeckBuilderScreen(Screen):
    """Build, check, save and load decks; `deck` is a deck to start from (from `source`, a player's file)."""

    CSS_PATH = "../styles/decks.tcss"
    BINDINGS = [     # most important first
        Binding("ctrl+s", "save", "key.decks.save"),
        Binding("plus", "add", "key.decks.add", key_display="+"),
        Binding("minus", "remove", "key.decks.remove", key_display="-"),
        Binding("delete", "remove", "key.decks.remove", show=False),
        Binding("ctrl+o", "load", "key.decks.open"),
        Binding("ctrl+n", "new", "key.decks.new"),
        Binding("ctrl+f", "find", "key.browser.find", show=False),
        Binding("escape", "back", "key.back"),
        Binding("ctrl+t", "next_set", "key.browser.set"),
    ]

    def __init__(self, deck: Deck | None = None, source: Path | None = None) -> None:
        super().__init__()
        self.counts: dict[str, int] = {}      # card id -> copies, in the order the cards were added
        self.source: Path | None = None       # the player's file this deck was loaded from or saved to
        self.pool: list[CardDef] = []
        self.deck_ids: list[str] = []         # the rows of the deck table
        self._saved: tuple[object, ...] = ("", "", ())
        self._start = (deck, source)

    @property
    def bapp(self) -> BerserkApp:
        return self.app  # type: ignore[return-value]

    @property
    def db(self) -> CardDB:
        return self.bapp.db

    def t(self, key: str, /, **kw: object) -> str:
        return self.bapp.t(key, **kw)

    # --- layout -------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="builder-title", classes="title")
        with Horizontal(id="builder-main"):
            with Vertical(id="builder-pool-side"):
                yield CardFilter(with_implemented=False, id="builder-filter", boardgame=False)
                yield DataTable(id="builder-pool", cursor_type="row", zebra_stripes=True)
                with VerticalScroll(id="builder-side"):
                    yield CardDetail(id="builder-detail")
            with Vertical(id="builder-deck-side"):
                with Horizontal(classes="field-row"):
                    yield Label(id="deck-name-label", classes="field-label")
                    yield Input(id="deck-name", compact=True, max_length=80)
                with Horizontal(classes="field-row"):
                    yield Label(id="deck-description-label", classes="field-label")
                    yield Input(id="deck-description", compact=True, max_length=300)
                yield DataTable(id="builder-deck", cursor_type="row", zebra_stripes=True)
                yield Static(id="deck-legality")
        yield Footer()

    def on_mount(self) -> None:
        self._set_texts()
        deck, source = self._start
        if deck is not None:
            self.load(deck, source)
        self.query_one("#builder-pool", DataTable).focus()

    def retranslate(self) -> None:
        """Every text in the UI language, after a change of language."""
        self.query_one(CardFilter).retranslate()
        self._set_texts()

    def _set_texts(self) -> None:
        t = self.t
        self.refresh_bindings()     # the footer translates its texts again
        self.query_one("#deck-name-label", Label).update(t("decks.name"))
        self.query_one("#deck-description-label", Label).update(t("decks.description"))
        self.query_one("#deck-name", Input).placeholder = t("decks.name.placeholder")
        self.query_one("#deck-description", Input).placeholder = t("decks.description.placeholder")
        pool = self.query_one("#builder-pool", DataTable)
        pool.clear(columns=True)
        pool.add_column(t("decks.col.in_deck"), key="in_deck")
        pool.add_column(t("col.name"), key="name")
        pool.add_column(t("col.set"), key="set")
        pool.add_column(t("col.element"), key="element")
        pool.add_column(t("col.cost"), key="cost")
        for stat in ("♥", "↕", "⚔"):
            pool.add_column(stat, key=stat)
        pool.add_column(t("col.flags"), key="flags")
        deck = self.query_one("#builder-deck", DataTable)
        deck.clear(columns=True)
        deck.add_column(t("col.name"), key="name")
        deck.add_column(t("decks.col.copies"), key="copies")
        deck.add_column(t("col.cost"), key="cost")
        deck.add_column(t("col.element"), key="element")
        self.refresh_pool()
        self.refresh_deck()

    # --- state --------------------------------------------------------------------------------------
    @property
    def deck_name(self) -> str:
        return self.query_one("#deck-name", Input).value.strip()

    @property
    def deck_description(self) -> str:
        return self.query_one("#deck-description", Input).value.strip()

    def _snapshot(self) -> tuple[object, ...]:
        return self.deck_name, self.deck_description, tuple(self.counts.items())

    @property
    def dirty(self) -> bool:
        """True if the deck has changes that are not in a file."""
        return self._snapshot() != self._saved

    def target_path(self) -> Path:
        return decks_dir() / f"{deck_slug(self.deck_name)}.toml"

    def problems(self) -> list[str]:
        """Every problem the validator finds, in the UI language; [] if the deck is legal."""
        return [problem_text(problem, self.bapp.lang) for problem in validator_problems(self.counts, self.db)]

    def load(self, deck: Deck, source: Path | None) -> None:
        """Start editing `deck`; `source` is the player's file it came from (None: a template or a new deck)."""
        self.counts = dict(Counter(deck.cards))
        self.query_one("#deck-name", Input).value = deck.title(self.bapp.lang)
        self.query_one("#deck-description", Input).value = deck.about(self.bapp.lang)
        self.source = source
        self._saved = self._snapshot()
        self.refresh_pool()
        self.refresh_deck()
        self.query_one("#builder-pool", DataTable).focus()

    # --- drawing ------------------------------------------------------------------------------------
    def refresh_pool(self) -> None:
        """The playable cards that pass the filters, keeping the highlighted card if it still does."""
        t = self.t
        table = self.query_one("#builder-pool", DataTable)
        keep = self.pool_card()
        card_filter = self.query_one(CardFilter)
        self.pool = [card for card in self.db.implemented() if card_filter.matches(card)]
        table.clear()
        for card in self.pool:
            table.add_row(self._in_deck_cell(card), card.name, str(card.set), element_cell(card, t), str(card.cost),
                          *stat_cells(card), flags_cell(card, t), key=card.id)
        if keep is not None and keep in self.pool:
            table.move_cursor(row=self.pool.index(keep), animate=False)
        self.show_detail()

    def name_copies(self, card: CardDef) -> tuple[int, int]:
        """The copies of `card`'s name in the deck, in all its printings, and how many the deck may hold
        (decisions 540, 542)."""
        key = copy_key(card)
        same = [card_id for card_id in self.counts if copy_key(self.db[card_id]) == key]
        limit = name_limits([card, *(self.db[card_id] for card_id in same)])[key]
        return sum(self.counts[card_id] for card_id in same), limit

    def _in_deck_cell(self, card: CardDef) -> Text:
        n = self.counts.get(card.id, 0)
        total, limit = self.name_copies(card)
        return Text(str(n) if n else "", "bold green" if total >= limit else "bold")

    def refresh_deck(self, highlight: str | None = None) -> None:
        """The deck table, the legality panel and the title; the cursor goes to card `highlight` if given."""
        t = self.t
        table = self.query_one("#builder-deck", DataTable)
        row = table.cursor_row
        if highlight is None and table.row_count and 0 <= row < len(self.deck_ids):
            highlight = self.deck_ids[row]
        self.deck_ids = list(self.counts)
        table.clear()
        for card_id, copies in self.counts.items():
            card = self.db[card_id]
            total, limit = self.name_copies(card)
            name = Text(card.name, "" if card.implemented else "dim strike")
            table.add_row(name, Text(f"{copies}/{limit}", "bold red" if total > limit else ""),
                          str(card.cost), element_cell(card, t), key=card_id)
        if highlight in self.deck_ids:
            table.move_cursor(row=self.deck_ids.index(highlight), animate=False)
        elif self.deck_ids:
            table.move_cursor(row=min(row, len(self.deck_ids) - 1), animate=False)
        self.show_legality()
        self.show_title()

    def show_legality(self) -> None:
        t = self.t
        n = sum(self.counts.values())
        low, high = DECK_SIZE
        text = Text()
        text.append(t("decks.size", n=n, low=low, high=high), "bold green" if low <= n <= high else "bold red")
        problems = self.problems()
        if problems:
            text.append("\n" + t("decks.not_legal"), "bold red")
            for problem in problems:
                text.append("\n• " + problem)
        else:
            text.append("\n" + t("decks.legal"), "bold green")
        self.query_one("#deck-legality", Static).update(text)

    def show_title(self) -> None:
        t = self.t
        name = self.deck_name or t("decks.untitled")
        title = Text.assemble((t("decks.title"), "bold"), " — ", name)
        if self.dirty:
            title.append(" *", "bold yellow")
            title.append("  " + t("decks.unsaved"), "dim not bold")
        if self.deck_name:
            title.append("  " + t("decks.file", file=self.target_path().name), "dim not bold")
        self.query_one("#builder-title", Static).update(title)

    def pool_card(self) -> CardDef | None:
        table = self.query_one("#builder-pool", DataTable)
        if table.row_count == 0 or not 0 <= table.cursor_row < len(self.pool):
            return None
        return self.pool[table.cursor_row]

    def deck_card(self) -> CardDef | None:
        table = self.query_one("#builder-deck", DataTable)
        if table.row_count == 0 or not 0 <= table.cursor_row < len(self.deck_ids):
            return None
        return self.db[self.deck_ids[table.cursor_row]]

    def _card_in_focus(self) -> CardDef | None:
        """The highlighted card of the deck table when it has the focus, else of the pool."""
        if self.focused is self.query_one("#builder-deck", DataTable):
            return self.deck_card()
        return self.pool_card()

    def show_detail(self, card: CardDef | None = None) -> None:
        detail = self.query_one("#builder-detail", CardDetail)
        card = card or self._card_in_focus()
        if card is None:
            detail.show_text(self.t("browser.nothing_found"))
        else:
            detail.show_def(card, self.bapp.lang)

    # --- events -------------------------------------------------------------------------------------
    def on_card_filter_changed(self) -> None:
        self.refresh_pool()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "builder-deck":
            self.show_detail(self.deck_card())
        else:
            self.show_detail(self.pool_card())

    def on_descendant_focus(self) -> None:
        if isinstance(self.focused, DataTable):
            self.show_detail()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "builder-pool":
            self.add_card(self.pool_card())

    @on(Input.Changed, "#deck-name, #deck-description")
    def _fields_changed(self) -> None:
        self.show_title()

    @on(Input.Submitted, "#deck-name, #deck-description")
    def _field_submitted(self, event: Input.Submitted) -> None:
        self.focus_next()

    # --- editing ------------------------------------------------------------------------------------
    def add_card(self, card: CardDef | None) -> None:
        if card is None:
            return
        if not card.implemented:
            self.notify(self.t("decks.cannot_add", name=card.name), severity="warning")
            return
        total, limit = self.name_copies(card)
        if total >= limit:
            self.notify(self.t("decks.at_limit", name=card.name, limit=limit), severity="warning")
            return
        self.counts[card.id] = self.counts.get(card.id, 0) + 1
        self._changed(card)

    def remove_card(self, card: CardDef | None) -> None:
        if card is None or card.id not in self.counts:
            self.app.bell()
            return
        self.counts[card.id] -= 1
        if not self.counts[card.id]:
            del self.counts[card.id]
        self._changed(card)

    def _changed(self, card: CardDef) -> None:
        table = self.query_one("#builder-pool", DataTable)
        for printing in self.pool:          # every printing of the name: they share its copies
            if copy_key(printing) == copy_key(card):
                table.update_cell(printing.id, "in_deck", self._in_deck_cell(printing))
        self.refresh_deck(highlight=card.id if card.id in self.counts else None)

    def action_next_set(self) -> None:
        self.query_one(CardFilter).next_set()

    def action_add(self) -> None:
        self.add_card(self._card_in_focus())

    def action_remove(self) -> None:
        self.remove_card(self._card_in_focus())

    def action_find(self) -> None:
        self.query_one(CardFilter).text_input.focus()

    # --- files --------------------------------------------------------------------------------------
    def action_save(self) -> None:
        if not self.deck_name:
            self.notify(self.t("decks.need_name"), severity="warning")
            self.query_one("#deck-name", Input).focus()
            return
        path = self.target_path()
        same_file = self.source is not None and path.resolve() == self.source.resolve()
        if path.exists() and not same_file:
            question = self.t("decks.confirm.overwrite", file=path.name, name=self._name_in(path))
            self.app.push_screen(ConfirmScreen(question, self.t("decks.confirm.overwrite.yes"),
                                               self.t("decks.confirm.no")),
                                 lambda yes: self._write(path) if yes else None)
        else:
            self._write(path)

    def _name_in(self, path: Path) -> str:
        """The name of the deck in an existing file, for the overwrite question."""
        try:
            return read_deck_draft(path, self.db).name or path.name
        except DeckError:
            return path.name

    def _write(self, path: Path) -> None:
        try:
            save_deck(path, self.deck_name, self.deck_description, self.counts, self.db)
        except OSError as exc:
            self.notify(self.t("decks.save_failed", error=file_error(exc, self.bapp.lang)), severity="error",
                        timeout=10)
            return
        self.source = path
        self._saved = self._snapshot()
        legal = not self.problems()
        self.notify(self.t("decks.saved" if legal else "decks.saved_draft", file=str(path)),
                    severity="information" if legal else "warning")
        self.show_title()

    def _unless_unsaved(self, then: Callable[[], object], question: str) -> None:
        """Run `then` now, or after the player agrees to drop the unsaved changes."""
        if not self.dirty:
            then()
            return
        self.app.push_screen(ConfirmScreen(self.t(question), self.t("decks.confirm.discard.yes"),
                                           self.t("decks.confirm.no")),
                             lambda yes: then() if yes else None)

    def action_back(self) -> None:
        self._unless_unsaved(self.app.pop_screen, "decks.confirm.leave")

    def action_new(self) -> None:
        self._unless_unsaved(lambda: self.load(Deck("", "", (), DRAFT_PATH), None), "decks.confirm.discard")

    def action_load(self) -> None:
        self._unless_unsaved(self._pick, "decks.confirm.discard")

    def available_decks(self) -> tuple[list[Deck], list[Deck], list[DeckError]]:
        """The shipped decks, the player's deck files (drafts too) and the error of each unreadable file."""
        broken: list[DeckError] = []
        try:
            builtin = builtin_decks(self.db)
        except DeckError as exc:
            builtin, broken = [], [exc]
        mine: list[Deck] = []
        folder = decks_dir()
        for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
            try:
                mine.append(read_deck_draft(path, self.db))
            except DeckError as exc:
                broken.append(exc)
        return builtin, mine, broken

    def _pick(self) -> None:
        def picked(choice: tuple[Deck, bool] | None) -> None:
            if choice is not None:
                deck, builtin = choice
                self.load(deck, None if builtin else deck.path)
                self.notify(self.t("decks.loaded_template" if builtin else "decks.loaded",
                                   name=deck.title(self.bapp.lang)))

        self.app.push_screen(DeckPickerScreen(*self.available_decks()), picked)
