"""A whole networked bot-against-bot game over loopback against the same game played offline.

Goal (from the issue): a networked game takes under 2x the wall time of the offline one.

Networked: both seats run in this process, each a `NetMatch` over its own `Session`; one thread
pumps them in turn (pump timeout `--pump-ms`, default 0: no sleeping) and lets the bot of the
seat to move act, as `berserk host/join --headless` does. The clock runs from `Session.host`
to both sides `finished` (the opponent's final reveal verified), so it includes the handshake,
every protocol message (commitments, dice shares, acts, reveals), the signed transcripts with
their syncs, the private `.game` file written after every local decision, and the final
verification. Settling the last acks and closing come after the clock stops.

Offline: the same bots (same names and seeds) play the same decks through `Game.start` and
`game.step`, with a seeded dice source. The networked game draws its dice by commit-reveal,
so it is not the identical game: games differ in length. Hence each game is reported both as
wall time and as time per player action (wall time / player decisions of both seats), and the
headline is the ratio of the medians of time per action; the ratio of the medians of whole-game
times is printed too. Offline and networked games alternate, `--games` of each.
(The round trip of one message is bench/netplay_link.py's.)
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from berserk_tui.bot import get_agent
from berserk_tui.engine import Game, view
from berserk_tui.engine.rng import SeededSource
from berserk_tui.netmatch import NetMatch
from cards.decks import builtin_decks
from cards.loader import CardDB, load_all
from netplay import Session

GOAL = 2.0
DEADLINE_S = 300.0      # a networked game still running after this long is a failure


def offline_game(db: CardDB, decks: list[list[str]], bot: str, seeds: tuple[int, int], dice: int) -> tuple[float, int]:
    """(seconds, player actions) of one local engine game."""
    agents = [get_agent(bot, s) for s in seeds]
    start = time.perf_counter()
    game = Game.start(db, (decks[0], decks[1]), SeededSource(dice))
    actions = 0
    while not game.over:
        seat = game.state.pending.player
        game.step(agents[seat](view(game.state, seat), game.legal_actions()))
        actions += 1
    return time.perf_counter() - start, actions


def network_game(db: CardDB, decks: list[list[str]], bot: str, seeds: tuple[int, int], folder: Path,
                 pump_ms: int) -> tuple[float, int, float, int]:
    """(seconds, player actions, handshake seconds, app messages of both seats) of one networked game."""
    agents = [get_agent(bot, s) for s in seeds]
    start = time.perf_counter()
    host, code = Session.host("127.0.0.1", 0, folder / "host.msgs")
    guest = Session.join(code, folder / "guest.msgs")
    matches = [NetMatch.start(db, host, decks[0]), NetMatch.start(db, guest, decks[1])]
    handshake = 0.0
    actions = 0
    try:
        while not all(m.finished for m in matches):
            if time.perf_counter() - start > DEADLINE_S:
                raise RuntimeError(f"the networked game did not finish in {DEADLINE_S:.0f} s")
            for m, agent in zip(matches, agents, strict=True):
                m.pump(pump_ms)
                if m.violation or m.lost:
                    raise RuntimeError(m.violation or f"seat {m.seat + 1} lost its peer")
                if m.my_turn:
                    m.act(agent(m.view(), m.legal()))
                    actions += 1
            if not handshake and host.status == guest.status == "connected":
                handshake = time.perf_counter() - start
        elapsed = time.perf_counter() - start
        if matches[0].final_hash() != matches[1].final_hash():
            raise RuntimeError("the seats disagree on the final state hash")
        messages = sum(len(m.peer.sent) for m in matches)
        until = time.monotonic() + 10
        while not all(m.session.settled for m in matches) and time.monotonic() < until:
            for m in matches:
                m.pump(1)
    finally:
        for m in matches:
            m.close()
    return elapsed, actions, handshake, messages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games of each kind (medians over them)")
    parser.add_argument("--bot", default="greedy", help="the bot of both seats")
    parser.add_argument("--seed", type=int, default=0, help="base seed of the bots and the offline dice")
    parser.add_argument("--pump-ms", type=int, default=0, help="pump timeout of each side per turn of the loop")
    parser.add_argument("--dir", default=None, help="where the transcripts go (default: the system temp folder)")
    args = parser.parse_args()

    db = load_all()
    decks = [list(d.cards) for d in builtin_decks(db)[:2]]
    off_t: list[float] = []
    off_a: list[int] = []
    net_t: list[float] = []
    net_a: list[int] = []
    shakes: list[float] = []
    msgs: list[int] = []
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        print(f"{args.games} games of each kind, bot {args.bot}, transcripts in {tmp}, pump {args.pump_ms} ms")
        for i in range(args.games):
            seeds = (args.seed + 2 * i, args.seed + 2 * i + 1)
            t, a = offline_game(db, decks, args.bot, seeds, args.seed + i)
            off_t.append(t)
            off_a.append(a)
            folder = Path(tmp) / f"game{i}"
            folder.mkdir()
            t, a, shake, n = network_game(db, decks, args.bot, seeds, folder, args.pump_ms)
            net_t.append(t)
            net_a.append(a)
            shakes.append(shake)
            msgs.append(n)
            print(f"  game {i + 1}: offline {off_t[-1] * 1e3:8.1f} ms / {off_a[-1]:4d} actions   "
                  f"networked {t * 1e3:8.1f} ms / {a:4d} actions, {n} messages")

    off_per = [t / a for t, a in zip(off_t, off_a, strict=True)]
    net_per = [t / a for t, a in zip(net_t, net_a, strict=True)]
    med = statistics.median
    print(f"offline    median {med(off_t) * 1e3:8.1f} ms/game   {med(off_a):6.0f} actions   "
          f"{med(off_per) * 1e3:7.3f} ms/action")
    print(f"networked  median {med(net_t) * 1e3:8.1f} ms/game   {med(net_a):6.0f} actions   "
          f"{med(net_per) * 1e3:7.3f} ms/action   handshake {med(shakes) * 1e3:.1f} ms   "
          f"{med(msgs):.0f} messages")
    per_action = med(net_per) / med(off_per)
    print(f"ratio networked/offline: {per_action:.2f}x per action (headline), "
          f"{med(net_t) / med(off_t):.2f}x per game; goal under {GOAL:.0f}x: "
          f"{'met' if per_action < GOAL else 'NOT met'}")


if __name__ == "__main__":
    main()
