"""Load and check the «Берсерк. Герои» set files (docs/heroes-card-schema.md).

`load_heroes()` reads every `sets/*.toml` and returns the cards by id; a malformed file raises
HeroCardError naming the file, the card and the field.
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path
from typing import Any

from cards.heroes.schema import ELEMENTS, RARITIES, SUBTYPES, TYPES, HeroCardDef, ability_id
from cards.heroes.terms import check_ability, check_keywords
from cards.heroes.terms.model import TermError, lookup

SETS_DIR = Path(__file__).parent / "sets"

# card field -> (its TOML kind, required)
_FIELDS: dict[str, tuple[str, bool]] = {
    "id": ("str", True), "number": ("int", True), "name": ("str", True), "type": ("str", True),
    "subtype": ("str", False), "elements": ("str_list", True), "classes": ("str_list", True),
    "rarity": ("str", True), "cost": ("cost", True), "attack": ("int", False), "health": ("int", False),
    "keywords": ("table", False), "abilities": ("list", False), "implemented": ("bool", False),
    "draft_rate": ("int", False),
}
_KINDS = {"str": "a string", "int": "an integer ≥ 0", "str_list": "a list of strings", "bool": "true or false",
          "table": "a table", "list": "an array of tables", "cost": "an integer ≥ 0 or \"X\""}


class HeroCardError(ValueError):
    """A set file is malformed: the message names the file, the card and the field."""


def _kind_ok(value: Any, kind: str) -> bool:
    is_int = isinstance(value, int) and not isinstance(value, bool)
    match kind:
        case "str":
            return isinstance(value, str) and bool(value)
        case "int":
            return is_int and value >= 0
        case "cost":
            return (is_int and value >= 0) or value == "X"
        case "str_list":
            return isinstance(value, list) and all(isinstance(v, str) and v for v in value)
        case "bool":
            return isinstance(value, bool)
        case "table":
            return isinstance(value, dict)
        case "list":
            return isinstance(value, list)
    raise AssertionError(kind)


class _Where:
    def __init__(self, path: Path, card: str = "") -> None:
        self.path, self.card = path, card

    def error(self, field: str, message: str) -> HeroCardError:
        card = f" card {self.card}:" if self.card else ""
        return HeroCardError(f"{self.path.name}:{card} {field}: {message}")


def _card(raw: Any, set_id: int, index: int, path: Path) -> HeroCardDef:
    if not isinstance(raw, dict):
        raise _Where(path).error(f"card[{index}]", "expected a table")
    where = _Where(path, f"{raw.get('id', f'#{index + 1}')} «{raw.get('name', '?')}»")
    for name in raw:
        if name not in _FIELDS:
            raise where.error(name, f"unknown card field (the fields: {', '.join(_FIELDS)})")
    for name, (kind, required) in _FIELDS.items():
        if name not in raw:
            if required:
                raise where.error(name, "missing")
            continue
        if not _kind_ok(raw[name], kind):
            raise where.error(name, f"expected {_KINDS[kind]}, got {raw[name]!r}")
    for name, allowed in (("type", TYPES), ("rarity", RARITIES)):
        if raw[name] not in allowed:
            raise where.error(name, f"expected one of {', '.join(allowed)}, got {raw[name]!r}")
    for element in raw["elements"]:
        if element not in ELEMENTS:
            raise where.error("elements", f"expected elements of {', '.join(ELEMENTS)}, got {element!r}")
    kind = raw["type"]
    subtype = raw.get("subtype", "")
    if (kind == "equipment") != bool(subtype) or (subtype and subtype not in SUBTYPES):
        raise where.error("subtype", f"an equipment has one of {', '.join(SUBTYPES)}; other types none"
                          f" (got {subtype!r} on a {kind})")
    need = {"creature": ("attack", "health"), "hero": ("health",)}.get(kind, ())
    for name in ("attack", "health"):
        if (name in need) != (name in raw):
            raise where.error(name, f"a {kind} {'needs' if name in need else 'has no'} {name}")
    try:
        check_keywords(raw.get("keywords", {}))
        abilities = raw.get("abilities", [])
        for i, ab in enumerate(abilities):
            check_ability(ab, f"abilities[{i}]")
    except TermError as err:
        raise where.error(err.path, err.message) from None
    kinds = [ab["type"] for ab in abilities]
    if ("spell" in kinds) != (kind == "spell") or kinds.count("spell") > 1:
        raise where.error("abilities", "a spell card has exactly one `spell` ability; other cards none")
    ids = [ability_id(ab, i) for i, ab in enumerate(abilities)]
    if len(set(ids)) != len(ids):
        raise where.error("abilities", f"ability ids repeat: {ids}")
    cost = raw["cost"]
    return HeroCardDef(
        id=raw["id"], set=set_id, number=raw["number"], name=raw["name"], type=kind, subtype=subtype,
        elements=tuple(raw["elements"]), classes=tuple(raw["classes"]), rarity=raw["rarity"],
        cost=0 if cost == "X" else cost, x_cost=cost == "X", attack=raw.get("attack", 0),
        health=raw.get("health", 0), keywords=dict(raw.get("keywords", {})), abilities=tuple(abilities),
        implemented=raw.get("implemented", False), draft_rate=raw.get("draft_rate", 0))


def _read(path: Path) -> dict[str, Any]:
    """A set file's TOML, with its [set] head checked."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise _Where(path).error("toml", str(err)) from None
    head = data.get("set")
    if not isinstance(head, dict) or not isinstance(head.get("id"), int) or not isinstance(head.get("name"), str):
        raise _Where(path).error("set", "expected a [set] table with an integer `id` and a string `name`")
    unknown = sorted(set(data) - {"set", "card"})
    if unknown:
        raise _Where(path).error(unknown[0], "unknown table (a set file holds [set] and [[card]])")
    if not isinstance(data.get("card", []), list):
        raise _Where(path).error("card", "expected an array of tables [[card]]")
    return data


