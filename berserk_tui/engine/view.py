"""Per-player views: the state as one seat may know it (an information state).

A view is a full `GameState` in which every identity the seat cannot see is None:
the opponent's face-down and undeployed cards, his deck and deal (and the deal he bought from, and the cards of
the other's deal he looked at with Лазутчица); the order of the
seat's own deck (it is shuffled) is hidden by sorting, but the top cards it is looking at (`scry`). During
deployment the
opponent's placements are not shown at all. `public_view` is what both seats know.
"""

from __future__ import annotations

from .geometry import NO_CELL
from .spy import shown_only
from .state import GameState


def view(state: GameState, seat: int) -> GameState:
    v = state.clone()
    for other in range(v.seats.count):
        if other != seat:
            _hide_cards(v, other)
            them = v.players[other]
            them.deck = (None,) * len(them.deck)
            them.deal = shown_only(v, them)
            them.dealt = (None,) * len(them.dealt)
            them.peeked = (None,) * len(them.peeked)       # what Лазутчица saw: her owner's alone
    me = v.players[seat]
    seen = v.pending.data.n if v.pending.kind == "scry" and v.pending.player == seat else 0   # the cards looked at
    me.deck = me.deck[:seen] + tuple(sorted(me.deck[seen:], key=lambda x: x or ""))
    return v


def public_view(state: GameState) -> GameState:
    """The state as both seats know it: every secret of either seat is None, and during deployment
    no placement is shown. Equal for the true state and for `view(state, seat)` of either seat."""
    v = state.clone()
    for seat in range(v.seats.count):
        _hide_cards(v, seat)
        p = v.players[seat]
        p.deck = (None,) * len(p.deck)
        p.deal = shown_only(v, p)
        p.dealt = (None,) * len(p.dealt)
        p.peeked = (None,) * len(p.peeked)
    return v


def _hide_cards(v: GameState, owner: int) -> None:
    """Blank the identities of `owner`'s face-down and undeployed cards; hide his placements while deploying (of
    his squad: a card the rules put on the battlefield open, outside it, stays in sight: «Битва за Лаар»)."""
    squad = frozenset(v.players[owner].squad) if v.phase == "deploy" else frozenset()
    for c in v.cards:
        if c.owner != owner:
            continue
        if c.zone == "board" and c.uid in squad:
            v.grid[c.cell] = -1
            c.zone, c.cell = "squad", NO_CELL
        if c.face_down or c.zone == "squad":
            c.card_id = None

