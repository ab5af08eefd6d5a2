"""Determinization: a full state consistent with a view, for searching past what a seat sees.

In battle the only cards a seat cannot see are the opponent's face-down ones (the second
player's hidden back row). Each gets an identity drawn from the cards the opponent could
have brought: creatures of the elements he has shown (any element if none), no unique card
he already fields, cheap ones more likely (a hidden back row holds supports).
"""

from __future__ import annotations

import random

from berserk_tui.engine import GameState
from cards.schema import CardDef


def hidden_cards(state: GameState) -> list[int]:
    """Cards on the battlefield whose identity this view lacks."""
    return [c.uid for c in state.cards if c.card_id is None and c.on_battlefield]


def candidates(state: GameState, owner: int) -> list[CardDef]:
    """Identities a hidden card of `owner` may plausibly have."""
    shown = [state.db.cards[c.card_id] for c in state.cards if c.owner == owner and c.card_id is not None]
    elements = {e for d in shown for e in d.elements}
    uniques = {d.name for d in shown if d.unique}
    pool = [d for d in state.db.cards.values()
            if d.kind == "creature" and d.implemented and not d.boardgame and d.cost <= 6 and d.name not in uniques
            and (not elements or elements.intersection(d.elements))]
    return sorted(pool, key=lambda d: d.id)


def determinize(state: GameState, rng: random.Random) -> GameState:
    """A copy of `state` with every hidden battlefield card given a sampled identity."""
    s = state.clone()
    for uid in hidden_cards(s):
        pool = candidates(s, s.cards[uid].owner)
        if pool:
            weights = [1.0 / d.cost if d.cost else 1.0 for d in pool]
            s.cards[uid].card_id = rng.choices(pool, weights)[0].id
    return s
