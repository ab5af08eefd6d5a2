"""The deck rules of «Берсерк. Герои», checked in one place (`deck_problems`, `extra_problems`), and its deck files:
the prebuilt decks (`cards/heroes/decks/*.toml`) and the player's (the app's `heroes_decks`, read with `user=True`).

A deck file is TOML: `name`, `name_en`, `description`, `description_en` (a player's file: only `name`), `hero` (the
hero's name or id) and a `[cards]` table of card name (or id) = copies, and optionally an `[extra]` table, the extra
deck (seed 002, «Дополнительная колода»: cards to change the deck with between the games of a match; rules decision
941). The rules (seed 002, «Правила составления колоды»; seed 004): at least 40 cards besides the hero, each of the
hero's element or neutral, at most 3 of a name (5 with Орда), no hero and no created card among them; a prebuilt deck
holds only cards the engine runs (`implemented`), a player's also creatures not implemented yet (played as their
stats). Each problem is a `Problem`: a reason code, its parameters and the card; `str()` is its English sentence and
the app words each code in ru and en (`hg.deck.<code>`). Every problem of a file is found, not only the first:
`HeroDeckError` lists them, each with its line (`FILE:LINE: reason`).
"""

from __future__ import annotations

import json
import re
import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, NamedTuple

from cards.heroes.schema import HeroCardDef
from cards.loader import fold

DECKS_DIR = Path(__file__).parent / "decks"
DECK_SIZE = 40                 # cards besides the hero, at least
MAX_CARDS = 100                # and at most (a sanity limit of a file, not a rule of the game)
COPIES, HORDE_COPIES = 3, 5    # of one name; with Орда
MAX_BYTES = 64 * 1024
TEXT_FIELDS = {"name": 100, "name_en": 100, "description": 1000, "description_en": 1000}   # their longest
KNOWN_FIELDS = (*TEXT_FIELDS, "hero", "cards", "extra")

EN = {       # each reason's English sentence (the app's own words: `berserk_tui/locale`, `hg.deck.<code>`)
    "not_a_file": "not a file",
    "unreadable": "cannot be read: {error}",
    "too_big": "larger than {limit} bytes",
    "not_utf8": "not UTF-8 text ({error})",
    "not_toml": "not TOML: {error}",
    "unknown_field": "unknown field {field!r} (known: {known})",
    "bad_text": "`{field}` must be a text, not empty, of at most {limit} characters",
    "no_hero": "`hero` must name a hero card, not {value!r}",
    "no_cards": "no [cards] table of card name = copies",
    "bad_extra": "`extra` must be a table [extra] of card name = copies",
    "unknown": "no card named {card!r}",
    "bad_count": "the copies of {card} must be a whole number from 1, not {value!r}",
    "hero_card": "{card} ({id}) is a hero: a deck has one hero, under `hero`",
    "created": "{card} ({id}) is a created card: it comes into play from the reserve, never from a deck",
    "element": "{card} ({id}) is of {elements}, not of the hero {hero}'s element ({hero_elements}) nor neutral",
    "not_implemented": "{card} ({id}) is not implemented yet: a prebuilt deck holds only cards the engine runs",
    "not_played": "{card} ({id}) is not implemented yet: of the cards the engine does not run, only creatures play "
                  "(as their stats)",
    "copies": "{n} copies of {card}: at most {limit}",
    "short": "{n} cards besides the hero: a deck has at least {need}",
    "long": "{n} cards besides the hero: a deck file has at most {limit}",
    "extra_copies": "{n} copies of {card} in the deck and the extra deck together: at most {limit}",
    "swap_count": "a swap exchanges as many cards as it takes: {out} out, {into} in",
    "swap_missing": "the {where} has {have} of {card}, not {n}",
}


class Problem(NamedTuple):
    """One thing wrong with a deck: its reason (a key of `EN`), the reason's parameters, the card's id ("" for the
    whole deck) and whether it is of the extra deck."""

    code: str
    params: Mapping[str, Any] = {}
    card: str = ""
    extra: bool = False

    def __str__(self) -> str:
        params = {k: "/".join(v) if isinstance(v, tuple) else v for k, v in self.params.items()}
        text = EN[self.code].format(**params)
        if self.code == "copies":
            text += " (it has Орда)" if params["horde"] else " (5 only with Орда)"
        return f"[extra]: {text}" if self.extra else text


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
    """A deck file that cannot be used: its problems (`found`), each with its line (0: the whole file); `problems`
    are the `FILE:LINE: reason` lines, `str()` all of them."""

    def __init__(self, path: Path, found: list[tuple[int, Problem]]) -> None:
        self.path, self.found = path, found
        self.problems = tuple(f"{path}:{line}: {why}" if line else f"{path}: {why}" for line, why in found)
        super().__init__("\n".join(self.problems))


class SwapError(ValueError):
    """A swap that cannot be made: its problems; `str()` their English sentences."""

    def __init__(self, problems: list[Problem]) -> None:
        self.found = problems
        super().__init__("; ".join(str(p) for p in problems))


