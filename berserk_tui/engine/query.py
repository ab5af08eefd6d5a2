"""Read-only questions about a state: where cards stand, what they have, what a condition says.

Static abilities (docs/card-schema.md) are interpreted here: a keyword's value is the
largest of the printed one, every `grant` that reaches the card, and its temporary buffs.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cards.schema import ATTACK_GROUPS, CREATURE_KINDS, CardDef, expand_attacks

from .board import AROUND, NO_CELL, ORTHOGONAL, chebyshev, own_rows, relative, row_of
from .state import CardState, GameState

NONMAGIC = frozenset(ATTACK_GROUPS["nonmagic"])


def other(seat: int) -> int:
    return 1 - seat


# --- where cards are ------------------------------------------------------------------

def position(state: GameState, uid: int) -> int:
    """The cell a card stands on; a seated symbiont stands on its host's cell."""
    c = state.cards[uid]
    if c.zone == "board":
        return c.cell
    if c.zone == "seated":
        return state.cards[c.host].cell
    return NO_CELL


def battlefield(state: GameState, seat: int | None = None) -> Iterator[CardState]:
    for c in state.cards:
        if c.zone in ("board", "extra", "seated") and (seat is None or c.owner == seat):
            yield c


def kind_of(state: GameState, uid: int) -> str | None:
    d = state.cdef(uid)
    return None if d is None else d.kind


def is_creature(state: GameState, uid: int) -> bool:
    d = state.cdef(uid)
    return d is not None and d.kind in CREATURE_KINDS


def is_flyer(state: GameState, uid: int) -> bool:
    """In the extra zone as a flyer (a face-down flyer still stands on its cell)."""
    c = state.cards[uid]
    return c.zone == "extra" and kind_of(state, uid) == "flyer"


def creatures(state: GameState, seat: int) -> Iterator[CardState]:
    for c in battlefield(state, seat):
        d = state.cdef(c.uid)
        if d is None or d.kind in CREATURE_KINDS:   # an unknown face-down card may be a creature
            yield c


def symbiont_of(state: GameState, uid: int) -> int:
    for c in state.cards:
        if c.zone == "seated" and c.host == uid:
            return c.uid
    return -1


def adjacent(state: GameState, a: int, b: int) -> bool:
    """«Стоящая рядом»: next to each other, diagonals included; a symbiont is next to its host."""
    pa, pb = position(state, a), position(state, b)
    if pa == NO_CELL or pb == NO_CELL or a == b:
        return False
    return chebyshev(pa, pb) <= 1


def opposite(state: GameState, uid: int) -> int:
    """The card standing opposite (напротив) this one, as its controller sees it."""
    c = state.cards[uid]
    pos = position(state, uid)
    if pos == NO_CELL:
        return -1
    cell = relative(pos, state.is_first(c.owner), 1, 0)
    return -1 if cell == NO_CELL else state.grid[cell]


# --- keywords and statuses --------------------------------------------------------------

def printed(state: GameState, uid: int, key: str) -> int:
    d = state.cdef(uid)
    if d is None or state.cards[uid].face_down:
        return 0
    return d.keywords.get(key, 0)


def kw(state: GameState, uid: int, key: str) -> int:
    """Effective value of keyword `key` (the largest source applies)."""
    c = state.cards[uid]
    best = printed(state, uid, key)
    for k, v, _ in c.buffs:
        if k == key and v > best:
            best = v
    if c.zone in ("board", "extra", "seated"):
        for value in _granted(state, uid, key):
            best = max(best, value)
    return best


class GrantIndex:
    """Which cards of a database have `grant` abilities, and which keywords they can grant."""

    def __init__(self, cards: dict[str, CardDef]) -> None:
        self.cards = cards
        self.by_card = {cid: tuple(ab for ab in d.abilities if ab["type"] == "grant") for cid, d in cards.items()}
        self.by_card = {cid: abs_ for cid, abs_ in self.by_card.items() if abs_}
        self.keys = frozenset(k for abs_ in self.by_card.values() for ab in abs_ for k in ab["grant"])


_INDEX: list[GrantIndex] = []


def grant_index(state: GameState) -> GrantIndex:
    cards = state.db.cards
    if not _INDEX or _INDEX[0].cards is not cards:
        _INDEX[:] = [GrantIndex(cards)]
    return _INDEX[0]


