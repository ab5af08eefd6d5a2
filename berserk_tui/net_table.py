"""`NetTable`: a network game as the terminal app sees it — a `Table` over a `NetMatch`.

The app drives a local `Match` and a `NetTable` alike (`table.Table`): it reads the state, the log
and the legal actions, plays the local player's decisions and redraws when `revision` grows. The
opponent's moves arrive through `pump()`, which the app calls on a timer (the table is `linked`); it
returns the new events and what the user should hear about the link. The table saves itself (the
transcript and the private `.game` file of `NetMatch`), so its `autosave` writes nothing.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from berserk_tui.engine import Action, Event, GameState, IllegalAction
from berserk_tui.engine.gamedef import GameDef
from berserk_tui.match import NETWORK, MatchSetup
from berserk_tui.netgame import Reading, TimeControl
from berserk_tui.netmatch import NetMatch
from berserk_tui.table import News, PeerGame


class NetTable(PeerGame):
    """This seat of a network game; the opponent's seat is remote. The game is the host's (a guest learns it from
    the host's hello, before the game begins)."""

    linked = True

    def __init__(self, net: NetMatch, deck_name: str = "") -> None:
        self.net = net
        seat = net.seat
        decks: list[tuple[str, ...]] = [(), ()]
        names = ["", ""]
        decks[seat], names[seat] = tuple(net.deck), deck_name
        self._setup = MatchSetup(NETWORK, (decks[0], decks[1]), (names[0], names[1]), human=seat)
        self.revision = 0
        self._seen = self._mark()

    @property
    def peer(self) -> Any:
        return self.net.peer

    # --- the Table interface ------------------------------------------------------------------------
    @property
    def game_def(self) -> GameDef:
        return self.net.game_def

    @property
    def setup(self) -> MatchSetup:
        """This seat's deck and name, and the game (the host's, once its hello came)."""
        return replace(self._setup, game=self.game_def.name)

    @property
    def ready(self) -> bool:
        """Both sides' commitments were exchanged: the game (the order roll) has begun."""
        return self.net.peer.engine is not None

    @property
    def seat(self) -> int:
        return self.net.seat






    @property
    def resigned(self) -> bool:
        result = self.net.peer.result
        return result is not None and result.resigned

    resigned_by = None


    @property
    def overdue(self) -> bool:
        """The opponent's final reveal did not come in time after the end: the result stands, unverified."""
        return self.net.overdue

    @property
    def early_claim(self) -> float:
        """The opponent claimed this side's time ran out while its own clock still had this many seconds (0: not)."""
        return self.net.early_claim

    @property
    def control(self) -> TimeControl | None:
        """The game's time control (the guest learns it with the host's commitments)."""
        return self.net.peer.control

    def reading(self, seat: int) -> Reading | None:
        """`seat`'s clock now; None before the game began."""
        return self.net.reading(seat)

    @property
    def clock_wait(self) -> float | None:
        """When the current wait began (None before the time control is known)."""
        clock = self.net.clock
        return clock.since if clock is not None else None

    @property
    def verified(self) -> bool:
        """The opponent's final reveal checked out: every card and die of his was honest."""
        result = self.net.peer.result
        return result is not None and result.verified

    @property
    def stopped(self) -> bool:
        """The game cannot go on: the opponent broke the protocol or stopped answering."""
        return bool(self.net.violation) or self.net.lost

    @property
    def to_move(self) -> int:
        if self.over:
            return self.state.pending.player
        return self.seat if self.net.my_turn else 1 - self.seat

    def is_bot(self, seat: int) -> bool:
        return False

    def bot_action(self) -> Action:
        raise IllegalAction("no seat of a network table is played by a bot")

    def is_remote(self, seat: int) -> bool:
        return seat != self.seat

    def view(self, seat: int) -> GameState:
        return self.game_def.view(self.state, seat)

    def legal(self) -> list[Action]:
        return [] if self.stopped or not self.net.my_turn else self.net.legal()

    def play(self, action: Action) -> list[Event]:
        """Play the local decision and send it; IllegalAction leaves everything unchanged."""
        if self.stopped:
            raise IllegalAction("the network game has stopped")
        start = len(self.log)
        self.net.act(action)
        self._seen = self._mark()
        self.revision += 1
        return self.log[start:]

    @property
    def can_resign(self) -> bool:
        """While the game goes on (only on one's own decision: `resign` says when it is not)."""
        return not self.over

    def resign(self) -> None:
        self.net.resign()
        self._seen = self._mark()
        self.revision += 1

    def autosave(self, path: Path) -> None:
        """Nothing: the table writes its transcript and private file as it goes (`NetMatch.save`)."""

    # --- the link -----------------------------------------------------------------------------------
    def pump(self, timeout_ms: int = 0) -> News:
        """Exchange messages; the opponent's moves, reveals and final proof show up as a change."""
        start = len(self.log)
        notes = self.net.pump(timeout_ms)
        mark = self._mark()
        changed = mark != self._seen
        if changed:
            self._seen = mark
            self.revision += 1
        return News(self.log[start:], changed, notes)

    @property
    def status(self) -> str:
        return self.net.session.status

    @property
    def lost(self) -> bool:
        return self.net.lost

    @property
    def violation(self) -> str:
        return self.net.violation

    @property
    def unreachable(self) -> str:
        """Why the first contact with the host failed, or "" (see `NetMatch.unreachable`)."""
        return self.net.unreachable

    @property
    def settled(self) -> bool:
        """Everything sent was acknowledged."""
        return self.net.session.settled

    @property
    def transcript(self) -> str:
        return str(self.net.session.transcript_path)

    def close(self) -> None:
        self.net.close()

    def _mark(self) -> tuple:
        peer = self.net.peer
        engine = peer.engine
        return (len(peer.events), -1 if engine is None else engine.seq, id(peer.state), peer.waiting_for,
                peer.result, bool(self.net.violation), self.net.session.status, self.net.overdue)
