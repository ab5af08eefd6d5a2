"""The engine changes for peer-to-peer play: purchase on a hidden deal, and the public view."""

from __future__ import annotations

import random

from berserk_tui.engine import CHANCE, GameState, Rules, apply, legal_actions, new_game, public_view, view
from berserk_tui.engine.actions import Buy, BuyExtra, Confirm, Recruit, Redeal, Roll, Show, Shuffle, Unbuy
from berserk_tui.engine.rng import SeededSource

from .duel import DB, DECKS


def _to_purchase(seat: int, hidden: bool, gold: int | None = None) -> GameState:
    """A game at `seat`'s purchase; with `hidden` the engine does not know that seat's deck."""
    decks = [list(DECKS[0]), list(DECKS[1])]
    if hidden:
        decks[seat] = [None] * len(decks[seat])
    state, _ = new_game(DB, (decks[0], decks[1]), Rules())
    source = SeededSource(1)
    while not (state.pending.player == seat and state.pending.kind == "purchase"):
        if state.pending.player == CHANCE:
            apply(state, Roll(source.die()) if state.pending.kind == "roll" else Shuffle(source.shuffle_seed()))
        elif state.pending.kind == "choose_order":
            apply(state, legal_actions(state)[0])
        else:                                     # the other seat buys its first card and confirms
            apply(state, next(a for a in legal_actions(state) if isinstance(a, Buy)))
            apply(state, Confirm())
    if gold is not None:
        state.players[seat].gold = gold
    return state


def test_a_hidden_deal_offers_every_purchase_action() -> None:
    state = _to_purchase(1, hidden=True)
    p = state.players[1]
    assert set(p.deal) == {None} and len(p.deal) == 15
    spy = [cid for cid, d in state.db.cards.items() if d.name == "Лазутчица"]     # any card that may be shown
    every = [a for i in range(15) for a in (*(Show(i, c) for c in spy), Recruit(i), Buy(i), BuyExtra(i))]
    assert legal_actions(state) == [Redeal(), *every]
    apply(state, Buy(4))
    legal = legal_actions(state)
    assert Unbuy(4) in legal and Confirm() in legal and Redeal() not in legal
    assert [a for a in legal if isinstance(a, Buy)] == [Buy(i) for i in range(15) if i != 4]
    assert not any(isinstance(a, Recruit) for a in legal)    # «до набора отряда» only before buying


def test_a_hidden_deal_offers_a_redeal_only_when_the_gold_allows() -> None:
    assert Redeal() not in legal_actions(_to_purchase(1, hidden=True, gold=0))
    assert Redeal() in legal_actions(_to_purchase(1, hidden=True, gold=1))


def test_a_hidden_deal_allows_everything_the_known_deal_allows() -> None:
    known = set(legal_actions(_to_purchase(1, hidden=False)))
    hidden = set(legal_actions(_to_purchase(1, hidden=True)))
    assert known <= hidden


def test_the_public_view_is_the_same_from_the_truth_and_from_either_seat() -> None:
    rng, source = random.Random(3), SeededSource(3)
    state, _ = new_game(DB, (list(DECKS[1]), list(DECKS[2])), Rules())
    phases = set()
    while not state.over:
        if state.pending.player == CHANCE:
            apply(state, Roll(source.die()) if state.pending.kind == "roll" else Shuffle(source.shuffle_seed()))
        else:
            apply(state, rng.choice(legal_actions(state)))
        phases.add(state.phase)
        public = public_view(state)
        seen = [public_view(view(state, seat)).state_hash() for seat in (0, 1)]
        assert seen == [public.state_hash()] * 2
        assert all(x is None for p in public.players for x in p.deck + p.deal)
        assert all(c.card_id is None for c in public.cards if c.face_down or c.zone == "squad")
        if state.phase == "deploy":
            assert all(x == -1 for x in public.grid)
    assert {"purchase", "deploy", "battle"} <= phases
