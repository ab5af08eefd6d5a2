"""The player's decks of «Берсерк. Герои»: files in `$BERSERK_HOME/decks/heroes/`, written by the deck builder and
offered by the new-game form.

A file is TOML: `name`, `hero` (a hero's name or id) and a `[cards]` table of card name (or id) = copies. A deck is
valid under seed 004's rules as this version plays them (rules decisions 890, 891): at least 40 cards besides the
hero, each of the hero's element or neutral, at most 3 of a name (5 with Орда), no created card and no hero, and
each a card the app plays (implemented, or a creature, which plays as its stats). `deck_problems` judges a list of
cards (the builder asks it as the player goes); `load_heroes_deck` reads a file and raises `HeroesDeckError`
naming the file and the first problem.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from berserk_tui.games.heroes import COPIES, DECK_SIZE, HORDE_COPIES
from berserk_tui.i18n import tr
from berserk_tui.userdata import decks_dir, write_atomic

MAX_BYTES = 64 * 1024        # a deck file's size
MAX_NAME = 100               # characters of its name
MAX_CARDS = 100              # cards besides the hero
Problem = tuple[str, dict[str, Any]]     # a `hg.deck.<reason>` message and its parameters


class HeroesDeckError(ValueError):
    """A deck file that cannot be used: the file, why (`reason`, a `hg.deck.*` message) and its parameters; `str()`
    is the English text, `text(lang)` the sentence in the UI's language."""

    def __init__(self, path: Path, reason: str, **params: Any) -> None:
        self.path, self.reason, self.params = path, reason, params
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        return tr("hg.deck.error", lang, path=self.path, why=tr(f"hg.deck.{self.reason}", lang, **self.params))


@dataclass(frozen=True)
class HeroesDeck:
    name: str
    hero: str                      # the hero's id
    cards: tuple[str, ...]         # card ids, sorted
    path: Path

    @property
    def ids(self) -> list[str]:
        """The deck as the engine takes it: the hero first."""
        return [self.hero, *self.cards]


def folder() -> Path:
    return decks_dir() / "heroes"


def allowed(db: Mapping[str, Any], hero: Any, card: Any) -> bool:
    """May `card` be in a deck of `hero` in this version?"""
    return card.type != "hero" and not card.keywords.get("created") \
        and (not card.elements or bool(set(card.elements) & set(hero.elements))) \
        and (card.implemented or card.type == "creature")


def copies_allowed(card: Any) -> int:
    return HORDE_COPIES if card.keywords.get("horde") else COPIES


def deck_problems(db: Mapping[str, Any], hero_id: str, cards: list[str]) -> list[Problem]:
    """What keeps `cards` (ids) from being a deck of hero `hero_id`: each problem once, in a fixed order."""
    hero = db.get(hero_id)
    if hero is None or hero.type != "hero":
        return [("no_hero", {})]
    out: list[Problem] = []
    counts = Counter(cards)
    for cid in sorted(counts):
        card = db.get(cid)
        if card is None:
            out.append(("unknown", {"card": cid}))
        elif not allowed(db, hero, card):
            out.append(("not_allowed", {"card": card.name, "hero": hero.name}))
        elif counts[cid] > copies_allowed(card):
            out.append(("copies", {"card": card.name, "n": counts[cid], "limit": copies_allowed(card)}))
    if len(cards) < DECK_SIZE:
        out.append(("short", {"n": len(cards), "need": DECK_SIZE}))
    elif len(cards) > MAX_CARDS:
        out.append(("long", {"n": len(cards), "limit": MAX_CARDS}))
    return out


def _find(db: Mapping[str, Any], key: str) -> Any:
    """A card by id or by its name (case and ё/е aside)."""
    if key in db:
        return db[key]
    folded = key.casefold().replace("ё", "е")
    return next((c for c in sorted(db.values(), key=lambda c: c.id)
                 if c.name.casefold().replace("ё", "е") == folded), None)


def _read(path: Path) -> dict[str, Any]:
    if not path.is_file():
        raise HeroesDeckError(path, "not_a_file")
    try:
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise HeroesDeckError(path, "unreadable", error=exc.strerror or type(exc).__name__) from exc
    if len(data) > MAX_BYTES:
        raise HeroesDeckError(path, "too_big", limit=MAX_BYTES)
    try:
        return tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise HeroesDeckError(path, "not_toml", error=str(exc)[:80]) from exc


def load_heroes_deck(path: Path, db: Mapping[str, Any]) -> HeroesDeck:
    """Read and check a deck file; HeroesDeckError names the file and the first problem."""
    data = _read(path)
    name, hero_key, table = data.get("name"), data.get("hero"), data.get("cards")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise HeroesDeckError(path, "bad_name", limit=MAX_NAME)
    hero = _find(db, hero_key) if isinstance(hero_key, str) else None
    if hero is None or hero.type != "hero":
        raise HeroesDeckError(path, "no_hero")
    if not isinstance(table, dict) or len(table) > MAX_CARDS:
        raise HeroesDeckError(path, "no_cards", limit=MAX_CARDS)
    cards: list[str] = []
    for key, count in table.items():
        card = _find(db, key)
        if card is None:
            raise HeroesDeckError(path, "unknown", card=key[:40])
        if type(count) is not int or not 1 <= count <= HORDE_COPIES:
            raise HeroesDeckError(path, "bad_count", card=card.name, limit=HORDE_COPIES)
        cards += [card.id] * count
    problems = deck_problems(db, hero.id, cards)
    if problems:
        reason, params = problems[0]
        raise HeroesDeckError(path, reason, **params)
    return HeroesDeck(name, hero.id, tuple(sorted(cards)), path)


def user_heroes_decks(db: Mapping[str, Any]) -> tuple[list[HeroesDeck], list[HeroesDeckError]]:
    """The player's deck files that load, by file name, and the error of each one that does not."""
    decks: list[HeroesDeck] = []
    errors: list[HeroesDeckError] = []
    if folder().is_dir():
        for path in sorted(folder().glob("*.toml")):
            try:
                decks.append(load_heroes_deck(path, db))
            except HeroesDeckError as exc:
                errors.append(exc)
    return decks, errors


def deck_file_text(name: str, hero: Any, cards: list[Any]) -> str:
    """The TOML of a deck: its name, its hero's name and its cards by name, in the order given."""
    counts = Counter(c.name for c in cards)
    lines = [f"name = {json.dumps(name, ensure_ascii=False)}", f"hero = {json.dumps(hero.name, ensure_ascii=False)}",
             "", "[cards]"]
    lines += [f"{json.dumps(card, ensure_ascii=False)} = {n}" for card, n in counts.items()]
    return "\n".join(lines) + "\n"


def file_name(name: str) -> str:
    """A file name for a deck called `name` (letters, digits, - and _ kept)."""
    stem = re.sub(r"[^\w-]+", "_", name.strip(), flags=re.UNICODE).strip("_")[:60]
    return f"{stem or 'deck'}.toml"


def save_heroes_deck(name: str, hero_id: str, cards: list[str], db: Mapping[str, Any]) -> Path:
    """Write a valid deck to the player's folder (a deck of the same name is replaced); ValueError if not valid."""
    if deck_problems(db, hero_id, cards) or not name.strip() or len(name) > MAX_NAME:
        raise ValueError("not a valid deck")
    path = folder() / file_name(name)
    ordered = sorted((db[c] for c in cards), key=lambda c: (c.cost, c.name))
    write_atomic(path, deck_file_text(name.strip(), db[hero_id], ordered))
    return path
