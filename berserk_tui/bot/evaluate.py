"""Static evaluation of a battle position from one seat's side, in crystals.

A card on the battlefield is worth about what it cost (plus a little for being a body that
can strike and defend); a wounded creature is worth less, a dead one nothing. A few small
terms steer play: melee creatures want to be near the enemy, closed creatures cannot defend,
chips and statuses count, and so does a creature ready to strike at the last flyers. Works on
views: a card whose identity is hidden counts as average. The terms' weights are a `Weights`;
with `exposed` > 0 (the strong bot's) a closed creature next to an enemy that strikes before it opens
costs more, and with `worn` > 0 (the strong bot's in a stand-off) an armored creature that blows have hit this turn
is valued by how the turn can still end for it (`armor_progress`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from berserk_tui.engine import DRAW, GameState, dice
from berserk_tui.engine.geometry import NO_CELL
from berserk_tui.engine.keywords import armor_left
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
    worn: float = 0.0             # weight of how the turn can still end for armor hit this turn
    exposed: float = 0.0          # per closed creature next to an enemy that can strike it before it opens
    blocking: float = 0.3         # per creature standing right ahead of a teammate's, in its way (team games)


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


_RANGED: dict[str, tuple[tuple[int, ...], int]] = {}


def ranged_reach(d: CardDef) -> tuple[tuple[int, ...], int]:
    """(weak, medium and strong wounds, range) of the card's best activated ranged attack; ((), 0) if none."""
    got = _RANGED.get(d.id)
    if got is None:
        got = ((), 0)
        for ab in d.abilities:
            eff = ab.get("effect", {})
            if eff.get("op") == "sequence":
                eff = eff["steps"][0]
            if ab.get("type") == "activated" and eff.get("op") == "attack" and eff.get("attack") in RANGED:
                dmg = eff.get("damage", [0])
                wounds = tuple(dmg) if isinstance(dmg, list) else (dmg,) * 3 if isinstance(dmg, int) else (0,) * 3
                got = max(got, (wounds, eff.get("range") or 99), key=lambda g: (sum(g[0]), g[1]))
        _RANGED[d.id] = got
    return got


def _level_odds(levels: list[int]) -> tuple[float, ...]:
    """Chances of the hit levels NONE..STRONG among equally likely rolls."""
    return tuple(levels.count(level) / len(levels) for level in range(4))


FIGHT_ODDS = _level_odds([dice.fight(a, r)[0] for a in range(1, 7) for r in range(1, 7)])   # at an open creature
SINGLE_ODDS = _level_odds([dice.single(a) for a in range(1, 7)])     # at a closed one, and X-Y-Z effects
SYMBOL_ODDS = _level_odds([dice.symbol_fight(a, r)[0] for a in range(1, 7) for r in range(1, 7)])  # board game


def _blow(wounds: Sequence[int], odds: tuple[float, ...]) -> dict[int, float]:
    """The wounds of a weak/medium/strong blow, and their chances."""
    out: dict[int, float] = {}
    for level, chance in enumerate(odds):
        w = wounds[level - 1] if level else 0
        out[w] = out.get(w, 0.0) + chance
    return out


def _mean(blow: dict[int, float]) -> float:
    return sum(w * p for w, p in blow.items())


def armor_progress(state: GameState, uid: int, left: int) -> tuple[float, float]:
    """How this turn can end for armored creature `uid` (with `left` life), which blows have already
    hit this turn, if the active player's open creatures that can still reach it all strike it (those
    next to it with a simple strike, those in range with their ranged attack; each blow by the hit
    table's chances, through the armor left this turn): (expected wounds, chance of the kill)."""
    c = state.cards[uid]
    armor = max(0, armor_left(state, uid))
    row = state.geo.distances[c.cell] if c.zone == "board" else None
    total = {0: 1.0}                     # the wounds of all their blows together, and their chances
    if row is not None:
        strike_odds = SINGLE_ODDS if c.closed else SYMBOL_ODDS if state.rules.rulebook.has("symbol_dice") \
            else FIGHT_ODDS
        for o in state.cards:
            if o.owner == state.active and o.zone == "board" and not o.closed and o.card_id is not None:
                d = state.db.cards[o.card_id]
                wounds, rng = ranged_reach(d)
                blows = [_blow(d.strike, strike_odds)] if row[o.cell] == 1 and d.strike else []
                if 0 < row[o.cell] <= rng:
                    blows.append(_blow(wounds, SINGLE_ODDS))
                if blows:
                    blow = max(blows, key=_mean)
                    sums: dict[int, float] = {}
                    for a, pa in total.items():
                        for b, pb in blow.items():
                            sums[a + b] = sums.get(a + b, 0.0) + pa * pb
                    total = sums
    through = sum(p * min(left, max(0, w - armor)) for w, p in total.items())
    kill = sum(p for w, p in total.items() if w - armor >= left)
    return through, kill


