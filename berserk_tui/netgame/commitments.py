"""Hashes of the fair-play protocol: the peer's secrets, commitments, hash chains, dice and shuffle seeds.

Every hash is SHA-256 of the canonical msgpack list ``[DOMAIN, label, *parts]``: the label
separates the uses, msgpack's length prefixes make the encoding unambiguous.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

import msgpack

from berserk_tui.engine import GameState, public_view

DOMAIN = "berserk-tui/fair-play/1"
SECRET_BYTES = 32
HASH_BYTES = 32


def digest(label: str, *parts: object) -> bytes:
    return hashlib.sha256(msgpack.packb([DOMAIN, label, *parts], use_bin_type=True)).digest()


def public_hash(state: GameState) -> bytes:
    """SHA-256 of the state as both seats know it (`engine.public_view`): the lockstep check."""
    return hashlib.sha256(public_view(state).to_bytes()).digest()


@dataclass(frozen=True, slots=True)
class PeerSecrets:
    """One peer's master secret; every salt and secret of its game is derived from it, and it is
    revealed at the end so the opponent can check every commitment."""
    master: bytes

    def __post_init__(self) -> None:
        if not isinstance(self.master, bytes) or len(self.master) != SECRET_BYTES:
            raise ValueError(f"the master secret must be {SECRET_BYTES} bytes")

    @classmethod
    def generate(cls, randbytes: Callable[[int], bytes]) -> PeerSecrets:
        """From a source of secure random bytes, e.g. `secrets.token_bytes` (never seeded)."""
        return cls(randbytes(SECRET_BYTES))

    @property
    def commitment(self) -> bytes:
        return digest("master", self.master)

    @property
    def deck_salt(self) -> bytes:
        return digest("deck-salt", self.master)

    @property
    def shuffle_secret(self) -> bytes:
        return digest("shuffle-secret", self.master)

    @property
    def placement_salt(self) -> bytes:
        return digest("placement-salt", self.master)

    def card_salt(self, uid: int) -> bytes:
        return digest("card-salt", self.master, uid)

    def chain(self, epoch: int, length: int) -> list[bytes]:
        """Hash chain `epoch`: element 0 is the head (committed), element i+1 is a preimage of element i."""
        out = [digest("chain", self.master, epoch)]
        for _ in range(length):
            out.append(hashlib.sha256(out[-1]).digest())
        out.reverse()
        return out


def follows(share: bytes, previous: bytes) -> bool:
    """Is `share` the next element of a hash chain whose last known element is `previous`?"""
    return hashlib.sha256(share).digest() == previous


def deck_commitment(secrets: PeerSecrets, deck: list[str]) -> bytes:
    return digest("deck", secrets.deck_salt, deck)


def placement_commitment(salt: bytes, seat: int, actions: list[list]) -> bytes:
    return digest("placement", salt, seat, actions)


def card_commitment(salt: bytes, cell: int, uid: int, card_id: str) -> bytes:
    return digest("card", salt, cell, uid, card_id)


def die_value(share0: bytes, share1: bytes, k: int) -> int:
    """Die of chance node `k` from both seats' chain elements: bytes below 252 (a multiple of 6)
    are used, the others rejected, so every face has probability exactly 1/6."""
    attempt = 0
    while True:
        for byte in digest("die", share0, share1, k, attempt):
            if byte < 252:
                return byte % 6 + 1
        attempt += 1


def shuffle_seed(shuffle_secret: bytes, share0: bytes, share1: bytes, k: int) -> int:
    """Seed of the deck shuffle at chance node `k`: only the deck's owner knows `shuffle_secret`."""
    return int.from_bytes(digest("shuffle", shuffle_secret, share0, share1, k)[:8], "big")
