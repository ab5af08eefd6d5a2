"""Bots: a registry of agent factories by name.

An agent is `Callable[[GameState, list[Action]], Action]`. To add a bot, add a factory
`(seed) -> agent` to `AGENTS`; `get_agent(name, seed)` builds one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from berserk_tui.engine import Action, GameState

from .greedy import GreedyBot
from .random_bot import RandomBot
from .strong import StrongBot

Agent = Callable[[GameState, list[Action]], Action]
AgentFactory = Callable[[int], Agent]

AGENTS: dict[str, AgentFactory] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "strong": StrongBot,
}
DEFAULT_AGENT = "greedy"   # what `berserk play --vs bot` and the new-game screen offer first


class UnknownAgent(ValueError):
    """No bot is registered under this name."""


def get_agent(name: str, seed: int, agents: Mapping[str, AgentFactory] = AGENTS) -> Agent:
    """A new agent of bot `name` of `agents` (a game's bots, the classic game's by default) seeded with `seed`;
    UnknownAgent lists the known names."""
    factory = agents.get(name)
    if factory is None:
        raise UnknownAgent(f"unknown bot {name!r}; known bots: {', '.join(sorted(agents))}")
    return factory(seed)


__all__ = ["AGENTS", "DEFAULT_AGENT", "Agent", "AgentFactory", "UnknownAgent", "get_agent"]
