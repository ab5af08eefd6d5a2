"""The handlers of the wound ops: attacks and strikes, wounds, poison, heals, finishing and destroying."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..actions import Skip, Target
from ..attacking import redirect_declared
from ..closing import close
from ..conditions import holds
from ..core import Events, ask, ask_roll, decision, emit, push
from ..damage import heal, wound
from ..death import kill
from ..events import GameEvent
from ..geometry import NO_CELL
from ..keywords import kw, life_left, strike_values
from ..modifiers import add_modifier
from ..places import adjacent, around_cards, battlefield, is_creature, moved_cells
from ..refs import Ref, ref_of, resolve
from ..state import GameState
from .select import attack_job, attacker_of, candidates, death_cell, fixed_target
from .status import AmountDecision, poison, redistribute, retaliate
from .values import amount_of


def op_attack(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
              ctx: GameEvent | None) -> None:
    attacker = attacker_of(state, src, eff, ctx)
    origin = death_cell(state, src, ctx)       # «при гибели особый удар»: from the cell it died on
    if attacker != -1:
        push(state, attack_job(state, src, attacker, eff, ctx, target, *((origin,) if origin != NO_CELL else ())))


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
        amount = own_count(state, src, eff) if eff["amount"] == "own_count" else \
            amount_of(state, eff["amount"], target, ctx, src)
        wound(state, target, amount, src, kind, ev)
        push(state, ("check_deaths",))


def own_count(state: GameState, src: int, eff: dict[str, Any]) -> int:
    """«X — количество ваших карт, у которых …» (at most `max`): own face-up cards on the battlefield matching
    `filter`."""
    n = sum(1 for o in battlefield(state, state.cards[src].owner)
            if not o.face_down and holds(state, o.uid, eff.get("filter", {})))
    return min(n, eff.get("max", n))


def op_poison(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
              ctx: GameEvent | None) -> None:
    if isinstance(eff["amount"], list):     # X-Y-Z: by a die roll of its own
        state.rolls = ()
        ask_roll(state, src, ("rolled_poison", src, target, tuple(eff["amount"])))
    elif (amount := amount_of(state, eff["amount"], target, ctx)) > 0:
        poison(state, target, amount, ev)


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
    if eff.get("striker") == "adjacent_own":     # «все ваши существа, стоящие рядом с ним, сражаются с ним»
        seat = state.cards[src].owner
        strikers = [c.uid for c in battlefield(state, seat) if not c.face_down and is_creature(state, c.uid)
                    and adjacent(state, c.uid, target)]
        push(state, *(("strike", u, target, -1, bool(eff.get("as_open"))) for u in strikers))
        return
    if eff.get("striker") == "target":           # «существо … наносит по стоящей рядом карте удар и закрывается»
        if struck_options(state, target):
            ask(state, state.cards[src].owner, ForcedStrikeDecision(src, target, bool(eff.get("as_open"))))
        return
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
    if amount == "own_weak":            # «X — свой слабый удар»
        x = strike_values(state, src)[0]
    elif amount == "moved":             # «X — клетки, на которые он передвинулся в этот ход»
        x = moved_cells(state, src)
    elif amount == "poisoned_near":     # «X — число отравленных существ рядом с целью»
        x = sum(1 for u in around_cards(state, target) if state.cards[u].poison and is_creature(state, u))
    else:
        x = amount
    x += eff.get("plus", 0)
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


def op_move_wounds(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                   ctx: GameEvent | None) -> None:
    """«Перераспределить N (или менее) ран с … на …»: the owner moves the target's wounds one at a time."""
    left = amount_of(state, eff["amount"], target, ctx)
    kind = ab.get("kind", "effect")
    ask_move_wound(state, MoveWoundsDecision(src, target, ref_of(state, eff), min(left, state.cards[target].wounds),
                                             kind, ctx, False))


def wound_receivers(state: GameState, d: MoveWoundsDecision) -> list[int]:
    """The cards a wound of `d` may go to: `to` (a target word, or a selector the owner picks from each time)."""
    to = resolve(state.db, d.effect)["to"]
    uids = candidates(state, d.src, to, d.ctx) if isinstance(to, dict) else [fixed_target(state, d.src, to, d.ctx)]
    return [u for u in uids if u >= 0 and u != d.donor and state.cards[u].on_battlefield]


def ask_move_wound(state: GameState, d: MoveWoundsDecision) -> None:
    if d.left > 0 and state.cards[d.donor].on_battlefield and state.cards[d.donor].wounds and wound_receivers(state, d):
        ask(state, state.cards[d.src].owner, d)
    elif d.moved:
        push(state, ("check_deaths",))


@decision("move_wounds")
class MoveWoundsDecision(NamedTuple):
    """The owner moves one more wound of the donor onto a card `to` allows (`target X`), or stops (`skip`)."""
    src: int                 # the card whose ability it is
    donor: int               # the card the wounds come from
    effect: Ref              # the move_wounds op (its `to`)
    left: int                # the wounds it may still move
    kind: str                # the kind of the wounds dealt
    ctx: GameEvent | None    # the event that triggered it
    moved: bool              # a wound has been moved already

    @staticmethod
    def legal(state: GameState) -> list:
        d: MoveWoundsDecision = state.pending.data
        return [*(Target(u) for u in wound_receivers(state, d)), Skip()]

    @staticmethod
    def apply(state: GameState, action: Target | Skip, ev: Events) -> None:
        d: MoveWoundsDecision = state.pending.data
        if isinstance(action, Skip):
            if d.moved:
                push(state, ("check_deaths",))
            return
        if not heal(state, d.donor, 1, ev):
            return
        wound(state, action.uid, 1, d.src, d.kind, ev)
        ask_move_wound(state, d._replace(left=d.left - 1, moved=True))


def struck_options(state: GameState, striker: int) -> list[int]:
    """The face-up cards (terrain aside) next to `striker` it may be made to strike."""
    return [c.uid for c in battlefield(state) if c.uid != striker and c.zone == "board"
            and adjacent(state, c.uid, striker) and (c.face_down or state.cdef(c.uid).kind != "terrain")]


@decision("forced_strike")
class ForcedStrikeDecision(NamedTuple):
    """The source's owner picks the card next to the striker that it strikes; the striker then closes."""
    src: int                 # the card whose ability it is
    striker: int             # the creature made to strike
    as_open: bool            # the struck card fights as if it were open

    @staticmethod
    def legal(state: GameState) -> list:
        return [Target(u) for u in struck_options(state, state.pending.data.striker)]

    @staticmethod
    def apply(state: GameState, action: Target, ev: Events) -> None:
        d: ForcedStrikeDecision = state.pending.data
        close(state, d.striker)
        push(state, ("strike", d.striker, action.uid, -1, d.as_open))
