"""The random bot of «Берсерк. Герои»: a uniformly random legal action from its own seeded generator."""

from __future__ import annotations

import random
from typing import Any


class HeroesRandom:
    """Picks uniformly among the legal actions; the same seed gives the same choices."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def __call__(self, view: Any, actions: list) -> Any:
        return self.rng.choice(actions)
