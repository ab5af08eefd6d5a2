"""Random legal decks drawn from one or more whole sets: for simulations that exercise every card.

A deck takes one or two elements (more while their cards are too few for a deck) and the
neutral cards of the chosen sets, then draws cards at random, a copy at a time, within the copy
limits (counted by name, so a card printed in two sets shares one limit: `cards.decks.copy_key`).
Several sets are one pool: a deck drawn from sets 10 and 30 mixes their cards. The same random
source gives the same deck: the card order is canonical (set, number), never a set's or a dict's.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from cards.decks import DECK_SIZE, copy_key, name_limits
from cards.loader import CardDB
from cards.schema import CardDef

ELEMENTS = ("steppe", "mountain", "forest", "swamp", "dark")


def _set_ids(sets: int | Iterable[int]) -> frozenset[int]:
    return frozenset((sets,)) if isinstance(sets, int) else frozenset(sets)


def playable(db: CardDB, sets: int | Iterable[int]) -> list[CardDef]:
    """The implemented cards of the set(s) `sets`, in set and card-number order."""
    ids = _set_ids(sets)
    return sorted((c for c in db.cards.values() if c.set in ids and c.implemented and not c.boardgame),
                  key=lambda c: (c.set, c.number))


def implemented_sets(db: CardDB) -> tuple[int, ...]:
    """The sets that have at least one implemented card, in set order."""
    return tuple(sid for sid, (_, cards) in db.sets().items() if any(c.implemented and not c.boardgame for c in cards))


def random_deck(db: CardDB, rng: random.Random, sets: int | Iterable[int] = 30, size: int = DECK_SIZE[0]) -> list[str]:
    """Card ids of a legal deck of `size` cards drawn from the set(s) `sets`, in the order drawn.
    Raises ValueError when the sets have too few implemented cards for a deck."""
    cards = playable(db, sets)
    if _capacity(cards) < size:
        label = ",".join(str(s) for s in sorted(_set_ids(sets)))
        raise ValueError(f"set {label} has too few implemented cards for a deck of {size}")
    present = [e for e in ELEMENTS if any(e in c.elements for c in cards)]
    order = rng.sample(present, len(present))
    chosen = order[: rng.randint(1, min(2, len(order)))]
    pool = _pool(cards, chosen)
    while _capacity(pool) < size:
        chosen = order[: len(chosen) + 1]
        pool = _pool(cards, chosen)
    left = name_limits(pool)
    deck: list[str] = []
    while len(deck) < size:
        card = rng.choice([c for c in pool if left[copy_key(c)] > 0])
        left[copy_key(card)] -= 1
        deck.append(card.id)
    return deck


def _capacity(cards: list[CardDef]) -> int:
    """How many cards a deck could hold of `cards` (each name counted once, at its limit)."""
    return sum(name_limits(cards).values())


def _pool(cards: list[CardDef], elements: list[str]) -> list[CardDef]:
    """The cards of `elements` and the neutral ones."""
    return [c for c in cards if not c.elements or all(e in elements for e in c.elements)]
