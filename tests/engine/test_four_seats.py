"""The engine carries seed 003's four-player team game (games/team.py): random legal games on
a 10×6 board with two teams of two, played to the end through new_game / legal_actions / apply."""

from __future__ import annotations

import random

from berserk_tui.engine import CHANCE, DRAW, GameState, apply, legal_actions
from berserk_tui.engine.actions import Roll, Shuffle
from berserk_tui.engine.places import creatures
from berserk_tui.engine.rng import SeededSource
from cards.loader import load_all
from tests.engine.test_properties import check_board, check_views
from tests.four_seats import GEOMETRY, SEATS, four_seat_game

DB = load_all()
MAX_STEPS = 5000


def check_places(state: GameState) -> None:
    """Every card on the board stands within the board; while deploying, each within its owner's area."""
    for c in state.cards:
        if c.zone == "board":
            assert 0 <= c.cell < GEOMETRY.cells, f"card {c.uid} off the board at {c.cell}"
            if state.phase == "deploy":
                area = GEOMETRY.areas[state.place(c.owner)]
                assert GEOMETRY.row_of(c.cell) in area.rows and GEOMETRY.col_of(c.cell) in area.cols, \
                    f"seat {c.owner} deployed card {c.uid} on {GEOMETRY.cell_name(c.cell)}, outside its quarter"


def check_round_trip(state: GameState) -> None:
    back = GameState.from_bytes(state.to_bytes(), DB, state.rules.rulebook)
    assert back.state_hash() == state.state_hash() and legal_actions(back) == legal_actions(state)


def play(seed: int) -> tuple[GameState, list[int]]:
    """A random four-seat game, checked after every action; returns it and the seats whose turns began."""
    state = four_seat_game(DB, seed, turn_limit=200)
    rng, source = random.Random(seed), SeededSource(seed)
    turns: list[int] = []
    for _ in range(MAX_STEPS):
        if state.over:
            break
        if state.pending.player == CHANCE:
            action = Roll(source.die()) if state.pending.kind == "roll" else Shuffle(source.shuffle_seed())
        else:
            action = rng.choice(legal_actions(state))
        turns += [e.data["seat"] for e in apply(state, action) if e.kind == "turn"]
        check_board(state)
        check_places(state)
        check_views(state)
        check_round_trip(state)
    return state, turns


def test_random_four_seat_games_end_by_the_rules() -> None:
    """Four seeded games (about a second each): each ends by the rules, and a team wins at least one."""
    won = 0
    for seed in range(4):
        state, turns = play(seed)
        assert state.over, f"seed {seed}: no result after {MAX_STEPS} actions"
        assert len(turns) >= SEATS.count and turns == [SEATS.rounds[state.first][k % SEATS.count]
                                                       for k in range(len(turns))], \
            f"seed {seed}: the turn does not pass over the four seats in order: {turns}"
        alive = {SEATS.teams[s] for s in range(SEATS.count) if any(True for _ in creatures(state, s))}
        if state.stalled or state.winner == DRAW:
            assert state.winner == DRAW and (state.stalled or not alive)
        else:
            assert alive == {state.winner}, f"seed {seed}: team {state.winner} won while teams {alive} have creatures"
            won += 1
    assert won, "every random game stalled"
