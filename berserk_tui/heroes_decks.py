"""The player's decks of «Берсерк. Герои»: files in `$BERSERK_HOME/decks/heroes/`, written by the deck builder and
offered by the new-game form.

A file is TOML: `name`, `hero` (a hero's name or id), a `[cards]` table of card name (or id) = copies and optionally
an `[extra]` table, the extra deck (rules decision 941). The rules are checked in one place, `cards.heroes.decks`
(the prebuilt decks' checker too): here a player's deck may also hold creatures not implemented yet, which play as
their stats. `deck_problems` judges a list of cards (the builder asks it as the player goes), `problem_text` words a
problem in the UI's language; `load_heroes_deck` reads a file and raises `HeroesDeckError` naming the file and its
first problem (its size only when nothing else is wrong).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from berserk_tui.i18n import tr
from berserk_tui.userdata import decks_dir, write_atomic
from cards.heroes import decks as rules
from cards.heroes.decks import Problem, copies_allowed

__all__ = ["HeroesDeck", "HeroesDeckError", "Problem", "allowed", "copies_allowed", "deck_problems", "folder",
           "load_heroes_deck", "problem_text", "save_heroes_deck", "user_heroes_decks"]


def problem_text(problem: Problem, lang: str) -> str:
    """A deck's problem in `lang`: what is wrong, with the card, the count and the rule."""
    params = dict(problem.params)
    for key in ("elements", "hero_elements"):
        if key in params:
            params[key] = ", ".join(tr(f"element.{e}", lang) for e in params[key]) or tr("element.neutral", lang)
    key = f"hg.deck.{problem.code}"
    if problem.code == "copies":
        key += ".horde" if params["horde"] else ".no_horde"
    text = tr(key, lang, **params)
    return tr("hg.deck.in_extra", lang, why=text) if problem.extra else text


class HeroesDeckError(ValueError):
    """A deck file that cannot be used: the file and its first problem (`reason`, a `Problem` code, and `params`);
    `str()` is the English text, `text(lang)` the sentence in the UI's language."""

    def __init__(self, path: Path, problem: Problem) -> None:
        self.path, self.problem = path, problem
        self.reason, self.params = problem.code, dict(problem.params)
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        return tr("hg.deck.error", lang, path=self.path, why=problem_text(self.problem, lang))


@dataclass(frozen=True)
class HeroesDeck:
    name: str
    hero: str                      # the hero's id
    cards: tuple[str, ...]         # card ids
    path: Path
    extra: tuple[str, ...] = ()    # the extra deck's card ids

    @property
    def ids(self) -> list[str]:
        """The deck as the engine takes it: the hero first."""
        return [self.hero, *self.cards]


def folder() -> Path:
    return decks_dir() / "heroes"


def allowed(db: Mapping[str, Any], hero: Any, card: Any) -> bool:
    """May `card` be in a player's deck of `hero`?"""
    return rules.card_problem(hero, card, need_implemented=False) is None


def deck_problems(db: Mapping[str, Any], hero_id: str, cards: list[str], extra: Sequence[str] = ()) -> list[Problem]:
    """What keeps `cards` (ids), with the extra deck `extra`, from being a player's deck of hero `hero_id`."""
    out = rules.deck_problems(db, hero_id, cards, need_implemented=False)
    if extra and hero_id in db and db[hero_id].type == "hero":
        out += rules.extra_problems(db, hero_id, cards, list(extra), need_implemented=False)
    return out


def load_heroes_deck(path: Path, db: Mapping[str, Any]) -> HeroesDeck:
    """Read and check a player's deck file; HeroesDeckError names the file and the first problem."""
    try:
        deck = rules.load_hero_deck(path, db, user=True)
    except rules.HeroDeckError as exc:       # the deck's size last: a bad row of it says more
        found = [p for _, p in exc.found]
        raise HeroesDeckError(path, next((p for p in found if p.code != "short"), found[0])) from exc
    return HeroesDeck(deck.name, deck.hero, tuple(sorted(deck.cards)), path, tuple(sorted(deck.extra)))


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


def deck_file_text(name: str, hero: Any, cards: Sequence[Any], extra: Sequence[Any] = ()) -> str:
    """The TOML of a deck: its name, its hero's name, its cards by name in the order given, and its extra deck."""
    lines = [f"name = {json.dumps(name, ensure_ascii=False)}", f"hero = {json.dumps(hero.name, ensure_ascii=False)}"]
    for table, group in (("cards", cards), ("extra", extra)):
        if group or table == "cards":
            lines += ["", f"[{table}]"]
            lines += [f"{json.dumps(card, ensure_ascii=False)} = {n}"
                      for card, n in Counter(c.name for c in group).items()]
    return "\n".join(lines) + "\n"


def file_name(name: str) -> str:
    """A file name for a deck called `name` (letters, digits, - and _ kept)."""
    stem = re.sub(r"[^\w-]+", "_", name.strip(), flags=re.UNICODE).strip("_")[:60]
    return f"{stem or 'deck'}.toml"


def save_heroes_deck(name: str, hero_id: str, cards: list[str], db: Mapping[str, Any],
                     extra: Sequence[str] = ()) -> Path:
    """Write a valid deck to the player's folder (a deck of the same name is replaced); ValueError if not valid."""
    if deck_problems(db, hero_id, cards, extra) or not name.strip() or len(name) > rules.TEXT_FIELDS["name"]:
        raise ValueError("not a valid deck")
    path = folder() / file_name(name)

    def ordered(ids: Sequence[str]) -> list[Any]:
        return sorted((db[c] for c in ids), key=lambda c: (c.cost, c.name))
    write_atomic(path, deck_file_text(name.strip(), db[hero_id], ordered(cards), ordered(extra)))
    return path
