"""The shortcuts of the hot read paths give the answers of the plain reads they stand for, on the states of
random games (built-in decks, so that granting, silencing and seated cards come up)."""

from __future__ import annotations

import random

from berserk_tui.engine import CHANCE, GameState, Rules, apply, legal_actions, new_game
from berserk_tui.engine.actions import Roll, Shuffle
from berserk_tui.engine.keywords import card_index, has_static, holders, kw, kws, statics
from berserk_tui.engine.ops.symbiont import riders, seated_on
from berserk_tui.engine.places import symbiont_of
from berserk_tui.engine.rng import SeededSource
from berserk_tui.engine.setup import _valid_without
from berserk_tui.sim import deck_pair
from cards.decks import RECORDED_SETS, builtin_decks
from cards.loader import load_all
from cards.terms import KEYWORDS

DB = load_all()
DECKS = [list(d.cards) for d in builtin_decks(DB, RECORDED_SETS)]
SEEDS = (*range(10), 20)     # seed 20 seats a symbiont
TYPES = sorted({t for d in DB.cards.values() for t in d.ability_types})


def sampled_states(every: int = 3) -> list[GameState]:
    """Clones of every `every`th player decision of the random games of `SEEDS` (to turn 40)."""
    out = []
    for seed in SEEDS:
        rng, source = random.Random(seed), SeededSource(seed)
        state, _ = new_game(DB, deck_pair(DECKS, seed), Rules())
        steps = 0
        while not state.over and state.turn < 40:
            if state.pending.player == CHANCE:
                apply(state, Roll(source.die()) if state.pending.kind == "roll" else Shuffle(source.shuffle_seed()))
                continue
            steps += 1
            if steps % every == 0:
                out.append(state.clone())
            apply(state, rng.choice(legal_actions(state)))
    return out


STATES = sampled_states()


def test_the_samples_cover_the_phases() -> None:
    assert {s.phase for s in STATES} >= {"purchase", "deploy", "battle"}


def test_kws_reads_each_keyword_as_kw() -> None:
    keys = tuple(KEYWORDS)
    for state in STATES:
        for c in state.cards:
            assert kws(state, c.uid, keys) == [kw(state, c.uid, key) for key in keys]


def test_has_static_is_whether_statics_has_any() -> None:
    for state in STATES:
        for c in state.cards:
            for kind in TYPES:
                assert has_static(state, c.uid, kind) == bool(statics(state, c.uid, kind))


def test_holders_are_the_cards_with_the_ability_type() -> None:
    state = STATES[0]
    for kind in TYPES:
        assert holders(state, kind) == {cid for cid, d in DB.cards.items() if kind in d.ability_types}
    assert holders(state, "no such type") == frozenset()
    assert card_index(state) is card_index(STATES[-1])      # one index per card database


def test_riders_and_seated_on_agree_with_symbiont_of() -> None:
    seen = 0
    for state in STATES:
        found = riders(state)
        for c in state.cards:
            assert found.get(c.uid, -1) == symbiont_of(state, c.uid)
        hosts = [c for c in state.cards if c.on_battlefield]
        assert seated_on(state, hosts) == [state.cards[symbiont_of(state, h.uid)] for h in hosts
                                           if symbiont_of(state, h.uid) != -1]
        seen += len(found)
    assert seen, "no symbiont was seated in the sampled games"


def _layout_ok(state: GameState, seat: int) -> bool:
    """The deployment rule read off the grid: every occupied tier beyond the first implies the earlier tiers
    are full."""
    full_so_far = True
    for tier in state.geo.deployment_tiers(state.place(seat)):
        used = any(state.grid[x] != -1 for x in tier)
        if used and not full_so_far:
            return False
        full_so_far = full_so_far and all(state.grid[x] != -1 for x in tier)
    return True


def test_taking_back_a_deployed_card_is_judged_by_tier_counts() -> None:
    checked = 0
    for state in STATES:
        if state.phase != "deploy":
            continue
        seat = state.pending.player
        place = state.place(seat)
        tiers, tier_of = state.geo.deployment_tiers(place), state.geo.tier_of[place]
        counts = [sum(1 for x in tier if state.grid[x] != -1) for tier in tiers]
        for c in state.cards:
            if c.owner == seat and c.zone == "board":
                probe = state.clone()
                probe.grid[c.cell] = -1
                assert _valid_without(tiers, counts, tier_of[c.cell]) == _layout_ok(probe, seat)
                checked += 1
    assert checked
