"""Wounds, poison and cures by effects, and the poison and regeneration of the start of a turn."""

from __future__ import annotations

from .. import dice
from ..actions import Choose
from ..attack_values import attack_value
from ..combat import heal, modified_roll, wound
from ..conditions import holds
from ..core import Events, decision, emit, push, task
from ..keywords import kw, statics, strike_values
from ..places import battlefield, is_artifact
from ..state import GameState


@decision("amount")
class AmountDecision:
    """«Потерять X фишек, при этом ранить … на X»: the owner picks X from 1 to the card's chips."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [Choose(x) for x in range(1, state.cards[state.pending.data[0]].chips + 1)]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        src, target, kind = state.pending.data
        state.cards[src].chips -= action.option
        emit(ev, "chips_spent", uid=src, amount=action.option)
        wound(state, target, action.option, src, kind, ev)
        push(state, ("check_deaths",))


def poison(state: GameState, target: int, amount: int, ev: Events) -> None:
    """Poison `target` by `amount` (the largest poison applies); protection, incorporeality and artifacts stop it."""
    c = state.cards[target]
    if not kw(state, target, "prot_poison") and not kw(state, target, "incorporeal") \
            and not is_artifact(state, target):
        c.poison = max(c.poison, amount)
        emit(ev, "poisoned", uid=target, amount=c.poison)


@task("rolled_poison")
def rolled_poison(state: GameState, ev: Events, src: int, target: int, amounts: tuple) -> None:
    """«Отравление на X-Y-Z»: the source's roll alone picks the value."""
    roll = modified_roll(state, src, state.rolls[0], 0)
    emit(ev, "rolled", uid=src, raw=state.rolls[0], value=roll)
    state.rolls = ()
    if state.cards[target].on_battlefield:
        poison(state, target, amounts[dice.single(roll) - 1], ev)


@task("rolled_wound")
def rolled_wound(state: GameState, ev: Events, src: int, target: int, amounts: tuple, kind: str) -> None:
    """«Ранить на X-Y-Z»: the source's roll alone picks the weak, medium or strong value."""
    roll = modified_roll(state, src, state.rolls[0], 0)
    emit(ev, "rolled", uid=src, raw=state.rolls[0], value=roll)
    state.rolls = ()
    wound(state, target, amounts[dice.single(roll) - 1], src, kind, ev)
    push(state, ("check_deaths",))


@task("effect_wound")
def effect_wound(state: GameState, ev: Events, src: int, target: int, amount: int, kind: str) -> None:
    wound(state, target, amount, src, kind, ev)


def retaliate(state: GameState, attacker: int, ev: Events) -> None:
    """«Атакованный наносит атакующему слабый удар (не закрываясь)»: the creature that `attacker`'s declared
    simple strike is aimed at deals it its weak simple strike's value."""
    for item in reversed(state.stack):
        if item.kind == "strike" and item.actor == attacker and not item.canceled:
            struck = item.defender if item.defender >= 0 else item.target
            if struck >= 0 and state.cards[struck].on_battlefield:
                value = attack_value(state, struck, attacker, "strike", 1, strike_values(state, struck)[0])
                wound(state, attacker, value, struck, "strike", ev)
                push(state, ("check_deaths",))
            return


def cure(state: GameState, uid: int, statuses: list[str], ev: Events) -> None:
    """«Теряет отравление / проклятие»: the card's own poison and curse go (a granted curse stays)."""
    c = state.cards[uid]
    if "poison" in statuses and c.poison:
        c.poison = 0
        emit(ev, "cured", uid=uid, status="poison")
    if "curse" in statuses and c.cursed:
        c.cursed = False
        emit(ev, "cured", uid=uid, status="curse")
    if "blessing" in statuses and c.blessed:
        c.blessed = False
        emit(ev, "cured", uid=uid, status="blessing")


def redistribute(state: GameState, ev: Events, src: int, target: int, amount: int, kind: str) -> None:
    """«Перераспределить X ран» onto `src`: heal the target by X, then wound `src` as much as was healed."""
    healed = heal(state, target, amount, ev)
    if not healed:
        return
    wound(state, src, healed, src, kind, ev)
    d = state.db.cards[state.cards[src].card_id]
    push(state, *[("trigger", src, i, ("redistributed",)) for i, ab in enumerate(d.abilities)
                  if ab["type"] == "trigger" and ab["on"] == "redistributed"], ("check_deaths",))


@task("poison_tick")
def poison_tick(state: GameState, ev: Events, uid: int) -> None:
    c = state.cards[uid]
    if c.on_battlefield and c.poison:     # «получают на одну рану больше от отравления» (static poison_extra)
        extra = sum(ab["amount"] for o in battlefield(state) for ab in statics(state, o.uid, "poison_extra")
                    if holds(state, uid, ab.get("filter", {})))
        wound(state, uid, c.poison + extra, uid, "poison", ev)
        push(state, ("check_deaths",))


@task("regen_tick")
def regen_tick(state: GameState, ev: Events, uid: int) -> None:
    if state.cards[uid].on_battlefield:
        heal(state, uid, kw(state, uid, "regen"), ev, replaceable=True)
