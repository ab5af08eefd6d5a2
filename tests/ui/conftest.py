"""Fixtures of the UI tests: a private user folder and apps with a fast bot."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
import textual.app
import textual.pilot
from textual._context import active_app

from berserk_tui import match
from berserk_tui.match import MatchSetup
from berserk_tui.ui.app import BerserkApp
from berserk_tui.userdata import Settings
from cards.decks import default_pair
from cards.loader import load_all


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every UI test gets its own empty user folder (and loads the card databases of games with cards of their own
    afresh: a scene may freeze one, `heroes_scenes.frozen`)."""
    monkeypatch.setenv("BERSERK_HOME", str(tmp_path))
    monkeypatch.setattr(match, "_GAME_DBS", {})
    return tmp_path


IDLE_WINDOW_S = 0.004     # Textual's: 1/50 s
IDLE_CPU_S = IDLE_WINDOW_S / 20     # a window with less work than this (5 %, as Textual's) is idle


def _refresh_pending() -> bool:
    """The current screen has an update due on its timer, or callbacks waiting for the next refresh."""
    app = active_app.get(None)
    try:
        screen = app.screen if app is not None else None
    except Exception:       # noqa: BLE001 (no screen yet, or the app is closing)
        return False
    timer = getattr(screen, "_Screen__update_timer", None)
    return bool(timer is not None and timer._active.is_set() or getattr(screen, "_callbacks", None))


async def _wait_for_idle(min_sleep: float = IDLE_WINDOW_S, max_sleep: float = 1) -> None:
    """Textual's `wait_for_idle` (the test of idleness of `pilot.pause()` and of every key press) in windows of
    4 ms instead of 20 ms, and not idle while a screen refresh is due (a 20 ms window always held the screen's
    1/60 s update; a 4 ms one may not)."""
    start = time.monotonic()
    while True:
        cpu = time.process_time()
        await asyncio.sleep(IDLE_WINDOW_S)
        elapsed = time.monotonic() - start
        if elapsed >= max_sleep:
            return
        if elapsed > min_sleep and time.process_time() - cpu < IDLE_CPU_S and not _refresh_pending():
            return


@pytest.fixture(autouse=True)
def quick_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every key press waits for idleness twice and every `pilot.pause()` once, each at least one window: a 20 ms
    floor per key in Textual's own test of idleness; a fifth of it in `_wait_for_idle`'s."""
    monkeypatch.setattr(textual.pilot, "wait_for_idle", _wait_for_idle)
    monkeypatch.setattr(textual.app, "wait_for_idle", _wait_for_idle)


@pytest.fixture
def quick_f9(monkeypatch: pytest.MonkeyPatch) -> None:
    """F9 plays the greedy bot's choice, not the strong one's: for tests that play on with F9 to reach a point."""
    monkeypatch.setattr("berserk_tui.ui.app.AUTOPLAY", "greedy")


def bot_setup(seed: int = 1, opponent: str = "random") -> MatchSetup:
    decks = default_pair(load_all())
    return MatchSetup(opponent, (decks[0].cards, decks[1].cards), (decks[0].name, decks[1].name), seed)


def make_app(setup: MatchSetup | None = None, lang: str = "ru", resume: bool = False) -> BerserkApp:
    return BerserkApp(setup=setup, resume=resume, settings=Settings(lang=lang, bot_delay_ms=0))
