"""The battlefield as one seat sees it: its own rows at the bottom, a keyboard cursor, and highlighted
cells (legal moves, legal targets, allowed deployment cells). Its rows, columns and cell names are those of
the view's geometry."""

from __future__ import annotations

from enum import Enum

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from berserk_tui.engine import CLASSIC_BOARD, GameState, Geometry
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


def screen_to_cell(geo: Geometry, sr: int, sc: int, flipped: bool) -> int:
    """The cell shown at screen row `sr` (0 = top) and column `sc` (0 = left)."""
    if flipped:
        return geo.cell_of(sr, geo.cols - 1 - sc)
    return geo.cell_of(geo.rows - 1 - sr, sc)


def cell_to_screen(geo: Geometry, cell: int, flipped: bool) -> tuple[int, int]:
    row, col = divmod(cell, geo.cols)
    if flipped:
        return row, geo.cols - 1 - col
    return geo.rows - 1 - row, col


class Board(Widget, can_focus=True):
    """The battlefield; posts `Board.Selected` on Enter/click and `Board.CursorMoved` as the cursor moves."""

    COMPONENT_CLASSES = {
        "board--own", "board--ally", "board--enemy", "board--hidden", "board--empty", "board--empty-alt",
        "board--cursor", "board--move", "board--target", "board--allowed", "board--selected", "board--closed",
        "board--label", "board--current", "board--actor", "board--affected",
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
    def geo(self) -> Geometry:
        return self.view.geo if self.view is not None else CLASSIC_BOARD

    @property
    def flipped(self) -> bool:
        """A player whose rows are at the top of the board (the second, in a duel) sees it turned around."""
        v = self.view
        return v is not None and v.first != -1 and v.geo.flipped(v.place(self.seat))

    def show(self, view: GameState, seat: int, marks: dict[int, Mark] | None = None, lang: str = "ru") -> None:
        self.view, self.seat, self.lang = view, seat, lang
        self.marks = marks or {}
        self.refresh()

    def set_marks(self, marks: dict[int, Mark]) -> None:
        self.marks = marks
        self.refresh()

    def home(self, rank: int = 0) -> None:
        """Put the cursor on the middle of the viewer's row `rank` (0: his front row)."""
        v = self.view
        area = self.geo.areas[0 if v is None or v.first == -1 else v.place(self.seat)]
        self.cursor = self.geo.cell_of(area.rows[rank], area.cols[len(area.cols) // 2])

    # --- keys and mouse -------------------------------------------------------------------------
    def action_cursor(self, drow: int, dcol: int) -> None:
        geo = self.geo
        sr, sc = cell_to_screen(geo, self.cursor, self.flipped)
        sr = min(max(sr + drow, 0), geo.rows - 1)
        sc = min(max(sc + dcol, 0), geo.cols - 1)
        self.cursor = screen_to_cell(geo, sr, sc, self.flipped)

    def action_select(self) -> None:
        self.post_message(self.Selected(self, self.cursor))

    def watch_cursor(self, cell: int) -> None:
        self.post_message(self.CursorMoved(self, cell))

    def on_click(self, event: events.Click) -> None:
        w, h = self._tile_size()
        margin = self._margin
        sc, sr = (event.x - margin) // (w + 1), (event.y - 1) // h
        if 0 <= sr < self.geo.rows and 0 <= sc < self.geo.cols and event.x >= margin:
            self.cursor = screen_to_cell(self.geo, sr, sc, self.flipped)
            self.action_select()

    # --- drawing ----------------------------------------------------------------------------------
    @property
    def _margin(self) -> int:
        """The width of the rank names on the left, with a space."""
        return len(self.geo.rank_name(self.geo.rows - 1)) + 1

    def _tile_size(self) -> tuple[int, int]:
        width = max((self.size.width - self._margin) // self.geo.cols - 1, 6)
        height = max(min((self.size.height - 1) // self.geo.rows, 4), 1)
        return width, height

    def render(self) -> Text:
        w, h = self._tile_size()
        label = self.get_component_rich_style("board--label")
        flipped, geo, margin = self.flipped, self.geo, self._margin
        out = Text(no_wrap=True, overflow="crop")
        files = geo.files[::-1] if flipped else geo.files
        out.append(" " * margin + "".join(f.center(w + 1) for f in files).rstrip() + "\n", label)
        on_cells = cell_marks(self.view) if self.view is not None else {}
        for sr in range(geo.rows):
            cells = [screen_to_cell(geo, sr, sc, flipped) for sc in range(geo.cols)]
            tiles = [self._tile(cell, w, h, on_cells.get(cell, "")) for cell in cells]
            for line in range(h):
                rank = geo.rank_name(geo.row_of(cells[0])) if line == h // 2 else ""
                out.append(rank.ljust(margin), label)
                for sc, (lines, style) in enumerate(tiles):
                    out.append(lines[line].ljust(w)[:w], style)
                    if sc < geo.cols - 1:
                        out.append(" ")
                if sr < geo.rows - 1 or line < h - 1:
                    out.append("\n")
        return out

    def _tile(self, cell: int, w: int, h: int, on_cell: str) -> tuple[list[str], Style]:
        v = self.view
        uid = card_at(v, cell) if v is not None else -1
        if uid >= 0:
            assert v is not None
            lines = tile_lines(v, uid, w, h, self.lang, on_cell)
            c = v.cards[uid]
            base = "board--hidden" if c.card_id is None else "board--own" if c.owner == self.seat \
                else "board--enemy" if v.seats.enemy(c.owner, self.seat) else "board--ally"
            style = self.get_component_rich_style(base)
            if c.closed:
                style += self.get_component_rich_style("board--closed")
        else:
            lines = [""] * h
            lines[h // 2] = (on_cell or "·").center(w)
            row, col = divmod(cell, self.geo.cols)
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
