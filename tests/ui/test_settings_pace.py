"""Pilot tests: the bot's pace and «Ответ на свои же действия» in the settings change the settings,
are saved at once and keep their values when the language changes."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import OptionList, Select, Static

from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.screens.settings import SettingsScreen
from berserk_tui.userdata import Settings, load_settings

from .driver import settle


def prompts(select: Select) -> list[str]:
    return [str(o.prompt) for o in select.query_one(OptionList).options]


def saved(home: Path) -> dict:
    return json.loads((home / "settings.json").read_text(encoding="utf-8"))


async def test_pace_and_own_responses_are_changed_saved_and_kept_in_another_language(home: Path) -> None:
    app = BerserkApp(settings=Settings(lang="ru", bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await app.push_screen(SettingsScreen())
        await settle(pilot)
        screen = app.screen
        delay, responses = screen.query_one("#delay", Select), screen.query_one("#responses", Select)
        assert prompts(delay) == ["медленно (2 с на действие)", "обычно (1 с на действие)",
                                  "быстро (0,4 с на действие)", "без пауз"]
        assert prompts(responses) == ["не спрашивать, если ответить нечем по делу", "спрашивать всегда"]
        assert (delay.value, responses.value) == (0, False)

        await pilot.press("tab", "tab", "enter")              # the pace: from «без пауз» up to «медленно»
        await pilot.press("up", "up", "up", "enter")
        await settle(pilot)
        assert delay.value == 2000 and app.settings.bot_delay_ms == 2000
        assert saved(home)["bot_delay_ms"] == 2000

        await pilot.press("tab", "enter", "down", "enter")   # «спрашивать всегда»
        await settle(pilot)
        assert responses.value is True and app.settings.ask_own_responses is True
        assert saved(home)["ask_own_responses"] is True

        await pilot.press("shift+tab", "shift+tab", "shift+tab", "enter", "down", "enter")   # English
        await settle(pilot)
        assert app.lang == "en"
        assert prompts(delay)[0] == "slow (2 s an action)" and prompts(responses)[1] == "always ask"
        assert (delay.value, responses.value) == (2000, True)
        assert (app.settings.bot_delay_ms, app.settings.ask_own_responses) == (2000, True)
        assert load_settings()[0] == Settings(lang="en", bot_delay_ms=2000, ask_own_responses=True)


async def test_the_saved_values_are_shown_when_the_settings_open(home: Path) -> None:
    app = BerserkApp(settings=Settings(lang="en", bot_delay_ms=1000, ask_own_responses=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await app.push_screen(SettingsScreen())
        await settle(pilot)
        delay, responses = app.screen.query_one("#delay", Select), app.screen.query_one("#responses", Select)
        assert (delay.value, responses.value) == (1000, True)
        shown = [str(s.query_one("#label", Static).render()) for s in (delay, responses)]
        assert shown == ["normal (1 s an action)", "always ask"]
