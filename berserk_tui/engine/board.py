"""Battlefield geometry: 6 rows x 5 columns, cells numbered row * 5 + col.

Row 0 is the first player's back row (rank 1 in scenario notation), row 2 his front row,
row 3 the second player's front row and row 5 his back row. Column 0 is file ``a``.
"""

from __future__ import annotations

from functools import cache

ROWS = 6
COLS = 5
CELLS = ROWS * COLS
NO_CELL = -1


def cell_of(row: int, col: int) -> int:
    return row * COLS + col


def row_of(cell: int) -> int:
    return cell // COLS


def col_of(cell: int) -> int:
    return cell % COLS


def cell_name(cell: int) -> str:
    """Chess-like name: file a-e, rank 1-6 from the first player's back row."""
    return "abcde"[col_of(cell)] + str(row_of(cell) + 1)


def parse_cell(name: str) -> int:
    name = name.strip().lower()
    if len(name) != 2 or name[0] not in "abcde" or name[1] not in "123456":
        raise ValueError(f"bad cell name {name!r}: expected a1..e6")
    return cell_of(int(name[1]) - 1, "abcde".index(name[0]))


DISTANCES = tuple(   # DISTANCES[a][b] == chebyshev(a, b), for hot loops
    tuple(max(abs(a // COLS - b // COLS), abs(a % COLS - b % COLS)) for b in range(CELLS))
    for a in range(CELLS))
_MANH = tuple(tuple(abs(a // COLS - b // COLS) + abs(a % COLS - b % COLS) for b in range(CELLS))
              for a in range(CELLS))


def chebyshev(a: int, b: int) -> int:
    """Distance counting diagonal steps as one (1 = «стоящая рядом»)."""
    return DISTANCES[a][b]


def manhattan(a: int, b: int) -> int:
    """Range (дальность): orthogonal steps only."""
    return _MANH[a][b]


def _neighbours(cell: int, diagonal: bool) -> tuple[int, ...]:
    r, c = row_of(cell), col_of(cell)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr, dc) == (0, 0) or (not diagonal and dr and dc):
                continue
            rr, cc = r + dr, c + dc
            if 0 <= rr < ROWS and 0 <= cc < COLS:
                out.append(cell_of(rr, cc))
    return tuple(out)


ORTHOGONAL = tuple(_neighbours(c, False) for c in range(CELLS))
AROUND = tuple(_neighbours(c, True) for c in range(CELLS))


def own_rows(first: bool) -> tuple[int, int, int]:
    """Absolute rows of a player's 1st (front), 2nd and 3rd (back) rows."""
    return (2, 1, 0) if first else (3, 4, 5)


def forward(first: bool) -> int:
    """Row step towards the opponent from this player's point of view."""
    return 1 if first else -1


@cache
def relative(cell: int, first: bool, ahead: int, right: int) -> int:
    """The cell `ahead` rows forward and `right` columns to the right, as its controller sees it."""
    r = row_of(cell) + ahead * forward(first)
    c = col_of(cell) + (right if first else -right)
    if 0 <= r < ROWS and 0 <= c < COLS:
        return cell_of(r, c)
    return NO_CELL


@cache
def deployment_tiers(first: bool) -> tuple[tuple[int, ...], ...]:
    """Cells a player fills in order: a tier opens only when the previous ones are full."""
    front, second, back = own_rows(first)
    if first:
        centre = tuple(cell_of(r, c) for r in (front, second, back) for c in (1, 2, 3))
        flanks = tuple(cell_of(r, c) for r in (second, back) for c in (0, 4))
        corners = (cell_of(front, 0), cell_of(front, 4))
        return centre, flanks, corners
    main = tuple(cell_of(front, c) for c in range(COLS)) + tuple(
        cell_of(r, c) for r in (second, back) for c in (1, 2, 3)
    )
    rest = tuple(cell_of(r, c) for r in (second, back) for c in (0, 4))
    return main, rest


def _diagonals() -> tuple[tuple[int, ...], ...]:
    """The diagonal lines of two or more cells: first those along row − col, then along row + col."""
    lines = [tuple(c for c in range(CELLS) if row_of(c) - col_of(c) == k) for k in range(-(COLS - 1), ROWS)]
    lines += [tuple(c for c in range(CELLS) if row_of(c) + col_of(c) == k) for k in range(ROWS + COLS - 1)]
    return tuple(line for line in lines if len(line) > 1)


DIAGONALS = _diagonals()
