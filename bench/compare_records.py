"""Compare two `berserk sim --record` files game for game: the same winner, draw, stall, turns and actions.

Usage: python bench/compare_records.py REFERENCE.jsonl NEW.jsonl
Games present in only one file are ignored; prints each mismatch and a summary, exits 1 on any mismatch.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

FIELDS = ("winner_bot", "draw", "stalled", "turns", "actions")


def games(path: Path) -> dict[int, tuple]:
    """Index -> the compared facts of each game line of a record."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        game = json.loads(line)["game"]
        out[game["index"]] = tuple(game[f] for f in FIELDS)
    return out


def main(argv: list[str]) -> int:
    reference, new = (games(Path(p)) for p in argv[1:3])
    shared = sorted(reference.keys() & new.keys())
    bad = [i for i in shared if reference[i] != new[i]]
    for i in bad:
        was, now = (dict(zip(FIELDS, facts[i], strict=True)) for facts in (reference, new))
        print(f"game {i}: reference {was} now {now}")
    print(f"{len(shared) - len(bad)}/{len(shared)} games identical")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
