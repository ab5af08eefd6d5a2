"""Message kinds of the fair-play protocol and strict reading of their bodies.

A message is ``(kind, body)``; a body is a dict with str keys holding ints, str, bytes and lists
(msgpack-able; lists, never tuples, so a body equals itself after a round trip).
"""

from __future__ import annotations

from typing import Any

from berserk_tui.engine.actions import Action, from_wire

from .commitments import HASH_BYTES, SECRET_BYTES
from .errors import ProtocolViolation

Message = tuple[str, dict[str, Any]]

HELLO = "hello"              # commitments: deck, master secret, head of the dice chain
CHANCE = "chance"            # this seat's chain element for chance node k
ACT = "act"                  # this seat's decision(s): one action, or a purchase batch
DEPLOY_COMMIT = "deploy_commit"  # commitments to the placement and to every placed card
DEPLOY_OPEN = "deploy_open"  # the placement itself (+ the hidden-row symbionts of the second player)
REVEAL = "reveal"            # the identity of a face-down card turning face up
RESIGN = "resign"            # the sender gives up (only when it is his input the game needs)
FINAL = "final"              # at the end: the deck list, the master secret (and an unopened placement)
TIMEOUT = "timeout"          # the sender claims the win: the opponent ran out of time (field "received")

CLOCK = "clock"              # the host's hello only: the time control, [allowance, reserve] in seconds
PLACEMENT = "placement"      # final: the sender's deployment actions if committed and never opened, else []


class Body:
    """Typed access to one received body; every failure is a ProtocolViolation naming the field."""

    def __init__(self, kind: str, body: object) -> None:
        if not isinstance(body, dict) or not all(isinstance(k, str) for k in body):
            raise ProtocolViolation(f"malformed {kind} message: the body must be a map with str keys")
        self.kind = kind
        self.body = body

    def _get(self, name: str) -> Any:
        if name not in self.body:
            raise ProtocolViolation(f"malformed {self.kind} message: no field {name!r}")
        return self.body[name]

    def _bad(self, name: str, want: str) -> ProtocolViolation:
        return ProtocolViolation(f"malformed {self.kind} message: {name} must be {want}, got {self.body[name]!r}")

    def number(self, name: str, low: int = 0, high: int = 2**63 - 1) -> int:
        value = self._get(name)
        if type(value) is not int or not low <= value <= high:
            raise self._bad(name, f"an int in {low}..{high}")
        return value

    def text(self, name: str) -> str:
        value = self._get(name)
        if not isinstance(value, str):
            raise self._bad(name, "a string")
        return value

    def blob(self, name: str, size: int = HASH_BYTES) -> bytes:
        value = self._get(name)
        if not isinstance(value, bytes) or len(value) != size:
            raise self._bad(name, f"{size} bytes")
        return value

    def secret(self, name: str) -> bytes:
        return self.blob(name, SECRET_BYTES)

    def items(self, name: str) -> list:
        value = self._get(name)
        if not isinstance(value, list):
            raise self._bad(name, "a list")
        return value

    def hashes(self, name: str) -> list[bytes]:
        items = self.items(name)
        if not all(isinstance(h, bytes) and len(h) == HASH_BYTES for h in items):
            raise self._bad(name, f"a list of {HASH_BYTES}-byte hashes")
        return items

    def strs(self, name: str) -> list[str]:
        items = self.items(name)
        if not all(isinstance(s, str) for s in items):
            raise self._bad(name, "a list of strings")
        return items

    def actions(self, name: str = "actions") -> list[Action]:
        try:
            return [from_wire(a) for a in self.items(name)]
        except ValueError as exc:
            raise ProtocolViolation(f"malformed {self.kind} message: {exc}") from exc
