"""The 6×5 battlefield as one seat sees it: its own rows at the bottom, a keyboard cursor,
and highlighted cells (legal moves, legal targets, allowed deployment cells)."""

from __future__ import annotations

from enum import Enum

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from berserk_tui.engine import GameState
from berserk_tui.engine.board import COLS, ROWS, cell_name, cell_of
from berserk_tui.ui.widgets.tiles import cell_marks, tile_lines


class Mark(Enum):
    """Why a cell is highlighted."""
    MOVE = "move"          # the selected card may go there
    TARGET = "target"      # a legal target of the selected card or of the pending decision
    ALLOWED = "allowed"    # deployment: the selected card may be placed there
    SELECTED = "selected"  # the card whose actions are shown
    CURRENT = "current"    # where the highlighted choice of the list points
    ACTOR = "actor"        # the card that made the last action shown (the bot's, the opponent's)
    AFFECTED = "affected"  # where that action went: its target or the cell moved to


def card_at(v: GameState, cell: int) -> int:
    """The card shown on `cell`: an incorporeal creature passing through an occupied cell (it must
    move off at once) hides the card it stands on, so its player can pick it; else the occupant."""
    for c in v.cards:
        if c.zone == "board" and c.cell == cell and c.uid != v.grid[cell]:
            return c.uid
    return v.grid[cell]


def screen_to_cell(sr: int, sc: int, flipped: bool) -> int:
    """The cell shown at screen row `sr` (0 = top) and column `sc` (0 = left)."""
    if flipped:
        return cell_of(sr, COLS - 1 - sc)
    return cell_of(ROWS - 1 - sr, sc)


def cell_to_screen(cell: int, flipped: bool) -> tuple[int, int]:
    row, col = divmod(cell, COLS)
    if flipped:
        return row, COLS - 1 - col
    return ROWS - 1 - row, col


class Board(Widget, can_focus=True):
    """The battlefield; posts `Board.Selected` on Enter/click and `Board.CursorMoved` as the cursor moves."""

    COMPONENT_CLASSES = {
        "board--own", "board--enemy", "board--hidden", "board--empty", "board--empty-alt", "board--cursor",
        "board--move", "board--target", "board--allowed", "board--selected", "board--closed", "board--label",
        "board--current", "board--actor", "board--affected",
    }
    BINDINGS = [
        Binding("up,k", "cursor(-1, 0)", "↑", show=False),
        Binding("down,j", "cursor(1, 0)", "↓", show=False),
        Binding("left,h", "cursor(0, -1)", "←", show=False),
        Binding("right,l", "cursor(0, 1)", "→", show=False),
        Binding("enter,space", "select", "key.select", show=False),
    ]

    cursor: reactive[int] = reactive(2)

    class Selected(Message):
        def __init__(self, board: Board, cell: int) -> None:
            super().__init__()
            self.board = board
            self.cell = cell

    class CursorMoved(Message):
        def __init__(self, board: Board, cell: int) -> None:
            super().__init__()
            self.board = board
            self.cell = cell

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.view: GameState | None = None
        self.seat = 0
        self.lang = "ru"
        self.marks: dict[int, Mark] = {}

    @property
    def flipped(self) -> bool:
        """The second player sees the board turned around (his rows at the bottom)."""
        v = self.view
        return v is not None and v.first != -1 and v.first != self.seat

    def show(self, view: GameState, seat: int, marks: dict[int, Mark] | None = None, lang: str = "ru") -> None:
        self.view, self.seat, self.lang = view, seat, lang
        self.marks = marks or {}
        self.refresh()

    def set_marks(self, marks: dict[int, Mark]) -> None:
        self.marks = marks
        self.refresh()

    def home(self, row_from_bottom: int = 2) -> None:
        """Put the cursor on the middle of the viewer's front row."""
        first = self.view is None or self.view.first in (-1, self.seat)
        self.cursor = cell_of(row_from_bottom if first else ROWS - 1 - row_from_bottom, 2)

    # --- keys and mouse -------------------------------------------------------------------------
    def action_cursor(self, drow: int, dcol: int) -> None:
        sr, sc = cell_to_screen(self.cursor, self.flipped)
        sr = min(max(sr + drow, 0), ROWS - 1)
        sc = min(max(sc + dcol, 0), COLS - 1)
        self.cursor = screen_to_cell(sr, sc, self.flipped)

    def action_select(self) -> None:
        self.post_message(self.Selected(self, self.cursor))

    def watch_cursor(self, cell: int) -> None:
        self.post_message(self.CursorMoved(self, cell))

    def on_click(self, event: events.Click) -> None:
        w, h = self._tile_size()
        sc, sr = (event.x - 2) // (w + 1), (event.y - 1) // h
        if 0 <= sr < ROWS and 0 <= sc < COLS and event.x >= 2:
            self.cursor = screen_to_cell(sr, sc, self.flipped)
            self.action_select()

    # --- drawing ----------------------------------------------------------------------------------
    def _tile_size(self) -> tuple[int, int]:
        width = max((self.size.width - 2) // COLS - 1, 6)
        height = max(min((self.size.height - 1) // ROWS, 4), 1)
        return width, height

    def render(self) -> Text:
        w, h = self._tile_size()
        label = self.get_component_rich_style("board--label")
        flipped = self.flipped
        out = Text(no_wrap=True, overflow="crop")
        files = "abcde"[::-1] if flipped else "abcde"
        out.append("  " + "".join(f.center(w + 1) for f in files).rstrip() + "\n", label)
        on_cells = cell_marks(self.view) if self.view is not None else {}
        for sr in range(ROWS):
            cells = [screen_to_cell(sr, sc, flipped) for sc in range(COLS)]
            tiles = [self._tile(cell, w, h, on_cells.get(cell, "")) for cell in cells]
            for line in range(h):
                rank = cell_name(cells[0])[1] if line == h // 2 else " "
                out.append(f"{rank} ", label)
                for sc, (lines, style) in enumerate(tiles):
                    out.append(lines[line].ljust(w)[:w], style)
                    if sc < COLS - 1:
                        out.append(" ")
                if sr < ROWS - 1 or line < h - 1:
                    out.append("\n")
        return out

    def _tile(self, cell: int, w: int, h: int, on_cell: str) -> tuple[list[str], Style]:
        v = self.view
        uid = card_at(v, cell) if v is not None else -1
        if uid >= 0:
            assert v is not None
            lines = tile_lines(v, uid, w, h, self.lang, on_cell)
            c = v.cards[uid]
            base = "board--hidden" if c.card_id is None else "board--own" if c.owner == self.seat else "board--enemy"
            style = self.get_component_rich_style(base)
            if c.closed:
                style += self.get_component_rich_style("board--closed")
        else:
            lines = [""] * h
            lines[h // 2] = (on_cell or "·").center(w)
            row, col = divmod(cell, COLS)
            style = self.get_component_rich_style("board--empty" if (row + col) % 2 else "board--empty-alt")
        mark = self.marks.get(cell)
        if mark is not None:
            style += self.get_component_rich_style(f"board--{mark.value}")
        if cell == self.cursor and self.has_focus:
            style += self.get_component_rich_style("board--cursor")
        elif cell == self.cursor:
            style += Style(underline=True)
        return lines, style

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
