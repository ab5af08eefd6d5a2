"""What wounds do to a card (armor, stamina, protections), dealing them, healing and extra lives."""

from __future__ import annotations

from typing import NamedTuple

from cards.schema import ATTACK_KINDS, MAGIC_ATTACKS
from cards.terms.values import MARKERS_NEW

from .core import Events, emit, push
from .dispatch import dispatch
from .events import GameEvent
from .keywords import armor_left, card_index, holders, kw, life_left, max_life, statics
from .modifiers import add_modifier, has_modifier, modifier_value
from .places import battlefield, foes, is_artifact, is_creature
from .state import GameState


class Wounding(NamedTuple):
    """What wounds do to a card: how many land, how many are prevented, and why."""
    landed: int
    prevented: int
    reason: str        # of `prevented`: "armor", "stamina", "prot_poison", "protection" (a protected hit); or ""


NO_WOUNDS = Wounding(0, 0, "")
ARMORED = frozenset(ATTACK_KINDS) - MAGIC_ATTACKS     # the attacks armor stops


def wounding(state: GameState, target: int, amount: int, source: int, kind: str) -> Wounding:
    """How `amount` wounds of `kind` from `source` would fall on `target` now: stamina and poison protection
    stop them all, vulnerability adds one to an attack, armor stops what it still can this turn.
    Changes nothing; `wound` deals exactly this."""
    c = state.cards[target]
    if amount <= 0 or not c.on_battlefield:
        return NO_WOUNDS
    src_owner = state.cards[source].owner if source >= 0 else c.owner
    if kind == "effect" and state.seats.enemy(src_owner, c.owner) and kw(state, target, "stamina"):
        return Wounding(0, amount, "stamina")
    if kind == "poison" and kw(state, target, "prot_poison"):
        return Wounding(0, amount, "prot_poison")
    if kind in ATTACK_KINDS and kw(state, target, "vulnerable"):
        amount += 1                    # уязвимость: an attack deals one wound more, before armor
    blocked = min(max(0, armor_left(state, target)), amount) if kind in ARMORED else 0
    return Wounding(amount - blocked, blocked, "armor" if blocked else "")


def wound(state: GameState, target: int, amount: int, source: int, kind: str, ev: Events) -> int:
    """Give `target` wounds from `source`; armor, stamina and poison protection apply. Returns wounds."""
    return inflict(state, target, amount, source, kind, ev).landed


def inflict(state: GameState, target: int, amount: int, source: int, kind: str, ev: Events) -> Wounding:
    """`wound`, returning the whole `Wounding`: the wounds of `wounding` are dealt, armor's share used up."""
    w = wounding(state, target, amount, source, kind)
    c = state.cards[target]
    if w.reason == "stamina":
        emit(ev, "prevented", uid=target, amount=w.prevented, reason="stamina")
    if kind in ARMORED and (w.landed or w.prevented):
        if c.armor_turn != state.turn:
            c.armor_turn, c.armor_used = state.turn, 0
        if w.prevented:
            c.armor_used += w.prevented
            emit(ev, "prevented", uid=target, amount=w.prevented, reason="armor")
    if not w.landed:
        return w
    amount = w.landed
    src_owner = state.cards[source].owner if source >= 0 else c.owner
    c.wounds += amount
    c.last_hit = (source, kind)
    add_modifier(state, target, "wounds_taken", amount)      # «получил менее N ран в этот ход»
    if kind in ATTACK_KINDS:
        add_modifier(state, target, "attack_wounds", amount)     # «не получало ран от атак в этот ход»
    watchers = card_index(state).hit_watchers if kind in ("shot", "throw") else None
    if watchers and any(o.face_down or o.card_id in watchers for o in battlefield(state)):   # «… от выстрелов»
        # (a face-down card may be one that asks: judged alike by every engine, whatever identities it knows)
        add_modifier(state, target, "ranged_hits")
    if concentration_grace(state, target):
        add_modifier(state, target, "wound_grace")
    else:
        c.wounded_turn = state.turn
    emit(ev, "wounded", uid=target, amount=amount, source=source, kind=kind, life=life_left(state, target))
    if kind == "poison" and not c.face_down:      # «когда существо противника получает раны от отравления»
        poisoned = GameEvent("wounded", subject=target, attack=kind, amount=amount, cause="poison")
        push(state, *dispatch(state, poisoned, "poisoned", foes(state, c.owner)))
    if source < 0 or not state.seats.enemy(src_owner, c.owner) or c.face_down:
        return w
    wounded = GameEvent("wounded", subject=target, actor=source, attack=kind, amount=amount)
    if kind in ATTACK_KINDS and state.seats.enemy(state.active, c.owner):   # «от атаки … противника в ход противника»
        push(state, *dispatch(state, wounded, "self", [c]))
    if kind in ("shot", "throw", "discharge", "through_row"):   # «получает X ран от дальней атаки …»: its side
        push(state, *dispatch(state, wounded, "ranged", battlefield(state, c.owner)))
    if kind in ATTACK_KINDS and c.modifiers:       # «когда карта с маркером этой карты получает раны от атаки»
        sources = list(dict.fromkeys(v for k, v, _ in c.modifiers if k in MARKERS_NEW))
        push(state, *dispatch(state, wounded, "marked", [state.cards[s] for s in sources]))
    return w


