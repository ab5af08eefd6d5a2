"""The declaration of a rules term: its family and name, its fields, its text and its documentation.

Every term of the card schema is declared once, with `declare`, in a module of this package: an
effect op, a condition key, a static ability, a keyword, an instant timing, an ability kind, a trigger
filter, a trigger event kind. The loader checks cards against the declarations, the renderer writes their
text from them and `cards.terms.docs` writes the tables of docs/card-schema.md.

A new family is one entry of FAMILIES and a module listed in `cards.terms.MODULES`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cards.terms.values import Type

LANGS = ("ru", "en")

# family -> (its name in docs and errors, the prefixes of its message ids)
FAMILIES: dict[str, tuple[str, tuple[str, ...]]] = {
    "op": ("effect op", ("fx",)),
    "condition": ("condition", ("q", "clause")),
    "static": ("static ability", ("static",)),
    "keyword": ("keyword", ("kw",)),
    "timing": ("instant timing", ("note.timing",)),
    "ability": ("ability kind", ("ability",)),
    "filter": ("trigger filter", ("tail",)),
    "event": ("trigger event", ("on",)),
}


class TermError(ValueError):
    """A value breaks a declaration: `path` names the field, `item` the part of its value (a list
    index, a table key; "" for the value itself), `message` what is wrong."""

    def __init__(self, path: str, message: str, item: str = "") -> None:
        super().__init__(f"{path}{item}: {message}")
        self.path = path
        self.item = item
        self.message = message


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a term's table: its name, the type of its value, whether it must be there."""

    name: str
    type: Type
    required: bool = False
    doc: str = ""


@dataclass(frozen=True, slots=True)
class Term:
    """One rules term.

    `text` maps each message id of the term to its (Russian, English) template; the ids start with
    one of the family's prefixes and the term's name (`fx.wound`, `fx.wound.rolled`). `render`
    writes the term's phrase when its main template alone cannot (see cards/render); `rule` checks
    what a field's type cannot say alone (one field only with another) and raises TermError. `info`
    holds family facts (a keyword's numeric value, a condition's roles, an event kind's wordings).
    """

    family: str
    name: str
    fields: tuple[Field, ...] = ()
    text: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    doc: str = ""
    render: Callable[..., str] | None = None
    rule: Callable[[Mapping[str, Any], str], None] | None = None
    info: Mapping[str, Any] = field(default_factory=dict)

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)

    @property
    def main_id(self) -> str:
        """The id of the term's main template: the family's first prefix and the term's name."""
        return f"{FAMILIES[self.family][1][0]}.{self.name}"


REGISTRY: dict[str, dict[str, Term]] = {family: {} for family in FAMILIES}


def declare(*terms: Term) -> None:
    """Add terms to the registry; a term is declared once, and its message ids are its own."""
    for term in terms:
        table = REGISTRY[term.family]
        if term.name in table:
            raise ValueError(f"{term.family} {term.name!r} is declared twice")
        own = tuple(f"{prefix}.{term.name}" for prefix in FAMILIES[term.family][1])
        for key in term.text:
            if not any(key == p or key.startswith(f"{p}.") for p in own):
                raise ValueError(f"{term.family} {term.name!r}: message id {key!r} is not its own")
        table[term.name] = term


def lookup(family: str, name: Any) -> Term | None:
    """The declared term of `family` called `name`, or None."""
    return REGISTRY[family].get(name) if isinstance(name, str) else None


def names(family: str) -> tuple[str, ...]:
    """The names of a family's terms, in declaration order."""
    return tuple(REGISTRY[family])


def op(name: str, fields: tuple[Field, ...], doc: str, text: Mapping[str, tuple[str, str]],
       render: Callable[..., str] | None = None, rule: Callable[[Mapping[str, Any], str], None] | None = None) -> Term:
    """An effect op; without `render` its phrase is its main template `fx.NAME` with its fields as slots."""
    return Term("op", name, fields, text, doc, render, rule)


def static(name: str, fields: tuple[Field, ...], doc: str, text: Mapping[str, tuple[str, str]],
           render: Callable[..., str] | None = None,
           rule: Callable[[Mapping[str, Any], str], None] | None = None) -> Term:
    """A static ability; without `render` its phrase is its main template `static.NAME`."""
    return Term("static", name, fields, text, doc, render, rule)
