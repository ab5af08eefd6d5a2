"""Issue 36, hole 7: `apply` refuses an action of the wrong shape with IllegalAction before anything changes.

Tuple equality treats `Buy(4.0)` and `Buy(True)` as the legal `Buy(4)` and `Buy(1)`, so such lookalikes used to
pass the legality check and then leave a different state, or fail half-way with TypeError."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from berserk_tui.engine import CHANCE, GameState, IllegalAction, apply, legal_actions
from berserk_tui.engine.actions import Action, Buy, Move, Place, Roll, from_wire
from tests.engine.test_properties import playout


class _Found(Exception):
    def __init__(self, state: GameState) -> None:
        self.state = state


def position(wanted: Callable[[GameState], bool]) -> GameState:
    """A copy of the first position of the random playouts of seeds 0, 1, ... where `wanted` holds."""
    def stop(state: GameState, _action: Action) -> None:
        if wanted(state):
            raise _Found(state.clone())
    for seed in range(10):
        try:
            playout(seed, before=stop)
        except _Found as found:
            return found.state
    raise AssertionError("no playout reached such a position")


def legal(action: Action) -> Callable[[GameState], bool]:
    return lambda state: state.pending.player != CHANCE and action in legal_actions(state)


def rolling(state: GameState) -> bool:
    return state.pending.kind == "roll"


CASES = [   # (the malformed action, the position, the well-typed action it passes for, what the error names)
    (Buy(4.0), legal(Buy(4)), Buy(4), "Buy.index must be int, got 4.0"),
    (Buy(True), legal(Buy(1)), Buy(1), "Buy.index must be int, got True"),
    (Place(False, 2), legal(Place(0, 2)), Place(0, 2), "Place.uid must be int, got False"),
    (Place(0, 2.0), legal(Place(0, 2)), Place(0, 2), "Place.cell must be int, got 2.0"),   # was a TypeError
    (Move(True, 7), legal(Move(1, 7)), Move(1, 7), "Move.uid must be int, got True"),
    (Roll(1.5), rolling, None, "Roll.value must be int, got 1.5"),
    (Roll(None), rolling, None, "Roll.value must be int, got None"),      # was a TypeError
]


@pytest.mark.parametrize(("action", "where", "twin", "message"), CASES, ids=[repr(c[0]) for c in CASES])
def test_a_lookalike_action_is_refused_and_changes_nothing(
        action: Action, where: Callable[[GameState], bool], twin: Action | None, message: str) -> None:
    """Hole 7: the lookalike raises IllegalAction naming the wrong field; the state is untouched and the
    well-typed action it passed for is still legal."""
    state = position(where)
    before, raw = state.state_hash(), state.to_list()
    with pytest.raises(IllegalAction, match=f"^{re.escape(message)}$"):
        apply(state, action)
    assert state.state_hash() == before
    assert state.to_list() == raw
    if twin is not None:
        apply(state, twin)
        assert state.state_hash() != before


def test_a_huge_int_is_refused_with_a_short_message() -> None:
    """Hole 7: an int of over 4300 digits has no repr; the refusal used to raise ValueError while describing it."""
    state = position(legal(Buy(0)))
    before = state.state_hash()
    with pytest.raises(IllegalAction, match=r"^Buy\(index=<int>\) is not legal now") as refused:
        apply(state, Buy(10**5000))
    assert len(str(refused.value)) < 100
    assert state.state_hash() == before


class Liar(Buy):
    """A Buy that claims to equal every action: tuple lookalikes and subclasses are refused by class, not by `==`."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = Buy.__hash__


def test_only_an_instance_of_exactly_one_action_class_is_an_action() -> None:
    """Hole 7: a subclass instance used to pass the legality check when its `==` said so (Liar("x") crashed in
    the purchase with the state half changed); plain tuples and wrong lengths are refused by shape too."""
    state = position(legal(Buy(4)))
    before = state.state_hash()
    for action in (Liar(4), Liar("x"), (4,), ("Buy", 4), None):
        with pytest.raises(IllegalAction, match="^not an action: "):
            apply(state, action)
    with pytest.raises(IllegalAction, match=r"^Buy takes 1 fields, got 2$"):
        apply(state, tuple.__new__(Buy, (4, 5)))
    assert state.state_hash() == before


@pytest.mark.parametrize(("wire", "message"), [
    (["Buy", 4.0], "Buy.index must be int, got 4.0"),
    (["Move", True, 7], "Move.uid must be int, got True"),
    (["Buy", 1, 2], "Buy takes 1 fields, got 2"),
    ([10**5000], "malformed action: <list>"),
])
def test_from_wire_refuses_what_apply_refuses(wire: list, message: str) -> None:
    """The wire check is the same check as apply's (`malformed`), with the same messages."""
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        from_wire(wire)
