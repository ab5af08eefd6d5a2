"""What a card has: keywords (printed, granted, lost, for a while), statuses, static abilities,
its abilities, and the values they make (strike, life, moves, armor).

A keyword's value is the largest of the printed one, every `grant` that reaches the card, and its
temporary modifiers. Keywords and conditions read each other (a grant has a filter, a condition asks
for a keyword), so this module and `conditions` import each other's names last.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from cards.schema import ATTACK_GROUPS, CardDef
from cards.terms.values import MARKERS_NEW

from .geometry import NO_CELL
from .modifiers import modifier_entries, modifier_value
from .places import adjacent, animated, battlefield, is_creature, kind_of
from .refs import resolve
from .state import BATTLEFIELD, GameState


def silenced(state: GameState, uid: int) -> bool:
    """«Не может использовать магические способности»: a modifier ("no_magic", first turn, last turn) is on."""
    return any(v <= state.turn <= e for v, e in modifier_entries(state, uid, "no_magic"))


def magic_ability(ab: dict[str, Any]) -> bool:
    """A magic ability: a spell, a discharge or a magic strike."""
    eff = ab.get("effect") or {}
    return ab.get("kind") == "spell" or (eff.get("op") == "attack" and eff.get("attack") in ATTACK_GROUPS["magic"])


def printed(state: GameState, uid: int, key: str) -> int:
    d = state.cdef(uid)
    if d is None or state.cards[uid].face_down or featureless(state, uid):
        return 0
    return d.keywords.get(key, 0)


def featureless(state: GameState, uid: int) -> bool:
    """«Теряет особенности»: a creature standing opposite an open enemy card with `silence_opposite` has none
    of its printed keywords and abilities (that card's «напротив» is the cell one row ahead of this one); nor has
    a card with the modifier "no_abilities" (op `lose_abilities`), nor a card attacked by a card that ignores its
    abilities (`ignores_abilities`), during that attack (the modifier "ignored")."""
    c = state.cards[uid]
    if c.modifiers and not c.face_down and any(k in ("no_abilities", "ignored") for k, _, _ in c.modifiers):
        return True
    if c.zone != "board" or c.face_down:
        return False
    cell = state.geo.ahead[state.place(c.owner)][c.cell]
    if cell == NO_CELL or state.grid[cell] == -1:
        return False
    o = state.cards[state.grid[cell]]
    return state.seats.enemy(o.owner, c.owner) and not o.face_down and not o.closed \
        and o.card_id in card_index(state).silencers and kind_of(state, uid) == "creature"


def kw(state: GameState, uid: int, key: str) -> int:
    """Effective value of keyword `key` (the largest source applies; 0 while a «lose_keywords» applies).

    The hottest read of the engine: `printed` and the modifiers are read inline, `featureless` only when the
    card prints the keyword, and the grants only when a card of the database grants it."""
    c = state.cards[uid]
    index = _INDEX[0] if _INDEX and _INDEX[0].cards is state.db.cards else card_index(state)    # without a call
    if key in index.lost_keys and _lost(state, uid, key):
        return 0
    best = 0
    if c.card_id is not None and not c.face_down:
        best = state.db.cards[c.card_id].keywords.get(key, 0)
        if best and featureless(state, uid):
            best = 0
    plus = PLUS.get(key)
    extra = 0
    for k, v, _ in c.modifiers:
        if k == "lose_kw" and v == key:     # «теряет X до …» (op lose_keyword)
            return 0
        if k == key and v > best:
            best = v
        elif k == plus:             # «+1 к опыту в атаке» (buff `ova_plus`): adds to whatever it has
            extra += v
    if key in index.granters and c.zone in BATTLEFIELD:
        for value in _granted(state, uid, key, index):
            best = max(best, value)
        if c.card_id in index.borrowers:      # «Строй: эта карта получает …» of the cards it is in formation with
            best = max([best, *(int(ab["grant"][key]) for ab in borrowed(state, uid, "grant")
                                if ab["scope"] == "self" and isinstance(ab["grant"].get(key), int))])
    return best + extra


def kws(state: GameState, uid: int, keys: tuple[str, ...]) -> list[int]:
    """`[kw(state, uid, key) for key in keys]`, reading the card once: a keyword no card grants or takes away,
    of a card without modifiers, is its printed one (the moves of a creature read four)."""
    c = state.cards[uid]
    index = _INDEX[0] if _INDEX and _INDEX[0].cards is state.db.cards else card_index(state)
    printed = state.db.cards[c.card_id].keywords if c.card_id is not None and not c.face_down else {}
    out = []
    for key in keys:
        if c.modifiers or key in index.granters or key in index.lost_keys:
            out.append(kw(state, uid, key))
        else:
            value = printed.get(key, 0)
            out.append(0 if value and featureless(state, uid) else value)
    return out


PLUS = {"ova": "ova_plus", "ovz": "ovz_plus", "ovs": "ovs_plus"}     # the buffs that add to an experience


class CardIndex:
    """Facts about the cards of a database that the hot paths ask: the cards with each ability type (`holders`),
    with an ability paid with chips, with activated instants, with `grant` abilities (and the keywords they can
    grant), with `lose_keywords` and with `silence_opposite` abilities, and those asking about moves."""

    def __init__(self, cards: dict[str, CardDef]) -> None:
        self.cards = cards
        types = {t for d in cards.values() for t in d.ability_types}
        self.by_type = {t: frozenset(cid for cid, d in cards.items() if t in d.ability_types) for t in types}
        self.chip_users = frozenset(cid for cid, d in cards.items() if any(ab.get("chips") for ab in d.abilities))
        self.instant_users = frozenset(cid for cid, d in cards.items() if d.instants)
        self.roll_users = frozenset(cid for cid, d in cards.items()     # instants answering a die (`die_rolled`)
                                    if any(ab.get("timing") == "die_rolled" for _, ab in d.instants))
        self.by_card = {cid: tuple(ab for ab in d.abilities if ab["type"] == "grant") for cid, d in cards.items()}
        self.by_card = {cid: abs_ for cid, abs_ in self.by_card.items() if abs_}
        keys = {k for abs_ in self.by_card.values() for ab in abs_ for k in ab["grant"]}
        self.granters = {key: frozenset(cid for cid, abs_ in self.by_card.items()   # keyword -> cards granting it
                                        if any(key in ab["grant"] for ab in abs_)) for key in keys}
        self.losers = {cid: tuple(ab for ab in d.abilities if ab["type"] == "lose_keywords")
                       for cid, d in cards.items()}
        self.losers = {cid: abs_ for cid, abs_ in self.losers.items() if abs_}
        self.lost_keys = frozenset(k for abs_ in self.losers.values() for ab in abs_ for k in ab["keywords"])
        self.max_gain = max((ab["gold"] for d in cards.values() for ab in d.abilities      # `purchase_gain`
                             if ab["type"] == "purchase_gain"), default=0)
        self.silencers = frozenset(cid for cid, d in cards.items()
                                   if any(ab["type"] == "silence_opposite" for ab in d.abilities))
        self.move_watchers = frozenset(cid for cid, d in cards.items() if _asks_moved(d.abilities))
        self.borrowers = frozenset(cid for cid, d in cards.items() if "borrow_formation" in d.ability_types)
        self.hit_watchers = frozenset(cid for cid, d in cards.items() if _asks_key(d.abilities, "ranged_hits_min"))
        self.beside = frozenset(cid for cid, d in cards.items()
                                if any(ab.get("scope") == "left_right" and ab["type"] != "grant" for ab in d.abilities))
        self.bonus_any = frozenset(cid for cid, d in cards.items()       # attack bonuses for every attacker
                                   if any(ab["type"] == "attack_bonus" and ab.get("scope") == "any"
                                          for ab in d.abilities))


def _asks_moved(part: Any) -> bool:
    """Does a card's ability ask how its or another card's own movement went (condition `moved`, an amount
    `"moved"`)? Its cards make the engine keep the moves of every creature (modifier "moved_path")."""
    if isinstance(part, dict):
        return "moved" in part or part.get("amount") == "moved" or any(_asks_moved(v) for v in part.values())
    return isinstance(part, list | tuple) and any(_asks_moved(v) for v in part)


def _asks_key(part: Any, key: str) -> bool:
    """Does a card's ability use the condition `key` anywhere?"""
    if isinstance(part, dict):
        return key in part or any(_asks_key(v, key) for v in part.values())
    return isinstance(part, list | tuple) and any(_asks_key(v, key) for v in part)


def banned(state: GameState, uid: int, flag: str) -> bool:
    """A restriction `flag` («no_move», «no_attack», «no_act») on `uid`: a buff, or a marker on it whose source's
    `marker_rules` names it (the web of «Паук-пересмешник»: «не может передвигаться и действовать»)."""
    mods = state.cards[uid].modifiers
    if not mods:
        return False
    if any(k == flag for k, _, _ in mods):
        return True
    return bool(holders(state, "marker_rules")) and any(
        k in MARKERS_NEW and any(ab["marker"] == k and flag in ab.get("restricts", ())
                                 for ab in statics(state, v, "marker_rules")) for k, v, _ in mods)


_INDEX: list[CardIndex] = []     # one entry: the index of the db in use


def card_index(state: GameState) -> CardIndex:
    cards = state.db.cards
    if not _INDEX or _INDEX[0].cards is not cards:
        _INDEX[:] = [CardIndex(cards)]
    return _INDEX[0]


def holders(state: GameState, kind: str) -> frozenset[str]:
    """The ids of the cards of the database with an ability of type `kind`."""
    return card_index(state).by_type.get(kind, frozenset())


def _granted(state: GameState, uid: int, key: str, index: CardIndex) -> Iterator[int]:
    """Values of `key` (a keyword some card of the database grants) granted to `uid` by `grant` abilities of
    cards on the battlefield."""
    granters = index.granters[key]
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
    index = card_index(state)
    for src in state.cards:
        abilities = index.losers.get(src.card_id)
        if not abilities or not state.seats.enemy(src.owner, c.owner) or src.face_down or not src.on_battlefield \
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
        place, relative = state.place(s.owner), state.geo.relative
        return c.cell in (relative(s.cell, place, 0, 1), relative(s.cell, place, 0, -1))
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


def statics(state: GameState, uid: int, kind: str) -> Sequence[dict[str, Any]]:
    """Static abilities of type `kind` of a face-up card whose `while` condition holds."""
    c = state.cards[uid]
    if c.face_down or c.card_id is None:
        return ()
    d = state.db.cards[c.card_id]
    borrows = "borrow_formation" in d.ability_types and kind != "borrow_formation"
    if kind not in d.ability_types and not borrows or featureless(state, uid):
        return ()
    own = [ab for ab in d.abilities if ab["type"] == kind and ("while" not in ab or holds(state, uid, ab["while"]))]
    return own + borrowed(state, uid, kind) if borrows else own


FORMATION_ONLY = {"in_formation": True}


def borrowed(state: GameState, uid: int, kind: str) -> list[dict[str, Any]]:
    """«Получает бонусы строя всех степных существ, с которыми стоит в строю» (`borrow_formation`): the static
    abilities of type `kind` that only work in formation («Строй: …») of the other own cards matching the
    `filter` in one formation with `uid`, while it stands in formation itself."""
    out: list[dict[str, Any]] = []
    for ab in statics(state, uid, "borrow_formation"):
        if not holds(state, uid, FORMATION_ONLY):
            continue
        for o in sorted(formation_group(state, uid) - {uid}):
            d = state.cdef(o)
            if d is not None and "borrow_formation" not in d.ability_types and holds(state, o, ab.get("filter", {})):
                out += [x for x in d.abilities if x["type"] == kind and x.get("while") == FORMATION_ONLY]
    return out


def has_static(state: GameState, uid: int, kind: str) -> bool:
    """Has the card a static ability of type `kind` that applies now (`statics`)?"""
    c = state.cards[uid]
    if c.face_down or c.card_id is None:
        return False
    types = state.db.cards[c.card_id].ability_types
    if kind not in types and "borrow_formation" not in types:
        return False
    return bool(statics(state, uid, kind))


def chip_room(state: GameState, uid: int, giver: int) -> int:
    """How many more chips `uid` may get from `giver` (itself, or another card): `chip_cap` statics
    («не может иметь более N фишек», with `foreign = false` none from other cards); a large number without them."""
    room = 1 << 20
    for ab in statics(state, uid, "chip_cap"):
        foreign_barred = giver != uid and ab.get("foreign", True) is False
        room = 0 if foreign_barred else min(room, ab["amount"] - state.cards[uid].chips)
    return max(0, room)


def formation_group(state: GameState, uid: int) -> set[int]:
    """The own cards with formation linked to `uid` through orthogonal neighbours with formation."""
    c = state.cards[uid]
    if c.zone != "board":
        return set()
    return {uid} | formation_at(state, c.cell, c.owner)


def formation_at(state: GameState, cell: int, owner: int) -> set[int]:
    """The cards of `owner` with formation linked to `cell` through orthogonal neighbours with formation, the card
    standing on `cell` aside («в строю с погибшим»: from the cell it died on)."""
    start = state.grid[cell]
    group, todo = {start}, [cell]
    while todo:
        for nxt in state.geo.orthogonal[todo.pop()]:
            o = state.grid[nxt]
            if o != -1 and o not in group and state.cards[o].owner == owner and printed(state, o, "formation"):
                group.add(o)
                todo.append(nxt)
    group.discard(start)
    return group


def restrained(state: GameState, uid: int) -> bool:
    """Is `uid` under a «restrain» (modifier ("restrained", source)) whose condition holds now: at least `count`
    creatures of the source's controller matching `near` stand next to it (diagonals included)?"""
    for k, src, last in state.cards[uid].modifiers:
        if k != "restrained" or last < state.turn or state.cards[src].card_id is None:
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


def armor(state: GameState, uid: int) -> int:
    """Wounds from non-magic attacks its armor stops per turn (printed, granted and for-a-while armor)."""
    if modifier_value(state, uid, "no_armor"):
        return 0
    return kw(state, uid, "armor") + modifier_value(state, uid, "extra_armor")


def armor_left(state: GameState, uid: int) -> int:
    """What its armor can still stop this turn."""
    c = state.cards[uid]
    return armor(state, uid) - (c.armor_used if c.armor_turn == state.turn else 0)


_GAINED: dict[tuple[int, str, tuple], tuple[Any, dict[str, Any]]] = {}    # ref -> (the part, it with its giver)


def gained_ability(state: GameState, ref: tuple[int, str, tuple]) -> dict[str, Any]:
    """A gained ability: the referenced one of the giving card's definition, with the giver's uid (target
    "giver"); the same object each time, while the db is the same."""
    part = resolve(state.db, ref[1:])
    hit = _GAINED.get(ref)
    if hit is None or hit[0] is not part:
        hit = _GAINED[ref] = (part, {**part, "giver": ref[0]})
    return hit[1]


def abilities(state: GameState, uid: int) -> Sequence[dict[str, Any]]:
    """Its printed abilities, then those it gained for a while (op `gain`: modifiers ("gained", (giver, card
    id, path), until), or "gained_grave" when kept in the graveyard), in the order gained; an ability's index
    is its position here."""
    c = state.cards[uid]
    own = state.db.cards[c.card_id].abilities if c.card_id is not None else ()
    if not c.modifiers:
        return own
    out = own
    for k, v, _ in c.modifiers:
        if k == "gained" or k == "gained_grave":
            out = [*out, gained_ability(state, v)]
    return out


LOST_ABILITY: dict[str, Any] = {"type": "lost", "effect": {"op": "lost"}}   # never mutated


def ability_at(state: GameState, uid: int, index: int) -> dict[str, Any]:
    """Ability `index` of card `uid` (printed or gained); `LOST_ABILITY` for a gained ability that left with
    its modifier (the card died or the time ran out) while a trigger or an entry of it was still pending."""
    own = abilities(state, uid)
    return own[index] if index < len(own) else LOST_ABILITY


def strike_values(state: GameState, uid: int) -> tuple[int, int, int]:
    d = state.cdef(uid)
    if d is None:
        return (0, 0, 0)
    b = modifier_value(state, uid, "strike") + squad_bonus(state, uid, "strike")
    w, m, s = d.strike
    if animated(state, uid):        # an artifact that became a creature: the strike it was given
        w, m, s = (modifier_value(state, uid, k) for k in ("anim_weak", "anim_medium", "anim_strong"))
    if modifier_value(state, uid, "swap_strike") % 2:       # «поменять местами значения сильного и слабого удара»
        w, s = s, w
    if state.cards[uid].modifiers:      # «+1 к среднему и сильному удару» for a while (op `buff`)
        m += modifier_value(state, uid, "medium_strike")
        s += modifier_value(state, uid, "strong_strike")
    return (w + b, m + b, s + b)


def max_life(state: GameState, uid: int) -> int:
    """Life plus extra lives; an artifact cannot get extra lives (seed 004)."""
    d = state.cdef(uid)
    if d is not None and d.kind == "artifact" and not animated(state, uid):
        return d.life
    extras = statics(state, uid, "extra_life")
    printed_extra = sum(ab["amount"] for ab in extras) if extras else 0
    return (d.life if d else 0) + state.cards[uid].extra_life + printed_extra + modifier_value(state, uid, "life")


def life_left(state: GameState, uid: int) -> int:
    return max_life(state, uid) - state.cards[uid].wounds


def max_moves(state: GameState, uid: int) -> int:
    d = state.cdef(uid)
    bonuses = statics(state, uid, "move_bonus")
    printed_bonus = sum(ab["amount"] for ab in bonuses) if bonuses else 0
    return (d.move if d else 0) + modifier_value(state, uid, "move") + printed_bonus + squad_bonus(state, uid, "move")


def squad_bonus(state: GameState, uid: int, key: str) -> int:
    """«Ваши пираты с проклятием имеют +1 к движению и +1 к удару»: `squad_bonus` statics of face-up cards of
    the same side on the battlefield whose `filter` the card matches (their source included)."""
    c = state.cards[uid]
    if c.face_down or c.zone not in BATTLEFIELD:
        return 0
    givers, total = holders(state, "squad_bonus"), 0
    for o in state.cards:
        if o.card_id in givers and o.owner == c.owner and o.zone in BATTLEFIELD:
            total += sum(ab.get(key, 0) for ab in statics(state, o.uid, "squad_bonus")
                         if holds(state, uid, ab["filter"]))
    return total


# imported last: those modules import this one too (see the docstring)
from .conditions import holds  # noqa: E402
