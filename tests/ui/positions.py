"""Battle positions from scenario card tables, opened in the app: the human is seat 0, the bot seat 1."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from berserk_tui.bot import Agent
from berserk_tui.engine import GameState
from berserk_tui.engine.game import Game
from berserk_tui.engine.rng import SeededSource
from berserk_tui.match import Match
from berserk_tui.ui.app import BerserkApp
from tests.engine.strike_play import board

from .conftest import bot_setup
from .driver import settle


async def open_state(pilot: Pilot, state: GameState, seed: int = 1, bot: Agent | None = None,
                     wait: bool = True) -> None:
    """Play `state` in the app against the random bot (or `bot`), dice from `seed`; wait for the bot to move
    and the screen to be drawn (if not `wait`, only for the screen)."""
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    await settle(pilot)
    app.match = Match(bot_setup(seed), Game(state, SeededSource(seed)))
    app.match._make_bots()
    if bot is not None:
        app.match.bots = {1: bot}
    app._begin()
    await (settle(pilot) if wait else pilot.pause())


async def open_position(pilot: Pilot, *cards: dict[str, Any], active: int = 0, seed: int = 1,
                        bot: Agent | None = None, wait: bool = True) -> dict[str, int]:
    """Open the battle on a board of scenario `cards` (`tests.engine.strike_play.card`); their labels' uids."""
    state, labels = board(*cards, active=active)
    await open_state(pilot, state, seed, bot, wait)
    return labels
