"""`strike_odds` and `reduce_options` against the engine over random legal playouts: for every pair of dice,
the levels and the wounds they predict (on the striker's view) are what `apply` does with those dice."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import example, given, settings
from hypothesis import strategies as st

from berserk_tui.engine import CHANCE, GameState, Rules, apply, legal_actions, new_game
from berserk_tui.engine.actions import Roll, Shuffle, Strike
from berserk_tui.engine.rng import SeededSource
from berserk_tui.sim import game_decks
from tests.engine.strike_play import DB, check_strike

PER_GAME = 8          # strikes checked in one game


def strike_positions(seed: int, share: float) -> Iterator[tuple[GameState, Strike]]:
    """A random legal playout with two random decks; at about `share` of the decisions where a simple strike
    is legal, one of those strikes (the game goes on with a random action)."""
    rng, source = random.Random(seed), SeededSource(seed)
    state, _ = new_game(DB, game_decks(DB, None, seed, 0), Rules(turn_limit=40), first=seed % 2)
    while not state.over:
        if state.pending.player == CHANCE:
            action = Roll(source.die()) if state.pending.kind == "roll" else Shuffle(source.shuffle_seed())
        else:
            legal = legal_actions(state)
            strikes = [a for a in legal if isinstance(a, Strike)]
            if strikes and rng.random() < share:
                yield state, rng.choice(strikes)
            action = rng.choice(legal)
        apply(state, action)


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(st.integers(0, 2**32))
@example(1574)        # a trigger's wound prevented by stamina follows the strike's wounds
@example(22476)       # a shot the strike triggers (Морской пёс) is blocked (Мастер ветра) after the hit
def test_odds_are_what_the_engine_does(seed: int) -> None:
    checked = 0
    for state, strike in strike_positions(seed, 0.3):
        checked += check_strike(state, strike) is not None
        if checked == PER_GAME:
            break
