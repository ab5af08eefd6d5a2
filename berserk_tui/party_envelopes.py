"""Party envelopes: every game message of a four-player network game signed by its origin's own game key,
numbered and hash-chained per origin, so the host relays what it cannot forge, alter, drop unseen or reorder
within a seat's stream (docs/protocol.md *Topology: a star whose relay cannot forge*)."""

from __future__ import annotations

import hashlib
from typing import Any

from berserk_tui.netgame import ProtocolViolation
from netplay import Identity
from netplay.codec import pack
from netplay.keys import verify_signature

DOMAIN = "berserk-party/1"


def _signed(game: bytes, origin: int, n: int, prev: bytes, kind: str, body: Any) -> bytes:
    return pack([DOMAIN, game, origin, n, prev, kind, body])


def seal(identity: Identity, game: bytes, origin: int, n: int, prev: bytes, kind: str, body: Any) -> dict[str, Any]:
    """Seat `origin`'s message number `n` (from 1), chained to its previous envelope's digest `prev`."""
    sig = identity.sign(_signed(game, origin, n, prev, kind, body))
    return {"from": origin, "n": n, "prev": prev, "kind": kind, "body": body, "sig": sig}


def envelope_digest(env: dict[str, Any]) -> bytes:
    return hashlib.sha256(pack(env)).digest()


class Streams:
    """Every seat's stream of envelopes as received: numbered, chained and signed by the key of its hello."""

    def __init__(self, game: bytes, seats: int) -> None:
        self.game, self.seats = game, seats
        self.keys: list[bytes | None] = [None] * seats
        self.count = [0] * seats
        self.last = [bytes(32)] * seats

    def check(self, env: object) -> tuple[int, str, Any]:
        """(origin, kind, body) of a well-formed envelope that continues its origin's stream, or ProtocolViolation."""
        if type(env) is not dict or set(env) != {"from", "n", "prev", "kind", "body", "sig"}:
            raise ProtocolViolation("a malformed party envelope")
        origin, n, prev, kind, body, sig = (env[k] for k in ("from", "n", "prev", "kind", "body", "sig"))
        if type(origin) is not int or not 0 <= origin < self.seats or type(kind) is not str \
                or type(sig) is not bytes or type(body) is not dict:
            raise ProtocolViolation("a malformed party envelope")
        where = f"seat {origin + 1}'s message {n!r}"
        if type(n) is not int or n != self.count[origin] + 1 or prev != self.last[origin]:
            raise ProtocolViolation(f"{where} does not follow its message {self.count[origin]}: "
                                    "dropped, replayed or reordered by the relay")
        key = self.keys[origin]
        if key is None:
            key = body.get("key") if kind == "hello" else None
            if type(key) is not bytes or len(key) != 32:
                raise ProtocolViolation(f"{where}: a seat's first message must be its hello with its key")
        if not verify_signature(key, sig, _signed(self.game, origin, n, prev, kind, body)):
            raise ProtocolViolation(f"{where} is not signed by seat {origin + 1}'s key: forged or altered")
        self.keys[origin] = key
        self.count[origin] = n
        self.last[origin] = envelope_digest(env)
        return origin, kind, body
