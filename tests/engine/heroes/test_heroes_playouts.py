"""Random legal playouts of «Берсерк. Герои» (hypothesis): every listed action applies, the game ends, the same
actions give the same state hash, a view hides the opponent's hand and both decks' order, an illegal action
changes nothing, and every state (and view) reads back from its bytes to the same hash."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_tui.engine.actions import Roll, Shuffle
from berserk_tui.engine.core import IllegalAction
from berserk_tui.engine.heroes import apply, legal_actions, new_game, view
from berserk_tui.engine.heroes.actions import Play
from berserk_tui.engine.heroes.state import HeroesRules, HeroesState
from berserk_tui.engine.state import CHANCE

from .fixture import DB, deck
from .helpers import playout


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
def test_random_playouts_end_and_replay_to_the_same_hash(seed: int) -> None:
    state, actions = playout(seed)
    assert state.over
    again, _ = new_game(DB, [deck("t01"), deck("t02")], HeroesRules(turn_limit=60))
    for action in actions:
        apply(again, action)
    assert again.state_hash() == state.state_hash()


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.integers(5, 150))
def test_a_view_hides_the_opponents_hand_and_the_decks_order(seed: int, steps: int) -> None:
    state, _ = playout(seed, steps)
    for seat in (0, 1):
        seen = view(state, seat)
        enemy, own = seen.players[1 - seat], seen.players[seat]
        assert all(seen.cards[u].card_id is None for u in enemy.hand)
        assert all(seen.cards[u].card_id is not None for u in own.hand)
        assert enemy.deck == (None,) * len(state.players[1 - seat].deck)
        assert own.deck == tuple(sorted(state.players[seat].deck))
        assert [seen.cards[u].card_id for u in enemy.play] == [state.cards[u].card_id for u in enemy.play]
        assert HeroesState.from_bytes(seen.to_bytes(), DB).state_hash() == seen.state_hash()
    assert HeroesState.from_bytes(state.to_bytes(), DB).state_hash() == state.state_hash()


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.integers(5, 150))
def test_an_illegal_action_changes_nothing(seed: int, steps: int) -> None:
    state, _ = playout(seed, steps)
    if state.over or state.pending.player == CHANCE:
        return
    before = state.state_hash()
    listed = legal_actions(state)
    for action in (Play(10_000), Roll(7), Shuffle(-1), Play(True), ("EndTurn",)):
        if action in listed:
            continue
        try:
            apply(state, action)  # type: ignore[arg-type]
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{action} was accepted")
        assert state.state_hash() == before
