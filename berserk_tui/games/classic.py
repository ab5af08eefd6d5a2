"""The classic duel of «Берсерк» as a game definition: the engine's rules, its words, screens, bots and secrets.

`CLASSIC` is the game every part of the program plays today; `Classic(name, rulebook)` defines a variant
whose rulebook was derived from the classic one (`Rulebook.derive`) and changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from berserk_tui.bot import AGENTS
from berserk_tui.bot.evaluate import evaluate
from berserk_tui.describe import Describer
from berserk_tui.engine import Game, GameState, Rules
from berserk_tui.engine import rules as engine
from berserk_tui.engine.actions import Action
from berserk_tui.engine.core import Events
from berserk_tui.engine.rng import RandomSource
from berserk_tui.engine.rulebook import CLASSIC_RULEBOOK, Rulebook
from berserk_tui.engine.view import public_view, view
from berserk_tui.netgame import FairPeer

# the screen of each phase (`ui.screens.game_screen`); a revealing state is shown on the battlefield
SCREENS = {"order": "order", "purchase": "purchase", "deploy": "deploy", "reveal": "battle",
           "battle": "battle", "over": "game_over"}


class Classic:
    """The classic two-seat game on the 6×5 board (`engine.gamedef.GameDef`)."""

    screens: Mapping[str, str] = SCREENS
    agents = AGENTS
    secrets = FairPeer

    def __init__(self, name: str = "classic", rulebook: Rulebook = CLASSIC_RULEBOOK) -> None:
        self.name = name
        self.rulebook = rulebook

    def __repr__(self) -> str:
        return f"Classic({self.name!r})"

    def rules(self, options: Rules | None = None) -> Rules:
        """`options` (the defaults if None) for a game of this definition: driven by its rulebook."""
        return replace(options or Rules(), rulebook=self.rulebook)

    def new_game(self, db: Any, decks: tuple[list, list], rules: Rules | None = None,
                 **setup: Any) -> tuple[GameState, Events]:
        return engine.new_game(db, decks, self.rules(rules), **setup)

    def start(self, db: Any, decks: tuple[list, list], rng: RandomSource, rules: Rules | None = None,
              **setup: Any) -> Game:
        return Game.start(db, decks, rng, self.rules(rules), **setup)

    def legal_actions(self, state: GameState) -> list[Action]:
        return engine.legal_actions(state)

    def apply(self, state: GameState, action: Action, ev: Events | None = None) -> Events:
        return engine.apply(state, action, ev)

    def chance_outcomes(self, state: GameState) -> list[Action]:
        return engine.chance_outcomes(state)

    def draw(self, state: GameState, rng: RandomSource) -> Action:
        return engine.draw(state, rng)

    def view(self, state: GameState, seat: int) -> GameState:
        return view(state, seat)

    def public_view(self, state: GameState) -> GameState:
        return public_view(state)

    def state_hash(self, state: GameState) -> str:
        return state.state_hash()

    def describer(self, view: GameState, lang: str, roles: Mapping[int, str] | None = None) -> Describer:
        return Describer(view, lang, roles)

    def evaluate(self, state: GameState, seat: int) -> float:
        return evaluate(state, seat)


CLASSIC = Classic()
