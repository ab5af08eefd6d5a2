"""What a seat may know of a game of «Берсерк. Герои»: the opponent's hand and the cards he put under his deck are
unknown (card id None), and both decks' order is hidden (the own deck's cards sorted, the opponent's all None)."""

from __future__ import annotations

from .state import HeroesState


def view(state: HeroesState, seat: int) -> HeroesState:
    """The state as `seat` may know it."""
    out = state.clone()
    for c in out.cards:
        if c.owner != seat and c.zone in ("hand", "deck"):
            c.card_id = None
    for s, p in enumerate(out.players):
        p.deck = tuple(sorted(p.deck)) if s == seat else (None,) * len(p.deck)  # type: ignore[type-var]
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
