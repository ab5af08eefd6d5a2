"""Attacks by abilities (X-Y-Z, rolled alone): shots, throws, discharges, magic and special strikes, and reflecting a
ranged attack."""

from __future__ import annotations

from cards.schema import MAGIC_ATTACKS, expand_attacks

from . import dice
from .attack_values import attack_value, capped_next, protected
from .attacking import count_attack, first_attack_penalty, ignoring, level_triggers, redirect_next, self_block
from .core import Events, ask, ask_roll, emit, push, task
from .damage import NO_WOUNDS, Wounding, inflict, wound
from .dispatch import dispatch
from .events import GameEvent
from .geometry import NO_CELL
from .keywords import statics
from .modifiers import drop_modifiers, modifier_value, replace_modifier
from .places import battlefield, foes, is_creature, position
from .rolls import ability_roll_bonus, fight_roll_bonus, modified_roll
from .state import GameState
from .strike import ReduceDecision

MELEE_KINDS = expand_attacks(["melee"])


@task("attack")
def attack(state: GameState, ev: Events, attacker: int, kind: str, damage: tuple, target: int,
           origin: int = -1, redirected: bool = False) -> None:
    """An ability attack; `origin`: the cell the attacker died on, for the attack of its death trigger;
    `redirected`: the opponent already chose whether to redirect it (`redirectable`)."""
    t = state.cards[target]
    if not state.cards[attacker].on_battlefield and origin < 0 or not t.on_battlefield or \
            (not t.face_down and state.cdef(target).kind == "terrain"):
        emit(ev, "fizzled", uid=attacker, target=target)
        return
    if kind in MELEE_KINDS and not redirected \
            and redirect_next(state, attacker, target, ("attack", attacker, kind, damage, -1)):
        return
    if t.face_down:
        push(state, ("reveal", target), ("attack", attacker, kind, damage, target))
        return
    emit(ev, "attack", uid=attacker, target=target, kind=kind)
    a_pos, t_pos = position(state, attacker), position(state, target)
    if kind == "through_row" and a_pos != NO_CELL and t_pos != NO_CELL:      # the cell between them
        replace_modifier(state, attacker, "passed_over", (a_pos + t_pos) // 2)
    ignoring(state, attacker, target)
    blocker = ranged_blocker(state, attacker, kind, target)
    if blocker != -1:
        emit(ev, "blocked", uid=blocker, attacker=attacker, target=target)
        return
    if self_block(state, attacker, target, kind, damage[0], ev):
        return
    count_attack(state, attacker)
    push(state, *enemy_ranged_triggers(state, attacker, kind, target))
    state.rolls = ()
    if reflector(state, attacker, kind, target) is not None:    # both roll, as in a simple strike
        ask_roll(state, attacker, ("reflect_defence_roll", attacker, kind, damage, target))
        return
    ask_roll(state, attacker, ("attack_result", attacker, kind, damage, target))


def enemy_ranged_triggers(state: GameState, attacker: int, kind: str, target: int) -> list[tuple]:
    """«При дальней атаке существа противника (кроме удара через ряд)»: the other side's abilities, run once the
    attack has resolved (target `"mover"`: the attacker)."""
    if kind not in ("shot", "throw", "discharge") or not is_creature(state, attacker):
        return []
    ranged = GameEvent("attacked", subject=target, actor=attacker, attack=kind)
    return dispatch(state, ranged, "declared", foes(state, state.cards[attacker].owner))


def ranged_blocker(state: GameState, attacker: int, kind: str, target: int) -> int:
    """Count a shot or throw of the active player at the opponent's card for that opponent's
    `block_ranged` cards; the card for which it is the `nth` of the turn blocks it (else -1)."""
    owner = state.cards[target].owner
    if kind not in ("shot", "throw") or state.active == owner \
            or not state.seats.enemy(state.cards[attacker].owner, owner):
        return -1
    blocker = -1
    for c in battlefield(state, owner):
        d = state.cdef(c.uid)
        if d is None or c.face_down:
            continue
        for i, ab in enumerate(d.abilities):
            if ab["type"] == "block_ranged":
                c.used += ((i, state.turn),)
                if c.used.count((i, state.turn)) == ab["nth"] and blocker == -1:
                    blocker = c.uid
    return blocker


@task("attack_result")
def attack_result(state: GameState, ev: Events, attacker: int, kind: str, damage: tuple, target: int) -> None:
    bonus = ability_roll_bonus(state, attacker, target, kind)
    roll = modified_roll(state, attacker, state.rolls[0], bonus)
    emit(ev, "rolled", uid=attacker, raw=state.rolls[0], value=roll)
    state.rolls = ()
    level = dice.single(roll)
    next_bonus = use_next_bonus(state, attacker, kind)
    dealt = 0
    if protected(state, target, kind, attacker, level):
        emit(ev, "protected", uid=target, kind=kind)
        jobs: list[tuple] = []
    else:
        value = attack_value(state, attacker, target, kind, level, damage[level - 1]) + next_bonus
        value = max(0, capped_next(state, attacker, value - first_attack_penalty(state, attacker)))
        drop_modifiers(state, attacker, "attack_to")
        emit(ev, "hit", uid=attacker, target=target, level=dice.LEVEL_NAMES[level], counter="none")
        dealt = wound(state, target, value, attacker, kind, ev)
        jobs = [("check_deaths",), *level_triggers(state, attacker, target, kind, level)]
    jobs += [("no_wounds_window", attacker, dealt), ("dash", attacker, target, position(state, target))]
    push(state, *jobs)


def reflector(state: GameState, attacker: int, kind: str, target: int) -> dict | None:
    """The target's `reflect_ranged` ability covering this attack of an enemy creature, or None."""
    if not state.seats.enemy(state.cards[attacker].owner, state.cards[target].owner) \
            or not is_creature(state, attacker):
        return None
    return next((ab for ab in statics(state, target, "reflect_ranged") if kind in ab["attacks"]), None)


@task("reflect_defence_roll")
def reflect_defence_roll(state: GameState, ev: Events, attacker: int, kind: str, damage: tuple, target: int) -> None:
    ask_roll(state, target, ("reflect_result", attacker, kind, damage, target))


@task("reflect_result")
def reflect_result(state: GameState, ev: Events, attacker: int, kind: str, damage: tuple, target: int) -> None:
    """«Отражает … как простой удар, даже когда закрыта»: the hit table, the target fighting back (опыт в
    защите counts) with its reflecting attack; an exchange may be reduced as in a simple strike."""
    a_bonus = ability_roll_bonus(state, attacker, target, kind)
    a_roll = modified_roll(state, attacker, state.rolls[0], a_bonus)
    emit(ev, "rolled", uid=attacker, raw=state.rolls[0], value=a_roll)
    d_roll = modified_roll(state, target, state.rolls[1], fight_roll_bonus(state, target))
    emit(ev, "rolled", uid=target, raw=state.rolls[1], value=d_roll)
    state.rolls = ()
    if dice.is_exchange(a_roll, d_roll):
        chooser = state.cards[attacker if a_roll > d_roll else target].owner
        ask(state, chooser, ReduceDecision(attacker, target, a_roll - d_roll, ranged=kind, damage=damage))
        return
    level, counter = dice.fight(a_roll, d_roll)
    push(state, ("reflect_damage", attacker, kind, damage, target, level, counter))


@task("reflect_damage")
def reflect_damage(state: GameState, ev: Events, attacker: int, kind: str, damage: tuple, target: int,
                   level: int, counter: int) -> None:
    emit(ev, "hit", uid=attacker, target=target, level=dice.LEVEL_NAMES[level], counter=dice.LEVEL_NAMES[counter])
    hit, _, jobs = reflect_wounding(state, attacker, kind, damage, target, level, counter, ev)
    push(state, ("check_deaths",), *jobs, ("no_wounds_window", attacker, hit.landed),
         ("dash", attacker, target, position(state, target)))


def reflect_wounding(state: GameState, attacker: int, kind: str, damage: tuple, target: int, level: int,
                     counter: int, ev: Events) -> tuple[Wounding, Wounding, list[tuple]]:
    """Deal the wounds of a ranged attack met by `reflect_ranged`: the attack's at `level` (unless the target is
    protected), then the reflection's at `counter`. Returns what the target and the attacker took, and the
    attack's level triggers (judged between the two)."""
    ab = reflector(state, attacker, kind, target)
    hit = back = NO_WOUNDS
    jobs: list[tuple] = []
    if level:
        value = attack_value(state, attacker, target, kind, level, damage[level - 1])
        if protected(state, target, kind, attacker):
            emit(ev, "protected", uid=target, kind=kind)
            hit = Wounding(0, value + next_bonus(state, attacker, kind), "protection")
        else:
            hit = inflict(state, target, value + use_next_bonus(state, attacker, kind), attacker, kind, ev)
            jobs += level_triggers(state, attacker, target, kind, level)
    if counter and ab is not None and state.cards[target].on_battlefield:
        back_kind = ab["counter_attack"]
        value = attack_value(state, target, attacker, back_kind, counter, ab["counter"][counter - 1])
        if protected(state, attacker, back_kind, target):
            emit(ev, "protected", uid=attacker, kind=back_kind)
            back = Wounding(0, value, "protection")
        else:
            back = inflict(state, attacker, value, target, back_kind, ev)
    return hit, back, jobs


def use_next_bonus(state: GameState, uid: int, kind: str) -> int:
    """«+X к следующему выстрелу» / «к следующей атаке» / «к следующему разряду или магическому удару»: the
    `next_<kind>`, `next_attack` and (a magic attack) `next_magic` bonuses of `uid`, used up by this attack."""
    bonus = next_bonus(state, uid, kind)
    if bonus:
        drop_modifiers(state, uid, *_next_keys(kind))
    return bonus


def next_bonus(state: GameState, uid: int, kind: str) -> int:
    """The bonuses `use_next_bonus` would use up; changes nothing."""
    return modifier_value(state, uid, *_next_keys(kind))


def _next_keys(kind: str) -> tuple[str, ...]:
    return (f"next_{kind}", "next_attack", *(("next_magic",) if kind in MAGIC_ATTACKS else ()))
