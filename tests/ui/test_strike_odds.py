"""Pilot tests of the strike dialog: the odds show the wounds that land and what armor or protection stops."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import DataTable, Static

from berserk_tui.engine.actions import Strike
from berserk_tui.engine.game import Game
from berserk_tui.engine.rng import SeededSource
from berserk_tui.match import Match
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.screens.strike_confirm import StrikeConfirmScreen
from tests.engine.strike_play import board, card

from .conftest import bot_setup, make_app


async def shown(app: BerserkApp, pilot: Any, *cards: dict[str, Any]) -> list[list[str]]:
    """Open the strike dialog of A at T on a board of `cards`; the rows of its odds table as text."""
    state, labels = board(*cards)
    app.match = Match(bot_setup(), Game(state, SeededSource(1)))
    await app.push_screen(StrikeConfirmScreen(Strike(labels["A"], labels["T"])))
    await pilot.pause()
    table = app.screen.query_one("#odds", DataTable)
    assert table.virtual_size.width <= table.size.width, "the odds table does not fit its box"
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


@pytest.mark.parametrize(("lang", "weak", "counter"), [
    ("ru", "слабый −1 (броня 1)", "средний −3"),
    ("en", "weak −1 (armor 1)", "medium −3"),
])
async def test_the_odds_show_the_wounds_after_armor(lang: str, weak: str, counter: str) -> None:
    """Клок Мудрый (2-2-3) at Храмовник (Броня 1): a weak hit takes 1 life; Храмовник's counter meets no armor."""
    app = make_app(lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        rows = await shown(app, pilot, card("Клок Мудрый", 0, "c3", "A"), card("Храмовник", 1, "c4", "T"))
        assert [weak, counter] in [[row[1].removesuffix(" *"), row[2]] for row in rows]


async def test_both_armors_fit_the_box() -> None:
    """Храмовник at Храмовник: armor on both columns and exchanges, the widest table, still fits 64 columns."""
    app = make_app(lang="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        rows = await shown(app, pilot, card("Храмовник", 0, "c3", "A"), card("Храмовник", 1, "c4", "T"))
        assert any(row[1] == "сильный −3 (броня 1) *" and row[2] == "слабый −1 (броня 1)" for row in rows)
        notes = [str(w.render()) for w in app.screen.query(Static)]
        assert any("Обмен ударами" in n for n in notes)


async def test_a_blocked_strike_says_so() -> None:
    app = make_app(lang="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        state, labels = board(card("Лирайн", 0, "c3", "A"), card("Ифрит", 1, "c4", "T"))
        app.match = Match(bot_setup(), Game(state, SeededSource(1)))
        await app.push_screen(StrikeConfirmScreen(Strike(labels["A"], labels["T"])))
        await pilot.pause()
        assert not app.screen.query("#odds")
        assert any("блокирует" in str(w.render()) for w in app.screen.query(Static))
