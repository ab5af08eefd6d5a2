"""Watching a saved or verified game step by step (`berserk replay FILE`).

The board, zone bars, card detail, dice and log of the battle screen, fed from the replay model
(`berserk_tui.replay`) at the current step instead of a match. ← → step through the actions,
PgUp/PgDn (or Shift+← →) jump a turn, Home/End to the ends, space plays the game on by itself;
the board cursor moves with ↑ ↓ and hjkl. `v` switches whose eyes the game is seen through.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import RichLog, Static

from berserk_tui.engine import GameState
from berserk_tui.engine import actions as act
from berserk_tui.engine.places import position
from berserk_tui.replay import FULL, Replay
from berserk_tui.ui.choices import actor_of, spot_of
from berserk_tui.ui.widgets.board import Board, Mark, card_at
from berserk_tui.ui.widgets.card_detail import CardDetail
from berserk_tui.ui.widgets.dice import dice_line
from berserk_tui.ui.widgets.footer import Footer
from berserk_tui.ui.widgets.zone_bar import ZoneBar

if TYPE_CHECKING:
    from berserk_tui.ui.app import BerserkApp

AUTOPLAY_S = 0.8      # a step every so many seconds while playing on by itself
LOG_TAIL = 60         # at least this many lines before the current step are in the log pane


class ReplayScreen(Screen):
    """One game, one step at a time; Escape or q goes back."""

    BINDINGS = [
        Binding("right", "step(1)", "key.replay.step", key_display="← →", priority=True),
        Binding("left", "step(-1)", "key.replay.step", show=False, priority=True),
        Binding("pagedown,shift+right", "turn(1)", "key.replay.turn", key_display="PgUp PgDn", priority=True),
        Binding("pageup,shift+left", "turn(-1)", "key.replay.turn", show=False, priority=True),
        Binding("space", "autoplay", "key.replay.play", key_display="space", priority=True),
        Binding("home", "jump('start')", "key.replay.ends", show=False),
        Binding("end", "jump('end')", "key.replay.ends", show=False),
        Binding("v", "switch_view", "key.replay.view"),
        Binding("L", "full_log", "key.log", show=False),
        Binding("escape,q", "back", "key.back"),
    ]

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay
        self.index = 0
        self.mode = replay.owner          # a seat, or FULL
        self.timer: Timer | None = None

    @property
    def bapp(self) -> BerserkApp:
        return self.app  # type: ignore[return-value]

    @property
    def seat(self) -> int:
        """The seat whose rows are at the bottom (the replay's owner when every card is shown)."""
        return self.replay.owner if self.mode == FULL else self.mode

    @property
    def view(self) -> GameState:
        return self.replay.view(self.index, self.mode)

    def t(self, key: str, /, **kw: object) -> str:
        return self.bapp.t(key, **kw)

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="dice")
        with Horizontal(id="replay"):
            with Vertical(id="replay-left"):
                yield ZoneBar(False, id="zone-enemy")
                yield Board(id="board")
                yield ZoneBar(True, id="zone-own")
            with Vertical(id="replay-right"):
                yield CardDetail(id="detail")
                yield RichLog(id="replay-log", wrap=True, markup=False, min_width=16)
        yield Footer()

    def on_mount(self) -> None:
        board = self.query_one(Board)
        board.show(self.view, self.seat, lang=self.bapp.lang)
        board.home()
        board.focus()
        self.show_step()

    def retranslate(self) -> None:
        self.show_step()

    def on_resize(self) -> None:
        self.call_after_refresh(self._log)      # the log wraps its lines to the new width

    # --- drawing ----------------------------------------------------------------------------------
    def show_step(self) -> None:
        """Redraw everything for the current step and view."""
        v, lang = self.view, self.bapp.lang
        r, i = self.replay, self.index
        turn = r.turn(i)
        where = self.t("replay.turn", n=turn) if turn else self.t("replay.setup")
        self.query_one("#status", Static).update(Text.assemble(
            (self.t("replay.step", n=i, total=r.last), "bold"), f" · {where} · ", r.action_text(i, self.mode, lang)))
        whose = self.t("replay.view.full") if self.mode == FULL else self.t("replay.view.seat", n=self.mode + 1)
        line = Text.assemble((self.t("replay.playing") + "  ", "bold") if self.timer else "", (whose, "dim"))
        dice = dice_line(v, list(r.steps[i].events), lang)
        if dice is not None:
            line.append("  ")
            line.append_text(dice)
        self.query_one("#dice", Static).update(line)
        self._board(v)
        self._log()
        self._detail()

    def _board(self, v: GameState) -> None:
        """The board at this step, with where its action came from and went to marked (unless the
        viewer did not see it)."""
        cells: dict[int, Mark] = {}
        cards: set[int] = set()
        action = self.replay.steps[self.index].action
        if action is not None and not self.replay.hidden(self.index, self.mode):
            spot = spot_of(v, action)
            if spot is not None and spot[0] == "cell":
                cells[spot[1]] = Mark.MOVE if isinstance(action, act.Move) else Mark.TARGET
            elif spot is not None:
                cards.add(spot[1])
                if v.cards[spot[1]].zone == "board":
                    cells[position(v, spot[1])] = Mark.TARGET
            actor = actor_of(action)
            before = self.replay.view(self.index - 1, self.mode)
            if actor is not None and before.cards[actor].zone == "board":
                cells[position(before, actor)] = Mark.SELECTED
        lang = self.bapp.lang
        self.query_one(Board).show(v, self.seat, cells, lang)
        self.query_one("#zone-enemy", ZoneBar).show(v, self.seat, cards, lang)
        self.query_one("#zone-own", ZoneBar).show(v, self.seat, cards, lang)

    def _log(self) -> None:
        """The log up to this step, its own lines highlighted at the bottom."""
        r, lang = self.replay, self.bapp.lang
        first, count = self.index, 0
        while first > 0 and count < LOG_TAIL:
            first -= 1
            count += len(r.lines(first, self.mode, lang))
        log = self.query_one("#replay-log", RichLog)
        log.clear()
        for i in range(first, self.index):
            for text in r.lines(i, self.mode, lang):
                log.write(text)
        for text in r.lines(self.index, self.mode, lang):
            log.write(Text(text, "bold reverse"))

    def _detail(self) -> None:
        focused = self.focused
        uid = focused.current if isinstance(focused, ZoneBar) else card_at(self.view, self.query_one(Board).cursor)
        detail = self.query_one(CardDetail)
        if uid is None or uid < 0:
            card = self.replay.card_of(self.index, self.mode)      # a card bought or placed
            if card is not None:
                detail.show_def(card, self.bapp.lang)
            else:
                detail.show_text(self.t("battle.empty_cell"))
        else:
            detail.show_card(self.view, uid, self.seat, self.bapp.lang)

    def on_board_cursor_moved(self) -> None:
        self._detail()

    def on_zone_bar_cursor_moved(self) -> None:
        self._detail()

    # --- moving through the game ------------------------------------------------------------------
    def go(self, index: int) -> None:
        index = min(max(index, 0), self.replay.last)
        if index != self.index:
            self.index = index
            self.show_step()

    def action_step(self, delta: int) -> None:
        self.go(self.index + delta)

    def action_turn(self, delta: int) -> None:
        r = self.replay
        self.go(r.next_turn(self.index) if delta > 0 else r.previous_turn(self.index))

    def action_jump(self, where: str) -> None:
        self.go(0 if where == "start" else self.replay.last)

    def action_autoplay(self) -> None:
        """Play the game on by itself from here, or pause it."""
        if self.timer is not None:
            self._stop()
        elif self.index < self.replay.last:
            self.timer = self.set_interval(AUTOPLAY_S, self._tick)
        self.show_step()

    def _tick(self) -> None:
        self.go(self.index + 1)
        if self.index >= self.replay.last:
            self._stop()
            self.show_step()

    def _stop(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None

    def action_switch_view(self) -> None:
        """Player 1's eyes → player 2's → every card shown → player 1's."""
        self.mode = {0: 1, 1: FULL}.get(self.mode, 0)
        self.show_step()

    def action_full_log(self) -> None:
        from .log_view import LogScreen
        r, lang = self.replay, self.bapp.lang
        self.app.push_screen(LogScreen([text for i in range(self.index + 1) for text in r.lines(i, self.mode, lang)]))

    def action_back(self) -> None:
        self._stop()
        self.app.pop_screen()