def concentration_grace(state: GameState, uid: int) -> bool:
    """Is this wounding of `uid` its first of an opponent's turn and forgiven to its concentration by an
    own `concentration_grace` card («не препятствует срабатыванию концентрации»)?"""
    c = state.cards[uid]
    if not state.seats.enemy(state.active, c.owner) or c.wounded_turn == state.turn or not is_creature(state, uid) \
            or has_modifier(state, uid, "wound_grace", state.turn):
        return False
    return any(True for o in battlefield(state, c.owner) for _ in statics(state, o.uid, "concentration_grace"))


def heal(state: GameState, uid: int, amount: int, ev: Events, replaceable: bool = False) -> int:
    """Heal `uid` by `amount`; a `replaceable` heal of a card with «вместо излечения» (`would_heal`) waits
    for its owner's choice instead (returns 0)."""
    c = state.cards[uid]
    if kw(state, uid, "incorporeal") or amount <= 0 or is_artifact(state, uid):   # seed 004: never healed
        return 0
    if modifier_value(state, uid, "no_heal"):         # «незаживающие раны»
        return 0
    instead = dispatch(state, GameEvent("healed", subject=uid, amount=amount), "self", [c]) if replaceable else []
    if instead:
        push(state, instead[0])
        return 0
    if c.wounds:
        amount = _first_heal(state, uid, amount + _heal_bonus(state, uid))
    healed = min(c.wounds, amount)
    if healed:
        c.wounds -= healed
        emit(ev, "healed", uid=uid, amount=healed)
    return healed


def _first_heal(state: GameState, uid: int, amount: int) -> int:
    """«Блокировать первое за ход излечение карты противника» / «удвоить первое за ход излечение вашей карты»
    (`heal_first` of a face-up card on the battlefield whose `while` holds): the first heal of a wounded card of
    that side in the turn is multiplied by its `factor` (once per turn for each such card)."""
    near = holders(state, "heal_first")
    if not near:
        return amount
    seat = state.cards[uid].owner
    for o in state.cards:
        if o.card_id not in near or not o.on_battlefield or has_modifier(state, o.uid, "heal_first_used", state.turn):
            continue
        for ab in statics(state, o.uid, "heal_first"):
            if o.owner == seat if ab["side"] == "own" else state.seats.enemy(o.owner, seat):
                add_modifier(state, o.uid, "heal_first_used")
                return amount * ab["factor"]
    return amount


def _heal_bonus(state: GameState, uid: int) -> int:
    """«Излечивается на X+1 вместо X» (`heal_bonus` of an own card), once per turn for each creature."""
    c = state.cards[uid]
    if has_modifier(state, uid, "heal_bonus_used", state.turn):
        return 0
    bonus = max((ab["amount"] for o in battlefield(state, c.owner) for ab in statics(state, o.uid, "heal_bonus")),
                default=0)
    if bonus:
        add_modifier(state, uid, "heal_bonus_used")
    return bonus


def gain_lives(state: GameState, uid: int, amount: int, ev: Events) -> None:
    """Give `uid` extra lives, never above its «Максимум N жизней» (`life_cap`). An artifact never gets any
    (seed 004), nor a card under «незаживающие раны» (`no_heal`)."""
    if is_artifact(state, uid) or modifier_value(state, uid, "no_heal"):
        return
    caps = [ab["amount"] for ab in statics(state, uid, "life_cap")]
    if caps:
        amount = min(amount, max(0, min(caps) - max_life(state, uid)))
    if amount > 0:
        state.cards[uid].extra_life += amount
        emit(ev, "extra_life", uid=uid, amount=amount, life=life_left(state, uid))
