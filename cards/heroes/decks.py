"""The prebuilt decks of «Берсерк. Герои» (`cards/heroes/decks/*.toml`) and the check of a deck's rules.

A deck file is TOML: `name`, `name_en`, `description`, `description_en`, `hero` (the hero's name or id) and a
`[cards]` table of card name (or id) = copies, and optionally an `[extra]` table, the extra deck (seed 002,
«Дополнительная колода»: cards to change the deck with between the games of a match; rules decision 941).
The rules (seed 002, «Правила составления колоды»; seed 004): at
least 40 cards besides the hero, each of the hero's element or neutral, at most 3 of a name (5 with Орда), no hero
and no created card among them; a prebuilt deck holds only cards the engine runs (`implemented`). Every problem of
a file is found, not only the first: `HeroDeckError` lists them, each with its line (`FILE:LINE: reason`).
"""

from __future__ import annotations

import json
import re
import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cards.heroes.schema import HeroCardDef
from cards.loader import fold

DECKS_DIR = Path(__file__).parent / "decks"
DECK_SIZE = 40                 # cards besides the hero, at least
COPIES, HORDE_COPIES = 3, 5    # of one name; with Орда
MAX_BYTES = 64 * 1024
TEXT_FIELDS = ("name", "name_en", "description", "description_en")


@dataclass(frozen=True, slots=True)
class HeroDeck:
    """A checked deck: its hero's id and its cards' ids (in the file's order, each as many times as it has)."""

    name: str
    name_en: str
    description: str
    description_en: str
    hero: str
    cards: tuple[str, ...]
    path: Path
    extra: tuple[str, ...] = ()     # the extra deck's cards (ids, in the file's order)

    @property
    def ids(self) -> list[str]:
        """The deck as the engine takes it (`engine.heroes.rules.new_game`): the hero first."""
        return [self.hero, *self.cards]


class HeroDeckError(ValueError):
    """A deck file that cannot be used: one `FILE:LINE: reason` line per problem (`problems`)."""

    def __init__(self, path: Path, problems: list[tuple[int, str]]) -> None:
        self.path = path
        self.problems = tuple(f"{path}:{line}: {why}" if line else f"{path}: {why}" for line, why in problems)
        super().__init__("\n".join(self.problems))


def copies_allowed(card: HeroCardDef) -> int:
    return HORDE_COPIES if card.has("horde") else COPIES


def card_problem(hero: HeroCardDef, card: HeroCardDef, need_implemented: bool = True) -> str | None:
    """Why `card` may not be in a deck of `hero`, or None."""
    if card.type == "hero":
        return f"{card.name} ({card.id}) is a hero: a deck has one hero, under `hero`"
    if card.has("created"):
        return f"{card.name} ({card.id}) is a created card: it comes into play from the reserve, never from a deck"
    if card.elements and not set(card.elements) & set(hero.elements):
        return (f"{card.name} ({card.id}) is of {'/'.join(card.elements)}, not of the hero {hero.name}'s element "
                f"({'/'.join(hero.elements)}) nor neutral")
    if need_implemented and not card.implemented:
        return f"{card.name} ({card.id}) is not implemented yet: a prebuilt deck holds only cards the engine runs"
    return None


def deck_problems(db: Mapping[str, HeroCardDef], hero_id: str, cards: list[str],
                  need_implemented: bool = True) -> list[tuple[str, str]]:
    """What keeps `cards` (ids) from being a deck of the hero `hero_id`: (the card's id, or "" for the whole deck,
    and why), each problem once, in card id order."""
    hero = db.get(hero_id)
    if hero is None or hero.type != "hero":
        return [("", f"{hero_id!r} is not a hero")]
    out: list[tuple[str, str]] = []
    counts = Counter(cards)
    for cid in sorted(counts):
        card = db.get(cid)
        if card is None:
            out.append((cid, f"no card {cid!r}"))
        elif (why := card_problem(hero, card, need_implemented)) is not None:
            out.append((cid, why))
        elif counts[cid] > copies_allowed(card):
            out.append((cid, f"{counts[cid]} copies of {card.name}: at most {copies_allowed(card)}"
                        + (" (it has Орда)" if card.has("horde") else " (5 only with Орда)")))
    if len(cards) < DECK_SIZE:
        out.append(("", f"{len(cards)} cards besides the hero: a deck has at least {DECK_SIZE}"))
    return out


