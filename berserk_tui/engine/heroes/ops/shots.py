"""Shots of «Берсерк. Герои» (seed 002, «Выстрел на X»: an attack dealing X wounds to an enemy creature or hero,
unanswered, no defender), in one place: every card's shot goes through `shoot`, and a card file says it with the one
op `shot`.

`shoot` is the shot itself: its event, «Защита от выстрелов» (seed 002, «Защита от [текст]»: a card with it takes
no wounds from shots; rules decision 973), the wounds as an attack (`zones.wound(..., attack=True)`: Броня counts
them) and the deaths. `shot_power` is its strength: the amount and the shooter's shot bonuses (op `shot_bonus`).

The op `shot`: without a `target` the controller picks an enemy character (`aim`: decision "shot"); with one (a
target word such as `enemy_character_their`, «в персонажа противника по его выбору») `run` picks it as for any op
(decision "target", by whoever the word says). A shot granted by another card (Артобстрел's «Найм») is aimed by
`aim` too (decision "hire_shot" when the opponent picks). Conditions: `chosen_has_shot` («если у него есть выстрел»).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core import Events, ask, emit
from .. import zones
from ..actions import Target
from ..book import decision
from ..cards import abilities, keyword
from ..conditions import CONDITIONS
from ..state import HeroesState
from . import run
from .mountain import add_modifier, last_turn, recall, register
from .table import TARGET, Ctx, amount, op

PROTECTION = "prot_shot"        # the keyword «Защита от выстрелов»
run.IMPLIED_TARGETS["shot"] = "enemy_character"       # «Выстрел на X»: an enemy character the controller picks


def shot_power(state: HeroesState, source: int, base: int) -> int:
    """The wounds a shot of `base` by card `source` deals: `base` and the card's shot bonuses."""
    return base + sum(m[1] for m in state.cards[source].modifiers if m[0] == "shot_bonus")


def shoot(state: HeroesState, ev: Events, source: int, target: int, power: int) -> None:
    """Card `source` shoots `target` for `power`: the shot is heard, then the target takes the wounds as from an
    attack unless it has Защита от выстрелов (decision 973), and whoever is dead dies."""
    emit(ev, "shot", uid=source, target=target, amount=power)
    if keyword(state, target, PROTECTION):
        emit(ev, "shot_protected", uid=target, amount=power)
    else:
        zones.wound(state, ev, target, power, source, attack=True)
    zones.settle(state, ev)


def aim(state: HeroesState, ev: Events, source: int, seat: int, word: str, power: int) -> None:
    """Ask for the target of a shot of `power` by `source`, controlled by `seat`: one of the characters target word
    `word` names that may be chosen, picked by the player the word says (`run.chooser`); with none, no shot."""
    ctx = Ctx(source, seat, -1, ())
    options = tuple(run.targets(state, ctx, word)[1])
    if not options:
        emit(ev, "no_target", uid=source, op="shot")
    elif run.chooser(ctx, word) == seat:
        ask(state, seat, ShotDecision(source, power, options))
    else:
        ask(state, 1 - seat, HireShotDecision(source, power, options))


@op("shot", TARGET)
def op_shot(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Выстрел на X [в …]: the target `run` chose (a `target` word), or an enemy character the controller picks."""
    power = shot_power(state, ctx.source, amount(state, ctx, node))
    if target >= 0:
        shoot(state, ev, ctx.source, target, power)
    else:
        aim(state, ev, ctx.source, ctx.seat, "enemy_character", power)


def _legal(state: HeroesState) -> list:
    return [Target(u) for u in state.pending.data.options]


def _apply(state: HeroesState, action: Any, ev: Events) -> None:
    data = state.pending.data
    shoot(state, ev, data.source, action.uid, data.power)


@decision("shot")
class ShotDecision(NamedTuple):
    """The shooter's controller picks the enemy character (`Target`) the shot of `power` wounds."""
    source: int
    power: int
    options: tuple

    legal = staticmethod(_legal)
    apply = staticmethod(_apply)


@decision("hire_shot")
class HireShotDecision(NamedTuple):
    """The shooter's opponent picks which of his characters (`Target`) the shot of `power` wounds: a shot «по его
    выбору» that is no op of the shooter's own (the «Найм» shot Артобстрел gives an orc: `steppe_extra.py`)."""
    source: int
    power: int
    options: tuple

    legal = staticmethod(_legal)
    apply = staticmethod(_apply)


@op("shot_bonus", TARGET)
def op_shot_bonus(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """The target's shots deal N more for the duration (`shot_power`)."""
    value = amount(state, ctx, node)
    add_modifier(state, target, "shot_bonus", value, last_turn(state, ctx, node["duration"]))
    emit(ev, "shot_bonus", uid=target, amount=value)


def shoots(state: HeroesState, uid: int) -> bool:
    """Has the card an activated ability that shoots (op `shot`)?"""
    def has(effect: Any) -> bool:
        items = effect if isinstance(effect, list) else [effect]
        return any(e.get("op") == "shot" or has(e.get("then", [])) for e in items)
    return any(ab["type"] == "activated" and has(ab["effect"]) for ab in abilities(state, uid))


def _chosen_has_shot(state: HeroesState, ctx: Any, table: dict[str, Any]) -> bool:
    uid = recall(state, ctx, "chosen")
    return uid >= 0 and shoots(state, uid)


register(CONDITIONS, "chosen_has_shot", _chosen_has_shot)
