"""`Game`: a state plus its random source, resolving chance nodes as they come."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .actions import Action
from .core import Events
from .rng import RandomSource
from .rules import apply, draw, legal_actions, new_game
from .state import CHANCE, GameState, Rules
from .view import view

Agent = Callable[[GameState, list[Action]], Action]


class Game:
    """A game driven by a random source: `step(action)` applies a player's action and then
    rolls every die and shuffle that follows, until a player must decide again."""

    def __init__(self, state: GameState, rng: RandomSource, events: Events | None = None) -> None:
        self.state = state
        self.rng = rng
        self.log: Events = list(events or [])
        self.resolve_chance()

    @classmethod
    def start(cls, db: Any, decks: Sequence[list], rng: RandomSource, rules: Rules | None = None,
              **kwargs: Any) -> Game:
        state, ev = new_game(db, decks, rules, **kwargs)
        return cls(state, rng, ev)

    def resolve_chance(self) -> Events:
        ev: Events = []
        while self.state.pending.player == CHANCE:
            apply(self.state, draw(self.state, self.rng), ev)
        self.log.extend(ev)
        return ev

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.state)

    def step(self, action: Action) -> Events:
        ev = apply(self.state, action)
        self.log.extend(ev)
        return ev + self.resolve_chance()

    @property
    def over(self) -> bool:
        return self.state.over

    def play(self, agents: Sequence[Agent], max_steps: int = 100_000) -> int:
        """Play to the end with one agent per seat; returns the number of actions taken."""
        steps = 0
        while not self.state.over and steps < max_steps:
            seat = self.state.pending.player
            self.step(agents[seat](view(self.state, seat), self.legal_actions()))
            steps += 1
        return steps
