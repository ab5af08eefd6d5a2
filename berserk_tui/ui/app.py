"""`BerserkApp`: the Textual application — settings, the card database and the match in play.

The app owns the table in play (`table.Table`: a local `Match` or a network `NetTable`) and drives
it: after every action it lets the table autosave, records the log lines each human seat may read,
lets bots move (in a worker thread, after a short pause in battle so their moves can be followed) and
shows the screen the game names for the current phase. In hot-seat a hand-over screen hides the board
whenever the other player must decide. A linked table's messages are exchanged on a timer, and the
opponent's moves arrive as changes.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen
from textual.timer import Timer
from textual.worker import Worker, WorkerState

from berserk_tui.engine import Action, Event, IllegalAction
from berserk_tui.engine.actions import Pass
from berserk_tui.engine.gamedef import Describer
from berserk_tui.i18n import tr
from berserk_tui.match import Match, MatchSetup, SaveError
from berserk_tui.netmatch import STATUS, TIMED_OUT, VIOLATION, Note
from berserk_tui.saves import LocalSave, keep_aside, local_saves, look
from berserk_tui.table import Table
from berserk_tui.ui import net_text
from berserk_tui.ui.choices import pointless_response
from berserk_tui.ui.deck_text import error_text
from berserk_tui.ui.game_text import game_title
from berserk_tui.userdata import Settings, autosave_path, file_error, load_settings, save_settings
from cards.decks import DeckError
from cards.loader import CardDB, load_all

T = TypeVar("T")
NET_TICK_S = 0.05      # how often a network game's messages are exchanged
LINGER_S = 10.0        # after leaving a finished network game, how long its last messages may take
AUTOPLAY = "strong"    # the game's bot that makes a decision for the player (F9; its greedy one if it has no strong)


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
                 settings: Settings | None = None, save_path: Path | None = None,
                 screen: Screen | None = None) -> None:
        super().__init__()
        self.db = db or load_all()
        loaded, self.settings_error = (settings, None) if settings else load_settings()
        self.settings: Settings = loaded
        self.autosave = save_path or autosave_path()     # where a new local game is saved
        self.save_path = self.autosave                     # the save of the local game in play
        self._reported: set[tuple[Path, float]] = set()    # damaged saves already reported
        self.order_seen = False              # the viewer has seen the order roll's result
        self.match: Table | None = None
        self.logs: dict[int, list[str]] = {}
        self.viewer = 0                      # the seat whose side the screen shows
        self.shown_seat = -1                 # hot-seat: the seat that last took the keyboard
        self._handing_to: int | None = None  # hot-seat: the seat a hand-over screen is asked for
        self._start_setup = setup
        self._start_resume = resume
        self._start_screen = screen          # a screen to open over the menu at start (network, replay)
        self._thinking = False
        self.last_events: list[Event] = []   # of the last action, for a screen shown after it (its dice)
        self._bot_timer: Timer | None = None  # the pause before the bot's next action, while it runs
        self._leaving: list[tuple[Table, float]] = []   # left linked tables finishing their sends
        self._net_timer: Timer | None = None
        self.rules = self.settings.game      # the game chosen in the menu: its new games, cards and rules pages

    # --- text ---------------------------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self.settings.lang

    def t(self, key: str, /, **kw: object) -> str:
        return tr(key, self.lang, **kw)

    def describer(self, seat: int | None = None) -> Describer:
        assert self.match is not None
        seat = self.viewer if seat is None else seat
        return self.match.game_def.describer(self.match.view(seat), self.lang, self.roles(seat))

    def roles(self, seat: int) -> dict[int, str]:
        """Who the players are to `seat` in the game's text: you, the bots and the opponents (people at this
        terminal are «игрок N» alike in hot-seat), and a seat the rules play («Астарот»)."""
        match = self.match
        assert match is not None
        roles = {} if len(match.setup.humans) > 1 else {seat: "you"}
        for other in range(match.state.seats.count):
            if other != seat and (match.is_bot(other) or match.is_remote(other)):
                ally = not match.state.seats.enemy(seat, other)     # a teammate at another terminal
                roles[other] = "bot" if match.is_bot(other) else "partner" if ally else "opponent"
        roles.update(getattr(match.game_def, "seat_roles", {}))
        return roles

    # --- start-up -----------------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.theme = self.settings.theme
        self.title = self.t("app.title")
        from berserk_tui.ui.screens.menu import MenuScreen
        self.push_screen(MenuScreen())
        if self.settings_error:
            self.notify(self.t("settings.bad_file", error=self.settings_error.text(self.lang)), severity="warning")
        if self._start_screen is not None:
            self.push_screen(self._start_screen)
        elif self._start_resume:
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
            self.notify(self.t("settings.cannot_save", error=file_error(exc, self.lang)), severity="error")
        self._relog()
        for screen in self.screen_stack:
            retranslate = getattr(screen, "retranslate", None)
            if retranslate is not None:
                retranslate()

    # --- the match ----------------------------------------------------------------------------------
    def start_game(self, setup: MatchSetup) -> None:
        """Start a new local game. An unfinished game in the autosave is not overwritten: the player
        chooses to go on with it or to keep it aside (`saves/`); a damaged autosave is kept aside too."""
        from berserk_tui.ui.screens.local_games import SaveConflictScreen

        current = look(self.autosave, self.db)
        if current is not None and current.loads:
            self.ask(SaveConflictScreen(current), lambda choice: self._conflict_chosen(choice or "cancel", setup))
            return
        if current is not None and not self._keep_aside("saves.kept_damaged"):
            return
        self._start_new(setup)

    def _conflict_chosen(self, choice: str, setup: MatchSetup) -> None:
        if choice == "resume":
            self.resume_game(self.autosave)
        elif choice == "new" and self._keep_aside("saves.kept"):
            self._start_new(setup)

    def _keep_aside(self, said: str) -> bool:
        """Move the autosave out of the new game's way and say so (message `said`); False if that fails."""
        try:
            kept = keep_aside(self.autosave)
        except OSError as exc:
            self.notify(self.t("saves.cannot_keep", error=file_error(exc, self.lang)), severity="error", timeout=10)
            return False
        self.notify(self.t(said, path=kept), timeout=10)
        return True

    def _start_new(self, setup: MatchSetup) -> None:
        self.save_path = self.autosave
        self.order_seen = False
        try:
            self.match = Match.start(self.db, setup)
        except DeckError as exc:   # the first game's squads file
            self.notify(self.t("game.cannot_start", error=error_text(exc, self.lang)), severity="error")
            return
        except Exception as exc:   # a deck the engine refuses: report, stay in the menu
            self.notify(self.t("game.cannot_start", error=exc), severity="error")
            return
        self._begin()

    def resume_game(self, path: Path | None = None) -> bool:
        """Load a save (the autosave by default) and go on saving the game there; a bad save is
        reported and left on disk."""
        path = path or self.autosave
        try:
            self.match = Match.load(path, self.db)
        except SaveError as exc:
            self.notify(self.t("game.cannot_resume", error=exc.text(self.lang)), severity="error", timeout=10)
            return False
        self.save_path = path
        self.order_seen = True
        self._begin()
        return True

    def start_net(self, table: Table) -> None:
        """Play a network game whose commitments were exchanged (from the host or join screen)."""
        self.match = table
        self.order_seen = False
        self._net_ticking()
        self._begin()
        agreed = [self.t("net.game", game=game_title(self.t, table.game_def.name))] \
            if table.game_def.name != "classic" else []
        if table.control is not None:
            agreed.append(self.t("clock.agreed", control=net_text.control_text(self.t, table.control)))
        if agreed:
            self.notify(" ".join(agreed), timeout=10)

    def saved_games(self) -> list[LocalSave]:
        """The local saves that load (the autosave first); each damaged one is reported once."""
        found = local_saves(self.db, self.autosave)
        for save in found:
            if save.error is not None and (save.path, save.modified) not in self._reported:
                self._reported.add((save.path, save.modified))
                self.notify(self.t("saves.damaged_notice", error=save.error.text(self.lang), path=save.path),
                            severity="warning", timeout=15)
        return [save for save in found if save.loads]

    def _begin(self) -> None:
        assert self.match is not None
        self.viewer = self.match.setup.humans[0]
        self.shown_seat = -1
        self._handing_to = None
        self._relog()
        self._show_phase()
        self.drive()

    def _relog(self) -> None:
        """Re-describe the whole log (after a start, a resume or a change of language)."""
        if self.match is None:
            return
        self.logs = {seat: [] for seat in self.match.setup.humans}
        self._record(self.match.log)

    def _record(self, events: list[Event]) -> None:
        assert self.match is not None
        for seat, lines in self.logs.items():
            d = self.describer(seat)
            lines.extend(text for e in events if (text := d.event(e)))

    def play(self, action: Action) -> bool:
        """A human plays `action`; False if it was refused."""
        if self.match is None or self._thinking or self.match.is_bot(self.match.to_move) \
                or self.match.is_remote(self.match.to_move):
            return False
        try:
            events = self.match.play(action)
        except IllegalAction as exc:       # the engine's words are for developers: a log line for them
            self.log.warning(f"illegal action {action!r}: {exc}")
            self.notify(self.t("game.illegal"), severity="error")
            return False
        self._after(events)
        return True

    def autoplay(self) -> None:
        """The viewer's decision made by the strong bot, from the viewer's view only, in a worker
        like a bot's move, so the screen stays live while it thinks (up to its 2 s)."""
        match = self.match
        if match is None or self._thinking or match.over or match.to_move != self.viewer:
            return
        legal = match.legal()
        if not legal:
            return
        agents = match.game_def.agents
        view, bot = match.view(self.viewer), agents[AUTOPLAY if AUTOPLAY in agents else "greedy"](match.revision)
        self._thinking = True
        self.run_worker(lambda: bot(view, legal), thread=True, group="bot", exit_on_error=False)

    def _after(self, events: list[Event]) -> None:
        assert self.match is not None
        self.last_events = events
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
            self.match.autosave(self.save_path)
        except OSError as exc:
            self.notify(self.t("game.cannot_save", error=exc), severity="warning")

    def drive(self) -> None:
        """Let a bot move if it is its turn, or hand the keyboard over in hot-seat."""
        match = self.match
        if match is None or match.over or self._thinking:
            return
        seat = match.to_move
        if match.is_remote(seat):
            return                           # the opponent's move comes through `_pump_net`
        if seat in match.setup.humans and (self._pass_pointless(seat) or self._answer_by_program()):
            return
        if match.is_bot(seat):
            self._thinking = True
            paced = getattr(match.game_def, "paced", ("battle",))      # the phases whose bot moves are followed
            delay = self.settings.bot_delay_ms / 1000 if match.phase in paced else 0
            if delay:
                self._bot_timer = self.set_timer(delay, self._bot_think)
                self.screen.refresh_bindings()
            else:
                self._bot_think()
        elif seat != self.viewer or (match.setup.hotseat and seat != self.shown_seat):
            self._hand_over(seat)

    def _pass_pointless(self, seat: int) -> bool:
        """Pass a response window after the player's own declaration where nothing sensible can be
        done (`pointless_response`), unless the settings ask for such windows."""
        match = self.match
        assert match is not None
        if self.settings.ask_own_responses or match.state.pending.kind != "respond" \
                or not pointless_response(match.view(seat), match.legal()):
            return False
        self._after(match.play(Pass()))
        return True

    def _answer_by_program(self) -> bool:
        """Reveal the cards of the player's deal that the opponent's Лазутчица looks at («peek»): there is no
        choice, so his program answers, without a hand-over in hot-seat."""
        match = self.match
        assert match is not None
        if match.state.pending.kind != "peek":
            return False
        self._after(match.play(match.legal()[0]))
        return True

    @property
    def bot_waiting(self) -> bool:
        """Is the bot's next action waiting for its pause (so that the last one can be followed)?"""
        return self._bot_timer is not None

    def skip_bot_pause(self) -> None:
        """Let the bot make its next action now."""
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_think()

    def _bot_think(self) -> None:
        assert self.match is not None
        self._bot_timer = None
        self.screen.refresh_bindings()
        self.run_worker(self.match.bot_action, thread=True, group="bot", exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "bot" or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        self._thinking = False
        assert self.match is not None
        if event.state == WorkerState.ERROR:
            self._bot_failed(event.worker.error)
            return
        try:
            events = self.match.play(event.worker.result)
        except IllegalAction as exc:
            self._bot_failed(exc)
            return
        self._after(events)

    def _bot_failed(self, error: BaseException | None) -> None:
        """A bot that crashed or chose an illegal move is a bug: say so, and log its words for developers."""
        self.log.error(f"bot failed: {error!r}")
        self.notify(self.t("game.bot_failed"), severity="error", timeout=10)

    # --- network games ------------------------------------------------------------------------------
    def _net_ticking(self) -> None:
        if self._net_timer is None:
            self._net_timer = self.set_interval(NET_TICK_S, self._pump_net)

    def _pump_net(self) -> None:
        """Exchange the messages of the network game in play and of left ones still sending;
        the timer stops when there are none."""
        now = time.monotonic()
        for table, until in list(self._leaving):
            table.pump()
            if table.settled or now > until:
                table.close()
                self._leaving.remove((table, until))
        table = self.match
        if table is None or not table.linked:
            if not self._leaving and self._net_timer is not None:
                self._net_timer.stop()
                self._net_timer = None
            return
        if table.violation and not table.over:
            return
        news = table.pump()
        for note in news.notes:
            self._net_note(table, note)
        if news.changed and self.match is table:
            self._after(news.events)
        screen = self._game_screen()
        if screen is not None:
            screen.tick_clock()

    def _net_note(self, table: Table, note: Note) -> None:
        from berserk_tui.ui.screens.net_stopped import NetStoppedScreen
        if note.kind == STATUS:
            if table.over and table.verified and table.settled:
                return      # nothing is left to send or prove: the opponent's program may close its link
            severity = "information" if note.text == "connected" else "warning"
            if note.text == "lost":
                self._net_stopped(table, self.t("net.lost"), can_wait=True)
                return
            if note.text == "connected" and isinstance(self.screen, NetStoppedScreen) and self.screen.can_wait:
                self.screen.dismiss(None)     # the opponent came back
            self.notify(self.t(f"net.status.{note.text}"), severity=severity)
        elif note.kind == VIOLATION:
            self._net_stopped(table, self.t("net.violation", error=note.text))
        elif note.kind == TIMED_OUT and note.code == "stopped":       # a four-player seat's program did not resign
            self._net_stopped(table, self.t("clock.stopped.party"))
        elif note.kind == TIMED_OUT:
            key = {"won": "clock.claimed", "out": "clock.out.party", "deployed": "clock.deployed.party"}
            self.notify(self.t(key.get(note.code, "clock.claimed_against")),
                        severity="information" if note.code == "won" else "warning", timeout=10)
        elif text := net_text.rejected(self.t, note):
            self.notify(text, severity="warning", timeout=8)

    def _net_stopped(self, table: Table, reason: str, can_wait: bool = False) -> None:
        """The game cannot go on (for now, if `can_wait`): say why and where the proof is."""
        from berserk_tui.ui.screens.net_stopped import NetStoppedScreen
        if not table.over and not isinstance(self.screen, NetStoppedScreen):
            self.push_screen(NetStoppedScreen(reason, table.transcript, can_wait))

    def resign(self) -> None:
        """Give up the game in play, where that can be done (only on one's own decision)."""
        table = self.match
        if table is None or not table.can_resign:
            return
        try:
            table.resign()
        except IllegalAction:
            party = ".party" if table.state.seats.count > 2 else ""
            self.notify(self.t("net.resign_later" + party), severity="warning")
            return
        self._after([])

    def _hand_over(self, seat: int) -> None:
        """Hot-seat: before a decision only player `seat` may see, hide everything until he takes the
        keyboard (at the start both players are watching: `shown_seat` is -1). The order roll is
        public: its winner chooses on the screen both see (so do a game's `public_decisions`, asked before anything
        secret is dealt). Consecutive decisions of one player
        need no hand-over between them."""
        from berserk_tui.ui.screens.handover import HandoverScreen

        match = self.match
        assert match is not None

        def taken(_: object = None) -> None:
            self._handing_to = None
            self.viewer = self.shown_seat = seat
            self._show_phase(force=True)

        if not match.setup.hotseat:
            taken()
        elif match.phase == "order" or match.state.pending.kind in getattr(match.game_def, "public_decisions", ()):
            if self.viewer != seat:
                self.viewer = seat
                self._show_phase(force=True)
        elif self._handing_to is None:
            self._handing_to = seat
            others = tuple(s for s in match.setup.humans if s != seat)
            self.ask(HandoverScreen(seat, match.state.pending.kind, others), taken)

    def _show_phase(self, force: bool = False) -> None:
        """Switch to the screen of the current phase, or refresh it."""
        from berserk_tui.ui.screens import game_screen

        assert self.match is not None
        name = self.match.game_def.screens[self.match.phase]
        if name == "purchase" and not self.order_seen:
            name = "order"              # the roll and the other player's choice, until the player goes on
        current = self._game_screen()
        if current is not None and current.phase_name == name and not force:
            if current.is_mounted:      # a screen still being switched in refreshes itself when it mounts
                current.refresh_match()
            return
        screen = game_screen(name)
        if current is not None:
            while self.screen is not current:
                self.pop_screen()
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def ask(self, screen: Screen[T], then: Callable[[T | None], None]) -> None:
        """Push `screen` and give its answer to `then`. Textual hands a screen's result to whatever handles
        the current event, and a phase switch may replace that screen at once, so that it never hears the
        answer; pushed from the app's own queue, the answer comes back to the app."""
        self.call_later(self.push_screen, screen, then)

    def show_phase(self) -> None:
        """Show the screen of the current phase anew (the player went on from the order roll)."""
        self._show_phase(force=True)
        self.drive()

    def _game_screen(self) -> Screen | None:
        from berserk_tui.ui.screens.base import GameScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    def leave_game(self, confirmed: bool = False) -> None:
        """Back to the menu; the autosave keeps an unfinished game. Leaving a network game that is
        still going on asks first (`NetLeaveScreen`): it can be resumed, and says where its transcript is."""
        from berserk_tui.ui.screens.net_leave import NetLeaveScreen

        current = self._game_screen()
        if current is None:
            return
        table = self.match
        assert table is not None
        if table.linked and not (confirmed or table.over or table.stopped):
            if not isinstance(self.screen, NetLeaveScreen):
                self.ask(NetLeaveScreen(table.transcript),
                         lambda leave: self.leave_game(confirmed=True) if leave else None)
            return
        while self.screen is not current:
            self.pop_screen()
        self.pop_screen()
        self.match = None
        if table.linked:
            if table.over or table.stopped:
                self._leaving.append((table, time.monotonic() + LINGER_S))
                self._net_ticking()
            else:
                table.close()
                self.notify(self.t("net.left"), timeout=15)

    def on_unmount(self) -> None:
        for table in [self.match, *(t for t, _ in self._leaving)]:
            if table is not None:
                table.close()

    # --- commands -----------------------------------------------------------------------------------
    def action_command_palette(self) -> None:
        """Textual's command palette, in the UI language."""
        from berserk_tui.ui.screens.palette import Palette
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(Palette(self.t("palette.placeholder"), self.t("palette.no_matches")))

    def action_help_quit(self) -> None:
        """Ctrl+C does not quit: say which key does (Textual's own words are English)."""
        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit"):
                self.notify(self.t("quit.how", key=key), title=self.t("quit.how.title"))
                return

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
        if self.match is not None and self.match.can_resign:
            yield SystemCommand(self.t("cmd.resign"), self.t("cmd.resign.help"), self.resign)
        yield SystemCommand(self.t("cmd.quit"), self.t("cmd.quit.help"), self.exit)
