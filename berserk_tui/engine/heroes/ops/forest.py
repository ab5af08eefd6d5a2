"""The ops of set 7's Лес cards (helper mtn): attack set or copied, abilities lost, a class changed, coins until the
end of the turn, doubling, and what is done for each character healed (their shots: `ops/shots.py`).

Values: `strong_creatures`, `healed_last_turn`. Triggers heard: `own_character_healed`
(raised by `zones.heal`). Targets: `own_character`, `each_own_character`, `strong_creature`.
"""

from __future__ import annotations

from typing import Any

from ...core import Events, emit, push
from .. import zones
from ..cards import abilities, attack, life
from ..main import ABILITY_COSTS
from ..state import HeroesState
from ..triggers import MATCHERS, HEvent, fire
from ..turns import END_OF_TURN_HOOKS, STAYS_CLOSED
from . import run
from .mountain import add_modifier, last_turn, recall, register
from .swamp import path_of
from .table import EFFECT, TARGET, VALUES, Ctx, amount, op

STRONG = 6      # «с ударом 6 или более»


def _characters(state: HeroesState, seat: int) -> list[int]:
    p = state.players[seat]
    return [p.hero, *p.play]


def _strong(state: HeroesState) -> list[int]:
    return [u for seat in (0, 1) for u in state.players[seat].play if attack(state, u) >= STRONG]


register(run.TARGETS, "own_character", (True, lambda s, c: _characters(s, c.seat)))
register(run.TARGETS, "each_own_character", (False, lambda s, c: _characters(s, c.seat)))
register(run.TARGETS, "strong_creature", (True, lambda s, c: _strong(s)))
register(run.TARGETS, "enemy_character", (True, lambda s, c: _characters(s, 1 - c.seat)))
register(VALUES, "strong_creatures", lambda s, c, node: len(_strong(s)))
register(VALUES, "healed_last_turn", lambda s, c, node: healed_last_turn(s, c.seat))
register(MATCHERS, "own_character_healed", (False, lambda s, b, on, e: s.cards[b].owner == e.seat))


def _own_died(state: HeroesState, bearer: int, on: dict[str, Any], event: HEvent) -> bool:
    return state.cards[bearer].owner == event.seat and event.subject != bearer \
        and not (on.get("not_created") and state.cdef(event.subject).keywords.get("created"))


register(MATCHERS, "own_creature_died", (False, _own_died))


@zones.DEATH_HOOKS.append
def _creature_died(state: HeroesState, ev: Events, uid: int) -> None:
    """«Ваше существо погибает» (Биореактор) is heard by the dead creature's owner's cards."""
    fire(state, ev, HEvent("own_creature_died", uid, state.cards[uid].owner))


# --- healing: what was healed, and by whom ----------------------------------------------------------------------

def healed_last_turn(state: HeroesState, seat: int) -> int:
    """The wounds healed from `seat`'s creatures during his previous turn (rules decision 862), kept on his hero."""
    hero = state.cards[state.players[seat].hero]
    return sum(m[1] for m in hero.modifiers if m[0] == "healed_creatures")


@zones.on_heal
def on_healed(state: HeroesState, ev: Events, uid: int, healed: int) -> None:
    """`zones.heal` removed `healed` wounds from `uid`: «ваш персонаж излечивается» is heard, and wounds healed from
    a creature in its controller's turn are counted for Исцеляющая until the end of the next turn."""
    c = state.cards[uid]
    if c.zone == "play" and c.owner == state.active:
        hero = state.players[c.owner].hero
        add_modifier(state, hero, "healed_creatures", healed, state.turn + 1)
    fire(state, ev, HEvent("own_character_healed", uid, c.owner, healed))


