"""The battle: board, extra zones, card details, the list of choices, prompts, dice and the log.

One rule for the keyboard ("the list leads"): whenever a list of choices is open — a prompt of the
game (a defender, a target, a response, the hit reduction) or the actions of a card you picked —
the arrows move in that list, the highlighted choice is lit on the board and shown in the details,
Enter makes it and Esc steps back. With no list open (your turn, no card picked) the arrows move
over the field and Enter on your card picks it. Tab goes between the field's zones and the list;
Enter on a lit spot of the field answers too. The footer says what Enter and Esc do right now.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import DescendantFocus, Resize
from textual.widget import Widget
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option

from berserk_tui.engine import Action, Event, GameState
from berserk_tui.engine import actions as act
from berserk_tui.engine.places import position
from berserk_tui.ui.choices import Spotlight, actor_of, spot_of, spotlight
from berserk_tui.ui.widgets.board import Board, Mark, card_at
from berserk_tui.ui.widgets.card_detail import CardDetail
from berserk_tui.ui.widgets.clock_line import ClockLine
from berserk_tui.ui.widgets.dice import dice_line
from berserk_tui.ui.widgets.footer import Footer
from berserk_tui.ui.widgets.zone_bar import ZoneBar

from .base import GameScreen

COMPACT_HEIGHT = 28      # below this many lines the log is hidden (L shows it)
TALL_HEIGHT = 40         # from this many lines the tiles get a fourth line


class BattleScreen(GameScreen):
    phase_name = "battle"
    BINDINGS = [     # most important first
        Binding("e", "end_turn", "key.end_turn"),
        Binding("n", "next", "key.next"),
        Binding("escape", "back", "key.back", show=False),
        Binding("g", "piles", "key.piles"),
        Binding("L", "full_log", "key.log"),
        Binding("f10", "leave", "key.menu"),
    ]
    KEY_ORDER = ("end_turn", "next", "card_text", "leave", "full_log", "piles")

    def __init__(self) -> None:
        super().__init__()
        self.selected: int | None = None         # the card whose actions the list shows (main decision)
        self.narrow: tuple[str, int] | None = None   # the list shows only actions on this spot
        self.shown_lines = 0
        self.menu_actions: list[Action] = []
        self.asked: tuple[int, str, int | None] | None = None   # the choice the focus was last set for
        self.field: Widget | None = None         # the zone of the field (board or a zone bar) last in focus
        self.last: Spotlight | None = None       # the last action seen, lit while others play

    def compose(self) -> ComposeResult:
        with Horizontal(id="status-row"):
            yield Static(id="status")
            yield ClockLine(id="clock")
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
        self.field = board
        self.query_one("#log", RichLog).can_focus = False
        board.focus()
        super().on_mount()
        self.show_events(self.bapp.last_events)      # a screen shown anew (a hand-over) keeps the last dice

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.height < COMPACT_HEIGHT, "compact")
        self.set_class(event.size.height >= TALL_HEIGHT, "tall")

    # --- the state of the choice ------------------------------------------------------------------
    @property
    def menu(self) -> OptionList:
        return self.query_one("#actions", OptionList)

    def list_open(self) -> bool:
        """Is a list of choices open: a prompt of the game, or the actions of a picked card?"""
        return self.my_decision and (self.view.pending.kind != "main" or self.selected is not None)

    def key_hints(self) -> list[tuple[str, str]]:
        """What Enter and Esc do now, for the footer (before the screen's bindings)."""
        if not self.my_decision:
            return []
        if self.focused is self.menu:
            back = "key.unpick" if self.selected is not None else "key.to_field"
            return [("enter", "key.do"), ("↑↓", "key.choose"), ("esc", back)]
        if self.list_open():
            return [("enter", "key.answer_here"), ("esc", "key.to_list")]
        return [("enter", "key.pick")]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.is_mounted or self.bapp.match is None:
            return True
        if action == "end_turn":
            return self.my_decision and self.view.pending.kind == "main"
        if action == "next":
            return self.bapp.bot_waiting
        return super().check_action(action, parameters)

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
        self._log()
        self._focus_for(v)
        self._marks(v)
        self._detail()
        self.refresh_bindings()

    def _focus_for(self, v: GameState) -> None:
        """A new prompt or a picked card puts the focus on the list; otherwise it stays on the field."""
        asked = (v.seq, v.pending.kind, self.selected) if self.my_decision else None
        open_ = self.list_open()
        self.menu.can_focus = open_
        if asked == self.asked:
            return
        self.asked = asked
        if open_:
            self.menu.focus()
        elif self.focused is self.menu or self.focused is None:
            self._to_field()

    def _to_field(self) -> None:
        field = self.field if self.field is not None and self.field.can_focus else self.query_one(Board)
        field.focus()

    def _status(self, v: GameState) -> None:
        m = self.match
        if m.over:
            whose = ""
        elif m.to_move == self.seat:
            whose = self.t("battle.you_decide")
        elif v.seats.count > 2:       # the turn's player is named before: «думает» / «решает игрок 3 …»
            whose = self.t("battle.bot_decides") if m.to_move == v.active and m.is_bot(m.to_move) \
                else self.t("battle.seat_decides", who=self.seat_name(m.to_move))
        elif m.setup.hotseat:
            whose = self.t("battle.player_decides", n=m.to_move + 1)
        elif m.setup.networked:
            whose = self.t("battle.opponent_decides")
        else:
            whose = self.t("battle.bot_decides")
        turn = self.t("battle.turn", n=v.turn, player=self.seat_name(v.active)) if v.turn else self.t("battle.reveal")
        self.query_one("#status", Static).update(Text.assemble((turn, "bold"), "  ·  ", whose))
        self.query_one("#prompt", Static).update(self._prompt(v))

    def _prompt(self, v: GameState) -> Text:
        """What is asked and how to answer it; while others play, what they did last."""
        if not self.my_decision:
            lines = self.bapp.logs.get(self.seat, [])
            out = Text(self.t("battle.waiting"), "italic")
            if lines:
                out.append("\n" + lines[-1])
            return out
        out = Text(self.describer().decision())
        if v.pending.kind == "main":
            hint = "battle.hint.picked" if self.selected is not None else "battle.hint.pick"
            out.append("\n" + self.t(hint), "dim")
        return out

    def _menu_source(self, v: GameState, legal: list[Action]) -> list[Action]:
        """The actions the list shows now: those of the choice, or a preview of the hovered card's."""
        if self.narrow is not None:
            return [a for a in legal if spot_of(v, a) == self.narrow
                    and (self.selected is None or actor_of(a) in (None, self.selected))]
        if v.pending.kind != "main":
            return legal
        card = self.selected if self.selected is not None else self._card_under_cursor()
        return [a for a in legal if card is not None and actor_of(a) == card]

    def _menu(self, v: GameState, legal: list[Action]) -> None:
        actions = self._menu_source(v, legal)
        menu = self.menu
        menu.display = bool(actions)
        if actions == self.menu_actions and menu.option_count == len(actions):
            return
        self.menu_actions = actions
        d = self.describer()
        main = v.pending.kind == "main"
        preview = main and self.selected is None
        menu.clear_options()
        for i, a in enumerate(actions):
            label = d.action_short(a) if main and actor_of(a) is not None else d.action(a)
            menu.add_option(Option(Text(label, "dim") if preview else label, id=str(i)))
        if actions:
            menu.highlighted = 0

    def _marks(self, v: GameState) -> None:
        """Light the spots the listed actions point at, the highlighted one, the picked card and,
        while others play, the last action's card and its target."""
        cells: dict[int, Mark] = {}
        cards: set[int] = set()
        if not self.my_decision and self.last is not None:
            for uid, mark in ((self.last.target, Mark.AFFECTED), (self.last.actor, Mark.ACTOR)):
                if uid >= 0 and (pos := position(v, uid)) >= 0:
                    cells[pos] = mark
            if self.last.cell >= 0:
                cells[self.last.cell] = Mark.AFFECTED
        current = self._highlighted_spot(v) if self.focused is self.menu else None
        for a in self.menu_actions:
            spot = spot_of(v, a)
            if spot is None:
                continue
            kind, n = spot
            mark = Mark.CURRENT if spot == current else Mark.MOVE if isinstance(a, act.Move) else Mark.TARGET
            pos = n if kind == "cell" else position(v, n) if v.cards[n].zone == "board" else -1
            if pos >= 0:
                if cells.get(pos) is not Mark.CURRENT:
                    cells[pos] = mark
            else:
                cards.add(n)
        if self.selected is not None and (pos := position(v, self.selected)) >= 0 \
                and v.cards[self.selected].zone == "board":
            cells[pos] = Mark.SELECTED
        self.query_one(Board).show(v, self.seat, cells, self.bapp.lang)
        self.query_one("#zone-enemy", ZoneBar).show(v, self.seat, cards, self.bapp.lang)
        self.query_one("#zone-own", ZoneBar).show(v, self.seat, cards, self.bapp.lang)

    def _highlighted_spot(self, v: GameState) -> tuple[str, int] | None:
        index = self.menu.highlighted
        if index is None or index >= len(self.menu_actions):
            return None
        return spot_of(v, self.menu_actions[index])

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
        if events:
            self.last = spotlight(self.view, events)
        if not self.is_mounted:
            return
        text = dice_line(self.view, events, self.bapp.lang)
        if text is not None:
            self.query_one("#dice", Static).update(text)
        if self.bapp.viewer != self.seat:
            self._log(restart=True)
        self._marks(self.view)

    # --- the card in view ------------------------------------------------------------------------
    def _card_under_cursor(self) -> int | None:
        """The card under the cursor of the field's zone in use (the board or a zone bar)."""
        if isinstance(self.field, ZoneBar):
            return self.field.current
        uid = card_at(self.view, self.query_one(Board).cursor)
        return uid if uid >= 0 else None

    def _detail(self) -> None:
        """The details follow the focus: the highlighted choice's card in the list (else the picked
        card), the card under the cursor on the field."""
        v = self.view
        uid = self._card_under_cursor()
        if self.focused is self.menu:
            spot = self._highlighted_spot(v)
            uid = spot[1] if spot is not None and spot[0] == "card" else self.selected if self.selected is not None \
                else uid
        detail = self.query_one(CardDetail)
        if uid is not None:
            detail.show_card(v, uid, self.seat, self.bapp.lang)
        elif isinstance(self.field, ZoneBar):
            detail.show_text(self.t("battle.empty_zone"))
        else:
            detail.show_text(self.t("battle.empty_cell", cell=v.geo.cell_name(self.query_one(Board).cursor)))

    def _hover(self) -> None:
        if self.my_decision and self.view.pending.kind == "main" and self.selected is None:
            self._menu(self.view, self.match.legal())
        self._marks(self.view)
        self._detail()

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        if isinstance(event.widget, Board | ZoneBar):
            self.field = event.widget
        self._hover()

    def on_board_cursor_moved(self) -> None:
        self._hover()

    def on_zone_bar_cursor_moved(self) -> None:
        self._hover()

    def on_option_list_option_highlighted(self) -> None:
        if self.focused is self.menu:
            self._marks(self.view)
            self._detail()

    # --- choosing ---------------------------------------------------------------------------------
    def on_board_selected(self, event: Board.Selected) -> None:
        uid = card_at(self.view, event.cell)
        self._choose_spot([("cell", event.cell)] + ([("card", uid)] if uid >= 0 else []), uid)

    def on_zone_bar_selected(self, event: ZoneBar.Selected) -> None:
        self._choose_spot([("card", event.uid)], event.uid)

    def _choose_spot(self, spots: list[tuple[str, int]], uid: int) -> None:
        """Enter on the field: answer with the one choice lit there, narrow the list to several, pick
        one's own card, or else go back to the open list. While the bot waits, go on at once."""
        if not self.my_decision:
            self.action_next()
            return
        v = self.view
        hits = [a for a in self.menu_actions if spot_of(v, a) in spots] if self.list_open() else []
        if len(hits) == 1:
            self._play(hits[0])
        elif hits:
            self.narrow = spot_of(v, hits[0])
            self.refresh_match()
            self.menu.focus()
        elif v.pending.kind == "main" and uid >= 0 and any(actor_of(a) == uid for a in self.match.legal()):
            self.selected = uid
            self.narrow = None
            self.refresh_match()
        elif self.list_open():
            self.menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = int(event.option.id or 0)
        if self.list_open() and index < len(self.menu_actions):
            self._play(self.menu_actions[index])

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
        self.selected = None
        self.bapp.play(action)

    # --- keys -------------------------------------------------------------------------------------
    def action_end_turn(self) -> None:
        if self.my_decision and act.EndTurn() in self.match.legal():
            self.selected = self.narrow = None
            self.bapp.play(act.EndTurn())
        elif self.my_decision:
            self.notify(self.t("battle.cannot_end"), severity="warning")

    def action_back(self) -> None:
        """Esc steps back: from a narrowed list to the whole one, from a picked card to the field,
        between a prompt's list and the field."""
        if self.narrow is not None:
            self.narrow = None
            self.refresh_match()
        elif self.selected is not None:
            self.selected = None
            self.refresh_match()
            self._to_field()
        elif self.focused is self.menu:
            self._to_field()
        elif self.list_open():
            self.menu.focus()

    def action_next(self) -> None:
        """Skip the pause before the bot's next action."""
        self.bapp.skip_bot_pause()

    def action_piles(self) -> None:
        from .piles import PilesScreen
        self.app.push_screen(PilesScreen(self.view, self.seat))

    def action_full_log(self) -> None:
        from .log_view import LogScreen
        self.app.push_screen(LogScreen(self.bapp.logs.get(self.seat, [])))
