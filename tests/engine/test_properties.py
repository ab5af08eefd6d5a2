"""Invariants of the engine over random legal playouts with the builtin decks, checked after every action."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_tui.engine import CHANCE, DRAW, Game, GameState, Rules, apply, legal_actions, new_game, view
from berserk_tui.engine.actions import Action, AntiAir, Defend, Move, Roll, Shuffle, Strike, TakeChip, Use
from berserk_tui.engine.geometry import NO_CELL
from berserk_tui.engine.keywords import max_life
from berserk_tui.engine.rng import SeededSource
from berserk_tui.sim import deck_pair
from cards.decks import load_first_game
from cards.loader import load_all
from tests.fixture_decks import classic_decks

TURN_LIMIT = 60
DB = load_all()
DECKS = classic_decks(DB)
FIRST_GAME = load_first_game(DB)
Check = Callable[[GameState], None]


def playout(seed: int, check: Check | None = None, check_legal: Callable[[GameState, list[Action]], None] | None = None,
            turn_limit: int = TURN_LIMIT, first_game: bool = False,
            before: Callable[[GameState, Action], None] | None = None) -> GameState:
    """A whole game of uniformly random legal choices; dice and shuffles from `SeededSource(seed)`.

    With `first_game` both sides get the first-game squads of 10 (random purchases make small squads).
    `before(state, action)` sees every position, chance nodes included, with the action about to be applied.
    """
    rng, source = random.Random(seed), SeededSource(seed)
    squads = FIRST_GAME if first_game else None
    state, _ = new_game(DB, deck_pair(DECKS, seed), Rules(turn_limit=turn_limit), squads=squads, first=seed % 2)
    while not state.over:
        if state.pending.player == CHANCE:
            action = Roll(source.die()) if state.pending.kind == "roll" else Shuffle(source.shuffle_seed())
        else:
            legal = legal_actions(state)
            if check_legal:
                check_legal(state, legal)
            action = rng.choice(legal)
        if before:
            before(state, action)
        apply(state, action)
        if check:
            check(state)
    return state


def check_board(state: GameState) -> None:
    """One card per cell; the grid and the cards' own cells agree; wounds within 0..max life."""
    on_grid = [uid for uid in state.grid if uid != -1]
    assert len(on_grid) == len(set(on_grid)), "a card stands on two cells"
    for cell in range(state.geo.cells):
        uid = state.grid[cell]
        if uid != -1:
            c = state.cards[uid]
            assert (c.zone, c.cell) == ("board", cell), f"cell {cell} holds {uid} in {c.zone} at {c.cell}"
    for c in state.cards:
        if c.zone == "board":       # an incorporeal creature passing through shares its cell with the occupant
            assert state.grid[c.cell] == c.uid or (state.grid[c.cell] != -1 and state.active == c.owner), \
                f"card {c.uid} at {c.cell} missing from the grid"
        else:
            assert c.cell == NO_CELL, f"card {c.uid} in {c.zone} keeps cell {c.cell}"
        if c.on_battlefield:
            assert 0 <= c.wounds <= max_life(state, c.uid), f"card {c.uid}: {c.wounds} wounds"


def check_views(state: GameState) -> None:
    """No seat's view names another seat's card that is face down or not deployed, nor his deck or deal."""
    for seat in range(state.seats.count):
        v = view(state, seat)
        for c, seen in zip(state.cards, v.cards, strict=True):
            if c.owner != seat and (c.face_down or c.zone == "squad"):
                assert seen.card_id is None, f"seat {seat} sees hidden card {c.uid}"
        for other in range(state.seats.count):
            them = v.players[other]
            assert other == seat or all(x is None for x in them.deck + them.deal), \
                f"seat {seat} sees the deck or deal of seat {other}"


def check_round_trip(state: GameState) -> None:
    back = GameState.from_bytes(state.to_bytes(), DB)
    assert back.state_hash() == state.state_hash()
    assert back.pending == state.pending and type(back.pending.data) is type(state.pending.data)   # its record
    assert legal_actions(back) == legal_actions(state)


def check_state(state: GameState) -> None:
    check_board(state)
    check_views(state)
    check_round_trip(state)


def check_closed_actors(state: GameState, legal: list[Action]) -> None:
    """A closed card never acts in a way that closes it (or needs it open)."""
    for a in legal:
        closing = isinstance(a, Move | Strike | TakeChip | AntiAir | Defend) or (
            isinstance(a, Use) and state.cdef(a.uid).abilities[a.ability].get("tap", True))
        assert not (closing and state.cards[a.uid].closed), f"closed card {a.uid} offered {a!r}"


def check_legal(state: GameState, legal: list[Action]) -> None:
    """Closed cards never act, and a battle decision's options are the same on the decider's own view:
    what a player may do never depends on what he cannot see."""
    check_closed_actors(state, legal)
    if state.phase == "battle":
        assert legal_actions(view(state, state.pending.player)) == legal, "legal actions depend on hidden cards"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_invariants_hold_after_every_action(seed: int) -> None:
    state = playout(seed, check_state, check_legal)
    assert state.winner in (0, 1, 2)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32))
def test_invariants_hold_with_full_squads(seed: int) -> None:
    state = playout(seed, check_state, check_legal, first_game=True)
    assert state.winner in (0, 1, 2)


@pytest.mark.parametrize("seed", [0, 1, 2**32 - 1])
def test_same_seed_same_game(seed: int) -> None:
    assert playout(seed).state_hash() == playout(seed).state_hash()


def test_many_random_games_finish() -> None:
    """300 random games through Game.play end in a result or a stall, without an exception."""
    outcomes = {"won": 0, "draw": 0, "stalled": 0}
    for seed in range(300):
        pick = random.Random(seed).choice
        game = Game.start(DB, deck_pair(DECKS, seed), SeededSource(seed),
                          Rules(turn_limit=TURN_LIMIT))
        game.play((lambda s, a, pick=pick: pick(a),) * 2)
        assert game.over, f"seed {seed}: not over"
        outcomes["stalled" if game.state.stalled else "draw" if game.state.winner == DRAW else "won"] += 1
    assert outcomes["won"] > 0
