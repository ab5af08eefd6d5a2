"""The deck builder of «Берсерк. Герои» (the menu's «Редактор колод» when that game is chosen): a hero, the cards
its deck may hold in a table, the deck beside it with what still keeps it from being a deck, and its extra deck (seed
002, «Дополнительная колода»: cards to swap in before a rematch, rules decision 985); Ctrl+S saves it to the player's
folder (`heroes_decks`), from where the new-game form offers it."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from berserk_tui.heroes_decks import (
    HeroesDeck,
    allowed,
    copies_allowed,
    deck_problems,
    problem_text,
    save_heroes_deck,
    user_heroes_decks,
)
from berserk_tui.heroes_play import deck_heroes
from berserk_tui.match import game_db
from berserk_tui.ui.widgets.footer import Footer

from .text import card_body, card_head, kind_name

NEW = "new"
EXTRA = "+"          # the id prefix of the extra deck's rows in the deck list


class HeroesDeckBuilderScreen(Screen):
    """`+`/Enter add the highlighted card, `x` adds it to the extra deck, `-`/Delete take one out (of the deck or,
    on its row, of the extra deck), Ctrl+S saves, Tab moves between the fields, the pool and the deck, Escape goes
    back."""

    BINDINGS = [
        Binding("ctrl+s", "save", "key.decks.save"),
        Binding("plus", "add", "key.decks.add", key_display="+"),
        Binding("minus", "remove", "key.decks.remove", key_display="-"),
        Binding("x", "add_extra", "key.hg.extra"),
        Binding("delete", "remove", "key.decks.remove", show=False),
        Binding("escape", "app.pop_screen", "key.back"),
    ]

    def __init__(self, game: Any) -> None:
        super().__init__()
        self.db = game_db(game)
        self.heroes = sorted((c for c in self.db.values() if c.type == "hero"), key=lambda c: c.id)
        self.saved: list[HeroesDeck] = []
        with_cards = deck_heroes(game)          # at first the first hero with cards enough for a deck
        self.hero = with_cards[0].id if with_cards else self.heroes[0].id if self.heroes else ""
        self.cards: list[str] = []
        self.extra: list[str] = []       # the extra deck
        self.pool: list[Any] = []

    def t(self, key: str, /, **kw: object) -> str:
        return self.app.t(key, **kw)  # type: ignore[attr-defined, no-any-return]

    def compose(self) -> ComposeResult:
        t = self.t
        self.saved, errors = user_heroes_decks(self.db)
        with Vertical(id="hg-builder"):
            yield Static(t("hg.builder.title"), classes="title")
            with Horizontal(id="hg-builder-top"):
                yield Select([(t("hg.builder.new"), NEW)] + [(d.name, str(i)) for i, d in enumerate(self.saved)],
                             value=NEW, allow_blank=False, compact=True, id="hg-builder-deck")
                yield Select([(h.name, h.id) for h in self.heroes], value=self.hero, allow_blank=False,
                             compact=True, id="hg-builder-hero")
                yield Input(placeholder=t("hg.builder.name"), compact=True, max_length=100, id="hg-builder-name")
            for error in errors:
                yield Static(error.text(self.app.lang), classes="error", markup=False)  # type: ignore[attr-defined]
            with Horizontal(id="hg-builder-main"):
                yield DataTable(id="hg-builder-pool", cursor_type="row", zebra_stripes=True)
                with Vertical(id="hg-builder-side"):
                    yield Static(id="hg-builder-state")
                    yield OptionList(id="hg-builder-list")
                    yield Static(id="hg-builder-detail")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#hg-builder-pool", DataTable)
        t = self.t
        table.add_column("", key="n")
        for key, label in (("name", t("col.name")), ("cost", t("col.cost")), ("attack", "⚔"), ("health", "♥"),
                           ("kind", t("col.kind"))):     # the kind last: at 80 columns it is cut, not the numbers
            table.add_column(label, key=key)
        self._pool()
        table.focus()

    # --- what is shown --------------------------------------------------------------------------------------------
    def _pool(self) -> None:
        """The cards the hero's deck may hold, cheapest first."""
        hero = self.db.get(self.hero)
        self.pool = sorted((c for c in self.db.values() if hero is not None and allowed(self.db, hero, c)),
                           key=lambda c: (c.cost, c.name, c.id))
        self.cards = [c for c in self.cards if any(p.id == c for p in self.pool)]
        self.extra = [c for c in self.extra if any(p.id == c for p in self.pool)]
        self._rows()

    def _rows(self) -> None:
        table = self.query_one("#hg-builder-pool", DataTable)
        row = table.cursor_row
        counts = Counter(self.cards) + Counter(self.extra)
        table.clear()
        for c in self.pool:
            n = counts.get(c.id, 0)
            stats = (str(c.attack), str(c.health)) if c.type == "creature" else ("", "")
            table.add_row(Text(f"{n}/{copies_allowed(c)}" if n else "", "bold"), c.name,
                          f"{c.cost}+X" if c.x_cost else str(c.cost), *stats, kind_name(self.t, c), key=c.id)
        if self.pool:
            table.move_cursor(row=min(row, len(self.pool) - 1))
        self._deck()

    def _deck(self) -> None:
        listing = self.query_one("#hg-builder-list", OptionList)
        keep = listing.highlighted
        listing.clear_options()
        def rows(cards: list[str], label: str, prefix: str) -> list[Option]:
            return [Option(label + f"{n}× {self.db[cid].name}", id=prefix + cid) for cid, n in
                    sorted(Counter(cards).items(), key=lambda kv: (self.db[kv[0]].cost, self.db[kv[0]].name))]
        listing.add_options(rows(self.cards, "", "") + rows(self.extra, self.t("hg.builder.extra_row"), EXTRA))
        if listing.option_count:
            listing.highlighted = min(keep or 0, listing.option_count - 1)
        problems = [p for p in deck_problems(self.db, self.hero, self.cards, self.extra) if p.code != "short"]
        state = [self.t("hg.builder.count", n=len(self.cards))]          # (the count says what is short)
        if self.extra:
            state.append(self.t("hg.builder.extra", n=len(self.extra)))
        state += [problem_text(p, self.app.lang) for p in problems[:2]]  # type: ignore[attr-defined]
        if not deck_problems(self.db, self.hero, self.cards, self.extra):
            state.append(self.t("hg.builder.ok"))
        self.query_one("#hg-builder-state", Static).update(Text("\n".join(state)))
        self._detail()

    def _current(self) -> Any:
        """The card under the cursor: in the deck list when it has the focus, else in the pool."""
        listing = self.query_one("#hg-builder-list", OptionList)
        if self.focused is listing and listing.highlighted is not None:
            return self.db[(listing.get_option_at_index(listing.highlighted).id or "").removeprefix(EXTRA)]
        table = self.query_one("#hg-builder-pool", DataTable)
        return self.pool[table.cursor_row] if self.pool and table.cursor_row < len(self.pool) else None

    def _detail(self) -> None:
        card = self._current()
        text = "\n".join([card_head(self.t, card), *card_body(self.t, card, self.app.lang)]) if card else ""  # type: ignore[attr-defined]
        self.query_one("#hg-builder-detail", Static).update(Text(text))

    # --- keys and fields --------------------------------------------------------------------------------------------
    def on_data_table_row_highlighted(self) -> None:
        self._detail()

    def on_data_table_row_selected(self) -> None:
        self.action_add()

    def on_option_list_option_highlighted(self) -> None:
        self._detail()

    def on_descendant_focus(self) -> None:
        if self.is_mounted and self.query("#hg-builder-detail"):
            self._detail()

    def on_select_changed(self, event: Select.Changed) -> None:
        if not self.query("#hg-builder-pool"):
            return
        if event.select.id == "hg-builder-hero" and event.value != self.hero:
            self.hero = str(event.value)
            self._pool()
        elif event.select.id == "hg-builder-deck" and event.value != NEW:
            deck = self.saved[int(str(event.value))]
            self.cards, self.extra = list(deck.cards), list(deck.extra)
            self.query_one("#hg-builder-name", Input).value = deck.name
            if deck.hero != self.hero:
                self.query_one("#hg-builder-hero", Select).value = deck.hero   # its change shows the pool
            else:
                self._pool()

    def action_add(self, extra: bool = False) -> None:
        """One more of the highlighted card in the deck (or the extra deck): together at most its copies."""
        card = self._current()
        if card is not None and self.cards.count(card.id) + self.extra.count(card.id) < copies_allowed(card):
            (self.extra if extra else self.cards).append(card.id)
            self._rows()

    def action_add_extra(self) -> None:
        self.action_add(extra=True)

    def action_remove(self) -> None:
        """One of the highlighted card out: of the extra deck on its row of the list, else of the deck."""
        card = self._current()
        listing = self.query_one("#hg-builder-list", OptionList)
        on_extra = self.focused is listing and listing.highlighted is not None and \
            (listing.get_option_at_index(listing.highlighted).id or "").startswith(EXTRA)
        group = self.extra if on_extra else self.cards
        if card is not None and card.id in group:
            group.remove(card.id)
            self._rows()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Typing `+` or `-` in the name field is text, not a key of the builder."""
        if action in ("add", "add_extra", "remove") and isinstance(self.focused, Input):
            return None
        return True

    def action_save(self) -> None:
        name = self.query_one("#hg-builder-name", Input).value.strip()
        problems = deck_problems(self.db, self.hero, self.cards, self.extra)
        if not name:
            self.notify(self.t("hg.builder.no_name"), severity="error")
            return
        if problems:
            self.notify(problem_text(problems[0], self.app.lang), severity="error")  # type: ignore[attr-defined]
            return
        try:
            path = save_heroes_deck(name, self.hero, self.cards, self.db, self.extra)
        except OSError as exc:
            self.notify(self.t("hg.builder.cannot_save", error=exc.strerror or type(exc).__name__), severity="error")
            return
        self.notify(self.t("hg.builder.saved", path=path))
