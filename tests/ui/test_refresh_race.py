"""A refresh of the current game screen that comes before the screen is composed (a network tick in the moment
a screen is switched in) waits for the screen's own mount instead of failing on widgets not there yet."""

from __future__ import annotations

from pathlib import Path

from berserk_tui.ui.screens import game_screen

from .conftest import bot_setup, make_app
from .driver import settle


async def test_a_refresh_before_the_screen_is_composed_does_not_fail(home: Path) -> None:
    app = make_app(bot_setup())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        current = app._game_screen()
        assert current is not None
        fresh = game_screen(current.phase_name)
        mounting = app.switch_screen(fresh)
        assert app.screen is fresh and not fresh.is_mounted
        app._show_phase()                       # what a tick does now: refresh the screen of this phase
        await mounting
        await settle(pilot)
        assert app.screen is fresh and fresh.query("Static")
    assert app.return_code in (None, 0)
