"""The rules vocabulary of the card schema, each term declared once (docs/card-schema.md).

Importing this package declares every term: keywords, condition keys, instant timings, effect ops,
static abilities, the other ability kinds, trigger filters and event kinds (`model.declare`). Its
functions are what the loader, the renderer, the docs and the tests ask of the declarations.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

from cards.terms.model import LANGS, REGISTRY, Term, lookup, names
from cards.terms.values import Ability, KeywordTable, walk

MODULES = ("keywords", "conditions", "timings", "abilities", "triggers", "ops.flow", "ops.wounds", "ops.status",
           "ops.markers", "ops.movement", "ops.stack", "ops.deck", "ops.symbiont", "statics.attacks", "statics.blocks",
           "statics.cards")   # the modules that declare terms
for _module in MODULES:
    importlib.import_module(f"cards.terms.{_module}")

KEYWORDS = names("keyword")     # in the order a card lists them
NUMERIC_KEYWORDS = frozenset(k for k in KEYWORDS if lookup("keyword", k).info["numeric"])
STATIC_TYPES = names("static")
ABILITY_TYPES = (*STATIC_TYPES, *names("ability"))
INSTANT_TIMINGS = names("timing")
PROTECTIONS: dict[str, tuple[str, ...]] = {}     # attack kind (or "spell") -> the keywords that stop it
for _name in KEYWORDS:
    for _kind in lookup("keyword", _name).info["protects"]:
        PROTECTIONS[_kind] = (*PROTECTIONS.get(_kind, ()), _name)


def op_names() -> tuple[str, ...]:
    """The declared effect ops (each needs a handler in the engine)."""
    return names("op")


def terms() -> Iterator[Term]:
    """Every declared term, family by family."""
    for table in REGISTRY.values():
        yield from table.values()


def texts(lang: str) -> dict[str, str]:
    """Every template the declarations hold in `lang`, by message id."""
    index = LANGS.index(lang)
    return {key: pair[index] for term in terms() for key, pair in term.text.items()}


def check_ability(ab: Any, path: str) -> None:
    """Check an ability against the declarations; raises TermError naming the field."""
    Ability().check(ab, path)


def check_keywords(table: Any, path: str = "keywords") -> None:
    """Check a card's printed keywords (`{ keyword = N }`, 0 as good as absent)."""
    KeywordTable(zero=True).check(table, path)


def used_by(printed: Mapping[str, int], abilities: tuple[Mapping[str, Any], ...]) -> Iterator[tuple[str, str]]:
    """(family, name) of every term a card uses: its printed keywords and every term in its abilities."""
    yield from (("keyword", k) for k, n in printed.items() if n)
    for ab in abilities:
        yield from walk(ab, Ability())
        if ab.get("instant"):
            yield "timing", ab.get("timing", "response")
