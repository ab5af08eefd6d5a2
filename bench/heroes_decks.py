"""The balance of «Берсерк. Герои»'s prebuilt decks (cards/heroes/decks/*.toml, one per hero of ours): a round robin
of greedy mirror games (the same bot in both seats) under the game's rules. Each pair of decks plays `--games`
games, half with either deck in the first seat (the two seatings of a game share its randomness); a draw (a stalled
game too) counts half a win to each. Prints each pair's score with its Wilson 95% interval, the win matrix and the
worst pair.

    .venv/bin/python bench/heroes_decks.py --games 100 --seed 1

No hero-and-deck may win more than `LIMIT` against another (docs/rules-decisions.md, 920s).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from berserk_tui.engine.heroes import HeroesRules  # noqa: E402
from berserk_tui.engine.seats import DRAW  # noqa: E402
from berserk_tui.games.heroes import HEROES  # noqa: E402
from berserk_tui.sim import play_game, wilson  # noqa: E402

LIMIT = 0.60    # the most a hero-and-deck may win against another


def play_pair(db, decks: tuple[list[str], list[str]], games: int, seed: int, bot: str) -> tuple[float, int, int]:
    """(the first deck's score, errors, stalled games) over `games` games: game 2k seats the first deck first,
    game 2k+1 the second, both with the randomness of `seed` and k."""
    score, errors, stalled = 0.0, 0, 0
    rules = HeroesRules()
    for n in range(games):
        first = n % 2
        seated = [decks[first], decks[1 - first]]
        try:
            game, _ = play_game(db, seated, seed, 4 * (n // 2), bot, bot, rules, game_def=HEROES)
        except Exception as exc:  # a failure is reported and scored as a draw
            errors += 1
            print(f"  game {n}: {type(exc).__name__}: {exc}", file=sys.stderr)
            score += 0.5
            continue
        winner = game.state.winner
        stalled += bool(game.state.stalled)
        score += 0.5 if winner == DRAW else float(winner == first)
    return score, errors, stalled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per pair of decks (even: both seatings)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="greedy", help="the bot of both seats")
    parser.add_argument("--only", metavar="NAME", action="append", default=[],
                        help="play only the pairs of this deck (twice: only that pair)")
    args = parser.parse_args()
    db = HEROES.load_db()
    decks = HEROES.prebuilt_decks(db)
    names = [d.name for d in decks]
    if unknown := [name for name in args.only if name not in names]:
        parser.error(f"--only: no prebuilt deck named {', '.join(unknown)} (the decks: {', '.join(names)})")
    heroes = {d.name: db[d.hero].name for d in decks}
    share: dict[tuple[int, int], float] = {}
    worst: tuple[float, float, float, int, int] = (0.0, 0.0, 0.0, 0, 0)
    errors, stalled, start = 0, 0, time.perf_counter()
    width = max(len(n) for n in names)
    for a, b in itertools.combinations(range(len(decks)), 2):
        if not all(name in (names[a], names[b]) for name in args.only):
            continue
        began = time.perf_counter()
        score, failed, stuck = play_pair(db, (decks[a].ids, decks[b].ids), args.games, args.seed, args.bot)
        errors += failed
        stalled += stuck
        for x, y, s in ((a, b, score), (b, a, args.games - score)):
            p, low, high = wilson(s, args.games)
            share[x, y] = p
            if p > worst[0]:
                worst = (p, low, high, x, y)
        p, low, high = wilson(score, args.games)
        print(f"{names[a]:>{width}} – {names[b]:<{width}} {score:5.1f}/{args.games}  {p:6.1%} "
              f"[{low:.1%}–{high:.1%}]  ({time.perf_counter() - began:.0f} s)", flush=True)
    print(f"\nwins of the row's deck against the column's ({args.games} games a pair, {args.bot} mirror, "
          f"«Берсерк. Герои» rules, seed {args.seed}):")
    print(" " * (width + 1) + "".join(f"{n:>{width + 1}}" for n in names))
    for x, row in enumerate(names):
        print(f"{row:>{width + 1}}" + "".join(f"{'—' if (x, y) not in share else f'{share[x, y]:.0%}':>{width + 1}}"
                                              for y in range(len(names))))
    print("\nheroes: " + "; ".join(f"{name}: {hero}" for name, hero in heroes.items()))
    p, low, high, x, y = worst
    verdict = "over" if low > LIMIT else ("the line inside the interval" if high > LIMIT else "under")
    print(f"worst pair: {names[x]} against {names[y]} {p:.1%} [{low:.1%}–{high:.1%}] — {verdict} {LIMIT:.0%}")
    print(f"errors {errors}; stalled {stalled}; {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
