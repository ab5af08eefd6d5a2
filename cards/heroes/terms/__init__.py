"""The «Берсерк. Герои» rules vocabulary, each term declared once (docs/heroes-card-schema.md).

Importing this package declares every term. Where a new term goes: `common` holds the terms of the base
rules (seed 002's glossary); each encoder adds the terms its cards need to ITS OWN module — swamp (helper
cards), mountain and forest (mtn), steppe and set08 (steppe) — appending at its end, after checking `main`:
a term already declared anywhere is reused, never declared twice (the import fails if it is).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

from cards.heroes.schema import TYPES
from cards.heroes.terms.model import FIELD_TYPES, LANGS, REGISTRY, Term, TermError, lookup, names

MODULES = ("common", "swamp", "mountain", "forest", "steppe", "set08", "glossary")
DECLARED_IN: dict[str, list[Term]] = {}     # module -> the terms it declares, in order (for the docs)
for _module in MODULES:
    _before = {(f, n) for f, table in REGISTRY.items() for n in table}
    importlib.import_module(f"cards.heroes.terms.{_module}")
    DECLARED_IN[_module] = [t for f, table in REGISTRY.items() for n, t in table.items() if (f, n) not in _before]

ABILITY_TYPES = ("trigger", "activated", "static", "spell", "extra_cost")
# ability type -> its fields (besides `type` and `id`): name -> (field type or a structure, required)
ABILITY_FIELDS: dict[str, dict[str, tuple[str, bool]]] = {
    "trigger": {"on": ("event", True), "every": ("bool", False), "condition": ("condition", False),
                "zones": ("zones", False), "effect": ("effect", True)},
    "activated": {"cost": ("cost", True), "limit": ("int", False), "zones": ("zones", False),
                  "condition": ("condition", False), "effect": ("effect", True)},
    "static": {"static": ("static", True)},
    "spell": {"effect": ("effect", True)},
    # Дополнительная стоимость: paid beside the coins when the card is played; with `effect` it is optional and
    # `effect` is its bonus (rules decision 991)
    "extra_cost": {"cost": ("extra_price", True), "effect": ("effect", False)},
}
EFFECT_FIELDS = {"optional": "bool", "if": "condition", "then": "effect"}   # fields of every op's table
COST_FIELDS = {"coins": "amount", "close": "bool", "discard": "amount", "wound": "int"}   # an activated ability's price
EXTRA_COST_FIELDS = ("discard", "wound")        # the parts of a price a card in the hand can pay (not coins, not (Т))
ZONES = ("play", "graveyard", "hand", "hidden")      # "hidden": works while its creature is hidden (face down)


def terms() -> Iterator[Term]:
    """Every declared term, family by family."""
    for table in REGISTRY.values():
        yield from table.values()


def texts(lang: str) -> dict[str, str]:
    """Every template the declarations hold in `lang`, by message id."""
    index = LANGS.index(lang)
    return {key: pair[index] for t in terms() for key, pair in t.text.items()}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _declared(family: str, value: Any, path: str) -> Term:
    found = lookup(family, value)
    if found is None:
        raise TermError(path, f"undeclared {family} {value!r}" if isinstance(value, str)
                        else f"expected the name of a {family}, got {value!r}")
    return found


def _check_table(t: Term, table: dict[str, Any], key: str, path: str, extra: dict[str, str]) -> None:
    """The fields of a term's table: its declared fields, the `extra` ones, and `key` (the term's name)."""
    for f in t.fields:
        if f.required and f.name not in table:
            raise TermError(f"{path}.{f.name}", f"missing (required by {t.family} {t.name!r})")
    for name, value in table.items():
        if name == key:
            continue
        f = t.field(name)
        kind = f.type if f else extra.get(name)
        if kind is None:
            allowed = ", ".join([x.name for x in t.fields] + list(extra)) or "none"
            raise TermError(f"{path}.{name}", f"unknown field of {t.family} {t.name!r} (its fields: {allowed})")
        check_value(kind, value, f"{path}.{name}")


def check_value(kind: str, value: Any, path: str) -> None:
    """Check a value of a field type (FIELD_TYPES) or of a structure (event, cost, zones, static)."""
    match kind:
        case "int":
            if not _is_int(value) or value < 0:
                raise TermError(path, f"expected {FIELD_TYPES['int']}, got {value!r}")
        case "amount":
            if not (_is_int(value) and value >= 0):
                _declared("value", value, path)
        case "bool":
            if not isinstance(value, bool):
                raise TermError(path, f"expected true or false, got {value!r}")
        case "name":
            if not isinstance(value, str) or not value:
                raise TermError(path, f"expected a card name, got {value!r}")
        case "names":
            if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
                raise TermError(path, f"expected a list of strings, got {value!r}")
        case "types":
            if not isinstance(value, list) or not value or any(v not in TYPES for v in value):
                raise TermError(path, f"expected a list of card types ({', '.join(TYPES)}), got {value!r}")
        case "zones":
            if not isinstance(value, list) or not value or any(v not in ZONES for v in value):
                raise TermError(path, f"expected a list of zones ({', '.join(ZONES)}), got {value!r}")
        case "target" | "player" | "duration":
            _declared(kind, value, path)
        case "condition":
            if isinstance(value, dict):
                _check_table(_declared("condition", value.get("test"), f"{path}.test"), value, "test", path, {})
            else:
                _check_table(_declared("condition", value, path), {}, "test", path, {})
        case "event":
            if not isinstance(value, dict):
                raise TermError(path, f"expected a table with `event`, got {value!r}")
            _check_table(_declared("event", value.get("event"), f"{path}.event"), value, "event", path, {})
        case "static":
            raise AssertionError(kind)   # checked with its ability (its fields are the ability's)
        case "cost":
            if not isinstance(value, dict) or not value:
                raise TermError(path, f"expected a table of {', '.join(COST_FIELDS)}, got {value!r}")
            for name, v in value.items():
                if name not in COST_FIELDS:
                    raise TermError(f"{path}.{name}", f"unknown cost field (its fields: {', '.join(COST_FIELDS)})")
                check_value(COST_FIELDS[name], v, f"{path}.{name}")
        case "extra_price":
            if not isinstance(value, dict) or not value:
                raise TermError(path, f"expected a table of {', '.join(EXTRA_COST_FIELDS)}, got {value!r}")
            for name, v in value.items():
                if name not in EXTRA_COST_FIELDS:
                    raise TermError(f"{path}.{name}", f"not a part of an additional cost (its parts: "
                                                      f"{', '.join(EXTRA_COST_FIELDS)})")
                check_value("int", v, f"{path}.{name}")
                if v < 1:
                    raise TermError(f"{path}.{name}", f"expected an integer ≥ 1, got {v!r}")
        case "effect":
            if isinstance(value, list):
                if not value:
                    raise TermError(path, "an empty list of effects")
                for i, item in enumerate(value):
                    check_value("effect", item, f"{path}[{i}]")
            elif isinstance(value, dict):
                _check_table(_declared("op", value.get("op"), f"{path}.op"), value, "op", path, EFFECT_FIELDS)
            else:
                raise TermError(path, f"expected an effect table with `op` (or a list of them), got {value!r}")
        case "options":
            if not isinstance(value, list) or len(value) < 2:
                raise TermError(path, f"expected a list of at least two effects, got {value!r}")
            for i, item in enumerate(value):
                check_value("effect", item, f"{path}[{i}]")
        case _:
            raise AssertionError(kind)


def check_ability(ab: Any, path: str) -> None:
    """Check one ability of a card; raises TermError naming the field."""
    if not isinstance(ab, dict):
        raise TermError(path, f"expected a table, got {ab!r}")
    kind = ab.get("type")
    if kind not in ABILITY_TYPES:
        raise TermError(f"{path}.type", f"expected one of {', '.join(ABILITY_TYPES)}, got {kind!r}")
    if "id" in ab and not (isinstance(ab["id"], str) and ab["id"]):
        raise TermError(f"{path}.id", f"expected a string, got {ab['id']!r}")
    if kind == "static":
        st = _declared("static", ab.get("static"), f"{path}.static")
        _check_table(st, {k: v for k, v in ab.items() if k not in ("type", "id")}, "static", path, {})
        return
    fields = ABILITY_FIELDS[kind]
    for name, (_, required) in fields.items():
        if required and name not in ab:
            raise TermError(f"{path}.{name}", f"missing (required by a {kind} ability)")
    for name, value in ab.items():
        if name in ("type", "id"):
            continue
        if name not in fields:
            raise TermError(f"{path}.{name}", f"unknown field of a {kind} ability (its fields: {', '.join(fields)})")
        check_value(fields[name][0], value, f"{path}.{name}")


def check_keywords(table: Any, path: str = "keywords") -> None:
    """A card's keywords: `{ name = N }`, N ≥ 1 for a numeric keyword, 1 for a flag."""
    if not isinstance(table, dict):
        raise TermError(path, f"expected a table of keyword = integer, got {table!r}")
    for name, value in table.items():
        kw = _declared("keyword", name, f"{path}.{name}")
        if not _is_int(value) or value < 1 or (not kw.info.get("numeric") and value != 1):
            need = "an integer ≥ 1" if kw.info.get("numeric") else "1 (a flag)"
            raise TermError(f"{path}.{name}", f"expected {need}, got {value!r}")


