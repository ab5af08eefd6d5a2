"""Per-card modifiers: named, declared once with the type of their value and their expiry.

A card's modifiers are `CardState.modifiers`, a tuple of (key, value, last turn) in the order given. Every key
is declared in `MODIFIERS`; `add_modifier` refuses an undeclared key or a value of the wrong type, so the
state holds only plain data of known meaning (a reference to a card's ability or condition, never its text).

Expiry kinds: "turn" — the end of this turn; "until" — the end of a turn the giver counts (its `until`: this
turn, the opponent's, the next one, or the whole battle); "battle" — while the card stays on the battlefield
(it leaves play: `CardState.reset_battle_state`); "grave" — as "until", and kept when the card dies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cards.schema import ATTACK_KINDS, CREATURE_KINDS
from cards.terms import KEYWORDS
from cards.terms.values import MARKERS_NEW

from .refs import valid_ref

if TYPE_CHECKING:
    from .state import CardState, GameState

BATTLE_LONG = 1 << 30   # the last turn of a modifier "until the end of the battle": never reached

Entry = tuple[str, Any, int]     # (key, value, last turn)


@dataclass(frozen=True, slots=True)
class Modifier:
    """A declared modifier: what its value is and when it ends."""
    value: str      # count | uid | seat | cell | turn | keyword | ability | condition
    expiry: str     # turn | until | battle | grave


_COUNT_UNTIL = (   # bonuses of the op `buff` (and `animate`) for a while, besides keywords; statuses for a while
    *ATTACK_KINDS, *(f"next_{kind}" for kind in ATTACK_KINDS),     # +X to an attack kind, to the next one
    "cure_on_move", "extra_armor", "melee", "move", "next_attack", "next_magic", "nonmagic_reduction", "ranged",
    "shot_range", "discharge_range", "strike_vs_mark", "struck_strong", "swap_strike", "no_heal", "no_armor",
    "stay_closed", "ova_plus", "ovz_plus", "ovs_plus",
    "flight_until", "roll_against", "medium_strike", "strong_strike",
    "life", "no_attack", "no_move", "next_unanswerable", "no_abilities", "no_act",
)
_COUNT_TURN = (    # bookkeeping of this turn
    "pair_mixed", "strikes_made", "wounds_taken", "wound_grace", "heal_bonus_used", "blocked_first", "opened",
    "stayed_open", "first_attack", "attacked", "crossed", "cost_x", "chosen", "redirected_away",
    "shown_cost",       # the cost of the card its latest prophecy of this turn showed (selector `cost = "shown"`)
    "attack_to", "attack_wounds", "heal_first_used", "ignores_next", "ranged_hits", "chain", "chain_opened",
)
_COUNT_BATTLE = (
    "incarnation", "next_strike_strong", "dark", "animated", "anim_flyer", "anim_weak", "anim_medium",
    "anim_strong", "trap", "flying", "landed", "paid_extra", "valhalla", "flame_seal", "after_deploy",
    "binder",   # it gave modifiers bound to itself (`bound_last`): they end when it relocates or leaves play
    "marked_rows",      # the rows it put a «once per row» cell marker on (a bit per row)
    *(f"rescued_{kind}" for kind in CREATURE_KINDS),     # a `symbiont_rescue` used up for a symbiont of that kind
)

MODIFIERS: dict[str, Modifier] = {
    **{key: Modifier("count", "until") for key in KEYWORDS},     # a keyword for a while (`keywords.kw`)
    **{key: Modifier("count", "until") for key in _COUNT_UNTIL},
    **{key: Modifier("count", "turn") for key in _COUNT_TURN},
    **{key: Modifier("count", "battle") for key in _COUNT_BATTLE},
    "doomed": Modifier("uid", "until"),            # its source; it dies at the end of that turn
    "mark": Modifier("uid", "until"),              # the card it marked
    "acid_fumes": Modifier("uid", "until"),        # markers for a while: the source
    "cat_mouse": Modifier("uid", "until"),
    "focus": Modifier("uid", "until"),
    "restrained": Modifier("uid", "turn"),         # the restraining card
    "exiled": Modifier("uid", "turn"),             # the card it exiled from a graveyard (op `exile`)
    "ignored": Modifier("uid", "turn"),            # the attacker ignoring its abilities during its attack
    "defending": Modifier("uid", "turn"),          # the attacker it defends against
    "passed_through": Modifier("uid", "turn"),     # the card it moved through
    "swept": Modifier("uid", "turn"),              # a creature it struck this turn (`sweep_strike`)
    "first_struck": Modifier("uid", "turn"),       # the card its first of two strikes went at (`other_target`)
    "redirect_next": Modifier("uid", "battle"),    # who may redirect its next melee attack
    "slew": Modifier("uid", "battle"),             # a card it destroyed, waiting for its death
    "roll_twice": Modifier("seat", "turn"),        # the seat that picks one of its two rolls
    "ambush": Modifier("cell", "turn"),
    "jumped_from": Modifier("cell", "turn"),
    "jumped_off": Modifier("cell", "turn"),        # the cell its latest jump by an effect left (`fill_vacated`)
    "displaced_from": Modifier("cell", "turn"),
    "passed_over": Modifier("cell", "turn"),
    "cell_portal": Modifier("cell", "until"),
    "fire_wall": Modifier("cell", "battle"),
    "rot": Modifier("cell", "battle"),
    "moved_path": Modifier("count", "until"),     # a move of its own: cells * 16 + direction (places.path_code)
    "no_magic": Modifier("turn", "until"),         # the first turn it cannot use magic (the last: its expiry)
    "lose_kw": Modifier("keyword", "until"),
    "gained": Modifier("ability", "until"),        # (giver uid, card id, path): op `gain`
    "recruited": Modifier("count", "grave"),       # its order among the cards recruited «до набора отряда»
    "gained_grave": Modifier("ability", "grave"),
    "stay_closed_unless": Modifier("condition", "until"),   # (card id, path) of the condition
    **{name: Modifier("uid", "until") for name in MARKERS_NEW},                # on a card: its source
    **{f"cell_{name}": Modifier("cell", "until") for name in MARKERS_NEW},     # on a cell, kept with its source
    "movers": Modifier("count", "grave"),          # the other side moves at most N creatures a turn
}


def bound_last(src: int, moves: bool) -> int:
    """The «last turn» of a modifier bound to card `src`: never reached by a turn, it names the source and whether
    the modifier ends when the source relocates (`moves`) or only when it leaves play (`release_bound`)."""
    return BATTLE_LONG + 1 + 2 * src + int(moves)


def release_bound(state: GameState, src: int, leaves: bool) -> None:
    """Card `src` relocated (`leaves` false) or left play: the modifiers bound to it end (`bound_last`)."""
    ends = {bound_last(src, True)} | ({bound_last(src, False)} if leaves else set())
    for c in state.cards:
        if c.modifiers:
            c.modifiers = tuple(m for m in c.modifiers if m[2] not in ends)
    if not leaves:
        still = any(m[2] == bound_last(src, False) for c in state.cards for m in c.modifiers)
        if not still:
            drop_modifiers(state, src, "binder")


class ModifierError(ValueError):
    """An undeclared modifier, or a value or expiry that does not fit its declaration."""


def _fits(state: GameState, kind: str, value: Any) -> bool:
    if kind in ("keyword",):
        return type(value) is str
    if kind == "ability":
        return type(value) is tuple and len(value) == 3 and type(value[0]) is int \
            and type(value[1]) is str and type(value[2]) is tuple
    if kind == "condition":
        return type(value) is tuple and len(value) == 2 and type(value[0]) is str and type(value[1]) is tuple
    if type(value) is not int:
        return False
    if kind == "uid":
        return 0 <= value < len(state.cards)
    if kind == "cell":
        return 0 <= value < state.geo.cells
    return kind != "seat" or 0 <= value < len(state.players)


def _checked(state: GameState, key: str, value: Any, until: int | None) -> Entry:
    decl = MODIFIERS.get(key)
    if decl is None:
        raise ModifierError(f"undeclared modifier {key!r}")
    if not _fits(state, decl.value, value):
        raise ModifierError(f"modifier {key!r} takes a {decl.value}, not {value!r}")
    if decl.expiry == "turn":
        last = state.turn if until is None else until
        if last != state.turn:
            raise ModifierError(f"modifier {key!r} ends with this turn")
    elif decl.expiry == "battle":
        if until is not None:
            raise ModifierError(f"modifier {key!r} lasts the battle")
        last = BATTLE_LONG
    elif until is None:
        raise ModifierError(f"modifier {key!r} needs its last turn")
    else:
        last = until
    return key, value, last


def add_modifier(state: GameState, uid: int, key: str, value: Any = 1, until: int | None = None) -> None:
    """Give card `uid` the modifier `key`; `until` is its last turn, for an "until" or "grave" expiry only."""
    c = state.cards[uid]
    c.modifiers += (_checked(state, key, value, until),)


def replace_modifier(state: GameState, uid: int, key: str, value: Any = 1, until: int | None = None) -> None:
    """As `add_modifier`, after dropping the card's modifiers of that key (it has one at most)."""
    c = state.cards[uid]
    c.modifiers = tuple(m for m in c.modifiers if m[0] != key) + (_checked(state, key, value, until),)


