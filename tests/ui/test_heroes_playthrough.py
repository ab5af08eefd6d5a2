"""What playing «Берсерк. Герои» through as a user found: the menu, the help pages and the words of its screens."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from berserk_tui.ui.screens.menu import MenuScreen

from .conftest import make_app
from .driver import settle


async def test_the_menu_offers_no_classic_first_game_for_heroes(home: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        menu = app.screen.query_one("#menu", OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert "first_game" in ids
        await pilot.press("up", "enter", "enter")       # classic → board game → «Берсерк. Герои»
        assert app.rules == "heroes"
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert "first_game" not in ids and ids[:3] == ["game", "vs_bot", "hotseat"]
