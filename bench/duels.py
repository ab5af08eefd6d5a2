"""Network duels with random decks: two lockstep peers (tests/netgame/duel.py, every message through msgpack)
played by the random bot, each step checked against the full-information game as its seat sees it, each
transcript verified at the end. Prints the failures and a summary.

    .venv/bin/python bench/duels.py --games 100 --sets 10,30 --force "Следопыт,Лазутчица"

`--force` puts the named cards into the decks, one per deck in turn (replacing a random card of another
name), so that the cards whose rules touch hidden information (the deck, the deal, face-down cards) play.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from berserk_tui.netgame import verify_game  # noqa: E402
from cards.decks import copy_key, copy_limit  # noqa: E402
from cards.random_decks import random_deck  # noqa: E402
from tests.netgame.duel import DB, Duel  # noqa: E402
from tests.netgame.test_fair_game import _finished  # noqa: E402


def forced_deck(rng: random.Random, sets: tuple[int, ...], card_id: str | None) -> list[str]:
    """A random deck of `sets`; with `card_id`, one card of another name replaced by it (if it lacks one)."""
    deck = random_deck(DB, rng, sets)
    if card_id is None or card_id in deck:
        return deck
    key = copy_key(DB[card_id])
    if sum(1 for c in deck if copy_key(DB[c]) == key) >= copy_limit(DB[card_id]):
        return deck
    others = [i for i, c in enumerate(deck) if copy_key(DB[c]) != key]
    deck[rng.choice(others)] = card_id
    return deck


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="the first seed (games use seed, seed+1, …)")
    parser.add_argument("--sets", default="10,30", help="the sets random decks draw from, e.g. 10,30")
    parser.add_argument("--force", default="", help="comma-separated card names to put into the decks in turn")
    args = parser.parse_args()
    sets = tuple(int(s) for s in args.sets.split(","))
    forced = []
    for name in filter(None, (n.strip() for n in args.force.split(","))):
        card = DB.find(name)
        if card is None or not card.implemented:
            sys.exit(f"--force: no implemented card named {name!r}")
        forced.append(card.id)
    bad, holding, start = 0, 0, time.perf_counter()
    for n in range(args.games):
        seed = args.seed + n
        rng = random.Random(f"decks-{seed}")
        picks = [forced[(2 * n + s) % len(forced)] if forced else None for s in (0, 1)]
        decks = (forced_deck(rng, sets, picks[0]), forced_deck(rng, sets, picks[1]))
        holding += sum(1 for s in (0, 1) if picks[s] is not None and picks[s] in decks[s])
        try:
            duel = Duel(seed, decks, check_views=True)
            duel.play()
            _finished(duel)
            verify_game(DB, duel.streams[0], duel.streams[1])
        except Exception as exc:  # a desync, a refused message or a failed verification
            bad += 1
            print(f"seed {seed}: {type(exc).__name__}: {exc}")
    mixed = "" if not forced else f"; {holding} of {2 * args.games} decks held a forced card"
    print(f"{args.games - bad}/{args.games} duels (sets {args.sets}) finished in lockstep, every view matched the "
          f"full game and both transcripts verified{mixed} ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
