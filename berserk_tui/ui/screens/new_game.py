"""Setting up a local game: the opponent (a bot level or a second player), the decks, the seed."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from berserk_tui.bot import AGENTS, DEFAULT_AGENT
from berserk_tui.match import HOTSEAT, SEED_DIGITS, MatchSetup
from berserk_tui.ui.deck_text import deck_label, error_text
from berserk_tui.ui.widgets.footer import Footer
from berserk_tui.userdata import user_decks
from cards.decks import Deck, builtin_decks

if TYPE_CHECKING:
    from berserk_tui.ui.app import BerserkApp


class NewGameScreen(Screen):
    """`mode` is "vs_bot", "hotseat" or "first_game" (pre-built squads of the first game)."""

    BINDINGS = [     # most important first
        Binding("ctrl+s", "start", "key.start"),
        Binding("escape", "app.pop_screen", "key.back"),
    ]

    def __init__(self, mode: str) -> None:
        super().__init__()
        self.mode = mode
        self.decks: list[Deck] = []

    @property
    def bapp(self) -> BerserkApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        t = self.bapp.t
        builtin = builtin_decks(self.bapp.db)
        mine, problems = user_decks(self.bapp.db)
        self.decks = builtin + mine
        deck_options = [(deck_label(d, self.bapp.lang), i) for i, d in enumerate(self.decks)]
        with Vertical(id="form"):
            yield Static(t(f"new.title.{self.mode}"), classes="title")
            if self.mode != "hotseat":
                yield Label(t("new.bot"))
                yield Select([(t(f"bot.{name}"), name) for name in AGENTS], value=DEFAULT_AGENT,
                             allow_blank=False, id="bot")
            if self.mode != "first_game":
                yield Label(t("new.deck.p1" if self.mode == "hotseat" else "new.deck.mine"))
                yield Select(deck_options, value=0, allow_blank=False, id="deck0")
                yield Label(t("new.deck.p2" if self.mode == "hotseat" else "new.deck.bot"))
                yield Select(deck_options, value=min(1, len(self.decks) - 1), allow_blank=False, id="deck1")
            else:
                yield Static(t("new.first_game.about"), classes="note")
            yield Label(t("new.seed"))
            yield Input(placeholder=t("new.seed.placeholder"), type="integer", id="seed", max_length=SEED_DIGITS + 1)
            for problem in problems:
                yield Static(t("new.bad_deck", error=error_text(problem, self.bapp.lang)), classes="error",
                             markup=False)
            with Horizontal(classes="buttons"):
                yield Button(t("new.start"), variant="primary", id="start")
                yield Button(t("common.back"), id="back")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("Select").focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.app.pop_screen()

    def on_input_submitted(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        text = self.query_one("#seed", Input).value.strip()
        digits = text.removeprefix("-")
        seed = int(text) if digits.isdigit() and len(digits) <= SEED_DIGITS else secrets.randbits(32)
        opponent = HOTSEAT if self.mode == "hotseat" else str(self.query_one("#bot", Select).value)
        if self.mode == "first_game":
            setup = MatchSetup(opponent, seed=seed, first_game=True)
        else:
            d0 = self.decks[int(self.query_one("#deck0", Select).value)]  # type: ignore[arg-type]
            d1 = self.decks[int(self.query_one("#deck1", Select).value)]  # type: ignore[arg-type]
            setup = MatchSetup(opponent, (d0.cards, d1.cards), (d0.name, d1.name), seed)
        self.app.pop_screen()
        self.bapp.start_game(setup)
