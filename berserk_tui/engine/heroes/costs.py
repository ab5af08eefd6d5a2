"""What a card costs its player now, and whether he may play cards at all (seed 002: a card is paid in coins).

The cost is the printed one plus the changes of the effects in force: each function of `CHANGES` gives the coins
more (or fewer) card `uid` costs its owner; then, only if they raise it, each of `EXTRA` adds its part (Феллин:
«если карта должна стоить дороже…»). A function of `BANS` forbids a seat to play cards. The op modules add theirs.
"""

from __future__ import annotations

from collections.abc import Callable

from .state import HeroesState

CostChange = Callable[[HeroesState, int], int]        # (state, the uid of a card in a hand) -> coins more
CHANGES: list[CostChange] = []
EXTRA: list[CostChange] = []
BANS: list[Callable[[HeroesState, int], bool]] = []   # (state, seat) -> may not play cards now


def cost(state: HeroesState, uid: int) -> int:
    """The coins card `uid` costs now (never below 0; an X cost: its fixed part)."""
    change = sum(f(state, uid) for f in CHANGES)
    if change > 0:
        change += sum(f(state, uid) for f in EXTRA)
    return max(0, state.cdef(uid).cost + change)


def banned(state: HeroesState, seat: int) -> bool:
    """May `seat` play no card now?"""
    return any(f(state, seat) for f in BANS)
