"""How a game ends (`GameResult`): the end by time (the timeout claims of the lockstep) and the final
reveal that checks everything the opponent committed to.

A peer has no clock; its caller's clock decides when the opponent ran out of time, and the peer
claims the win (`claim_timeout`). The claim names how many of the opponent's messages the claimant
had taken, so it names the message it waited for. The opponent accepts the claim only if the game
waited on him for that message since the claimant's previous message (it may cross his late move
on the wire); his late messages are then recorded by the claimant but not played. The rules are in
docs/protocol.md, «Time control». What the final reveal proves besides the master secret and the dice
chains is the game's secrets policy's (`peer.FairPeer` for the classic game).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from berserk_tui.engine import DRAW, IllegalAction

from . import wire
from .commitments import PeerSecrets
from .errors import ProtocolViolation
from .wire import Body

RULES, RESIGNATION, TIME = "rules", "resignation", "time"      # how a game ended (`GameResult.ended`)


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
    """The local input of `Lockstep.claim_timeout`: claimed after `received` of the opponent's messages."""
    received: int


class GameEnd:
    """The part of the lockstep that makes and judges timeout claims and checks the opponent's final reveal."""

    OWED: ClassVar[frozenset[str]] = frozenset({wire.CHANCE, wire.ACT, wire.RESIGN})   # kinds the opponent waits for
    seat: int
    them: int
    _opponent: Any                # the opponent's hello commitments (`lockstep.Opponent`)
    _their_heads: list[bytes]     # heads of the opponent's dice chains
    _their_final: bool
    engine: Any
    result: GameResult | None
    inputs: list
    sent: list[tuple[str, dict[str, Any]]]
    received: int                 # the opponent's messages taken (late ones too)
    late: int                     # ... of which came after my claim and were only recorded
    _late_share: int              # the last chance node of the opponent's die shares among those
    _their_shares: list[bytes]    # the opponent's die shares taken, node k at index k-1
    _owed: list[int]              # my messages (indices in `sent`) the opponent may still wait for
    _claimed: bool                # I claimed that the opponent ran out of time

    waiting_for: str              # and the lockstep's `_send`, `_send_final`

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
        if kind in self.OWED:
            self._owed.append(len(self.sent))

    def _late(self, b: Body) -> bool:
        """After my claim the opponent's messages but his claim and final crossed it: recorded, not played."""
        if not self._claimed or b.kind in (wire.FINAL, wire.TIMEOUT):
            return False
        self.late += 1
        if b.kind == wire.CHANCE:
            self._late_share = max(self._late_share, b["k"])
        self._note_late(b)
        return True

    def _note_late(self, b: Body) -> None:
        """What the secrets policy keeps of a late message (one that crossed my claim)."""

    def _answered(self, b: Body) -> None:
        """The opponent's message `b` came, sent after all of mine: he waits for none of them now, except
        my die share for the node of his share (both are sent at once)."""
        if b.kind == wire.TIMEOUT:
            return
        k = b["k"] if b.kind == wire.CHANCE else -1
        self._owed = [i for i in self._owed if self.sent[i][0] == wire.CHANCE and self.sent[i][1]["k"] == k]

    def _on_timeout(self, b: Body) -> None:
        """The opponent claims that my time ran out. It may cross my late message on the wire (a move, a
        resignation, the move that ended the game, even my own claim when both waited for each other's
        die share, which makes it a draw): it must name a message of mine he was waiting for."""
        received = b["received"]
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

    # --- the final reveal -----------------------------------------------------------------------

    def _on_final(self, b: Body) -> None:
        if self.result is None:
            raise ProtocolViolation("final reveal before the end of the game")
        if self._their_final:
            raise ProtocolViolation("a second final: a replayed or duplicated message")
        opened = self._open_final(b)
        secrets = PeerSecrets(b["master"])
        if secrets.commitment != self._opponent.master:
            raise ProtocolViolation("the revealed master secret does not match the commitment in hello")
        self._check_revealed(secrets, b)
        for epoch, head in enumerate(self._their_heads):
            if secrets.chain(epoch, self._opponent.chain_length)[0] != head:
                raise ProtocolViolation(f"dice chain {epoch} does not come from the revealed master secret")
        self._check_replayed(secrets, b, opened)
        self._their_final = True
        self.result = replace(self.result, verified=True)

    def _open_final(self, b: Body) -> Any:
        """What the final reveal must open besides the secrets (ProtocolViolation if it does not), for
        `_check_replayed`."""

    def _check_revealed(self, secrets: PeerSecrets, b: Body) -> None:
        """The game's secrets in the final reveal against the commitments of the opponent's hello."""

    def _check_replayed(self, secrets: PeerSecrets, b: Body, opened: Any) -> None:
        """The game replayed with everything revealed: the same public states, and every commitment kept."""
