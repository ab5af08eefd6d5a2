"""The stack of declarations: declaring, and resolving it from the top (strikes, defenders, chips, abilities, and the
responses that act on the stack itself)."""

from __future__ import annotations

from collections.abc import Callable

from .activated import paid
from .core import Events, emit, push, task
from .dispatch import dispatch, may_hear
from .events import GameEvent, spot
from .keywords import LOST_ABILITY, chip_room
from .modifiers import add_modifier, modifier_value, replace_modifier
from .ops.run import run_effect
from .ops.select import ability, effect_target_spec, pick_limit
from .ops.trigger import effect_on
from .places import battlefield, position
from .respond import current_target, discharge_at_own, ranged_at_adjacent
from .state import GameState, Item


def declare(state: GameState, item: Item, ev: Events) -> None:
    """Put a declaration on the stack and open the response window (the other side answers first)."""
    emit(ev, "declared", what=item.kind, seat=item.owner, uid=item.actor, ability=item.ability, target=item.target)
    state.stack.append(item)
    push(state, *declared_at(state, item), ("window", state.seats.next[item.owner], 0), ("resolve_stack",))


def declared_at(state: GameState, item: Item) -> list[tuple]:
    """«Если эта карта атакована …»: an enemy attack was just declared at a card; its own abilities hearing it
    work before the response window."""
    if item.target < 0 or item.kind not in ("strike", "ability"):
        return []
    t = state.cards[item.target]
    if not state.seats.enemy(t.owner, item.owner) or not may_hear(state, t, "attacked", "targeted"):
        return []
    eff = ability(state, item.actor, item.ability)["effect"] if item.kind == "ability" else {"attack": "strike"}
    if "attack" not in eff:
        return []
    declared = GameEvent("attacked", subject=item.target, actor=item.actor, attack=eff["attack"], cause="declared")
    return dispatch(state, declared, "targeted", [t])


@task("resolve_stack")
def resolve_stack(state: GameState, ev: Events) -> None:
    if not state.stack:
        return
    index = len(state.stack) - 1
    item = state.stack.pop()
    push(state, ("resolve_stack",))
    if item.canceled:
        emit(ev, "canceled", uid=item.actor, what=item.kind)
        return
    if item.kind == "end_turn":
        push(state, ("turn_end", item.owner))
    elif item.kind == "strike":
        push(state, ("strike", item.actor, item.target, item.defender), *first_strike_jobs(state, item))
    elif item.kind == "defend":
        state.stack[item.target] = state.stack[item.target]._replace(defender=item.actor, redirected=True)
        emit(ev, "defends", uid=item.actor, against=state.stack[item.target].actor)
        attack = state.stack[item.target]
        defended = GameEvent("defended", subject=item.actor, actor=attack.actor, cause="defender", other=attack.target)
        push(state, *dispatch(state, defended, "defender", [state.cards[item.actor]]))
        redirect_triggers(state, state.stack[item.target].target, state.stack[item.target].actor)
    elif item.kind == "chip":
        if chip_room(state, item.actor, item.actor):
            state.cards[item.actor].chips += 1
            emit(ev, "chip", uid=item.actor, chips=state.cards[item.actor].chips)
    elif item.kind == "anti_air":
        state.cards[item.actor].anti_air_until = state.next_turn(item.owner)
        emit(ev, "anti_air", uid=item.actor)
    else:
        _resolve_ability(state, item, index, ev)


def first_strike_jobs(state: GameState, item: Item) -> list[tuple]:
    """«При первом своём простом ударе в ваш ход»: the striker's `first_strike` abilities, run once its first
    declared simple strike of its controller's turn has resolved (the event: the card struck — the defender, if
    one was assigned — and its cell)."""
    c = state.cards[item.actor]
    if state.active != c.owner or modifier_value(state, item.actor, "strikes_made") != 1 or c.face_down:
        return []
    struck = item.defender if item.defender >= 0 else item.target
    first = GameEvent("attacked", subject=struck, actor=item.actor, cell=spot(position(state, struck)), attack="strike")
    return dispatch(state, first, "first", [c])


def redirect_triggers(state: GameState, frm: int, attacker: int) -> None:
    """An attack was redirected from `frm` (a defender assigned included): «own_redirected» abilities of
    the face-up cards of `frm`'s controller."""
    if frm < 0:
        return
    push(state, *dispatch(state, GameEvent("redirected", subject=frm, actor=attacker), "side",
                          battlefield(state, state.cards[frm].owner)))


