"""`GameDef`: everything one game of the family offers, as one protocol.

A game definition owns its rulebook (the tasks and decisions of its rules) and gives the rest of the
program what it needs without importing the game's modules: the simulator and the match start games
and drive them through it, the bots play the agents it names, the UI picks its screens and its
describer, the scenario runner applies actions through it, and the network layer plays the lockstep
with the secrets policy it provides. The classic duel is one implementation
(`berserk_tui.games.classic.CLASSIC`); a variant or a second game is another, and several live in one
process side by side.

A state of a game has at least `pending` (a `Decision`: `player` is a seat or `CHANCE`), `seq` (actions
applied), `over`, `winner` and `to_bytes()`; an action is one of its `NamedTuple`s with a wire form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from .core import Event, Events
from .rng import RandomSource
from .rulebook import Rulebook

Agent = Callable[[Any, list], Any]          # (view of the deciding seat, legal actions) -> action
AgentFactory = Callable[[int], Agent]        # seed -> agent


class Describer(Protocol):
    """The game's words for a view: its events, actions and pending decision in the viewer's language."""

    def event(self, e: Event) -> str | None: ...

    def action(self, action: Any) -> str: ...

    def decision(self) -> str: ...


class Driver(Protocol):
    """A game in play that resolves its own chance nodes from a random source (`GameDef.start`)."""

    state: Any
    log: Events

    @property
    def over(self) -> bool: ...

    def legal_actions(self) -> list: ...

    def step(self, action: Any) -> Events: ...


@runtime_checkable
class GameDef(Protocol):
    """One game: its rules, views, chance, hash, words, screens, bots and secrets.

    - `name`: what the game is called in files and messages; `rulebook`: its tasks and decisions;
      `rules(options=None)`: the `Rules` its games are played with (its rulebook, board and seats).
    - `new_game(db, decks, rules=None, **setup)`: the state at its first decision and the events so far;
      `start(db, decks, rng, rules=None, **setup)`: the same as a `Driver` whose chance nodes `rng` resolves.
    - `legal_actions(state)`, `apply(state, action, ev=None) -> events` (an illegal action raises
      `IllegalAction` and changes nothing), `chance_outcomes(state)` (a chance node's listed outcomes),
      `draw(state, rng)` (the outcome `rng` gives the pending chance node).
    - `view(state, seat)`: the state as the seat may know it; `public_view(state)`: as both seats know it;
      `state_hash(state)`: the hex SHA-256 of the canonical encoding.
    - `describer(view, lang, roles)`: its words (`roles` names the seats: "you", "bot", "opponent").
    - `screens`: the name of the UI screen for each phase of its states.
    - `evaluate(state, seat)`: the bots' judgement of a position for `seat` (±1000 once decided);
      `agents`: its bots by name (factories taking a seed).
    - `secrets`: its fair-play peer for network games, a class (`netgame.Lockstep` with the game's secrets
      policy: what each side commits to, keeps hidden, and reveals when): `secrets(db, seat, deck, master,
      control=…)` starts one, `secrets.rebuild(db, seat, deck, master, inputs, received, sent, control=…)`
      resumes one.
    """

    name: str
    rulebook: Rulebook
    screens: Mapping[str, str]
    agents: Mapping[str, AgentFactory]
    secrets: Any

    def rules(self, options: Any = None) -> Any: ...

    def new_game(self, db: Any, decks: tuple[list, list], rules: Any = None, **setup: Any) -> tuple[Any, Events]: ...

    def start(self, db: Any, decks: tuple[list, list], rng: RandomSource, rules: Any = None,
              **setup: Any) -> Driver: ...

    def legal_actions(self, state: Any) -> list: ...

    def apply(self, state: Any, action: Any, ev: Events | None = None) -> Events: ...

    def chance_outcomes(self, state: Any) -> list: ...

    def draw(self, state: Any, rng: RandomSource) -> Any: ...

    def view(self, state: Any, seat: int) -> Any: ...

    def public_view(self, state: Any) -> Any: ...

    def state_hash(self, state: Any) -> str: ...

    def describer(self, view: Any, lang: str, roles: Mapping[int, str] | None = None) -> Describer: ...

    def evaluate(self, state: Any, seat: int) -> float: ...
