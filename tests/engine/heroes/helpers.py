"""Building heroes states for the unit tests: a game through its preparation, or a position at the main phase."""

from __future__ import annotations

import random

from berserk_tui.engine.actions import Roll, Shuffle
from berserk_tui.engine.heroes import apply, legal_actions, new_game
from berserk_tui.engine.heroes.actions import FirstPlayer, Mulligan
from berserk_tui.engine.heroes.state import HeroesRules, HeroesState
from berserk_tui.engine.state import CHANCE

from .fixture import DB, deck


def started(die: int = 1, first: int = 0, rules: HeroesRules | None = None) -> HeroesState:
    """A game past its preparation (both keep their hands): the first player at his first main decision."""
    state, _ = new_game(DB, [deck("t01"), deck("t02")], rules)
    apply(state, Roll(die))
    apply(state, FirstPlayer(first))
    while state.pending.player == CHANCE:
        apply(state, Shuffle(7))
    apply(state, Mulligan(()))
    apply(state, Mulligan(()))
    return state


def playout(seed: int, steps: int = 2000) -> tuple[HeroesState, list]:
    """A random game from its start: (the final state, the actions applied, chance outcomes included)."""
    rng = random.Random(seed)
    state, _ = new_game(DB, [deck("t01"), deck("t02")], HeroesRules(turn_limit=60))
    done = []
    for _ in range(steps):
        if state.over:
            break
        if state.pending.player == CHANCE:
            action = Roll(rng.randint(1, 6)) if state.pending.kind == "roll" else Shuffle(rng.getrandbits(64))
        else:
            action = rng.choice(legal_actions(state))
        apply(state, action)
        done.append(action)
    return state, done


def put(state: HeroesState, seat: int, cid: str, zone: str = "play", entered: bool = False) -> int:
    """Card `cid` of `seat` straight into `zone` (play, support, hand); returns its uid."""
    from berserk_tui.engine.heroes.zones import new_card
    uid = new_card(state, seat, cid, zone)
    p = state.players[seat]
    setattr(p, zone, getattr(p, zone) + (uid,))
    state.cards[uid].entered = state.turn if entered else -1
    return uid
