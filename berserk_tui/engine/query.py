"""Read-only questions about a state: where cards stand, what they have, what a condition says.

Static abilities (docs/card-schema.md) are interpreted here: a keyword's value is the
largest of the printed one, every `grant` that reaches the card, and its temporary buffs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from cards.schema import ATTACK_GROUPS, CREATURE_KINDS, CardDef, expand_attacks

from .board import AROUND, NO_CELL, ORTHOGONAL, chebyshev, own_rows, relative, row_of
from .state import CardState, GameState

NONMAGIC = frozenset(ATTACK_GROUPS["nonmagic"])
MELEE = frozenset(ATTACK_GROUPS["melee"])
RANGED = frozenset(ATTACK_GROUPS["ranged"])


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
    """The card's kind; an artifact that became a creature («становится существом», op `animate`) is one."""
    d = state.cdef(uid)
    if d is not None and d.kind == "artifact" and animated(state, uid):
        return "flyer" if any(k == "anim_flyer" for k, _, _ in state.cards[uid].buffs) else "creature"
    if d is not None and d.kind in ("creature", "flyer"):       # «получает полёт» / «приземляется»
        for k, _, _ in state.cards[uid].buffs:
            if k in ("flying", "landed"):
                return "flyer" if k == "flying" else "creature"
    return None if d is None else d.kind


def animated(state: GameState, uid: int) -> bool:
    return any(k == "animated" for k, _, _ in state.cards[uid].buffs)


def is_creature(state: GameState, uid: int) -> bool:
    """A creature or flyer; a face-down card on the battlefield counts as one whatever it hides (rules
    decisions 26 and 70), so the answer never depends on what one player cannot see."""
    c = state.cards[uid]
    return (c.face_down and c.on_battlefield) or kind_of(state, uid) in CREATURE_KINDS


def is_artifact(state: GameState, uid: int) -> bool:
    """A face-up artifact (a face-down card is never judged by what it hides)."""
    return not state.cards[uid].face_down and kind_of(state, uid) == "artifact"     # not once animated


def silenced(state: GameState, uid: int) -> bool:
    """«Не может использовать магические способности»: a ("no_magic", first turn, last turn) buff is on."""
    return any(k == "no_magic" and v <= state.turn <= e for k, v, e in state.cards[uid].buffs)


def magic_ability(ab: dict[str, Any]) -> bool:
    """A magic ability: a spell, a discharge or a magic strike."""
    eff = ab.get("effect") or {}
    return ab.get("kind") == "spell" or (eff.get("op") == "attack" and eff.get("attack") in ATTACK_GROUPS["magic"])


def is_flyer(state: GameState, uid: int) -> bool:
    """In the extra zone as a flyer (a face-down flyer still stands on its cell)."""
    c = state.cards[uid]
    return c.zone == "extra" and kind_of(state, uid) == "flyer"


def creatures(state: GameState, seat: int) -> Iterator[CardState]:
    """Creatures of `seat` on the battlefield; a face-down card counts as one whatever it hides
    (rules decisions 26 and 70: an artifact or terrain counts once revealed)."""
    for c in battlefield(state, seat):
        d = state.cdef(c.uid)
        if c.face_down or d is None or d.kind in CREATURE_KINDS or animated(state, c.uid):
            yield c


def equipment_of(state: GameState, uid: int) -> list[CardState]:
    """The equipment put on creature `uid` (seed 004, «Экипировка»)."""
    return [c for c in state.cards if c.zone == "equipped" and c.host == uid]


def symbiont_of(state: GameState, uid: int) -> int:
    for c in state.cards:
        if c.zone == "seated" and c.host == uid:
            return c.uid
    return -1


def can_host(state: GameState, rider: int, uid: int) -> bool:
    """May the symbiont `rider` sit on `uid`: a face-up ground creature on a cell without a symbiont, not
    incorporeal unless the symbiont is (seed 000), meeting the symbiont's `host_filter`."""
    c, d = state.cards[uid], state.cdef(rider)
    if c.zone != "board" or c.face_down or kind_of(state, uid) != "creature" or symbiont_of(state, uid) != -1:
        return False
    if d is None or (kw(state, uid, "incorporeal") and not d.keywords.get("incorporeal")):
        return False
    return all(holds(state, uid, ab["filter"]) for ab in d.abilities if ab["type"] == "host_filter")


