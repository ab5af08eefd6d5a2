"""Every card of the shipped sets is implemented: tests of what the game does with a card that is not take the
real cards with one of them, Кочевник (10001), marked not implemented."""

from __future__ import annotations

from dataclasses import replace

from cards.loader import CardDB, load_all

UNREADY = "10001"      # Кочевник


def with_unready_card() -> CardDB:
    """The real cards, Кочевник taken as not implemented."""
    real = load_all()
    return CardDB({sid: (name, [replace(c, implemented=False) if c.id == UNREADY else c for c in cards])
                   for sid, (name, cards) in real.sets().items()})
