"""Static evaluation of a battle position from one seat's side, in crystals.

A card on the battlefield is worth about what it cost (plus a little for being a body that
can strike and defend); a wounded creature is worth less, a dead one nothing. A few small
terms steer play: melee creatures want to be near the enemy, closed creatures cannot defend,
chips and statuses count. Works on views: a card whose identity is hidden counts as average.
"""

from __future__ import annotations

from berserk_tui.engine import DRAW, GameState
from berserk_tui.engine.board import DISTANCES, NO_CELL
from cards.schema import ATTACK_GROUPS, CardDef

WIN = 1000.0
UNKNOWN_WORTH = 4.0       # a face-down card the seat cannot see
BODY = 1.0                # a creature is worth its cost plus this
WOUNDED_FLOOR = 0.35      # share of its worth a creature keeps at 1 life
CLOSED = 0.25             # a closed creature cannot defend on the opponent's turn
APART = 0.12              # per cell between a melee creature and the nearest enemy
CHIP = 0.4
POISON = 0.5
CURSE = 0.5
RANGED = ATTACK_GROUPS["ranged"]


def card_worth(d: CardDef | None) -> float:
    """What a card adds to its side, before wounds: about its cost in crystals."""
    if d is None:
        return UNKNOWN_WORTH
    if d.is_creature:
        return d.cost + BODY
    return d.cost * 0.8


def is_shooter(d: CardDef | None) -> bool:
    """Has an activated ranged attack (shot, throw, discharge...): keeps its distance."""
    if d is None:
        return False
    for ab in d.abilities:
        eff = ab.get("effect", {})
        if eff.get("op") == "sequence":
            eff = eff["steps"][0]
        if ab.get("type") == "activated" and eff.get("op") == "attack" \
                and eff.get("attack") in RANGED:
            return True
    return False


_PROFILES: dict[int, tuple[CardDef, float, bool, bool]] = {}   # id(card) -> (card kept alive, worth, melee, creature)
_HIDDEN = (UNKNOWN_WORTH, False, True)     # a face-down card: average worth, counted as a creature
_IN_PLAY = frozenset(("board", "extra", "seated"))


def profile(d: CardDef) -> tuple[float, bool, bool]:
    """(worth, is a melee creature, is a creature) of a card, computed once per card definition."""
    got = _PROFILES.get(id(d))
    if got is None:
        got = _PROFILES[id(d)] = (d, card_worth(d), d.kind == "creature" and not is_shooter(d), d.is_creature)
    return got[1], got[2], got[3]


def evaluate(state: GameState, seat: int) -> float:
    """Material and position of `seat` minus the opponent's; ±WIN once the game is decided."""
    if state.winner != -1:
        if state.winner == DRAW:
            return 0.0
        return WIN if state.winner == seat else -WIN
    score = 0.0
    melee: list[tuple[float, int]] = []
    cells: tuple[list[int], list[int]] = ([], [])
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
                worth *= WOUNDED_FLOOR + (1 - WOUNDED_FLOOR) * left / full
            if c.closed:
                worth -= CLOSED
            if c.poison:
                worth -= POISON
            if c.cursed:
                worth -= CURSE
            if zone == "board" and melee_kind:
                melee.append((sign, c.uid))
        worth += CHIP * c.chips
        score += sign * worth
        if creature:
            pos = c.cell if zone == "board" else cards[c.host].cell if zone == "seated" else NO_CELL
            if pos != NO_CELL:
                cells[c.owner].append(pos)
    for sign, uid in melee:
        foes = cells[1 - cards[uid].owner]
        if foes:
            row = DISTANCES[cards[uid].cell]
            score -= sign * APART * (min(map(row.__getitem__, foes)) - 1)
    return score
