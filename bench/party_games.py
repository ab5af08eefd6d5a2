"""Four-player network games of the team game (docs/protocol.md *Four players over the network*).

In memory (default): four `PartyPeer`s with random decks, every message relayed to every other seat in one
order, played by a bot; each game must end with one final hash, every seat verified, and `verify_party` must
accept its relayed order. With `--processes`: whole games over loopback, `berserk host --players 4` and three
`berserk join` as separate processes; every peer must print the same final hash and exit 0.

    .venv/bin/python bench/party_games.py --games 30 --sets 10,30 --turns 30
    .venv/bin/python bench/party_games.py --processes --games 3 --turns 10 --bot greedy
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from berserk_tui.netgame.commitments import PeerSecrets  # noqa: E402
from berserk_tui.netgame.party import PartyPeer  # noqa: E402
from berserk_tui.netgame.party_verify import verify_party  # noqa: E402
from cards.loader import load_all  # noqa: E402
from cards.random_decks import random_deck  # noqa: E402
from tests.four_seats import four_seat_rules  # noqa: E402
from tests.netgame.party_game import PartyTable  # noqa: E402

BERSERK = [sys.executable, "-m", "berserk_tui"]


def in_memory(args: argparse.Namespace) -> None:
    db = load_all()
    sets = tuple(int(s) for s in args.sets.split(","))
    bad, messages, wins, start = 0, [], 0, time.perf_counter()
    for n in range(args.games):
        seed = args.seed + n
        rng = random.Random(f"party-{seed}")
        rules = four_seat_rules(args.turns)
        peers = [PartyPeer(db, rules, s, random_deck(db, rng, sets), PeerSecrets(rng.randbytes(32)), rng.randbytes(32))
                 for s in range(4)]
        try:
            table = PartyTable(peers, seed, args.bot)
            table.run()
            assert all(p.verified for p in peers), "a seat did not verify the others"
            assert len({p.final_hash() for p in peers}) == 1, "the final hashes differ"
            verify_party(db, rules, table.order)
            messages.append(len(table.order))
            wins += peers[0].result.winner != 2
        except Exception as exc:  # a desync, a refused message or a failed verification
            bad += 1
            print(f"seed {seed}: {type(exc).__name__}: {exc}")
    print(f"{args.games - bad}/{args.games} four-seat games (sets {args.sets}, {args.bot}, turn limit {args.turns}) "
          f"ended with one final hash, every seat verified and the relayed order verified again; "
          f"{wins} won by a team, the rest drawn at the limit; median {statistics.median(messages or [0]):.0f} "
          f"messages ({time.perf_counter() - start:.0f} s)")


def over_processes(args: argparse.Namespace) -> None:
    agreed, times = 0, []
    for n in range(args.games):
        with tempfile.TemporaryDirectory() as folder:
            tmp, start = Path(folder), time.perf_counter()
            common = ["--headless", "--bot", args.bot]
            host = subprocess.Popen([*BERSERK, "host", "--players", "4", *common, "--seed", str(n), "--bind",
                                     "127.0.0.1", "--turn-limit", str(args.turns), "--transcript",
                                     str(tmp / "host.msgs")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            codes = [re.match(r"join code for seat \d: (\S+)", host.stdout.readline()).group(1) for _ in range(3)]
            guests = [subprocess.Popen([*BERSERK, "join", code, *common, "--seed", str(10 * n + s), "--transcript",
                                        str(tmp / f"seat{s}.msgs")], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       text=True) for s, code in enumerate(codes, start=2)]
            outs = [p.communicate(timeout=1800) for p in (host, *guests)]
            hashes = {m.group(1) for out, _ in outs if (m := re.search(r"state hash: (\w+)", out))}
            ok = all(p.returncode == 0 for p in (host, *guests)) and len(hashes) == 1
            agreed += ok
            times.append(time.perf_counter() - start)
            result = next((line for line in outs[0][0].splitlines() if line.startswith("result:")), "no result")
            print(f"game {n}: {'agreed' if ok else 'FAILED'}, {result}, {times[-1]:.0f} s"
                  + ("" if ok else f"\n{[err[-500:] for _, err in outs]}"))
    print(f"{agreed}/{args.games} four-process games ({args.bot}, turn limit {args.turns}) ended with the same final "
          f"hash on every peer, every seat verified; median {statistics.median(times):.0f} s a game")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--sets", default="10,30", help="the sets random decks draw from (in memory)")
    parser.add_argument("--turns", type=int, default=30, help="the turn limit")
    parser.add_argument("--bot", default="random")
    parser.add_argument("--processes", action="store_true", help="four processes over loopback instead")
    args = parser.parse_args()
    over_processes(args) if args.processes else in_memory(args)


if __name__ == "__main__":
    main()
