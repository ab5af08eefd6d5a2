"""The main menu."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from berserk_tui import games
from berserk_tui.ui.widgets.footer import Footer

if TYPE_CHECKING:
    from berserk_tui.ui.app import BerserkApp

LOGO = r"""
 ____  _____ ____  ____  _____ ____  _  __
| __ )| ____|  _ \/ ___|| ____|  _ \| |/ /
|  _ \|  _| | |_) \___ \|  _| | |_) | ' /
| |_) | |___|  _ < ___) | |___|  _ <| . \
|____/|_____|_| \_\____/|_____|_| \_\_|\_\
"""
ITEMS = ("resume", "game", "vs_bot", "hotseat", "first_game", "host", "join", "net_games", "decks", "cards", "rules",
         "settings", "quit")


class MenuScreen(Screen):
    """What to do: play, build decks, read the rules, change settings."""

    BINDINGS = [Binding("q,escape", "app.quit", "key.quit")]

    @property
    def bapp(self) -> BerserkApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static(LOGO, id="logo")
            yield Static(id="subtitle")
            with Center():
                yield OptionList(id="menu")
        yield Footer()

    def on_mount(self) -> None:
        self.retranslate()

    def on_screen_resume(self) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        t = self.bapp.t
        self.query_one("#subtitle", Static).update(t("menu.subtitle"))
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        saved = self.bapp.saved_games()
        for key in ITEMS:
            if (key == "resume" and not saved) or (key == "first_game" and self.bapp.rules == "heroes"):
                continue            # the first game's squads are the classic game's; «Берсерк. Герои» has none
            label = t("menu.game", game=t(f"rules.{self.bapp.rules}")) if key == "game" else t(f"menu.{key}")
            menu.add_option(Option(label, id=key))
        first = 0 if saved else 1       # at first the cursor is on playing: resuming, or a game against the bot
        menu.highlighted = highlighted if highlighted is not None and highlighted < menu.option_count else first
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        key = event.option.id
        app = self.bapp
        if key == "resume":
            saved = app.saved_games()
            if len(saved) == 1:
                app.resume_game(saved[0].path)
            else:
                from .local_games import SavedGamesScreen
                app.push_screen(SavedGamesScreen())
        elif key == "game":
            offered = games.app_rules()
            app.rules = offered[(offered.index(app.rules) + 1) % len(offered)] if app.rules in offered else offered[0]
            app.apply_settings(replace(app.settings, game=app.rules))      # chosen again at the next start
        elif key in ("vs_bot", "hotseat", "first_game"):
            from .new_game import NewGameScreen
            app.push_screen(NewGameScreen(key))
        elif key in ("host", "join"):
            from .net_lobby import NetLobbyScreen, lobby_game
            app.push_screen(NetLobbyScreen(key, game=lobby_game(app.rules, key)))
        elif key == "net_games":
            from .net_games import NetGamesScreen
            app.push_screen(NetGamesScreen())
        elif key == "decks" and app.rules == "heroes":
            from berserk_tui.ui.heroes.deck_builder import HeroesDeckBuilderScreen
            app.push_screen(HeroesDeckBuilderScreen(games.game_for("heroes")))
        elif key == "decks":
            from .deck_builder import DeckBuilderScreen
            app.push_screen(DeckBuilderScreen())
        elif key == "cards" and app.rules == "heroes":
            from berserk_tui.ui.heroes.cards import HeroesCardsScreen
            app.push_screen(HeroesCardsScreen(games.game_for("heroes")))
        elif key == "cards":
            from .card_browser import CardBrowserScreen
            app.push_screen(CardBrowserScreen())
        elif key == "rules":
            from .help import HelpScreen
            app.push_screen(HelpScreen("heroes" if app.rules == "heroes" else "overview"))
        elif key == "settings":
            from .settings import SettingsScreen
            app.push_screen(SettingsScreen())
        elif key == "quit":
            app.exit()
