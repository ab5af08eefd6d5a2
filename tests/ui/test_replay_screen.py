"""Pilot tests of the replay screen: stepping, turn jumps, the ends, autoplay, whose eyes, the
board cursor, the footer at 80 columns, leaving."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import RichLog, Static

from berserk_tui.replay import FULL, Replay, load_replay
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.screens import replay as replay_screen
from berserk_tui.ui.screens.menu import MenuScreen
from berserk_tui.ui.screens.replay import ReplayScreen
from berserk_tui.ui.widgets.board import Board
from berserk_tui.ui.widgets.card_detail import CardDetail
from berserk_tui.ui.widgets.footer import Footer
from berserk_tui.userdata import Settings
from tests.replay_files import DB, played_save


def watch(replay: Replay, lang: str = "ru") -> BerserkApp:
    return BerserkApp(db=DB, settings=Settings(lang=lang, bot_delay_ms=0), screen=ReplayScreen(replay))


@pytest.fixture
def replay(tmp_path: Path) -> Replay:
    played_save(tmp_path / "autosave.json")
    return load_replay(DB, tmp_path / "autosave.json")


def text(screen: ReplayScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def test_step_through_a_game_and_leave(replay: Replay) -> None:
    app = watch(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.index == 0
        assert text(screen, "#status").startswith(f"Шаг 0 из {replay.last} · подготовка · начало партии")
        await pilot.press("right", "right", "right")
        assert screen.index == 3
        await pilot.press("left")
        assert screen.index == 2
        assert text(screen, "#status").startswith(f"Шаг 2 из {replay.last}")
        await pilot.press("end")
        assert screen.index == replay.last
        assert text(screen, "#status").startswith(f"Шаг {replay.last} из {replay.last} · ход 3")
        await pilot.press("right")                 # nothing after the end
        assert screen.index == replay.last
        log = screen.query_one("#replay-log", RichLog)
        assert any("Ход 4" in line.text for line in log.lines)
        await pilot.press("home")
        assert screen.index == 0
        await pilot.press("q")
        assert isinstance(app.screen, MenuScreen)


async def test_turn_jumps_and_the_view(replay: Replay) -> None:
    app = watch(replay, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("pagedown")
        first = replay.next_turn(0)
        assert screen.index == first
        await pilot.press("shift+right")
        assert screen.index == replay.next_turn(first)
        await pilot.press("pageup", "shift+left")
        assert screen.index == 0
        assert screen.mode == replay.owner == 0
        assert "as player 1 saw it" in text(screen, "#dice")
        await pilot.press("v")
        assert screen.mode == 1 and "as player 2 saw it" in text(screen, "#dice")
        await pilot.press("v")
        assert screen.mode == FULL and "every card shown" in text(screen, "#dice")
        await pilot.press("v")
        assert screen.mode == 0


async def test_the_board_cursor_inspects_cards_without_stepping(replay: Replay) -> None:
    app = watch(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("end")
        board = screen.query_one(Board)
        assert app.focused is board
        seen = set()
        for key in ("up", "k", "h", "h", "j", "l", "down"):
            before = board.cursor
            await pilot.press(key)
            assert board.cursor != before and screen.index == replay.last
            seen.add(screen.query_one(CardDetail).text.plain)
        assert len(seen) > 1                      # the detail follows the cursor


async def test_space_plays_the_game_on_and_pauses(replay: Replay, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replay_screen, "AUTOPLAY_S", 0.01)
    app = watch(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("space")
        await pilot.pause(0.3)
        assert screen.index > 0
        await pilot.press("space")
        stopped = screen.index
        await pilot.pause(0.1)
        assert screen.index == stopped
        await pilot.press("space")
        for _ in range(200):
            if screen.timer is None:
                break
            await pilot.pause(0.05)
        assert screen.index == replay.last and screen.timer is None   # it stops at the end


async def test_the_step_key_fits_the_footer_at_80_columns(replay: Replay) -> None:
    for lang in ("ru", "en"):
        app = watch(replay, lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            footer = app.screen.query_one(Footer)
            shown = {label: hint.key for hint, label in footer.line(footer.size.width)}
            assert shown["шаг" if lang == "ru" else "step"] == "← →"
            assert "назад" in shown if lang == "ru" else "back" in shown