def drop_modifiers(state: GameState, uid: int, *keys: str) -> None:
    """Remove the card's modifiers of these keys."""
    c = state.cards[uid]
    if c.modifiers:
        c.modifiers = tuple(m for m in c.modifiers if m[0] not in keys)


def modifier_value(state: GameState, uid: int, *keys: str) -> int:
    """The sum of the card's count modifiers of these keys (0 without any)."""
    mods = state.cards[uid].modifiers
    if not mods:            # most cards have none: this runs in every strike and keyword lookup
        return 0
    if len(keys) == 1:
        key = keys[0]
        return sum(v for k, v, _ in mods if k == key)
    return sum(v for k, v, _ in mods if k in keys)


def has_modifier(state: GameState, uid: int, key: str, last: int | None = None) -> bool:
    """Has the card a modifier `key` (ending with turn `last`, if given)?"""
    mods = state.cards[uid].modifiers
    if not mods:
        return False
    if last is None:
        return any(k == key for k, _, _ in mods)
    return any(k == key and e == last for k, _, e in mods)


def modifier_values(state: GameState, uid: int, key: str, since: int | None = None) -> list[Any]:
    """The values of the card's modifiers `key` in the order given (those lasting at least to turn `since`)."""
    return [v for k, v, e in state.cards[uid].modifiers if k == key and (since is None or e >= since)]