def copies_allowed(card: HeroCardDef) -> int:
    return HORDE_COPIES if card.has("horde") else COPIES


def card_problem(hero: HeroCardDef, card: HeroCardDef, need_implemented: bool = True) -> Problem | None:
    """Why `card` may not be in a deck of `hero`, or None. `need_implemented`: only cards the engine runs (a prebuilt
    deck); else also a creature not implemented yet, which the app plays as its stats (a player's deck)."""
    named = {"card": card.name, "id": card.id}
    if card.type == "hero":
        return Problem("hero_card", named, card.id)
    if card.has("created"):
        return Problem("created", named, card.id)
    if card.elements and not set(card.elements) & set(hero.elements):
        return Problem("element", {**named, "elements": card.elements, "hero": hero.name,
                                   "hero_elements": hero.elements}, card.id)
    if not card.implemented and (need_implemented or card.type != "creature"):
        return Problem("not_implemented" if need_implemented else "not_played", named, card.id)
    return None


def deck_problems(db: Mapping[str, HeroCardDef], hero_id: str, cards: list[str],
                  need_implemented: bool = True) -> list[Problem]:
    """What keeps `cards` (ids) from being a deck of the hero `hero_id`, each problem once, in card id order, then
    the deck's size: the one check of a deck's rules, for the files and the app's deck builder alike."""
    hero = db.get(hero_id)
    if hero is None or hero.type != "hero":
        return [Problem("no_hero", {"value": hero_id})]
    out: list[Problem] = []
    names = Counter(db[cid].name for cid in cards if cid in db)     # copies count by name (seed 002)
    for cid in sorted(set(cards)):
        card = db.get(cid)
        if card is None:
            out.append(Problem("unknown", {"card": cid}, cid))
        elif (why := card_problem(hero, card, need_implemented)) is not None:
            out.append(why)
        elif names[card.name] > copies_allowed(card):
            out.append(Problem("copies", {"card": card.name, "n": names[card.name], "limit": copies_allowed(card),
                                          "horde": card.has("horde")}, cid))
    if len(cards) < DECK_SIZE:
        out.append(Problem("short", {"n": len(cards), "need": DECK_SIZE}))
    elif len(cards) > MAX_CARDS:
        out.append(Problem("long", {"n": len(cards), "limit": MAX_CARDS}))
    return out


def find_card(db: Mapping[str, HeroCardDef], key: str) -> HeroCardDef | None:
    """A card by id or by name (case and ё folded)."""
    if key in db:
        return db[key]
    want = fold(key)
    return next((c for c in sorted(db.values(), key=lambda c: c.id) if fold(c.name) == want), None)


def load_hero_deck(path: Path, db: Mapping[str, HeroCardDef], user: bool = False) -> HeroDeck:
    """Read and check a deck file; `HeroDeckError` lists every problem with its line. `user`: a player's file (only
    `name` of the text fields, and creatures not implemented yet allowed)."""
    try:
        raw = path.read_bytes()[:MAX_BYTES + 1] if path.is_file() else None
    except OSError as exc:
        raise HeroDeckError(path, [(0, Problem("unreadable", {"error": exc.strerror or type(exc).__name__}))]) from exc
    if raw is None:
        raise HeroDeckError(path, [(0, Problem("not_a_file"))])
    if len(raw) > MAX_BYTES:
        raise HeroDeckError(path, [(0, Problem("too_big", {"limit": MAX_BYTES}))])
    try:
        text = raw.decode("utf-8")
        data = tomllib.loads(text)
    except UnicodeDecodeError as exc:
        raise HeroDeckError(path, [(0, Problem("not_utf8", {"error": exc.reason}))]) from exc
    except tomllib.TOMLDecodeError as exc:
        raise HeroDeckError(path, [(0, Problem("not_toml", {"error": str(exc)[:80]}))]) from exc
    lines = _key_lines(text)
    problems: list[tuple[int, Problem]] = []
    for key in sorted(set(data) - set(KNOWN_FIELDS)):
        problems.append((lines.get(key, 0), Problem("unknown_field", {"field": key, "known": ", ".join(KNOWN_FIELDS)})))
    texts: dict[str, str] = {}
    for key, limit in TEXT_FIELDS.items():
        value = data.get(key)
        wanted = key == "name" or not user or value is not None
        if wanted and (not isinstance(value, str) or not value.strip() or len(value) > limit):
            problems.append((lines.get(key, 0), Problem("bad_text", {"field": key, "limit": limit})))
        texts[key] = value if isinstance(value, str) else ""
    hero_key = data.get("hero")
    hero = find_card(db, hero_key) if isinstance(hero_key, str) else None
    if hero is None or hero.type != "hero":
        problems.append((lines.get("hero", 0), Problem("no_hero", {"value": hero_key})))
    table = data.get("cards")
    if not isinstance(table, dict) or not table:
        problems.append((lines.get("[cards]", 0), Problem("no_cards")))
        table = {}
    ids = _copies(db, table, lines, problems)
    extra_table = data.get("extra", {})
    if not isinstance(extra_table, dict):
        problems.append((lines.get("extra", 0), Problem("bad_extra")))
        extra_table = {}
    extra_lines = _key_lines(text, "[extra]")
    extra = _copies(db, extra_table, extra_lines, problems)
    if hero is not None and hero.type == "hero":
        problems += [(_line_of(lines, db, p.card, table), p) for p in deck_problems(db, hero.id, ids, not user)]
        problems += [(_line_of(extra_lines, db, p.card, extra_table) or lines.get("[extra]", 0), p)
                     for p in extra_problems(db, hero.id, ids, extra, not user)]
    if problems:
        raise HeroDeckError(path, sorted(problems, key=lambda p: p[0]))
    assert hero is not None    # a missing hero is a problem above
    return HeroDeck(texts["name"].strip(), texts["name_en"], texts["description"], texts["description_en"], hero.id,
                    tuple(ids), path, tuple(extra))


