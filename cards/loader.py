"""Load and validate the card set files (see docs/card-schema.md)."""

from __future__ import annotations

import difflib
import functools
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from cards.schema import ELEMENTS, EQUIPMENT_CLASSES, KINDS, CardDef, ability_id
from cards.terms import check_ability, check_keywords
from cards.terms.model import TermError
from cards.terms.triggers import granted_keys, trigger_index

SETS_DIR = Path(__file__).parent / "sets"

# Card field -> expected TOML type (see _type_ok).
_FIELDS: dict[str, str] = {
    "id": "str", "number": "int", "name": "str", "elements": "str_list", "cost": "int",
    "elite": "bool", "unique": "bool", "kind": "str", "classes": "str_list", "rarity": "str",
    "life": "int", "move": "int", "strike": "strike", "keywords": "keywords", "icons": "str_list",
    "implemented": "bool",
}
_TYPE_NAMES = {
    "str": "a string", "int": "an integer", "bool": "true or false", "str_list": "a list of strings",
    "strike": "a list of 3 integers", "keywords": "a table of keyword = integer",
}
_OPTIONAL_FIELDS = ("abilities",)


class CardDataError(ValueError):
    """A set file is malformed; the message names the file, the card and the field."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _type_ok(value: Any, expected: str) -> bool:
    """True if `value` has the TOML type `expected` (see _FIELDS)."""
    match expected:
        case "str":
            return isinstance(value, str)
        case "int":
            return _is_int(value)
        case "bool":
            return isinstance(value, bool)
        case "str_list":
            return isinstance(value, list) and all(isinstance(v, str) for v in value)
        case "strike":
            return isinstance(value, list) and len(value) == 3 and all(_is_int(v) for v in value)
        case "keywords":
            return isinstance(value, dict) and all(_is_int(v) for v in value.values())
    raise AssertionError(expected)


def _label(card_id: object, name: object) -> str:
    return f"{card_id} «{name}»"


class _Where:
    """Error context: a file and, once known, a card."""

    def __init__(self, path: Path, card: str = "") -> None:
        self.path = path
        self.card = card

    def error(self, field: str, message: str) -> CardDataError:
        card = f" card {self.card}:" if self.card else ""
        return CardDataError(f"{self.path}:{card} {field}: {message}")

    def term_error(self, err: TermError) -> CardDataError:
        """A value that breaks a term's declaration (cards.terms): the field it is in."""
        return self.error(err.path, err.message)


def _check_fields(raw: dict[str, Any], where: _Where) -> None:
    for name, expected in _FIELDS.items():
        if name not in raw:
            raise where.error(name, "missing field")
        if not _type_ok(raw[name], expected):
            raise where.error(name, f"expected {_TYPE_NAMES[expected]}, got {raw[name]!r}")
    for name in raw:
        if name not in _FIELDS and name not in _OPTIONAL_FIELDS:
            raise where.error(name, "unknown field")


def _check_vocab(raw: dict[str, Any], where: _Where) -> None:
    for element in raw["elements"]:
        if element not in ELEMENTS:
            raise where.error("elements", f"unknown element {element!r} (known: {', '.join(ELEMENTS)})")
    if raw["kind"] not in KINDS:
        raise where.error("kind", f"unknown kind {raw['kind']!r} (known: {', '.join(KINDS)})")
    if raw["kind"] == "equipment" and (len(raw["classes"]) != 1 or raw["classes"][0] not in EQUIPMENT_CLASSES):
        raise where.error("classes", f"an equipment has exactly one class of: {', '.join(EQUIPMENT_CLASSES)}")
    try:
        check_keywords(raw["keywords"])
    except TermError as err:
        raise where.term_error(err) from None


def _check_abilities(abilities: Any, where: _Where) -> None:
    if not isinstance(abilities, list):
        raise where.error("abilities", "expected an array of tables ([[card.abilities]])")
    for i, ab in enumerate(abilities):
        try:
            check_ability(ab, f"abilities[{i}]")
        except TermError as err:
            raise where.term_error(err) from None
    ids = [ability_id(ab, i) for i, ab in enumerate(abilities)]
    duplicates = sorted({x for x in ids if ids.count(x) > 1})
    if duplicates:
        raise where.error("abilities", f"duplicate ability id {duplicates[0]!r}")


def _card(raw: Any, set_id: int, where: _Where, boardgame: bool = False) -> CardDef:
    """Validate one raw [[card]] table and build its CardDef."""
    if not isinstance(raw, dict):
        raise where.error("card", "expected a table")
    where.card = _label(raw.get("id", "?"), raw.get("name", "?"))
    _check_fields(raw, where)
    _check_vocab(raw, where)
    if raw["id"] != str(set_id * 1000 + raw["number"]):
        raise where.error("id", f"expected {set_id * 1000 + raw['number']} (set * 1000 + number)")
    abilities = raw.get("abilities", [])
    _check_abilities(abilities, where)
    return CardDef(
        id=raw["id"], set=set_id, number=raw["number"], name=raw["name"], elements=tuple(raw["elements"]),
        cost=raw["cost"], elite=raw["elite"], unique=raw["unique"], kind=raw["kind"],
        classes=tuple(raw["classes"]), life=raw["life"], move=raw["move"], strike=tuple(raw["strike"]),
        keywords=dict(raw["keywords"]), abilities=tuple(abilities), icons=tuple(raw["icons"]),
        rarity=raw["rarity"], implemented=raw["implemented"], triggers=trigger_index(tuple(abilities)),
        boardgame=boardgame,
    )