def rescue_hosts(state: GameState, rider: int, squad: int, dead: int) -> list[int]:
    """Creatures of `squad`'s seat the symbiont `rider` may be moved onto when its host `dead` dies: face-up
    ground creatures on the board without a symbiont that meet its `host_filter`."""
    d = state.cdef(rider)
    out = []
    for c in battlefield(state, squad):
        if c.uid == dead or c.zone != "board" or c.face_down or kind_of(state, c.uid) != "creature":
            continue
        if symbiont_of(state, c.uid) != -1 or any(ab["type"] == "host_filter" and not holds(state, c.uid, ab["filter"])
                                                  for ab in d.abilities):
            continue
        out.append(c.uid)
    return out


def rescuer(state: GameState, rider: int) -> int:
    """A face-up card of the symbiont's side with `symbiont_rescue` not yet used for its kind this battle, or -1."""
    kind = kind_of(state, rider)
    for o in battlefield(state, state.cards[rider].owner):
        if not o.face_down and any(True for _ in statics(state, o.uid, "symbiont_rescue")) \
                and not any(k == f"rescued_{kind}" for k, _, _ in o.buffs):
            return o.uid
    return -1


def adjacent(state: GameState, a: int, b: int) -> bool:
    """«Стоящая рядом»: next to each other, diagonals included; a symbiont is next to its host."""
    pa, pb = position(state, a), position(state, b)
    if pa == NO_CELL or pb == NO_CELL or a == b:
        return False
    return chebyshev(pa, pb) <= 1


def passed_over(state: GameState, uid: int) -> int:
    """The cell the latest strike through a row of `uid` this turn passed over (NO_CELL if none)."""
    return next((v for k, v, e in reversed(state.cards[uid].buffs) if k == "passed_over" and e == state.turn),
                NO_CELL)


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
    if d is None or state.cards[uid].face_down or featureless(state, uid):
        return 0
    return d.keywords.get(key, 0)


def featureless(state: GameState, uid: int) -> bool:
    """«Теряет особенности»: a creature standing opposite an open enemy card with `silence_opposite` has none
    of its printed keywords and abilities (that card's «напротив» is the cell one row ahead of this one)."""
    c = state.cards[uid]
    if c.zone != "board" or c.face_down:
        return False
    cell = relative(c.cell, state.is_first(c.owner), 1, 0)
    if cell == NO_CELL or state.grid[cell] == -1:
        return False
    o = state.cards[state.grid[cell]]
    return o.owner != c.owner and not o.face_down and not o.closed \
        and o.card_id in grant_index(state).silencers and kind_of(state, uid) == "creature"


def kw(state: GameState, uid: int, key: str) -> int:
    """Effective value of keyword `key` (the largest source applies; 0 while a «lose_keywords» applies)."""
    c = state.cards[uid]
    if key in grant_index(state).lost_keys and _lost(state, uid, key):
        return 0
    best = printed(state, uid, key)
    for k, v, _ in c.buffs:
        if k == "lose_kw" and v == key:     # «теряет X до …» (op lose_keyword)
            return 0
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
        keys = {k for abs_ in self.by_card.values() for ab in abs_ for k in ab["grant"]}
        self.granters = {key: frozenset(cid for cid, abs_ in self.by_card.items()   # keyword -> cards granting it
                                        if any(key in ab["grant"] for ab in abs_)) for key in keys}
        self.losers = {cid: tuple(ab for ab in d.abilities if ab["type"] == "lose_keywords")
                       for cid, d in cards.items()}
        self.losers = {cid: abs_ for cid, abs_ in self.losers.items() if abs_}
        self.lost_keys = frozenset(k for abs_ in self.losers.values() for ab in abs_ for k in ab["keywords"])
        self.silencers = frozenset(cid for cid, d in cards.items()
                                   if any(ab["type"] == "silence_opposite" for ab in d.abilities))


_INDEX: list[GrantIndex] = []


def grant_index(state: GameState) -> GrantIndex:
    cards = state.db.cards
    if not _INDEX or _INDEX[0].cards is not cards:
        _INDEX[:] = [GrantIndex(cards)]
    return _INDEX[0]


