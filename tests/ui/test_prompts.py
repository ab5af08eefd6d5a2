"""Pilot tests of what the battle screen says: the details at the battle's start show the card under the cursor,
the prompt box shows the whole decision text at 80×24, and `i` opens a card's whole text when its pane cuts it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.widgets import Static

from berserk_tui.engine.geometry import CLASSIC_BOARD
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.screens.battle import BattleScreen
from berserk_tui.ui.screens.card_text import CardTextScreen
from berserk_tui.ui.screens.order import OrderScreen
from berserk_tui.ui.widgets.board import Board, card_at
from berserk_tui.ui.widgets.card_detail import CardDetail, card_state_text
from berserk_tui.ui.widgets.footer import Footer
from tests.engine.strike_play import card
from tests.prompt_states import Position, ability_text, avenge, concentration, heal_jump

from .conftest import bot_setup, make_app
from .driver import arrow_to, settle
from .positions import open_position, open_state


async def test_the_details_at_the_battles_start_show_the_card_under_the_cursor() -> None:
    """Seed 7 against «greedy», the human goes first and F9 makes his purchase and deployment: the battle opens
    with the cursor on Гиртан (c3), and the details show Гиртан (they said «Пустая клетка.»)."""
    app = make_app(bot_setup(seed=7, opponent="greedy"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, OrderScreen)
        await pilot.press("enter")                 # go first
        await settle(pilot)
        for _ in range(40):
            if isinstance(app.screen, BattleScreen):
                break
            await pilot.press("enter" if isinstance(app.screen, OrderScreen) else "f9")
            await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BattleScreen) and app.match is not None and app.match.state.first == 0
        v = app.match.view(0)
        cursor = screen.query_one(Board).cursor
        uid = card_at(v, cursor)
        assert uid >= 0, f"no card under the cursor at {CLASSIC_BOARD.cell_name(cursor)}"
        detail = screen.query_one(CardDetail).text.plain
        assert detail == card_state_text(v, uid, 0, app.lang).plain
        assert f"· {CLASSIC_BOARD.cell_name(cursor)}" in detail


def prompt_fits(app: BerserkApp) -> tuple[bool, str]:
    """Does the prompt box show all of its text (no line cut off at its bottom)? And the text."""
    prompt = app.screen.query_one("#prompt", Static)
    needed = prompt.get_content_height(prompt.size, app.size, prompt.content_size.width)
    return needed <= prompt.content_size.height, str(prompt.render())


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("make", [
    concentration,
    heal_jump,
    avenge,          # 11 lines in Russian, 12 in English at 80×24
])
async def test_the_prompt_box_shows_the_whole_decision_at_80x24(make: Callable[[], Position], lang: str) -> None:
    """A prompt naming an ability with its whole text is not cut at the bottom of its box."""
    state, _ = make()
    app = make_app(lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_state(pilot, state)
        fits, text = prompt_fits(app)
        assert text == app.describer().decision()
        assert ability_text(state, lang) in text
        assert fits, text


async def test_i_opens_the_whole_text_of_a_card_its_pane_cuts() -> None:
    """At 80×24 the details of Клок Мудрый are cut: the footer offers `i`, which shows the whole text; Esc closes
    it. Over an empty cell the details fit and `i` is not offered."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_position(pilot, card("Клок Мудрый", 0, "c3", "K"), card("Горбун", 1, "c4", "T"))
        screen = app.screen
        footer, detail = screen.query_one(Footer), screen.query_one(CardDetail)

        def offered() -> bool:
            return "i" in [hint.key for hint, _ in footer.line(footer.size.width)]

        await arrow_to(pilot, screen.query_one(Board), CLASSIC_BOARD.parse_cell("a1"))
        await pilot.pause()
        assert not detail.is_cut and not offered()
        await arrow_to(pilot, screen.query_one(Board), CLASSIC_BOARD.parse_cell("c3"))
        await pilot.pause()
        assert detail.is_cut and offered()
        assert "Клок Мудрый" in detail.text.plain
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, CardTextScreen)
        assert app.screen.text.plain == detail.text.plain
        assert "Варево из котла" in app.screen.text.plain
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
