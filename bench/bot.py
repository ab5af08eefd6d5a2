"""Bot speed on fixed battle positions: the greedy ranking and the strong bot's full search (medians).

The positions are the `main` decisions of every third turn from turn 5 to 15 of greedy-against-greedy
games with the shipped decks. The strong bot runs without limits of positions or time, so this
measures the work of its whole search (candidates, samples, follow-ups), not the cut its limits make;
the last line is the shipped bot, with its limit of positions.
"""

from __future__ import annotations

import statistics
import time

from berserk_tui.bot.greedy import GreedyBot
from berserk_tui.bot.strong import POSITIONS, StrongBot
from berserk_tui.engine import Action, Game, GameState, Rules, view
from berserk_tui.engine.rng import SeededSource
from cards.decks import RECORDED_SETS, builtin_decks
from cards.loader import load_all

GAMES = 6
STRONG_EVERY = 5     # the strong search runs on every fifth position (it is slow)

DB = load_all()
DECKS = [list(d.cards) for d in builtin_decks(DB, RECORDED_SETS)]


def positions() -> list[tuple[GameState, list[Action]]]:
    out = []
    for k in range(GAMES):
        game = Game.start(DB, (DECKS[k % len(DECKS)], DECKS[(k + 1) % len(DECKS)]), SeededSource(k), Rules())
        bots = (GreedyBot(1), GreedyBot(2))
        while not game.over and game.state.turn < 16:
            state, seat = game.state, game.state.pending.player
            if state.turn >= 5 and state.turn % 3 == 0 and state.pending.kind == "main":
                out.append((view(state, seat), game.legal_actions()))
            game.step(bots[seat](view(state, seat), game.legal_actions()))
    return out


def timed(calls: list) -> list[float]:
    times = []
    for call in calls:
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    found = positions()
    greedy, strong = GreedyBot(1), StrongBot(1, budget_s=1e9, positions=None)
    ranked = timed([lambda v=v, a=a: greedy.values(v, a) for v, a in found])
    searched = timed([lambda v=v, a=a: strong(v, a) for v, a in found[::STRONG_EVERY]])
    shipped = StrongBot(1)
    limited = timed([lambda v=v, a=a: shipped(v, a) for v, a in found[::STRONG_EVERY]])
    print(f"positions           {len(found)} main decisions, {statistics.median(len(a) for _, a in found):.0f} "
          f"legal actions (median)")
    print(f"greedy ranking      median {statistics.median(ranked) * 1e3:7.1f} ms   max {max(ranked) * 1e3:7.1f} ms")
    print(f"strong, no budget   median {statistics.median(searched) * 1e3:7.1f} ms   max {max(searched) * 1e3:7.1f} ms"
          f"   ({len(searched)} positions)")
    print(f"strong, shipped     median {statistics.median(limited) * 1e3:7.1f} ms   max {max(limited) * 1e3:7.1f} ms"
          f"   (searching {POSITIONS} positions at most; {shipped.clock_cuts} cut short by the clock)")


if __name__ == "__main__":
    main()
