"""Reading a deck this engine may not know: searches, picks and looks at the top, in one place.

Over the network the opponent's engine holds a deck as unknown cards (None) (`deck_hidden(state, seat)`), so a rule
that reads it cannot be resolved there; the engine asks the deck's owner instead, with the decision "reveal"
(`FoundDecision`: which card the search or pick took, or lies on top). The owner's peer answers it by itself from
its own engine, where the rule ran (`netgame.heroes`: the events "searched" with a deck size, "picked" and
"looked_top"), and the final reveal proves the answer. In a full engine (a local game, the owner's own) the decision
is never asked. An answer is information, not a move: it does not count in `seq` (`rules.apply`), so both engines'
counters agree.

- `search(state, ev, seat, name, up_to)`: «Поиск карт «X»» (swamp's `search`, steppe's `search_up_to`).
- `look_top(state, ev, seat, whose)`: «Посмотрите верхнюю карту любой колоды» (mountain's `look_top`): the owner of a
  deck the looker's engine lacks says which card lies on top (rules decision 978).
- `ask_unknown(state, ev)`: after every task and decision (the rulebook's `after`), a card of unknown identity that
  reached a public zone (a discard of the opponent's hand in an action of this engine's seat, a card milled...) is
  named by its owner, one at a time (("shown", uid)), before whatever the task asked next (rules decision 990).
- `pick_task(seat, purpose, cost, left)`: the one step for every rule that lets a player pick cards of his
  deck (`DeckPickDecision`, rules decision 977): mountain's «Поиск заклинаний стоимостью N» (`search`), steppe's
  «Вызовите существо стоимостью N или менее» (`summon`) and «Единение N» (`unity_search`). The pick itself is a move
  of the deck's owner, asked on public facts only (while the deck is not empty: rules decision 907); its
  `Choose(i)` names the i-th of the distinct fitting card ids of the deck, sorted, so the record names no card; an
  engine that lacks the deck then asks the owner which card it was.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..actions import Choose, Pass, Skip
from ..core import Events, ask, emit, push
from ..state import MACHINE_RECORDS, NO_DECISION, Decision
from .book import decision, task
from .cards import CREATURE, SPELL
from .state import HeroesState
from .zones import enter_play, from_deck, new_card, searched, to_hand

PICKS = ("search", "summon", "unity_search")    # what a pick from the deck is for (the decision's prompt says it)
SECRET = ("hand", "deck")                       # the zones whose cards only their owner knows


def deck_hidden(state: HeroesState, seat: int) -> bool:
    """Does this engine lack `seat`'s deck (the opponent's over the network: unknown cards)?"""
    return None in state.players[seat].deck


def take_card(state: HeroesState, seat: int, card_id: str) -> int:
    """The first `card_id` taken out of `seat`'s deck as a new card in the hand zone, in no pile yet (`from_deck`); in
    an engine that lacks the deck, one unknown card leaves it instead (the owner said which card it was); -1: none."""
    uid = from_deck(state, seat, card_id)
    p = state.players[seat]
    if uid < 0 and None in p.deck:
        at = p.deck.index(None)
        p.deck = p.deck[:at] + p.deck[at + 1:]
        uid = new_card(state, seat, card_id, "hand")
    return uid


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
    """The card a search found (`card_id`; "" none) goes to `seat`'s hand. `size`: the deck's size before, in the
    event "searched" (each such event of a deck that was not empty is one answer its owner's peer gives the
    opponent's engine)."""
    uid = take_card(state, seat, card_id) if card_id else -1
    if uid >= 0:
        to_hand(state, ev, uid)
    emit(ev, "searched", seat=seat, uid=uid, card=card_id, deck=size)


@decision("reveal")
class FoundDecision(NamedTuple):
    """The owner of a deck this engine lacks says what a search for `name` found next in it: `Choose(i)`, the i-th of
    `cards` (the ids of that name), or `Skip()`, nothing more; `left`: how many it may still find. With `then`, what
    else it answers: ("deck_pick", *a `DeckPickDecision`'s fields): which of `cards` (the ids that fit it) his
    `Choose` of that pick took; ("look_top", looker): which card lies on top of his deck (`look_top`)."""
    seat: int
    name: str
    cards: tuple
    left: int
    then: tuple = ()

    @staticmethod
    def legal(state: HeroesState) -> list:
        data = state.pending.data
        return [*(() if data.then else (Skip(),)), *(Choose(i) for i in range(len(data.cards)))]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        if data.then[:1] == ("deck_pick",):
            take_pick(state, ev, DeckPickDecision(*data.then[1:]), data.cards[action.option])
            return
        if data.then[:1] == ("look_top",):
            emit(ev, "looked_top", seat=data.then[1], deck=data.seat, card=data.cards[action.option])
            return
        if data.then[:1] == ("shown",):
            state.cards[data.then[1]].card_id = data.cards[action.option]
            emit(ev, "identified", uid=data.then[1], card=data.cards[action.option])
            return
        card = "" if type(action) is Skip else data.cards[action.option]
        take_found(state, ev, data.seat, card, len(state.players[data.seat].deck))
        if card and data.left > 1 and state.players[data.seat].deck:
            ask(state, data.seat, data._replace(left=data.left - 1))
        else:
            searched(state, ev, data.seat)
            push(state, ("shuffle", data.seat))


def look_top(state: HeroesState, ev: Events, seat: int, whose: int) -> None:
    """`seat` looks at the top card of `whose`'s deck, alone (the event "looked_top"): the looker's engine, if it
    lacks that deck (the opponent's, over the network), asks its owner which card it is; the engine of a player who
    does not look and lacks the deck learns nothing (the card None)."""
    deck = state.players[whose].deck
    if deck[0] is None and whose != seat:
        ask(state, whose, FoundDecision(whose, "", deck_cards(state), 1, ("look_top", seat)))
        return
    emit(ev, "looked_top", seat=seat, deck=whose, card=deck[0])


def deck_cards(state: HeroesState) -> tuple[str, ...]:
    """Every card id a deck may hold, sorted: what an owner's word on a card of his deck or hand may name."""
    return tuple(sorted(cid for cid, card in state.db.items()
                        if card.type != "hero" and not card.keywords.get("created")))


def ask_unknown(state: HeroesState, ev: Events) -> None:
    """After a task or a decision: the first card of unknown identity in a public zone (one that left a hand or deck
    this engine lacks: the opponent's, over the network, in an action of this engine's seat, where he could not show
    it in advance) is named by its owner (the decision "reveal" with ("shown", uid)) before the decision or chance
    node the task asked, which is asked again after it (the task "ask_again"). A full engine never has one."""
    pending = state.pending
    if pending.kind in ("reveal", "over"):
        return
    uid = next((c.uid for c in state.cards if c.card_id is None and c.zone not in SECRET), -1)
    if uid < 0:
        return
    if pending is not NO_DECISION:
        push(state, ("ask_again", pending.player, pending.kind, tuple(pending.data)))
    cards = deck_cards(state)
    ask(state, state.cards[uid].owner, FoundDecision(state.cards[uid].owner, "", cards, 1, ("shown", uid)))


@task("ask_again")
def _ask_again(state: HeroesState, ev: Events, player: int, kind: str, fields: tuple) -> None:
    """The decision or chance node a word on an unknown card came before (`ask_unknown`), asked again as it was."""
    record = MACHINE_RECORDS.get(kind) or state.rules.rulebook.records[kind]
    state.pending = Decision(player, kind, record(*fields))


# --- picks from the deck ------------------------------------------------------------------------------------------

def fits(card: Any, purpose: str, cost: int) -> bool:
    """May a pick for `purpose` with `cost` take `card`? search: a spell of cost `cost`; summon: a creature of cost
    `cost` or less; unity_search: the same, but of a printed cost (no X)."""
    if purpose == "search":
        return card.type == SPELL and card.cost == cost
    return card.type == CREATURE and card.cost <= cost and not (purpose == "unity_search" and card.x_cost)


def pick_options(state: HeroesState, data: DeckPickDecision) -> tuple[str, ...]:
    """The card ids a pick may take, sorted: the distinct fitting ones of the deck; in an engine that lacks it, every
    fitting card id there is (the owner's `Choose(i)` is one of his, `FoundDecision` says which)."""
    if deck_hidden(state, data.seat):
        return tuple(sorted(cid for cid, card in state.db.items() if card.type != "hero"
                            and fits(card, data.purpose, data.cost)))
    return tuple(sorted({c for c in state.players[data.seat].deck if fits(state.db[c], data.purpose, data.cost)}))


def pick_task(seat: int, purpose: str, cost: int, left: int) -> tuple:
    """The task of `seat` picking up to `left` cards for `purpose` (`PICKS`) with `cost` from his deck, one at a
    time (`push` it)."""
    if purpose not in PICKS:
        raise ValueError(f"unknown pick {purpose!r}; known: {', '.join(PICKS)}")
    return "deck_pick", seat, purpose, cost, left


@task("deck_pick")
def _deck_pick(state: HeroesState, ev: Events, seat: int, purpose: str, cost: int, left: int) -> None:
    """Asked while the deck is not empty, whatever it holds (a public fact: over the network the opponent's engine
    lacks the deck, rules decision 907); a player with nothing that fits answers `Pass`. A search ends heard
    (`searched`)."""
    if left > 0 and state.players[seat].deck:
        ask(state, seat, DeckPickDecision(seat, purpose, cost, left))
    elif purpose != "summon":
        searched(state, ev, seat)


@decision("deck_pick")
class DeckPickDecision(NamedTuple):
    """`seat` takes one more card for `purpose` from his deck (`Choose(i)`: the i-th of `pick_options`), or stops
    (`Pass`): into his hand, shown (search, unity_search: the deck is shuffled after, by the rule that asked), or into
    play (summon); `left`: how many he may still take."""
    seat: int
    purpose: str
    cost: int
    left: int

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Pass(), *(Choose(i) for i in range(len(pick_options(state, state.pending.data))))]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        if type(action) is Pass:
            if data.purpose != "summon":
                searched(state, ev, data.seat)
            return
        options = pick_options(state, data)
        if deck_hidden(state, data.seat):      # the owner's peer says which card his choice took
            ask(state, data.seat, FoundDecision(data.seat, "", options, 1, ("deck_pick", *data)))
            return
        take_pick(state, ev, data, options[action.option])


def take_pick(state: HeroesState, ev: Events, data: DeckPickDecision, card_id: str) -> None:
    """The pick `data` took `card_id`: out of the deck (the event "picked", which the owner's peer answers the
    opponent's engine with), then into the hand (shown) or into play; the next pick follows."""
    p = state.players[data.seat]
    size = len(p.deck)
    uid = take_card(state, data.seat, card_id)
    emit(ev, "picked", seat=data.seat, card=card_id, deck=size)
    following = pick_task(data.seat, data.purpose, data.cost, data.left - 1)
    if data.purpose == "summon":
        p.hand += (uid,)
        push(state, following)
        enter_play(state, ev, uid)
        return
    to_hand(state, ev, uid)
    emit(ev, "searched", seat=data.seat, uid=uid, card=card_id)
    push(state, following)
