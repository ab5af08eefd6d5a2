"""Engine speed: random games per second, steps per second, clone and encoding costs (medians)."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from berserk_tui.engine import CHANCE, Game, GameState, Rules, apply, legal_actions, new_game
from berserk_tui.engine.actions import Roll, Shuffle
from berserk_tui.engine.rng import SeededSource
from berserk_tui.sim import deck_pair
from cards.decks import RECORDED_SETS, builtin_decks, load_first_game
from cards.loader import load_all

GAMES = 40
ROUNDS = 50          # timing rounds for the micro benchmarks
PER_ROUND = 200      # calls per round

DB = load_all()
DECKS = [list(d.cards) for d in builtin_decks(DB, RECORDED_SETS)]


def full_games() -> None:
    """Whole random games through Game.play (default turn limit)."""
    times, actions = [], []
    for seed in range(GAMES):
        pick = random.Random(seed).choice
        start = time.perf_counter()
        game = Game.start(DB, deck_pair(DECKS, seed), SeededSource(seed), Rules())
        actions.append(game.play((lambda s, a, pick=pick: pick(a),) * 2))
        times.append(time.perf_counter() - start)
    print(f"full random games   {GAMES / sum(times):8.1f} games/s   "
          f"median {statistics.median(times) * 1e3:.1f} ms/game, {statistics.median(actions):.0f} player actions/game")


def steps() -> None:
    """legal_actions()+apply() for player decisions, apply() for chance outcomes, timed per step."""
    player: list[float] = []
    chance: list[float] = []
    rates: dict[str, list[float]] = {"player": [], "chance": []}
    for seed in range(GAMES):
        rng, source = random.Random(seed), SeededSource(seed)
        state, _ = new_game(DB, deck_pair(DECKS, seed), Rules())
        game_player: list[float] = []
        game_chance: list[float] = []
        while not state.over:
            if state.pending.player == CHANCE:
                outcome = Roll(source.die()) if state.pending.kind == "roll" else Shuffle(source.shuffle_seed())
                t0 = time.perf_counter()
                apply(state, outcome)
                game_chance.append(time.perf_counter() - t0)
                continue
            t0 = time.perf_counter()
            legal = legal_actions(state)
            t1 = time.perf_counter()
            action = rng.choice(legal)
            t2 = time.perf_counter()
            apply(state, action)
            game_player.append(t1 - t0 + time.perf_counter() - t2)
        player += game_player
        chance += game_chance
        rates["player"].append(len(game_player) / sum(game_player))
        rates["chance"].append(len(game_chance) / sum(game_chance))
    for name, samples in (("player", player), ("chance", chance)):
        print(f"{name + ' steps':19} {statistics.median(rates[name]):8.0f} steps/s  (median over games)   "
              f"median {statistics.median(samples) * 1e6:.1f} µs/step, {len(samples)} steps")


def mid_battle(turn: int = 6) -> GameState:
    """Turn `turn` of the first random first-game battle (two squads of 10) that lasts that long."""
    squads = load_first_game(DB)
    for seed in range(GAMES):
        pick = random.Random(seed).choice
        game = Game.start(DB, ([], []), SeededSource(seed), Rules(), squads=squads)
        while not game.over and game.state.turn < turn:
            game.step(pick(game.legal_actions()))
        if not game.over:
            return game.state
    raise RuntimeError(f"no game of {GAMES} reached turn {turn}")


def per_call(fn: Callable[[], object]) -> float:
    """Median over ROUNDS of the mean time of one call in a round of PER_ROUND calls, in µs."""
    rounds = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for _ in range(PER_ROUND):
            fn()
        rounds.append((time.perf_counter() - start) / PER_ROUND)
    return statistics.median(rounds) * 1e6


def state_costs() -> None:
    state = mid_battle()
    data = state.to_bytes()
    alive = sum(c.on_battlefield for c in state.cards)
    print(f"mid-battle state    turn {state.turn}, {alive} of {len(state.cards)} cards on the battlefield")
    print(f"clone               {per_call(state.clone):8.1f} µs (median)")
    print(f"to_bytes            {per_call(state.to_bytes):8.1f} µs (median), {len(data)} bytes")
    print(f"from_bytes          {per_call(lambda: GameState.from_bytes(data, DB)):8.1f} µs (median)")
    print(f"state_hash          {per_call(state.state_hash):8.1f} µs (median)")


if __name__ == "__main__":
    full_games()
    steps()
    state_costs()
