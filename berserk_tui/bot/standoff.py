"""Stand-offs: once no creature has been wounded for a while, a bot can switch to weights that press.

Armored creatures (armor stops so many wounds a turn) are killed only by several blows in one turn;
a one-ply view sees no gain in the first blows, and both sides then only move until the turn limit.
"""

from __future__ import annotations

from berserk_tui.engine import GameState

from .evaluate import DEFAULT_WEIGHTS, Weights

PRESS = Weights(worn=1.0, closed=0.05)   # armor worn down counts; being closed matters little when no one gets through
QUIET_TURNS = 6       # turns without a wound that make a stand-off


def quiet_turns(state: GameState) -> int:
    """Turns since a creature was last wounded before this turn (so a stand-off lasts through the turn
    that breaks it); 0 if none has been yet (the armies have not met)."""
    last = max((c.wounded_turn for c in state.cards if c.wounded_turn < state.turn), default=-1)
    return state.turn - last if last >= 0 else 0


def weights_for(state: GameState, press: Weights | None, calm: Weights = DEFAULT_WEIGHTS) -> Weights:
    """The evaluation's weights for a decision: `press` in a stand-off, else `calm`."""
    return press if press is not None and quiet_turns(state) >= QUIET_TURNS else calm
