"""A side's deck of a network game of «Берсерк. Герои» from the command line (`berserk host|join --deck`; rules
decision 979).

`--deck` names a prebuilt deck (its file name without `.toml`, or its Russian or English name), a deck file of this
game (the deck builder's or a prebuilt one's format), or `random` (a random legal deck from `--seed`). Without it a
side plays the game's default deck of its seat, as in the app: the host the first prebuilt deck, the guest the
second (by file name). A deck that is not one of this game's, or breaks its network deck rules, is a `ValueError`
naming it and what is wrong.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from berserk_tui.engine.gamedef import GameDef
from berserk_tui.games.heroes import random_deck
from berserk_tui.heroes_decks import HeroesDeckError, load_heroes_deck
from berserk_tui.netgame.heroes import deck_problem
from cards.heroes.decks import HeroDeckError, load_hero_deck

RANDOM = "random"
GAME_NAME = "«Берсерк. Герои»"


def default_deck(game: GameDef, db: Mapping[str, Any], seat: int) -> tuple[str, list[str]]:
    """(name, deck) of seat `seat`'s default deck: the prebuilt decks in file order, the host the first, the guest
    the second; ValueError if the game ships none that checks."""
    shipped = game.prebuilt_decks(db)   # type: ignore[attr-defined]
    if not shipped:
        raise ValueError(f"{GAME_NAME} ships no prebuilt deck: name a deck with --deck")
    deck = shipped[seat % len(shipped)]
    return deck.name, deck.ids


def net_deck(game: GameDef, db: Mapping[str, Any], value: str | None, seat: int, seed: int) -> list[str]:
    """The deck `--deck value` names for seat `seat` (None: the default; `random`: drawn from `seed`)."""
    if value is None:
        return default_deck(game, db, seat)[1]
    if value.strip().casefold() == RANDOM:
        return random_deck(db, random.Random(seed * 2 + seat))
    shipped = game.prebuilt_decks(db)   # type: ignore[attr-defined]
    wanted = value.strip().casefold()
    found = next((d.ids for d in shipped if wanted in (d.path.stem.casefold(), d.name.casefold(),
                                                        d.name_en.casefold())), None)
    if found is None:
        found = _deck_file(Path(value), db, ", ".join(d.path.stem for d in shipped))
    problem = deck_problem(db, found)
    if problem is not None:
        raise ValueError(f"--deck {value}: not a deck of a network game of {GAME_NAME}: {problem}")
    return found


def _deck_file(path: Path, db: Mapping[str, Any], prebuilt: str) -> list[str]:
    if not path.is_file():
        raise ValueError(f"--deck {path}: not a deck of {GAME_NAME}: no prebuilt deck of that name ({prebuilt}), no "
                         f"such file, and not {RANDOM!r}")
    try:
        return load_heroes_deck(path, db).ids
    except HeroesDeckError as first:
        try:
            return load_hero_deck(path, db).ids
        except HeroDeckError:
            raise ValueError(f"--deck {path}: not a deck of {GAME_NAME}: {first.text('en')}") from None
