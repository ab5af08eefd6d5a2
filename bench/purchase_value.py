"""Greedy with the ability-aware purchase value against greedy with the old one (cost and kind only): paired.

    python bench/purchase_value.py GAMES SEED builtin|random [SETS]      e.g. 200 1 random

Both bots play in one run (`berserk_tui.sim.simulate`): the games come in pairs with the same decks, dice and
shuffles and the seats swapped, so a pair compares the two values on the same deal. Prints the new value's
games (won, lost, neither) with its win rate and 95% Wilson interval, the pairs (swept by the new value, by
the old one, split or unsettled) and the mean score per pair ((won - lost) / 2, from -1 to 1) with its 95%
interval (normal approximation over the pairs). The old value is kept here, for this comparison only.
"""

from __future__ import annotations

import json
import math
import statistics
import sys

from berserk_tui.bot import AGENTS
from berserk_tui.bot.greedy import GreedyBot
from berserk_tui.bot.setup_policy import body_value
from berserk_tui.sim import GameOutcome, simulate
from cards.schema import CardDef


def cost_value(d: CardDef) -> float:
    """The purchase value before abilities counted (the old one): `body_value`, less for an unimplemented card."""
    return body_value(d) if d.implemented else body_value(d) * 0.6


def greedy_cost(seed: int) -> GreedyBot:
    return GreedyBot(seed, value=cost_value)


AGENTS["greedy-cost"] = greedy_cost     # at import: a spawned worker imports this script too


def main(argv: list[str]) -> None:
    if len(argv) < 3:
        sys.exit(__doc__)
    games, seed, decks = int(argv[0]), int(argv[1]), argv[2]
    sets = [int(s) for s in argv[3].split(",")] if len(argv) > 3 else None
    outcomes: dict[int, GameOutcome] = {}

    def keep(out: GameOutcome, _: object) -> None:
        outcomes[out.index] = out
        print(f"game {out.index + 1}/{games}", file=sys.stderr, flush=True)

    result = simulate(games, seed, "greedy", "greedy-cost", random_decks=decks == "random", sets=sets,
                      progress=keep)
    won, lost = result.wins
    rate, low, high = result.win_rate(0)
    pairs = {"new swept": 0, "old swept": 0, "split": 0, "unsettled": 0}
    scores = []
    for k in range(0, games - 1, 2):
        a, b = outcomes[k], outcomes[k + 1]
        if a.failure or b.failure or a.winner_bot < 0 or b.winner_bot < 0:
            pairs["unsettled"] += 1
        else:
            pairs[{0: "new swept", 2: "old swept"}.get(a.winner_bot + b.winner_bot, "split")] += 1
        scores.append(sum(0.5 if o.winner_bot == 0 else -0.5 if o.winner_bot == 1 else 0.0 for o in (a, b)))
    mean = statistics.fmean(scores)
    half = 1.96 * statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else 1.0
    print(json.dumps({
        "games": games, "seed": seed, "decks": decks, "sets": sets, "new won": won, "new lost": lost,
        "neither": games - won - lost, "new win rate": round(rate, 4), "ci95": [round(low, 4), round(high, 4)],
        "pairs": pairs, "pair score": round(mean, 4), "pair score ci95": [round(mean - half, 4), round(mean + half, 4)],
        "errors": result.errors, "stalled": result.stalled, "seconds": round(result.seconds, 1)}))


if __name__ == "__main__":
    main(sys.argv[1:])
