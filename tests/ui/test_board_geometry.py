"""The board widget and the text board read the view's geometry: seed 003's four-seat 10×6 board shows ten
files and six ranks, turned around for the players whose rows are at the top."""

from __future__ import annotations

import random

from textual.app import App, ComposeResult

from berserk_tui.engine import GameState, new_game, view
from berserk_tui.textplay import board_text
from berserk_tui.ui.widgets.board import Board
from cards.decks import RECORDED_SETS, builtin_decks
from cards.loader import load_all
from tests.four_seats import GEOMETRY, four_seat_rules

DB = load_all()


def deploying() -> GameState:
    """A four-seat game at its deployment (squads given, seat 0 first), nothing placed yet."""
    decks = random.Random(3).sample([list(d.cards) for d in builtin_decks(DB, RECORDED_SETS)], 4)
    return new_game(DB, decks, four_seat_rules(40), squads=[d[:3] for d in decks], first=0)[0]


class BoardApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Board()


def ranks_and_files(text: str) -> tuple[list[str], list[str]]:
    """The file letters of the header and the rank names down the left, top to bottom."""
    header, *rows = text.splitlines()
    return [line.split()[0] for line in rows if line[:1].strip()], header.split()


async def test_the_board_widget_draws_the_geometry_of_its_view() -> None:
    state = deploying()
    app = BoardApp()
    async with app.run_test(size=(140, 40)) as pilot:
        board = app.query_one(Board)
        for seat, flipped in ((0, False), (1, True), (2, False), (3, True)):
            board.show(view(state, seat), seat)
            await pilot.pause()
            ranks, files = ranks_and_files(board.render().plain)
            assert board.flipped == flipped
            assert files == list(GEOMETRY.files[::-1] if flipped else GEOMETRY.files)
            assert ranks == [GEOMETRY.rank_name(r) for r in (range(6) if flipped else range(5, -1, -1))]
            assert all(line.count("·") == GEOMETRY.cols for line in board.render().plain.splitlines()[1:]
                       if line[:1].strip())               # an empty tile on each of the ten columns
            board.home()
            area = GEOMETRY.areas[state.place(seat)]
            assert GEOMETRY.row_of(board.cursor) == area.rows[0] and GEOMETRY.col_of(board.cursor) == area.cols[2]


def test_the_text_board_draws_the_geometry_of_its_view() -> None:
    state = deploying()
    for seat in range(4):
        text = board_text(view(state, seat), seat, "en")
        lines = text.splitlines()
        flipped = GEOMETRY.flipped(state.place(seat))
        assert lines[0].split() == list(GEOMETRY.files[::-1] if flipped else GEOMETRY.files)
        ranks = [line.split()[0] for line in lines[1:GEOMETRY.rows + 1]]
        assert ranks == [GEOMETRY.rank_name(r) for r in (range(6) if flipped else range(5, -1, -1))]
        assert all(line.count("·") == GEOMETRY.cols for line in lines[1:GEOMETRY.rows + 1])
