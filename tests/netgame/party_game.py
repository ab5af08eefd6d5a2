"""Four `PartyPeer`s in memory, their messages delivered to every other seat in one total order (what the
star's host relays), played by bots."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import Any

from berserk_tui.bot import get_agent
from berserk_tui.engine import view
from berserk_tui.netgame.commitments import PeerSecrets
from berserk_tui.netgame.party import PartyPeer
from cards.decks import RECORDED_SETS, builtin_decks
from tests.four_seats import four_seat_rules

Relayed = tuple[int, str, dict[str, Any]]


def new_party(db: Any, seed: int, turn_limit: int = 4) -> list[PartyPeer]:
    rules, rng = four_seat_rules(turn_limit), random.Random(seed)
    decks = rng.sample([list(d.cards) for d in builtin_decks(db, RECORDED_SETS)], rules.seats.count)
    return [PartyPeer(db, rules, s, deck, PeerSecrets(rng.randbytes(32)), rng.randbytes(32))
            for s, deck in enumerate(decks)]


class PartyTable:
    """The peers, a bot per seat and the relay queue; `order` is every message relayed so far."""

    def __init__(self, peers: list[PartyPeer], seed: int, bot: str = "random") -> None:
        self.peers = peers
        self.agents = [get_agent(bot, seed + s) for s in range(len(peers))]
        self.queue: deque[Relayed] = deque()
        self.order: list[Relayed] = []

    def collect(self) -> None:
        for s, peer in enumerate(self.peers):
            self.queue.extend((s, kind, body) for kind, body in peer.outbox())

    def step(self) -> bool:
        """Relay one message, or else let one seat decide; False when nothing is left to do."""
        self.collect()
        if self.queue:
            origin, kind, body = self.queue.popleft()
            self.order.append((origin, kind, body))
            for s, peer in enumerate(self.peers):
                if s != origin:
                    peer.receive(origin, kind, body)
            return True
        peer = next((p for p in self.peers if p.waiting_for == "me"), None)
        if peer is None:
            return False
        peer.act(self.agents[peer.seat](view(peer.state, peer.seat), peer.legal()))
        return True

    def run(self, until: Callable[[], bool] = lambda: False, max_steps: int = 20000) -> None:
        for _ in range(max_steps):
            if until() or not self.step():
                return
        raise AssertionError(f"no end after {max_steps} steps")

    def next_message(self, kind: str) -> Relayed:
        """Play on until some seat is about to relay a message of `kind`; take it off the queue."""
        def ready() -> bool:
            self.collect()
            return any(k == kind for _, k, _ in self.queue)
        self.run(until=ready)
        found = next(m for m in self.queue if m[1] == kind)
        self.queue.remove(found)
        return found
