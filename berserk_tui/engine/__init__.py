"""The rules engine of classic «Берсерк»: pure Python, no I/O, deterministic.

`new_game` builds a state at its first decision; `legal_actions` lists what the deciding
player may do; `apply` performs one action and returns events. Chance nodes (dice,
shuffles) take their outcomes from a `RandomSource` through `Game` or any driver.
"""

from .actions import Action
from .core import Event, IllegalAction
from .game import Game
from .geometry import CLASSIC_BOARD, Area, Geometry
from .rules import apply, chance_outcomes, legal_actions, new_game
from .seats import DRAW, TWO_SEATS, Seats
from .state import CHANCE, Decision, GameState, Rules
from .view import public_view, view

__all__ = [
    "Action", "Area", "CHANCE", "CLASSIC_BOARD", "DRAW", "Decision", "Event", "Game", "GameState", "Geometry",
    "IllegalAction", "Rules", "Seats", "TWO_SEATS",
    "apply", "chance_outcomes", "legal_actions", "new_game", "public_view", "view",
]
