"""«Битва за Лаар» for two players: how often Астарот's side (the second player) wins (rules decision 693).

Each game deals both seats random decks from the given sets (as `berserk sim` does) and a bot plays each seat
(greedy on both by default). Prints Астарот's side's wins, Варахиэль's side's wins and the draws, the 95% Wilson
interval of Астарот's win rate and the median game length in turns. `--life`, `--strike` and `--wounds` try other
numbers for the duel's Астарот (90003) in this process only, without editing the card file.

    .venv/bin/python bench/laar_duel_tuning.py --games 200 --seed 77

gave (decision 695: life 30, strike 3-4-5, cost 20, 1 wound a turn) Астарот's side 106/200 = 53.0% (95% Wilson
46.1%–59.8%), Варахиэль's 83, 11 drawn, median 16 turns.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from berserk_tui.engine import Rules  # noqa: E402
from berserk_tui.engine.laar import ASTAROTH_DUEL  # noqa: E402
from berserk_tui.engine.seats import DRAW  # noqa: E402
from berserk_tui.games.laar import LAAR_DUEL  # noqa: E402
from berserk_tui.sim import play_game, wilson  # noqa: E402
from cards.loader import CardDB, load_all  # noqa: E402


def tuned(db: CardDB, life: int | None, strike: list[int] | None, wounds: int | None, cost: int | None) -> None:
    """Replace the duel's Астарот in `db` (this process only) by one with other life, strike, wounds a turn or
    cost (paid by his player in gold)."""
    a = db[ASTAROTH_DUEL]
    gates = a.abilities[0]
    gates = dict(gates, effect={**gates["effect"], "amount": wounds or gates["effect"]["amount"]})
    db.cards[ASTAROTH_DUEL] = replace(a, life=life or a.life, cost=a.cost if cost is None else cost,
                                      strike=tuple(strike or a.strike), abilities=(gates,), triggers=a.triggers)


def result(state) -> str:
    """"astaroth", "varahiel" or "draw": the side that won (Варахиэль's goes first, decision 684)."""
    if state.winner in (DRAW, -1):
        return "draw"
    return "varahiel" if state.winner == state.first else "astaroth"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=77)
    ap.add_argument("--bots", nargs=2, default=["greedy", "greedy"], metavar=("P1", "P2"))
    ap.add_argument("--sets", type=int, nargs="+", default=[10, 30], help="the sets random decks are drawn from")
    ap.add_argument("--life", type=int, help="Астарот's life (default: the card's)")
    ap.add_argument("--strike", type=int, nargs=3, help="Астарот's simple strike (default: the card's)")
    ap.add_argument("--wounds", type=int, help="Астарот's wounds to every card a turn (default: the card's)")
    ap.add_argument("--cost", type=int, help="Астарот's cost, paid by his player in gold (default: the card's)")
    args = ap.parse_args(argv)
    db = load_all()
    tuned(db, args.life, args.strike, args.wounds, args.cost)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=Path(__file__).parent).stdout.strip()
    a = db[ASTAROTH_DUEL]
    print(f"commit {commit}; {args.games} laar-duel games, {args.bots[0]} vs {args.bots[1]}, seed {args.seed}, "
          f"random decks from sets {' '.join(map(str, args.sets))}")
    print(f"Астарот ({ASTAROTH_DUEL}): life {a.life}, strike {'-'.join(map(str, a.strike))}, move {a.move}, "
          f"cost {a.cost} gold, wounds {a.abilities[0]['effect']['amount']} a turn")
    start = time.monotonic()
    results: Counter[str] = Counter()
    turns: list[int] = []
    for index in range(args.games):
        game, _ = play_game(db, None, args.seed, index, args.bots[0], args.bots[1], Rules(), game_def=LAAR_DUEL,
                            sets=tuple(args.sets))
        results[result(game.state)] += 1
        turns.append(game.state.turn)
    rate, low, high = wilson(results["astaroth"], args.games)
    print(f"Астарот's side won {results['astaroth']}/{args.games} = {rate:.1%} (95% Wilson {low:.1%}–{high:.1%}), "
          f"Варахиэль's {results['varahiel']}, drawn {results['draw']}; median {statistics.median(turns):g} turns "
          f"(quartiles {' '.join(f'{q:g}' for q in statistics.quantiles(turns, n=4)) if len(turns) > 1 else '-'}), "
          f"{time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
