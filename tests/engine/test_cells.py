"""Free cells (`engine.cells`): a cell with a marker counting as occupied («костёр» of Крондак) is not free; while
no card of the game has the static `marked_cells_occupied`, the check reads the grid alone."""

from __future__ import annotations

import random

from berserk_tui.engine import CHANCE, GameState, Rules, apply, legal_actions, new_game
from berserk_tui.engine.actions import Roll, Shuffle
from berserk_tui.engine.cells import blocked_cells, free_cells, is_free
from berserk_tui.engine.modifiers import add_modifier
from berserk_tui.engine.rng import SeededSource
from berserk_tui.engine.state import CardState
from berserk_tui.sim import deck_pair
from cards.decks import RECORDED_SETS, builtin_decks
from cards.loader import load_all

DB = load_all()
DECKS = [list(d.cards) for d in builtin_decks(DB, RECORDED_SETS)]


def battle_state(seed: int = 1) -> GameState:
    rng, source = random.Random(seed), SeededSource(seed)
    state, _ = new_game(DB, deck_pair(DECKS, seed), Rules())
    while state.phase != "battle" or state.pending.player == CHANCE:
        if state.pending.player == CHANCE:
            apply(state, Roll(source.die()) if state.pending.kind == "roll" else Shuffle(source.shuffle_seed()))
        else:
            apply(state, rng.choice(legal_actions(state)))
    return state


def test_without_a_bonfire_card_free_is_empty() -> None:
    state = battle_state()
    assert all(DB.cards[c.card_id].name != "Крондак" for c in state.cards)
    assert blocked_cells(state) == frozenset()
    assert state.blocker_cache == (len(state.cards), False)
    empty = [x for x in range(state.geo.cells) if state.grid[x] == -1]
    assert free_cells(state, range(state.geo.cells)) == empty
    assert [x for x in range(state.geo.cells) if is_free(state, x)] == empty


def test_a_bonfire_makes_its_cell_occupied() -> None:
    state = battle_state()
    blocked_cells(state)                 # the cache of the cards without Крондак
    krondak = next(cid for cid, d in DB.cards.items() if d.name == "Крондак")
    c = CardState(len(state.cards), 0, krondak)
    empty = [x for x in range(state.geo.cells) if state.grid[x] == -1]
    c.zone, c.cell, c.face_down = "board", empty[0], False
    state.grid[empty[0]] = c.uid
    state.cards.append(c)                # a card added later (a summon) is looked at
    cell = empty[1]
    add_modifier(state, c.uid, "cell_bonfire", cell, state.turn + 1)
    assert blocked_cells(state) == {cell}
    assert not is_free(state, cell)
    assert cell not in free_cells(state, range(state.geo.cells))
    copy = state.clone()
    assert copy.blocker_cache == state.blocker_cache and not is_free(copy, cell)
    c.face_down = True                   # only a face-up card's static counts
    assert is_free(state, cell)
