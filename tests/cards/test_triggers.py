"""The trigger vocabulary (cards.terms.triggers): one wording per `on`, each filter and fact declared and used."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_tui.engine.events import GameEvent
from cards.loader import load_all
from cards.render import render_ability
from cards.terms.model import TermError, lookup, names
from cards.terms.triggers import WORDINGS, Wording, wording_of
from cards.terms.values import ON, Condition, Enum, Flag, Int

DB = load_all()
SAMPLES: dict[str, Any] = {"attacks": ["strike"], "levels": ["weak"], "in_a_row": 2, "roll_max": 2}


def sample(name: str) -> Any:
    """A well-typed value of filter `name`."""
    type_ = lookup("filter", name).fields[0].type
    if isinstance(type_, Enum):
        return type_.allowed()[0]
    if isinstance(type_, Condition):
        return {"class": "Гном"}
    return True if isinstance(type_, Flag) else SAMPLES[name]


def minimal(w: Wording, extra: tuple[str, ...] = ()) -> dict[str, Any]:
    """The `on` table of wording `w` with its needed filters and `extra` allowed ones."""
    return {"event": w.kind, **w.fixed, **{name: sample(name) for name in (*w.needs, *extra)}}


def problem(on: Any) -> tuple[str, str] | None:
    """Where and what the declarations find wrong with an `on` table, or None."""
    try:
        ON.check(on, "on")
    except TermError as err:
        return err.path, err.message
    return None


@pytest.mark.parametrize("w", WORDINGS, ids=lambda w: w.message)
def test_each_wording_is_the_only_match_of_its_on_and_renders(w: Wording) -> None:
    on = minimal(w, w.allows)
    assert problem(on) is None and wording_of(on) is w
    ability = {"type": "trigger", "on": on, "effect": {"op": "heal", "amount": 1, "target": "self"}}
    card = DB.by_name("Лирайн")
    for lang in ("ru", "en"):
        assert render_ability(card, ability, lang)


def test_the_declarations_hang_together() -> None:
    assert {name for w in WORDINGS for name in w.filters} == set(names("filter"))
    for kind in names("event"):
        term = lookup("event", kind)
        assert term.info["wordings"], kind
        assert set(term.info["roles"].values()) <= set(term.info["facts"]) <= set(GameEvent._fields)
        assert [f.name for f in term.fields] == [f for f in names("filter") if f in {
            name for w in term.info["wordings"] for name in w.filters}]
    for w in WORDINGS:
        assert {t.name for t in w.tails} <= set(w.filters)
        ru, en = lookup("event", w.kind).text[w.message]
        assert ("{q}" in ru) == ("{q}" in en) == bool(w.q) and (not w.q or w.q in (*w.needs, *w.allows))
        for name, value in w.fixed.items():                 # each fixed value is one the filter declares
            lookup("filter", name).fields[0].type.check(value, name)


def test_old_names_unknown_filters_and_other_combinations_are_refused() -> None:
    assert problem("dies") == ("on", "expected a non-empty table, got 'dies'")
    assert problem({"event": "dies"}) == ("on.event", "unknown event kind 'dies'")
    assert problem({"event": "died", "whose": "self", "by_attack": ["all"]}) == \
        ("on.by_attack", "unknown trigger filter")
    assert problem({"event": "died", "whose": "self", "status": "cursed"}) == \
        ("on.status", "no trigger of kind 'died' takes this filter")
    assert problem({"event": "died", "whose": "everyone"}) == ("on.whose", "unknown whose 'everyone'")
    assert problem({"event": "died", "whose": "self", "relation": "opposite"}) == \
        ("on", "no trigger of kind 'died' takes these filters: ['relation', 'whose'] with these values")


def test_every_card_trigger_has_one_wording() -> None:
    ons = [ab["on"] for c in DB.values() for ab in c.abilities if ab["type"] == "trigger"]
    assert ons and all(problem(on) is None and wording_of(on) is not None for on in ons)


@settings(derandomize=True, database=None, deadline=None, max_examples=300)
@given(st.sampled_from(WORDINGS), st.data())
def test_a_wording_with_any_of_its_allowed_filters_matches_it_alone(w: Wording, data: st.DataObject) -> None:
    extra = data.draw(st.lists(st.sampled_from(w.allows), unique=True)) if w.allows else []
    assert wording_of(minimal(w, tuple(extra))) is w
    taken = {f.name for f in lookup("event", w.kind).fields}       # a filter no wording of its kind takes
    stray = data.draw(st.sampled_from(sorted(set(names("filter")) - taken)))
    on = {**minimal(w, tuple(extra)), stray: sample(stray)}
    other = wording_of(on)      # a stray filter never matches `w`; it may make another wording («whose + valhalla»)
    assert other is not w and (other is not None or problem(on) is not None)


def test_a_filter_value_of_the_wrong_type_is_refused_naming_it() -> None:
    for name in names("filter"):
        type_ = lookup("filter", name).fields[0].type
        bad = 0 if isinstance(type_, Flag) else "x" if isinstance(type_, Int) else 7
        w = next(w for w in WORDINGS if name in w.filters)
        assert problem({**minimal(w, w.allows), name: bad})[0] == f"on.{name}", name
