"""Pilot tests: where the keyboard focus goes in a choice other than the main one."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.choices import spot_of
from berserk_tui.ui.screens.battle import BattleScreen
from berserk_tui.ui.widgets.board import Board, card_at

from .conftest import bot_setup, make_app
from .driver import arrow_to, settle
from .scenes import advance


def my_side_choice(app: BerserkApp) -> bool:
    """The viewer must answer a choice of the battle other than the main one."""
    m = app.match
    return m is not None and not m.over and m.state.phase == "battle" and m.to_move == app.viewer \
        and m.state.pending.kind != "main" and len(m.legal()) > 1


async def test_enter_on_the_board_after_escape_returns_to_the_options(home: Path) -> None:
    app = make_app(bot_setup(seed=3, opponent="greedy"))
    async with app.run_test(size=(100, 30)) as pilot:
        await advance(pilot, my_side_choice, seed=4)
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        menu = screen.query_one("#actions", OptionList)
        assert app.focused is menu                       # a new choice puts the focus on its options
        await pilot.press("escape")
        board = screen.query_one(Board)
        assert app.focused is board
        v = app.match.view(app.viewer)                   # type: ignore[union-attr]
        pointed = {spot_of(v, a) for a in screen.menu_actions}
        empty = next(c for c in range(30) if card_at(v, c) < 0 and ("cell", c) not in pointed)
        await arrow_to(pilot, board, empty)
        asked = (app.match.state.seq, app.match.state.pending.kind)   # type: ignore[union-attr]
        await pilot.press("enter")                       # a cell no option points at
        await pilot.pause()
        assert app.focused is menu
        assert (app.match.state.seq, app.match.state.pending.kind) == asked   # nothing was played
        await pilot.press("enter")                       # the highlighted option is answered
        await settle(pilot)
        assert app.match.actions and (app.match.state.seq, app.match.state.pending.kind) != asked
