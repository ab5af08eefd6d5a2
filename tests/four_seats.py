"""Seed 003's four-player team game as a configuration of the engine: the board twice as wide (10 columns of
6 rows), two teams of two, each player deploying on a quarter «по стандартным правилам», and the turn passing
«первый игрок первой команды, потом первый игрок второй команды, затем второй игрок первой команды и второй
игрок второй команды». Areas go by place in the turn order: the first team's players (places 0 and 2) hold
the near half and deploy as a first player, the second team's face them and deploy as a second player."""

from __future__ import annotations

import random

from berserk_tui.engine import Area, GameState, Geometry, Rules, Seats, new_game
from cards.decks import RECORDED_SETS, builtin_decks
from cards.loader import CardDB

LEFT, RIGHT = tuple(range(5)), tuple(range(5, 10))
GEOMETRY = Geometry(6, 10, (Area((2, 1, 0), LEFT, True), Area((3, 4, 5), LEFT, False),
                            Area((2, 1, 0), RIGHT, True), Area((3, 4, 5), RIGHT, False)))
SEATS = Seats((0, 1, 0, 1))        # seats 0 and 2 against 1 and 3, in turn order 0, 1, 2, 3


def four_seat_rules(turn_limit: int) -> Rules:
    return Rules(turn_limit=turn_limit, geometry=GEOMETRY, seats=SEATS)


def four_seat_game(db: CardDB, seed: int, turn_limit: int = 24) -> GameState:
    """A new four-seat game (at its order roll) with four of the builtin decks, picked by `seed`."""
    decks = random.Random(seed).sample([list(d.cards) for d in builtin_decks(db, RECORDED_SETS)], 4)
    return new_game(db, decks, four_seat_rules(turn_limit))[0]
