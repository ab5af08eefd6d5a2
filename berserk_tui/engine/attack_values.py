"""The value of an attack after bonuses and reductions, its range and level, and protections."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cards.schema import ATTACK_GROUPS, LEVELS, expand_attacks
from cards.terms import PROTECTIONS

from .cells import free_cells
from .conditions import holds
from .geometry import NO_CELL
from .keywords import card_index, formation_group, holders, kw, life_left, statics
from .modifiers import has_modifier, modifier_value, modifier_values
from .places import battlefield, beside_cells, enemy_creatures, is_creature, is_flyer, opposite, position
from .state import GameState

NONMAGIC = frozenset(ATTACK_GROUPS["nonmagic"])


MELEE = frozenset(ATTACK_GROUPS["melee"])


RANGED = frozenset(ATTACK_GROUPS["ranged"])


def attack_value(state: GameState, attacker: int, target: int, kind: str, level: int, base: int) -> int:
    """Value of an attack after the attacker's bonuses, then the target's reductions."""
    value = base
    name = ("weak", "medium", "strong")[level - 1]
    for src, ab in _attack_bonuses(state, attacker):
        if kind in expand_attacks(ab["attacks"]) and name in ab.get("levels", (name,)) \
                and holds(state, target, ab.get("vs", {})) \
                and (not ab.get("target_behind") or stands_behind(state, target, attacker)) \
                and (not ab.get("opposite") or opposite(state, attacker) == target):
            value += _target_x(state, target, ab["amount"], level) if ab["amount"] in TARGET_X \
                else bonus_amount(state, src, ab["amount"], ab)
    firm = unreducible(state, attacker, kind)
    for ab in () if firm else reaching(state, target, "attack_reduction"):
        if kind in expand_attacks(ab["attacks"]) and name in ab.get("levels", (name,)) \
                and holds(state, attacker, ab.get("from", {})) \
                and (not ab.get("directed") or kind == "strike" and is_directed(state, attacker, target)) \
                and (not ab.get("diagonal") or diagonal_to(state, attacker, target)):
            value -= bonus_amount(state, target, ab["amount"], ab)
    if kind == "strike" and marked(state, attacker, target):
        value += modifier_value(state, attacker, "strike_vs_mark")
    if kind != "strike":        # a temporary bonus to one kind of attack («+X к особому удару»)
        value += modifier_value(state, attacker, kind)
    if kind in MELEE:
        value += modifier_value(state, attacker, "melee")
    if kind in RANGED:
        value += modifier_value(state, attacker, "ranged")
    if kind in NONMAGIC and not firm:
        value -= modifier_value(state, target, "nonmagic_reduction")
    return max(0, value if firm else capped(state, target, kind, name, value))


def unreducible(state: GameState, attacker: int, kind: str) -> bool:
    """«Сила удара … не может быть снижена»: an `unreducible` static of the attacker covers this attack kind."""
    return state.cards[attacker].card_id in holders(state, "unreducible") \
        and any(kind in expand_attacks(ab["attacks"]) for ab in statics(state, attacker, "unreducible"))


def diagonal_to(state: GameState, a: int, b: int) -> bool:
    """Do cards `a` and `b` stand on cells of one diagonal line («удар по диагонали»)?"""
    ca, cb, geo = state.cards[a], state.cards[b], state.geo
    if ca.zone != "board" or cb.zone != "board":
        return False
    rows, cols = abs(geo.row_of(ca.cell) - geo.row_of(cb.cell)), abs(geo.col_of(ca.cell) - geo.col_of(cb.cell))
    return rows == cols != 0


def reaching(state: GameState, uid: int, kind: str) -> list[dict[str, Any]]:
    """The statics of type `kind` that reach `uid`: its own (`scope` self) and, when some card of the database has
    one, those with `scope = "left_right"` of the own cards standing directly left or right of it («пока ваше
    степное существо стоит справа или слева от …») whose `filter` it matches."""
    out = [ab for ab in statics(state, uid, kind) if ab.get("scope", "self") == "self"]
    if card_index(state).beside:
        c = state.cards[uid]
        for cell in beside_cells(state, uid):
            o = state.grid[cell]
            if o != -1 and state.cards[o].owner == c.owner and state.cards[o].card_id in card_index(state).beside:
                out += [ab for ab in statics(state, o, kind)
                        if ab.get("scope") == "left_right" and holds(state, uid, ab.get("filter", {}))]
    return out


def struck_level(state: GameState, uid: int) -> int:
    """«Все удары по … сводятся к слабым»: the level every simple strike hitting `uid` has (`struck_level`
    statics reaching it), 0 if none."""
    if "struck_level" not in card_index(state).by_type:
        return 0
    levels = [LEVELS.index(ab["level"]) + 1 for ab in reaching(state, uid, "struck_level")]
    return min(levels, default=0)


def capped_next(state: GameState, attacker: int, value: int) -> int:
    """«Свести удар к N» (op `set_attack`): the attacker's next attack deals at most N (modifier "attack_to");
    «сводит каждую атаку рядового существа противника к 1, пока оно стоит …» (`cap_attacks` of an enemy card)."""
    c = state.cards[attacker]
    if c.modifiers and has_modifier(state, attacker, "attack_to"):
        value = min(value, modifier_value(state, attacker, "attack_to"))
    cappers = holders(state, "cap_attacks")
    if cappers:
        for o in state.cards:
            if o.card_id in cappers and state.seats.enemy(o.owner, c.owner) and o.on_battlefield:
                for ab in statics(state, o.uid, "cap_attacks"):
                    if holds(state, attacker, ab["from"]):
                        value = min(value, ab["amount"])
    return value


TARGET_X = ("target_strike", "target_half_lives")     # bonuses counted from the target of the attack


def _target_x(state: GameState, target: int, amount: str, level: int) -> int:
    """«+X, где X — величина удара атакованного (без модификаторов)» / «… половина его жизней»."""
    if amount == "target_strike":
        d = state.cdef(target)
        return d.strike[level - 1] if d is not None else 0
    return life_left(state, target) // 2


def capped(state: GameState, target: int, kind: str, level: str, value: int) -> int:
    """«Средние и сильные атаки по … сводятся к X»: `attack_cap` statics of the target limit the value of
    every attack (of any `kind`) of those levels."""
    for ab in statics(state, target, "attack_cap"):
        if level in ab.get("levels", (level,)):
            value = min(value, ab["amount"])
    return value


def stands_behind(state: GameState, target: int, uid: int) -> bool:
    """Is the creature `target` on the cell behind `uid` (one row back, as `uid`'s controller sees it)?"""
    c = state.cards[uid]
    cell = state.geo.relative(c.cell, state.place(c.owner), -1, 0) if c.zone == "board" else NO_CELL
    return cell != NO_CELL and state.grid[cell] == target and is_creature(state, target)


def marked(state: GameState, uid: int, target: int) -> bool:
    """Did `uid` mark `target` («выбрать существо противника»)? A mark is a modifier ("mark", target, until)."""
    return target in modifier_values(state, uid, "mark")


def _attack_bonuses(state: GameState, attacker: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """(source, ability) of the attack bonuses that reach `attacker`: its own, those of own cards
    it stands in formation with (`scope = "formation"`, recipients matching `filter`), and those of any card
    with `scope = "any"` (every attacker, either side)."""
    for ab in statics(state, attacker, "attack_bonus"):
        if ab.get("scope", "self") in ("self", "any"):
            yield attacker, ab
    if card_index(state).bonus_any:
        for o in battlefield(state):
            if o.uid != attacker and o.card_id in card_index(state).bonus_any:
                yield from ((o.uid, ab) for ab in statics(state, o.uid, "attack_bonus") if ab.get("scope") == "any")
    owner = state.cards[attacker].owner
    for o in battlefield(state, owner):
        if o.uid == attacker:
            continue
        for ab in statics(state, o.uid, "attack_bonus"):
            scope = ab.get("scope")       # "own": every own card matching `filter`
            if scope in ("formation", "own") and holds(state, attacker, ab.get("filter", {})) \
                    and (scope == "own" or attacker in formation_group(state, o.uid)):
                yield o.uid, ab


def bonus_amount(state: GameState, uid: int, amount: int | str, ab: dict[str, Any] | None = None) -> int:
    """A bonus's size: a number, or "free_cells_around" — free cells next to the card, or "own_class" —
    the face-up cards of class `ab["class"]` of its controller on the battlefield (itself included)."""
    if isinstance(amount, int):
        return amount
    if amount == "own_class" and ab is not None:
        return sum(1 for o in battlefield(state, state.cards[uid].owner)
                   if not o.face_down and ab["class"] in state.cdef(o.uid).classes)
    if amount == "own_class_others" and ab is not None:     # «за каждого другого … в вашем отряде (максимум +N)»
        n = sum(1 for o in battlefield(state, state.cards[uid].owner)
                if o.uid != uid and not o.face_down and ab["class"] in state.cdef(o.uid).classes)
        return min(n, ab.get("max", n))
    if amount == "chips" and ab is not None:     # «+N к … за каждую фишку»
        return state.cards[uid].chips * ab.get("per", 1)
    if amount == "own_others" and ab is not None:     # «+X, где X — число других … в вашем отряде (максимум +N)»
        n = sum(1 for o in battlefield(state, state.cards[uid].owner)
                if o.uid != uid and not o.face_down and holds(state, o.uid, ab["filter"]))
        return min(n, ab["max"])
    if amount == "minus_open_enemies":     # «−1 к удару за каждое открытое существо в отряде противника (макс. −3)»
        return -min(3, sum(1 for e in enemy_creatures(state, state.cards[uid].owner)
                           if not e.face_down and not e.closed))
    if amount == "paid_extra":      # «+X к удару», X — how many times the higher price was paid (purchase_option)
        return modifier_value(state, uid, "paid_extra")
    if amount == "free_cells_around":
        pos = position(state, uid)
        return 0 if pos == NO_CELL else len(free_cells(state, state.geo.around[pos]))
    raise ValueError(f"unknown bonus amount {amount!r}")


def attack_range(state: GameState, attacker: int, target: int, kind: str, base: int | None) -> int | None:
    if base is None:
        return None
    abs_ = statics(state, attacker, "range_bonus")
    bonus = sum(ab["amount"] for ab in abs_ if kind in expand_attacks(ab["attacks"]) and ab.get("scope") != "column"
                and holds(state, target, ab.get("vs", {}))) if abs_ else 0
    bonus += column_range_bonus(state, attacker, kind)
    if kind == "shot":
        bonus += modifier_value(state, attacker, "shot_range")
    elif kind == "discharge":       # «+1 к дальности разряда до конца хода»
        bonus += modifier_value(state, attacker, "discharge_range")
    return base + bonus


def column_range_bonus(state: GameState, attacker: int, kind: str) -> int:
    """`range_bonus` with `scope = "column"` of the other own cards standing in the attacker's column."""
    holders_ = holders(state, "range_bonus")
    c = state.cards[attacker]
    if not holders_ or c.zone != "board":
        return 0
    col, bonus = state.geo.col_of(c.cell), 0
    for o in battlefield(state, c.owner):
        if o.card_id in holders_ and o.uid != attacker and o.zone == "board" and state.geo.col_of(o.cell) == col:
            bonus += sum(ab["amount"] for ab in statics(state, o.uid, "range_bonus") if ab.get("scope") == "column"
                         and kind in expand_attacks(ab["attacks"]) and holds(state, attacker, ab.get("filter", {})))
    return bonus


def is_directed(state: GameState, attacker: int, target: int) -> bool:
    if kw(state, attacker, "directed") or kw(state, attacker, "unanswerable") \
            or state.cards[attacker].modifiers and has_modifier(state, attacker, "next_unanswerable"):
        return True
    return any(holds(state, target, ab.get("vs", {}))
               and (not ab.get("opposite") or opposite(state, attacker) == target)     # «по картам напротив»
               for ab in statics(state, attacker, "directed_vs")) or unanswerable_vs(state, attacker, target)


def unanswerable_vs(state: GameState, attacker: int, target: int) -> bool:
    """«Безответный удар по …» (`unanswerable_vs`): its simple strikes at a matching target are unanswerable."""
    return any(holds(state, target, ab["vs"]) for ab in statics(state, attacker, "unanswerable_vs"))


def forced_level(state: GameState, attacker: int, target: int) -> str | None:
    for ab in statics(state, attacker, "strike_level"):
        if holds(state, target, ab.get("vs", {})):
            return ab["level"]
    return None




def protected(state: GameState, target: int, kind: str, source: int, level: int = 0) -> bool:
    """Is `target` protected from an attack/spell of `kind` made by `source`? (`source` may ignore some.) An
    `attack_immunity` with `levels` protects only from a hit of such a `level` (given once the hit is known)."""
    ignored = {k for ab in statics(state, source, "ignores_protection") if holds(state, target, ab.get("of", {}))
               for k in ab["keywords"]} if source >= 0 else set()
    if any(kw(state, target, p) for p in PROTECTIONS.get(kind, ()) if p not in ignored):
        return True
    if kind not in ("spell", "effect") and source >= 0 and any(
            holds(state, source, ab.get("from", {})) and kind in expand_attacks(ab.get("attacks", ("all",)))
            and (level and LEVELS[level - 1] in ab["levels"] if "levels" in ab else True)
            for ab in statics(state, target, "attack_immunity")):
        return True                   # «защита от атак карт …», «защита от слабых ударов»
    return kind not in ("spell", "effect") and is_flyer(state, source) and "prot_flyer" not in ignored \
        and kw(state, target, "prot_flyer") > 0
