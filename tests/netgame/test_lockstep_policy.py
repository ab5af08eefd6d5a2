"""The lockstep knows no game's secrets: a second secrets policy, with nothing hidden, runs on it unchanged.

`OpenDecks` shows both decks in its hellos and keeps nothing private: every decision goes in its own act,
shuffles are public, and its final reveal only shows the deck again. Two such peers play the classic rules
in lockstep to the end, and the verifier checks the game with this policy instead of the classic one."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from berserk_tui.bot import get_agent
from berserk_tui.engine import Event, GameState, apply, new_game, view
from berserk_tui.engine.actions import Action, Roll, Shuffle
from berserk_tui.netgame import Lockstep, PeerSecrets, ProtocolViolation, verify_game, wire
from berserk_tui.netgame.commitments import die_value, shuffle_seed
from berserk_tui.netgame.lockstep import CLASSIC, RulesOf, classic_only
from berserk_tui.netgame.wire import Body, Message

from .duel import DB, DECKS, roundtrip

OPEN_SCHEMA = wire.extend(wire.LOCKSTEP, {wire.HELLO: {"deck": wire.TEXTS}, wire.FINAL: {"deck": wire.TEXTS}})


class OpenDecks(Lockstep):
    """A secrets policy that keeps no secret: the decks are shown at once and the shuffles are public."""

    SCHEMA = OPEN_SCHEMA

    def __init__(self, db: Any, seat: int, deck: list[str], secrets: PeerSecrets, **kw: Any) -> None:
        self.deck = sorted(deck)
        self.their_deck: list[str] = []
        super().__init__(db, seat, secrets, **kw)

    @classmethod
    def revealed(cls, db: Any, seat: int, final: Body, secrets: PeerSecrets, chain_length: int,
                 control: Any, game: str | None = CLASSIC, rules_of: RulesOf = classic_only) -> OpenDecks:
        return cls(db, seat, final["deck"], secrets, chain_length=chain_length, control=control, game=game,
                   rules_of=rules_of)

    def _hello_commitments(self) -> dict[str, Any]:
        return {"deck": self.deck}

    def _take_commitments(self, b: Body) -> None:
        self.their_deck = b["deck"]

    def _new_engine(self) -> tuple[GameState, list[Event]]:
        decks = [self.deck, self.their_deck] if self.seat == 0 else [self.their_deck, self.deck]
        return new_game(self.db, (list(decks[0]), list(decks[1])))

    def _chance_outcome(self, kind: str, data: tuple, k: int) -> Action:
        s0, s1 = (share[k - 1] for share in self._shares_by_seat())
        return Roll(die_value(s0, s1, k)) if kind == "roll" else Shuffle(shuffle_seed(b"open", s0, s1, k))

    def _public_hash(self, state: GameState) -> bytes:
        return hashlib.sha256(state.to_bytes()).digest()    # both sides know everything

    def _final_secrets(self) -> dict[str, Any]:
        return {"deck": self.deck}


def _play(seed: int, tamper_at: int = -1) -> tuple[list[OpenDecks], list[list[Message]]]:
    """Two open peers with random bots; the message number `tamper_at` of seat 1 gets a wrong lockstep hash."""
    rng = random.Random(seed)
    peers = [OpenDecks(DB, s, DECKS[s], PeerSecrets.generate(rng.randbytes)) for s in (0, 1)]
    bots = [get_agent("random", seed + s) for s in (0, 1)]
    streams: list[list[Message]] = [[], []]
    for _ in range(100_000):
        moved = False
        for s in (0, 1):
            for message in peers[s].outbox():
                kind, body = roundtrip(message)
                if s == 1 and len(streams[1]) == tamper_at:
                    body = {**body, "hash": bytes(32)}
                streams[s].append((kind, body))
                peers[1 - s].receive(kind, body)
                moved = True
            if peers[s].waiting_for == "me":
                peers[s].act(bots[s](view(peers[s].state, s), peers[s].legal()))
                moved = True
        if not moved:
            return peers, streams
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", [1, 2])
def test_a_second_policy_plays_a_verified_game_on_the_same_lockstep(seed: int) -> None:
    peers, streams = _play(seed)
    assert all(p.result is not None and p.result.verified for p in peers)
    assert peers[0].result == peers[1].result and peers[0].engine.state_hash() == peers[1].engine.state_hash()
    assert {kind for stream in streams for kind, _ in stream} <= set(wire.LOCKSTEP)   # no message of its own
    report = verify_game(DB, streams[0], streams[1], OpenDecks)
    assert (report.winner, report.ended, report.steps) == (peers[0].result.winner, peers[0].result.ended,
                                                           len(peers[0].steps))


def test_the_lockstep_refuses_a_desynced_message_whatever_the_policy() -> None:
    with pytest.raises(ProtocolViolation, match="desync at seq"):
        _play(3, tamper_at=3)


def test_the_full_game_of_the_open_policy_is_the_engine_game() -> None:
    """Both peers' engines are the full game: replaying the first peer's steps on a fresh engine ends alike."""
    peers, _ = _play(4)
    state, _ = new_game(DB, (sorted(DECKS[0]), sorted(DECKS[1])))
    for step in peers[0].steps:
        apply(state, step.action if step.kind == "act" else peers[0]._chance_outcome(state.pending.kind,
                                                                                      state.pending.data, step.k))
    assert state.state_hash() == peers[0].engine.state_hash()
