"""Pilot tests: in deployment Esc on the board gives up the picked card and goes back to the squad list,
and the footer says what Enter and Esc do while the board has the focus."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from berserk_tui.ui.screens.deploy import DeployScreen
from berserk_tui.ui.widgets.board import Board
from berserk_tui.ui.widgets.footer import Footer

from .conftest import bot_setup, make_app
from .driver import settle
from .scenes import advance, phase_is


def footer(screen: DeployScreen) -> list[tuple[str, str]]:
    bar = screen.query_one(Footer)
    return [(hint.key, label) for hint, label in bar.line(bar.size.width)]


async def test_escape_on_the_board_goes_back_to_the_squad(home: Path) -> None:
    app = make_app(bot_setup(seed=4))
    async with app.run_test(size=(100, 30)) as pilot:
        await advance(pilot, phase_is("deploy"))
        screen = app.screen
        assert isinstance(screen, DeployScreen)
        hand, board = screen.query_one("#hand", OptionList), screen.query_one(Board)
        assert app.focused is hand
        assert footer(screen)[0] == ("enter", "выбрать карту")
        played = len(app.match.actions)  # type: ignore[union-attr]
        await pilot.press("down", "enter")                   # pick the second card of the squad
        await pilot.pause()
        assert app.focused is board
        assert footer(screen)[:2] == [("enter", "поставить"), ("esc", "к отряду")]
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is hand and hand.highlighted == 1
        assert len(app.match.actions) == played  # type: ignore[union-attr]
        assert isinstance(app.screen, DeployScreen)
        hints = footer(screen)
        assert hints[0] == ("enter", "выбрать карту") and "esc" not in [key for key, _ in hints]
        await pilot.press("enter", "enter")                  # pick it again and place it
        await settle(pilot)
        assert len(app.match.actions) == played + 1  # type: ignore[union-attr]


async def test_the_board_keys_in_english(home: Path) -> None:
    app = make_app(bot_setup(seed=4), lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await advance(pilot, phase_is("deploy"))
        await pilot.press("enter")
        await pilot.pause()
        assert footer(app.screen)[:2] == [("enter", "place it"), ("esc", "to the squad")]  # type: ignore[arg-type]
