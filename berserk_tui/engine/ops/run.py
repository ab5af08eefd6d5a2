"""The effect interpreter: `run_effect` (an effect, with its target) and `apply_op` (one op on one card).

Each op's handler is found in `table.OP_HANDLERS` (importing the `ops` package builds it).
"""

from __future__ import annotations

from typing import Any

from ..attack_values import protected
from ..core import Events, emit
from ..events import GameEvent
from ..state import GameState
from . import table
from .select import candidates, fixed_target, takes_all


def shielded(state: GameState, src: int, ab: dict[str, Any], target: int) -> bool:
    """Protection from spells (and magic) stops a spell and everything it carries."""
    return ab.get("kind") == "spell" and state.seats.enemy(state.cards[src].owner, state.cards[target].owner) and \
        protected(state, target, "spell", src)


def run_effect(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any],
               target: int, ctx: GameEvent | None) -> None:
    op = table.OP_HANDLERS[eff["op"]]
    if op.scope == table.EFFECT:
        op.handler(state, ev, src, ab, eff, target, ctx)
        return
    spec = eff.get("target")
    if target == -1 and isinstance(spec, str) and spec != "same":     # a fixed target of an activated ability
        target = fixed_target(state, src, spec, ctx)
    if takes_all(spec):
        for uid in candidates(state, src, eff["target"], ctx, same=target):     # `same`: the previous step's
            apply_op(state, ev, src, ab, eff, uid, ctx)
        return
    apply_op(state, ev, src, ab, eff, target, ctx)


def apply_op(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any],
             target: int, ctx: GameEvent | None) -> None:
    """One single-target effect op on `target`."""
    op = table.OP_HANDLERS[eff["op"]]
    if op.scope == table.ANY_CARD and target != -1:      # its target is a dead creature
        op.handler(state, ev, src, ab, eff, target, ctx)
        return
    if target == -1 or not state.cards[target].on_battlefield:
        return
    if shielded(state, src, ab, target):
        emit(ev, "protected", uid=target, kind="spell")
        return
    op.handler(state, ev, src, ab, eff, target, ctx)
