"""The bots of «Берсерк. Герои» (`HEROES_AGENTS`): random and greedy, each given only its seat's view."""

from __future__ import annotations

from .greedy import HeroesGreedy
from .random_bot import HeroesRandom

HEROES_AGENTS = {"random": HeroesRandom, "greedy": HeroesGreedy}

__all__ = ["HEROES_AGENTS", "HeroesGreedy", "HeroesRandom"]
