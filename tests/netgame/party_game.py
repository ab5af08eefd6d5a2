"""Four `PartyPeer`s in memory, their messages delivered in one total order (what the star's host relays)."""

from __future__ import annotations

import random
from collections import deque

from berserk_tui.bot import get_agent
from berserk_tui.engine import view
from berserk_tui.netgame.commitments import PeerSecrets
from berserk_tui.netgame.party import PartyPeer
from cards.decks import RECORDED_SETS, builtin_decks
from tests.four_seats import four_seat_rules


def party_decks(db, seed: int, n: int = 4) -> list[list[str]]:
    return random.Random(seed).sample([list(d.cards) for d in builtin_decks(db, RECORDED_SETS)], n)


def new_party(db, seed: int, turn_limit: int = 4) -> list[PartyPeer]:
    rules, rng = four_seat_rules(turn_limit), random.Random(seed)
    return [PartyPeer(db, rules, s, deck, PeerSecrets(rng.randbytes(32)), rng.randbytes(32))
            for s, deck in enumerate(party_decks(db, seed, rules.seats.count))]


def play_party(peers: list[PartyPeer], seed: int, bot: str = "random", max_steps: int = 20000,
               order: list | None = None) -> list[tuple[int, str, dict]]:
    """Play every seat with `bot` to the end; every message goes to every other seat in one order (returned)."""
    agents = [get_agent(bot, seed + s) for s in range(len(peers))]
    queue: deque = deque()
    log = [] if order is None else order
    for _ in range(max_steps):
        for s, peer in enumerate(peers):
            for kind, body in peer.outbox():
                queue.append((s, kind, body))
        if queue:
            origin, kind, body = queue.popleft()
            log.append((origin, kind, body))
            for s, peer in enumerate(peers):
                if s != origin:
                    peer.receive(origin, kind, body)
            continue
        movers = [p for p in peers if p.waiting_for == "me"]
        if not movers:
            break
        peer = movers[0]
        peer.act(agents[peer.seat](view(peer.state, peer.seat), peer.legal()))
    return log
