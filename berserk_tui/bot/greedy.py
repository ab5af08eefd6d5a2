"""The greedy bot: the best action one ply ahead, by expected value over the dice.

Set-up follows `setup_policy`; in battle every legal action is played out on a copy of the
view until the next free choice (`Lookahead`: dice averaged, the opponent's answers such as
a defender assumed to be his best) and the position judged by `evaluate`. Ties go to the
first action in the engine's order, so the bot is deterministic for a seed, except for a
decision whose search reaches `TIME_LIMIT_S` (its positions take a fraction of that on this
machine): from then on it judges on the spot (see `Lookahead`).
"""

from __future__ import annotations

import random

from berserk_tui.engine import Action, GameState

from . import setup_policy
from .allowance import Allowance
from .evaluate import DEFAULT_WEIGHTS, Weights
from .lookahead import Lookahead
from .reroll import reroll_choice
from .standoff import weights_for

BUDGET = 1500       # positions per decision, shared among the actions
TIME_LIMIT_S = 1.8  # clock seconds after which a decision's search stops branching (90% of 2 s)


class GreedyBot:
    """One-ply expectimax with the hand-written evaluation."""

    def __init__(self, seed: int, budget: int = BUDGET, press: Weights | None = None,
                 time_limit_s: float = TIME_LIMIT_S, calm: Weights = DEFAULT_WEIGHTS,
                 value: setup_policy.Value = setup_policy.purchase_value) -> None:
        self.rng = random.Random(seed)
        self.value = value        # a card's worth in the squad purchase (`bench/purchase_value.py` tries others)
        self.budget = budget
        self.press = press        # the evaluation's weights in a stand-off (None: the usual ones)
        self.calm = calm          # ... and out of one (`bench/weights.py` tries others)
        self.time_limit_s = time_limit_s
        self.clock_cuts = 0       # decisions whose search reached the time limit

    def __call__(self, state: GameState, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        choice = setup_choice(state, actions, self.value)   # note: Confirm() is an empty, falsy tuple
        if choice is not None:
            return choice
        if state.pending.kind == "reroll":
            return reroll_choice(state)
        allowance = Allowance(seconds=self.time_limit_s)
        try:
            return self.best(state, actions, allowance)
        finally:
            self.clock_cuts += allowance.clock_ran_out

    def best(self, state: GameState, actions: list[Action], allowance: Allowance | None = None,
             share: float = 1.0) -> Action:
        values = self.values(state, actions, allowance, share)
        return actions[max(range(len(actions)), key=lambda i: (values[i], -i))]

    def values(self, state: GameState, actions: list[Action], allowance: Allowance | None = None,
               share: float = 1.0) -> list[float]:
        """Each action's expected value, counted into `allowance`; past `share` of it a rougher one."""
        look = Lookahead(state.pending.player, self.rng, self.budget,
                         weights=weights_for(state, self.press, self.calm), allowance=allowance, share=share)
        return look.action_values(state, actions)


def setup_choice(state: GameState, actions: list[Action],
                 value: setup_policy.Value = setup_policy.purchase_value) -> Action | None:
    """The set-up policy's answer for order, purchase (cards worth `value`) and deployment decisions, else None."""
    seat, kind = state.pending.player, state.pending.kind
    if kind == "choose_order":
        return setup_policy.choose_order(actions)
    if kind == "purchase":
        return setup_policy.purchase(state, seat, actions, value)
    if kind == "deploy":
        return setup_policy.deploy(state, seat, actions)
    return None
