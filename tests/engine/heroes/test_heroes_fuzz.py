"""Hostile input to the heroes engine (hypothesis): any wire data parses to an action or raises ValueError; any action
applied raises IllegalAction or is legal, and a refusal leaves the state hash as it was; any bytes decode to a
state or raise ValueError."""

from __future__ import annotations

import contextlib

import msgpack
from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_tui.engine.core import IllegalAction
from berserk_tui.engine.heroes import apply, legal_actions
from berserk_tui.engine.heroes.actions import ACTION_TYPES, from_wire
from berserk_tui.engine.heroes.state import HeroesState

from .fixture import DB
from .helpers import playout

values = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text(max_size=5),
                      lambda inner: st.lists(inner, max_size=4), max_leaves=8)
wires = st.tuples(st.sampled_from(sorted(ACTION_TYPES)), st.lists(values, max_size=4)).map(lambda t: [t[0], *t[1]])


@settings(max_examples=300, deadline=None)
@given(st.one_of(wires, values))
def test_wire_data_is_an_action_or_a_value_error(data: object) -> None:
    with contextlib.suppress(ValueError):
        from_wire(data)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 120), wires)
def test_a_hostile_action_is_refused_without_a_change(seed: int, steps: int, wire: list) -> None:
    state, _ = playout(seed, steps)
    try:
        action = from_wire(wire)
    except ValueError:
        return
    before, legal = state.state_hash(), action in legal_actions(state)
    try:
        apply(state, action)
    except IllegalAction:
        assert not legal and state.state_hash() == before


packable = st.recursive(st.none() | st.booleans() | st.integers(-2**63, 2**63 - 1) | st.text(max_size=5),
                        lambda inner: st.lists(inner, max_size=4), max_leaves=8)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=64))
def test_any_bytes_are_a_state_or_a_value_error(data: bytes) -> None:
    with contextlib.suppress(ValueError):
        HeroesState.from_bytes(data, DB)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 14), packable)
def test_a_state_with_one_field_changed_is_read_or_refused(seed: int, field: int, value: object) -> None:
    state, _ = playout(seed, 60)
    raw = state.to_list()
    raw[field] = value
    with contextlib.suppress(ValueError):
        HeroesState.from_bytes(msgpack.packb(raw), DB)
