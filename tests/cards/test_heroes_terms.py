"""The «Берсерк. Герои» vocabulary: declared once, its templates fill only its own slots in both languages, the
generated tables of docs/heroes-card-schema.md match it, and every term is used or documented."""

from __future__ import annotations

import re

import pytest

from cards.heroes.terms import DECLARED_IN, MODULES, terms
from cards.heroes.terms.docs import DOC, update
from cards.heroes.terms.model import FAMILIES, LANGS, Term, TermError, declare, lookup, term

SLOT = re.compile(r"\{(\w+)(?:@(\w+))?(?:#([^}]*))?\}")
FORMS = {"int": {"ord", "coins"}, "amount": {"ord", "coins"}, "types": {"is", "pl"}}   # the renderer's own forms
PLURALS = {"ru": 3, "en": 2}


@pytest.mark.parametrize("t", list(terms()), ids=lambda t: f"{t.family}.{t.name}")
def test_templates_fill_only_known_slots(t: Term) -> None:
    assert t.doc, "every term says what it means (docs/heroes-card-schema.md)"
    for msg_id, pair in t.text.items():
        assert len(pair) == len(LANGS) and all(pair), msg_id
        for lang, template in zip(LANGS, pair, strict=True):
            for name, form, plural in SLOT.findall(template):
                if t.family == "keyword":
                    assert name == "n" and t.info["numeric"], (msg_id, template)
                    continue
                f = t.field(name)
                assert f is not None, f"{msg_id} ({lang}): slot {{{name}}} is no field of {t.name}"
                if plural:
                    assert len(plural.split("|")) == PLURALS[lang], (msg_id, lang, plural)
                if form and f.type in FORMS:
                    assert form in FORMS[f.type], (msg_id, form)
                elif form and f.type == "player":     # every player has every form a template asks of it
                    assert all(f"{p.main_id}.{form}" in p.text for p in terms() if p.family == "player"), form


def test_every_term_belongs_to_one_module() -> None:
    seen = [(t.family, t.name) for module in MODULES for t in DECLARED_IN[module]]
    assert len(seen) == len(set(seen)) == len(list(terms()))


def test_declaring_twice_or_foreign_ids_fail() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        declare(term("op", "wound", "x", "x", "x"))
    with pytest.raises(ValueError, match="not its own"):
        declare(Term("op", "zz_new", (), {"fx.zz_new": ("a", "b"), "fx.wound.x": ("a", "b")}, "d"))
    assert lookup("op", "zz_new") is None


def test_term_error_names_the_path() -> None:
    assert str(TermError("abilities[0].effect.op", "undeclared op 'x'")) == "abilities[0].effect.op: undeclared op 'x'"


def test_families_have_distinct_prefixes() -> None:
    prefixes = [p for _, p in FAMILIES.values()]
    assert len(prefixes) == len(set(prefixes))


def test_docs_tables_are_current() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert update(text) == text, "run: .venv/bin/python -m cards.heroes.terms.docs"
