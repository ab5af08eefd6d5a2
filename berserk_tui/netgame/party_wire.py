"""The messages of the four-seat protocol (`party.PartyPeer`, docs/protocol.md *Four players over the network*):
their kinds and schema, the dice and shuffles from every seat's chain element, the roster hash, and the small
records the peer keeps."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from berserk_tui.engine import GameState
from berserk_tui.engine.actions import Action, Confirm, Redeal, Show

from . import wire
from .commitments import digest
from .wire import ACTIONS, HASH, HASHES, INT, MARK, REVEALS, SECRET, TEXT, TEXTS, Body, Schema

PARTY_VERSION = 1
CHAIN_LENGTH = 4096
MAX_SEATS = 8
BATCHES: dict[str, tuple[type, ...]] = {"purchase": (Redeal, Confirm, Show)}

HELLO, CHANCE_MSG, ACT, FINAL, RESIGN = wire.HELLO, wire.CHANCE, wire.ACT, wire.FINAL, wire.RESIGN
RESIGNED, OUT_OF_TIME = "resign", "resign-time"      # the local inputs of `resign()` in `inputs`
COMMIT, OPEN, REVEAL = wire.DEPLOY_COMMIT, wire.DEPLOY_OPEN, wire.REVEAL
SCHEMA: Schema = {
    HELLO: {"version": INT, "seat": INT, "seats": INT, "key": HASH, "deck_size": INT, "deck": HASH,
            "master": HASH, "chain_head": HASH, "chain_length": INT},
    CHANCE_MSG: {**MARK, "k": INT, "share": HASH, "next": HASH._replace(optional=True)},
    ACT: {**MARK, "actions": ACTIONS},
    COMMIT: {**MARK, "placement": HASH, "cards": HASHES},
    OPEN: {**MARK, "salt": SECRET, "actions": ACTIONS, "reveals": REVEALS},
    REVEAL: {"seq": INT, "uid": INT, "card_id": TEXT, "salt": SECRET},
    FINAL: {"deck": TEXTS, "master": SECRET},
    RESIGN: {**MARK, "time": INT},
}
Input = Action | str        # a local decision, or RESIGNED / OUT_OF_TIME


def party_die(shares: list[bytes], k: int) -> int:
    """The die of chance node `k` from every seat's chain element (rejection sampling: no modulo bias)."""
    attempt = 0
    while True:
        for byte in digest("die", *shares, k, attempt):
            if byte < 252:
                return byte % 6 + 1
        attempt += 1


def party_shuffle(secret: bytes, shares: list[bytes], k: int) -> int:
    """The shuffle seed of chance node `k`: only the deck's owner knows `secret`."""
    return int.from_bytes(digest("shuffle", secret, *shares, k)[:8], "big")


def roster_hash(hellos: list[Body]) -> bytes:
    """Every seat's hello (its key and commitments) in seat order: what the lockstep hash mixes in."""
    return digest("roster", [[h["seat"], h["key"], h["master"], h["deck"], h["deck_size"], h["chain_head"],
                              h["chain_length"]] for h in hellos])


@dataclass(frozen=True, slots=True)
class _Deployment:
    placement: bytes
    cards: tuple[bytes, ...]


@dataclass(frozen=True, slots=True)
class Step:
    """One engine change of this peer, for the final full-information replay."""
    kind: str                 # "act" | "chance" | "reveal"
    action: Action | None
    k: int
    public: bytes | None      # raw public hash after it (None while a reveal is awaited or inside a batch)


def _copy(value: Any) -> Any:
    if isinstance(value, GameState):
        return value.clone()
    if isinstance(value, list):
        return [list(v) if isinstance(v, list) else v.copy() if isinstance(v, dict) else v for v in value]
    if isinstance(value, dict | set):
        return value.copy()
    return value

def _lock(mark: tuple[int, bytes]) -> dict[str, Any]:
    return {"seq": mark[0], "hash": mark[1]}
