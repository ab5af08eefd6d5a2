"""The random bot: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

import random

from berserk_tui.engine import Action, GameState


class RandomBot:
    """Picks uniformly among the legal actions; the same seed gives the same choices."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def __call__(self, state: GameState, actions: list[Action]) -> Action:
        return self.rng.choice(actions)
