"""`GameScreen`: the base of the screens of a match (order, purchase, deployment, battle, game over)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Static

from berserk_tui.describe import Describer
from berserk_tui.engine import Event, GameState, Geometry
from berserk_tui.table import Table
from berserk_tui.ui.widgets.card_detail import CardDetail
from berserk_tui.ui.widgets.clock_line import ClockLine

if TYPE_CHECKING:
    from berserk_tui.ui.app import BerserkApp


WIDE_COLS = 5       # a board of more columns (seed 003's 10×6) is «wide»


def needed_size(geo: Geometry) -> tuple[int, int]:
    """The smallest terminal (columns, lines) on which a board of `geo` stays readable beside the side pane:
    tiles of 8 columns and 3 lines (80×24 holds the duel's board; seed 003's 10×6 board needs 118×24)."""
    return 2 + geo.cols * 9 + 26, 6 + geo.rows * 3


class GameScreen(Screen):
    """A screen that shows the match from the viewer's seat and redraws after every action."""

    phase_name: ClassVar[str] = ""
    _view_cache: tuple[tuple[int, int, int], GameState] | None = None
    BINDINGS = [
        Binding("f10", "leave", "key.menu", show=False),
        Binding("f9", "autoplay", "key.autoplay", show=False),
        Binding("i", "card_text", "key.card_text"),
    ]

    @property
    def bapp(self) -> BerserkApp:
        return self.app  # type: ignore[return-value]

    @property
    def match(self) -> Table:
        assert self.bapp.match is not None
        return self.bapp.match

    @property
    def seat(self) -> int:
        return self.bapp.viewer

    def t(self, key: str, /, **kw: object) -> str:
        return self.bapp.t(key, **kw)

    @property
    def view(self) -> GameState:
        """The viewer's view, built once per action (redraws and cursor moves reuse it)."""
        key = (id(self.match), self.match.revision, self.seat)
        cached = self._view_cache
        if cached is None or cached[0] != key:
            cached = self._view_cache = (key, self.match.view(self.seat))
        return cached[1]

    def describer(self) -> Describer:
        """The game's words for the viewer's view (these screens are the classic game's: its `Describer`)."""
        return self.match.game_def.describer(self.view, self.bapp.lang, self.bapp.roles(self.seat))

    def seat_name(self, seat: int) -> str:
        """"you", "bot", "opponent", "player N" (hot-seat) or a seat the rules play («Астарот»); in a team game
        the player and his team too: «игрок 2, команда 2 (бот)»."""
        m, seats = self.match, self.view.seats
        role = getattr(m.game_def, "seat_roles", {}).get(seat)
        if role is not None:
            return self.t(f"seat.{role}")
        if seats.count > 2:
            role = "you" if seat == self.seat and len(m.setup.humans) == 1 else "bot" if m.is_bot(seat) \
                else ("opponent" if seats.enemy(self.seat, seat) else "partner") if m.is_remote(seat) else ""
            name = self.t("seat.team_player", n=seat + 1, team=seats.teams[seat] + 1)
            return self.t("seat.team_role", player=name, role=self.t(f"seat.{role}")) if role else name
        if m.setup.hotseat:
            return self.t("seat.player", n=seat + 1)
        if seat == self.seat:
            return self.t("seat.you")
        return self.t("seat.opponent" if m.setup.networked else "seat.bot")

    def turn_place(self) -> str:
        """The viewer's place in the turn order in words («первым», «третьим»)."""
        return self.t(f"order.nth.{self.view.place(self.seat)}")

    @property
    def my_decision(self) -> bool:
        """True when the viewer must decide now (not a bot, not the other hot-seat player)."""
        m = self.match
        return not m.over and m.to_move == self.seat and not m.is_bot(self.seat) and not m.is_remote(self.seat)

    def on_mount(self) -> None:
        self.refresh_match()

    def needed(self) -> tuple[int, int]:
        """The smallest terminal this screen is readable on (the board's, `needed_size`)."""
        return needed_size(self.view.geo)

    def on_resize(self, event: Resize) -> None:
        """Below the size the board needs, say which size that is (over the whole screen)."""
        width, height = self.needed()
        geo = getattr(self.view, "geo", None)
        self.set_class(geo is not None and geo.cols > WIDE_COLS, "wide")   # a narrower side pane beside the board
        small = event.size.width < width or event.size.height < height
        self.set_class(small, "too-small")        # the rest is hidden meanwhile (app.tcss)
        notes = self.query("#too-small")
        if small and not notes:
            self.mount(Static(id="too-small"))
        elif not small and notes:
            notes.remove()
        if small:
            self.query_one("#too-small", Static).update(
                self.t("app.too_small", width=width, height=height, now_w=event.size.width, now_h=event.size.height))

    def refresh_match(self) -> None:
        """Redraw from the current state."""

    def show_events(self, events: list[Event]) -> None:
        """New events happened (the log is already updated)."""

    def tick_clock(self) -> None:
        """The network timer ticked: the clocks show the time now (redrawn only when their text changes)."""
        for line in self.query(ClockLine):
            line.tick()

    def retranslate(self) -> None:
        self.refresh_match()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`i` is offered while a card's details are cut off by the size of their pane."""
        if action == "card_text":
            return any(d.is_cut for d in self.query(CardDetail))
        return True

    def action_card_text(self) -> None:
        from .card_text import CardTextScreen
        cut = [d for d in self.query(CardDetail) if d.is_cut]
        if cut:
            self.app.push_screen(CardTextScreen(cut[0].text))

    def action_leave(self) -> None:
        self.bapp.leave_game()

    def action_autoplay(self) -> None:
        if self.my_decision:
            self.bapp.autoplay()