def _granted(state: GameState, uid: int, key: str) -> Iterator[int]:
    """Values of `key` granted to `uid` by `grant` abilities of cards on the battlefield."""
    index = grant_index(state)
    granters = index.granters.get(key)
    if granters is None:
        return
    for src in state.cards:
        if src.card_id not in granters or src.face_down or src.zone not in ("board", "extra", "seated", "equipped") \
                or featureless(state, src.uid):
            continue
        for ab in index.by_card[src.card_id]:
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


def _lost(state: GameState, uid: int, key: str) -> bool:
    """Does a face-up enemy card on the battlefield make creature `uid` lose keyword `key`?"""
    c = state.cards[uid]
    if c.face_down or not c.on_battlefield or not is_creature(state, uid):
        return False
    index = grant_index(state)
    for src in state.cards:
        abilities = index.losers.get(src.card_id)
        if not abilities or src.owner == c.owner or src.face_down or not src.on_battlefield \
                or featureless(state, src.uid):
            continue
        if any(key in ab["keywords"] and holds(state, uid, ab.get("filter", {})) for ab in abilities):
            return True
    return False


def _in_scope(state: GameState, src: int, uid: int, scope: str) -> bool:
    if scope == "self":
        return src == uid
    s = state.cards[src]
    if scope == "host":             # a symbiont's or an equipment's host
        return s.zone in ("seated", "equipped") and s.host == uid
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
    d = state.db.cards[c.card_id]
    if kind not in d.ability_types or featureless(state, uid):
        return
    for ab in d.abilities:
        if ab["type"] == kind and ("while" not in ab or holds(state, uid, ab["while"])):
            yield ab


def restrained(state: GameState, uid: int) -> bool:
    """Is `uid` under a «restrain» (buff ("restrained", source)) whose condition holds now: at least `count`
    creatures of the source's controller matching `near` stand next to it (diagonals included)?"""
    for k, src, until in state.cards[uid].buffs:
        if k != "restrained" or until < state.turn or state.cards[src].card_id is None:
            continue
        eff = next((ab["effect"] for ab in state.db.cards[state.cards[src].card_id].abilities
                    if ab.get("effect", {}).get("op") == "restrain"), None)
        if eff is None:
            continue
        near = [o for o in battlefield(state, state.cards[src].owner) if is_creature(state, o.uid)
                and adjacent(state, o.uid, uid) and holds(state, o.uid, eff.get("near", {}))]
        if len(near) >= eff["count"]:
            return True
    return False


def sharing(state: GameState, uid: int) -> bool:
    """Does `uid` stand on a board cell another card occupies (an incorporeal creature passing through)?"""
    c = state.cards[uid]
    return c.zone == "board" and c.cell != NO_CELL and state.grid[c.cell] != uid


def step_onto(state: GameState, uid: int) -> list[int]:
    """Cells of cards `uid` may move onto as if they were next to it (static `step_onto` with `filter`)."""
    abs_ = list(statics(state, uid, "step_onto"))
    if not abs_:
        return []
    return sorted(t.cell for t in state.cards if t.zone == "board" and t.uid != uid and state.grid[t.cell] == t.uid
                  and is_creature(state, t.uid) and any(holds(state, t.uid, ab["filter"]) for ab in abs_))


def step_near(state: GameState, uid: int) -> list[int]:
    """Free cells next to an own face-up card with a `step_near` static whose `filter` `uid` matches:
    «ваши … существа могут передвигаться на клетки рядом с ней как на соседние»."""
    c = state.cards[uid]
    out: set[int] = set()
    for o in battlefield(state, c.owner):
        if o.zone != "board" or o.face_down or o.uid == uid:
            continue
        if any(holds(state, uid, ab["filter"]) for ab in statics(state, o.uid, "step_near")):
            out.update(x for x in AROUND[o.cell] if state.grid[x] == -1)
    return sorted(out)


def card_elements(state: GameState, uid: int) -> tuple[str, ...]:
    """Its printed elements, and «тьма» once it has become dark («становится тёмным», op `darken`)."""
    d = state.cdef(uid)
    elements = d.elements if d is not None else ()
    if "dark" not in elements and any(k == "dark" for k, _, _ in state.cards[uid].buffs):
        elements = (*elements, "dark")
    return elements


def squad_elements(state: GameState, seat: int) -> frozenset[str]:
    """Elements of the face-up cards of `seat`'s squad on the battlefield («в отряде карты … стихий»;
    a face-down card shows nothing, decision 70)."""
    return frozenset(e for c in battlefield(state, seat) if not c.face_down and c.card_id is not None
                     for e in card_elements(state, c.uid))


