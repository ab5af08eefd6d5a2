"""Fixtures of the UI tests: a private user folder and apps with a fast bot."""

from __future__ import annotations

from pathlib import Path

import pytest

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


@pytest.fixture
def quick_f9(monkeypatch: pytest.MonkeyPatch) -> None:
    """F9 plays the greedy bot's choice, not the strong one's: for tests that play on with F9 to reach a point."""
    monkeypatch.setattr("berserk_tui.ui.app.AUTOPLAY", "greedy")


def bot_setup(seed: int = 1, opponent: str = "random") -> MatchSetup:
    decks = default_pair(load_all())
    return MatchSetup(opponent, (decks[0].cards, decks[1].cards), (decks[0].name, decks[1].name), seed)


def make_app(setup: MatchSetup | None = None, lang: str = "ru", resume: bool = False) -> BerserkApp:
    return BerserkApp(setup=setup, resume=resume, settings=Settings(lang=lang, bot_delay_ms=0))
