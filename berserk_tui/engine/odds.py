"""What a simple strike may do, shown before it is confirmed, and what each answer to a hit reduction does.

Read-only: both work on clones and run the engine's own steps (`pay_strike`, `self_block`, `count_attack`,
`roll_value`, `forced_levels`, and `strike_wounding` / `reflect_wounding`, which deal the wounds through
`damage.wounding`), so every row says what the engine would do with those dice — armor and its budget for
the turn, vulnerability, protections and caps included — when nobody defends or answers with an instant
and no optional better row (`hit_upgrade`) is taken. In the board game (`symbol_dice`) a pair of dice is read as
the white die's strength and the black die's face (`dice.symbol_fight`); its experience re-rolls, the players'
choices, are not counted: each row is one roll of each die.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from . import dice
from .ability_attacks import reflect_wounding
from .attacking import count_attack, ignoring, self_block
from .damage import Wounding
from .keywords import strike_values
from .rolls import fight_roll_bonus, roll_value, strike_roll_bonus
from .state import GameState
from .strike import ReduceDecision, mark_defending, pay_strike, strike_fights
from .strike_hit import forced_levels, strike_wounding
from .zones import reveal_now

FACES = range(1, 7)


class Outcome(NamedTuple):
    """One row: the levels, how many equally likely dice combinations give them, and the wounds."""
    level: int            # the attacker's hit level (dice.NONE … dice.STRONG)
    counter: int          # the counter-hit level
    chance: int           # dice combinations out of `StrikeOdds.total`
    exchange: bool        # an exchange of blows: the higher roll may still reduce it (see `reduce_options`)
    hit: Wounding         # the hit's wounds on the target: landed, prevented (armor, protection) and why
    back: Wounding        # the counter-strike's wounds on the attacker


class StrikeOdds(NamedTuple):
    """`total` is 36 when the target fights back, 6 for a single roll, 0 when nothing is rolled: the strike
    is `blocked` (the target blocks it, nothing of it works) or nothing can be said (`UNKNOWN`)."""
    fights: bool
    total: int
    outcomes: tuple[Outcome, ...]
    blocked: bool = False


UNKNOWN = StrikeOdds(False, 0, ())
BLOCKED = StrikeOdds(False, 0, (), blocked=True)


class ReduceOption(NamedTuple):
    """What one answer to a "reduce" decision does: the levels and the wounds each card takes."""
    level: int            # the attacker's level
    counter: int          # the level of the struck card's counter-strike (or reflection)
    hit: Wounding         # on the struck card (the decision's second card)
    back: Wounding        # on the attacker (its first card)


def strike_odds(state: GameState, attacker: int, target: int) -> StrikeOdds:
    """Odds of a simple strike of `attacker` at `target` if nobody defends.

    A face-down target of unknown identity, or one the strike would fizzle on, gives `UNKNOWN`; a target
    that blocks the strike gives `BLOCKED`.
    """
    s = state.clone()
    t = s.cards[target]
    if not t.on_battlefield or not s.cards[attacker].on_battlefield or (t.face_down and t.card_id is None):
        return UNKNOWN
    pay_strike(s, attacker, target)    # striking pays first (it closes), then the strike reveals the target
    if t.face_down:
        reveal_now(s, target)
    if s.cdef(target).kind == "terrain":
        return UNKNOWN
    ignoring(s, attacker, target)       # «игнорирует особенности атакованного существа», as the strike does
    if self_block(s, attacker, target, "strike", strike_values(s, attacker)[0], []):
        return BLOCKED
    mark_defending(s, attacker, target, -1)
    fights = strike_fights(s, attacker, target, False)
    count_attack(s, attacker)
    a_bonus = strike_roll_bonus(s, attacker, target)
    a_rolls = [roll_value(s, attacker, raw, a_bonus) for raw in FACES]
    rows: Counter[tuple[int, int, bool]] = Counter()
    if fights:
        d_bonus = fight_roll_bonus(s, target)
        d_rolls = [roll_value(s, target, raw, d_bonus) for raw in FACES]
        symbols = s.rules.rulebook.has("symbol_dice")      # the board game: the black die decides, no exchange
        for a in a_rolls:
            for r in d_rolls:
                levels = dice.symbol_fight(a, r) if symbols else dice.fight(a, r)
                rows[(*forced_levels(s, attacker, target, *levels), not symbols and dice.is_exchange(a, r))] += 1
    else:
        for a in a_rolls:
            rows[(*forced_levels(s, attacker, target, dice.single(a), dice.NONE), False)] += 1
    outcomes = tuple(
        Outcome(level, counter, n, exchange, *strike_wounding(s.clone(), attacker, target, level, counter, []))
        for (level, counter, exchange), n in sorted(rows.items(), key=lambda r: (-r[0][0], r[0][1], r[0][2])))
    return StrikeOdds(fights, len(FACES) ** (2 if fights else 1), outcomes)


def reduce_options(state: GameState) -> tuple[ReduceOption, ReduceOption]:
    """For the pending "reduce" decision, what each answer does, indexed by its `Choose` option: 0 keeps the
    exchange of blows, 1 takes the previous row of the hit table. It covers a simple strike and a ranged
    attack reflected «как простой удар» (`reflect_ranged`); the levels are those before any `hit_upgrade`
    the attacker may then be offered. Works on the chooser's view; changes nothing."""
    if state.pending.kind != "reduce":
        raise ValueError(f"no reduce decision is pending ({state.pending.kind!r})")
    d: ReduceDecision = state.pending.data
    options = []
    for level, counter in (dice.exchange(d.diff), dice.reduced(d.diff)):
        s = state.clone()
        if d.ranged is not None:
            hit, back, _ = reflect_wounding(s, d.attacker, d.ranged, d.damage, d.fighter, level, counter, [])
        else:
            level, counter = forced_levels(s, d.attacker, d.fighter, level, counter)
            hit, back = strike_wounding(s, d.attacker, d.fighter, level, counter, [])
        options.append(ReduceOption(level, counter, hit, back))
    return options[0], options[1]