def op_names() -> tuple[str, ...]:
    """The declared effect ops (the engine's heroes op table holds a handler for each one it runs)."""
    return names("op")


def used_by(keywords: dict[str, int], abilities: tuple[dict[str, Any], ...]) -> Iterator[tuple[str, str]]:
    """(family, name) of every term a card uses."""
    yield from (("keyword", k) for k in keywords)
    for ab in abilities:
        if ab["type"] == "static":
            yield "static", ab["static"]
            yield from _walk_table(lookup("static", ab["static"]), ab, {})
        for key, value in ab.items():
            kind = ABILITY_FIELDS.get(ab["type"], {}).get(key, ("", False))[0]
            if kind:
                yield from _walk(kind, value)


def _walk(kind: str, value: Any) -> Iterator[tuple[str, str]]:
    if kind in ("effect", "options"):
        for item in value if isinstance(value, list) else [value]:
            yield "op", item["op"]
            yield from _walk_table(lookup("op", item["op"]), item, EFFECT_FIELDS)
    elif kind == "event":
        yield "event", value["event"]
        yield from _walk_table(lookup("event", value["event"]), value, {})
    elif kind == "condition":
        name = value["test"] if isinstance(value, dict) else value
        yield "condition", name
        if isinstance(value, dict):
            yield from _walk_table(lookup("condition", name), value, {})
    elif kind in ("target", "player", "duration"):
        yield kind, value
    elif kind == "amount" and isinstance(value, str):
        yield "value", value
    elif kind == "cost":
        yield from _walk("amount", value.get("coins", 0))


def _walk_table(t: Term | None, table: dict[str, Any], extra: dict[str, str]) -> Iterator[tuple[str, str]]:
    assert t is not None
    for name, value in table.items():
        f = t.field(name)
        kind = f.type if f else extra.get(name, "")
        yield from _walk(kind, value)
