"""Expectimax to the end of an action: what a position is worth once what was declared resolves.

From a position, play on until the active player has a free choice again (the next `main`
decision, possibly the opponent's after an end of turn) and evaluate there: chance nodes
average over the die faces, the searching seat takes its best option at every choice on
the way (reduce a hit, pick a target, respond) and the opponent his worst for us. A card
taken from a deck this view cannot see (an opponent's prophecy or summon) is no one's choice
here but a chance draw, sampled like a die. A node budget bounds the work, and an optional
`Allowance` shared with the decision's other searches too: past either, dice are sampled, a
choice explores no further options, and a choice not yet begun takes its default (pass, skip,
else the first option) so that what was declared still resolves: an attack is judged by its
outcome, never as if it had not happened.
In a response window passing is explored right after the defenders, before the instant abilities.
"""

from __future__ import annotations

import random

from berserk_tui.engine import CHANCE, Action, GameState, IllegalAction, apply, legal_actions
from berserk_tui.engine.actions import Defend, FromDeck, Pass, Roll, Shuffle, Skip
from berserk_tui.engine.deck_effects import hidden_deck

from .allowance import Allowance
from .evaluate import DEFAULT_WEIGHTS, Weights, evaluate
from .reroll import reroll_choice

FACES = tuple(Roll(v) for v in range(1, 7))
STOP = frozenset({"main", "over", "reveal", "purchase", "deploy", "choose_order"})
ROLLOUT_STEPS = 200       # default choices played past the budget before judging on the spot


class Lookahead:
    """Expected value of actions for `seat`, with `budget` positions per call at most."""

    def __init__(self, seat: int, rng: random.Random, budget: int = 600, dice: int = 2,
                 weights: Weights = DEFAULT_WEIGHTS, allowance: Allowance | None = None,
                 share: float = 1.0) -> None:
        self.seat = seat
        self.weights = weights
        self.rng = rng
        self.budget = budget
        self.dice = dice          # dice enumerated in full; later ones are sampled
        self.allowance = allowance  # counts every position; once `share` of it is spent, no more branching
        self.share = share
        self.late = False
        self.nodes = 0

    def action_values(self, state: GameState, actions: list[Action]) -> list[float]:
        """The value of each action, sharing one budget between them."""
        share = max(1, self.budget // max(1, len(actions)))
        return [self.value_of(state, a, share) for a in actions]

    def value_of(self, state: GameState, action: Action, budget: int | None = None) -> float:
        self.nodes = 0
        limit = self.budget if budget is None else budget
        s = state.clone()
        try:
            apply(s, action)
        except (IllegalAction, KeyError, TypeError):   # a view may lack what the action needs
            return -float("inf")
        return self._settle(s, self.dice, limit)

    def _settle(self, s: GameState, dice: int, limit: int) -> float:
        defaults = 0
        while True:
            self.nodes += 1
            if self.allowance is not None:
                self.allowance.used += 1
                if not self.late:
                    self.late = self.allowance.spent(self.share)
            spent = self.late or self.nodes >= limit
            p = s.pending
            if s.winner != -1 or p.kind in STOP:
                return evaluate(s, self.seat, self.weights)
            if p.player == CHANCE:
                if p.kind != "roll":
                    apply(s, Shuffle(0))
                    continue
                if dice > 0 and not spent:
                    return self._average(s, dice - 1, limit)
                apply(s, FACES[self.rng.randrange(6)])
                continue
            options = legal_actions(s)
            draws = unseen_draws(s, options)
            if draws:
                apply(s, draws[self.rng.randrange(len(draws))])
                continue
            if len(options) == 1 or p.kind == "reroll":      # a re-roll is judged by rule (`reroll`), both sides
                apply(s, options[0] if len(options) == 1 else reroll_choice(s))
                continue
            if not options or (spent and defaults >= ROLLOUT_STEPS):
                return evaluate(s, self.seat, self.weights)
            if spent:
                try:
                    apply(s, default_option(options))
                except (IllegalAction, KeyError, TypeError):   # as in `_choose`: the view lacks it
                    return evaluate(s, self.seat, self.weights)
                defaults += 1
                continue
            return self._choose(s, options, dice, limit)

    def _average(self, s: GameState, dice: int, limit: int) -> float:
        total = 0.0
        for face in FACES:
            branch = s.clone()
            apply(branch, face)
            total += self._settle(branch, dice, limit)
        return total / 6

    def _choose(self, s: GameState, options: list[Action], dice: int, limit: int) -> float:
        mine = s.seats.teams[s.pending.player] == s.seats.teams[self.seat]     # a teammate plays for us too
        best = -float("inf") if mine else float("inf")
        for k, action in enumerate(explore_order(options)):
            if k and (self.late or self.nodes >= limit):
                break
            branch = s.clone()
            try:
                apply(branch, action)
            except (IllegalAction, KeyError, TypeError):
                continue
            value = self._settle(branch, dice, limit)
            best = max(best, value) if mine else min(best, value)
        return best if best not in (float("inf"), -float("inf")) else evaluate(s, self.seat, self.weights)


def default_option(options: list[Action]) -> Action:
    """The choice taken without search once the budget is spent: nothing optional happens."""
    return next((a for a in options if isinstance(a, (Pass, Skip))), options[0])


def explore_order(options: list[Action]) -> list[Action]:
    """Options in the order a choice explores them: defenders, then passing, then the rest (in a
    response window the instant abilities, often many and rarely decisive, come last)."""
    first = [a for a in options if isinstance(a, (Defend, Pass))]
    return first + [a for a in options if not isinstance(a, (Defend, Pass))] if first else options


def unseen_draws(s: GameState, options: list[Action]) -> list[Action]:
    """The deck cards offered by a decision on a deck this view cannot see (any card of the database
    that fits): a chance draw for whoever searches, not a choice. Empty for any other decision."""
    if not hidden_deck(s, s.pending.player):
        return []
    return [a for a in options if isinstance(a, FromDeck)]
