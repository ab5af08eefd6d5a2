"""The bots of «Берсерк. Герои» (`HEROES_AGENTS`): random, greedy and strong, each given only its seat's view."""

from __future__ import annotations

from .greedy import HeroesGreedy
from .random_bot import HeroesRandom
from .strong import HeroesStrong

HEROES_AGENTS = {"random": HeroesRandom, "greedy": HeroesGreedy, "strong": HeroesStrong}

__all__ = ["HEROES_AGENTS", "HeroesGreedy", "HeroesRandom", "HeroesStrong"]
