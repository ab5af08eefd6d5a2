"""Local saves on screen: a save's line in the player's words, the list of unfinished local games to
resume (from the menu when there are several), and the question asked before a new game would take
the place of an unfinished one."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from berserk_tui.match import HOTSEAT
from berserk_tui.saves import LocalSave, kept_folder, local_saves
from berserk_tui.ui.widgets.footer import Footer

if TYPE_CHECKING:
    from berserk_tui.ui.app import BerserkApp

Translate = Callable[..., str]


def save_line(save: LocalSave, t: Translate) -> str:
    """«2026-11-28 11:53 · против бота · ход 2», or what is wrong with the file."""
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(save.modified))
    if save.error is not None or save.setup is None:
        return f"{when} · {save.path.name} · " + t("saves.damaged")
    setup = save.setup
    who = t("saves.hotseat") if setup.opponent == HOTSEAT else t("saves.vs_bot")
    where = t("saves.turn", n=save.turn) if save.phase == "battle" and save.turn else t(f"saves.phase.{save.phase}")
    return f"{when} · {who} · {where}"


class SavedGamesScreen(Screen):
    """Pick an unfinished local game to go on with; a damaged save is listed with what is wrong."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "key.back")]

    def __init__(self) -> None:
        super().__init__()
        self.saves: list[LocalSave] = []

    @property
    def bapp(self) -> BerserkApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="saves-box"):
            yield Static(id="saves-title", classes="title")
            yield OptionList(id="saves")
            yield Static(id="saves-detail", classes="note")
        yield Footer()

    def on_mount(self) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        t = self.bapp.t
        self.saves = local_saves(self.bapp.db, self.bapp.autosave)
        self.query_one("#saves-title", Static).update(t("saves.title"))
        listing = self.query_one("#saves", OptionList)
        listing.clear_options()
        listing.add_options([Option(save_line(s, t), id=str(i)) for i, s in enumerate(self.saves)])
        if self.saves:
            listing.highlighted = 0
            listing.focus()
        self._detail(0 if self.saves else None)

    def _detail(self, index: int | None) -> None:
        t = self.bapp.t
        if index is None:
            text = t("saves.none")
        else:
            save = self.saves[index]
            why = t("saves.hint") if save.error is None else save.error.text(self.bapp.lang)
            text = t("saves.file", path=save.path) + "\n" + why
        self.query_one("#saves-detail", Static).update(text + "\n" + t("saves.folder", folder=kept_folder()))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self._detail(int(event.option.id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        save = self.saves[int(event.option.id or 0)]
        if save.error is not None:
            self.notify(save.error.text(self.bapp.lang), severity="error", timeout=10)
            return
        self.app.pop_screen()
        self.bapp.resume_game(save.path)


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
