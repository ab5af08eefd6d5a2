"""Read-only questions about cards in a game of «Берсерк. Герои»: a card's type, cost, strike, life, keywords and
abilities as they stand now (printed values plus the modifiers it carries), and who controls what.

A card not implemented plays as its stats alone under the rules' `vanilla` option: `abilities` and `keyword` give
it none. Modifiers are (key, value, last turn; -1 while it stays in play): "attack" and "health" add to the strike and
the life, "kw" grants the keyword named by the value, "stun" is Оглушение, "poison" Отравление of the value.
"""

from __future__ import annotations

from typing import Any

from .state import HeroesState

CREATURE, SPELL, EQUIPMENT, EVENT, HERO = "creature", "spell", "equipment", "event", "hero"


def ctype(state: HeroesState, uid: int) -> str:
    return state.cdef(uid).type


def silent(state: HeroesState, uid: int) -> bool:
    """Does card `uid` play without its abilities (not implemented, under the `vanilla` option; or it lost them:
    «теряет особенности»)?"""
    return (state.rules.vanilla and not state.cdef(uid).implemented) \
        or any(m[0] == "lost" for m in state.cards[uid].modifiers)


def modifier_sum(state: HeroesState, uid: int, key: str) -> int:
    return sum(m[1] for m in state.cards[uid].modifiers if m[0] == key and type(m[1]) is int)


def attack(state: HeroesState, uid: int) -> int:
    """The card's strike now (never below 0)."""
    return max(0, state.cdef(uid).attack + modifier_sum(state, uid, "attack"))


def life(state: HeroesState, uid: int) -> int:
    """The card's lives now: printed health plus extra lives."""
    return state.cdef(uid).health + modifier_sum(state, uid, "health")


def life_left(state: HeroesState, uid: int) -> int:
    return life(state, uid) - state.cards[uid].wounds


def keyword(state: HeroesState, uid: int, name: str) -> int:
    """The value of keyword `name` on the card (0 without it): the printed one or a granted one, the highest."""
    c = state.cards[uid]
    value = 0 if silent(state, uid) else state.cdef(uid).keywords.get(name, 0)
    for key, v, _until in c.modifiers:
        if key == "kw" and v == name:
            value = max(value, 1)
        elif key == name and type(v) is int:
            value = max(value, v)
    return value


def abilities(state: HeroesState, uid: int) -> tuple[dict[str, Any], ...]:
    return () if silent(state, uid) else state.cdef(uid).abilities


def uses(state: HeroesState, uid: int, key: int) -> int:
    """How many times ability `key` (-1: the strike) of the card was used or triggered this turn."""
    return sum(n for k, turn, n in state.cards[uid].uses if k == key and turn == state.turn)


def count_use(state: HeroesState, uid: int, key: int) -> None:
    """One more use of ability `key` this turn (older turns' entries are dropped)."""
    c = state.cards[uid]
    n = uses(state, uid, key)
    c.uses = tuple(u for u in c.uses if u[1] == state.turn and u[0] != key) + ((key, state.turn, n + 1),)


def can_act(state: HeroesState, uid: int) -> bool:
    """May creature `uid` act (strike, or use an ability that closes it) now: open, and not entered this turn
    unless it has Рывок."""
    c = state.cards[uid]
    return not c.closed and (c.entered != state.turn or keyword(state, uid, "dash") > 0)
