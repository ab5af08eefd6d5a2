"""Авангард (vanguard, seed 003): once the cards are revealed and the «в начале боя» abilities have
resolved, each creature with vanguard may make one simple unanswerable strike at an enemy card
next to it, without closing — the first player's creatures and the second's alternately, in
card order (docs/rules-decisions.md)."""

from __future__ import annotations

from itertools import zip_longest
from typing import Any, NamedTuple

from .actions import Skip, Target
from .core import Events, ask, decision, emit, push, task
from .keywords import has_static, kw
from .places import adjacent, battlefield
from .state import GameState
from .targets import known_terrain


def vanguard_targets(state: GameState, uid: int) -> list[int]:
    """Enemy cards next to `uid` that its vanguard strike may hit; [] if it cannot strike now."""
    c = state.cards[uid]
    if state.winner != -1 or c.zone != "board" or c.face_down or not kw(state, uid, "vanguard"):
        return []
    if has_static(state, uid, "no_strike"):
        return []
    return [t.uid for t in state.cards if state.seats.enemy(t.owner, c.owner) and t.zone in ("board", "seated")
            and adjacent(state, uid, t.uid) and not known_terrain(state, t)]


@task("vanguard_offers")
def vanguard_offers(state: GameState, ev: Events) -> None:
    """Queue an offer for every face-up creature with vanguard on the board, seats alternately."""
    per_seat = [[("vanguard", c.uid) for c in battlefield(state, seat)
                 if c.zone == "board" and not c.face_down and kw(state, c.uid, "vanguard")]
                for seat in state.seats.rounds[state.first]]
    push(state, *[job for pair in zip_longest(*per_seat) for job in pair if job is not None])


@task("vanguard")
def vanguard(state: GameState, ev: Events, uid: int) -> None:
    """Offer the vanguard strike of `uid` if it still has a target."""
    if vanguard_targets(state, uid):
        ask(state, state.cards[uid].owner, VanguardDecision(uid))


@decision("vanguard")
class VanguardDecision(NamedTuple):
    """The owner of `uid` may strike with its vanguard, or not."""
    uid: int

    @staticmethod
    def legal(state: GameState) -> list:
        return [*(Target(t) for t in vanguard_targets(state, state.pending.data.uid)), Skip()]

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        uid = state.pending.data.uid
        if isinstance(action, Skip):
            emit(ev, "declined", uid=uid, ability=-1)
            return
        emit(ev, "vanguard", uid=uid, target=action.uid)
        push(state, ("strike", uid, action.uid, -1, False, True))