def find_card(db: Mapping[str, HeroCardDef], key: str) -> HeroCardDef | None:
    """A card by id or by name (case and ё folded)."""
    if key in db:
        return db[key]
    want = fold(key)
    return next((c for c in sorted(db.values(), key=lambda c: c.id) if fold(c.name) == want), None)


def load_hero_deck(path: Path, db: Mapping[str, HeroCardDef]) -> HeroDeck:
    """Read and check a deck file; `HeroDeckError` lists every problem with its line."""
    try:
        raw = path.read_bytes() if path.is_file() else None
    except OSError as exc:
        raise HeroDeckError(path, [(0, f"cannot be read: {exc.strerror}")]) from exc
    if raw is None:
        raise HeroDeckError(path, [(0, "not a file")])
    if len(raw) > MAX_BYTES:
        raise HeroDeckError(path, [(0, f"larger than {MAX_BYTES} bytes")])
    try:
        text = raw.decode("utf-8")
        data = tomllib.loads(text)
    except UnicodeDecodeError as exc:
        raise HeroDeckError(path, [(0, f"not UTF-8 text ({exc.reason})")]) from exc
    except tomllib.TOMLDecodeError as exc:
        raise HeroDeckError(path, [(0, f"not TOML: {exc}")]) from exc
    lines = _key_lines(text)
    problems: list[tuple[int, str]] = []
    for key in sorted(set(data) - {*TEXT_FIELDS, "hero", "cards", "extra"}):
        known = ", ".join((*TEXT_FIELDS, "hero", "cards", "extra"))
        problems.append((lines.get(key, 0), f"unknown field {key!r} (known: {known})"))
    texts: dict[str, str] = {}
    for key in TEXT_FIELDS:
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            problems.append((lines.get(key, 0), f"`{key}` must be a text, not empty"))
        texts[key] = value if isinstance(value, str) else ""
    hero_key = data.get("hero")
    hero = find_card(db, hero_key) if isinstance(hero_key, str) else None
    if hero is None or hero.type != "hero":
        problems.append((lines.get("hero", 0), f"`hero` must name a hero card, not {hero_key!r}"))
    table = data.get("cards")
    ids: list[str] = []
    if not isinstance(table, dict) or not table:
        problems.append((lines.get("[cards]", 0), "no [cards] table of card name = copies"))
        table = {}
    ids = _copies(db, table, lines, problems)
    extra_table = data.get("extra", {})
    if not isinstance(extra_table, dict):
        problems.append((lines.get("extra", 0), "`extra` must be a table [extra] of card name = copies"))
        extra_table = {}
    extra_lines = _key_lines(text, "[extra]")
    extra = _copies(db, extra_table, extra_lines, problems)
    if hero is not None and hero.type == "hero":
        problems += [(_line_of(lines, db, cid, table), why) for cid, why in deck_problems(db, hero.id, ids)]
        problems += [(_line_of(extra_lines, db, cid, extra_table) or lines.get("[extra]", 0), f"[extra]: {why}")
                     for cid, why in extra_problems(db, hero.id, ids, extra)]
    if problems:
        raise HeroDeckError(path, sorted(problems, key=lambda p: p[0]))
    assert hero is not None    # a missing hero is a problem above
    return HeroDeck(texts["name"], texts["name_en"], texts["description"], texts["description_en"], hero.id,
                    tuple(ids), path, tuple(extra))