def _granted(state: GameState, uid: int, key: str) -> Iterator[int]:
    """Values of `key` granted to `uid` by `grant` abilities of cards on the battlefield."""
    index = grant_index(state)
    if key not in index.keys:
        return
    for src in state.cards:
        abilities = index.by_card.get(src.card_id)
        if not abilities or src.face_down or src.zone not in ("board", "extra", "seated"):
            continue
        for ab in abilities:
            if key not in ab["grant"]:
                continue
            if not _in_scope(state, src.uid, uid, ab.get("scope", "self")):
                continue
            if "filter" in ab and not holds(state, uid, ab["filter"]):
                continue
            if "while" in ab and not holds(state, src.uid, ab["while"]):
                continue
            value = ab["grant"][key]
            yield printed(state, uid, "regen") if value == "regen" else int(value)


def _in_scope(state: GameState, src: int, uid: int, scope: str) -> bool:
    if scope == "self":
        return src == uid
    s = state.cards[src]
    if scope == "host":
        return s.zone == "seated" and s.host == uid
    if scope == "self_and_companion":
        if src == uid:
            return True
        c = state.cards[uid]
        return c.zone == "seated" and c.host == src and c.owner == s.owner
    if scope == "left_right":
        c = state.cards[uid]
        if c.owner != s.owner or s.zone != "board" or c.zone != "board":
            return False
        first = state.is_first(s.owner)
        return c.cell in (relative(s.cell, first, 0, 1), relative(s.cell, first, 0, -1))
    raise ValueError(f"unknown grant scope {scope!r}")


def cursed(state: GameState, uid: int) -> bool:
    return state.cards[uid].cursed or kw(state, uid, "cursed") > 0


def blessed(state: GameState, uid: int) -> bool:
    return state.cards[uid].blessed or kw(state, uid, "blessed") > 0


def has_status(state: GameState, uid: int, status: str) -> bool:
    if status == "cursed":
        return cursed(state, uid)
    if status == "blessed":
        return blessed(state, uid)
    if status == "poisoned":
        return state.cards[uid].poison > 0
    raise ValueError(f"unknown status {status!r}")


def statics(state: GameState, uid: int, kind: str) -> Iterator[dict[str, Any]]:
    """Static abilities of type `kind` of a face-up card whose `while` condition holds."""
    c = state.cards[uid]
    if c.face_down or c.card_id is None:
        return
    for ab in state.db.cards[c.card_id].abilities:
        if ab["type"] == kind and ("while" not in ab or holds(state, uid, ab["while"])):
            yield ab


def barred(state: GameState, uid: int, cell: int) -> bool:
    """May `uid` not move onto `cell`? A symbiont on it with `host_barred_half` bars its host from
    the cells of the symbiont's controller's half."""
    return any(c.zone == "seated" and c.host == uid and row_of(cell) in own_rows(state.is_first(c.owner))
               and any(True for _ in statics(state, c.uid, "host_barred_half")) for c in state.cards)


# --- conditions -------------------------------------------------------------------------