def barred(state: GameState, uid: int, cell: int) -> bool:
    """May `uid` not move onto `cell`? A symbiont on it with `host_barred_half` bars its host from
    the cells of the symbiont's controller's half."""
    return any(c.zone == "seated" and c.host == uid and row_of(cell) in own_rows(state.is_first(c.owner))
               and any(True for _ in statics(state, c.uid, "host_barred_half")) for c in state.cards)


# --- conditions -------------------------------------------------------------------------

def classes_of(state: GameState, uid: int) -> tuple[str, ...]:
    """The classes of a face-up card; a terrain also has those its side's `terrain_class` abilities give it
    («ваша местность считается рекой»)."""
    d = state.cdef(uid)
    if d is None:
        return ()
    if d.kind != "terrain":
        return d.classes
    extra = tuple(ab["class"] for o in battlefield(state, state.cards[uid].owner) if not o.face_down
                  for ab in statics(state, o.uid, "terrain_class"))
    return d.classes + extra


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
            ok = want in card_elements(state, uid)
        elif key == "neutral":          # «нейтральное»: it belongs to no element
            ok = (not card_elements(state, uid)) == want
        elif key == "kind":
            ok = d.kind == want
        elif key == "name":             # «Яйцо дракона в вашем отряде»: a card of that name
            ok = d.name == want
        elif key == "class":
            ok = want in classes_of(state, uid)
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
        elif key == "wounded":
            ok = (c.wounds > 0) == want
        elif key == "defending":      # the defender of the simple strike being resolved (combat.strike)
            ok = any(k == "defending" and e == state.turn for k, _, e in c.buffs) == want
        elif key == "has_extra_life":
            ok = (max_life(state, uid) > d.life) == want
        elif key == "cost_max":
            ok = d.cost <= want
        elif key == "cost_min":
            ok = d.cost >= want
        elif key == "alien":     # none of its elements is among those of the other side's face-up cards
            ok = (not set(card_elements(state, uid)) & squad_elements(state, other(c.owner))) == want
        elif key == "redealt":          # «если вы использовали пересдачу» (public: a redeal is announced)
            ok = (state.players[c.owner].redeals > 0) == want
        elif key in ("paid_extra", "recruited"):    # a purchase choice made for this card (setup.form_squad)
            ok = (buff(state, uid, key) > 0) == want
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
            ok = any(want in classes_of(state, o.uid) for o in battlefield(state, c.owner) if not o.face_down)
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
        elif key == "life_above":
            ok = life_left(state, uid) > want
        elif key == "move_min":         # «если движение … равно N или больше (с учётом модификаторов)»
            ok = max_moves(state, uid) >= want
        elif key == "wounds_this_turn_below":
            ok = sum(v for k, v, until in c.buffs if k == "wounds_taken" and until == state.turn) < want
        elif key == "front_row":      # on a cell of either player's first row
            pos = position(state, uid)
            ok = (pos != NO_CELL and row_of(pos) in (own_rows(True)[0], own_rows(False)[0])) == want
        elif key == "own_with_chips":
            ok = sum(1 for o in battlefield(state, c.owner) if o.chips) >= want
        elif key == "enemy_elements_min":
            ok = len(squad_elements(state, other(c.owner))) >= want
        elif key == "own_elements_max":
            ok = len(squad_elements(state, c.owner)) <= want
        elif key == "own_row":          # «в N ряду»: row N of its controller's half, counted from the front
            pos = position(state, uid)
            ok = pos != NO_CELL and row_of(pos) == own_rows(state.is_first(c.owner))[want - 1]
        elif key == "has_chips":
            ok = (c.chips > 0) == want
        elif key == "enemy_grave":       # the graveyard is public
            ok = any(holds(state, g, want) for g in state.players[other(c.owner)].grave)
        elif key == "enemy_creature":
            ok = any(holds(state, e.uid, want) for e in creatures(state, other(c.owner)))
        elif key == "own_all":     # «пока все ваши существа …» (a face-down card counts and matches nothing)
            ok = all(holds(state, o.uid, want) for o in creatures(state, c.owner))
        elif key == "no_enemy_creature":
            ok = not any(holds(state, e.uid, want) for e in creatures(state, other(c.owner)))
        elif key == "enemy_all_wounded":    # «в отряде противника нет карт без ран» (terrain aside)
            ok = all(o.wounds > 0 for o in battlefield(state, other(c.owner))
                     if o.face_down or kind_of(state, o.uid) != "terrain") == want
        elif key == "passed_over_free":     # «при ударе через ряд через свободную клетку»
            cell = passed_over(state, uid)
            ok = (cell != NO_CELL and state.grid[cell] == -1) == want
        elif key == "opposite_enemy":
            o = opposite(state, uid)
            ok = (o != -1 and state.cards[o].owner != c.owner
                  and is_creature(state, o)) == want
        elif key == "adjacent_own":
            ok = any(adjacent(state, uid, o.uid) and holds(state, o.uid, want)
                     for o in battlefield(state, c.owner) if o.uid != uid)
        elif key == "host":
            ok = c.zone == "seated" and c.host != -1 and holds(state, c.host, want)
        elif key == "symbiont":
            ok = any(s.zone == "seated" and s.host == uid and not s.face_down and state.cdef(s.uid).kind == want
                     for s in state.cards)
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
               and is_creature(state, state.grid[x]))


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


