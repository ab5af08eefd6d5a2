"""Setting up a local game: the rules and mode, the opponent (a bot level or a second player), the decks, the seed.

The modes listed are those registered for the chosen rules (`games.modes`); a duel keeps the two-deck form,
a game of more seats gets a row per seat: who plays it (a person or a bot) and its deck.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from berserk_tui import games
from berserk_tui.bot import AGENTS, DEFAULT_AGENT
from berserk_tui.engine.gamedef import GameDef
from berserk_tui.heroes_decks import HeroesDeck
from berserk_tui.heroes_play import all_decks, heroes_setup
from berserk_tui.match import HOTSEAT, HUMAN, SEED_DIGITS, MatchSetup
from berserk_tui.ui.deck_text import deck_label, error_text
from berserk_tui.ui.heroes.setup import chosen_decks, hero_changed, heroes_rows
from berserk_tui.ui.widgets.footer import Footer
from berserk_tui.userdata import user_decks
from cards.decks import Deck, builtin_decks

if TYPE_CHECKING:
    from berserk_tui.ui.app import BerserkApp


def _shape(game: GameDef) -> tuple[int, tuple[int, ...], bool]:
    return games.seat_count(game), games.played_seats(game), hasattr(game, "load_db")


class NewGameScreen(Screen):
    """`mode` is "vs_bot", "hotseat" or "first_game" (pre-built squads of the first game, classic rules)."""

    BINDINGS = [     # most important first
        Binding("ctrl+s", "start", "key.start"),
        Binding("escape", "app.pop_screen", "key.back"),
    ]

    def __init__(self, mode: str) -> None:
        super().__init__()
        self.mode = mode
        self.decks: list[Deck] = []
        self.shown: GameDef | None = None     # the game whose seats the form shows
        self.hdecks: list[HeroesDeck] | None = None

    @property
    def bapp(self) -> BerserkApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        t = self.bapp.t
        builtin = builtin_decks(self.bapp.db)
        mine, problems = user_decks(self.bapp.db)
        self.decks = builtin + mine
        with Vertical(id="form"):
            yield Static(t(f"new.title.{self.mode}"), classes="title")
            if self.mode != "first_game":
                with Horizontal(classes="pair"):
                    with Vertical():
                        yield Label(t("new.rules"))
                        yield Select([(t(f"rules.{r}"), r) for r in games.app_rules()], value=self.bapp.rules,
                                     allow_blank=False, id="rules")
                    with Vertical():
                        yield Label(t("new.mode"))
                        yield Select(self._mode_options(self.bapp.rules), value="duel", allow_blank=False, id="mode")
            if self.mode != "hotseat":
                yield Label(t("new.bot"), id="bot-label")
                yield Select(self._bot_options(AGENTS), value=DEFAULT_AGENT, allow_blank=False, id="bot")
            if self.mode != "first_game":
                yield Vertical(id="seats")
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

    async def on_mount(self) -> None:
        self.query_one("#rules" if self.mode != "first_game" else "#bot", Select).focus()
        if self.mode != "first_game":
            await self._show_seats()

    # --- the game chosen --------------------------------------------------------------------------------
    def _bot_options(self, agents: Any) -> list[tuple[str, str]]:
        return [(self.bapp.t(f"bot.{name}"), name) for name in AGENTS if name in agents]

    def _mode_options(self, rules: str) -> list[tuple[str, str]]:
        return [(self.bapp.t(f"mode.{m}"), m) for m in games.modes(rules)]

    def _game(self) -> GameDef:
        if self.mode == "first_game":
            return games.game_for("classic")
        return games.game_for(str(self.query_one("#rules", Select).value), str(self.query_one("#mode", Select).value))

    def _heroes_decks(self) -> list[HeroesDeck]:
        """The prebuilt and the player's «Берсерк. Герои» decks (read once per form)."""
        if self.hdecks is None:
            self.hdecks = all_decks(games.game_for("heroes"), self.bapp.lang)
        return self.hdecks

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id in ("hero0", "hero1"):
            hero_changed(self.bapp.t, self, event.select, self._heroes_decks())
        elif event.select.id == "rules":
            modes = self.query_one("#mode", Select)
            kept = modes.value if modes.value in games.modes(str(event.value)) else "duel"
            modes.set_options(self._mode_options(str(event.value)))
            modes.value = kept
            await self._show_seats()
        elif event.select.id == "mode":
            await self._show_seats()

    async def _show_seats(self) -> None:
        """The deck rows of the chosen game: the duel's two (one where the other seat brings no squad), or a row
        per seat with who plays it."""
        game = self._game()
        if self.shown is not None and _shape(self.shown) == _shape(game):
            self.shown = game
            return
        self.shown = game
        box = self.query_one("#seats", Vertical)
        await box.remove_children()
        rows = heroes_rows(self.bapp.t, self.mode, game, self._heroes_decks()) if hasattr(game, "load_db") else \
            self._duel_rows(game) if games.seat_count(game) == 2 else self._seat_rows(game)
        await box.mount_all(rows)
        if self.mode != "hotseat":
            bot = self.query_one("#bot", Select)
            kept = bot.value if bot.value in game.agents else DEFAULT_AGENT
            bot.set_options(self._bot_options(game.agents))
            bot.value = kept
            shown = _shape(game)[:2] == (2, (0, 1))    # a duel of two squads: the bot plays the other one
            self.query_one("#bot").display = self.query_one("#bot-label").display = shown

    def _deck_select(self, seat: int, short: bool = False) -> Select:
        """The deck of `seat`: each deck with its description, or (`short`, in a seat's row) its name alone."""
        lang = self.bapp.lang
        options = [(d.title(lang) if short else deck_label(d, lang), i) for i, d in enumerate(self.decks)]
        return Select(options, value=seat % 2 if len(self.decks) > 1 else 0, allow_blank=False, id=f"deck{seat}")

    def _duel_rows(self, game: GameDef) -> list:
        t, hotseat = self.bapp.t, self.mode == "hotseat"
        rows = [Label(t("new.deck.p1" if hotseat else "new.deck.mine")), self._deck_select(0)]
        if 1 in games.played_seats(game):
            rows += [Label(t("new.deck.p2" if hotseat else "new.deck.bot")), self._deck_select(1)]
        return rows

    def _seat_rows(self, game: GameDef) -> list:
        """Per seat: who plays it (a person, or a bot: the first seat a person, the others bots against a bot,
        everyone a person in hot-seat) and its deck."""
        t, teams = self.bapp.t, game.rules().seats.teams
        who = [(t("new.player.human"), HUMAN)] + [(t("new.player.bot", level=t(f"bot.{name}").split(" — ")[0]), name)
                                                   for name in game.agents]
        rows = []
        for seat, team in enumerate(teams):
            player = HUMAN if self.mode == "hotseat" or seat == 0 else DEFAULT_AGENT
            rows.append(Label(t("new.seat", n=seat + 1, team=team + 1)))
            rows.append(Horizontal(Select(who, value=player, allow_blank=False, id=f"player{seat}"),
                                   self._deck_select(seat, short=True), classes="pair seat"))
        return rows

    # --- starting -------------------------------------------------------------------------------------------
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
        game = self._game()
        if self.mode == "first_game":
            setup = MatchSetup(str(self.query_one("#bot", Select).value), seed=seed, first_game=True)
        elif hasattr(game, "load_db"):
            if not self.query("#hero0"):
                self.notify(self.bapp.t("hg.new.no_heroes"), severity="error")
                return
            opponent = HOTSEAT if self.mode == "hotseat" else str(self.query_one("#bot", Select).value)
            heroes = [str(self.query_one(f"#hero{s}", Select).value) for s in (0, 1)]
            setup = heroes_setup(game, opponent, heroes, seed, chosen_decks(self, self._heroes_decks()))
        else:
            seats, played = games.seat_count(game), games.played_seats(game)
            decks = [self.decks[int(self.query_one(f"#deck{s}", Select).value)] if s in played else None  # type: ignore[arg-type]
                     for s in range(seats)]
            if seats == 2:
                opponent = HOTSEAT if self.mode == "hotseat" else str(self.query_one("#bot", Select).value)
                players = [HUMAN, HUMAN if opponent == HOTSEAT else opponent]
                if 1 not in played:                 # the seat the rules play: nobody is asked
                    players[1] = DEFAULT_AGENT
            else:
                players = [str(self.query_one(f"#player{s}", Select).value) for s in range(seats)]
                if HUMAN not in players:
                    self.notify(self.bapp.t("new.no_human"), severity="error")
                    return
            setup = MatchSetup.for_seats(game.name, players, [d.cards if d else () for d in decks],
                                         [d.name if d else "" for d in decks], seed)
        self.app.pop_screen()
        self.bapp.start_game(setup)
