"""The declaration of a «Берсерк. Герои» rules term: its family, name, fields, texts (ru, en) and documentation.

A registry of its own, apart from the classic game's cards.terms: the two games share no terms. Every term is
declared once (`declare`), in one module of this package (cards.heroes.terms.MODULES); the loader checks cards
against the declarations, the renderer (cards.heroes.render) writes their text from them.

Templates fill slots from the term's fields: `{f}` the field's phrase, `{f@form}` a form of the term the field
names (`tg.creature.nom`) or an ordinal of an integer (`@ord`), `{f#one|few|many}` a number with its noun
(ru three forms, en two; 1 alone gives the noun alone). A term may hold variant templates, `MAIN.a+b`, used when
its optional fields a and b are given (in declaration order).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

LANGS = ("ru", "en")

# family -> (its name in docs and errors, the prefix of its message ids)
FAMILIES: dict[str, tuple[str, str]] = {
    "keyword": ("keyword", "kw"),
    "event": ("trigger event", "on"),
    "op": ("effect op", "fx"),
    "static": ("static ability", "st"),
    "condition": ("condition", "if"),
    "target": ("target", "tg"),
    "player": ("player", "pl"),
    "value": ("value", "val"),
    "duration": ("duration", "dur"),
}

# field type -> what a value of it is (docs and errors); the loader checks values, the renderer writes them
FIELD_TYPES: dict[str, str] = {
    "int": "an integer ≥ 0",
    "amount": "an integer ≥ 0 or a declared value (\"x\", ...)",
    "bool": "true or false",
    "name": "a card name (a string)",
    "names": "a list of strings",
    "target": "a declared target",
    "player": "a declared player",
    "duration": "a declared duration",
    "condition": "a declared condition (its name, or a table with `test` and its fields)",
    "effect": "an effect (a table with `op`, or a list of them)",
    "options": "a list of effects",
    "types": "a list of card types",
}


class TermError(ValueError):
    """A value breaks a declaration: `path` names the field, `message` what is wrong."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a term's table: its name, its type (FIELD_TYPES), whether it must be there."""

    name: str
    type: str
    required: bool = False
    doc: str = ""

    def __post_init__(self) -> None:
        if self.type not in FIELD_TYPES:
            raise ValueError(f"field {self.name!r}: unknown field type {self.type!r}")


@dataclass(frozen=True, slots=True)
class Term:
    """One rules term. `text` maps each of its message ids (`PREFIX.NAME`, `PREFIX.NAME.variant`) to its
    (Russian, English) template; `info` holds family facts (a keyword is numeric, an event's head form...)."""

    family: str
    name: str
    fields: tuple[Field, ...] = ()
    text: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    doc: str = ""
    info: Mapping[str, Any] = field(default_factory=dict)

    @property
    def main_id(self) -> str:
        return f"{FAMILIES[self.family][1]}.{self.name}"

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)


REGISTRY: dict[str, dict[str, Term]] = {family: {} for family in FAMILIES}


def declare(*terms: Term) -> None:
    """Add terms to the registry: a term is declared once, with its main template, and its ids are its own."""
    for term in terms:
        table = REGISTRY[term.family]
        if term.name in table:
            raise ValueError(f"heroes {term.family} {term.name!r} is declared twice")
        if term.main_id not in term.text:
            raise ValueError(f"heroes {term.family} {term.name!r}: no template {term.main_id!r}")
        for key in term.text:
            if key != term.main_id and not key.startswith(f"{term.main_id}."):
                raise ValueError(f"heroes {term.family} {term.name!r}: message id {key!r} is not its own")
        table[term.name] = term


def lookup(family: str, name: Any) -> Term | None:
    """The declared term of `family` called `name`, or None."""
    return REGISTRY[family].get(name) if isinstance(name, str) else None


def names(family: str) -> tuple[str, ...]:
    return tuple(REGISTRY[family])


def term(family: str, name: str, ru: str, en: str, doc: str = "", fields: tuple[Field, ...] = (),
         variants: Mapping[str, tuple[str, str]] | None = None, **info: Any) -> Term:
    """A term with its main template (ru, en) and variant or form templates by suffix (`{"nom": (ru, en)}`)."""
    main = f"{FAMILIES[family][1]}.{name}"
    text = {main: (ru, en)} | {f"{main}.{suffix}": pair for suffix, pair in (variants or {}).items()}
    return Term(family, name, fields, text, doc, info)
