"""The seats as data: how many play, their teams (who opposes whom), the turn order and who wins.

`TWO_SEATS` is the duel: two seats, each its own team numbered like the seat, taking turns. A team game
such as seed 003's four players on two teams is `Seats((0, 1, 0, 1))`: seats 0 and 2 against 1 and 3,
the turn passing 0, 1, 2, 3. The tables are precomputed, so the engine's loops read tuples.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

DRAW = 2             # `GameState.winner` of a drawn game (so team numbers stay below it)


class Seats:
    """Seats 0..count-1; `teams[seat]` is the seat's team (0 or 1); `order` is the cyclic turn order."""

    __slots__ = ("count", "teams", "order", "next", "places", "rounds", "opponents_of", "allies_of")

    def __init__(self, teams: Sequence[int] = (0, 1), order: Sequence[int] | None = None) -> None:
        self.count = len(teams)
        self.teams = tuple(teams)
        self.order = tuple(range(self.count) if order is None else order)
        if self.count < 2 or sorted(self.order) != list(range(self.count)):
            raise ValueError(f"the turn order {self.order} must list each of {self.count} seats (two or more) once")
        if set(self.teams) != {0, 1}:
            raise ValueError(f"teams {self.teams} must be 0 and 1 (a winner is a team, and DRAW is {DRAW})")
        n, at = self.count, {seat: i for i, seat in enumerate(self.order)}
        self.next = tuple(self.order[(at[s] + 1) % n] for s in range(n))
        # rounds[first]: the seats in turn order from `first`; places[first][seat]: the seat's place in it
        self.rounds = tuple(tuple(self.order[(at[f] + k) % n] for k in range(n)) for f in range(n))
        self.places = tuple(tuple((at[s] - at[f]) % n for s in range(n)) for f in range(n))
        self.opponents_of = tuple(tuple(o for o in self.rounds[s] if self.teams[o] != self.teams[s])
                                  for s in range(n))
        self.allies_of = tuple(tuple(o for o in self.rounds[s] if o != s and self.teams[o] == self.teams[s])
                               for s in range(n))

    def opponents(self, seat: int) -> tuple[int, ...]:
        """The seats of the other teams, in turn order after `seat`."""
        return self.opponents_of[seat]

    def allies(self, seat: int) -> tuple[int, ...]:
        """The other seats of `seat`'s team, in turn order after it."""
        return self.allies_of[seat]

    def enemy(self, a: int, b: int) -> bool:
        return self.teams[a] != self.teams[b]

    def outcome(self, alive: Sequence[bool]) -> int:
        """The result once seats may have lost all their creatures: -1 while two teams have some, else
        the surviving team, or DRAW when none has."""
        standing = {self.teams[s] for s in range(self.count) if alive[s]}
        return -1 if len(standing) > 1 else standing.pop() if standing else DRAW

    # --- identity and encoding --------------------------------------------------------------------------
    def spec(self) -> list[Any]:
        return [list(self.teams), list(self.order)]

    @classmethod
    def from_spec(cls, spec: Any) -> Seats:
        teams, order = spec
        return cls(tuple(teams), tuple(order))

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Seats) and (self.teams, self.order) == (other.teams, other.order))

    def __hash__(self) -> int:
        return hash((self.teams, self.order))

    def __repr__(self) -> str:
        return f"Seats(teams={self.teams}, order={self.order})"


TWO_SEATS = Seats()
"""The duel: seat 0 against seat 1."""
