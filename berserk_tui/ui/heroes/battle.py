"""The table of «Берсерк. Герои»: both heroes, their support cards and creatures, the viewer's hand, the coins, the
decks and graveyards; the question of the game and its answers (the legal actions) in a list; the card details and
the log. One screen for the preparation (the first player, the mulligan) and the play.

The keyboard: the list of answers leads — a new question puts the focus on it, the arrows move in it, the cards the
highlighted answer names are marked on the table (► the card that acts, ◎ its target, • the other choices), Enter
answers. Tab goes to the table: the arrows browse every card (its details on the right), Enter on a card narrows the
answers to those naming it, Esc widens them again. `e` ends the turn (never an entry of the list), `g` the
graveyards, `L` the whole log, `n` the bot's next move now. In the mulligan Enter marks hand cards in the order
they go under the deck, and the last entry does it.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option

from berserk_tui.engine import actions as act
from berserk_tui.engine.heroes import actions as hact
from berserk_tui.ui.screens.base import GameScreen
from berserk_tui.ui.widgets.clock_line import ClockLine
from berserk_tui.ui.widgets.end_log import EndLog
from berserk_tui.ui.widgets.footer import Footer

from .text import card_line, detail, in_play, side_line

ACTOR, TARGET, OPTION = "► ", "◎ ", "• "
BLANK = "\u2800 "     # no mark: a blank glyph, then a space (a list line's leading whitespace is not drawn)
DONE = -1            # the id of the mulligan's last entry
MIN_SIZE = (80, 24)  # the smallest terminal the table is readable on


def actor_of(v: Any, a: Any) -> int | None:
    """The card that acts in answer `a` (None: no card)."""
    t = type(a)
    if t in (hact.Play, act.Strike, act.Use, act.Defend):
        return a.uid
    kind = v.pending.kind
    if t is act.Target and kind == "target":
        return v.pending.data.ctx[0]
    if t is act.Choose and kind == "order":
        return v.pending.data.items[a.option][0]
    if t is act.Choose and kind in ("x", "ability_x"):
        return v.pending.data.uid
    if t is act.Choose and kind in ("confirm", "option", "pay"):
        return v.pending.data.ctx[0]
    return None


def target_of(v: Any, a: Any) -> int | None:
    """The card answer `a` is aimed at (None: none)."""
    t = type(a)
    if t is act.Strike:
        return a.target
    if t is act.Target:
        return a.uid
    if t in (act.Defend, act.Pass) and v.pending.kind == "defend":
        return v.pending.data.attacker
    return None


class HeroesScreen(GameScreen):
    phase_name = "heroes"
    BINDINGS = [     # most important first
        Binding("e", "end_turn", "key.end_turn"),
        Binding("n", "next", "key.next"),
        Binding("escape", "back", "key.back", show=False),
        Binding("g", "graves", "key.piles"),
        Binding("L", "full_log", "key.log"),
        Binding("f10", "leave", "key.menu"),
    ]
    KEY_ORDER = ("end_turn", "next", "leave", "full_log", "graves")

    def __init__(self) -> None:
        super().__init__()
        self.answers: list[Any] = []          # the actions the list shows, by option id
        self.narrow: int | None = None        # only the answers naming this card
        self.marked: list[int] = []           # the mulligan: hand cards marked, in order
        self.asked: tuple[int, str] | None = None
        self.shown_lines = 0
        self.rows: list[int | None] = []      # the table's lines: a card uid or None (a heading)

    def compose(self) -> ComposeResult:
        with Horizontal(id="hg-status-row"):
            yield Static(id="hg-status")
            yield ClockLine(id="hg-clock")      # a network game's clocks (hidden in a local one)
        with Horizontal(id="hg-main"):
            with Vertical(id="hg-left"):
                yield OptionList(id="hg-table")
                yield Static(id="hg-prompt")
                yield OptionList(id="hg-actions")
            with Vertical(id="hg-right"):
                yield Static(id="hg-detail")
                yield EndLog(id="hg-log", wrap=True, markup=False, max_lines=2000, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#hg-log", RichLog).can_focus = False
        super().on_mount()

    def needed(self) -> tuple[int, int]:
        return MIN_SIZE

    @property
    def table(self) -> OptionList:
        return self.query_one("#hg-table", OptionList)

    @property
    def menu(self) -> OptionList:
        return self.query_one("#hg-actions", OptionList)

    def key_hints(self) -> list[tuple[str, str]]:
        if not self.my_decision:
            return []
        if self.focused is self.table:
            return [("enter", "key.pick"), ("tab", "key.to_list")]
        back = [("esc", "key.unpick")] if self.narrow is not None else []
        return [("enter", "key.do"), ("↑↓", "key.choose"), *back]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.is_mounted or self.bapp.match is None:
            return True
        if action == "end_turn":
            return self.my_decision and act.EndTurn() in self.match.legal()
        if action == "next":
            return self.bapp.bot_waiting
        if action == "card_text":
            return True
        return super().check_action(action, parameters)

    def action_card_text(self) -> None:
        """The details in a window of their own (the pane may cut a long card)."""
        from berserk_tui.ui.screens.card_text import CardTextScreen
        self.app.push_screen(CardTextScreen(Text(str(self.query_one("#hg-detail", Static).render()))))

    # --- drawing -----------------------------------------------------------------------------------------
    def refresh_match(self) -> None:
        if self.bapp.match is None:     # left (F10) while it was being shown
            return
        v = self.view
        asked = (v.seq, v.pending.kind) if self.my_decision else None
        if asked != self.asked:
            self.marked, self.narrow = [], None
        self._status(v)
        self._answers(v)
        self._table(v)
        self._log()
        if asked != self.asked:
            self.asked = asked
            (self.menu if asked is not None and self.answers else self.table).focus()
        self._detail()
        self.refresh_bindings()

    def _who(self, seat: int) -> str:
        return self.describer().player(seat)

    def _status(self, v: Any) -> None:
        m = self.match
        who = self.t("battle.you_decide") if self.my_decision else "" if m.over \
            else self.t("hg.wait", player=self._who(m.to_move))
        title = self.t("hg.title", turn=v.turn, who=who) if v.turn else self.t("hg.title.setup", who=who)
        self.query_one("#hg-status", Static).update(Text(title, "bold"))
        d = self.describer()
        if self.my_decision:
            prompt = Text(d.decision())
        else:
            lines = self.bapp.logs.get(self.seat, [])
            prompt = Text(self.t("hg.no_actions", player=self._who(m.to_move)), "italic")
            if lines:
                prompt.append("\n" + lines[-1])
        self.query_one("#hg-prompt", Static).update(prompt)

    def _answers(self, v: Any) -> None:
        """The list of answers: the legal actions (the turn's end left to `e`), narrowed to a card if one is picked;
        the mulligan's hand cards to mark."""
        legal = self.match.legal() if self.my_decision else []
        d = self.describer()
        options: list[Option] = []
        if v.pending.kind == "mulligan" and legal:
            self.answers = list(v.players[self.seat].hand)
            for uid in self.answers:
                mark = f"[{self.marked.index(uid) + 1}]" if uid in self.marked else "[ ]"
                options.append(Option(f"{mark} {d.card(uid)}", id=str(uid)))
            done = self.t("hg.act.keep") if not self.marked else self.t(
                "hg.act.mulligan.done", cards=d.count(len(self.marked), "pl.cards"))
            options.append(Option(Text(done, "bold"), id=str(DONE)))
        else:
            self.answers = [a for a in legal if type(a) is not act.EndTurn
                            and (self.narrow is None or self.narrow in (actor_of(v, a), target_of(v, a)))]
            if v.pending.kind == "target":     # the enemy's cards first: Enter at once never aims at one's own
                self.answers.sort(key=lambda a: v.cards[a.uid].owner == self.seat)
            elif v.pending.kind == "first_player":      # «Ходить первым» first, whoever the die chose
                self.answers.sort(key=lambda a: a.seat != self.seat)
            options = [Option(d.action(a), id=str(i)) for i, a in enumerate(self.answers)]
        menu = self.menu
        keep = menu.highlighted
        menu.clear_options()
        menu.add_options(options)
        menu.display = bool(options)
        if options:
            menu.highlighted = keep if keep is not None and keep < len(options) and self.asked == (
                (v.seq, v.pending.kind) if self.my_decision else None) else 0

    def _current(self) -> Any:
        """The highlighted answer (an action, a hand card's uid in the mulligan, or None)."""
        i = self.menu.highlighted
        if i is None or not self.my_decision:
            return None
        option = self.menu.get_option_at_index(i)
        if self.view.pending.kind == "mulligan":
            return None if option.id == str(DONE) else int(option.id or 0)
        return self.answers[int(option.id or 0)]

    def _marks(self, v: Any) -> dict[int, str]:
        """The marks of the table's cards: the highlighted answer's actor and target, the other answers' cards."""
        marks: dict[int, str] = {}
        if not self.my_decision:
            return marks
        if v.pending.kind == "mulligan":
            return {uid: TARGET for uid in self.marked}
        for a in self.answers:
            for uid in (actor_of(v, a), target_of(v, a)):
                if uid is not None:
                    marks.setdefault(uid, OPTION)
        current = self._current()
        if current is not None and not isinstance(current, int):
            if (uid := target_of(v, current)) is not None:
                marks[uid] = TARGET
            if (uid := actor_of(v, current)) is not None:
                marks[uid] = ACTOR
        return marks

    def _table(self, v: Any) -> None:
        """The table, the opponent's side on top: a side's summary, its hero, creatures and support cards; the
        viewer's hand last."""
        marks = self._marks(v)
        rows: list[tuple[int | None, Text]] = []
        me = self.seat
        for seat in (1 - me, me):
            p = v.players[seat]
            rows.append((None, Text(side_line(self.t, v, seat, self.seat_name(seat).capitalize()), "bold")))
            cards = in_play(v, seat)
            for uid in cards:
                mark = marks.get(uid, BLANK)
                style = "reverse" if mark == ACTOR else "bold" if mark == TARGET else ""
                rows.append((uid, Text(mark + card_line(self.t, v, uid, me), style)))
            if len(cards) == 1 + len(p.support):        # no creature, open or hidden
                rows.append((None, Text(BLANK + self.t("hg.zone.none"), "dim")))
        hand = v.players[me].hand
        rows.append((None, Text(self.t("hg.zone.hand"), "bold")))
        for uid in hand:
            mark = marks.get(uid, BLANK)
            rows.append((uid, Text(mark + card_line(self.t, v, uid, me), "reverse" if mark == ACTOR else "")))
        table = self.table
        keep = table.highlighted
        self.rows = [uid for uid, _ in rows]
        table.clear_options()
        table.add_options([Option(text, id=f"c{uid}" if uid is not None else None, disabled=uid is None)
                           for uid, text in rows])
        if keep is not None and keep < len(rows) and rows[keep][0] is not None:
            table.highlighted = keep
        else:
            table.highlighted = next((i for i, (uid, _) in enumerate(rows) if uid is not None), None)

    def _detail(self) -> None:
        v = self.view
        uid: int | None = None
        if self.focused is self.table and self.table.highlighted is not None:
            uid = self.rows[self.table.highlighted]
        else:
            current = self._current()
            if isinstance(current, int) and v.pending.kind == "mulligan":
                uid = current
            elif current is not None:
                first, second = (target_of, actor_of) if type(current) in (act.Strike, act.Target) \
                    else (actor_of, target_of)
                uid = first(v, current)
                uid = second(v, current) if uid is None else uid
        text = detail(self.t, v, uid, self.bapp.lang) if uid is not None else self.t("hg.detail.none")
        self.query_one("#hg-detail", Static).update(Text(text))

    def _log(self, restart: bool = False) -> None:
        lines = self.bapp.logs.get(self.seat, [])
        log = self.query_one("#hg-log", RichLog)
        if restart or self.shown_lines > len(lines):
            log.clear()
            self.shown_lines = 0
        for line in lines[self.shown_lines:]:
            log.write(line)     # (the log follows its end as it grows and as the details above change its height)
        self.shown_lines = len(lines)

    def retranslate(self) -> None:
        self._log(restart=True)
        self.refresh_match()

    # --- keys ----------------------------------------------------------------------------------------------
    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list is self.menu:
            self._table(self.view)
        self._detail()

    def on_descendant_focus(self) -> None:
        self._detail()
        self.refresh_bindings()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if not self.my_decision:
            return
        v = self.view
        if event.option_list is self.table:
            uid = self.rows[event.option_index]
            if uid is not None and any(uid in (actor_of(v, a), target_of(v, a)) for a in self.match.legal()):
                self.narrow = uid
                self.refresh_match()
                self.menu.focus()
            return
        if v.pending.kind == "mulligan":
            self._mulligan(event.option.id or "")
            return
        self.bapp.play(self.answers[int(event.option.id or 0)])

    def _mulligan(self, option: str) -> None:
        if option == str(DONE):
            self.bapp.play(hact.Mulligan(tuple(self.marked)))
            return
        uid = int(option)
        self.marked = [u for u in self.marked if u != uid] if uid in self.marked else [*self.marked, uid]
        self._answers(self.view)
        self._table(self.view)

    def action_back(self) -> None:
        if self.narrow is not None:
            self.narrow = None
            self.refresh_match()
            self.menu.focus()
        elif self.focused is self.table and self.answers:
            self.menu.focus()

    def action_end_turn(self) -> None:
        if self.my_decision and act.EndTurn() in self.match.legal():
            self.bapp.play(act.EndTurn())

    def action_next(self) -> None:
        self.bapp.skip_bot_pause()

    def action_graves(self) -> None:
        from .graves import GravesScreen
        self.app.push_screen(GravesScreen(self.view, self.seat, self.describer()))

    def action_full_log(self) -> None:
        from berserk_tui.ui.screens.log_view import LogScreen
        self.app.push_screen(LogScreen(self.bapp.logs.get(self.seat, [])))
