"""Conditions (docs/card-schema.md, Conditions): `holds` (a card in the game), `printed_holds` (a card in a
deck), the keys of the printed card both read (`PRINTED_KEYS`), and the facts `holds` reads.

`holds` and `keywords` read each other, so their imports of each other's names come last.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cards.schema import CardDef

from .geometry import NO_CELL
from .modifiers import has_modifier, modifier_entries, modifier_value, modifier_values
from .places import (
    adjacent,
    battlefield,
    beside_cells,
    creatures,
    enemy_creatures,
    foes,
    is_creature,
    kind_of,
    moved_cells,
    opposite,
    passed_over,
    position,
)
from .state import GameState


def card_elements(state: GameState, uid: int) -> tuple[str, ...]:
    """Its printed elements, and «тьма» once it has become dark («становится тёмным», op `darken`)."""
    d = state.cdef(uid)
    elements = d.elements if d is not None else ()
    if "dark" not in elements and has_modifier(state, uid, "dark"):
        elements = (*elements, "dark")
    return elements


def squad_elements(state: GameState, seat: int) -> frozenset[str]:
    """Elements of the face-up cards of `seat`'s squad on the battlefield («в отряде карты … стихий»;
    a face-down card shows nothing, decision 70)."""
    return frozenset(e for c in battlefield(state, seat) if not c.face_down and c.card_id is not None
                     for e in card_elements(state, c.uid))


def enemy_elements(state: GameState, seat: int) -> frozenset[str]:
    """Elements of the face-up cards of the seats opposing `seat` on the battlefield."""
    return frozenset().union(*(squad_elements(state, foe) for foe in state.seats.opponents(seat)))


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


# The condition keys about the printed card alone, read the same in the game and in a deck. («Яйцо дракона в
# вашем отряде»: a card of that name.) In the game `class` and `element` also count what the card gained.
PRINTED_KEYS: dict[str, Callable[[CardDef, Any], bool]] = {
    "id": lambda d, want: d.id == want,
    "name": lambda d, want: d.name == want,
    "kind": lambda d, want: d.kind == want,
    "elite": lambda d, want: d.elite == want,
    "class_prefix": lambda d, want: any(cl.startswith(want) for cl in d.classes),
    "has_magic": lambda d, want: d.has_magic == want,
    "has": lambda d, want: d.has(want),
    "cost_max": lambda d, want: d.cost <= want,
    "cost_min": lambda d, want: d.cost >= want,
    "cost_odd": lambda d, want: (d.cost % 2 == 1) == want,
}


def printed_holds(d: CardDef, cond: Mapping[str, Any], state: GameState | None = None) -> bool:
    """Does a printed card (one in a deck) satisfy `cond`: the keys of `PRINTED_KEYS`, its printed classes
    and elements, `in_squad` (with the `state` of the battle), and `any` / `not` of those (every key must hold)?"""
    for key, want in cond.items():
        if key == "in_squad":
            ok = state is not None and in_squad(state, d.name) == want
        elif key == "class":
            ok = want in d.classes
        elif key == "element":
            ok = want in d.elements
        elif key == "any":
            ok = any(printed_holds(d, c, state) for c in want)
        elif key == "not":
            ok = not printed_holds(d, want, state)
        elif key in PRINTED_KEYS:
            ok = PRINTED_KEYS[key](d, want)
        else:
            raise ValueError(f"unknown deck card condition {key!r}")
        if not ok:
            return False
    return True


def in_squad(state: GameState, name: str) -> bool:
    """Is a card named `name` face up on the battlefield or in a graveyard, of either side?"""
    return any(c.card_id is not None and state.db.cards[c.card_id].name == name
               and (c.zone == "grave" or (c.on_battlefield and not c.face_down)) for c in state.cards)


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
        elif key in PRINTED_KEYS:
            ok = PRINTED_KEYS[key](d, want)
        elif key == "class":
            ok = want in classes_of(state, uid)
        elif key == "closed":
            ok = c.closed == want
        elif key == "marker":
            ok = has_modifier(state, uid, want)
        elif key == "wounded":
            ok = (c.wounds > 0) == want
        elif key == "marker_count":     # «с двумя маркерами удушения»
            ok = len(modifier_values(state, uid, want["name"])) >= want["min"]
        elif key == "attack_wounded":
            ok = has_modifier(state, uid, "attack_wounds", state.turn) == want
        elif key == "defending":      # the defender of the simple strike being resolved (strike.strike)
            ok = has_modifier(state, uid, "defending", state.turn) == want
        elif key == "has_extra_life":
            ok = (max_life(state, uid) > d.life) == want
        elif key == "alien":     # none of its elements is among those of the other side's face-up cards
            ok = (not set(card_elements(state, uid)) & enemy_elements(state, c.owner)) == want
        elif key == "redealt":          # «если вы использовали пересдачу» (public: a redeal is announced)
            ok = (state.players[c.owner].redeals > 0) == want
        elif key in ("paid_extra", "recruited"):    # a purchase choice made for this card (setup.form_squad)
            ok = (modifier_value(state, uid, key) > 0) == want
        elif key == "ahead_own":        # «если напротив стоит ваше существо …»
            o = opposite(state, uid)
            ok = o != -1 and state.cards[o].owner == c.owner and holds(state, o, want)
        elif key == "behind":
            cell = state.geo.relative(c.cell, state.place(c.owner), -1, 0) if c.zone == "board" else NO_CELL
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
        elif key == "own_turn":
            ok = (state.active == c.owner) == want
        elif key == "squad_has_class":
            ok = any(want in classes_of(state, o.uid) for o in battlefield(state, c.owner) if not o.face_down)
        elif key == "order":
            ok = state.is_first(c.owner) == (want == "first")
        elif key == "more_closed":
            ok = _more_closed(state, c.owner) == want
        elif key == "strongest_strike":
            ok = _strongest(state, uid) == want
        elif key == "on_marker":      # «стоящие на клетке с маркером …» (a cell marker of any card)
            pos = position(state, uid)
            ok = pos != NO_CELL and any(pos in modifier_values(state, o.uid, f"cell_{want}")
                                        for o in battlefield(state))
        elif key == "around":
            ok = _around(state, uid, want)
        elif key == "own_in_every_row":
            ok = _every_row(state, c.owner) == want
        elif key == "allies_around_below":
            ok = _allies_around(state, uid) < want
        elif key == "life_left":
            ok = life_left(state, uid) == want
        elif key == "life_above":
            ok = life_left(state, uid) > want
        elif key == "life_over_printed":
            ok = (life_left(state, uid) > d.life) == want
        elif key == "weak_min":        # «со значением слабого удара 3 или больше»
            ok = strike_values(state, uid)[0] >= want
        elif key == "life_below":
            ok = life_left(state, uid) < want
        elif key == "move_min":         # «если движение … равно N или больше (с учётом модификаторов)»
            ok = max_moves(state, uid) >= want
        elif key == "formation_with":     # «в строю с элитным существом», «хотя бы с двумя»
            sub = want.get("filter", {})
            ok = sum(1 for o in formation_group(state, uid) if o != uid and holds(state, o, sub)) >= want.get("min", 1)
        elif key == "beside_own":     # «ваше существо стоит справа или слева от …»
            ok = any(state.grid[x] != -1 and state.cards[state.grid[x]].owner == c.owner
                     and holds(state, state.grid[x], want) for x in beside_cells(state, uid))
        elif key == "moved":         # «переместилась хотя бы на N клеток [в одном направлении] в этот ход»
            cells = moved_cells(state, uid, want.get("turn") == "last", want.get("path", ""))
            ok = cells == 0 if want.get("none") else cells >= want.get("min", 1)
        elif key == "ranged_hits_min":      # «получало раны от N или более выстрелов или метаний в этот ход»
            ok = sum(1 for _, e in modifier_entries(state, uid, "ranged_hits") if e == state.turn) >= want
        elif key == "wounds_this_turn_below":
            ok = sum(v for v, e in modifier_entries(state, uid, "wounds_taken") if e == state.turn) < want
        elif key == "front_row":      # on a cell of any player's first row
            pos = position(state, uid)
            ok = (pos != NO_CELL and state.geo.row_of(pos) in state.geo.front_rows) == want
        elif key == "own_with_chips":
            ok = sum(1 for o in battlefield(state, c.owner) if o.chips) >= want
        elif key == "enemy_elements_min":
            ok = len(enemy_elements(state, c.owner)) >= want
        elif key == "own_elements_max":
            ok = len(squad_elements(state, c.owner)) <= want
        elif key == "own_row":          # «в N ряду»: row N of its controller's half, counted from the front
            pos = position(state, uid)
            ok = pos != NO_CELL and state.geo.row_of(pos) == state.geo.own_rows(state.place(c.owner))[want - 1]
        elif key == "column":           # «в центральном / крайнем столбце» of its controller's half
            pos = position(state, uid)
            ok = pos != NO_CELL and column_of(state, pos, c.owner) == want
        elif key == "chips_min":
            ok = c.chips >= want
        elif key == "has_chips":
            ok = (c.chips > 0) == want
        elif key == "enemy_grave":       # the graveyard is public
            ok = any(holds(state, g, want) for foe in state.seats.opponents(c.owner) for g in state.players[foe].grave)
        elif key == "enemy_creature":
            ok = any(holds(state, e.uid, want) for e in enemy_creatures(state, c.owner))
        elif key == "own_creature":     # «если у вас есть … существо» (another one, face up)
            ok = any(o.uid != uid and not o.face_down and holds(state, o.uid, want) for o in creatures(state, c.owner))
        elif key == "own_all":     # «пока все ваши существа …» (a face-down card counts and matches nothing)
            ok = all(holds(state, o.uid, want) for o in creatures(state, c.owner))
        elif key == "no_enemy_creature":
            ok = not any(holds(state, e.uid, want) for e in enemy_creatures(state, c.owner))
        elif key == "enemy_all_wounded":    # «в отряде противника нет карт без ран» (terrain aside)
            ok = all(o.wounds > 0 for o in foes(state, c.owner)
                     if o.face_down or kind_of(state, o.uid) != "terrain") == want
        elif key == "passed_over_free":     # «при ударе через ряд через свободную клетку»
            cell = passed_over(state, uid)
            ok = (cell != NO_CELL and is_free(state, cell)) == want
        elif key == "opposite_enemy":
            o = opposite(state, uid)
            ok = (o != -1 and state.seats.enemy(state.cards[o].owner, c.owner)
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


def column_of(state: GameState, cell: int, seat: int) -> str:
    """"center" / "edge" / "" for a cell's column within the columns of `seat`'s half."""
    cols = state.geo.areas[state.place(seat)].cols
    col = state.geo.col_of(cell)
    if col in (cols[0], cols[-1]):
        return "edge"
    return "center" if len(cols) % 2 and col == cols[len(cols) // 2] else ""


def _allies_around(state: GameState, uid: int) -> int:
    """Creatures of its controller standing next to it (a face-down card counts as a creature)."""
    pos = position(state, uid)
    if pos == NO_CELL:
        return 0
    owner = state.cards[uid].owner
    return sum(1 for x in state.geo.around[pos] if state.grid[x] != -1 and state.cards[state.grid[x]].owner == owner
               and is_creature(state, state.grid[x]))


def _around(state: GameState, uid: int, spec: Mapping[str, Any]) -> bool:
    """Condition `around`: creatures of a side (matching a filter) next to `uid` — how many, of how many classes,
    or more than those of another side."""
    pos = position(state, uid)
    if pos == NO_CELL:
        return False
    owner = state.cards[uid].owner
    near = [o for o in (state.grid[x] for x in state.geo.around[pos]) if o != -1 and is_creature(state, o)]

    def side(o: int, which: str) -> bool:
        mine = state.cards[o].owner
        return which == "any" or (mine == owner if which == "own" else state.seats.enemy(mine, owner))
    found = [o for o in near if side(o, spec["side"]) and holds(state, o, spec.get("filter", {}))]
    if "more_than" in spec:
        return len(found) > sum(1 for o in near if side(o, spec["more_than"]))
    if "distinct_classes" in spec:
        return len({k for o in found for k in classes_of(state, o)}) >= spec["distinct_classes"]
    return len(found) >= spec.get("min", 1)


def _every_row(state: GameState, seat: int) -> bool:
    """A creature of `seat` stands in every row of his half of the battlefield."""
    rows = {state.geo.row_of(c.cell) for c in creatures(state, seat) if c.zone == "board"}
    return all(r in rows for r in state.geo.own_rows(state.place(seat)))


def in_formation(state: GameState, uid: int) -> bool:
    """«Строй»: an own card with formation stands next to it, not diagonally."""
    c = state.cards[uid]
    if c.zone != "board":
        return False
    for cell in state.geo.orthogonal[c.cell]:
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
               for e in enemy_creatures(state, state.cards[uid].owner) if not e.face_down)


# imported last: those modules import this one too (see the docstring)
from .cells import is_free  # noqa: E402
from .keywords import (  # noqa: E402
    formation_group,
    has_status,
    kw,
    life_left,
    max_life,
    max_moves,
    printed,
    statics,
    strike_values,
)
