"""Greedy with other evaluation weights against the shipped greedy: a cheap first test of a weight.

    python bench/weights.py GAMES JOBS [NAME=VALUE ...]     e.g.  python bench/weights.py 400 2 closed=0.5

Plays GAMES mirror games (seed 1, seats alternated, as the ladder) between a greedy bot whose
weights outside stand-offs (`Weights`) have the given values and the shipped greedy bot, and prints
the run's summary as `berserk sim --json` does, the variant as p1, and the variant's games by the
seat it moved from (the seat decides most mirror games: compare a seat's tally with the run without
weights). Greedy games cost a tenth of the strong bot's, so a weight can be screened here before a
strong-against-greedy ladder: one that loses or stalls here needs no ladder. With no weights given
the two bots are alike, which shows the run's noise.
"""

from __future__ import annotations

import json
import sys

from weight_args import changed_weights, variant_weights

from berserk_tui.bot import AGENTS
from berserk_tui.bot.evaluate import DEFAULT_WEIGHTS
from berserk_tui.bot.greedy import GreedyBot
from berserk_tui.sim import GameOutcome, simulate


def variant(seed: int) -> GreedyBot:
    return GreedyBot(seed, calm=variant_weights(DEFAULT_WEIGHTS))


AGENTS["variant"] = variant     # at import: a spawned worker imports this script too


def main(argv: list[str]) -> None:
    if len(argv) < 2:
        sys.exit(__doc__)
    games, jobs = int(argv[0]), int(argv[1])
    changed = changed_weights(argv[2:], DEFAULT_WEIGHTS)
    by_seat = {"moving first": [0, 0, 0], "moving second": [0, 0, 0]}     # the variant's won, lost, stalled

    def tally(out: GameOutcome, _: object) -> None:
        result = 2 if out.winner_bot == -1 else out.winner_bot
        by_seat["moving first" if out.first_bot == 0 else "moving second"][result] += 1

    result = simulate(games, 1, "variant", "greedy", jobs=jobs, mirror=True, progress=tally)
    print(json.dumps({"weights": changed, "variant by seat (won, lost, not won)": by_seat, **result.to_json()}))


if __name__ == "__main__":
    main(sys.argv[1:])
