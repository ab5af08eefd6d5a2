"""How much the strong bot's choice loses by searching fewer candidates or samples (medians and means).

On the bench positions of `bot.py`, a reference search (14 candidates within 8 crystals of the best,
up to 30 samples) scores the actions; each configuration below picks its action with its own seed,
and its regret is the reference's best score minus the reference's score of that pick (an action the
reference did not score counts a crystal below its worst). Regret is measured in the strong bot's own
model of the position, so it shows what a wider or longer search buys, not how many more games it wins.
No time budget: the figures are the work of each configuration.
"""

from __future__ import annotations

import statistics
import time

from bot import positions

from berserk_tui.bot.standoff import PRESS, weights_for
from berserk_tui.bot.strong import StrongBot

CONFIGS = ((6, 6), (6, 12), (10, 6), (10, 12))    # (candidates, samples at most)
REFERENCE = StrongBot(999, budget_s=1e9, positions=None, max_samples=30, width=14, margin=8.0)


def scored(bot: StrongBot, state, actions) -> tuple[dict[int, float], list[float]]:
    """The bot's search scores of its candidates, and its one-ply values of every action."""
    values = bot.greedy.values(state, actions)
    cands = bot.candidates(actions, values)
    score = bot.scores(state, actions, cands, values, weights_for(state, PRESS, bot.calm), float("inf"), float("inf"))
    assert score is not None
    return score, values


def main() -> None:
    found = [(s, a) for s, a in positions() if len(a) > 1]
    regret: dict[tuple[int, int], list[float]] = {c: [] for c in CONFIGS}
    took: dict[tuple[int, int], list[float]] = {c: [] for c in CONFIGS}
    for k, (state, actions) in enumerate(found):
        ref, _ = scored(REFERENCE, state, actions)
        best, floor = max(ref.values()), min(ref.values()) - 1.0
        for width, samples in CONFIGS:
            bot = StrongBot(k, budget_s=1e9, positions=None, max_samples=samples, width=width)
            start = time.perf_counter()
            score, values = scored(bot, state, actions)
            took[width, samples].append(time.perf_counter() - start)
            pick = bot.pick(score, values)
            regret[width, samples].append(best - ref.get(pick, floor))
    print(f"positions  {len(found)} main decisions")
    for c in CONFIGS:
        r, t = regret[c], took[c]
        print(f"width {c[0]:2} samples {c[1]:2}  regret mean {statistics.mean(r):.3f}  not the best "
              f"{sum(x > 1e-9 for x in r):3}/{len(r)}  time median {statistics.median(t) * 1e3:5.0f} ms  "
              f"mean {statistics.mean(t) * 1e3:5.0f} ms")


if __name__ == "__main__":
    main()
