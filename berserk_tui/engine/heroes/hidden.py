"""A rule that needs a card of a deck this engine does not know: over the network, the opponent's engine holds its
deck as unknown cards (None), so a search of it cannot be made there; the engine asks the deck's owner instead.

`deck_hidden(state, seat)`: whether this engine lacks `seat`'s deck. A search (swamp's `search`, steppe's
`search_up_to`) in such an engine stops at the decision "reveal" of the owner (`FoundDecision`: which card of that name
the search found next, or none); the owner's
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
from .zones import from_deck, new_card, searched, to_hand


def deck_hidden(state: HeroesState, seat: int) -> bool:
    """Does this engine lack `seat`'s deck (the opponent's over the network: unknown cards)?"""
    return None in state.players[seat].deck


def search(state: HeroesState, ev: Events, seat: int, name: str, up_to: int = 1) -> None:
    """«Поиск»: the first cards named `name` (up to `up_to`) in `seat`'s deck go to his hand, one by one, shown; then
    the deck is shuffled. An engine that lacks the deck asks its owner what each one was (`FoundDecision`)."""
    if deck_hidden(state, seat):
        ids = tuple(sorted(cid for cid, card in state.db.items() if card.name == name and card.type != "hero"))
        ask(state, seat, FoundDecision(seat, name, ids, up_to))
        return
    for _ in range(up_to):
        deck = state.players[seat].deck
        if not deck:
            break
        found = next((cid for cid in deck if state.db[cid].name == name), "")
        take_found(state, ev, seat, found, len(deck))
        if not found:
            break
    searched(state, ev, seat)
    push(state, ("shuffle", seat))


def take_found(state: HeroesState, ev: Events, seat: int, card_id: str, size: int) -> None:
    """The card a search found (`card_id`; "" none) goes to `seat`'s hand. In an engine that lacks the deck, one
    unknown card leaves it (a shuffle follows). `size`: the deck's size before, in the event "searched" (each such
    event of a deck that was not empty is one answer its owner's peer gives the opponent's engine)."""
    p = state.players[seat]
    uid = from_deck(state, seat, card_id) if card_id else -1
    if card_id and uid < 0 and None in p.deck:
        at = p.deck.index(None)
        p.deck = p.deck[:at] + p.deck[at + 1:]
        uid = new_card(state, seat, card_id, "hand")
    if uid >= 0:
        to_hand(state, ev, uid)
    emit(ev, "searched", seat=seat, uid=uid, card=card_id, deck=size)


@decision("reveal")
class FoundDecision(NamedTuple):
    """The owner of a deck this engine lacks says what a search for `name` found next in it: `Choose(i)`, the i-th of
    `cards` (the ids of that name), or `Skip()`, nothing more; `left`: how many it may still find."""
    seat: int
    name: str
    cards: tuple
    left: int

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Skip(), *(Choose(i) for i in range(len(state.pending.data.cards)))]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        card = "" if type(action) is Skip else data.cards[action.option]
        take_found(state, ev, data.seat, card, len(state.players[data.seat].deck))
        if card and data.left > 1 and state.players[data.seat].deck:
            ask(state, data.seat, data._replace(left=data.left - 1))
        else:
            searched(state, ev, data.seat)
            push(state, ("shuffle", data.seat))
