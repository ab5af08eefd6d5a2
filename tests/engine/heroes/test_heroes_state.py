"""The heroes state: its encoding round-trips, `from_bytes` refuses what is malformed, clones are independent,
actions have a wire form."""

from __future__ import annotations

import msgpack
import pytest

from berserk_tui.engine.actions import Strike
from berserk_tui.engine.heroes.actions import FirstPlayer, Mulligan, Play, from_wire, malformed, to_wire
from berserk_tui.engine.heroes.state import HeroesState

from .fixture import DB
from .helpers import playout, started


def test_a_state_round_trips_through_its_bytes() -> None:
    state, _ = playout(3, 120)
    again = HeroesState.from_bytes(state.to_bytes(), DB)
    assert again.state_hash() == state.state_hash()
    assert again.pending == state.pending and again.tasks == state.tasks


def test_from_bytes_names_what_is_wrong() -> None:
    state = started()
    raw = msgpack.unpackb(state.to_bytes(), raw=False)
    with pytest.raises(ValueError, match="format"):
        HeroesState.from_bytes(msgpack.packb([99, *raw[1:]]), DB)
    bad = list(raw)
    bad[11] = [[0, 5, "t01", "hero", False, 0, -1, -1, [], []]]       # card 0 owned by seat 5
    with pytest.raises(ValueError, match="card 0"):
        HeroesState.from_bytes(msgpack.packb(bad), DB)
    bad = list(raw)
    bad[12] = [[0, ["zzz"], [], [], [], [], 0, 0, 0, True, 0, 0], raw[12][1]]
    with pytest.raises(ValueError, match="unknown card 'zzz'"):
        HeroesState.from_bytes(msgpack.packb(bad), DB)
    with pytest.raises(ValueError, match="not a saved game state"):
        HeroesState.from_bytes(b"\xc1", DB)


def test_a_clone_is_independent() -> None:
    state = started()
    copy = state.clone()
    copy.cards[0].wounds = 5
    copy.players[0].coins = 9
    assert state.cards[0].wounds == 0 and state.players[0].coins == 1
    assert copy.state_hash() != state.state_hash()


@pytest.mark.parametrize("action", [FirstPlayer(1), Mulligan((4, 5)), Mulligan(()), Play(3), Strike(4, 1)])
def test_actions_have_a_wire_form(action: object) -> None:
    wire = to_wire(action)
    assert msgpack.unpackb(msgpack.packb(wire), raw=False) == wire
    assert from_wire(wire) == action and type(from_wire(wire)) is type(action)


def test_malformed_actions_are_named() -> None:
    assert "Mulligan.cards must hold card numbers" in malformed(Mulligan(("a",)))
    assert "Play.uid must be int" in malformed(Play(True))
    assert "not an action" in malformed((1, 2))
    with pytest.raises(ValueError, match="unknown action type"):
        from_wire(["Buy", 3])
