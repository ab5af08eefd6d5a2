"""Static evaluation of a battle position from one seat's side, in crystals.

A card on the battlefield is worth about what it cost (plus a little for being a body that
can strike and defend); a wounded creature is worth less, a dead one nothing. A few small
terms steer play: melee creatures want to be near the enemy, closed creatures cannot defend,
chips and statuses count, and so does a creature ready to strike at the last flyers. Works on
views: a card whose identity is hidden counts as average. The terms' weights are a `Weights`;
with `worn` > 0 (the strong bot's in a stand-off) blows that armor stopped this turn count as
progress towards the kill while the rest can still be dealt.
"""

from __future__ import annotations

from dataclasses import dataclass

from berserk_tui.engine import DRAW, GameState
from berserk_tui.engine.board import DISTANCES, NO_CELL
from berserk_tui.engine.query import armor_left
from cards.schema import ATTACK_GROUPS, CardDef

WIN = 1000.0
UNKNOWN_WORTH = 4.0       # a face-down card the seat cannot see
BODY = 1.0                # a creature is worth its cost plus this
RANGED = ATTACK_GROUPS["ranged"]


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's hand-set terms, in crystals (or shares of a card's worth)."""
    wounded_floor: float = 0.35   # share of its worth a creature keeps at 1 life
    closed: float = 0.25          # a closed creature cannot defend on the opponent's turn
    apart: float = 0.12           # per cell between a melee creature and the nearest enemy
    chip: float = 0.4
    poison: float = 0.5
    curse: float = 0.5
    air_ready: float = 0.5        # per creature closed to strike at a flyer (only flyers remain)
    worn: float = 0.0             # share of the way through armor and life used up this turn, counted as done


DEFAULT_WEIGHTS = Weights()


def card_worth(d: CardDef | None) -> float:
    """What a card adds to its side, before wounds: about its cost in crystals."""
    if d is None:
        return UNKNOWN_WORTH
    if d.is_creature:
        return d.cost + BODY
    return d.cost * 0.8


def is_shooter(d: CardDef | None) -> bool:
    """Has an activated ranged attack (shot, throw, discharge...): keeps its distance."""
    return d is not None and ranged_reach(d)[1] > 0


_PROFILES: dict[int, tuple[CardDef, float, bool, bool]] = {}   # id(card) -> (card kept alive, worth, melee, creature)
_HIDDEN = (UNKNOWN_WORTH, False, True)     # a face-down card: average worth, counted as a creature
_IN_PLAY = frozenset(("board", "extra", "seated"))


def profile(d: CardDef) -> tuple[float, bool, bool]:
    """(worth, is a melee creature, is a creature) of a card, computed once per card definition."""
    got = _PROFILES.get(id(d))
    if got is None:
        got = _PROFILES[id(d)] = (d, card_worth(d), d.kind == "creature" and not is_shooter(d), d.is_creature)
    return got[1], got[2], got[3]


_RANGED: dict[str, tuple[int, int]] = {}


def ranged_reach(d: CardDef) -> tuple[int, int]:
    """(most wounds, range) of the card's best activated ranged attack; (0, 0) if none."""
    got = _RANGED.get(d.id)
    if got is None:
        got = (0, 0)
        for ab in d.abilities:
            eff = ab.get("effect", {})
            if eff.get("op") == "sequence":
                eff = eff["steps"][0]
            if ab.get("type") == "activated" and eff.get("op") == "attack" and eff.get("attack") in RANGED:
                dmg = eff.get("damage", [0])
                hit = max(dmg) if isinstance(dmg, list) else dmg if isinstance(dmg, int) else 0   # or a formula
                got = max(got, (hit, eff.get("range") or 99))
        _RANGED[d.id] = got
    return got


def armor_progress(state: GameState, uid: int, left: int) -> float:
    """The share of the way to killing armored creature `uid` (with `left` life) that blows used up
    this turn, or 0 if the active player's open creatures cannot strike the rest: those next to it
    with their strongest simple strike, those in range with their ranged attack."""
    c = state.cards[uid]
    rest = max(0, armor_left(state, uid)) + left
    row = DISTANCES[c.cell] if c.zone == "board" else None
    reach = 0
    if row is not None:
        for o in state.cards:
            if o.owner == state.active and o.zone == "board" and not o.closed and o.card_id is not None:
                d = state.db.cards[o.card_id]
                hit, rng = ranged_reach(d)
                near = max(d.strike, default=0) if row[o.cell] == 1 else 0
                reach += max(near, hit) if row[o.cell] <= rng else near
    return c.armor_used / (c.armor_used + rest) if reach >= rest else 0.0


def evaluate(state: GameState, seat: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """Material and position of `seat` minus the opponent's; ±WIN once the game is decided."""
    if state.winner != -1:
        if state.winner == DRAW:
            return 0.0
        return WIN if state.winner == seat else -WIN
    score = 0.0
    melee: list[tuple[float, int]] = []
    cells: tuple[list[int], list[int]] = ([], [])
    flyers, ready = [0, 0], [0, 0]
    cards, defs = state.cards, state.db.cards
    for c in cards:
        zone = c.zone
        if zone not in _IN_PLAY:
            continue
        sign = 1.0 if c.owner == seat else -1.0
        d = None if c.card_id is None else defs[c.card_id]
        worth, melee_kind, creature = _HIDDEN if d is None else profile(d)
        if d is not None and creature:
            full = d.life + c.extra_life
            if full > 0:
                left = max(0, full - c.wounds)
                worth *= w.wounded_floor + (1 - w.wounded_floor) * left / full
                if w.worn and c.armor_used and c.armor_turn == state.turn and c.owner != state.active:
                    worth *= 1 - w.worn * armor_progress(state, c.uid, left)
            if c.closed:
                worth -= w.closed
            if c.poison:
                worth -= w.poison
            if c.cursed:
                worth -= w.curse
            if zone == "board" and melee_kind:
                melee.append((sign, c.uid))
            if c.anti_air_until >= state.turn:
                ready[c.owner] += 1
            elif zone == "extra":
                flyers[c.owner] += 1
        worth += w.chip * c.chips
        score += sign * worth
        if creature:
            pos = c.cell if zone == "board" else cards[c.host].cell if zone == "seated" else NO_CELL
            if pos != NO_CELL:
                cells[c.owner].append(pos)
    for sign, uid in melee:
        foes = cells[1 - cards[uid].owner]
        if foes:
            row = DISTANCES[cards[uid].cell]
            score -= sign * w.apart * (min(map(row.__getitem__, foes)) - 1)
    for side in (0, 1):
        if ready[side] and flyers[1 - side]:
            score += (w.air_ready if side == seat else -w.air_ready) * ready[side]
    return score
