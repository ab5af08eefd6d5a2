"""The dice of a card: its roll's modifiers and bonuses (`roll_bonus`, the buff `roll_against`), and rolling
twice to keep one (the op `roll_twice`, the static `fight_roll_twice`)."""

from __future__ import annotations

from typing import NamedTuple

from cards.schema import expand_attacks

from .actions import Choose
from .conditions import holds
from .core import Events, ask, ask_roll, decision, emit, push, task
from .keywords import blessed, cursed, has_static, kw, statics
from .modifiers import drop_modifiers, modifier_value, modifier_values
from .state import GameState


def roll_value(state: GameState, uid: int, raw: int, bonus: int) -> int:
    """Own modifiers first, then «set to value» last (e.g. Предвестник неудачи); changes nothing."""
    if state.cards[uid].next_roll:
        return state.cards[uid].next_roll
    return raw + bonus + (1 if blessed(state, uid) else 0) - (1 if cursed(state, uid) else 0)


def modified_roll(state: GameState, uid: int, raw: int, bonus: int) -> int:
    """`roll_value`, using up a «next roll» effect."""
    value = roll_value(state, uid, raw, bonus)
    state.cards[uid].next_roll = 0
    return value


def experience_bonus(state: GameState, uid: int, key: str) -> int:
    """Опыт (`ova`, `ovz`, `ovs`) as a die bonus: +X, or nothing where experience is re-rolls instead
    (`reroll_experience`: board_dice offers them)."""
    return 0 if state.rules.rulebook.has("reroll_experience") else kw(state, uid, key)


def strike_roll_bonus(state: GameState, attacker: int, target: int) -> int:
    """The attacker's simple-strike die bonus: опыт в атаке − неповоротливость, and its attack roll bonus."""
    return experience_bonus(state, attacker, "ova") - kw(state, attacker, "clumsy") \
        + attack_roll_bonus(state, attacker, target, "strike")


def attack_roll_bonus(state: GameState, attacker: int, target: int, kind: str) -> int:
    """«+N к броску кубика при атаках …»: the attacker's `roll_bonus` statics covering this attack kind and
    target, and the target's buff `roll_against` when the attacker is of the other side."""
    bonus = 0
    for ab in statics(state, attacker, "roll_bonus"):
        if ("attacks" not in ab or kind in expand_attacks(ab["attacks"])) and holds(state, target, ab.get("vs", {})):
            bonus += ab["amount"]
    if state.seats.enemy(state.cards[attacker].owner, state.cards[target].owner):
        bonus += modifier_value(state, target, "roll_against")
    return bonus


def ability_roll_bonus(state: GameState, attacker: int, target: int, kind: str) -> int:
    """The die bonus of an ability attack: опыт в стрельбе for a shot, and its attack roll bonus."""
    return (experience_bonus(state, attacker, "ovs") if kind == "shot" else 0) \
        + attack_roll_bonus(state, attacker, target, kind)


def fight_roll_bonus(state: GameState, fighter: int) -> int:
    """The die bonus of the card that fights back: опыт в защите."""
    return experience_bonus(state, fighter, "ovz")


def fight_roll(state: GameState, who: int, then: tuple) -> None:
    """The die of a creature fighting with a simple strike. «Бросает кубик два раза, а вы выбираете один из
    результатов» (modifier ("roll_twice", seat)): it rolls twice and that seat keeps one result; with the static
    `fight_roll_twice` its own controller keeps one."""
    seat = next(iter(modifier_values(state, who, "roll_twice", state.turn)), -1)
    if seat == -1 and has_static(state, who, "fight_roll_twice"):
        seat = state.cards[who].owner
    if seat == -1:
        ask_roll(state, who, then)
        return
    drop_modifiers(state, who, "roll_twice")
    push(state, then)
    ask_roll(state, who, ("roll_again", who, seat))


@task("roll_again")
def roll_again(state: GameState, ev: Events, who: int, seat: int) -> None:
    ask_roll(state, who, ("pick_roll", who, seat))


@task("pick_roll")
def pick_roll(state: GameState, ev: Events, who: int, seat: int) -> None:
    ask(state, seat, PickRollDecision(who, first=state.rolls[-2], second=state.rolls[-1]))


@decision("pick_roll")
class PickRollDecision(NamedTuple):
    """Keep one of the two dice a creature rolled for its fight (`roll_twice`): option 0 the first, 1 the second."""
    who: int                 # the creature that rolled
    first: int
    second: int

    @staticmethod
    def legal(state: GameState) -> list:
        return [Choose(0), Choose(1)]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        d: PickRollDecision = state.pending.data
        kept = d.second if action.option else d.first
        state.rolls = (*state.rolls[:-2], kept)
        emit(ev, "roll_picked", uid=d.who, seat=state.pending.player, value=kept)
