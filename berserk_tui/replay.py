"""A game step by step, for watching it again: the model behind `berserk replay FILE`.

`load_replay(db, path)` reads a local save (`match.py`: the setup and the players' actions) or a
network transcript (verified end to end first, exactly as `berserk replay --verify`; a transcript
that fails is refused) and rebuilds the game through the engine with every card known, keeping
the state after every step. A step is one player's action together with the dice and shuffles
that follow it; step 0 is the start of the game. What one seat saw (`view`), the log lines and
the turn jumps are derived from the states on demand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from berserk_tui.describe import Describer, cap
from berserk_tui.engine import Action, Event, GameState, view
from berserk_tui.engine.actions import Buy, BuyExtra, Confirm, Place, Recruit, Redeal, Unbuy
from berserk_tui.i18n import tr
from berserk_tui.match import HUMAN, Match, SaveError
from berserk_tui.netgame import TIME, GameHistory
from berserk_tui.netmatch import GAME_SUFFIX, transcript_history
from berserk_tui.userdata import FileError, read_limited
from cards.loader import CardDB
from cards.schema import CardDef

FULL = -1                    # the view with every card shown, as the file reveals them all
TRANSCRIPT_START = b"\x98"   # a transcript opens with its header record, a msgpack array of 8
PRIVATE_PHASES = ("purchase", "deploy")   # decisions the other seat did not see as they were taken


class ReplayError(ValueError):
    """A file that cannot be replayed; `text(lang)` says why in the interface language."""

    def __init__(self, key: str, **kw: object) -> None:
        super().__init__(tr(key, "en", **kw))
        self.key, self.kw = key, kw

    def text(self, lang: str) -> str:
        return tr(self.key, lang, **self.kw)


@dataclass(frozen=True)
class Step:
    """The state after one action and the chance nodes that follow it (step 0: the start)."""
    action: Action | None     # None at the start
    seat: int                 # who played it; -1 at the start
    state: GameState          # the full state after it
    events: tuple[Event, ...]


@dataclass
class Replay:
    """A whole game, step by step. `owner` is the seat whose view opens it (the save's player, the
    transcript writer's seat); `roles` name the seats in the game's text; `resigned` is the seat
    that gave up, `timed_out` the one whose time ran out (-1 if nobody did)."""
    steps: list[Step]
    owner: int = 0
    roles: Mapping[int, str] = field(default_factory=dict)
    resigned: int = -1
    timed_out: int = -1
    _views: dict[tuple[int, int], GameState] = field(default_factory=dict, repr=False)
    _lines: dict[tuple[int, int, str], list[str]] = field(default_factory=dict, repr=False)

    @property
    def last(self) -> int:
        """The index of the last step (the number of actions)."""
        return len(self.steps) - 1

    def view(self, i: int, seat: int) -> GameState:
        """The state after step `i` as `seat` knew it (FULL: everything)."""
        state = self.steps[i].state
        if seat == FULL:
            return state
        key = (i, seat)
        if key not in self._views:
            self._views[key] = view(state, seat)
        return self._views[key]

    # --- turns ------------------------------------------------------------------------------------
    def turn(self, i: int) -> int:
        """The turn in which step `i` was played (0 before the battle)."""
        return self.steps[max(i - 1, 0)].state.turn

    def _starts_turn(self, i: int) -> bool:
        return i > 0 and self.steps[i].state.turn != self.steps[i - 1].state.turn

    def next_turn(self, i: int) -> int:
        """The next step after which a new turn begins (the last step if none)."""
        return next((j for j in range(i + 1, len(self.steps)) if self._starts_turn(j)), self.last)

    def previous_turn(self, i: int) -> int:
        """The previous step after which a turn began (the start if none)."""
        return next((j for j in range(i - 1, 0, -1) if self._starts_turn(j)), 0)

    # --- text -------------------------------------------------------------------------------------
    def describer(self, i: int, seat: int, lang: str) -> Describer:
        return Describer(self.view(i, seat), lang, self.roles)

    def hidden(self, i: int, seat: int) -> bool:
        """Step `i` is a private choice (a card bought or placed) that `seat` did not see; a redeal and
        the end of a purchase or deployment are seen."""
        step = self.steps[i]
        return seat != FULL and step.seat not in (seat, -1) and not isinstance(step.action, Redeal | Confirm) \
            and self.steps[i - 1].state.pending.kind in PRIVATE_PHASES

    def action_text(self, i: int, seat: int, lang: str) -> str:
        """What step `i` did, as `seat` may know it: «Игрок 2 (бот): удар: …»."""
        step = self.steps[i]
        if step.action is None:
            return tr("replay.start", lang)
        d = self.describer(i - 1, seat, lang)
        what = tr("replay.hidden", lang) if self.hidden(i, seat) else d.action(step.action)
        return tr("replay.action", lang, player=d.player(step.seat), what=what)

    def card_of(self, i: int, seat: int) -> CardDef | None:
        """The card step `i` bought or placed, if `seat` knew it (for the setup, when the board is empty)."""
        action = self.steps[i].action
        if i == 0 or self.hidden(i, seat):
            return None
        before = self.view(i - 1, seat)
        match action:
            case Buy(index) | BuyExtra(index) | Recruit(index) | Unbuy(index):
                card_id = before.players[self.steps[i].seat].deal[index]
                return before.db.cards[card_id] if card_id is not None else None
            case Place(uid, _):
                return before.cdef(uid)
        return None

    def lines(self, i: int, seat: int, lang: str) -> list[str]:
        """The log lines of step `i` as `seat` read them (the resignation after the last step)."""
        key = (i, seat, lang)
        if key not in self._lines:
            d = self.describer(i, seat, lang)
            lines = [text for e in self.steps[i].events if (text := d.event(e))]
            if i == self.last and self.resigned >= 0:
                lines.append(cap(tr("replay.resigned", lang, player=d.player(self.resigned))))
            if i == self.last and self.timed_out >= 0:
                lines.append(cap(tr("replay.timed_out", lang, player=d.player(self.timed_out))))
            self._lines[key] = lines
        return self._lines[key]


# --- loading ----------------------------------------------------------------------------------------

def load_replay(db: CardDB, path: Path) -> Replay:
    """The game of a local save or of a network transcript; ReplayError says why a file cannot be used."""
    if path.name.endswith(GAME_SUFFIX):
        raise ReplayError("replay.error.private", path=path, transcript=path.with_name(path.name[:-len(GAME_SUFFIX)]))
    try:
        head = read_limited(path, 64, head=True)
    except FileError as exc:
        if isinstance(exc.__cause__, FileNotFoundError):
            raise ReplayError("replay.error.missing", path=path) from None
        raise ReplayError(exc.problem.key, **exc.problem.params) from None
    if head.lstrip()[:1] == b"{":
        return _from_save(db, path)
    if head[:1] == TRANSCRIPT_START:
        return _from_transcript(db, path)
    raise ReplayError("replay.error.kind", path=path)


def _from_save(db: CardDB, path: Path) -> Replay:
    steps: list[Step] = []

    def record(match: Match, action: Action | None, events: list[Event]) -> None:
        seat = steps[-1].state.pending.player if steps else -1
        steps.append(Step(action, seat, match.state.clone(), tuple(events)))

    try:
        match = Match.load(path, db, record)
    except SaveError as exc:
        raise ReplayError("replay.error.save", error=exc) from None
    setup = match.setup
    roles = {} if setup.hotseat else {seat: "you" if who == HUMAN else "bot" for seat, who in enumerate(setup.players)}
    return Replay(steps, setup.humans[0], roles)


def _from_transcript(db: CardDB, path: Path) -> Replay:
    try:
        history, writer = transcript_history(db, path)
    except ValueError as exc:
        raise ReplayError("replay.error.transcript", path=path, error=exc) from None
    report = history.report
    resigned = 1 - report.winner if report.resigned else -1
    timed_out = 1 - report.winner if report.ended == TIME and report.winner in (0, 1) else -1
    return Replay(history_steps(history), writer, {writer: "you", 1 - writer: "opponent"}, resigned, timed_out)


def history_steps(history: GameHistory) -> list[Step]:
    """The steps of a verified network game: each recorded action with the chance nodes and
    reveals after it, fed to the full-information engine."""
    full = history.start
    steps: list[Step] = []
    action: Action | None = None
    seat, events = -1, list(full.start_events)
    for item in history.steps:
        if item.kind == "act":
            steps.append(Step(action, seat, full.state.clone(), tuple(events)))
            action, seat, events = item.action, full.state.pending.player, []
        events += full.feed(item)
    steps.append(Step(action, seat, full.state.clone(), tuple(events)))
    return steps
