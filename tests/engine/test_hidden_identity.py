"""An engine that does not know the opponent's cards runs in lockstep with one that does:
reveals arrive as `Reveal` inputs from the owner (how peer-to-peer play will run)."""

from __future__ import annotations

import random

import pytest

from berserk_tui.engine import CHANCE, Game, GameState, IllegalAction, apply, legal_actions, view
from berserk_tui.engine.actions import Action, Reveal, Roll, Shuffle
from berserk_tui.engine.rng import SeededSource
from cards.decks import builtin_decks
from cards.loader import load_all

DB = load_all()


def _true_game(seed: int) -> Game:
    decks = builtin_decks(DB)
    return Game.start(DB, (list(decks[0].cards), list(decks[1].cards)), SeededSource(seed))


def _until_second_deploys(game: Game, rng: random.Random) -> None:
    """Play the set-up until the second player is deploying."""
    while not (game.state.phase == "deploy" and game.state.pending.player != game.state.first):
        game.step(rng.choice(game.legal_actions()))


def _mirror(partial: GameState, truth: GameState, action: Action) -> None:
    """Apply to the partial engine what the true engine did, answering its reveal requests."""
    apply(partial, action)
    while partial.pending.kind == "reveal":
        uid = partial.pending.data[0]
        apply(partial, Reveal(uid, truth.cards[uid].card_id))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_partial_engine_follows_the_true_one(seed: int) -> None:
    rng = random.Random(seed)
    game = _true_game(seed)
    _until_second_deploys(game, rng)
    me = game.state.first
    partial = view(game.state, me)                       # seat `me` knows only its own cards
    assert all(c.card_id is None for c in partial.cards if c.owner != me)
    for _ in range(400):
        if game.state.over:
            break
        pending = game.state.pending
        if pending.player == CHANCE:
            action: Action = Roll(game.rng.die()) if pending.kind == "roll" else Shuffle(game.rng.shuffle_seed())
        else:
            action = rng.choice(legal_actions(game.state))
        apply(game.state, action)
        _mirror(partial, game.state, action)
        assert view(partial, me).state_hash() == view(game.state, me).state_hash()
    assert game.state.turn > 1


def test_a_reveal_must_name_a_known_card() -> None:
    rng = random.Random(5)
    game = _true_game(5)
    _until_second_deploys(game, rng)
    partial = view(game.state, game.state.first)
    while partial.pending.kind != "reveal":
        action = rng.choice(legal_actions(game.state))
        game.step(action)
        apply(partial, action)
    uid = partial.pending.data[0]
    before = partial.state_hash()
    with pytest.raises(IllegalAction):
        apply(partial, Reveal(uid, "no-such-card"))
    with pytest.raises(IllegalAction):
        apply(partial, Reveal(uid + 100, game.state.cards[uid].card_id))
    assert partial.state_hash() == before
    apply(partial, Reveal(uid, game.state.cards[uid].card_id))
    assert partial.cards[uid].card_id == game.state.cards[uid].card_id
