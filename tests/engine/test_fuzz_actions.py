"""Issue 36, hole 7 (fuzz): `apply` gets malformed and illegal actions at random points of random legal playouts.

Invariants at every probed position: each such action raises IllegalAction and nothing else; the state is unchanged
(its hash and its plain data); `legal_actions` and `view` still work on it; and the playout's legal action then
applies. Reveal decisions (only an engine that does not know the opponent's cards has them) get the same."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_tui.engine import CHANCE, Action, Game, GameState, IllegalAction, apply, legal_actions, view
from berserk_tui.engine.actions import ACTION_TYPES, FIELD_TYPES, Reveal, Roll, Shuffle, from_wire, shown, to_wire
from berserk_tui.engine.rng import SeededSource
from tests.engine.test_properties import DB, DECKS, playout

CLASSES = sorted(ACTION_TYPES.values(), key=lambda cls: cls.__name__)
FAKES = {cls: type(f"Fake{cls.__name__}", (cls,), {}) for cls in CLASSES}   # same fields, not an action class
# no field takes these (an int of over 4300 digits, which has no repr, is test_malformed_actions' case)
OUT_OF_RANGE = st.one_of(st.integers(max_value=-2), st.integers(min_value=2**64))
UNKNOWN_CARD = st.text(max_size=6).filter(lambda s: s not in DB.cards)
ANY_VALUE = st.one_of(
    st.floats(), st.booleans(), st.integers(-3, 40), OUT_OF_RANGE, st.text(max_size=4), st.none(),
    st.binary(max_size=4), st.tuples(st.integers(0, 30)), st.lists(st.integers(0, 30), max_size=2),
    st.sampled_from(sorted(DB.cards)[:5]),
)
SMALL = {int: st.integers(-1, 40), bool: st.booleans(), str: st.sampled_from(sorted(DB.cards)[:50])}


def wrong_type(want: type) -> st.SearchStrategy:
    return ANY_VALUE.filter(lambda v: type(v) is not want)


def well_typed(cls: type) -> st.SearchStrategy:
    return st.tuples(*(SMALL[t] for t in FIELD_TYPES[cls])).map(lambda values: cls(*values))


def legal_here(state: GameState, action: Action) -> bool:
    """Whether `apply` must take this well-typed action: the test's own statement of the rule."""
    pending = state.pending
    if pending.kind == "reveal":
        return type(action) is Reveal and action.uid == pending.data.uid and action.card_id in DB.cards
    if pending.player == CHANCE:
        if pending.kind == "roll":
            return type(action) is Roll and 1 <= action.value <= 6
        return type(action) is Shuffle and 0 <= action.seed < 2**64
    return action in legal_actions(state)


def bad_actions(state: GameState, own: list[Action], foreign: list[Action]) -> st.SearchStrategy:
    """Actions `apply` must refuse here: lookalikes of `own` (the legal actions here) and well-typed actions that are
    not legal here (any class with any values, `foreign` ones: legal at other decisions)."""
    base = st.sampled_from(own)
    with_fields = [a for a in own if len(a)]

    def replaced(data: tuple[Action, int], values: st.SearchStrategy | None = None) -> st.SearchStrategy:
        action, i = data
        want = FIELD_TYPES[type(action)][i]
        if values is None:
            values = wrong_type(want)
        return values.map(lambda v: type(action)(*action[:i], v, *action[i + 1:]))

    shapes = [
        base.map(tuple),                                               # a plain tuple equal to a legal action
        base.map(lambda a: FAKES[type(a)](*a)),                        # a subclass instance
        base.map(lambda a: tuple.__new__(type(a), (*a, 0))),           # one field too many
        base.map(to_wire),                                             # the wire form is not an action
        ANY_VALUE,
    ]
    typed = [st.sampled_from(CLASSES).flatmap(well_typed), st.sampled_from(foreign)]
    if with_fields:
        fields = [(a, i) for a in with_fields for i in range(len(a))]
        shapes.append(st.sampled_from(with_fields).map(lambda a: tuple.__new__(type(a), a[:-1])))   # one too few
        shapes.append(st.sampled_from(fields).flatmap(replaced))                                   # a wrong type
        ranged = [f for f in fields if FIELD_TYPES[type(f[0])][f[1]] is not bool]
        if ranged:
            typed.append(st.sampled_from(ranged).flatmap(
                lambda f: replaced(f, OUT_OF_RANGE if FIELD_TYPES[type(f[0])][f[1]] is int else UNKNOWN_CARD)))
    return st.one_of(*shapes, st.one_of(*typed).filter(lambda a: not legal_here(state, a)))


