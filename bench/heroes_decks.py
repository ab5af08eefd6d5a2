"""The balance of «Берсерк. Герои»'s prebuilt decks (cards/heroes/decks/*.toml, one per hero of ours): a round robin
of greedy mirror games (the same bot in both seats) under the game's rules. Each pair of decks plays `--games`
games, half with either deck in the first seat (the two seatings of a game share its randomness); a draw (a stalled
game too) counts half a win to each. Prints each pair's score with its Wilson 95% interval, the win matrix and the
worst pair.

    .venv/bin/python bench/heroes_decks.py --games 100 --seed 1

A change is measured before and after in one run, on the same seeds: `--variant FILE` (a deck file, checked as a
prebuilt one, in place of the prebuilt deck of its hero), `--life HERO=N` (a hero's life) and `--cost HERO=N` (the
coins of a hero's ability), each as often as needed, play only the pairs of the changed decks or heroes, each twice:
the shipped cards, then the changed ones.

    .venv/bin/python bench/heroes_decks.py --games 100 --seed 1 --variant /tmp/topi.toml --cost h9003=3

No hero-and-deck may win more than `LIMIT` against another (docs/rules-decisions.md, 920s; the figures are there).
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from berserk_tui.engine.heroes import HeroesRules  # noqa: E402
from berserk_tui.engine.seats import DRAW  # noqa: E402
from berserk_tui.games.heroes import HEROES  # noqa: E402
from berserk_tui.sim import play_game, wilson  # noqa: E402
from cards.heroes.decks import HeroDeckError, load_hero_deck  # noqa: E402

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


def changed(parser: argparse.ArgumentParser, db, decks: list, args: argparse.Namespace) -> tuple[dict, list, set[int]]:
    """The database and decks after `--variant`/`--life`, and the indices of the decks they change."""
    after_db, after, touched = dict(db), list(decks), set()
    for option, specs in (("--life", args.life), ("--cost", args.cost)):
        for spec in specs:
            hero, _, value = spec.partition("=")
            if hero not in db or db[hero].type != "hero" or not value.isdigit() or int(value) < 1:
                parser.error(f"{option} {spec}: want HERO=N, a hero's id and a number from 1")
            if option == "--life":
                after_db[hero] = dataclasses.replace(after_db[hero], health=int(value))
            else:
                first, *rest = after_db[hero].abilities
                price = {**first["cost"], "coins": int(value)}
                after_db[hero] = dataclasses.replace(after_db[hero], abilities=({**first, "cost": price}, *rest))
            touched |= {i for i, d in enumerate(decks) if d.hero == hero}
    for path in args.variant:
        try:
            deck = load_hero_deck(Path(path), db)
        except (HeroDeckError, OSError) as exc:
            parser.error(f"--variant: {exc}")
        at = [i for i, d in enumerate(decks) if d.hero == deck.hero]
        if not at:
            parser.error(f"--variant: no prebuilt deck of the hero {deck.hero}")
        after[at[0]] = deck
        touched.add(at[0])
    return after_db, after, touched


def compare(db, decks: list, args: argparse.Namespace, after_db, after: list, touched: set[int]) -> None:
    """Each pair of a changed deck before and after the change, on the same seeds."""
    names = [d.name for d in decks]
    width = max(len(n) for n in names)
    worst = 0.0
    for a, b in itertools.combinations(range(len(decks)), 2):
        if not touched & {a, b} or not all(name in (names[a], names[b]) for name in args.only):
            continue
        x, y = a, b             # in the round robin's order: the same games as its "before"
        for label, base, pair in (("before", db, decks), ("after", after_db, after)):
            began = time.perf_counter()
            score, errors, stalled = play_pair(base, (pair[x].ids, pair[y].ids), args.games, args.seed, args.bot)
            p, low, high = wilson(score, args.games)
            q, qlow, qhigh = wilson(args.games - score, args.games)
            if label == "after":
                worst = max(worst, p, q)
            print(f"{label:>6}: {names[x]:>{width}} – {names[y]:<{width}} {score:5.1f}/{args.games}  {p:6.1%} "
                  f"[{low:.1%}–{high:.1%}]  (the other: {q:.1%} [{qlow:.1%}–{qhigh:.1%}]; errors {errors}, "
                  f"stalled {stalled}; {time.perf_counter() - began:.0f} s)", flush=True)
    print(f"\nafter the change the most a deck wins against another: {worst:.1%} (limit {LIMIT:.0%}); "
          f"{args.games} games a pair, {args.bot} mirror, seed {args.seed}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per pair of decks (even: both seatings)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="greedy", help="the bot of both seats")
    parser.add_argument("--only", metavar="NAME", action="append", default=[],
                        help="play only the pairs of this deck (twice: only that pair), in a comparison too")
    parser.add_argument("--variant", metavar="FILE", action="append", default=[],
                        help="a deck file in place of the prebuilt deck of its hero: its pairs are played before and "
                        "after on the same seeds")
    parser.add_argument("--life", metavar="HERO=N", action="append", default=[],
                        help="a hero's life changed (its id): its deck's pairs are played before and after")
    parser.add_argument("--cost", metavar="HERO=N", action="append", default=[],
                        help="the coins of a hero's ability changed (its id): its deck's pairs, before and after")
    args = parser.parse_args()
    db = HEROES.load_db()
    decks = HEROES.prebuilt_decks(db)
    names = [d.name for d in decks]
    if unknown := [name for name in args.only if name not in names]:
        parser.error(f"--only: no prebuilt deck named {', '.join(unknown)} (the decks: {', '.join(names)})")
    if args.variant or args.life or args.cost:
        compare(db, decks, args, *changed(parser, db, decks, args))
        return
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