def _resolve_ability(state: GameState, item: Item, index: int, ev: Events) -> None:
    ab = ability(state, item.actor, item.ability)
    if ab is LOST_ABILITY:          # a gained ability its card lost before it resolved
        emit(ev, "fizzled", uid=item.actor, target=item.target)
        return
    resolve = STACK_OPS.get(ab["effect"]["op"])
    emit(ev, "ability", uid=item.actor, ability=item.ability, target=item.target)
    if resolve is not None:
        resolve(state, item, ev)
    elif ab.get("pay_close"):             # the target was the creature that paid
        effect_on(state, ev, item.actor, item.ability, -1, paid(item.target, item.actor), True)
    elif ab.get("timing") in ("self_attacked", "host_attacked"):      # its target is a stack entry, not a card
        effect_on(state, ev, item.actor, item.ability, -1, None, True)
    else:
        spec = effect_target_spec(ab["effect"])
        if item.target >= 0 and isinstance(spec, dict) and pick_limit(state, item.actor, spec) > 1:   # «до N»: more
            push(state, ("more_targets", item.actor, item.ability, None, (item.target,)))
        effect_on(state, ev, item.actor, item.ability, item.target, None, True)


def _cancel_action(state: GameState, item: Item, ev: Events) -> None:
    for k in range(len(state.stack) - 1, -1, -1):
        if state.stack[k].actor == item.target and not state.stack[k].canceled:
            state.stack[k] = state.stack[k]._replace(canceled=True)
            break


def _redirect_to_self(state: GameState, item: Item, ev: Events) -> None:
    """«Перенаправить в себя выстрел или метание со стоящей рядом карты»."""
    ks = [k for k in ranged_at_adjacent(state, item.actor) if state.stack[k].actor == item.target]
    if ks:
        k = ks[-1]
        frm = state.stack[k].target
        state.stack[k] = state.stack[k]._replace(target=item.actor, redirected=True)
        emit(ev, "redirected", uid=item.actor, to=item.actor)
        redirect_triggers(state, frm, state.stack[k].actor)


def _redirect_discharge(state: GameState, item: Item, ev: Events) -> None:
    """«Перенаправить разряд … в выбранное существо противника»."""
    k = discharge_at_own(state, item.owner)
    if k != -1 and state.cards[item.target].on_battlefield:
        frm = state.stack[k].target
        state.stack[k] = state.stack[k]._replace(target=item.target, redirected=True)
        emit(ev, "redirected", uid=item.actor, to=item.target)
        redirect_triggers(state, frm, state.stack[k].actor)


def _redirect_to_host(state: GameState, item: Item, ev: Events) -> None:
    host = state.cards[item.actor].host
    if item.target < len(state.stack) and host != -1:
        state.stack[item.target] = state.stack[item.target]._replace(target=host, redirected=True)
        emit(ev, "redirected", uid=item.actor, to=host)
        redirect_triggers(state, item.actor, state.stack[item.target].actor)


def _set_attack(state: GameState, item: Item, ev: Events) -> None:
    """«Свести удар к N» / «уменьшить величину удара на N»: the attacker of stack entry `item.target` gets
    "attack_to" N (its next attack deals at most N) or −N to its next attack, used up by that attack; then the
    effect's `then` runs, «атакованное» being the card the attack is aimed at."""
    if item.target >= len(state.stack) or state.stack[item.target].canceled:
        return
    eff = ability(state, item.actor, item.ability)["effect"]
    attacker, aimed = state.stack[item.target].actor, current_target(state, item.target)
    if "to" in eff:
        replace_modifier(state, attacker, "attack_to", eff["to"])
    else:
        add_modifier(state, attacker, "next_attack", -eff["minus"], state.turn)
    emit(ev, "attack_set", uid=attacker, to=eff.get("to", -1), minus=eff.get("minus", 0))
    if "then" in eff:
        run_effect(state, ev, item.actor, ability(state, item.actor, item.ability), eff["then"], -1,
                   GameEvent("attacked", subject=aimed, actor=attacker))


# The ops of the responses that act on the stack itself, each with its handler; every other op runs
# through `ops.run.run_effect` (`ops.table.OP_HANDLERS`).
STACK_OPS: dict[str, Callable[[GameState, Item, Events], None]] = {
    "cancel_action": _cancel_action,
    "redirect_to_self": _redirect_to_self,
    "redirect_discharge": _redirect_discharge,
    "redirect_to_host": _redirect_to_host,
    "set_attack": _set_attack,
}
