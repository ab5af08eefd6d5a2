"""N duels of «Берсерк. Герои» over loopback in one process: desyncs and verified transcripts.

Each duel: a host and a guest `Session` on 127.0.0.1, each side a `NetMatch` of `HEROES` (its secrets policy
`HeroesPeer`: committed decks, shuffles mixed from both sides, hidden hands, cards shown as they are played, the
full-information replay at the final reveal) with a random deck of its own, played by the game's bots (greedy
against random by default, the seats alternating). A duel counts as agreed when both sides finished with the
opponent verified and one public hash; a violation (a `Desync` among them) or a different hash is a desync; then
both transcripts are checked again from the files (`verify_transcript`: signatures, chains, commitments, dice and
the whole game). Proof of issue 40: `python bench/heroes_net.py --games 100` → 0 desyncs, 200/200 transcripts verified.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

from berserk_tui.bot import get_agent
from berserk_tui.games.heroes import HEROES, random_deck
from berserk_tui.netmatch import NetMatch, verify_transcript
from netplay import Session, Timing

FAST = Timing(heartbeat=0.1, silence=1.0, lost=20.0, resend=0.05)
DEADLINE_S = 120.0      # a duel still running after this long is a failure


def duel(db: dict, folder: Path, seed: int, bots: tuple[str, str]) -> dict:
    """One duel over loopback: how it ended, whether both sides agree, and the transcripts' verdicts."""
    rng = random.Random(seed)
    decks = [random_deck(db, rng), random_deck(db, rng)]
    host, code = Session.host("127.0.0.1", 0, folder / "host.msgs", timing=FAST)
    guest = Session.join(code, folder / "guest.msgs", timing=FAST)
    matches = (NetMatch.start(db, host, decks[0], game_def=HEROES),
               NetMatch.start(db, guest, decks[1], game_def=HEROES))
    agents = [get_agent(bots[s], seed * 2 + s, HEROES.agents) for s in (0, 1)]
    start = time.perf_counter()
    deadline = time.monotonic() + DEADLINE_S
    outcome = "agreed"
    while not all(m.finished for m in matches):
        if time.monotonic() > deadline:
            outcome = "timeout"
            break
        for m, agent in zip(matches, agents, strict=True):
            m.pump(0)
            if m.violation:
                break
            if m.my_turn:
                m.act(agent(m.view(), m.legal()))
        if any(m.violation for m in matches):
            outcome = "desync"
            break
    seconds = time.perf_counter() - start
    while outcome == "agreed" and not all(m.session.settled for m in matches) and time.monotonic() < deadline:
        for m in matches:
            m.pump(1)
    for m in matches:
        m.close()
    if outcome == "agreed" and (matches[0].final_hash() != matches[1].final_hash()
                                or not all(m.peer.result.verified for m in matches)):
        outcome = "desync"
    verified = 0
    problems = [m.violation for m in matches if m.violation]
    for name in ("host.msgs", "guest.msgs"):
        try:
            report = verify_transcript(db, folder / name)
            verified += not report.partial
        except ValueError as exc:
            problems.append(f"{name}: {exc}")
    result = matches[0].peer.result
    return {"outcome": outcome, "verified": verified, "seconds": seconds, "problems": problems,
            "winner": None if result is None else result.winner, "steps": len(matches[0].peer.steps),
            "stalled": bool(matches[0].peer.engine is not None and matches[0].peer.engine.stalled)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="greedy,random", help="the two bots (seats alternate by game)")
    args = parser.parse_args()
    names = tuple(args.bots.split(","))
    db = HEROES.load_db()
    results = []
    began = time.perf_counter()
    for index in range(args.games):
        bots = (names[0], names[1]) if index % 2 == 0 else (names[1], names[0])
        with tempfile.TemporaryDirectory() as folder:
            found = duel(db, Path(folder), args.seed + index, bots)
        results.append(found)
        for problem in found["problems"]:
            print(f"duel {index + 1} (seed {args.seed + index}): {problem}")
    outcomes = Counter(r["outcome"] for r in results)
    verified = sum(r["verified"] for r in results)
    seconds = [r["seconds"] for r in results]
    winners = Counter(r["winner"] for r in results if r["outcome"] == "agreed")
    print(f"{args.games} duels of heroes over loopback ({args.bots}, seeds {args.seed}..{args.seed + args.games - 1}): "
          f"{outcomes['agreed']} agreed on one hash with both sides verified, {outcomes['desync']} desyncs, "
          f"{outcomes['timeout']} unfinished; {verified}/{2 * args.games} transcripts verified; "
          f"{sum(r['stalled'] for r in results)} stalled at the turn limit")
    print(f"winners by seat: {dict(sorted((str(k), v) for k, v in winners.items()))}; steps median "
          f"{statistics.median(r['steps'] for r in results):.0f}; seconds per duel median "
          f"{statistics.median(seconds):.2f}, max {max(seconds):.2f}; total {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
