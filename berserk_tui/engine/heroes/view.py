"""What a seat may know of a game of «Берсерк. Герои»: the opponent's hand and the cards he put under his deck are
unknown (card id None), and both decks' order is hidden (the own deck's cards sorted, the opponent's all None), but
for the top cards of his own deck a seat is putting back in an order (the decision "reorder"): those it sees, as they
lie (rules decision 978)."""

from __future__ import annotations

from .state import HeroesState


def view(state: HeroesState, seat: int) -> HeroesState:
    """The state as `seat` may know it."""
    out = state.clone()
    for c in out.cards:
        if c.owner != seat and c.zone in ("hand", "deck"):
            c.card_id = None
    pending = state.pending
    seen = pending.data.count if pending.kind == "reorder" and pending.player == seat else 0
    for s, p in enumerate(out.players):
        if s == seat:
            p.deck = (*p.deck[:seen], *sorted(p.deck[seen:]))  # type: ignore[type-var]
        else:
            p.deck = (None,) * len(p.deck)
    return out


def public_view(state: HeroesState) -> HeroesState:
    """The state as both seats know it (no hand, no deck)."""
    out = state.clone()
    for c in out.cards:
        if c.zone in ("hand", "deck"):
            c.card_id = None
    for p in out.players:
        p.deck = (None,) * len(p.deck)
    return out
