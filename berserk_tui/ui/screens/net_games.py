"""The unfinished network games of the user folder (`net_saves.py`): Enter resumes the highlighted one
through the resume lobby. A game that cannot be resumed is listed with the reason; finished
games are only counted (their transcripts stay for `berserk replay --verify`)."""

from __future__ import annotations

import time

from berserk_tui.net_saves import FINISHED, SavedGame, net_folder, saved_games
from berserk_tui.ui.game_text import game_title

from .game_list import GameListScreen


class NetGamesScreen(GameListScreen[SavedGame]):
    """Pick an unfinished network game to go on with."""

    PREFIX = "net-games"
    TITLE = "net.games.title"
    EMPTY = "net.games.none"

    def __init__(self) -> None:
        super().__init__()
        self.found: list[SavedGame] = []     # every game of the folder, the finished ones too

    def load(self) -> list[SavedGame]:
        self.found = saved_games()
        return [g for g in self.found if g.phase != FINISHED]

    def note(self) -> str:
        t = self.bapp.t
        finished = len(self.found) - len(self.games)
        notes = [t("net.games.finished", n=finished)] if finished else []
        return "\n".join([*notes, t("net.games.folder", folder=net_folder())])

    def line(self, game: SavedGame) -> str:
        t = self.bapp.t
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(game.modified))
        if not game.resumable:
            return f"{when} · {game.path.name} · " + t(f"net.games.problem.{game.problem}", file=game.detail)
        role = t("net.games.hosted" if game.seat == 0 else "net.games.joined", address=game.address)
        played = "" if game.game == "classic" else f"{game_title(t, game.game)} · "
        return f"{when} · {role} · {played}{t(f'net.games.phase.{game.phase}')}"

    def detail(self, game: SavedGame) -> str:
        t = self.bapp.t
        why = t("net.games.hint") if game.resumable else t("net.games.detail", detail=game.detail)
        return t("net.transcript", path=game.path) + "\n" + why

    def choose(self, game: SavedGame) -> None:
        if not game.resumable:
            self.notify(self.line(game), severity="error")
            return
        from .net_lobby import RESUME, NetLobbyScreen
        self.app.pop_screen()
        self.app.push_screen(NetLobbyScreen(RESUME, transcript=game.path))
