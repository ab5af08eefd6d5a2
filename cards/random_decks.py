"""Random legal decks drawn from a whole set: for simulations that exercise every card.

A deck takes one or two elements (more while their cards are too few for a deck) and the
neutral cards, then draws cards at random, a copy at a time, within the copy limits. The same
random source gives the same deck: the card order is canonical, never a set's or a dict's.
"""

from __future__ import annotations

import random

from cards.decks import DECK_SIZE, copy_limit
from cards.loader import CardDB
from cards.schema import CardDef

ELEMENTS = ("steppe", "mountain", "forest", "swamp", "dark")


def playable(db: CardDB, set_id: int) -> list[CardDef]:
    """The implemented cards of set `set_id`, in card-number order."""
    return sorted((c for c in db.cards.values() if c.set == set_id and c.implemented), key=lambda c: c.number)


def random_deck(db: CardDB, rng: random.Random, set_id: int = 30, size: int = DECK_SIZE[0]) -> list[str]:
    """Card ids of a legal deck of `size` cards of set `set_id`, in the order drawn.
    Raises ValueError when the set has too few implemented cards for a deck."""
    cards = playable(db, set_id)
    if sum(copy_limit(c) for c in cards) < size:
        raise ValueError(f"set {set_id} has too few implemented cards for a deck of {size}")
    present = [e for e in ELEMENTS if any(e in c.elements for c in cards)]
    order = rng.sample(present, len(present))
    chosen = order[: rng.randint(1, min(2, len(order)))]
    pool = _pool(cards, chosen)
    while sum(copy_limit(c) for c in pool) < size:
        chosen = order[: len(chosen) + 1]
        pool = _pool(cards, chosen)
    left = {c.id: copy_limit(c) for c in pool}
    deck: list[str] = []
    while len(deck) < size:
        card = rng.choice([c for c in pool if left[c.id] > 0])
        left[card.id] -= 1
        deck.append(card.id)
    return deck


def _pool(cards: list[CardDef], elements: list[str]) -> list[CardDef]:
    """The cards of `elements` and the neutral ones."""
    return [c for c in cards if not c.elements or all(e in elements for e in c.elements)]