def modifier_entries(state: GameState, uid: int, key: str) -> list[tuple[Any, int]]:
    """(value, last turn) of the card's modifiers `key`, in the order given."""
    return [(v, e) for k, v, e in state.cards[uid].modifiers if k == key]


def modifiers_of(state: GameState, uid: int) -> tuple[Entry, ...]:
    """All its modifiers, (key, value, last turn) in the order given."""
    return state.cards[uid].modifiers


def expire_modifiers(state: GameState) -> None:
    """At the end of a turn: modifiers whose last turn it was go, but a "grave" one stays on a dead card."""
    turn = state.turn
    for c in state.cards:
        if c.modifiers:
            c.modifiers = tuple(m for m in c.modifiers
                                if m[2] > turn or c.zone == "grave" and MODIFIERS[m[0]].expiry == "grave")


def valid_entry(state: GameState, entry: Any) -> bool:
    """Does a decoded (key, value, last turn) fit the declarations? (`GameState.from_bytes`)"""
    if not (isinstance(entry, tuple) and len(entry) == 3 and entry[0] in MODIFIERS and type(entry[2]) is int):
        return False
    kind = MODIFIERS[entry[0]].value
    return _fits(state, kind, entry[1]) and (kind not in ("ability", "condition") or _ref_ok(state, entry[1]))


def _ref_ok(state: GameState, value: tuple) -> bool:
    return valid_ref(state.db, value[1:] if len(value) == 3 else value)


def kept_in_grave(c: CardState) -> tuple[Entry, ...]:
    """The modifiers a card keeps as it dies (op `gain` with `keep_in_grave`)."""
    return tuple(m for m in c.modifiers if MODIFIERS[m[0]].expiry == "grave")
