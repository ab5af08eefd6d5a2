"""The trigger vocabulary (cards/triggers.py): one wording per `on`, each filter and fact declared and used."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_tui.engine.events import GameEvent
from cards.loader import load_all
from cards.render import render_ability
from cards.triggers import FILTERS, KINDS, WORDINGS, Wording, check_on, wording_of

DB = load_all()
SAMPLES: dict[str, Any] = {"attacks": ["strike"], "levels": ["weak"], "condition": {"class": "Гном"}, "int": 2,
                           "bool": True}


def sample(name: str) -> Any:
    """A well-typed value of filter `name`."""
    f = FILTERS[name]
    return f.values[0] if f.type == "enum" else SAMPLES[f.type if f.type in SAMPLES else name]


def minimal(w: Wording, extra: tuple[str, ...] = ()) -> dict[str, Any]:
    """The `on` table of wording `w` with its needed filters and `extra` allowed ones."""
    return {"event": w.kind, **w.fixed, **{name: sample(name) for name in (*w.needs, *extra)}}


@pytest.mark.parametrize("w", WORDINGS, ids=lambda w: f"{w.kind}-{w.scope}-{'-'.join(map(str, w.fixed.values()))}")
def test_each_wording_is_the_only_match_of_its_on_and_renders(w: Wording) -> None:
    on = minimal(w, w.allows)
    assert check_on(on) is None and wording_of(on) is w
    ability = {"type": "trigger", "on": on, "effect": {"op": "heal", "amount": 1, "target": "self"}}
    card = DB.by_name("Лирайн")
    for lang in ("ru", "en"):
        assert render_ability(card, ability, lang)


def test_the_declarations_hang_together() -> None:
    used = {name for w in WORDINGS for name in (*w.fixed, *w.needs, *w.allows)}
    assert used == set(FILTERS)
    assert {w.kind for w in WORDINGS} == set(KINDS)
    for kind in KINDS.values():
        assert set(kind.roles.values()) <= set(kind.facts) <= set(GameEvent._fields)
    for w in WORDINGS:
        assert {t.name for t in w.tails} <= set(w.fixed) | set(w.needs) | set(w.allows)
        assert ("{q}" in w.ru) == ("{q}" in w.en) == bool(w.q) and (not w.q or w.q in (*w.needs, *w.allows))
        for name, value in w.fixed.items():                 # each fixed value is one the filter declares
            assert (check_on({"event": w.kind, name: value}) or ("", ""))[0] != name, (w, name)


def test_old_names_and_unknown_filters_are_refused() -> None:
    assert check_on("dies") == ("", "expected a table { event = ..., filters }, got 'dies'")
    assert check_on({"event": "dies"})[0] == "event"
    assert check_on({"event": "died", "whose": "self", "by_attack": ["all"]}) == \
        ("by_attack", "unknown trigger filter 'by_attack'")
    assert check_on({"event": "died", "whose": "everyone"})[0] == "whose"


def test_every_card_trigger_has_one_wording() -> None:
    ons = [ab["on"] for c in DB.values() for ab in c.abilities if ab["type"] == "trigger"]
    assert ons and all(check_on(on) is None for on in ons)


@settings(derandomize=True, database=None, deadline=None, max_examples=300)
@given(st.sampled_from(WORDINGS), st.data())
def test_a_wording_with_any_of_its_allowed_filters_matches_it_alone(w: Wording, data: st.DataObject) -> None:
    extra = data.draw(st.lists(st.sampled_from(w.allows), unique=True)) if w.allows else []
    assert wording_of(minimal(w, tuple(extra))) is w
    stray = data.draw(st.sampled_from(sorted(set(FILTERS) - set(w.fixed) - set(w.needs) - set(w.allows))))
    on = {**minimal(w, tuple(extra)), stray: sample(stray)}
    assert wording_of(on) is not w


def test_the_card_schema_names_every_kind_and_filter() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "card-schema.md").read_text(encoding="utf-8")
    section = doc[doc.index("### Triggered abilities"):doc.index("### Concentration")]
    assert [name for name in (*KINDS, *FILTERS) if f"`{name}`" not in section] == []