@op("per_healed", EFFECT)
def op_per_healed(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """The effect, once for each of the controller's characters the ability has just healed (the «healed» events
    since its card was played)."""
    start = max((i for i, e in enumerate(ev) if e.kind in ("played", "used", "triggered")
                 and e.data.get("uid") == ctx.source), default=-1)
    healed = {e.data["uid"] for e in ev[start + 1:] if e.kind == "healed" and state.cards[e.data["uid"]].owner
              == ctx.seat}
    path = (*path_of(state, ctx, node), "effect")
    push(state, *(("effect", tuple(ctx), path) for _ in range(len(healed))))


# --- attack, abilities and class --------------------------------------------------------------------------------

def set_attack(state: HeroesState, ev: Events, uid: int, value: int, until: int) -> None:
    """«Удар становится равен N»: a modifier of the difference from its attack now (rules decision 860)."""
    add_modifier(state, uid, "attack", value - attack(state, uid), until)
    emit(ev, "attack_set", uid=uid, amount=value)


@op("set_attack", TARGET)
def op_set_attack(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    set_attack(state, ev, target, amount(state, ctx, node), last_turn(state, ctx, node.get("duration")))


@op("copy_chosen_attack", EFFECT)
def op_copy_chosen_attack(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Хмельная фея: her attack becomes the chosen creature's attack now, for good."""
    chosen = recall(state, ctx, "chosen")
    if chosen >= 0 and state.cards[ctx.source].zone == "play":
        set_attack(state, ev, ctx.source, attack(state, chosen), -1)


@op("lose_abilities", TARGET)
def op_lose_abilities(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Потерять особенности: from now on the card has no keywords and no abilities (`cards.silent`)."""
    add_modifier(state, target, "lost", 1, -1)
    emit(ev, "lost_abilities", uid=target)


@op("set_class", TARGET)
def op_set_class(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    c = state.cards[target]
    c.modifiers = tuple(m for m in c.modifiers if m[0] != "class") + (("class", node["class"], -1),)
    emit(ev, "class_set", uid=target, value=node["class"])


# --- coins and doubling -----------------------------------------------------------------------------------------

@op("gain_coins", EFFECT)
def op_gain_coins(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Получите (N) до конца хода: N open coins, taken away at the end of the turn (rules decision 863)."""
    value = amount(state, ctx, node)
    state.players[ctx.seat].coins += value
    add_modifier(state, state.players[ctx.seat].hero, "temp_coins", value, state.turn)
    emit(ev, "coins_gained", seat=ctx.seat, coins=value)


@END_OF_TURN_HOOKS.append
def end_of_turn(state: HeroesState, ev: Events) -> None:
    """Before «до конца хода» ends: the coins gained until the end of the turn are taken away (spent ones first
    among the closed)."""
    for seat, p in enumerate(state.players):
        hero = state.cards[p.hero]
        extra = sum(m[1] for m in hero.modifiers if m[0] == "temp_coins" and 0 <= m[2] <= state.turn)
        if extra:
            p.coins -= extra
            p.closed = max(0, min(p.closed, p.coins))
            emit(ev, "coins_expired", seat=seat, coins=extra)


def doubled(state: HeroesState, uid: int) -> int:
    """How many times the card doubled itself (Энт-прародитель)."""
    return sum(1 for m in state.cards[uid].modifiers if m[0] == "doubled")


@ABILITY_COSTS.append
def coins_of(state: HeroesState, uid: int, ab: dict[str, Any], coins: int) -> int:
    """An ability that doubles its cost (op `double_self`) costs 2**N times more after N doublings."""
    effect = ab["effect"] if isinstance(ab["effect"], list) else [ab["effect"]]
    return coins * 2 ** doubled(state, uid) if any(e.get("op") == "double_self" for e in effect) else coins


@op("double_self", EFFECT)
def op_double_self(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Удвойте силу удара, максимальные жизни и стоимость этой особенности (rules decision 864)."""
    uid = ctx.source
    if state.cards[uid].zone != "play":
        return
    add_modifier(state, uid, "attack", attack(state, uid), -1)
    add_modifier(state, uid, "health", life(state, uid), -1)
    add_modifier(state, uid, "doubled", 1, -1)
    emit(ev, "doubled", uid=uid, attack=attack(state, uid), life=life(state, uid))


@STAYS_CLOSED.append
def stays_closed(state: HeroesState, uid: int) -> bool:
    """Does the card skip opening in its controller's recovery phase (Энт-прародитель)?"""
    return any(ab["type"] == "static" and ab["static"] == "stays_closed" for ab in abilities(state, uid))