def _read_set(path: Path) -> tuple[int, str, list[CardDef]]:
    """Parse and validate one set file: (set id, set name, cards)."""
    where = _Where(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{path}: TOML syntax error: {exc}") from exc
    header = data.get("set")
    if not isinstance(header, dict) or not _is_int(header.get("id")) or not isinstance(header.get("name"), str):
        raise where.error("set", "expected a [set] table with integer id and string name")
    boardgame = header.get("boardgame", False)
    if not isinstance(boardgame, bool):
        raise where.error("set", f"boardgame: expected true or false, got {boardgame!r}")
    raw_cards = data.get("card", [])
    if not isinstance(raw_cards, list):
        raise where.error("card", "expected an array of tables ([[card]])")
    cards: list[CardDef] = []
    seen: set[str] = set()
    for raw in raw_cards:
        card = _card(raw, header["id"], where, boardgame)
        if card.id in seen:
            raise where.error("id", "duplicate card id")
        seen.add(card.id)
        cards.append(card)
    return header["id"], header["name"], cards


def load_set(path: Path | str) -> list[CardDef]:
    """The validated cards of one set file, in file order."""
    return _read_set(Path(path))[2]


def fold(text: str) -> str:
    """A card name or a search text as names are matched: surrounding spaces dropped, any case,
    «ё» read as «е»."""
    return text.strip().casefold().replace("ё", "е")


class CardDB(Mapping[str, CardDef]):
    """All loaded cards: card id -> CardDef, plus lookups by name, implementation and set."""

    def __init__(self, sets: Mapping[int, tuple[str, list[CardDef]]]) -> None:
        self._sets = {sid: (name, tuple(cards)) for sid, (name, cards) in sorted(sets.items())}
        self._cards = {c.id: c for _, cards in self._sets.values() for c in cards}
        self.cards: dict[str, CardDef] = self._cards   # plain dict for the engine's hot paths
        # (event kind, listening group) -> the ids of the cards with printed triggers hearing it; and those of
        # the triggers an op `gain` of some card gives: only those can be gained
        listening: dict[tuple[str, str], set[str]] = {}
        for card in self._cards.values():
            for key in card.triggers:
                listening.setdefault(key, set()).add(card.id)
        self.listening: dict[tuple[str, str], frozenset[str]] = {k: frozenset(v) for k, v in listening.items()}
        self.granted: frozenset[tuple[str, str]] = granted_keys(ab for c in self._cards.values() for ab in c.abilities)
        self._names: dict[str, CardDef] = {}
        self._loose_names: dict[str, CardDef] = {}
        for card in self._cards.values():
            self._names.setdefault(card.name, card)
            self._loose_names.setdefault(fold(card.name), card)

    def __getitem__(self, card_id: str) -> CardDef:
        return self._cards[card_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def by_name(self, name: str) -> CardDef:
        """The card with this exact name, else the one matching it as `fold` does; KeyError if none."""
        card = self._names.get(name) or self._loose_names.get(fold(name))
        if card is None:
            raise KeyError(name)
        return card

    def find(self, ref: str) -> CardDef | None:
        """The card a reference names: an id, else a name (as `fold` matches them); None if none."""
        if ref.strip() in self._cards:
            return self._cards[ref.strip()]
        try:
            return self.by_name(ref)
        except KeyError:
            return None

    def matching(self, ref: str) -> list[CardDef]:
        """The card `ref` names (`find`), else every card whose name contains it (as `fold` matches)."""
        card = self.find(ref)
        if card is not None:
            return [card]
        needle = fold(ref)
        return [c for c in self._cards.values() if needle and needle in fold(c.name)]

    def similar(self, name: str) -> list[str]:
        """Up to three card names close to `name` (as `fold` matches them), for "did you mean" hints."""
        names = {fold(n): n for n in reversed(self.names())}
        return [names[n] for n in difflib.get_close_matches(fold(name), list(names), n=3, cutoff=0.6)]

    def names(self) -> list[str]:
        """All card names, in set and number order."""
        return [c.name for c in self._cards.values()]

    def implemented(self) -> list[CardDef]:
        """The cards playable in decks (a board-game mode's own cards are not)."""
        return [c for c in self._cards.values() if c.implemented and not c.boardgame]

    def sets(self) -> dict[int, tuple[str, tuple[CardDef, ...]]]:
        """Set id -> (set name, its cards in file order)."""
        return dict(self._sets)


@functools.cache
def load_all(directory: Path = SETS_DIR) -> CardDB:
    """Load every set file of `directory` (once per process for each directory).

    Card ids are unique across sets: each is set * 1000 + number and set ids are unique.
    """
    sets: dict[int, tuple[str, list[CardDef]]] = {}
    set_files: dict[int, Path] = {}
    for path in sorted(Path(directory).glob("*.toml")):
        set_id, name, cards = _read_set(path)
        if set_id in set_files:
            raise CardDataError(f"{path}: set: set id {set_id} already used by {set_files[set_id]}")
        set_files[set_id] = path
        sets[set_id] = (name, cards)
    return CardDB(sets)


def coverage(db: CardDB) -> list[tuple[int, str, int, int]]:
    """Per set: (set id, set name, implemented cards, total cards)."""
    return [
        (set_id, name, sum(c.implemented for c in cards), len(cards))
        for set_id, (name, cards) in db.sets().items()
    ]
