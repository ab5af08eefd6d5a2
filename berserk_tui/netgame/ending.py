"""How a game ends (`GameResult`): the end by time (the timeout claims of `FairPeer`) and the final
reveal that checks everything the opponent committed to (with a placement the game ended before
opening, which the final reveal carries).

A peer has no clock; its caller's clock decides when the opponent ran out of time, and the peer
claims the win (`claim_timeout`). The claim names how many of the opponent's messages the claimant
had taken, so it names the message it waited for. The opponent accepts the claim only if the game
waited on him for that message since the claimant's previous message (it may cross his late move
on the wire); his late messages are then recorded by the claimant but not played. The rules are in
docs/protocol.md, «Time control».
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from berserk_tui.engine import DRAW, IllegalAction
from berserk_tui.engine.actions import Action
from cards.decks import Deck, DeckError, validate_deck

from . import wire
from .commitments import PeerSecrets, card_commitment, deck_commitment, placement_commitment
from .errors import ProtocolViolation
from .replay import FullReplay, Step
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
    """The part of `FairPeer` that makes and judges timeout claims and checks the opponent's final reveal."""

    db: Any
    seat: int
    them: int
    deck: list[str]
    secrets: PeerSecrets
    steps: list[Step]
    _opponent: Any                # the opponent's hello commitments (`_Opponent`)
    _their_heads: list[bytes]     # heads of the opponent's dice chains
    _their_deployment: Any        # the opponent's deployment commitments (`_Deployment`), once taken
    _their_cells: dict[int, int]  # where his cards stood once his placement was opened
    _their_placement: list[Action]
    _their_final: bool
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
    _owed: list[int]              # my messages (indices in `sent`) the opponent may still wait for
    _claimed: bool                # I claimed that the opponent ran out of time

    waiting_for: str              # and FairPeer's `_send`, `_send_final`, `_shares_by_seat`

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

    def _late(self, b: Body) -> bool:
        """After my claim the opponent's messages but his claim and final crossed it: recorded, not played."""
        if not self._claimed or b.kind in (wire.FINAL, wire.TIMEOUT):
            return False
        self.late += 1
        if b.kind == wire.CHANCE:
            self._late_share = max(self._late_share, b["k"])
        elif b.kind == wire.DEPLOY_COMMIT:
            self._late_commit = b["placement"]
        self._late_open = self._late_open or b.kind == wire.DEPLOY_OPEN
        return True

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
        committed = self._their_deployment is not None or self._late_commit is not None
        sealed = committed and not self._their_cells and not self._late_open   # the game ended before the opening
        if sealed != (wire.PLACEMENT in b):
            raise ProtocolViolation("the final reveal must open the placement committed and never opened" if sealed
                                    else "the final reveal opens a placement that is not sealed")
        self._verify_final(PeerSecrets(b["master"]), b["deck"], b[wire.PLACEMENT] if sealed else None)
        self._their_final = True
        self.result = replace(self.result, verified=True)

    def _verify_final(self, secrets: PeerSecrets, deck: list[str], sealed: list[Action] | None) -> None:
        """Everything the opponent committed to, checked with its revealed deck and master secret (and its
        `sealed` placement: committed, never opened because the game ended in my deployment draft)."""
        them = self._opponent
        if secrets.commitment != them.master:
            raise ProtocolViolation("the revealed master secret does not match the commitment in hello")
        if deck != sorted(deck) or len(deck) != them.deck_size or deck_commitment(secrets, deck) != them.deck:
            raise ProtocolViolation("the revealed deck is not the deck committed to in hello")
        try:
            validate_deck(Deck("", "", tuple(deck), Path()), self.db)
        except (DeckError, KeyError) as exc:
            raise ProtocolViolation(f"the revealed deck breaks the deck rules: {exc}") from exc
        for epoch, head in enumerate(self._their_heads):
            if secrets.chain(epoch, them.chain_length)[0] != head:
                raise ProtocolViolation(f"dice chain {epoch} does not come from the revealed master secret")
        replay = self.full_replay(deck, secrets)
        for step in self.steps:
            replay.feed(step)
        if self._their_deployment is None or (sealed is None and not self._their_cells):
            if sealed is not None and placement_commitment(secrets.placement_salt, self.them, wire.actions(sealed)) \
                    != self._late_commit:       # committed after my timeout claim: not played, only matched
                raise ProtocolViolation("the placement in the final reveal does not match its commitment")
            return
        placement = wire.actions(self._their_placement if sealed is None else sealed)
        if placement_commitment(secrets.placement_salt, self.them, placement) != self._their_deployment.placement:
            raise ProtocolViolation("the opened placement is not the one committed with the salt that the revealed "
                                    "master secret gives")
        cells = self._their_cells if sealed is None else self._deploy_sealed(replay, sealed)
        full = replay.state
        for index, uid in enumerate(full.players[self.them].squad):
            cell, card_id = cells[uid], full.cards[uid].card_id
            if card_commitment(secrets.card_salt(uid), cell, uid, card_id) != self._their_deployment.cards[index]:
                raise ProtocolViolation(f"card {uid} on cell {cell} is {card_id} in the deal from the revealed deck, "
                                        "but the deployment commitment names another card: the squad was not "
                                        "bought from the committed deck")

    def _deploy_sealed(self, replay: FullReplay, placement: list[Action]) -> dict[int, int]:
        """The opponent's sealed placement played on the full-information replay: its cells."""
        full = replay.state
        for action in placement:
            if full.pending.player != self.them or full.pending.kind != "deploy":
                raise ProtocolViolation("the placement opened in the final reveal goes on after its deployment")
            replay.feed(Step("act", action, 0, None))
        if full.pending.player == self.them:
            raise ProtocolViolation("the placement opened in the final reveal does not finish its deployment")
        return {uid: full.cards[uid].cell for uid in full.players[self.them].squad}

    def full_replay(self, their_deck: list[str], their_secrets: PeerSecrets) -> FullReplay:
        """A full-information engine at the start of this game, given the opponent's revealed deck
        and secrets; `self.steps` fed to it replay the game with every card known."""
        decks: list[list[str]] = [[], []]
        decks[self.seat], decks[self.them] = self.deck, their_deck
        secret_of = [b"", b""]
        secret_of[self.seat], secret_of[self.them] = self.secrets.shuffle_secret, their_secrets.shuffle_secret
        return FullReplay(self.db, (decks[0], decks[1]), (secret_of[0], secret_of[1]), self._shares_by_seat())
