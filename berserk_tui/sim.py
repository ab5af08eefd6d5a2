"""Bot-against-bot simulation: complete games with results, stalls and failures counted.

Game `i` of a run with seed `s` draws everything from `random.Random(f"{s}:{i}")`: the seed
of its dice and shuffles (a `SeededSource`) and the seeds of both bots. The decks cycle
through every ordered pair (`deck_pair`), so with two decks the seats swap them game by game.
"""

from __future__ import annotations

import random
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from berserk_tui.bot import get_agent
from berserk_tui.engine import DRAW, Game, Rules
from berserk_tui.engine.rng import SeededSource
from cards.decks import builtin_decks
from cards.loader import CardDB, load_all

MAX_ACTIONS = 100_000   # a game still running after this many actions counts as an error


@dataclass(frozen=True, slots=True)
class GameFailure:
    """An exception raised while playing game `index` of the run with seed `seed`
    (`play_game` with the same arguments raises it again)."""
    index: int
    seed: int
    error: str   # "TypeName: message"
    where: str   # innermost frame: "file.py:LINE in function"

    def __str__(self) -> str:
        return f"game {self.index} (seed {self.seed}): {self.error} at {self.where}"


@dataclass(slots=True)
class SimResult:
    """Totals of a run; `wins` is indexed by seat (p1 = seat 0)."""
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    stalled: int = 0
    failures: list[GameFailure] = field(default_factory=list)
    turns: int = 0        # summed over the games that finished
    actions: int = 0      # player decisions (not dice or shuffles) of the games that finished
    seconds: float = 0.0

    @property
    def errors(self) -> int:
        return len(self.failures)

    @property
    def turns_mean(self) -> float:
        finished = self.games - self.errors
        return self.turns / finished if finished else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games, "wins": {"p1": self.wins[0], "p2": self.wins[1]}, "draws": self.draws,
            "errors": self.errors, "turns_mean": round(self.turns_mean, 2), "actions": self.actions,
            "seconds": round(self.seconds, 3), "stalled": self.stalled,
        }


def deck_pair(decks: Sequence[Sequence[str]], index: int) -> tuple[list[str], list[str]]:
    """The decks of seats 0 and 1 in game `index`: all ordered pairs of different decks in turn
    (with two decks the seats swap them every game); a single deck plays itself."""
    n = len(decks)
    if n == 1:
        return list(decks[0]), list(decks[0])
    k = index % (n * (n - 1))
    a, b = divmod(k, n - 1)
    return list(decks[a]), list(decks[b + 1 if b >= a else b])


def play_game(db: CardDB, decks: Sequence[Sequence[str]], seed: int, index: int, p1: str, p2: str,
              rules: Rules) -> tuple[Game, int]:
    """Play game `index` of the run with seed `seed` to its end: (the game, player actions taken)."""
    rng = random.Random(f"{seed}:{index}")
    source = SeededSource(rng.getrandbits(64))
    agents = (get_agent(p1, rng.getrandbits(64)), get_agent(p2, rng.getrandbits(64)))
    game = Game.start(db, deck_pair(decks, index), source, rules)
    steps = game.play(agents, max_steps=MAX_ACTIONS)
    if not game.over:
        raise RuntimeError(f"no result after {steps} actions")
    return game, steps


def simulate(games: int, seed: int, p1: str = "random", p2: str = "random",
             decks: Sequence[Sequence[str]] | None = None, turn_limit: int = 200, rules: Rules | None = None,
             db: CardDB | None = None) -> SimResult:
    """Play `games` complete games between bots `p1` (seat 0) and `p2` (seat 1).

    `decks` are card-id lists (default: the builtin decks); `turn_limit` overrides the one in
    `rules`. An exception in a game is recorded as a failure and the run goes on.
    Raises UnknownAgent for an unknown bot name.
    """
    for name in (p1, p2):
        get_agent(name, 0)      # fail before playing on an unknown name
    db = db or load_all()
    decks = decks or [d.cards for d in builtin_decks(db)]
    rules = replace(rules or Rules(), turn_limit=turn_limit)
    result = SimResult()
    start = time.perf_counter()
    for index in range(games):
        result.games += 1
        try:
            game, steps = play_game(db, decks, seed, index, p1, p2, rules)
        except Exception as exc:  # any failure of the engine or a bot is a finding, not a crash
            result.failures.append(GameFailure(index, seed, f"{type(exc).__name__}: {exc}", _where(exc)))
            continue
        state = game.state
        result.actions += steps
        result.turns += min(state.turn, rules.turn_limit)
        if state.stalled:
            result.stalled += 1
        elif state.winner == DRAW:
            result.draws += 1
        else:
            result.wins[state.winner] += 1
    result.seconds = time.perf_counter() - start
    return result


def _where(exc: BaseException) -> str:
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    return f"{Path(frame.filename).name}:{frame.lineno} in {frame.name}"