def _copies(db: Mapping[str, HeroCardDef], table: Mapping[str, Any], lines: dict[str, int],
            problems: list[tuple[int, Problem]]) -> list[str]:
    """The ids of a table of card name = copies (each as many times); its bad rows added to `problems`."""
    ids: list[str] = []
    for key, count in table.items():
        card = find_card(db, key)
        line = lines.get(key, 0)
        if card is None:
            problems.append((line, Problem("unknown", {"card": key[:40]})))
        elif type(count) is not int or not 1 <= count <= MAX_CARDS:
            problems.append((line, Problem("bad_count", {"card": card.name, "value": count}, card.id)))
        else:
            ids += [card.id] * count
    return ids


def extra_problems(db: Mapping[str, HeroCardDef], hero_id: str, cards: list[str], extra: list[str],
                   need_implemented: bool = True) -> list[Problem]:
    """What keeps `extra` from being the extra deck of a deck of `cards`: each card one the deck could hold, and no
    name more often in the deck and the extra deck together than one deck may hold it (so every swap keeps the
    copies legal; rules decision 941)."""
    hero = db[hero_id]
    out: list[Problem] = []
    both = Counter(db[cid].name for cid in [*cards, *extra] if cid in db)
    for cid in sorted(set(extra)):
        card = db.get(cid)
        if card is None:
            out.append(Problem("unknown", {"card": cid}, cid, True))
        elif (why := card_problem(hero, card, need_implemented)) is not None:
            out.append(why._replace(extra=True))
        elif both[card.name] > copies_allowed(card):
            out.append(Problem("extra_copies", {"card": card.name, "n": both[card.name],
                                                "limit": copies_allowed(card)}, cid, True))
    return out


def swap(db: Mapping[str, HeroCardDef], deck: HeroDeck, out: list[str], into: list[str],
         need_implemented: bool = True) -> HeroDeck:
    """The deck for the next game of a match: the cards `out` (ids) go from the deck to the extra deck and `into`
    come from the extra deck into it, as many as go out (rules decision 941). `SwapError` names what cannot be."""
    if len(out) != len(into):
        raise SwapError([Problem("swap_count", {"out": len(out), "into": len(into)})])
    for where, have, want in (("deck", deck.cards, out), ("extra deck", deck.extra, into)):
        owned = Counter(have)
        for cid, n in sorted(Counter(want).items()):
            if owned[cid] < n:
                name = db[cid].name if cid in db else repr(cid)
                raise SwapError([Problem("swap_missing", {"where": where, "have": owned[cid], "card": name, "n": n},
                                         cid, where != "deck")])
    new_cards, new_extra = list(deck.cards), list(deck.extra)
    for cid in out:
        new_cards.remove(cid)
    for cid in into:
        new_extra.remove(cid)
    new_cards += into
    new_extra += out
    problems = deck_problems(db, deck.hero, new_cards, need_implemented) \
        + extra_problems(db, deck.hero, new_cards, new_extra, need_implemented)
    if problems:
        raise SwapError(problems)
    return replace(deck, cards=tuple(new_cards), extra=tuple(new_extra))


def _line_of(lines: dict[str, int], db: Mapping[str, HeroCardDef], cid: str, table: Mapping[str, Any]) -> int:
    if not cid:
        return lines.get("[cards]", 0)
    return next((lines.get(key, 0) for key in table if find_card(db, key) is db[cid]), 0)


_KEY = re.compile(r"""^\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*=""")   # "basic", 'literal', bare


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
            key = json.loads(f'"{m.group(1)}"') if m.group(1) is not None else m.group(2) or m.group(3)
            out.setdefault(key, number)
    return out


def prebuilt_decks(db: Mapping[str, HeroCardDef], folder: Path = DECKS_DIR) -> list[HeroDeck]:
    """The prebuilt decks, by file name; `HeroDeckError` of the first file that does not check."""
    return [load_hero_deck(path, db) for path in sorted(folder.glob("*.toml"))]