def holds(state: GameState, uid: int, cond: dict[str, Any]) -> bool:
    """Does card `uid` satisfy condition `cond` (docs/card-schema.md, Conditions)?"""
    d = state.cdef(uid)
    c = state.cards[uid]
    for key, want in cond.items():
        if d is None or c.face_down:
            return False          # nothing is known of a face-down card
        if key == "status":
            ok = has_status(state, uid, want)
        elif key == "keyword":
            ok = kw(state, uid, want) > 0
        elif key == "element":
            ok = want in d.elements
        elif key == "kind":
            ok = d.kind == want
        elif key == "class":
            ok = want in d.classes
        elif key == "elite":
            ok = d.elite == want
        elif key == "closed":
            ok = c.closed == want
        elif key == "marker":
            ok = any(k == want for k, _, _ in c.buffs)
        elif key == "class_prefix":
            ok = any(cl.startswith(want) for cl in d.classes)
        elif key == "has_magic":
            ok = d.has_magic == want
        elif key == "has":
            ok = d.has(want)
        elif key == "behind":
            cell = relative(c.cell, state.is_first(c.owner), -1, 0) if c.zone == "board" else NO_CELL
            ok = cell != NO_CELL and state.grid[cell] != -1 and holds(state, state.grid[cell], want)
        elif key == "any":
            ok = any(holds(state, uid, sub) for sub in want)
        elif key == "not":
            ok = not holds(state, uid, want)
        elif key == "all":
            ok = all(holds(state, uid, sub) for sub in want)
        elif key == "in_formation":
            ok = in_formation(state, uid) == want
        elif key == "open":
            ok = (not c.closed) == want
        elif key == "squad_has_class":
            ok = any(want in (state.cdef(o.uid).classes if state.cdef(o.uid) else ())
                     for o in battlefield(state, c.owner) if not o.face_down)
        elif key == "order":
            ok = state.is_first(c.owner) == (want == "first")
        elif key == "more_closed":
            ok = _more_closed(state, c.owner) == want
        elif key == "strongest_strike":
            ok = _strongest(state, uid) == want
        elif key == "allies_around_below":
            ok = _allies_around(state, uid) < want
        elif key == "life_left":
            ok = life_left(state, uid) == want
        elif key == "own_with_chips":
            ok = sum(1 for o in battlefield(state, c.owner) if o.chips) >= want
        elif key == "enemy_creature":
            ok = any(holds(state, e.uid, want) for e in creatures(state, other(c.owner)))
        elif key == "opposite_enemy":
            o = opposite(state, uid)
            ok = (o != -1 and state.cards[o].owner != c.owner
                  and (state.cards[o].face_down or is_creature(state, o))) == want
        elif key == "adjacent_own":
            ok = any(adjacent(state, uid, o.uid) and holds(state, o.uid, want)
                     for o in battlefield(state, c.owner) if o.uid != uid)
        else:
            raise ValueError(f"unknown condition {key!r}")
        if not ok:
            return False
    return True


def _allies_around(state: GameState, uid: int) -> int:
    """Creatures of its controller standing next to it (a face-down card counts as a creature)."""
    pos = position(state, uid)
    if pos == NO_CELL:
        return 0
    owner = state.cards[uid].owner
    return sum(1 for x in AROUND[pos] if state.grid[x] != -1 and state.cards[state.grid[x]].owner == owner
               and (state.cards[state.grid[x]].face_down or is_creature(state, state.grid[x])))


def in_formation(state: GameState, uid: int) -> bool:
    """«Строй»: an own card with formation stands next to it, not diagonally."""
    c = state.cards[uid]
    if c.zone != "board":
        return False
    for cell in ORTHOGONAL[c.cell]:
        o = state.grid[cell]
        if o != -1 and state.cards[o].owner == c.owner and printed(state, o, "formation"):
            return True
    return False


def _more_closed(state: GameState, seat: int) -> bool:
    """More closed than open face-up creatures in `seat`'s squad on the battlefield."""
    shown = [c for c in creatures(state, seat) if not c.face_down]
    closed = sum(1 for c in shown if c.closed)
    return closed > len(shown) - closed


def _strongest(state: GameState, uid: int) -> bool:
    """Its strong strike is above that of every face-up enemy creature (a face-down card shows none)."""
    mine = strike_values(state, uid)[2]
    return all(mine > strike_values(state, e.uid)[2]
               for e in creatures(state, other(state.cards[uid].owner)) if not e.face_down)


# --- values -------------------------------------------------------------------------------

def buff(state: GameState, uid: int, key: str) -> int:
    return sum(v for k, v, _ in state.cards[uid].buffs if k == key)


def strike_values(state: GameState, uid: int) -> tuple[int, int, int]:
    d = state.cdef(uid)
    if d is None:
        return (0, 0, 0)
    b = buff(state, uid, "strike")
    w, m, s = d.strike
    return (w + b, m + b, s + b)


def max_life(state: GameState, uid: int) -> int:
    d = state.cdef(uid)
    printed_extra = sum(ab["amount"] for ab in statics(state, uid, "extra_life"))
    return (d.life if d else 0) + state.cards[uid].extra_life + printed_extra


def life_left(state: GameState, uid: int) -> int:
    return max_life(state, uid) - state.cards[uid].wounds


def max_moves(state: GameState, uid: int) -> int:
    d = state.cdef(uid)
    printed_bonus = sum(ab["amount"] for ab in statics(state, uid, "move_bonus"))
    return (d.move if d else 0) + buff(state, uid, "move") + printed_bonus