def probe(state: GameState, action: Action, own: list[Action], foreign: list[Action], data: st.DataObject) -> None:
    """Feed drawn bad actions to `state`: each is refused with IllegalAction and nothing changes; `action` is the
    legal one the caller applies next."""
    before, raw = state.state_hash(), state.to_list()
    legal = legal_actions(state)
    for bad in data.draw(st.lists(bad_actions(state, own, foreign), min_size=1, max_size=8), label="bad actions"):
        with pytest.raises(IllegalAction):
            apply(state, bad)
        assert state.state_hash() == before, f"{shown(bad)} changed the state"
    assert state.to_list() == raw
    assert legal_actions(state) == legal
    for seat in (0, 1):
        view(state, seat)
    assert from_wire(to_wire(action)) == action


PROBES = 12         # probed positions per playout at most
PROBE_RATE = 0.04   # the chance that a position is probed


@settings(max_examples=80, deadline=None, derandomize=True, database=None)
@given(st.integers(0, 2**32), st.booleans(), st.data())
def test_malformed_actions_change_nothing(seed: int, first_game: bool, data: st.DataObject) -> None:
    """Hole 7: at random positions of a random playout, bad actions are refused and the legal one still applies."""
    chooser = random.Random(~seed)   # the positions spread over the game, whatever its length
    seen: list[Action] = []          # legal actions of earlier decisions
    probes = 0

    def maybe_probe(state: GameState, action: Action) -> None:
        nonlocal probes
        legal = [] if state.pending.player == CHANCE else legal_actions(state)
        if probes < PROBES and chooser.random() < PROBE_RATE:
            foreign = [Roll(3), Shuffle(5), *chooser.sample(seen, min(len(seen), 20))]
            probe(state, action, [action, *legal[:20]], foreign, data)
            probes += 1
        seen.extend(legal[:3])

    playout(seed, before=maybe_probe, first_game=first_game, turn_limit=30)


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(st.integers(0, 2**32), st.data())
def test_malformed_reveals_change_nothing(seed: int, data: st.DataObject) -> None:
    """Hole 7: an engine that does not know the opponent's cards asks for each identity (a reveal decision); bad
    reveals are refused and change nothing, and the true identity is taken."""
    rng = random.Random(seed)
    game = Game.start(DB, (DECKS[0], DECKS[1]), SeededSource(seed))
    while not (game.state.phase == "deploy" and game.state.pending.player != game.state.first):
        game.step(rng.choice(game.legal_actions()))
    truth = game.state
    partial = view(truth, truth.first)                  # knows only the first player's cards
    reveals = 0
    while not truth.over and reveals < 4:
        pending = truth.pending
        if pending.player == CHANCE:
            action: Action = Roll(game.rng.die()) if pending.kind == "roll" else Shuffle(game.rng.shuffle_seed())
        else:
            action = rng.choice(legal_actions(truth))
        apply(truth, action)
        apply(partial, action)
        while partial.pending.kind == "reveal":
            uid = partial.pending.data.uid
            reveal = Reveal(uid, truth.cards[uid].card_id)
            foreign = [Reveal(uid + 1, reveal.card_id), Reveal(-1, reveal.card_id), action]
            probe(partial, reveal, [reveal], foreign, data)
            apply(partial, reveal)
            reveals += 1
