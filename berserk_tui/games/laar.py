"""«Битва за Лаар» as two game definitions on the board game's rules: `LAAR_SOLO` (one player against Астарот, who
acts by the rules alone) and `LAAR_DUEL` (two players, the second as Астарот); engine/laar.py holds their rules."""

from __future__ import annotations

from typing import Any

from berserk_tui.engine import Game, GameState, Rules
from berserk_tui.engine.core import Events
from berserk_tui.engine.laar import LAAR_DUEL_RULEBOOK, LAAR_SOLO_RULEBOOK, SOLO_ASTAROTH_SEAT
from berserk_tui.engine.rng import RandomSource
from berserk_tui.engine.rulebook import Rulebook

from .boardgame import BoardGame
from .classic import Classic


class Laar(BoardGame):
    """A mode of «Битва за Лаар»: the board game with its own rulebook."""

    def __init__(self, name: str, rulebook: Rulebook) -> None:
        Classic.__init__(self, name, rulebook)


class LaarSolo(Laar):
    """One player: the deck of Астарот's seat is not played (he has no squad); seat 0 is the player."""

    seat_roles = {SOLO_ASTAROTH_SEAT: "astaroth"}    # the seats the rules play, by the role the UI names them by

    def _decks(self, decks: tuple[list, list]) -> tuple[list, list]:
        out = list(decks)
        out[SOLO_ASTAROTH_SEAT] = []
        return out[0], out[1]

    def new_game(self, db: Any, decks: tuple[list, list], rules: Rules | None = None,
                 **setup: Any) -> tuple[GameState, Events]:
        return super().new_game(db, self._decks(decks), rules, **setup)

    def start(self, db: Any, decks: tuple[list, list], rng: RandomSource, rules: Rules | None = None,
              **setup: Any) -> Game:
        return super().start(db, self._decks(decks), rng, rules, **setup)


class LaarDuel(Laar):
    """Two players: the one who goes first has Варахиэль, the second plays Астарот."""

    order_sides = ("varahiel", "astaroth")      # what going first / second means, for the order screen


LAAR_SOLO = LaarSolo("laar-solo", LAAR_SOLO_RULEBOOK)
LAAR_DUEL = LaarDuel("laar-duel", LAAR_DUEL_RULEBOOK)