def load_set(path: Path) -> list[HeroCardDef]:
    """The cards of one set file, checked."""
    data = _read(path)
    return [_card(raw, data["set"]["id"], i, path) for i, raw in enumerate(data.get("card", []))]


@functools.cache
def set_names(sets_dir: Path = SETS_DIR) -> dict[int, str]:
    """Each set's name by its id (the files of one set share it)."""
    names: dict[int, str] = {}
    for path in sorted(sets_dir.glob("*.toml")):
        head = _read(path)["set"]
        if names.setdefault(head["id"], head["name"]) != head["name"]:
            raise _Where(path).error("set.name", f"set {head['id']} is called {names[head['id']]!r} elsewhere")
    return names


def _check_db(db: dict[str, HeroCardDef], origin: dict[str, Path]) -> None:
    """Across the files: ids and (set, number) unique; every card an ability names exists (one it creates is
    `created`)."""
    seen: dict[tuple[int, int], str] = {}
    by_name = {c.name: c for c in db.values()}
    for card in db.values():
        where = _Where(origin[card.id], f"{card.id} «{card.name}»")
        key = (card.set, card.number)
        if key in seen:
            raise where.error("number", f"set {card.set} number {card.number} is also {seen[key]}")
        seen[key] = card.id
        for i, ab in enumerate(card.abilities):
            for op, name in _card_names(ab):
                named = by_name.get(name)
                if named is None:
                    raise where.error(f"abilities[{i}]", f"{op} names the card {name!r}, which no set file holds")
                if op == "create" and not named.has("created"):
                    raise where.error(f"abilities[{i}]", f"creates {name!r}, which is no card with `created`")


_NAMING = {"op": "op", "event": "event", "test": "condition"}     # a table's key -> the family of its term


def _card_names(value: Any) -> list[tuple[str, str]]:
    """(the term's name, the card name) of every `card` field (a card's name) of a term inside an ability."""
    if isinstance(value, list):
        return [n for v in value for n in _card_names(v)]
    if not isinstance(value, dict):
        return []
    own = []
    for key, family in _NAMING.items():
        term = lookup(family, value.get(key))
        field = term.field("card") if term else None
        if field is not None and field.type == "name" and "card" in value:
            own.append((value[key], value["card"]))
    return own + [n for v in value.values() for n in _card_names(v)]


def load_heroes(sets_dir: Path | None = None) -> dict[str, HeroCardDef]:
    """Every «Берсерк. Герои» card by id (cached for the shipped sets)."""
    return _load(sets_dir or SETS_DIR) if sets_dir else _shipped()


@functools.cache
def _shipped() -> dict[str, HeroCardDef]:
    return _load(SETS_DIR)


def _load(sets_dir: Path) -> dict[str, HeroCardDef]:
    set_names(sets_dir)
    db: dict[str, HeroCardDef] = {}
    origin: dict[str, Path] = {}
    for path in sorted(sets_dir.glob("*.toml")):
        for card in load_set(path):
            if card.id in db:
                raise _Where(path, f"{card.id} «{card.name}»").error("id", f"also in {origin[card.id].name}")
            db[card.id] = card
            origin[card.id] = path
    _check_db(db, origin)
    return db
