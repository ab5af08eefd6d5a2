"""`PartyTable`: one seat of a four-player network game as the terminal app sees it — a `Table` over a
`PartyHost` or `PartyGuest` (berserk_tui/party_net.py), like `NetTable` over a duel's `NetMatch`.

The other three seats are remote; the table writes its own files (the transcripts and the `.party` file), so
its `autosave` writes nothing. A player resigns for his team on his own decision, not in the deployment (rules
decision 736); every seat has a decision clock, and a seat out of time resigns by itself (737); a seat that
dropped and did not come back, or whose program did not resign on time, stops the game (`stopped`, 734, 737).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from berserk_tui.engine import Action, Event, GameState, IllegalAction
from berserk_tui.games.team import TEAM
from berserk_tui.match import HUMAN, NETWORK, MatchSetup
from berserk_tui.netgame import RESIGNATION, Reading, TimeControl
from berserk_tui.party_net import PartyNode
from berserk_tui.table import News, PeerGame
from netplay import CONNECTED, LOST


class PartyTable(PeerGame):
    """This seat of a party game; every other seat is played from another terminal."""

    game_def = TEAM
    linked = True
    early_claim = 0.0

    def __init__(self, node: PartyNode, deck_name: str = "") -> None:
        self.node = node
        n, seat = node.peer.n, node.seat
        decks = tuple(tuple(node.peer.deck) if s == seat else () for s in range(n))
        names = tuple(deck_name if s == seat else "" for s in range(n))
        players = tuple(HUMAN if s == seat else NETWORK for s in range(n))
        self.setup = MatchSetup(NETWORK, decks, names, human=seat, game=TEAM.name, seat_players=players)
        self.revision = 0
        self._seen = self._mark()

    @property
    def peer(self) -> Any:
        return self.node.peer

    # --- the game -----------------------------------------------------------------------------------
    @property
    def ready(self) -> bool:
        """Every seat's commitments are in: the game (the order roll) has begun."""
        return self.node.peer.engine is not None

    @property
    def seat(self) -> int:
        return self.node.seat

    @property
    def joined(self) -> list[bool]:
        """Who has joined, by seat (the lobby)."""
        return self.node.joined

    @property
    def resigned_by(self) -> int | None:
        """The seat whose resignation (or time) ended the game."""
        return self.node.peer.resigned_by

    @property
    def resigned(self) -> bool:
        result = self.node.peer.result
        return result is not None and result.ended == RESIGNATION

    @property
    def control(self) -> TimeControl:
        """The host's time control (a guest learns it with its seat)."""
        return self.node.control

    @property
    def clock_wait(self) -> float | None:
        """When the latest running wait began (a new wait, a new low-time warning)."""
        return self.node.clocks.started

    @property
    def can_resign(self) -> bool:
        """While the game goes on (only on one's own decision, not in the deployment: `resign` says when it is
        not; rules decision 736)."""
        return not (self.over or self.stopped)
    @property
    def overdue(self) -> bool:
        return self.node.overdue

    @property
    def verified(self) -> bool:
        """Every other seat's final reveal checked out on the full-information replay."""
        return self.node.peer.verified

    @property
    def stopped(self) -> bool:
        """A seat broke the protocol, or one dropped and did not come back."""
        return bool(self.node.violation or self.node.stopped)

    @property
    def to_move(self) -> int:
        if self.over:
            return self.state.pending.player
        if self.node.my_turn:
            return self.seat
        return self.state.pending.player

    def is_bot(self, seat: int) -> bool:
        return False

    def bot_action(self) -> Action:
        raise IllegalAction("no seat of a network table is played by a bot")

    def is_remote(self, seat: int) -> bool:
        return seat != self.seat

    def view(self, seat: int) -> GameState:
        return self.game_def.view(self.state, seat)

    def legal(self) -> list[Action]:
        return [] if self.stopped or not self.node.my_turn else self.node.legal()

    def play(self, action: Action) -> list[Event]:
        if self.stopped:
            raise IllegalAction("the network game has stopped")
        start = len(self.log)
        self.node.act(action)
        self._seen = self._mark()
        self.revision += 1
        return self.log[start:]

    def resign(self) -> None:
        if self.stopped:
            raise IllegalAction("the network game has stopped")
        self.node.resign()
        self._seen = self._mark()
        self.revision += 1

    def reading(self, seat: int) -> Reading | None:
        return self.node.reading(seat)

    def autosave(self, path: Path) -> None:
        """Nothing: the table writes its transcripts and private file as it goes."""

    # --- the link -----------------------------------------------------------------------------------
    def pump(self, timeout_ms: int = 0) -> News:
        start = len(self.log)
        notes = self.node.pump(timeout_ms)
        mark = self._mark()
        changed = mark != self._seen
        if changed:
            self._seen = mark
            self.revision += 1
        return News(self.log[start:], changed, notes)

    @property
    def status(self) -> str:
        """The worst link of this seat's sessions (the host has one per guest)."""
        sessions = self.node.links()
        return next((s.status for s in sessions if s.status != CONNECTED), sessions[0].status)

    @property
    def lost(self) -> bool:
        return bool(self.node.stopped) or any(s.status == LOST for s in self.node.links())

    @property
    def violation(self) -> str:
        return self.node.violation

    @property
    def unreachable(self) -> str:
        return ""

    @property
    def settled(self) -> bool:
        return self.node.settled

    @property
    def transcript(self) -> str:
        """The game file: `berserk replay FILE --verify` proves the game from it, `berserk resume FILE` goes on."""
        return str(self.node.path)

    def close(self) -> None:
        self.node.close()

    def _mark(self) -> tuple:
        peer = self.node.peer
        engine = peer.engine
        return (len(peer.events), -1 if engine is None else engine.seq, id(peer.state), peer.waiting_for,
                peer.result, bool(self.node.violation), self.node.stopped, tuple(self.node.joined), self.status)
