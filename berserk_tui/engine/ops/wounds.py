"""The handlers of the wound ops: attacks and strikes, wounds, poison, heals, finishing and destroying."""

from __future__ import annotations

from typing import Any

from ..attacking import redirect_declared
from ..core import Events, ask, ask_roll, emit, push
from ..damage import heal, wound
from ..death import kill
from ..events import GameEvent
from ..geometry import NO_CELL
from ..keywords import kw, life_left, strike_values
from ..modifiers import add_modifier
from ..places import is_creature, moved_cells
from ..state import GameState
from .select import attacker_of, candidates, damage_of, death_cell
from .status import AmountDecision, poison, redistribute, retaliate
from .values import amount_of


def op_attack(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
              ctx: GameEvent | None) -> None:
    attacker = attacker_of(state, src, eff, ctx)
    origin = death_cell(state, src, ctx)       # «при гибели особый удар»: from the cell it died on
    if attacker != -1:
        push(state, ("attack", attacker, eff["attack"], damage_of(state, eff, ctx, src), target,
                     *((origin,) if origin != NO_CELL else ())))


def op_redirect_attack(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                       ctx: GameEvent | None) -> None:
    if ab.get("timing") == "own_attacked":      # the target is the stack entry of the attack
        redirect_declared(state, src, eff, -1, target)
    else:
        redirect_declared(state, src, eff, target)


def op_wound_heal(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                  ctx: GameEvent | None) -> None:
    """«Ранить каждое …, при этом излечиться на X (нанесённые раны)»."""
    hit = [u for u in candidates(state, src, eff["target"], ctx) if not state.cards[u].face_down]
    dealt = sum(wound(state, u, eff["amount"], src, ab.get("kind", "effect"), ev) for u in hit)
    heal(state, src, dealt, ev)
    push(state, ("check_deaths",))


def op_wound(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
             ctx: GameEvent | None) -> None:
    kind = ab.get("kind", "effect")
    if eff["amount"] == "chips":
        ask(state, state.cards[src].owner, AmountDecision(src, target, kind))
    elif isinstance(eff["amount"], list):      # X-Y-Z: by a die roll of its own
        state.rolls = ()
        ask_roll(state, src, ("rolled_wound", src, target, tuple(eff["amount"]), kind))
    else:
        wound(state, target, amount_of(state, eff["amount"], target, ctx, src), src, kind, ev)
        push(state, ("check_deaths",))


def op_poison(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
              ctx: GameEvent | None) -> None:
    if isinstance(eff["amount"], list):     # X-Y-Z: by a die roll of its own
        state.rolls = ()
        ask_roll(state, src, ("rolled_poison", src, target, tuple(eff["amount"])))
    else:
        poison(state, target, eff["amount"], ev)


def op_heal(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
            ctx: GameEvent | None) -> None:
    heal(state, target, amount_of(state, eff["amount"], target, ctx, src), ev, replaceable=True)


def op_extra_life(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                  ctx: GameEvent | None) -> None:
    state.cards[target].extra_life += eff["amount"]
    emit(ev, "extra_life", uid=target, amount=eff["amount"])


def op_redistribute(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                    ctx: GameEvent | None) -> None:
    redistribute(state, ev, src, target, ctx.amount if ctx is not None and ctx.kind == "wounded" else 0,
                 ab.get("kind", "effect"))


def op_retaliate(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                 ctx: GameEvent | None) -> None:
    """The creature struck by `target` strikes back at once with a weak strike."""
    retaliate(state, target, ev)


def op_trap(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
            ctx: GameEvent | None) -> None:
    """Kept by its source until the next enemy creature acts (closing.spring_traps)."""
    add_modifier(state, target, "trap", eff["amount"])
    emit(ev, "trap_set", uid=target)


def op_strike(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
              ctx: GameEvent | None) -> None:
    other = ctx.other if ctx is not None and ctx.other is not None else -1
    striker = other if eff.get("striker") == "pair_own" else \
        other if eff.get("striker") == "guard" and other != -1 else src   # the guard; the own one of a pair
    if striker == -1:
        return
    if state.cards[striker].on_battlefield:
        push(state, ("strike", striker, target, -1, bool(eff.get("as_open"))))


def op_destroy(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
               ctx: GameEvent | None) -> None:
    kill(state, target, ev, cause="destroyed", judge=False)
    push(state, ("judge",))         # after the whole effect: its later steps still resolve


def finishable(state: GameState, src: int, eff: dict[str, Any], target: int) -> bool:
    """«Добивание на X»: a face-up non-incorporeal creature on a cell (not a symbiont) with X or fewer lives
    left; X grows by `own_half_bonus` when it stands on the source's controller's half of the battlefield."""
    c = state.cards[target]
    if c.face_down or c.zone != "board" or not is_creature(state, target) or kw(state, target, "incorporeal"):
        return False
    amount = eff["amount"]
    x = strike_values(state, src)[0] if amount == "own_weak" else moved_cells(state, src) if amount == "moved" \
        else amount     # «X — свой слабый удар», «X — клетки, на которые он передвинулся в этот ход»
    if state.geo.row_of(c.cell) in state.geo.own_rows(state.place(state.cards[src].owner)):
        x += eff.get("own_half_bonus", 0)
    return life_left(state, target) <= x


def op_finish(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
              ctx: GameEvent | None) -> None:
    if finishable(state, src, eff, target):
        emit(ev, "finished", uid=target, by=src)
        kill(state, target, ev, cause="finished", judge=False)
        push(state, ("judge",))
    else:
        emit(ev, "fizzled", uid=src, target=target)
