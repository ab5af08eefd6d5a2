"""Battlefield geometry as data: a board of rows × columns, cells numbered row * cols + col, and the
area of each place in the turn order (the first player's, the second's, …).

`CLASSIC_BOARD` is the 6×5 board of the duel: row 0 is the first player's back row (rank 1), row 2 his front
row, row 3 the second player's front row and row 5 his back row; column 0 is file ``a``. A `Geometry`
precomputes its distances and neighbour tables once, so the hot paths read tuples.
"""

from __future__ import annotations

from functools import cache
from string import ascii_lowercase
from typing import Any, NamedTuple

NO_CELL = -1


class Area(NamedTuple):
    """The part of the board of one place in the turn order (0 = the seat that goes first)."""
    rows: tuple[int, int, int]    # the absolute rows of its 1st (front), 2nd and 3rd (back) rows
    cols: tuple[int, ...]         # its columns, ascending
    first: bool                   # deploys as the first player (the centre first) rather than as the second
    #                               (the front row first; a second player may keep his back row face down)


class Geometry:
    """A board and its areas; equal geometries have equal `spec()`s."""

    __slots__ = ("rows", "cols", "cells", "files", "areas", "distances", "ranges", "around", "orthogonal",
                 "diagonals", "front_rows", "tiers", "tier_of", "relative", "ahead")

    def __init__(self, rows: int, cols: int, areas: tuple[Area, ...], files: str = "") -> None:
        self.rows, self.cols, self.cells = rows, cols, rows * cols
        self.files = files or ascii_lowercase[:cols]
        self.areas = tuple(Area(tuple(a.rows), tuple(a.cols), bool(a.first)) for a in areas)
        if len(self.files) != cols or len(set(self.files)) != cols or not self.files.isalpha():
            raise ValueError(f"{cols} distinct file letters expected, got {self.files!r}")
        for a in self.areas:
            if len(a.rows) != 3 or len(set(a.rows)) != 3 or not all(0 <= r < rows for r in a.rows) \
                    or abs(a.rows[0] - a.rows[2]) != 2 or not a.cols or not all(0 <= c < cols for c in a.cols):
                raise ValueError(f"area {a} does not fit a {rows}×{cols} board")
        span = range(self.cells)
        self.distances = tuple(   # distances[a][b]: Chebyshev, a diagonal step counting as one («рядом» = 1)
            tuple(max(abs(a // cols - b // cols), abs(a % cols - b % cols)) for b in span) for a in span)
        self.ranges = tuple(      # ranges[a][b]: Manhattan, orthogonal steps only (дальность)
            tuple(abs(a // cols - b // cols) + abs(a % cols - b % cols) for b in span) for a in span)
        self.orthogonal = tuple(self._neighbours(c, False) for c in span)
        self.around = tuple(self._neighbours(c, True) for c in span)
        self.diagonals = self._diagonals()
        self.front_rows = tuple(sorted({a.rows[0] for a in self.areas}))
        self.tiers = tuple(self._tiers(a) for a in self.areas)
        # tier_of[place][cell]: the index of the place's deployment tier holding the cell, -1 for none
        self.tier_of = tuple(tuple(next((k for k, tier in enumerate(tiers) if c in tier), -1) for c in span)
                             for tiers in self.tiers)
        self.relative = cache(self._relative)
        # ahead[place][cell]: the cell one row forward of `cell` as that place's player sees it («напротив»)
        self.ahead = tuple(tuple(self._relative(c, p, 1, 0) for c in span) for p in range(len(self.areas)))

    def __reduce__(self) -> tuple:
        """Pickled as its constructor's arguments (the tables and the `relative` cache are rebuilt): the
        simulator sends rules to its worker processes."""
        return Geometry, (self.rows, self.cols, self.areas, self.files)

    # --- cells and names ----------------------------------------------------------------------------
    def cell_of(self, row: int, col: int) -> int:
        return row * self.cols + col

    def row_of(self, cell: int) -> int:
        return cell // self.cols

    def col_of(self, cell: int) -> int:
        return cell % self.cols

    def cell_name(self, cell: int) -> str:
        """Chess-like name: the file letter, then the rank from 1 (row 0)."""
        return self.files[cell % self.cols] + str(cell // self.cols + 1)

    def rank_name(self, row: int) -> str:
        return str(row + 1)

    def is_cell_name(self, text: str) -> bool:
        return (len(text) >= 2 and text[0] in self.files and text[1:].isascii() and text[1:].isdigit()
                and text[1] != "0" and int(text[1:]) <= self.rows)

    def parse_cell(self, name: str) -> int:
        name = name.strip().lower()
        if not self.is_cell_name(name):
            last = self.cell_name(self.cells - 1)
            raise ValueError(f"bad cell name {name!r}: expected {self.files[0]}1..{last}")
        return self.cell_of(int(name[1:]) - 1, self.files.index(name[0]))

    # --- distances ------------------------------------------------------------------------------------
    def chebyshev(self, a: int, b: int) -> int:
        """Distance counting diagonal steps as one (1 = «стоящая рядом»)."""
        return self.distances[a][b]

    def manhattan(self, a: int, b: int) -> int:
        """Range (дальность): orthogonal steps only."""
        return self.ranges[a][b]

    def on_edge(self, cell: int) -> bool:
        """«Стоящие у края поля»: a cell of the first or last row or of an outer column."""
        return cell // self.cols in (0, self.rows - 1) or cell % self.cols in (0, self.cols - 1)

    # --- areas (by place in the turn order) ---------------------------------------------------------------
    def own_rows(self, place: int) -> tuple[int, int, int]:
        """Absolute rows of a place's 1st (front), 2nd and 3rd (back) rows."""
        return self.areas[place].rows

    def forward(self, place: int) -> int:
        """Row step towards the enemy from this place's point of view."""
        rows = self.areas[place].rows
        return 1 if rows[0] > rows[2] else -1

    def flipped(self, place: int) -> bool:
        """Is the board shown turned around to this place's player, so that his rows are at the bottom (row 0
        is drawn at the bottom)?"""
        return self.forward(place) < 0

    def deployment_tiers(self, place: int) -> tuple[tuple[int, ...], ...]:
        """Cells a place fills in order: a tier opens only when the previous ones are full."""
        return self.tiers[place]

    def _relative(self, cell: int, place: int, ahead: int, right: int) -> int:
        """The cell `ahead` rows forward and `right` columns to the right, as the player of `place` sees it."""
        step = self.forward(place)        # facing the higher rows, a player's right is the higher columns
        r, c = cell // self.cols + ahead * step, cell % self.cols + right * step
        return r * self.cols + c if 0 <= r < self.rows and 0 <= c < self.cols else NO_CELL

    # --- building ---------------------------------------------------------------------------------------
    def _neighbours(self, cell: int, diagonal: bool) -> tuple[int, ...]:
        r, c = divmod(cell, self.cols)
        out = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr, dc) == (0, 0) or (not diagonal and dr and dc):
                    continue
                rr, cc = r + dr, c + dc
                if 0 <= rr < self.rows and 0 <= cc < self.cols:
                    out.append(rr * self.cols + cc)
        return tuple(out)

    def _diagonals(self) -> tuple[tuple[int, ...], ...]:
        """The diagonal lines of two or more cells: first those along row − col, then along row + col."""
        rows, cols, span = self.rows, self.cols, range(self.cells)
        lines = [tuple(c for c in span if c // cols - c % cols == k) for k in range(-(cols - 1), rows)]
        lines += [tuple(c for c in span if c // cols + c % cols == k) for k in range(rows + cols - 1)]
        return tuple(line for line in lines if len(line) > 1)

    def _tiers(self, area: Area) -> tuple[tuple[int, ...], ...]:
        """The first player fills the central 3×3 of his area, then the flanks of his 2nd and 3rd rows, then
        the corners of his front row; the second player his front row and the centre, then the flanks."""
        front, second, back = area.rows
        mid = len(area.cols) // 2
        centre = area.cols[max(mid - 1, 0):mid + 2]
        flank = tuple(c for c in area.cols if c not in centre)
        at = self.cell_of
        if area.first:
            return (tuple(at(r, c) for r in (front, second, back) for c in centre),
                    tuple(at(r, c) for r in (second, back) for c in flank),
                    tuple(at(front, c) for c in flank))
        return (tuple(at(front, c) for c in area.cols) + tuple(at(r, c) for r in (second, back) for c in centre),
                tuple(at(r, c) for r in (second, back) for c in flank))

    # --- identity and encoding --------------------------------------------------------------------------
    def spec(self) -> list[Any]:
        """What builds this geometry again (`from_spec`), for the state encoding."""
        return [self.rows, self.cols, self.files, [[list(a.rows), list(a.cols), a.first] for a in self.areas]]

    @classmethod
    def from_spec(cls, spec: Any) -> Geometry:
        rows, cols, files, areas = spec
        return cls(rows, cols, tuple(Area(tuple(r), tuple(c), f) for r, c, f in areas), files)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Geometry) and self.spec() == other.spec())

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self.files, self.areas))

    def __repr__(self) -> str:
        return f"Geometry({self.rows}×{self.cols}, {len(self.areas)} areas)"


CLASSIC_BOARD = Geometry(6, 5, (Area((2, 1, 0), (0, 1, 2, 3, 4), True), Area((3, 4, 5), (0, 1, 2, 3, 4), False)))
"""The duel's board: 6 rows of 5 cells, the first player's half at rows 0–2."""