def armor(state: GameState, uid: int) -> int:
    """Wounds from non-magic attacks its armor stops per turn (printed, granted and for-a-while armor)."""
    if buff(state, uid, "no_armor"):
        return 0
    return kw(state, uid, "armor") + buff(state, uid, "extra_armor")


def armor_left(state: GameState, uid: int) -> int:
    """What its armor can still stop this turn."""
    c = state.cards[uid]
    return armor(state, uid) - (c.armor_used if c.armor_turn == state.turn else 0)


@lru_cache(maxsize=64)
def _gained(text: str) -> dict[str, Any]:
    return json.loads(text)


def abilities(state: GameState, uid: int) -> Sequence[dict[str, Any]]:
    """Its printed abilities, then those it gained for a while (op `gain`: buffs ("gained", json, until), or
    "gained_grave" when kept in the graveyard), in the order gained; an ability's index is its position here."""
    c = state.cards[uid]
    own = state.db.cards[c.card_id].abilities if c.card_id is not None else ()
    gained = [_gained(v) for k, v, _ in c.buffs if k in ("gained", "gained_grave")]
    return [*own, *gained] if gained else own


LOST_ABILITY: dict[str, Any] = {"type": "lost", "effect": {"op": "lost"}}   # never mutated


def ability_at(state: GameState, uid: int, index: int) -> dict[str, Any]:
    """Ability `index` of card `uid` (printed or gained); `LOST_ABILITY` for a gained ability that left with
    its buff (the card died or the time ran out) while a trigger or an entry of it was still pending."""
    own = abilities(state, uid)
    return own[index] if index < len(own) else LOST_ABILITY


def strike_values(state: GameState, uid: int) -> tuple[int, int, int]:
    d = state.cdef(uid)
    if d is None:
        return (0, 0, 0)
    b = buff(state, uid, "strike") + squad_bonus(state, uid, "strike")
    w, m, s = d.strike
    if animated(state, uid):        # an artifact that became a creature: the strike it was given
        w, m, s = buff(state, uid, "anim_weak"), buff(state, uid, "anim_medium"), buff(state, uid, "anim_strong")
    if buff(state, uid, "swap_strike") % 2:       # «поменять местами значения сильного и слабого удара»
        w, s = s, w
    return (w + b, m + b, s + b)


def max_life(state: GameState, uid: int) -> int:
    """Life plus extra lives; an artifact cannot get extra lives (seed 004)."""
    d = state.cdef(uid)
    if d is not None and d.kind == "artifact" and not animated(state, uid):
        return d.life
    printed_extra = sum(ab["amount"] for ab in statics(state, uid, "extra_life"))
    return (d.life if d else 0) + state.cards[uid].extra_life + printed_extra


def life_left(state: GameState, uid: int) -> int:
    return max_life(state, uid) - state.cards[uid].wounds


def max_moves(state: GameState, uid: int) -> int:
    d = state.cdef(uid)
    printed_bonus = sum(ab["amount"] for ab in statics(state, uid, "move_bonus"))
    return (d.move if d else 0) + buff(state, uid, "move") + printed_bonus + squad_bonus(state, uid, "move")


