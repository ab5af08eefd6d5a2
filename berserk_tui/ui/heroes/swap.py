"""Before a rematch of «Берсерк. Герои»: a player changes his deck with its extra deck (seed 002, «Дополнительная
колода»; rules decisions 941, 985). Two lists, the deck and the extra deck, each card once with its count; Enter
moves one copy of the highlighted card to the other list, `r` puts everything back, Ctrl+S (or `g`) plays the
next game with the changed deck once the swap is legal (`cards.heroes.decks.swap`: as many cards in as out, the
deck rules; with nothing moved, the deck as it was), Escape goes back to the end of the game without a rematch."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from berserk_tui.heroes_decks import problem_text
from berserk_tui.ui.widgets.footer import Footer
from cards.heroes.decks import HeroDeck, SwapError, swap

from .text import card_body, card_head

Deck = tuple[tuple[str, ...], tuple[str, ...]]     # the deck's cards and its extra deck's, ids


def swapped(db: Any, hero: str, start: Deck, now: Deck) -> tuple[Deck | None, list[Any]]:
    """The deck `now` as a swap from `start` (what left the deck went to the extra deck, and back): the checked
    result, or None and the problems (`cards.heroes.decks.Problem`)."""
    out = list((Counter(start[0]) - Counter(now[0])).elements())
    into = list((Counter(now[0]) - Counter(start[0])).elements())
    deck = HeroDeck("", "", "", "", hero, start[0], Path(), start[1])
    try:
        done = swap(db, deck, out, into, need_implemented=False)
    except SwapError as exc:
        return None, exc.found
    return (done.cards, done.extra), []


class SwapScreen(ModalScreen[Deck | None]):
    """Player `seat`'s (`name`'s) swap of the deck `start` of hero `hero`; dismissed with the new deck (the same one
    if nothing moved) or None (Escape)."""

    BINDINGS = [
        Binding("ctrl+s,g", "done", "key.swap.done"),
        Binding("r", "reset", "key.swap.reset"),
        Binding("escape", "cancel", "key.back"),
    ]
    AUTO_FOCUS = "#hg-swap-deck"

    def __init__(self, db: Any, seat: int, name: str, hero: str, start: Deck) -> None:
        super().__init__()
        self.db, self.seat, self.deck_name, self.hero, self.start = db, seat, name, hero, start
        self.cards, self.extra = list(start[0]), list(start[1])

    def t(self, key: str, /, **kw: object) -> str:
        return self.app.t(key, **kw)  # type: ignore[attr-defined, no-any-return]

    def compose(self) -> ComposeResult:
        with Vertical(id="hg-swap"):
            yield Static(self.t("hg.swap.title", player=self.seat + 1, deck=self.deck_name), classes="title")
            yield Static(self.t("hg.swap.about"), id="hg-swap-about")
            with Horizontal(id="hg-swap-main"):
                with Vertical(classes="hg-swap-side"):
                    yield Static(id="hg-swap-deck-head", classes="hg-swap-head")
                    yield OptionList(id="hg-swap-deck")
                with Vertical(classes="hg-swap-side"):
                    yield Static(id="hg-swap-extra-head", classes="hg-swap-head")
                    yield OptionList(id="hg-swap-extra")
            yield Static(id="hg-swap-state")
            yield Static(id="hg-swap-detail")
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def _list(self, which: str, cards: list[str], was: tuple[str, ...]) -> None:
        listing = self.query_one(f"#hg-swap-{which}", OptionList)
        keep = listing.highlighted
        counts, before = Counter(cards), Counter(was)
        listing.clear_options()
        for cid in sorted(set(cards) | set(was), key=lambda c: (self.db[c].cost, self.db[c].name, c)):
            change = counts[cid] - before[cid]
            mark = f" ({change:+d})" if change else ""
            listing.add_option(Option(Text(f"{counts[cid]}× {self.db[cid].name}{mark}",
                                           "bold" if change > 0 else "dim" if not counts[cid] else ""), id=cid))
        if listing.option_count:
            listing.highlighted = min(keep or 0, listing.option_count - 1)

    def _show(self) -> None:
        self._list("deck", self.cards, self.start[0])
        self._list("extra", self.extra, self.start[1])
        self.query_one("#hg-swap-deck-head", Static).update(self.t("hg.swap.deck", n=len(self.cards)))
        self.query_one("#hg-swap-extra-head", Static).update(self.t("hg.swap.extra", n=len(self.extra)))
        _done, problems = swapped(self.db, self.hero, self.start, (tuple(self.cards), tuple(self.extra)))
        lang = self.app.lang  # type: ignore[attr-defined]
        state = [problem_text(p, lang) for p in problems[:2]] or [self.t("hg.swap.ok")]
        self.query_one("#hg-swap-state", Static).update(Text("\n".join(state), "red" if problems else "green"))
        self._detail()

    def _current(self) -> tuple[str, str] | None:
        """The list with the focus and its highlighted card's id."""
        for which in ("deck", "extra"):
            listing = self.query_one(f"#hg-swap-{which}", OptionList)
            if self.focused is listing and listing.highlighted is not None:
                return which, listing.get_option_at_index(listing.highlighted).id or ""
        return None

    def _detail(self) -> None:
        current = self._current()
        card = self.db[current[1]] if current else None
        text = "\n".join([card_head(self.t, card), " · ".join(card_body(self.t, card, self.app.lang))]) if card else ""  # type: ignore[attr-defined]
        self.query_one("#hg-swap-detail", Static).update(Text(text))

    def on_option_list_option_highlighted(self) -> None:
        self._detail()

    def on_descendant_focus(self) -> None:
        if self.is_mounted and self.query("#hg-swap-detail"):
            self._detail()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        cid = event.option.id or ""
        source, target = (self.cards, self.extra) if event.option_list.id == "hg-swap-deck" else \
            (self.extra, self.cards)
        if cid in source:
            source.remove(cid)
            target.append(cid)
            self._show()

    def action_reset(self) -> None:
        self.cards, self.extra = list(self.start[0]), list(self.start[1])
        self._show()

    def action_done(self) -> None:
        done, problems = swapped(self.db, self.hero, self.start, (tuple(self.cards), tuple(self.extra)))
        if done is None:
            self.notify(problem_text(problems[0], self.app.lang), severity="error")  # type: ignore[attr-defined]
            return
        self.dismiss(done)

    def action_cancel(self) -> None:
        self.dismiss(None)
