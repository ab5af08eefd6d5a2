"""Mutated game messages of «Берсерк. Герои» (the classic game's `test_fuzz_messages.py`, seeded): at a random message
of a random side a field is dropped, added, retyped or changed, the kind swapped, or an earlier message replayed.
The receiver raises nothing but ProtocolViolation; a mutation it accepts stays in the streams, and then the live
verdict and `verify_game`'s agree: a game both sides verified is one the verifier accepts."""

from __future__ import annotations

import random
from typing import Any

import pytest

from berserk_tui import games
from berserk_tui.netgame import ProtocolViolation, verify_game
from berserk_tui.netgame.heroes import HeroesPeer
from berserk_tui.netgame.wire import Message

from .heroes_duel import DB, HeroesDuel

ODD = (None, True, -1, 2**63, "", "h7001", b"", [], [[0, "h7001"]], {"k": 1})


def _changed(rng: random.Random, value: Any) -> Any:
    if type(value) is bool:
        return not value
    if type(value) is int:
        return value + rng.choice([-1, 1, 2, 1000])
    if type(value) is bytes:
        return bytes([value[0] ^ 1]) + value[1:] if value else b"\0"
    if type(value) is str:
        return rng.choice(["", value + "x", "h7001", value[:-1]])
    if type(value) is list and value:
        i = rng.randrange(len(value))
        return rng.choice([value[:i] + value[i + 1:], value[:i + 1] + value[i:], [*value[i:], *value[:i]],
                           [*value[:i], _changed(rng, value[i]), *value[i + 1:]]])
    return rng.choice(ODD)


def _mutated(rng: random.Random, message: Message, earlier: list[Message]) -> Message:
    kind, body = message
    names = sorted(body)
    op = rng.choice(["drop", "add", "retype", "change", "change", "change", "kind", "replay"])
    if op == "replay" and earlier:
        return rng.choice(earlier)
    if op == "kind":
        return rng.choice([k for k in ("act", "chance", "found", "final", "resign", "hello") if k != kind]), body
    if op == "add" or not names:
        return kind, {**body, rng.choice(["extra", "seq", "shown", "deck", "card"]): rng.choice(ODD)}
    name = rng.choice(names)
    if op == "drop":
        return kind, {k: v for k, v in body.items() if k != name}
    if op == "retype":
        return kind, {**body, name: rng.choice(ODD)}
    return kind, {**body, name: _changed(rng, body[name])}


@pytest.mark.parametrize("seed", range(1, 21))
def test_a_mutated_message_is_refused_or_the_live_verdict_and_the_verifiers_agree(seed: int) -> None:
    rng = random.Random(seed)
    duel = HeroesDuel(seed, ("random", "greedy") if seed % 2 else ("greedy", "random"))
    sender, target = rng.randrange(2), rng.randrange(60)
    count = [0]

    def tamper(s: int, message: Message) -> Message | None:
        if s == sender:
            count[0] += 1
            if count[0] - 1 == target:
                return _mutated(rng, message, duel.streams[s])
        return message
    try:
        duel.play(tamper=tamper)
    except ProtocolViolation:
        return                  # refused live (or caught by the sender's own checks)
    results = [peer.result for peer in duel.peers]
    if all(r is not None and r.verified for r in results):
        verify_game(DB, duel.streams[0], duel.streams[1], HeroesPeer, games.rules_of)
