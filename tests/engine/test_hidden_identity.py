"""An engine that does not know the opponent's cards runs in lockstep with one that does:
reveals arrive as `Reveal` inputs from the owner (how peer-to-peer play will run)."""

from __future__ import annotations

import random

import pytest

from berserk_tui.engine import CHANCE, Game, GameState, IllegalAction, apply, legal_actions, view
from berserk_tui.engine.actions import Action, Reveal, Roll, Shuffle, Use
from berserk_tui.engine.rng import SeededSource
from berserk_tui.engine.view import public_view
from berserk_tui.scenario.build import Scenario, build
from cards.decks import RECORDED_SETS, builtin_decks
from cards.loader import load_all

DB = load_all()


def _true_game(seed: int) -> Game:
    decks = builtin_decks(DB, RECORDED_SETS)
    return Game.start(DB, (list(decks[0].cards), list(decks[1].cards)), SeededSource(seed))


def _until_second_deploys(game: Game, rng: random.Random) -> None:
    """Play the set-up until the second player is deploying."""
    while not (game.state.phase == "deploy" and game.state.pending.player != game.state.first):
        game.step(rng.choice(game.legal_actions()))


def _mirror(partial: GameState, truth: GameState, action: Action) -> None:
    """Apply to the partial engine what the true engine did, answering its reveal requests."""
    apply(partial, action)
    while partial.pending.kind == "reveal":
        uid = partial.pending.data.uid
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
    uid = partial.pending.data.uid
    before = partial.state_hash()
    with pytest.raises(IllegalAction):
        apply(partial, Reveal(uid, "no-such-card"))
    with pytest.raises(IllegalAction):
        apply(partial, Reveal(uid + 100, game.state.cards[uid].card_id))
    assert partial.state_hash() == before
    apply(partial, Reveal(uid, game.state.cards[uid].card_id))
    assert partial.cards[uid].card_id == game.state.cards[uid].card_id


# --- an effect aimed at a face-down card the engine cannot see ------------------------------------

def _brew_at_face_down(hidden: str) -> tuple[GameState, int, int]:
    """Клок Мудрый (seat 0, first) may brew at seat 1's face-down `hidden` on e6; returns the true
    state and the uids of Клок and of the hidden card."""
    scn = Scenario("brew at a face-down card", "", [], {"first": 0}, [
        {"card": "Клок Мудрый", "owner": 0, "cell": "a1", "label": "K"},
        {"card": hidden, "owner": 1, "cell": "e6", "label": "H", "face_down": True},
        {"card": "Лирайн", "owner": 1, "cell": "a6"},     # so a reveal as terrain does not end the game
    ], [], [])
    built = build(scn, DB)
    return built.state, built.labels["K"], built.labels["H"]


def _brew(state: GameState, klok: int, target: int) -> Use:
    brews = [a for a in legal_actions(state) if isinstance(a, Use) and a.uid == klok and a.target == target]
    assert len(brews) == 1, legal_actions(state)
    return brews[0]


def test_an_effect_on_an_unknown_face_down_card_waits_for_its_identity() -> None:
    truth, klok, hidden = _brew_at_face_down("Гиртан")   # 3-4-5: the brew deals 5 - 3 = 2
    partial = view(truth, 0)
    assert partial.cards[hidden].card_id is None and partial.cards[hidden].face_down
    action = _brew(truth, klok, hidden)
    assert action in legal_actions(partial)                 # a face-down card is a legal target unseen

    true_events = apply(truth, action)
    assert truth.pending.kind == "main"                     # the true engine knows the card: no question
    assert truth.cards[hidden].wounds == 2 and not truth.cards[hidden].face_down

    events = apply(partial, action)
    assert partial.pending.kind == "reveal"                 # the effect waits for the owner's reveal
    assert partial.pending.player == 1 and partial.pending.data.uid == hidden
    assert legal_actions(partial) == []
    card = partial.cards[hidden]
    assert card.card_id is None and card.face_down and card.wounds == 0   # nothing applied yet
    assert [e.kind for e in events if e.kind in ("revealed", "wounded", "fizzled")] == []

    events += apply(partial, Reveal(hidden, truth.cards[hidden].card_id))
    assert partial.pending.kind == "main"
    assert partial.cards[hidden].wounds == 2 and not partial.cards[hidden].face_down
    assert events == true_events
    assert view(partial, 0).state_hash() == view(truth, 0).state_hash()
    assert public_view(partial).state_hash() == public_view(truth).state_hash()


def test_an_effect_on_an_unknown_face_down_card_fizzles_if_it_is_revealed_as_no_target() -> None:
    truth, klok, hidden = _brew_at_face_down("Бухта подлецов")    # a terrain: not a creature
    partial = view(truth, 0)
    action = _brew(truth, klok, hidden)
    true_events = apply(truth, action)
    assert "fizzled" in [e.kind for e in true_events]

    events = apply(partial, action)
    assert partial.pending.kind == "reveal" and partial.pending.data.uid == hidden
    assert partial.cards[hidden].zone == "board" and partial.cards[hidden].face_down
    events += apply(partial, Reveal(hidden, truth.cards[hidden].card_id))
    assert partial.pending.kind == "main"
    assert partial.cards[hidden].zone == "extra" and partial.cards[hidden].wounds == 0
    assert events == true_events
    assert view(partial, 0).state_hash() == view(truth, 0).state_hash()
