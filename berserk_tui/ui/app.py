"""`BerserkApp`: the Textual application — settings, the card database and the match in play.

The app owns the `Match` and drives it: after every action it writes the autosave, records the
log lines each human seat may read, lets bots move (in a worker thread, after a short pause in
battle so their moves can be followed) and shows the screen of the current phase. In hot-seat a
hand-over screen hides the board whenever the other player must decide.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from berserk_tui.describe import Describer
from berserk_tui.engine import Action, Event, IllegalAction
from berserk_tui.i18n import tr
from berserk_tui.match import Match, MatchSetup, SaveError
from berserk_tui.userdata import Settings, autosave_path, load_settings, save_settings
from cards.loader import CardDB, load_all

PHASE_SCREENS = {"order": "order", "purchase": "purchase", "deploy": "deploy", "reveal": "battle",
                 "battle": "battle", "over": "game_over"}


class BerserkApp(App[None]):
    """«Берсерк» in the terminal."""

    CSS_PATH = "styles/app.tcss"
    TITLE = "Берсерк"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [
        Binding("ctrl+q", "quit", "key.quit", show=False, priority=True),
        Binding("question_mark", "help", "key.help"),
    ]

    def __init__(self, setup: MatchSetup | None = None, resume: bool = False, db: CardDB | None = None,
                 settings: Settings | None = None, save_path: Path | None = None) -> None:
        super().__init__()
        self.db = db or load_all()
        loaded, self.settings_error = (settings, None) if settings else load_settings()
        self.settings: Settings = loaded
        self.save_path = save_path or autosave_path()
        self.match: Match | None = None
        self.logs: dict[int, list[str]] = {}
        self.viewer = 0                      # the seat whose side the screen shows
        self.shown_seat = -1                 # hot-seat: the seat that last took the keyboard
        self._start_setup = setup
        self._start_resume = resume
        self._thinking = False

    # --- text ---------------------------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self.settings.lang

    def t(self, key: str, /, **kw: object) -> str:
        return tr(key, self.lang, **kw)

    def describer(self, seat: int | None = None) -> Describer:
        assert self.match is not None
        return Describer(self.match.view(self.viewer if seat is None else seat), self.lang)

    # --- start-up -----------------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.theme = self.settings.theme
        self.title = self.t("app.title")
        from berserk_tui.ui.screens.menu import MenuScreen
        self.push_screen(MenuScreen())
        if self.settings_error:
            self.notify(self.t("settings.bad_file", error=self.settings_error), severity="warning")
        if self._start_resume:
            self.resume_game()
        elif self._start_setup is not None:
            self.start_game(self._start_setup)

    def apply_settings(self, settings: Settings) -> None:
        """Use and save new settings; the screens redraw in the new language."""
        self.settings = settings.validated()
        self.theme = self.settings.theme
        self.title = self.t("app.title")
        try:
            save_settings(self.settings)
        except OSError as exc:
            self.notify(self.t("settings.cannot_save", error=exc), severity="error")
        self._relog()
        for screen in self.screen_stack:
            retranslate = getattr(screen, "retranslate", None)
            if retranslate is not None:
                retranslate()

    # --- the match ----------------------------------------------------------------------------------
    def start_game(self, setup: MatchSetup) -> None:
        try:
            self.match = Match.start(self.db, setup)
        except Exception as exc:   # a deck the engine refuses: report, stay in the menu
            self.notify(self.t("game.cannot_start", error=exc), severity="error")
            return
        self._begin()

    def resume_game(self) -> bool:
        """Load the autosave; a bad save is reported and left on disk."""
        try:
            self.match = Match.load(self.save_path, self.db)
        except SaveError as exc:
            self.notify(self.t("game.cannot_resume", error=exc), severity="error", timeout=10)
            return False
        self._begin()
        return True

    def has_save(self) -> bool:
        return self.save_path.exists()

    def _begin(self) -> None:
        assert self.match is not None
        self.viewer = self.match.setup.humans[0]
        self.shown_seat = -1
        self._relog()
        self._show_phase()
        self.drive()

    def _relog(self) -> None:
        """Re-describe the whole log (after a start, a resume or a change of language)."""
        if self.match is None:
            return
        self.logs = {seat: [] for seat in self.match.setup.humans}
        self._record(self.match.game.log)

    def _record(self, events: list[Event]) -> None:
        assert self.match is not None
        for seat, lines in self.logs.items():
            d = Describer(self.match.view(seat), self.lang)
            lines.extend(text for e in events if (text := d.event(e)))

    def play(self, action: Action) -> bool:
        """A human plays `action`; False if it was refused."""
        if self.match is None or self._thinking or self.match.is_bot(self.match.to_move):
            return False
        try:
            events = self.match.play(action)
        except IllegalAction as exc:
            self.notify(str(exc), severity="error")
            return False
        self._after(events)
        return True

    def _after(self, events: list[Event]) -> None:
        assert self.match is not None
        self._record(events)
        self._autosave()
        self._show_phase()
        for screen in self.screen_stack:
            show = getattr(screen, "show_events", None)
            if show is not None:
                show(events)
        self.drive()

    def _autosave(self) -> None:
        assert self.match is not None
        try:
            if self.match.over:
                self.save_path.unlink(missing_ok=True)
            else:
                self.match.save(self.save_path)
        except OSError as exc:
            self.notify(self.t("game.cannot_save", error=exc), severity="warning")

    def drive(self) -> None:
        """Let a bot move if it is its turn, or hand the keyboard over in hot-seat."""
        match = self.match
        if match is None or match.over or self._thinking:
            return
        seat = match.to_move
        if match.is_bot(seat):
            self._thinking = True
            delay = self.settings.bot_delay_ms / 1000 if match.state.phase == "battle" else 0
            if delay:
                self.set_timer(delay, self._bot_think)
            else:
                self._bot_think()
        elif seat != self.viewer or (match.setup.hotseat and seat != self.shown_seat):
            self._hand_over(seat)

    def _bot_think(self) -> None:
        assert self.match is not None
        self.run_worker(self.match.bot_action, thread=True, group="bot", exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "bot" or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        self._thinking = False
        assert self.match is not None
        if event.state == WorkerState.ERROR:
            self.notify(self.t("game.bot_failed", error=event.worker.error), severity="error")
            return
        try:
            events = self.match.play(event.worker.result)
        except IllegalAction as exc:
            self.notify(self.t("game.bot_failed", error=exc), severity="error")
            return
        self._after(events)

    def _hand_over(self, seat: int) -> None:
        """Hot-seat: hide everything until player `seat` takes the keyboard."""
        from berserk_tui.ui.screens.handover import HandoverScreen

        def taken(_: object = None) -> None:
            self.viewer = self.shown_seat = seat
            self._show_phase(force=True)

        if self.match is not None and self.match.setup.hotseat and self.shown_seat != -1:
            if not isinstance(self.screen, HandoverScreen):
                self.push_screen(HandoverScreen(seat), taken)
        else:
            taken()

    def _show_phase(self, force: bool = False) -> None:
        """Switch to the screen of the current phase, or refresh it."""
        from berserk_tui.ui.screens import game_screen

        assert self.match is not None
        name = PHASE_SCREENS[self.match.state.phase]
        current = self._game_screen()
        if current is not None and current.phase_name == name and not force:
            current.refresh_match()
            return
        screen = game_screen(name)
        if current is not None:
            while self.screen is not current:
                self.pop_screen()
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def _game_screen(self) -> Screen | None:
        from berserk_tui.ui.screens.base import GameScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    def leave_game(self) -> None:
        """Back to the menu; the autosave keeps an unfinished game."""
        current = self._game_screen()
        if current is None:
            return
        while self.screen is not current:
            self.pop_screen()
        self.pop_screen()
        self.match = None

    # --- commands -----------------------------------------------------------------------------------
    def action_help(self) -> None:
        from berserk_tui.ui.screens.help import HelpScreen
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen("keys"))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        from berserk_tui.ui.screens.help import HelpScreen
        from berserk_tui.ui.screens.settings import SettingsScreen

        yield SystemCommand(self.t("cmd.rules"), self.t("cmd.rules.help"),
                            lambda: self.push_screen(HelpScreen("overview")))
        yield SystemCommand(self.t("cmd.keys"), self.t("cmd.keys.help"), self.action_help)
        yield SystemCommand(self.t("cmd.settings"), self.t("cmd.settings.help"),
                            lambda: self.push_screen(SettingsScreen()))
        other = "en" if self.lang == "ru" else "ru"
        yield SystemCommand(self.t("cmd.language"), self.t("cmd.language.help"),
                            lambda: self.apply_settings(replace(self.settings, lang=other)))
        if self.match is not None:
            yield SystemCommand(self.t("cmd.menu"), self.t("cmd.menu.help"), self.leave_game)
        yield SystemCommand(self.t("cmd.quit"), self.t("cmd.quit.help"), self.exit)
