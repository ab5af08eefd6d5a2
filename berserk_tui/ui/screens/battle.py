"""The battle: board, extra zones, card details, the action menu, prompts, dice and the log.

Every decision is answered the same way: the legal actions are listed in the action menu and
those that point at a cell or a card are highlighted there; Enter on a highlighted spot plays
the action (or narrows the menu to the actions on that spot). In the main decision the menu
lists the actions of the card under the cursor; Enter on the card locks it as the selection.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option

from berserk_tui.engine import Action, Event, GameState
from berserk_tui.engine import actions as act
from berserk_tui.engine.query import position
from berserk_tui.ui.widgets.board import Board, Mark, card_at
from berserk_tui.ui.widgets.card_detail import CardDetail
from berserk_tui.ui.widgets.dice import dice_line
from berserk_tui.ui.widgets.footer import Footer
from berserk_tui.ui.widgets.zone_bar import ZoneBar

from .base import GameScreen

COMPACT_HEIGHT = 28      # below this many lines the log is hidden (L shows it)
TALL_HEIGHT = 40         # from this many lines the tiles get a fourth line


def actor_of(a: Action) -> int | None:
    """The card that acts in a main-decision action."""
    if isinstance(a, act.Move | act.Strike | act.Use | act.TakeChip | act.AntiAir):
        return a.uid
    return None


def spot_of(v: GameState, a: Action) -> tuple[str, int] | None:
    """Where an action points: ("cell", n) for a cell, ("card", uid) for a card, None if nowhere.

    An action of a card on itself (a chip, a self-aimed ability) points nowhere: Enter on the
    selected card never plays it by accident; it is chosen in the action menu.
    """
    match a:
        case act.Move(_, cell) | act.PickCell(cell):
            return ("cell", cell)
        case act.Strike(uid, target) | act.Use(uid, _, target) if target >= 0 and target != uid:
            return ("card", target)
        case act.Defend(uid) | act.Target(uid):
            return ("card", uid)
        case act.Seat(host):
            return ("card", host)
    return None


class BattleScreen(GameScreen):
    phase_name = "battle"
    BINDINGS = [
        Binding("e", "end_turn", "key.end_turn"),
        Binding("escape", "cancel", "key.cancel"),
        Binding("g", "piles", "key.piles"),
        Binding("L", "full_log", "key.log"),
        Binding("a", "focus_actions", "key.actions", show=False),
        Binding("f10", "leave", "key.menu"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.selected: int | None = None         # the card whose actions the menu lists (main decision)
        self.narrow: tuple[str, int] | None = None   # the menu shows only actions on this spot
        self.shown_lines = 0
        self.menu_actions: list[Action] = []
        self.asked: tuple[int, str] | None = None     # the decision the focus was last set for

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="dice")
        with Horizontal(id="battle"):
            with Vertical(id="battle-left"):
                yield ZoneBar(False, id="zone-enemy")
                yield Board(id="board")
                yield ZoneBar(True, id="zone-own")
                yield RichLog(id="log", wrap=True, markup=False, max_lines=2000)
            with Vertical(id="battle-right"):
                yield Static(id="prompt")
                yield OptionList(id="actions")
                yield CardDetail(id="detail")
        yield Footer()

    def on_mount(self) -> None:
        board = self.query_one(Board)
        board.show(self.view, self.seat, lang=self.bapp.lang)
        board.home()
        board.focus()
        super().on_mount()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.height < COMPACT_HEIGHT, "compact")
        self.set_class(event.size.height >= TALL_HEIGHT, "tall")

    # --- drawing ----------------------------------------------------------------------------------
    def refresh_match(self) -> None:
        v = self.view
        legal = self.match.legal() if self.my_decision else []
        if self.selected is not None and not any(actor_of(a) == self.selected for a in legal):
            self.selected = None
        if self.narrow is not None and not any(spot_of(v, a) == self.narrow for a in legal):
            self.narrow = None
        self._status(v)
        self._menu(v, legal)
        self._marks(v)
        self._log()
        self._detail()
        self._focus_for(v)

    def _focus_for(self, v: GameState) -> None:
        """A new decision other than the main one puts the focus on its options."""
        asked = (v.seq, v.pending.kind) if self.my_decision else None
        if asked == self.asked:
            return
        self.asked = asked
        if asked is not None and v.pending.kind != "main":
            self.query_one("#actions", OptionList).focus()
        elif isinstance(self.focused, OptionList):
            self.query_one(Board).focus()

    def _status(self, v: GameState) -> None:
        m = self.match
        if m.over:
            whose = ""
        elif m.to_move == self.seat:
            whose = self.t("battle.you_decide")
        elif m.setup.hotseat:
            whose = self.t("battle.player_decides", n=m.to_move + 1)
        elif m.setup.networked:
            whose = self.t("battle.opponent_decides")
        else:
            whose = self.t("battle.bot_decides")
        turn = self.t("battle.turn", n=v.turn, player=self.seat_name(v.active)) if v.turn else self.t("battle.reveal")
        self.query_one("#status", Static).update(Text.assemble((turn, "bold"), "  ·  ", whose))
        self.query_one("#prompt", Static).update(self.describer().decision() if self.my_decision
                                                 else self.t("battle.waiting"))

    def _menu_source(self, v: GameState, legal: list[Action]) -> list[Action]:
        """The actions the menu lists now."""
        if self.narrow is not None:
            return [a for a in legal if spot_of(v, a) == self.narrow
                    and (self.selected is None or actor_of(a) in (None, self.selected))]
        if v.pending.kind != "main":
            return legal
        if self.selected is not None:
            return [a for a in legal if actor_of(a) == self.selected]
        under = self._card_under_cursor()
        mine = [a for a in legal if under is not None and actor_of(a) == under]
        return mine + [a for a in legal if actor_of(a) is None]

    def _menu(self, v: GameState, legal: list[Action]) -> None:
        actions = self._menu_source(v, legal)
        menu = self.query_one("#actions", OptionList)
        if actions == self.menu_actions and menu.option_count == len(actions):
            return
        self.menu_actions = actions
        d = self.describer()
        main = v.pending.kind == "main"
        menu.clear_options()
        for i, a in enumerate(actions):
            label = d.action_short(a) if main and actor_of(a) is not None else d.action(a)
            menu.add_option(Option(label, id=str(i)))
        if actions:
            menu.highlighted = 0

    def _marks(self, v: GameState) -> None:
        """Highlight where the listed actions point (in the main decision: the hovered card's)."""
        legal = self.menu_actions
        cells: dict[int, Mark] = {}
        cards: set[int] = set()
        for a in legal:
            spot = spot_of(v, a)
            if spot is None:
                continue
            kind, n = spot
            mark = Mark.MOVE if isinstance(a, act.Move) else Mark.TARGET
            if kind == "cell":
                cells[n] = mark
            else:
                pos = position(v, n)
                if pos >= 0 and v.cards[n].zone == "board":
                    cells[pos] = mark
                else:
                    cards.add(n)
        if self.selected is not None:
            pos = position(v, self.selected)
            if pos >= 0 and v.cards[self.selected].zone == "board":
                cells[pos] = Mark.SELECTED
        self.query_one(Board).show(v, self.seat, cells, self.bapp.lang)
        self.query_one("#zone-enemy", ZoneBar).show(v, 1 - self.seat, cards, self.bapp.lang)
        self.query_one("#zone-own", ZoneBar).show(v, self.seat, cards, self.bapp.lang)

    def _log(self, restart: bool = False) -> None:
        lines = self.bapp.logs.get(self.seat, [])
        log = self.query_one("#log", RichLog)
        if restart or self.shown_lines > len(lines):
            log.clear()
            self.shown_lines = 0
        for line in lines[self.shown_lines:]:
            log.write(line)
        self.shown_lines = len(lines)

    def retranslate(self) -> None:
        self.menu_actions = []
        self._log(restart=True)
        self.refresh_match()

    def show_events(self, events: list[Event]) -> None:
        text = dice_line(self.view, events, self.bapp.lang)
        if text is not None:
            self.query_one("#dice", Static).update(text)
        if self.bapp.viewer != self.seat:
            self._log(restart=True)

    # --- the card under the cursor ---------------------------------------------------------------
    def _card_under_cursor(self) -> int | None:
        focused = self.focused
        if isinstance(focused, ZoneBar):
            return focused.current
        uid = card_at(self.view, self.query_one(Board).cursor)
        return uid if uid >= 0 else None

    def _detail(self) -> None:
        uid = self._card_under_cursor()
        detail = self.query_one(CardDetail)
        if uid is None:
            detail.show_text(self.t("battle.empty_cell"))
        else:
            detail.show_card(self.view, uid, self.seat, self.bapp.lang)

    def _hover(self) -> None:
        self._detail()
        if self.my_decision and self.view.pending.kind == "main" and self.selected is None:
            v = self.view
            self._menu(v, self.match.legal())
            self._marks(v)

    def on_board_cursor_moved(self) -> None:
        self._hover()

    def on_zone_bar_cursor_moved(self) -> None:
        self._hover()

    # --- choosing ---------------------------------------------------------------------------------
    def on_board_selected(self, event: Board.Selected) -> None:
        uid = card_at(self.view, event.cell)
        self._choose_spot([("cell", event.cell)] + ([("card", uid)] if uid >= 0 else []), uid)

    def on_zone_bar_selected(self, event: ZoneBar.Selected) -> None:
        self._choose_spot([("card", event.uid)], event.uid)

    def _choose_spot(self, spots: list[tuple[str, int]], uid: int) -> None:
        """Enter on a spot: play the one action pointing there, narrow the menu, or select the card.

        Where it does none of these (in a choice other than the main one, a spot no option points at)
        the focus goes to the options, so Enter always leads somewhere after Escape left them."""
        if not self.my_decision:
            return
        v = self.view
        hits = [a for a in self.menu_actions if spot_of(v, a) in spots]
        if len(hits) == 1 and (self.selected is not None or v.pending.kind != "main"):
            self._play(hits[0])
            return
        if hits and (self.selected is not None or v.pending.kind != "main"):
            self.narrow = spot_of(v, hits[0])
            self.refresh_match()
            self.query_one("#actions", OptionList).focus()
            return
        if v.pending.kind == "main" and uid >= 0 and any(actor_of(a) == uid for a in self.match.legal()):
            self.selected = uid
            self.narrow = None
            self.refresh_match()
            return
        if v.pending.kind != "main" or (uid >= 0 and self.selected is None):
            self.query_one("#actions", OptionList).focus()   # nothing to play here: back to the options

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = int(event.option.id or 0)
        if index < len(self.menu_actions):
            self._play(self.menu_actions[index])

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        index = int(event.option.id or 0)
        if index < len(self.menu_actions):
            spot = spot_of(self.view, self.menu_actions[index])
            if spot is not None and spot[0] == "card":
                self.query_one(CardDetail).show_card(self.view, spot[1], self.seat, self.bapp.lang)

    def _play(self, action: Action) -> None:
        if isinstance(action, act.Strike):
            from .strike_confirm import StrikeConfirmScreen

            def confirmed(ok: bool | None) -> None:
                if ok:
                    self._commit(action)

            self.app.push_screen(StrikeConfirmScreen(action), confirmed)
            return
        self._commit(action)

    def _commit(self, action: Action) -> None:
        self.narrow = None
        if actor_of(action) is None or isinstance(action, act.EndTurn):
            self.selected = None
        if self.bapp.play(action):
            self.query_one(Board).focus()

    # --- keys -------------------------------------------------------------------------------------
    def action_end_turn(self) -> None:
        if self.my_decision and act.EndTurn() in self.match.legal():
            self.selected = self.narrow = None
            self.bapp.play(act.EndTurn())
        elif self.my_decision:
            self.notify(self.t("battle.cannot_end"), severity="warning")

    def action_cancel(self) -> None:
        if self.narrow is not None or self.selected is not None:
            self.narrow = None
            self.selected = None
            self.refresh_match()
        self.query_one(Board).focus()

    def action_focus_actions(self) -> None:
        self.query_one("#actions", OptionList).focus()

    def action_piles(self) -> None:
        from .piles import PilesScreen
        self.app.push_screen(PilesScreen(self.view, self.seat))

    def action_full_log(self) -> None:
        from .log_view import LogScreen
        self.app.push_screen(LogScreen(self.bapp.logs.get(self.seat, [])))
