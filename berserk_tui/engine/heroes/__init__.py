"""The rules engine of «Берсерк. Герои» (seeds 002 and 004): a second game on the resolution machine of
`engine.core`, with its own rulebook (`book.HEROES_RULEBOOK`), state (`state.HeroesState`), actions, effect ops
(`ops/`) and views. See docs/architecture.md, «Берсерк. Герои»."""

from .book import HEROES_RULEBOOK
from .rules import apply, chance_outcomes, draw, legal_actions, new_game
from .state import HeroesRules, HeroesState
from .view import public_view, view

__all__ = ["HEROES_RULEBOOK", "HeroesRules", "HeroesState", "apply", "chance_outcomes", "draw", "legal_actions",
           "new_game", "public_view", "view"]
