"""A list of games kept on disk (local saves, network games): Enter goes on with the highlighted one;
one that cannot be resumed is listed with the reason. Subclasses say which games, in what words."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from berserk_tui.ui.widgets.footer import Footer

if TYPE_CHECKING:
    from berserk_tui.ui.app import BerserkApp

Game = TypeVar("Game")


class GameListScreen(Screen, Generic[Game]):
    """The games of `load()`, one line each (`line`), the highlighted one's `detail` below the list and
    a `note` under it; Enter calls `choose`. Widget ids start with `PREFIX` («saves», «net-games»)."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "key.back")]
    PREFIX: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""       # message ids: the title, and what the screen says with no game
    EMPTY: ClassVar[str] = ""

    def __init__(self) -> None:
        super().__init__()
        self.games: list[Game] = []

    @property
    def bapp(self) -> BerserkApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id=f"{self.PREFIX}-box", classes="games-box"):
            yield Static(self.bapp.t(self.TITLE), classes="title")
            yield OptionList(id=self.PREFIX, classes="games")
            yield Static(id=f"{self.PREFIX}-detail", classes="note games-detail")
            yield Static(id=f"{self.PREFIX}-note", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        """Read the games again and show them."""
        self.games = self.load()
        listing = self.query_one(f"#{self.PREFIX}", OptionList)
        listing.clear_options()
        listing.add_options([Option(self.line(g), id=str(i)) for i, g in enumerate(self.games)])
        listing.display = bool(self.games)
        self.query_one(f"#{self.PREFIX}-note", Static).update(self.note())
        if self.games:
            listing.highlighted = 0
            listing.focus()
        self._detail(0 if self.games else None)

    def _detail(self, index: int | None) -> None:
        text = self.detail(self.games[index]) if index is not None else self.bapp.t(self.EMPTY)
        self.query_one(f"#{self.PREFIX}-detail", Static).update(text)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self._detail(int(event.option.id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.choose(self.games[int(event.option.id or 0)])

    # --- what a subclass says ---------------------------------------------------------------------
    def load(self) -> list[Game]:
        raise NotImplementedError

    def line(self, game: Game) -> str:
        raise NotImplementedError

    def detail(self, game: Game) -> str:
        raise NotImplementedError

    def note(self) -> str:
        return ""

    def choose(self, game: Game) -> None:
        raise NotImplementedError