def _copies(db: Mapping[str, HeroCardDef], table: Mapping[str, Any], lines: dict[str, int],
            problems: list[tuple[int, str]]) -> list[str]:
    """The ids of a table of card name = copies (each as many times); its bad rows added to `problems`."""
    ids: list[str] = []
    for key, count in table.items():
        card = find_card(db, key)
        line = lines.get(key, 0)
        if card is None:
            problems.append((line, f"no card named {key!r}"))
        elif type(count) is not int or count < 1:
            problems.append((line, f"the copies of {card.name} must be a whole number from 1, not {count!r}"))
        else:
            ids += [card.id] * count
    return ids


def extra_problems(db: Mapping[str, HeroCardDef], hero_id: str, cards: list[str],
                   extra: list[str]) -> list[tuple[str, str]]:
    """What keeps `extra` from being the extra deck of a deck of `cards`: each card one the deck could hold, and no
    name more often in the deck and the extra deck together than one deck may hold it (so every swap keeps the
    copies legal; rules decision 941)."""
    hero = db[hero_id]
    out: list[tuple[str, str]] = []
    counts, both = Counter(extra), Counter(cards) + Counter(extra)
    for cid in sorted(counts):
        card = db[cid]
        if (why := card_problem(hero, card)) is not None:
            out.append((cid, why))
        elif both[cid] > copies_allowed(card):
            out.append((cid, f"{both[cid]} copies of {card.name} in the deck and the extra deck together: at most "
                        f"{copies_allowed(card)}"))
    return out


def swap(db: Mapping[str, HeroCardDef], deck: HeroDeck, out: list[str], into: list[str]) -> HeroDeck:
    """The deck for the next game of a match: the cards `out` (ids) go from the deck to the extra deck and `into`
    come from the extra deck into it, as many as go out (rules decision 941). ValueError names what cannot be."""
    if len(out) != len(into):
        raise ValueError(f"a swap exchanges as many cards as it takes: {len(out)} out, {len(into)} in")
    cards, extra = Counter(deck.cards), Counter(deck.extra)
    for cid, n in sorted(Counter(out).items()):
        if cards[cid] < n:
            raise ValueError(f"the deck has {cards[cid]} of {db[cid].name if cid in db else cid!r}, not {n}")
    for cid, n in sorted(Counter(into).items()):
        if extra[cid] < n:
            raise ValueError(f"the extra deck has {extra[cid]} of {db[cid].name if cid in db else cid!r}, not {n}")
    new_cards = list(deck.cards)
    for cid in out:
        new_cards.remove(cid)
    new_extra = list(deck.extra)
    for cid in into:
        new_extra.remove(cid)
    new_cards += into
    new_extra += out
    problems = deck_problems(db, deck.hero, new_cards) + extra_problems(db, deck.hero, new_cards, new_extra)
    if problems:
        raise ValueError("; ".join(why for _, why in problems))
    return replace(deck, cards=tuple(new_cards), extra=tuple(new_extra))


def _line_of(lines: dict[str, int], db: Mapping[str, HeroCardDef], cid: str, table: Mapping[str, Any]) -> int:
    if not cid:
        return lines.get("[cards]", 0)
    return next((lines.get(key, 0) for key in table if find_card(db, key) is db[cid]), 0)


_KEY = re.compile(r'^\s*(?:"((?:[^"\\]|\\.)*)"|([A-Za-z0-9_-]+))\s*=')


def _key_lines(text: str, table: str | None = None) -> dict[str, int]:
    """The line of each key of the file (table headers as "[name]"), the first one if repeated; with `table` (a
    header, "[extra]"), of the keys of that table only."""
    out: dict[str, int] = {}
    current = None
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            out.setdefault(stripped, number)
            current = stripped
        elif table is not None and current != table:
            continue
        elif m := _KEY.match(line):
            out.setdefault(json.loads(f'"{m.group(1)}"') if m.group(1) is not None else m.group(2), number)
    return out


def prebuilt_decks(db: Mapping[str, HeroCardDef], folder: Path = DECKS_DIR) -> list[HeroDeck]:
    """The prebuilt decks, by file name; `HeroDeckError` of the first file that does not check."""
    return [load_hero_deck(path, db) for path in sorted(folder.glob("*.toml"))]
