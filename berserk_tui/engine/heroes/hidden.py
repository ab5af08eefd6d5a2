"""A rule that needs a card of a deck this engine does not know: over the network, the opponent's engine holds its
deck as unknown cards (None), so a search of it cannot be made there; the engine asks the deck's owner instead.

`deck_hidden(state, seat)`: whether this engine lacks `seat`'s deck. A search (`op_search`) in such an engine stops at
the decision "reveal" of the owner (`FoundDecision`: which card of that name the search found, or none); the owner's
peer answers it by itself from its own engine, where the search was made (`netgame.heroes`), and the final reveal
proves the answer. In a full engine (a local game, the owner's own) the decision is never asked. An answer is
information, not a move: it does not count in `seq` (`rules.apply`), so both engines' counters agree.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..actions import Choose, Skip
from ..core import Events, ask, emit, push
from .book import decision
from .state import HeroesState
from .zones import from_deck, new_card, to_hand


def deck_hidden(state: HeroesState, seat: int) -> bool:
    """Does this engine lack `seat`'s deck (the opponent's over the network: unknown cards)?"""
    return None in state.players[seat].deck


def search(state: HeroesState, ev: Events, seat: int, name: str) -> None:
    """«Поиск»: the first card named `name` in `seat`'s deck goes to his hand, shown; then the deck is shuffled. An
    engine that lacks the deck asks its owner what was found (`FoundDecision`)."""
    if deck_hidden(state, seat):
        ids = tuple(sorted(cid for cid, card in state.db.items() if card.name == name and card.type != "hero"))
        ask(state, seat, FoundDecision(seat, name, ids))
        return
    deck = state.players[seat].deck
    found = next((cid for cid in deck if cid is not None and state.db[cid].name == name), "")
    take_found(state, ev, seat, found, len(deck))


def take_found(state: HeroesState, ev: Events, seat: int, card_id: str, size: int) -> None:
    """The card a search found (`card_id`; "" none) goes to `seat`'s hand, then the deck is shuffled. In an engine that
    lacks the deck, one unknown card leaves it (the shuffle follows). `size`: the deck's size before the search, in
    the event "searched" (its owner's peer answers the opponent's engine only when it was not empty)."""
    p = state.players[seat]
    uid = from_deck(state, seat, card_id) if card_id else -1
    if card_id and uid < 0 and None in p.deck:
        at = p.deck.index(None)
        p.deck = p.deck[:at] + p.deck[at + 1:]
        uid = new_card(state, seat, card_id, "hand")
    if uid >= 0:
        to_hand(state, ev, uid)
    emit(ev, "searched", seat=seat, uid=uid, card=card_id, deck=size)
    push(state, ("shuffle", seat))


@decision("reveal")
class FoundDecision(NamedTuple):
    """The owner of a deck this engine lacks says what a search for `name` found in it: `Choose(i)`, the i-th of
    `cards` (the ids of that name), or `Skip()`, none."""
    seat: int
    name: str
    cards: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Skip(), *(Choose(i) for i in range(len(state.pending.data.cards)))]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        size = len(state.players[data.seat].deck)
        take_found(state, ev, data.seat, "" if type(action) is Skip else data.cards[action.option], size)
