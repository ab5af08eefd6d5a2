"""What set 7's Горы and Лес cards do around a strike (helper mtn): a strike's bonus, wounds prevented, the events a
fight raises for their triggers, «сразиться», the granted «При атаке» and Броня until the end of the turn.

`strike_bonus` is one of `main.STRIKE_BONUSES`, `after_fight` of `main.AFTER_FIGHT`, `prevent` (Цветочная фея)
of `zones.PREVENTERS`. Events: `self_attacks` (the attacker, not a counter-strike; its `amount` is the creature
fought, -1 for a hero), `self_strikes_creature` (each creature whose strike hit a creature, the counter-strike too:
rules decision 852; `amount` the creature hit), `self_wounds_hero` (`amount` the wounds dealt); a composite
mechanism's parts hear them too (each as its own subject).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core import Events, ask, emit, push
from .. import zones
from ..actions import Target
from ..book import decision, task
from ..cards import CREATURE, abilities, attack, ctype, keyword
from ..main import AFTER_FIGHT, STRIKE_BONUSES
from ..state import HeroesState
from ..triggers import MATCHERS, HEvent, fire
from . import run
from .modules import parts
from .mountain import add_modifier, last_turn, register, stun, stunned
from .table import EFFECT, TARGET, VALUES, Ctx, amount, op

ON_ATTACK = "on_attack"     # the modifier of a granted «При атаке: оглушите ...»: its value is the stun's target word


def _static_amount(state: HeroesState, uid: int, name: str) -> int:
    return max((ab.get("amount", 0) for ab in abilities(state, uid) if ab["type"] == "static"
                and ab["static"] == name), default=0)


@STRIKE_BONUSES.append
def strike_bonus(state: HeroesState, striker: int, struck: int) -> int:
    """What a creature's strike at `struck` deals beyond its attack: Гримнар's +N against a stunned creature."""
    if ctype(state, struck) != CREATURE or not stunned(state, struck):
        return 0
    return _static_amount(state, striker, "strike_bonus_vs_stunned")


@zones.PREVENTERS.append
def prevent(state: HeroesState, uid: int, amount_: int, source: int) -> int:
    """Цветочная фея takes no wounds from a creature whose attack is 6 or more."""
    limit = _static_amount(state, uid, "no_wounds_from_strong")
    if limit and source >= 0 and source != uid and state.cards[source].zone == "play" \
            and ctype(state, source) == CREATURE and attack(state, source) >= limit:
        return 0
    return amount_


for _kind in ("self_attacks", "self_strikes_creature", "self_wounds_hero"):
    register(MATCHERS, _kind, (True, lambda s, b, on, e: e.subject == b))
register(VALUES, "wounds_dealt", lambda s, c, node: HEvent(*c.event).amount if c.event else 0)


@zones.ATTACK_PREVENTERS.append
def armor(state: HeroesState, uid: int, amount_: int, source: int) -> int:
    """Броня N: the card takes none of the first N wounds a turn from attacks (blows, shots) and counter-blows; the
    highest armor counts, several do not add up (seed 004; rules decision 869)."""
    value = keyword(state, uid, "armor")
    used = sum(m[1] for m in state.cards[uid].modifiers if m[0] == "armor_used" and m[2] == state.turn)
    absorbed = min(amount_, max(0, value - used))
    if absorbed:
        add_modifier(state, uid, "armor_used", absorbed, state.turn)
    return amount_ - absorbed


@AFTER_FIGHT.append
def after_fight(state: HeroesState, ev: Events, attacker: int, target: int, hit: int, back: bool) -> None:
    """A blow is settled: raise the events of the attacker's triggers and the struck creature's, and run the granted
    «При атаке» of the attacker."""
    owner = state.cards[attacker].owner
    is_creature = ctype(state, target) == CREATURE
    for card in (attacker, *parts(state, attacker)):    # a composite's parts hear what the creature does
        fire(state, ev, HEvent("self_attacks", card, owner, target if is_creature else -1))
        if is_creature:
            fire(state, ev, HEvent("self_strikes_creature", card, owner, target))
        elif hit > 0:
            fire(state, ev, HEvent("self_wounds_hero", card, owner, hit))
    if is_creature and back:
        for card in (target, *parts(state, target)):
            fire(state, ev, HEvent("self_strikes_creature", card, state.cards[target].owner, attacker))
    for key, word, _until in state.cards[attacker].modifiers:
        if key != ON_ATTACK:
            continue
        victim = attacker if word == "self" else target if is_creature else -1
        if victim >= 0 and state.cards[victim].zone == "play":
            emit(ev, "on_attack", uid=attacker, target=victim)
            stun(state, ev, victim)


@op("gain_on_attack", TARGET)
def op_gain_on_attack(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """The target gains «При атаке: оглушите <self | attacked>» for the duration (the granted effect of these cards
    is a stun; another is refused)."""
    effect = node["effect"]
    if not (isinstance(effect, dict) and effect.get("op") == "stun" and effect.get("target") in ("self", "attacked")):
        raise ValueError(f"gain_on_attack: the engine grants only «оглушите» of self or the attacked, got {effect!r}")
    add_modifier(state, target, ON_ATTACK, effect["target"], last_turn(state, ctx, node.get("duration")))
    emit(ev, "gained", uid=target, ability=ON_ATTACK)


@op("armor_until", TARGET)
def op_armor_until(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Броня N for the duration (`cards.keyword` reads the modifier as the keyword)."""
    value = amount(state, ctx, node)
    add_modifier(state, target, "armor", value, last_turn(state, ctx, node["duration"]))
    emit(ev, "armor", uid=target, amount=value)


@op("fight", EFFECT)
def op_fight(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Сразиться: this creature and a chosen enemy creature strike each other as open ones, no defender; neither
    closes for it (seed 002)."""
    enemy = tuple(run.targets(state, ctx, "enemy_creature")[1])     # not one that cannot be chosen
    if state.cards[ctx.source].zone == "play" and enemy:
        ask(state, ctx.seat, FightDecision(ctx.source, enemy))


@decision("fight_target")
class FightDecision(NamedTuple):
    """The controller of `source` picks the enemy creature (`Target`) it fights."""
    source: int
    options: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Target(u) for u in state.pending.data.options]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        source = state.pending.data.source
        closed = (state.cards[source].closed, state.cards[action.uid].closed)
        emit(ev, "fights", uid=source, target=action.uid)
        push(state, ("fight", source, action.uid, action.uid), ("mtn_fight_end", source, action.uid, *closed))


@task("mtn_fight_end")
def _fight_end(state: HeroesState, ev: Events, a: int, b: int, a_closed: bool, b_closed: bool) -> None:
    """A fight closes neither creature: each is as open or closed as before it (if it lives)."""
    for uid, was in ((a, a_closed), (b, b_closed)):
        if state.cards[uid].zone == "play" and not stunned(state, uid):
            state.cards[uid].closed = was

