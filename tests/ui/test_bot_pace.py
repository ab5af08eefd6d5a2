"""Pilot tests of the bot's pace in battle: it waits `bot_delay_ms` before each action so it can be followed,
`n` (or Enter on the board) lets it act at once, and while it plays the board marks the card that acted and the
one it went for, and the prompt box says what happened last."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from berserk_tui.engine import Action, GameState
from berserk_tui.engine import actions as act
from berserk_tui.engine.geometry import CLASSIC_BOARD
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.widgets.board import Board, Mark
from berserk_tui.ui.widgets.footer import Footer
from berserk_tui.userdata import Settings
from tests.engine.strike_play import card

from .positions import open_position

DELAY_MS = 3000
# The bot's Гиртан (c4) faces the human's closed Гиртан (c3): one strike, no counter, nothing for the human to decide.
CARDS = (card("Гиртан", 0, "c3", "H", closed=True), card("Гиртан", 1, "c4", "X"), card("Лирайн", 0, "a1", "P"))


def striker(v: GameState, legal: list[Action]) -> Action:
    """The bot: strike if it can, else end the turn."""
    return next((a for a in legal if isinstance(a, act.Strike)), act.EndTurn())


async def until(pilot: Pilot, done: Callable[[], bool], seconds: float) -> bool:
    """Let the app run until `done()` or `seconds` have passed; whether it is done."""
    end = time.monotonic() + seconds
    while not done() and time.monotonic() < end:
        await pilot.pause(0.02)
    return done()


def slow_app() -> BerserkApp:
    return BerserkApp(settings=Settings(bot_delay_ms=DELAY_MS))


@pytest.mark.parametrize(("key", "size"), [("n", (100, 30)), ("enter", (80, 24))])
async def test_a_key_lets_the_waiting_bot_act_at_once(key: str, size: tuple[int, int]) -> None:
    """The bot waits its pause (the footer offers `n`); `n`, or Enter on the board, makes it act before the pause
    is over; then it waits again before its next action."""
    app = slow_app()
    async with app.run_test(size=size) as pilot:
        started = time.monotonic()
        await open_position(pilot, *CARDS, active=1, bot=striker, wait=False)
        m = app.match
        assert m is not None
        assert not await until(pilot, lambda: bool(m.actions), 0.3)      # the bot waits
        assert app.bot_waiting and app.focused is app.screen.query_one(Board)
        footer = app.screen.query_one(Footer)
        assert "n" in [hint.key for hint, _ in footer.line(footer.size.width)]
        await pilot.press(key)
        assert await until(pilot, lambda: bool(m.actions), 1.0)
        assert time.monotonic() - started < DELAY_MS / 1000                # before its pause was over
        assert isinstance(m.actions[0], act.Strike)
        assert await until(pilot, lambda: app.bot_waiting, 1.0)            # and waits again before its next action
        assert len(m.actions) == 1


async def test_the_bots_last_action_is_shown_while_it_plays() -> None:
    """After the bot's strike, while it waits for its next action: its striker is marked as the actor and the
    struck card as affected, and the prompt box shows the log's last line."""
    app = slow_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_position(pilot, *CARDS, active=1, bot=striker, wait=False)
        m = app.match
        assert m is not None
        await pilot.press("n")
        assert await until(pilot, lambda: bool(m.actions) and app.bot_waiting, 1.0)
        marks = app.screen.query_one(Board).marks
        assert marks.get(CLASSIC_BOARD.parse_cell("c4")) is Mark.ACTOR
        assert marks.get(CLASSIC_BOARD.parse_cell("c3")) is Mark.AFFECTED
        last = app.logs[0][-1]
        assert last in str(app.screen.query_one("#prompt", Static).render())
