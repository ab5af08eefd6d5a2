"""`Table`: a game as the terminal app drives it, local (`match.Match`) or over the network (`net_table.NetTable`).

The app reads the state, the log and the legal actions, plays the local players' decisions, lets bots move
and redraws when `revision` grows; it never asks which kind of table it has. What differs between tables is
said by members with an honest value for each: whether the table keeps itself in the app's autosave, whether
it exchanges messages (and is then pumped on a timer), lingers after leaving and proves its end with a
transcript, whether a player may resign, and the clocks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from berserk_tui.engine import Action, Event, GameState
from berserk_tui.engine.gamedef import GameDef
from berserk_tui.netgame import Reading

if TYPE_CHECKING:
    from berserk_tui.match import MatchSetup
    from berserk_tui.netmatch import Note


@dataclass(frozen=True, slots=True)
class News:
    """What one `Table.pump` brought: new engine events, whether anything changed, notes for the user."""
    events: list[Event] = field(default_factory=list)
    changed: bool = False
    notes: list[Note] = field(default_factory=list)


class Table(Protocol):
    """One game at the app's table (see the module's docstring)."""

    setup: MatchSetup        # who plays (bots, hot-seat, network), the decks and the seed
    game_def: GameDef        # the game played: its screens, its words

    # --- the game ---------------------------------------------------------------------------------
    @property
    def state(self) -> Any: ...

    @property
    def log(self) -> list[Event]: ...

    @property
    def phase(self) -> str: ...

    @property
    def over(self) -> bool: ...

    @property
    def winner(self) -> int: ...

    @property
    def ended(self) -> str:
        """How the game ended: netgame's RULES, RESIGNATION or TIME ("" while it goes on)."""

    @property
    def revision(self) -> int:
        """Grows with every change of the game (the screens cache views by it)."""

    @property
    def to_move(self) -> int:
        """The seat that decides now (negative at the end of the game)."""

    def is_bot(self, seat: int) -> bool: ...

    def is_remote(self, seat: int) -> bool:
        """A seat played from another terminal."""

    def view(self, seat: int) -> Any: ...

    def legal(self) -> list[Action]:
        """What the deciding seat may play here (nothing while the table waits on a remote seat)."""

    def play(self, action: Action) -> list[Event]:
        """Play a decision of a seat of this terminal; IllegalAction leaves everything unchanged."""

    def bot_action(self) -> Action:
        """What the bot of the deciding seat plays (when `is_bot(to_move)`), from its view only."""

    # --- keeping it -------------------------------------------------------------------------------
    def autosave(self, path: Path) -> None:
        """After every action: keep the game in the app's autosave `path` (gone once the game is over), or
        nothing for a table that writes its own files as it goes. OSError if the file cannot be written."""

    @property
    def transcript(self) -> str:
        """The signed record that proves the game ("" for a game without one)."""

    # --- the link ---------------------------------------------------------------------------------
    @property
    def linked(self) -> bool:
        """The table exchanges messages with a remote peer: the app pumps it on a timer, it asks before it is
        left while the game goes on, lingers after it is left until its last messages are sent, and proves
        its end (`verified`, `transcript`)."""

    def pump(self, timeout_ms: int = 0) -> News:
        """Exchange messages: the remote moves and what the user should hear about the link."""

    @property
    def stopped(self) -> bool:
        """The game cannot go on: the opponent broke the protocol or stopped answering."""

    @property
    def settled(self) -> bool:
        """Everything sent was acknowledged."""

    def close(self) -> None:
        """Let the table go (its link)."""

    # --- resigning --------------------------------------------------------------------------------
    @property
    def can_resign(self) -> bool:
        """A player may give the game up now (a local game is left, not resigned)."""

    def resign(self) -> None:
        """Give up (only on one's own decision: IllegalAction otherwise)."""

    # --- the clocks -------------------------------------------------------------------------------
    def reading(self, seat: int) -> Reading | None:
        """`seat`'s clock now; None for a game without clocks or before it began."""

    @property
    def clock_wait(self) -> float | None:
        """When the clocks' current wait began (a new wait, a new low-time warning); None without clocks."""

    # --- the end ----------------------------------------------------------------------------------
    @property
    def resigned(self) -> bool: ...

    @property
    def resigned_by(self) -> int | None:
        """A team game's seat whose resignation (or time) ended it (None otherwise: a duel says `resigned`)."""

    @property
    def early_claim(self) -> float:
        """The opponent claimed this side's time ran out while its own clock still had this many seconds (0: not)."""

    @property
    def violation(self) -> str:
        """How the opponent broke the protocol ("" if he did not)."""

    @property
    def verified(self) -> bool:
        """Every card and die of the opponent was honest: checked by his final reveal, or dealt here."""

    @property
    def lost(self) -> bool:
        """The link to the opponent is lost."""

    @property
    def overdue(self) -> bool:
        """The opponent's final reveal did not come in time after the end: the result stands, unverified."""


class PeerGame:
    """The `Table` members read off a network game's fair-play peer (a duel's or a party's): the state, the log
    and how it ended. A subclass gives the `peer`."""

    @property
    def peer(self) -> Any:
        raise NotImplementedError

    @property
    def state(self) -> GameState:
        state = self.peer.state
        assert state is not None, "the game has not begun"
        return state

    @property
    def log(self) -> list[Event]:
        return self.peer.events

    @property
    def phase(self) -> str:
        return "over" if self.over else self.state.phase

    @property
    def over(self) -> bool:
        """The game ended (by the rules or a resignation); another seat's proof may still be coming."""
        return self.peer.result is not None

    @property
    def winner(self) -> int:
        result = self.peer.result
        return result.winner if result is not None else self.state.winner

    @property
    def ended(self) -> str:
        """How the game ended: netgame's RULES, RESIGNATION or TIME ("" while it goes on)."""
        result = self.peer.result
        return result.ended if result is not None else ""
