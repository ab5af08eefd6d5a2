"""Seed 003's four-player team game (`games.team`) for the tests: a new game with four builtin decks."""

from __future__ import annotations

import random

from berserk_tui.engine import GameState, Rules, new_game
from berserk_tui.games.team import TEAM, TEAM_BOARD, TEAM_SEATS
from cards.decks import RECORDED_SETS, builtin_decks
from cards.loader import CardDB

GEOMETRY, SEATS = TEAM_BOARD, TEAM_SEATS


def four_seat_rules(turn_limit: int) -> Rules:
    return TEAM.rules(Rules(turn_limit=turn_limit))


def four_seat_game(db: CardDB, seed: int, turn_limit: int = 24) -> GameState:
    """A new four-seat game (at its order roll) with four of the builtin decks, picked by `seed`."""
    decks = random.Random(seed).sample([list(d.cards) for d in builtin_decks(db, RECORDED_SETS)], 4)
    return new_game(db, decks, four_seat_rules(turn_limit))[0]