def evaluate(state: GameState, seat: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """Material and position of `seat`'s team minus the other team's; ±WIN once the game is decided."""
    teams, distances = state.seats.teams, state.geo.distances
    mine = teams[seat]
    if state.winner != -1:
        if state.winner == DRAW:
            return 0.0
        return WIN if state.winner == mine else -WIN
    score = 0.0
    melee: list[tuple[float, int]] = []
    cells: tuple[list[int], list[int]] = ([], [])      # per team
    closed_on_board: list[tuple[float, int]] = []      # with w.exposed: (sign, uid) of closed creatures on the board
    on_board: tuple[list[tuple[int, bool]], list[tuple[int, bool]]] = ([], [])   # ... and (cell, closed) of all
    flyers, ready = [0, 0], [0, 0]
    cards, defs = state.cards, state.db.cards
    for c in cards:
        zone = c.zone
        if zone not in _IN_PLAY:
            continue
        side = teams[c.owner]
        sign = 1.0 if side == mine else -1.0
        d = None if c.card_id is None else defs[c.card_id]
        worth, melee_kind, creature = _HIDDEN if d is None else profile(d)
        if d is not None and creature:
            full = d.life + c.extra_life
            if full > 0:
                left = max(0, full - c.wounds)
                share = w.wounded_floor + (1 - w.wounded_floor) * left / full
                if w.worn and c.armor_used and c.armor_turn == state.turn and teams[c.owner] != teams[state.active]:
                    through, kill = armor_progress(state, c.uid, left)
                    done = w.wounded_floor * (1 - kill) + (1 - w.wounded_floor) * (left - through) / full
                    share += w.worn * (done - share)
                worth *= share
            if c.closed:
                worth -= w.closed
                if zone == "board" and w.exposed:
                    closed_on_board.append((sign, c.uid))
            if c.poison:
                worth -= w.poison
            if c.cursed:
                worth -= w.curse
            if zone == "board" and melee_kind:
                melee.append((sign, c.uid))
            if c.anti_air_until >= state.turn:
                ready[side] += 1
            elif zone == "extra":
                flyers[side] += 1
        worth += w.chip * c.chips
        score += sign * worth
        if creature:
            pos = c.cell if zone == "board" else cards[c.host].cell if zone == "seated" else NO_CELL
            if pos != NO_CELL:
                cells[side].append(pos)
            if zone == "board" and w.exposed:
                on_board[side].append((pos, c.closed))
    for sign, uid in melee:
        foes = cells[1 - teams[cards[uid].owner]]      # the other team's
        if foes:
            row = distances[cards[uid].cell]
            score -= sign * w.apart * (min(map(row.__getitem__, foes)) - 1)
    if w.exposed:
        for sign, uid in closed_on_board:
            c = cards[uid]
            if _next_to_striker(distances[c.cell], c.owner == state.active, on_board[1 - teams[c.owner]]):
                score -= sign * w.exposed
    for side in (0, 1):
        if ready[side] and flyers[1 - side]:
            score += (w.air_ready if side == mine else -w.air_ready) * ready[side]
    if state.seats.allies_of[seat]:
        score -= w.blocking * (in_the_way(state, mine) - in_the_way(state, 1 - mine))
    return score


def in_the_way(state: GameState, team: int) -> int:
    """How many creatures of `team` stand on the cell right ahead of a teammate's creature (of another seat),
    blocking its way to the enemy."""
    teams, grid, ahead, cards = state.seats.teams, state.grid, state.geo.ahead, state.cards
    count = 0
    for c in cards:
        if c.zone == "board" and teams[c.owner] == team and c.cell >= 0:
            front = ahead[state.place(c.owner)][c.cell]
            o = grid[front] if front >= 0 else -1
            if o != -1 and cards[o].owner != c.owner and teams[cards[o].owner] == team:
                count += 1
    return count


def exposed(state: GameState, uid: int) -> bool:
    """Whether closed creature `uid` stands next to an enemy creature that can strike it before it
    opens: in its owner's turn any (the enemy's open at his turn's start), else an open one."""
    c = state.cards[uid]
    foes = [(o.cell, o.closed) for o in state.cards if state.seats.enemy(o.owner, c.owner) and o.zone == "board"
            and (o.card_id is None or profile(state.db.cards[o.card_id])[2])]
    return _next_to_striker(state.geo.distances[c.cell], c.owner == state.active, foes)


def _next_to_striker(row: tuple[int, ...], owners_turn: bool, foes: list[tuple[int, bool]]) -> bool:
    """Whether an enemy creature of `foes` ((cell, closed) on the board) next to a cell (`row`: its distances)
    strikes before a closed creature there opens: any of them in its owner's turn, else an open one."""
    return any(row[f] == 1 and (owners_turn or not closed) for f, closed in foes)
