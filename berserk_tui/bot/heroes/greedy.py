"""The greedy bot of «Берсерк. Герои»: each legal action is tried on a copy of its seat's view and the position
after it (once the opponent's answers and unknown outcomes are settled by `settle`, and the seat's own choices the
action asks for — its target, its X, a «может» — made greedily) judged by `evaluate`; the best wins, ties to the
first in the engine's order. Ending the turn is judged on the position as it stands: what the next turn brings
(the opponent's coin and card) comes whatever the bot does first, so it must not make every other action look
better (rules decision 963). Its mulligan puts back the cards it cannot pay for on its first two turns (the
dearest lowest), and it lets the die's chooser go first."""

from __future__ import annotations

import random
from typing import Any

from berserk_tui.engine.actions import EndTurn, Pass
from berserk_tui.engine.core import IllegalAction
from berserk_tui.engine.heroes.actions import FirstPlayer, Mulligan
from berserk_tui.engine.heroes.rules import apply, legal_actions
from berserk_tui.engine.state import CHANCE

from .evaluate import evaluate

SETTLE_STEPS = 12     # the opponent's and the rules' answers played out after a tried action
FOLLOW_POSITIONS = 60  # positions tried at most for the seat's own choices that follow a tried action
UNKNOWN = (TypeError, KeyError, AttributeError)   # an action that reached a card this seat cannot see
EARLY_COST = 2        # a card dearer than this goes back in the mulligan


class HeroesGreedy:
    """One ply with the hand-written evaluation; deterministic for a seed."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def __call__(self, view: Any, actions: list) -> Any:
        if len(actions) == 1:
            return actions[0]
        kind, seat = view.pending.kind, view.pending.player
        if kind == "first_player":
            return FirstPlayer(seat)
        if kind == "mulligan":
            return mulligan(view, seat)
        values = [self.value(view, seat, a) for a in actions]
        best = max(range(len(actions)), key=lambda i: (values[i], -i))
        return actions[best]

    def value(self, view: Any, seat: int, action: Any) -> float:
        """The position after `action` for `seat`; ending the turn is the position as it stands, a hair less."""
        now = evaluate(view, seat)
        if type(action) is EndTurn:
            return now - 0.01
        return self._after(view, seat, action, [FOLLOW_POSITIONS], now)

    def _after(self, state: Any, seat: int, action: Any, budget: list[int], nothing: float) -> float:
        """The value of `action` on a copy of `state` once answered and settled; the seat's own next choices (not a
        free one of the main phase) are made greedily while `budget` (positions, shared by the whole look-ahead)
        lasts. A line that reaches a card this seat cannot see is judged as `nothing` (the position before it)."""
        state = state.clone()
        budget[0] -= 1
        try:
            apply(state, action)
        except IllegalAction:
            return float("-inf")
        except UNKNOWN:
            return nothing
        settle(state, seat)
        pending = state.pending
        try:
            nexts = [] if state.over or pending.player != seat or pending.kind == "main" or budget[0] <= 0 \
                else legal_actions(state)
            if not nexts:
                return evaluate(state, seat)
        except UNKNOWN:       # e.g. the opponent's hidden card came into play on the way
            return nothing
        return max(self._after(state, seat, a, budget, nothing) for a in nexts)


def settle(state: Any, seat: int) -> None:
    """Play the opponent's answers (his best defender, else passing) and stop at a chance node, at an unknown
    card, or at the seat's own next free choice."""
    for _ in range(SETTLE_STEPS):
        pending = state.pending
        if state.over or pending.player in (seat, CHANCE) or pending.kind in ("over", "main"):
            return
        actions = legal_actions(state)
        if not actions:
            return
        choice = actions[0] if type(actions[0]) is not Pass else _defender(state, pending.player, actions)
        try:
            apply(state, choice)
        except (IllegalAction, *UNKNOWN):
            return    # a card this seat cannot see decides: judge the position as it is


def _defender(state: Any, seat: int, actions: list) -> Any:
    """The opponent's best answer to a strike, by his own evaluation one step ahead."""
    best, score = actions[0], float("-inf")
    for a in actions:
        trial = state.clone()
        try:
            apply(trial, a)
        except IllegalAction:
            continue
        value = evaluate(trial, seat)
        if value > score:
            best, score = a, value
    return best


def mulligan(view: Any, seat: int) -> Mulligan:
    hand = view.players[seat].hand
    dear = sorted((u for u in hand if view.cdef(u) is not None and view.cdef(u).cost > EARLY_COST),
                  key=lambda u: (view.cdef(u).cost, u))
    return Mulligan(tuple(dear))
