"""The prebuilt decks tests play with, by name, so that a new deck file changes no test's game."""

from __future__ import annotations

from cards.decks import DEFAULT_DECKS_DIR, load_deck
from cards.loader import CardDB

CLASSIC = ("klok", "shadows", "talgata")


def classic_decks(db: CardDB) -> list[list[str]]:
    """The card ids of the decks in CLASSIC, in that order."""
    return [list(load_deck(DEFAULT_DECKS_DIR / f"{name}.toml", db).cards) for name in CLASSIC]
