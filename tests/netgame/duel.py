"""Two FairPeers joined by in-memory queues (every message through msgpack), played by bots."""

from __future__ import annotations

import copy
import random
from collections import deque
from collections.abc import Callable
from typing import Any

import msgpack
import pytest

from berserk_tui import games
from berserk_tui.bot import get_agent
from berserk_tui.engine import GameState, view
from berserk_tui.netgame import FairPeer, PeerSecrets, ProtocolViolation
from berserk_tui.netgame.replay import FullReplay
from berserk_tui.netgame.wire import Message
from cards.loader import load_all
from cards.random_decks import random_deck
from tests.fixture_decks import classic_decks

DB = load_all()
DECKS = [sorted(d) for d in classic_decks(DB)]
Tamper = Callable[[int, Message], Message | None]   # (sender, message) -> message to deliver, None to drop


def roundtrip(message: Message) -> Message:
    kind, body = message
    return kind, msgpack.unpackb(msgpack.packb(body, use_bin_type=True), raw=False)


class Duel:
    """Seat 0 and seat 1 with decks `decks` (indices into DECKS, two card-id lists, or None: two random
    decks drawn from the sets `sets`), secrets from `seed`, the random bot on both sides; `named` is the game each
    side names (the host's is played; a guest's None learns it from the host's hello)."""

    def __init__(self, seed: int, decks: tuple[int, int] | tuple[list[str], list[str]] | None = (0, 1),
                 chain_length: int = 4096, check_views: bool = False, sets: tuple[int, ...] = (30,),
                 named: tuple[str, str | None] = ("classic", "classic")) -> None:
        rng = random.Random(seed)
        self.secrets = [PeerSecrets.generate(rng.randbytes) for _ in (0, 1)]
        if decks is None:
            self.decks = [sorted(random_deck(DB, rng, sets)) for _ in (0, 1)]
        elif isinstance(decks[0], int) and isinstance(decks[1], int):
            self.decks = [DECKS[decks[0]], DECKS[decks[1]]]
        else:
            self.decks = [sorted(decks[0]), sorted(decks[1])]
        self.peers = [FairPeer(DB, s, self.decks[s], self.secrets[s], chain_length, game=named[s],
                               rules_of=games.rules_of) for s in (0, 1)]
        self.agents = [get_agent("random", seed * 2 + s) for s in (0, 1)]
        self.queues: list[deque[Message]] = [deque(), deque()]    # messages on their way to seat s
        self.streams: list[list[Message]] = [[], []]                # everything seat s sent, as delivered
        self.check_views = check_views
        self.truths: list[FullReplay | None] = [None, None]
        self.fed = [0, 0]

    def final(self, seat: int) -> Message:
        """Seat's final reveal (without a sealed placement)."""
        return "final", {"deck": list(self.decks[seat]), "master": self.secrets[seat].master}

    def flush(self, tamper: Tamper | None = None) -> None:
        for s in (0, 1):
            for message in self.peers[s].outbox():
                message = roundtrip(message)
                if tamper is not None:
                    message = tamper(s, message)
                if message is not None:
                    self.queues[1 - s].append(message)
                    self.streams[s].append(message)

    def deliver_one(self) -> bool:
        """Deliver the oldest queued message (seat 0's first); False if none."""
        for s in (0, 1):
            if self.queues[s]:
                self.peers[s].receive(*self.queues[s].popleft())
                self._check(s)
                return True
        return False

    def move(self) -> bool:
        """The player whose decision it is takes one; False if nobody can."""
        for s in (0, 1):
            peer = self.peers[s]
            if peer.waiting_for == "me":
                peer.act(self.agents[s](view(peer.state, s), peer.legal()))
                self._check(s)
                return True
        return False

    def step(self, tamper: Tamper | None = None) -> bool:
        self.flush(tamper)
        return self.deliver_one() or self.move()

    def play(self, tamper: Tamper | None = None, until: Callable[[Duel], bool] | None = None,
             max_steps: int = 50_000) -> None:
        for _ in range(max_steps):
            if until is not None and until(self):
                return
            if not self.step(tamper):
                return
        raise AssertionError("the game did not end")

    def play_until_queued(self, sender: int, wanted: Callable[[str, dict], bool]) -> Message:
        """Play until a message of `sender` that is `wanted` is next for its opponent; returns it."""
        for _ in range(50_000):
            self.flush()
            queue = self.queues[1 - sender]
            if queue and wanted(*queue[0]):
                return queue[0]
            if not (self.deliver_one() or self.move()):
                break
        raise AssertionError("no such message came")

    def _check(self, s: int) -> None:
        """The peer's engine equals the full-information engine fed its steps, seen from its seat."""
        if not self.check_views:
            return
        peer = self.peers[s]
        if self.truths[s] is None and peer.engine is not None:
            shares = peer._shares_by_seat()
            secrets = (self.secrets[0].shuffle_secret, self.secrets[1].shuffle_secret)
            self.truths[s] = FullReplay(DB, (self.decks[0], self.decks[1]), secrets, shares, peer.rules)
        truth = self.truths[s]
        if truth is None:
            return
        for step in peer.steps[self.fed[s]:]:
            truth.feed(step)
        self.fed[s] = len(peer.steps)
        if peer.steps and peer.steps[-1].public is not None and peer.state is peer.engine:
            assert view(peer.engine, s).state_hash() == view(truth.state, s).state_hash()


def snapshot(peer: FairPeer) -> dict[str, Any]:
    """Everything a refused message must leave as it was: every attribute of the peer (its engines by
    state hash), so its state, `sent`, outbox and result too."""
    return {name: value.state_hash() if isinstance(value, GameState) else copy.deepcopy(value)
            for name, value in vars(peer).items() if name != "db"}


def reject(duel: Duel, sender: int, kind: object, body: object, match: str) -> ProtocolViolation:
    """The opponent of `sender` refuses the message and stays as it was."""
    victim = duel.peers[1 - sender]
    before = snapshot(victim)
    with pytest.raises(ProtocolViolation, match=match) as caught:
        victim.receive(kind, body)
    assert snapshot(victim) == before
    return caught.value


def finish(duel: Duel) -> None:
    """The genuine messages are still queued: the game goes on and both sides verify each other."""
    duel.play()
    assert all(p.result.verified for p in duel.peers)


def forged_resignation(duel: Duel, resigner: int) -> tuple[list[Message], list[Message]]:
    """The streams of `resigner` resigning now, whether the protocol lets it or not, as the opponent took it:
    the resigner's messages that got across, then resign and final; the opponent's messages and its
    final (the one it sent if it took the resignation or the game is over, else a plain one)."""
    duel.flush()
    mine = duel.streams[resigner][:len(duel.streams[resigner]) - len(duel.queues[1 - resigner])]
    mine = [*(mine[:-1] if mine and mine[-1][0] == "final" else mine), ("resign", {}), duel.final(resigner)]
    theirs = duel.streams[1 - resigner]
    theirs = theirs if theirs and theirs[-1][0] == "final" else [*theirs, duel.final(1 - resigner)]
    return (mine, theirs) if resigner == 0 else (theirs, mine)