def attack_value(state: GameState, attacker: int, target: int, kind: str, level: int, base: int) -> int:
    """Value of an attack after the attacker's bonuses, then the target's reductions."""
    value = base
    name = ("weak", "medium", "strong")[level - 1]
    for src, ab in _attack_bonuses(state, attacker):
        if kind in expand_attacks(ab["attacks"]) and name in ab.get("levels", (name,)) \
                and holds(state, target, ab.get("vs", {})):
            value += bonus_amount(state, src, ab["amount"])
    for ab in statics(state, target, "attack_reduction"):
        if kind in expand_attacks(ab["attacks"]) and holds(state, attacker, ab.get("from", {})):
            value -= ab["amount"]
    if kind == "strike" and marked(state, attacker, target):
        value += buff(state, attacker, "strike_vs_mark")
    if kind in NONMAGIC:
        value -= buff(state, target, "nonmagic_reduction")
    return max(0, value)


def marked(state: GameState, uid: int, target: int) -> bool:
    """Did `uid` mark `target` («выбрать существо противника»)? A mark is a buff ("mark", target, until)."""
    return any(k == "mark" and v == target for k, v, _ in state.cards[uid].buffs)


def _attack_bonuses(state: GameState, attacker: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """(source, ability) of the attack bonuses that reach `attacker`: its own, and those of own cards
    it stands in formation with (`scope = "formation"`, recipients matching `filter`)."""
    for ab in statics(state, attacker, "attack_bonus"):
        if ab.get("scope", "self") == "self":
            yield attacker, ab
    owner = state.cards[attacker].owner
    for o in battlefield(state, owner):
        if o.uid == attacker:
            continue
        for ab in statics(state, o.uid, "attack_bonus"):
            if ab.get("scope") == "formation" and holds(state, attacker, ab.get("filter", {})) \
                    and attacker in formation_group(state, o.uid):
                yield o.uid, ab


def formation_group(state: GameState, uid: int) -> set[int]:
    """The own cards with formation linked to `uid` through orthogonal neighbours with formation."""
    c = state.cards[uid]
    if c.zone != "board":
        return set()
    group, todo = {uid}, [c.cell]
    while todo:
        for cell in ORTHOGONAL[todo.pop()]:
            o = state.grid[cell]
            if o != -1 and o not in group and state.cards[o].owner == c.owner and printed(state, o, "formation"):
                group.add(o)
                todo.append(cell)
    return group


def bonus_amount(state: GameState, uid: int, amount: int | str) -> int:
    """A bonus's size: a number, or "free_cells_around" — free cells next to the card."""
    if isinstance(amount, int):
        return amount
    if amount == "free_cells_around":
        pos = position(state, uid)
        return 0 if pos == NO_CELL else sum(1 for x in AROUND[pos] if state.grid[x] == -1)
    raise ValueError(f"unknown bonus amount {amount!r}")


def attack_range(state: GameState, attacker: int, target: int, kind: str, base: int | None) -> int | None:
    if base is None:
        return None
    bonus = sum(ab["amount"] for ab in statics(state, attacker, "range_bonus")
                if kind in expand_attacks(ab["attacks"]) and holds(state, target, ab.get("vs", {})))
    return base + bonus


def is_directed(state: GameState, attacker: int, target: int) -> bool:
    if kw(state, attacker, "directed") or kw(state, attacker, "unanswerable"):
        return True
    return any(holds(state, target, ab["vs"]) for ab in statics(state, attacker, "directed_vs"))


def forced_level(state: GameState, attacker: int, target: int) -> str | None:
    for ab in statics(state, attacker, "strike_level"):
        if holds(state, target, ab.get("vs", {})):
            return ab["level"]
    return None


PROTECTION = {
    "shot": ("prot_shot",), "throw": ("prot_throw",), "discharge": ("prot_discharge", "prot_magic"),
    "magic_strike": ("prot_magic",), "spell": ("prot_spell", "prot_magic"),
}


def protected(state: GameState, target: int, kind: str, source: int) -> bool:
    """Is `target` protected from an attack/spell of `kind` made by `source`?"""
    if any(kw(state, target, p) for p in PROTECTION.get(kind, ())):
        return True
    return kind not in ("spell", "effect") and is_flyer(state, source) and kw(state, target, "prot_flyer") > 0

