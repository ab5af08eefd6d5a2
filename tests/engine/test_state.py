"""GameState: msgpack round trip, clone independence, illegal actions, corrupt input."""

from __future__ import annotations

import random

import msgpack
import pytest

from berserk_tui.engine import Game, GameState, IllegalAction, apply, legal_actions, new_game
from berserk_tui.engine.actions import Buy, EndTurn, Move, Roll, Shuffle, Strike
from berserk_tui.engine.modifiers import add_modifier
from berserk_tui.engine.rng import SeededSource
from cards.loader import load_all
from tests.fixture_decks import classic_decks

DB = load_all()
DECKS = classic_decks(DB)


def random_game(seed: int, until: str = "battle", turn: int = 6) -> Game:
    """A random game stopped at the first player decision of phase `until` from turn `turn` on."""
    rng = random.Random(seed)
    game = Game.start(DB, (DECKS[0], DECKS[1]), SeededSource(seed))
    while not (game.state.phase == until and game.state.turn >= turn) and not game.over:
        game.step(rng.choice(game.legal_actions()))
    assert not game.over, "pick a seed whose game lasts longer"
    return game


@pytest.fixture(scope="module")
def battle() -> GameState:
    return random_game(3).state


def test_round_trip_is_exact(battle: GameState) -> None:
    data = battle.to_bytes()
    back = GameState.from_bytes(data, DB)
    assert back.to_bytes() == data
    assert back.state_hash() == battle.state_hash()
    assert legal_actions(back) == legal_actions(battle)


def test_round_trip_of_every_phase() -> None:
    for phase, turn in (("order", 0), ("purchase", 0), ("deploy", 0), ("battle", 1)):
        state = random_game(5, phase, turn).state
        assert GameState.from_bytes(state.to_bytes(), DB).state_hash() == state.state_hash(), phase


def test_clone_is_independent(battle: GameState) -> None:
    before = battle.state_hash()
    copy = battle.clone()
    assert copy.state_hash() == before
    apply(copy, legal_actions(copy)[0])
    copy.cards[0].wounds += 5
    add_modifier(copy, 1, "strike", 1, 99)
    copy.grid[0] = 7
    copy.players[0].gold = 99
    copy.tasks.append(("turn_start", 0))
    assert battle.state_hash() == before


def test_original_changes_do_not_reach_the_clone(battle: GameState) -> None:
    original = battle.clone()
    copy = original.clone()
    frozen = copy.state_hash()
    original.cards[2].closed = not original.cards[2].closed
    original.players[1].silver += 1
    original.grid[5] = -1
    assert copy.state_hash() == frozen


def test_illegal_actions_change_nothing(battle: GameState) -> None:
    state = battle.clone()
    before = state.state_hash()
    occupied = next(i for i, uid in enumerate(state.grid) if uid != -1)
    for action in (Buy(0), Roll(3), Shuffle(1), Strike(0, 0), Move(state.grid[occupied], occupied), EndTurn()):
        if action in legal_actions(state):
            continue
        with pytest.raises(IllegalAction):
            apply(state, action)
        assert state.state_hash() == before, action


def test_illegal_chance_outcomes_change_nothing() -> None:
    state, _ = new_game(DB, (DECKS[0], DECKS[1]))   # the first order roll is pending
    before = state.state_hash()
    for action in (Roll(0), Roll(7), Shuffle(1), EndTurn()):
        with pytest.raises(IllegalAction):
            apply(state, action)
        assert state.state_hash() == before, action


def test_finished_game_rejects_actions() -> None:
    rng = random.Random(0)
    game = Game.start(DB, (DECKS[0], DECKS[1]), SeededSource(0))
    game.play((lambda s, a: rng.choice(a),) * 2)
    before = game.state.state_hash()
    with pytest.raises(IllegalAction):
        apply(game.state, EndTurn())
    assert game.state.state_hash() == before


@pytest.mark.parametrize("data", [
    b"", b"\x00", b"not a state", b"\xc1", msgpack.packb({"a": 1}), msgpack.packb([1, 2, 3]),
], ids=["empty", "int", "text", "reserved byte", "map", "short list"])
def test_garbage_is_a_value_error(data: bytes) -> None:
    with pytest.raises(ValueError):
        GameState.from_bytes(data, DB)


def test_truncated_bytes_are_a_value_error(battle: GameState) -> None:
    data = battle.to_bytes()
    for cut in range(0, len(data), 7):
        with pytest.raises(ValueError):
            GameState.from_bytes(data[:cut], DB)


def test_other_format_version_is_a_value_error(battle: GameState) -> None:
    raw = battle.to_list()
    raw[0] += 1
    with pytest.raises(ValueError, match="format"):
        GameState.from_bytes(msgpack.packb(raw), DB)


def test_unknown_card_is_a_value_error(battle: GameState) -> None:
    raw = battle.to_list()
    raw[12][0][2] = "99999"      # cards[0].card_id
    with pytest.raises(ValueError, match="unknown card"):
        GameState.from_bytes(msgpack.packb(raw), DB)


def test_wrong_field_types_are_a_value_error(battle: GameState) -> None:
    raw = battle.to_list()
    raw[9] = None                # tasks
    with pytest.raises(ValueError):
        GameState.from_bytes(msgpack.packb(raw), DB)


def test_wrong_deck_type_is_a_value_error(battle: GameState) -> None:
    raw = battle.to_list()
    raw[14][0][3] = None         # players[0].deck
    with pytest.raises(ValueError):
        GameState.from_bytes(msgpack.packb(raw), DB)


def test_a_card_clone_copies_every_slot(battle: GameState) -> None:
    for card in battle.cards:
        copy = card.clone()
        assert [getattr(copy, n) for n in card.__slots__] == [getattr(card, n) for n in card.__slots__]
