"""«Битва за Лаар» for one player: how often a bot in the player's seat beats Астарот (rules decisions 690–692).

Each game gives the player a random deck (the same decks for every bot: game k of each bot uses deck k), the
rules roll Астарот's turn order, and a bot plays the player's seat; Астарот's seat is played by the rules alone.
Prints the player's wins, losses and draws per bot, with the 95% Wilson interval of the win rate.

    .venv/bin/python bench/laar_tuning.py --games 400 --bots greedy random --seed 1
"""

from __future__ import annotations

import argparse
import math
import random
import subprocess
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from berserk_tui.bot import AGENTS  # noqa: E402
from berserk_tui.engine.rng import SeededSource  # noqa: E402
from berserk_tui.engine.seats import DRAW  # noqa: E402
from berserk_tui.games.laar import LAAR_SOLO  # noqa: E402
from cards.loader import load_all  # noqa: E402
from cards.random_decks import implemented_sets, random_deck  # noqa: E402

MAX_ACTIONS = 20_000
PLAYER = 0


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion wins/n."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def tuned(db, life: int | None, strike: list[int] | None, wounds: int | None, heal: int | None) -> None:
    """Try other numbers without editing the card file: Астарот's life, strike and wounds a turn, Варахиэль's
    healing (the db's own cards are replaced in this process only)."""
    a, v = db["90001"], db["90002"]
    gates = dict(a.abilities[0], effect={**a.abilities[0]["effect"], "amount": wounds or a.abilities[0]["effect"]
                                         ["amount"]})
    mercy = dict(v.abilities[0], effect={**v.abilities[0]["effect"], "amount": heal or v.abilities[0]["effect"]
                                         ["amount"]})
    db.cards["90001"] = replace(a, life=life or a.life, strike=tuple(strike or a.strike), abilities=(gates,),
                                triggers=a.triggers)
    db.cards["90002"] = replace(v, abilities=(mercy,), triggers=v.triggers)


def play(db, bot: str, seed: int, index: int) -> tuple[str, int]:
    """One game: ("win" | "loss" | "draw", turns) for the player."""
    rng = random.Random(f"laar:{seed}:{index}")
    deck = random_deck(db, rng, implemented_sets(db))
    agent = AGENTS[bot](rng.getrandbits(64))
    game = LAAR_SOLO.start(db, (deck, []), SeededSource(rng.getrandbits(64)))
    steps = 0
    while not game.over and steps < MAX_ACTIONS:
        seat = game.state.pending.player
        if seat != PLAYER:
            raise RuntimeError(f"game {index}: Астарот's seat was asked {game.state.pending.kind!r}")
        game.step(agent(LAAR_SOLO.view(game.state, seat), game.legal_actions()))
        steps += 1
    winner = game.state.winner
    result = "draw" if winner in (DRAW, -1) else "win" if winner == PLAYER else "loss"
    return result, game.state.turn


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", nargs="+", default=["greedy", "random"], choices=sorted(AGENTS))
    ap.add_argument("--life", type=int, help="Астарот's life (default: the card's)")
    ap.add_argument("--strike", type=int, nargs=3, help="Астарот's simple strike (default: the card's)")
    ap.add_argument("--wounds", type=int, help="Астарот's wounds to every card a turn (default: the card's)")
    ap.add_argument("--heal", type=int, help="Варахиэль's healing of each ally (default: the card's)")
    args = ap.parse_args(argv)
    db = load_all()
    tuned(db, args.life, args.strike, args.wounds, args.heal)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=Path(__file__).parent).stdout.strip()
    a, v = db["90001"], db["90002"]
    print(f"commit {commit}; {args.games} laar-solo games per bot, seed {args.seed}")
    print(f"Астарот: life {a.life}, strike {'-'.join(map(str, a.strike))}, move {a.move}, "
          f"wounds {a.abilities[0]['effect']['amount']} a turn; Варахиэль: life {v.life}, "
          f"strike {'-'.join(map(str, v.strike))}, move {v.move}, heals {v.abilities[0]['effect']['amount']}")
    for bot in args.bots:
        start = time.monotonic()
        results: Counter[str] = Counter()
        turns = 0
        for index in range(args.games):
            result, turn = play(db, bot, args.seed, index)
            results[result] += 1
            turns += turn
        low, high = wilson(results["win"], args.games)
        print(f"{bot:>7}: won {results['win']}/{args.games} = {results['win'] / args.games:.1%} "
              f"(95% Wilson {low:.1%}–{high:.1%}), lost {results['loss']}, drawn {results['draw']}; "
              f"{turns / args.games:.1f} turns a game, {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
