"""Glossary keywords no public card of sets 7–8 uses (helper glossary; docs/heroes-glossary.md): proven with the
test-only cards of tests/heroes_glossary/test_cards.toml.

- Жажда X (`thirst`): paying for a card with it wounds a character of the payer's by X, the one he chooses
  (decision "thirst"; his hero or a creature of his in play; the card is the wounds' source). Rules decision 942.
- Медитация X (`meditation`): a strike declared at a card with it makes the attacker's controller pay X coins;
  what he cannot pay wounds his hero (the meditating card is the source). Rules decision 943.
Both read `cards.keyword`, which keeps the highest of a printed and a granted value (seed 002: only the highest
counts).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core import Events, ask, emit
from .. import zones
from ..actions import Target
from ..book import decision
from ..cards import keyword
from ..main import AFTER_PLAY, STRIKE_DECLARED
from ..state import HeroesState

# --- Жажда -------------------------------------------------------------------------------------------------------


@AFTER_PLAY.append
def _thirst(state: HeroesState, ev: Events, seat: int, uid: int) -> None:
    """A card with Жажда X was paid for: its player wounds his hero or a creature of his in play by X (asked when
    there is a choice; the card itself is not in play yet)."""
    n = keyword(state, uid, "thirst")
    if n <= 0:
        return
    p = state.players[seat]
    options = (p.hero, *(u for u in p.play if u != uid))
    if len(options) == 1:
        _thirst_wound(state, ev, uid, options[0], n)
    else:
        ask(state, seat, ThirstDecision(uid, n, options))


def _thirst_wound(state: HeroesState, ev: Events, source: int, target: int, n: int) -> None:
    emit(ev, "thirst", uid=source, target=target, amount=n)
    zones.wound(state, ev, target, n, source)
    zones.settle(state, ev)


@decision("thirst")
class ThirstDecision(NamedTuple):
    """The player of card `uid` with Жажда `amount` chooses which of `options` (his characters) it wounds."""
    uid: int
    amount: int
    options: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Target(u) for u in state.pending.data.options]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        _thirst_wound(state, ev, data.uid, action.uid, data.amount)


# --- Медитация ---------------------------------------------------------------------------------------------------


@STRIKE_DECLARED.append
def _meditation(state: HeroesState, ev: Events, attacker: int, target: int) -> None:
    """A strike at a card with Медитация X (its first target, before a defender): the attacker's controller closes
    X of his open coins; each one he lacks is a wound on his hero."""
    n = keyword(state, target, "meditation")
    if n <= 0:
        return
    seat = state.cards[attacker].owner
    p = state.players[seat]
    paid = min(n, p.open_coins)
    p.closed += paid
    emit(ev, "meditation", uid=target, seat=seat, paid=paid, short=n - paid)
    if n > paid:
        zones.wound(state, ev, p.hero, n - paid, target)
        zones.settle(state, ev)