def squad_bonus(state: GameState, uid: int, key: str) -> int:
    """«Ваши пираты с проклятием имеют +1 к движению и +1 к удару»: `squad_bonus` statics of face-up cards of
    the same side on the battlefield whose `filter` the card matches (their source included)."""
    c = state.cards[uid]
    if c.face_down or c.zone not in ("board", "extra", "seated"):
        return 0
    return sum(ab.get(key, 0) for o in battlefield(state, c.owner) for ab in statics(state, o.uid, "squad_bonus")
               if holds(state, uid, ab["filter"]))


def attack_value(state: GameState, attacker: int, target: int, kind: str, level: int, base: int) -> int:
    """Value of an attack after the attacker's bonuses, then the target's reductions."""
    value = base
    name = ("weak", "medium", "strong")[level - 1]
    for src, ab in _attack_bonuses(state, attacker):
        if kind in expand_attacks(ab["attacks"]) and name in ab.get("levels", (name,)) \
                and holds(state, target, ab.get("vs", {})) \
                and (not ab.get("target_behind") or stands_behind(state, target, attacker)):
            value += bonus_amount(state, src, ab["amount"], ab)
    for ab in statics(state, target, "attack_reduction"):
        if kind in expand_attacks(ab["attacks"]) and name in ab.get("levels", (name,)) \
                and holds(state, attacker, ab.get("from", {})):
            value -= bonus_amount(state, target, ab["amount"], ab)
    if kind == "strike" and marked(state, attacker, target):
        value += buff(state, attacker, "strike_vs_mark")
    if kind != "strike":        # a temporary bonus to one kind of attack («+X к особому удару»)
        value += buff(state, attacker, kind)
    if kind in MELEE:
        value += buff(state, attacker, "melee")
    if kind in RANGED:
        value += buff(state, attacker, "ranged")
    if kind in NONMAGIC:
        value -= buff(state, target, "nonmagic_reduction")
    return max(0, capped(state, target, kind, name, value))


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
    cell = relative(c.cell, state.is_first(c.owner), -1, 0) if c.zone == "board" else NO_CELL
    return cell != NO_CELL and state.grid[cell] == target and is_creature(state, target)


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
            scope = ab.get("scope")       # "own": every own card matching `filter`
            if scope in ("formation", "own") and holds(state, attacker, ab.get("filter", {})) \
                    and (scope == "own" or attacker in formation_group(state, o.uid)):
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
    if amount == "minus_open_enemies":     # «−1 к удару за каждое открытое существо в отряде противника (макс. −3)»
        return -min(3, sum(1 for e in creatures(state, 1 - state.cards[uid].owner)
                           if not e.face_down and not e.closed))
    if amount == "free_cells_around":
        pos = position(state, uid)
        return 0 if pos == NO_CELL else sum(1 for x in AROUND[pos] if state.grid[x] == -1)
    raise ValueError(f"unknown bonus amount {amount!r}")


def attack_range(state: GameState, attacker: int, target: int, kind: str, base: int | None) -> int | None:
    if base is None:
        return None
    bonus = sum(ab["amount"] for ab in statics(state, attacker, "range_bonus")
                if kind in expand_attacks(ab["attacks"]) and holds(state, target, ab.get("vs", {})))
    if kind == "shot":
        bonus += buff(state, attacker, "shot_range")
    return base + bonus


def is_directed(state: GameState, attacker: int, target: int) -> bool:
    if kw(state, attacker, "directed") or kw(state, attacker, "unanswerable"):
        return True
    return any(holds(state, target, ab.get("vs", {}))
               and (not ab.get("opposite") or opposite(state, attacker) == target)     # «по картам напротив»
               for ab in statics(state, attacker, "directed_vs"))


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
    """Is `target` protected from an attack/spell of `kind` made by `source`? (`source` may ignore some.)"""
    ignored = {k for ab in statics(state, source, "ignores_protection") if holds(state, target, ab.get("of", {}))
               for k in ab["keywords"]} if source >= 0 else set()
    if any(kw(state, target, p) for p in PROTECTION.get(kind, ()) if p not in ignored):
        return True
    if kind not in ("spell", "effect") and source >= 0 and any(
            holds(state, source, ab.get("from", {})) for ab in statics(state, target, "attack_immunity")):
        return True                   # «защита от атак карт …»
    return kind not in ("spell", "effect") and is_flyer(state, source) and "prot_flyer" not in ignored \
        and kw(state, target, "prot_flyer") > 0

