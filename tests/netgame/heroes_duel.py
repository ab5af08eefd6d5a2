"""Two `HeroesPeer`s of «Берсерк. Герои» joined by in-memory queues (every message through msgpack), played by the
game's bots; a side may be a cheating subclass."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable

import msgpack

from berserk_tui import games
from berserk_tui.bot import get_agent
from berserk_tui.games.heroes import HEROES, random_deck
from berserk_tui.netgame import PeerSecrets
from berserk_tui.netgame.heroes import HeroesPeer
from berserk_tui.netgame.wire import Message

DB = HEROES.load_db()
Tamper = Callable[[int, Message], Message | None]   # (sender, message) -> message to deliver, None to drop


def roundtrip(message: Message) -> Message:
    kind, body = message
    return kind, msgpack.unpackb(msgpack.packb(body, use_bin_type=True), raw=False)


class HeroesDuel:
    """Seat 0 and seat 1 with random decks and secrets from `seed`, bots `bots`; `policies` the peer class of each
    side (a cheat's subclass); `decks` instead of the random ones; `watch(duel)` runs after every delivered
    message."""

    def __init__(self, seed: int, bots: tuple[str, str] = ("greedy", "random"),
                 policies: tuple[type[HeroesPeer], type[HeroesPeer]] = (HeroesPeer, HeroesPeer),
                 decks: tuple[list[str], list[str]] | None = None) -> None:
        rng = random.Random(seed)
        self.seed = seed
        self.secrets = [PeerSecrets.generate(rng.randbytes) for _ in (0, 1)]
        self.decks = [random_deck(DB, rng) for _ in (0, 1)]
        if decks is not None:
            self.decks = [list(decks[0]), list(decks[1])]
        self.peers = [policies[s](DB, s, self.decks[s], self.secrets[s], game="heroes", rules_of=games.rules_of)
                      for s in (0, 1)]
        self.agents = [get_agent(bots[s], seed * 2 + s, HEROES.agents) for s in (0, 1)]
        self.queues: list[deque[Message]] = [deque(), deque()]
        self.streams: list[list[Message]] = [[], []]

    def flush(self, tamper: Tamper | None = None) -> None:
        for s in (0, 1):
            for message in self.peers[s].outbox():
                message = roundtrip(message)
                if tamper is not None:
                    message = tamper(s, message)
                if message is not None:
                    self.queues[1 - s].append(message)
                    self.streams[s].append(message)

    def play(self, tamper: Tamper | None = None, watch: Callable[[HeroesDuel], None] | None = None,
             until: Callable[[HeroesDuel], bool] = lambda duel: False) -> None:
        """Exchange messages and decisions until nothing moves (or `until` holds)."""
        while not until(self):
            self.flush(tamper)
            moved = False
            for s in (0, 1):
                if self.queues[s]:
                    self.peers[s].receive(*self.queues[s].popleft())
                    moved = True
                    if watch is not None:
                        watch(self)
            for s in (0, 1):
                peer = self.peers[s]
                if peer.waiting_for == "me":
                    peer.act(self.agents[s](HEROES.view(peer.state, s), peer.legal()))
                    moved = True
            if not moved and not any(self.queues):
                self.flush(tamper)
                if not any(self.queues):
                    return
