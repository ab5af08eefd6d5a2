"""The unfinished network games of the user folder (`net_saves.py`): Enter resumes the highlighted one
through the resume lobby. A game that cannot be resumed is listed with the reason; finished
games are only counted (their transcripts stay for `berserk replay --verify`)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from berserk_tui.net_saves import FINISHED, SavedGame, net_folder, saved_games
from berserk_tui.ui.widgets.footer import Footer

if TYPE_CHECKING:
    from berserk_tui.ui.app import BerserkApp


class NetGamesScreen(Screen):
    """Pick an unfinished network game to go on with."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "key.back")]

    def __init__(self) -> None:
        super().__init__()
        self.games: list[SavedGame] = []

    @property
    def bapp(self) -> BerserkApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="net-games-box"):
            yield Static(id="net-games-title", classes="title")
            yield OptionList(id="net-games")
            yield Static(id="net-games-detail", classes="note")
            yield Static(id="net-games-note", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        """Read the folder again and show what is there."""
        t = self.bapp.t
        found = saved_games()
        self.games = [g for g in found if g.phase != FINISHED]
        self.query_one("#net-games-title", Static).update(t("net.games.title"))
        listing = self.query_one("#net-games", OptionList)
        listing.clear_options()
        listing.add_options([Option(self._line(g), id=str(i)) for i, g in enumerate(self.games)])
        listing.display = bool(self.games)
        notes = [t("net.games.finished", n=len(found) - len(self.games))] if len(found) > len(self.games) else []
        self.query_one("#net-games-note", Static).update("\n".join([*notes, t("net.games.folder",
                                                                               folder=net_folder())]))
        if self.games:
            listing.highlighted = 0
            listing.focus()
        self._detail(0 if self.games else None)

    def _line(self, game: SavedGame) -> str:
        t = self.bapp.t
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(game.modified))
        if not game.resumable:
            return f"{when} · {game.path.name} · " + t(f"net.games.problem.{game.problem}", file=game.detail)
        role = t("net.games.hosted" if game.seat == 0 else "net.games.joined", address=game.address)
        return f"{when} · {role} · {t(f'net.games.phase.{game.phase}')}"

    def _detail(self, index: int | None) -> None:
        t = self.bapp.t
        if index is None:
            text = t("net.games.none")
        else:
            game = self.games[index]
            lines = [t("net.transcript", path=game.path)]
            lines.append(t("net.games.hint") if game.resumable else t("net.games.detail", detail=game.detail))
            text = "\n".join(lines)
        self.query_one("#net-games-detail", Static).update(text)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self._detail(int(event.option.id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        game = self.games[int(event.option.id or 0)]
        if not game.resumable:
            self.notify(self._line(game), severity="error")
            return
        from .net_lobby import RESUME, NetLobbyScreen
        self.app.pop_screen()
        self.app.push_screen(NetLobbyScreen(RESUME, transcript=game.path))
