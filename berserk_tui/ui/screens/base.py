"""`GameScreen`: the base of the screens of a match (order, purchase, deployment, battle, game over)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding
from textual.screen import Screen

from berserk_tui.describe import Describer
from berserk_tui.engine import Event, GameState
from berserk_tui.match import Match

if TYPE_CHECKING:
    from berserk_tui.ui.app import BerserkApp


class GameScreen(Screen):
    """A screen that shows the match from the viewer's seat and redraws after every action."""

    phase_name: ClassVar[str] = ""
    _view_cache: tuple[tuple[int, int, int], GameState] | None = None
    BINDINGS = [
        Binding("f10", "leave", "key.menu", show=False),
    ]

    @property
    def bapp(self) -> BerserkApp:
        return self.app  # type: ignore[return-value]

    @property
    def match(self) -> Match:
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
        key = (id(self.match), len(self.match.actions), self.seat)
        cached = self._view_cache
        if cached is None or cached[0] != key:
            cached = self._view_cache = (key, self.match.view(self.seat))
        return cached[1]

    def describer(self) -> Describer:
        return Describer(self.view, self.bapp.lang)

    @property
    def my_decision(self) -> bool:
        """True when the viewer must decide now (not a bot, not the other hot-seat player)."""
        m = self.match
        return not m.over and m.to_move == self.seat and not m.is_bot(self.seat)

    def on_mount(self) -> None:
        self.refresh_match()

    def refresh_match(self) -> None:
        """Redraw from the current state."""

    def show_events(self, events: list[Event]) -> None:
        """New events happened (the log is already updated)."""

    def retranslate(self) -> None:
        self.refresh_match()

    def action_leave(self) -> None:
        self.bapp.leave_game()
