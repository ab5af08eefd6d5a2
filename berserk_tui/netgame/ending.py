"""How a game ends (`GameResult`), the end by time (the timeout claims of `FairPeer`) and a placement
the game ended before opening (which the final reveal carries).

A peer has no clock; its caller's clock decides when the opponent ran out of time, and the peer
claims the win (`claim_timeout`). The claim names how many of the opponent's messages the claimant
had taken, so it names the message it waited for. The opponent accepts the claim only if the game
waited on him for that message since the claimant's previous message (it may cross his late move
on the wire); his late messages are then recorded by the claimant but not played. The rules are in
docs/protocol.md, «Time control».
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from berserk_tui.engine import DRAW, IllegalAction

from . import wire
from .commitments import PeerSecrets, placement_commitment
from .errors import ProtocolViolation
from .wire import Body

if TYPE_CHECKING:
    from berserk_tui.engine import GameState

RULES, RESIGNATION, TIME = "rules", "resignation", "time"      # how a game ended (`GameResult.ended`)
OWED = frozenset({wire.CHANCE, wire.ACT, wire.DEPLOY_COMMIT, wire.DEPLOY_OPEN, wire.REVEAL, wire.RESIGN})


@dataclass(frozen=True, slots=True)
class GameResult:
    """How the game ended (`ended`: RULES, RESIGNATION or TIME); `verified` once the opponent's final
    reveal checked out."""
    winner: int          # seat, or engine.DRAW
    ended: str
    verified: bool = False

    @property
    def resigned(self) -> bool:
        return self.ended == RESIGNATION


@dataclass(frozen=True, slots=True)
class Timeout:
    """The local input of `FairPeer.claim_timeout`: claimed after `received` of the opponent's messages."""
    received: int


class GameEnd:
    """The part of `FairPeer` that makes and judges timeout claims, and checks an unopened placement."""

    seat: int
    them: int
    engine: GameState | None
    result: GameResult | None
    inputs: list
    sent: list[tuple[str, dict[str, Any]]]
    received: int                 # the opponent's messages taken (late ones too)
    late: int                     # ... of which came after my claim and were only recorded
    _late_share: int              # the last chance node of the opponent's die shares among those
    _late_commit: bytes | None    # the placement commitment of a late deploy_commit
    _late_open: bool              # a deploy_open came late
    _their_shares: list[bytes]    # the opponent's die shares taken, node k at index k-1
    _their_deployment: Any        # the opponent's deployment commitments (`_Deployment`), once taken
    _their_cells: dict[int, int]  # where his cards stood once his placement was opened
    _owed: list[int]              # my messages (indices in `sent`) the opponent may still wait for
    _claimed: bool                # I claimed that the opponent ran out of time

    waiting_for: str              # and FairPeer's `_send`, `_send_final`

    def claim_timeout(self) -> None:
        """Claim the win because the opponent ran out of time (the caller's clock says so); only while
        the game is on and waits for the opponent. Both sides then reveal their secrets."""
        if self.engine is None or self.waiting_for != "opponent":
            state = "has not begun" if self.engine is None else f"waits for {self.waiting_for}"
            raise IllegalAction(f"a timeout is claimed only while the game waits for the opponent (it {state})")
        self.inputs.append(Timeout(self.received))
        self._send(wire.TIMEOUT, {"received": self.received})
        self._claimed = True
        self.result = GameResult(self.seat, TIME)
        self._send_final()

    def _owe(self, kind: str) -> None:
        """The message about to be sent may be waited for, until the opponent answers it."""
        if kind in OWED:
            self._owed.append(len(self.sent))

    def _late(self, kind: str, body: object) -> bool:
        """After my claim the opponent's messages but his claim and final crossed it: recorded, not played."""
        if not self._claimed or kind in (wire.FINAL, wire.TIMEOUT):
            return False
        self.late += 1
        value = body.get("k" if kind == wire.CHANCE else "placement") if isinstance(body, dict) else None
        if kind == wire.CHANCE and type(value) is int:
            self._late_share = max(self._late_share, value)
        elif kind == wire.DEPLOY_COMMIT and isinstance(value, bytes):
            self._late_commit = value
        self._late_open = self._late_open or kind == wire.DEPLOY_OPEN
        return True

    def _check_unopened(self, secrets: PeerSecrets, placement: list[list]) -> None:
        """A game that ended between the opponent's deployment commitment and its opening: his final
        reveal carries the placement, which must be the one committed to (and nothing otherwise; his
        commitment or opening may have crossed my timeout claim)."""
        committed = self._their_deployment.placement if self._their_deployment is not None else self._late_commit
        if committed is None or self._their_cells or self._late_open:
            if placement:
                raise ProtocolViolation("the final reveal carries a placement, but none was left unopened")
        elif placement_commitment(secrets.placement_salt, self.them, placement) != committed:
            raise ProtocolViolation("the placement in the final reveal does not match its commitment")

    def _answered(self, b: Body) -> None:
        """The opponent's message `b` came, sent after all of mine: he waits for none of them now, except
        my die share for the node of his share (both are sent at once)."""
        if b.kind == wire.TIMEOUT:
            return
        k = b.number("k") if b.kind == wire.CHANCE else -1
        self._owed = [i for i in self._owed if self.sent[i][0] == wire.CHANCE and self.sent[i][1]["k"] == k]

    def _on_timeout(self, b: Body) -> None:
        """The opponent claims that my time ran out. It may cross my late message on the wire (a move, a
        resignation, the move that ended the game, even my own claim when both waited for each other's
        die share, which makes it a draw): it must name a message of mine he was waiting for."""
        received = b.number("received")
        if self.result is not None and self.result.ended == TIME and (not self._claimed or self.result.winner == DRAW):
            raise ProtocolViolation("a second timeout claim: a replayed or duplicated message")
        owed = set(self._owed) | ({len(self.sent)} if self.waiting_for == "me" else set())
        if received not in owed:
            waited = ", ".join(str(n) for n in sorted(owed)) or "none"
            raise ProtocolViolation(f"a timeout claim after {received} of my messages, but since the opponent's "
                                    f"previous message the game waited on me only after {waited} of them: a "
                                    "stale claim, or one made while the game waited on the opponent")
        kind, body = self.sent[received] if received < len(self.sent) else ("", {})
        if kind == wire.CHANCE and max(len(self._their_shares), self._late_share) < body["k"]:
            raise ProtocolViolation(f"a timeout claim while waiting for my die share of chance node {body['k']}, "
                                    "but the opponent's own share for it never came: it had not reached the node")
        before = self.result
        self.result = GameResult(DRAW if self._claimed else self.them, TIME, before is not None and before.verified)
        if before is None:
            self._send_final()
