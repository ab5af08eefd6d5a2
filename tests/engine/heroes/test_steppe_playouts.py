"""Random legal playouts with decks of the implemented steppe cards only (abilities on): every decision their ops ask
(summon, discard_some, attach, swap, shroud, guard, hire_shot, ...) takes its listed actions, every state reads back
from its bytes to the same hash, and the games end."""

from __future__ import annotations

import random

import pytest

from berserk_tui.engine.heroes import apply, draw, legal_actions, new_game
from berserk_tui.engine.heroes.state import HeroesRules, HeroesState
from berserk_tui.engine.rng import SeededSource
from berserk_tui.engine.state import CHANCE
from cards.heroes.loader import load_heroes

DB = load_heroes()
STEPPE = [cid for cid, c in sorted(DB.items()) if c.elements == ("steppe",) and c.implemented and c.type != "hero"]
HERO = next(cid for cid, c in sorted(DB.items()) if c.type == "hero" and c.elements == ("steppe",))


@pytest.mark.parametrize("seed", range(6))
def test_steppe_decks_play_to_the_end_and_read_back(seed: int) -> None:
    rnd, source = random.Random(seed), SeededSource(seed)
    decks = [[HERO, *(rnd.choice(STEPPE) for _ in range(40))] for _ in range(2)]
    state, _ = new_game(DB, decks, HeroesRules(turn_limit=40))
    kinds = set()
    for _ in range(4000):
        if state.phase == "over":
            break
        if state.pending.player == CHANCE:
            apply(state, draw(state, source))
            continue
        assert HeroesState.from_bytes(state.to_bytes(), DB).state_hash() == state.state_hash()
        kinds.add(state.pending.kind)
        apply(state, rnd.choice(legal_actions(state)))
    assert state.phase == "over"
    assert len(STEPPE) == 57 and "main" in kinds
