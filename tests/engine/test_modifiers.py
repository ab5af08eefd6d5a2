"""Named modifiers (engine.modifiers): declared keys only, typed values, expiry, references, decoding."""

from __future__ import annotations

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_tui.engine import GameState
from berserk_tui.engine.keywords import abilities
from berserk_tui.engine.modifiers import (
    BATTLE_LONG,
    MODIFIERS,
    ModifierError,
    add_modifier,
    drop_modifiers,
    expire_modifiers,
    has_modifier,
    modifier_entries,
    modifier_value,
    modifier_values,
    replace_modifier,
)
from berserk_tui.engine.refs import ref_of, resolve
from tests.engine.test_state import DB, random_game

VALUES = {"count", "uid", "seat", "cell", "turn", "keyword", "ability", "condition"}
EXPIRIES = {"turn", "until", "battle", "grave"}
GIVER = next(d for d in DB.values() if any(ab.get("effect", {}).get("op") == "gain" for ab in d.abilities))
GAIN = next(ab["effect"] for ab in GIVER.abilities if ab.get("effect", {}).get("op") == "gain")


@pytest.fixture
def state() -> GameState:
    return random_game(3).state.clone()


def test_every_key_has_a_known_value_type_and_expiry() -> None:
    assert MODIFIERS and all(m.value in VALUES and m.expiry in EXPIRIES for m in MODIFIERS.values())
    assert MODIFIERS["gained_grave"].expiry == "grave" and MODIFIERS["strikes_made"].expiry == "turn"


def test_a_buff_grant_of_any_card_is_declared() -> None:
    grants = {k for d in DB.values() for ab in d.abilities for eff in _effects(ab) if eff.get("op") == "buff"
              for k in eff["grant"]}
    assert grants and grants <= MODIFIERS.keys()


def _effects(part: object) -> list[dict]:
    if isinstance(part, dict):
        return [part, *(e for v in part.values() for e in _effects(v))]
    return [e for v in part for e in _effects(v)] if isinstance(part, list) else []


@pytest.mark.parametrize(("key", "value", "until", "why"), [
    ("no_such_modifier", 1, None, "undeclared"),
    ("strike", "2", 5, "takes a count"),
    ("strike", True, 5, "takes a count"),
    ("mark", 10_000, 5, "takes a uid"),
    ("ambush", -1, None, "takes a cell"),
    ("lose_kw", 3, 5, "takes a keyword"),
    ("gained", '{"type": "trigger"}', 5, "takes a ability"),
    ("stay_closed_unless", '{"own_adjacent": "artifact"}', 5, "takes a condition"),
    ("strikes_made", 1, 99, "ends with this turn"),
    ("dark", 1, 99, "lasts the battle"),
    ("swap_strike", 1, None, "needs its last turn"),
])
def test_a_wrong_modifier_fails_loudly(state: GameState, key: str, value: object, until: int | None,
                                       why: str) -> None:
    before = state.cards[0].modifiers
    with pytest.raises(ModifierError, match=why):
        add_modifier(state, 0, key, value, until)
    assert state.cards[0].modifiers == before


def test_add_read_replace_and_drop(state: GameState) -> None:
    uid = state.cards[0].uid
    state.cards[uid].modifiers = ()
    add_modifier(state, uid, "strike", 2, state.turn + 1)
    add_modifier(state, uid, "strike", 1, state.turn)
    add_modifier(state, uid, "strikes_made")
    add_modifier(state, uid, "dark")
    assert modifier_value(state, uid, "strike") == 3 and modifier_value(state, uid, "strike", "strikes_made") == 4
    assert modifier_entries(state, uid, "strike") == [(2, state.turn + 1), (1, state.turn)]
    assert modifier_values(state, uid, "strike", state.turn + 1) == [2]
    assert has_modifier(state, uid, "strikes_made", state.turn) and not has_modifier(state, uid, "dark", state.turn)
    assert state.cards[uid].modifiers[-1] == ("dark", 1, BATTLE_LONG)
    replace_modifier(state, uid, "strike", 5, state.turn)
    assert modifier_entries(state, uid, "strike") == [(5, state.turn)]
    drop_modifiers(state, uid, "strike", "dark")
    assert [k for k, _, _ in state.cards[uid].modifiers] == ["strikes_made"]


def test_expiry_at_the_end_of_the_turn_keeps_what_lasts(state: GameState) -> None:
    alive, dead = state.cards[0], state.cards[1]
    alive.modifiers = dead.modifiers = ()
    ref = (2, *ref_of(state, GAIN["ability"]))
    add_modifier(state, alive.uid, "strikes_made")
    add_modifier(state, alive.uid, "swap_strike", 1, state.turn + 1)
    add_modifier(state, alive.uid, "gained_grave", ref, state.turn)
    add_modifier(state, dead.uid, "gained_grave", ref, state.turn)
    zone, dead.zone = dead.zone, "grave"
    expire_modifiers(state)
    assert alive.modifiers == (("swap_strike", 1, state.turn + 1),)
    assert dead.modifiers == (("gained_grave", ref, state.turn),)    # kept while it lies in the graveyard
    dead.zone = zone


def test_a_gained_ability_is_a_reference_and_reads_as_before(state: GameState) -> None:
    uid = state.cards[0].uid
    printed = list(abilities(state, uid))
    ref = ref_of(state, GAIN["ability"])
    assert resolve(DB, ref) is GAIN["ability"]
    add_modifier(state, uid, "gained", (1, *ref), state.turn)
    assert list(abilities(state, uid)) == [*printed, {**GAIN["ability"], "giver": 1}]
    assert abilities(state, uid)[-1] is abilities(state, uid)[-1]      # one object: cached, not rebuilt
    back = GameState.from_bytes(state.to_bytes(), DB)
    assert back.state_hash() == state.state_hash() and back.cards[uid].modifiers == state.cards[uid].modifiers


def test_a_copy_of_a_card_part_has_no_reference(state: GameState) -> None:
    with pytest.raises(ValueError, match="not a part"):
        ref_of(state, dict(GAIN["ability"]))


@settings(derandomize=True, database=None, deadline=None, max_examples=60)
@given(st.data())
def test_every_part_of_every_card_resolves_to_itself(data: st.DataObject) -> None:
    state = random_game(3).state
    d = data.draw(st.sampled_from([d for d in DB.values() if d.abilities]))
    part = data.draw(st.sampled_from(_effects(list(d.abilities))))
    ref = ref_of(state, part)
    assert resolve(DB, ref) is part and msgpack.unpackb(msgpack.packb(ref)) == [ref[0], list(ref[1])]


@pytest.mark.parametrize("entry", [
    ["no_such_modifier", 1, 3],
    ["strike", "1", 3],
    ["gained", [0, "99999", [0]], 3],
    ["gained", [0, GIVER.id, [99]], 3],
    ["stay_closed_unless", '{"own_adjacent": "artifact"}', 3],
    ["strike", 1],
])
def test_a_malformed_saved_modifier_is_refused(state: GameState, entry: list) -> None:
    raw = state.to_list()
    raw[12][0][21] = [entry]       # cards[0].modifiers
    with pytest.raises(ValueError, match="modifier"):
        GameState.from_bytes(msgpack.packb(raw), DB)
