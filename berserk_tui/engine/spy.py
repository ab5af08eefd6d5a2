"""Лазутчица: «до набора отряда» a card with a `before_purchase` `peek` is shown to the opponent (action `Show`),
taken into the squad, and the owner looks at cards of the opponent's deal (rules decisions 560–566).

The purchases are sequential, so the opponent's deal is either the one he bought from (kept in `dealt` until
the deployment) or, when he has not bought yet, his deal drawn now from his freshly shuffled deck (he buys from
it later, `setup.deal` does not draw again). The cards looked at are the first `peek` of that deal: its order
comes from the shuffle both players' dice made, so they are random cards of it. The opponent's program names
them (`FromDeck`, like a prophecy's top card): his own engine offers exactly those cards, the other engine any
card, and the full replay at the end checks them."""

from __future__ import annotations

from typing import Any, NamedTuple

from cards.schema import CardDef

from .actions import FromDeck
from .core import Events, ask, ask_shuffle, decision, emit, push, task
from .state import GameState, PlayerState


def peek_ability(d: CardDef | None) -> dict[str, Any] | None:
    """The `before_purchase` ability with `peek` of a card, or None."""
    if d is None or "before_purchase" not in d.ability_types:
        return None
    return next((ab for ab in d.abilities if ab["type"] == "before_purchase" and "peek" in ab), None)


def showable(state: GameState) -> list[str]:
    """Ids of the database's cards that may be shown (a peer's engine that cannot see the deal), sorted."""
    return sorted(cid for cid, d in state.db.cards.items() if peek_ability(d) is not None)


def shown_only(state: GameState, p: PlayerState) -> tuple[str | None, ...]:
    """A player's deal as the others know it: only the card he showed (`Show`, public)."""
    return tuple(cid if k in p.taken and cid is not None and peek_ability(state.db.cards[cid]) is not None
                 else None for k, cid in enumerate(p.deal))


def peek_discount(state: GameState, seat: int, d: CardDef) -> int:
    """How much less the shown card `d` costs: `peek_discount` per elite card the seat looked at (the card is
    unique, so the squad's card is the one shown)."""
    ab = peek_ability(d)
    looked = state.players[seat].peeked
    if ab is None or not looked:
        return 0
    return ab.get("peek_discount", 0) * sum(1 for cid in looked if cid is not None and state.db.cards[cid].elite)


def draw_deal(state: GameState, seat: int, ev: Events) -> None:
    """Deal the seat the top cards of its deck (fewer after redeals in the `redeal_fewer` variant)."""
    p = state.players[seat]
    size = state.rules.deal_size - (p.redeals if state.rules.redeal_fewer else 0)
    p.deal, p.deck = p.deck[:size], p.deck[size:]
    emit(ev, "deal", seat=seat, size=len(p.deal))


def start_peek(state: GameState, seat: int, d: CardDef) -> None:
    """`seat` has shown `d`: deal the opponent first if he has no deal yet, then ask him to reveal the cards."""
    opp = state.seats.next[seat]
    o = state.players[opp]
    push(state, ("peek_ask", seat, peek_ability(d)["peek"], d.id))
    if not o.deal and not o.dealt:      # he buys later: his deal is drawn now, from his deck shuffled now
        push(state, ("peek_deal", opp))
        ask_shuffle(state, opp)


@task("peek_deal")
def peek_deal(state: GameState, ev: Events, seat: int) -> None:
    draw_deal(state, seat, ev)


def _looked_at(state: GameState, seat: int) -> tuple[str | None, ...]:
    """The opponent's deal that `seat` looks at: the one he holds, else the one he bought from."""
    o = state.players[state.seats.next[seat]]
    return o.deal or o.dealt


@task("peek_ask")
def peek_ask(state: GameState, ev: Events, seat: int, n: int, card: str) -> None:
    n = min(n, len(_looked_at(state, seat)))     # a smaller deal shows what it has
    if n:
        ask(state, state.seats.next[seat], PeekDecision(seat, n, card))
    else:
        push(state, ("purchase_ask", seat))


@decision("peek")
class PeekDecision(NamedTuple):
    """The opponent of `spy` reveals to him the next of the `n` first cards of his deal (the only choice; any
    card in an engine that cannot see that deal); `card`: the card shown (Лазутчица)."""
    spy: int
    n: int
    card: str

    @staticmethod
    def legal(state: GameState) -> list:
        d: PeekDecision = state.pending.data
        cid = _looked_at(state, d.spy)[len(state.players[d.spy].peeked)]
        return [FromDeck(cid)] if cid is not None else [FromDeck(c) for c in sorted(state.db.cards)]

    @staticmethod
    def apply(state: GameState, action: FromDeck, ev: Events) -> None:
        d: PeekDecision = state.pending.data
        p = state.players[d.spy]
        p.peeked += (action.card_id,)
        emit(ev, "peeked", seat=d.spy)
        if len(p.peeked) < d.n:
            ask(state, state.pending.player, d)
        else:
            push(state, ("purchase_ask", d.spy))
