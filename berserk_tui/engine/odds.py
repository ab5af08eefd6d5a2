"""Chances of each hit-table outcome of a simple strike, shown before the strike is confirmed.

Read-only: it works on a clone and uses the same helpers as `combat.py`, so the rows are
exactly what the engine would do with each pair of dice (no defender, no instants answered).
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from . import dice
from .battle import close
from .combat import (
    fight_roll_bonus,
    forced_levels,
    roll_value,
    strike_fights,
    strike_roll_bonus,
    strike_wounds,
)
from .query import protected
from .state import GameState
from .zones import reveal_now

FACES = range(1, 7)


class Outcome(NamedTuple):
    """One row: the levels, how many equally likely dice combinations give them, and the wounds."""
    level: int            # the attacker's hit level (dice.NONE … dice.STRONG)
    counter: int          # the counter-hit level
    chance: int           # dice combinations out of `StrikeOdds.total`
    exchange: bool        # an exchange of blows: the higher roll may still reduce it
    damage: int           # wounds to the target before armor (0: no hit, or it does not land)
    counter_damage: int   # wounds to the attacker before armor


class StrikeOdds(NamedTuple):
    """`total` is 36 when the target fights back, 6 for a single roll, 0 when nothing can be said."""
    fights: bool
    total: int
    outcomes: tuple[Outcome, ...]


UNKNOWN = StrikeOdds(False, 0, ())


def strike_odds(state: GameState, attacker: int, target: int) -> StrikeOdds:
    """Odds of a simple strike of `attacker` at `target` if nobody defends.

    A face-down target of unknown identity, or one the strike would fizzle on, gives `UNKNOWN`.
    """
    s = state.clone()
    t = s.cards[target]
    if t.face_down and t.card_id is not None:
        reveal_now(s, target)          # the strike reveals it first
    d = s.cdef(target)
    if t.face_down or d is None or d.kind == "terrain" or not t.on_battlefield \
            or not s.cards[attacker].on_battlefield:
        return UNKNOWN
    close(s, attacker)                 # striking closes the attacker before the strike resolves
    fights = strike_fights(s, attacker, target, False)
    a_bonus = strike_roll_bonus(s, attacker)
    a_rolls = [roll_value(s, attacker, raw, a_bonus) for raw in FACES]
    rows: Counter[tuple[int, int, bool]] = Counter()
    if fights:
        d_bonus = fight_roll_bonus(s, target)
        d_rolls = [roll_value(s, target, raw, d_bonus) for raw in FACES]
        for a in a_rolls:
            for r in d_rolls:
                rows[(*forced_levels(s, attacker, target, *dice.fight(a, r)), dice.is_exchange(a, r))] += 1
    else:
        for a in a_rolls:
            rows[(*forced_levels(s, attacker, target, dice.single(a), dice.NONE), False)] += 1
    lands = not protected(s, target, "strike", attacker)
    outcomes = tuple(
        Outcome(level, counter, n, exchange,
                strike_wounds(s, attacker, target, level) if level and lands else 0,
                strike_wounds(s, target, attacker, counter, True) if counter else 0)
        for (level, counter, exchange), n in sorted(rows.items(), key=lambda r: (-r[0][0], r[0][1], r[0][2])))
    return StrikeOdds(fights, len(FACES) ** (2 if fights else 1), outcomes)
