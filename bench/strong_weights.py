"""Strong with other evaluation weights against the shipped greedy: the ladder of a weight change.

    python bench/strong_weights.py GAMES JOBS RECORD [NAME=VALUE ...]
    e.g.  python bench/strong_weights.py 400 2 strong-apart03.jsonl apart=0.3

Plays the goal's ladder (mirror decks, seed 1, seats alternated, the documented `berserk sim` games)
with a strong bot whose weights outside stand-offs are `strong.CALM` with the given changes, as p1,
against the shipped greedy bot. Each game goes to RECORD as `berserk sim --record` writes it (the
run key names the changed weights), so a stopped run goes on where it stopped, `berserk sim-report
RECORD` reads it, and the games pair with a ladder record of the shipped bots game by game (same
index, same deal and dice while the searches agree). Prints the run's summary as `berserk sim
--json` does. `weights.py` screens a weight ten times faster, on greedy.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from weight_args import changed_weights, variant_weights

from berserk_tui.bot import AGENTS
from berserk_tui.bot.strong import CALM, StrongBot
from berserk_tui.sim import GameOutcome, SimResult, simulate
from berserk_tui.sim_record import Record, RunKey, code_fingerprint


def variant(seed: int) -> StrongBot:
    return StrongBot(seed, calm=variant_weights(CALM))


AGENTS["variant"] = variant     # at import: a spawned worker imports this script too


def main(argv: list[str]) -> None:
    if len(argv) < 3:
        sys.exit(__doc__)
    games, jobs, path = int(argv[0]), int(argv[1]), Path(argv[2])
    changed = changed_weights(argv[3:], CALM)
    p1 = "strong " + json.dumps(changed, sort_keys=True)
    key = RunKey(p1, "greedy", 1, "mirror", 200, code_fingerprint())
    record, recorded = Record.open(path, key)

    def add(out: GameOutcome, result: SimResult) -> None:
        record.add(out, result.seconds)
        print(f"game {result.games}/{games}: p1 {result.wins[0]}, p2 {result.wins[1]}, "
              f"stalled {result.stalled}", file=sys.stderr, flush=True)

    try:
        result = simulate(games, 1, "variant", "greedy", jobs=jobs, mirror=True, progress=add,
                          done=recorded.outcomes, elapsed=recorded.seconds)
    finally:
        record.close()
    print(json.dumps({"weights": changed, **result.to_json()}))


if __name__ == "__main__":
    main(sys.argv[1:])
