"""Local saves on screen: a save's line in the player's words, the list of unfinished local games to
resume (from the menu when there are several), and the question asked before a new game would take
the place of an unfinished one."""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from berserk_tui.match import HOTSEAT
from berserk_tui.saves import LocalSave, kept_folder, local_saves
from berserk_tui.ui.game_text import game_title

from .game_list import GameListScreen

Translate = Callable[..., str]


def save_line(save: LocalSave, t: Translate) -> str:
    """«2026-11-28 11:53 · против бота · ход 2» (with the rules, and the mode if not a duel, when not classic), or
    what is wrong with the file."""
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(save.modified))
    if save.error is not None or save.setup is None:
        return f"{when} · {save.path.name} · " + t("saves.damaged")
    setup = save.setup
    who = t("saves.hotseat") if setup.opponent == HOTSEAT else t("saves.vs_bot")
    where = t("saves.turn", n=save.turn) if save.phase in ("battle", "play") and save.turn \
        else t(f"saves.phase.{save.phase}")      # "play": «Берсерк. Герои»
    game = "" if setup.game == "classic" else f"{game_title(t, setup.game)} · "
    return f"{when} · {game}{who} · {where}"


class SavedGamesScreen(GameListScreen[LocalSave]):
    """Pick an unfinished local game to go on with; a damaged save is listed with what is wrong."""

    PREFIX = "saves"
    TITLE = "saves.title"
    EMPTY = "saves.none"

    def load(self) -> list[LocalSave]:
        return local_saves(self.bapp.db, self.bapp.autosave)

    def note(self) -> str:
        return self.bapp.t("saves.folder", folder=kept_folder())

    def line(self, game: LocalSave) -> str:
        return save_line(game, self.bapp.t)

    def detail(self, game: LocalSave) -> str:
        t = self.bapp.t
        why = t("saves.hint") if game.error is None else game.error.text(self.bapp.lang)
        return t("saves.file", path=game.path) + "\n" + why

    def choose(self, game: LocalSave) -> None:
        if game.error is not None:
            self.notify(game.error.text(self.bapp.lang), severity="error", timeout=10)
            return
        self.app.pop_screen()
        self.bapp.resume_game(game.path)


class SaveConflictScreen(ModalScreen[str]):
    """A new game would take the place of the unfinished one in `save`: go on with that one ("resume"),
    start the new one keeping that one aside ("new"), or neither ("cancel")."""

    BINDINGS = [Binding("escape", "cancel", "key.cancel")]

    def __init__(self, save: LocalSave) -> None:
        super().__init__()
        self.save = save

    def compose(self) -> ComposeResult:
        t = self.app.t  # type: ignore[attr-defined]
        with Middle(), Center(), Vertical(id="save-conflict"):
            yield Static(t("saves.conflict.title"), classes="title")
            yield Static(t("saves.conflict.text", game=save_line(self.save, t)))
            yield OptionList(*(Option(t(f"saves.conflict.{key}"), id=key)
                               for key in ("resume", "new", "cancel")), id="save-choice")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id or "cancel")

    def action_cancel(self) -> None:
        self.dismiss("cancel")
