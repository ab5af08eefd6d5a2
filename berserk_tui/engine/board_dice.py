"""Seed 003's combat dice and experience re-rolls: the board game's versions of the dice tasks (registered into
`BOARDGAME_RULEBOOK`, features "symbol_dice" and "reroll_experience").

In a fight (a simple strike at a card that fights back, a ranged attack reflected «как простой удар») the attacker
rolls the white die and the defender the black die: the black die decides (1–4 «меч» the attack lands, 5 «крест»
both miss, 6 «кулак» the attacker misses and the defender strikes back weak), the white die gives the strength
(1–3 weak, 4–5 medium, 6 strong). Alone (a closed card, every ability attack and X-Y-Z) the white die is read as
`dice.single`. No hit table, so nothing is ever reduced. Die modifiers still add to their die, read clamped to 1..6.

Опыт в атаке / в защите / в стрельбе X (`ova`, `ovz`, `ovs`) is no bonus here (`rolls.experience_bonus`): the die's
owner may re-roll that die up to X times, one `RerollDecision` per re-roll. Each die is settled before the next is
rolled: the white die with its re-rolls, then the black die with its re-rolls (the defender sees the white die).
"""

from __future__ import annotations

from typing import NamedTuple

from . import dice
from .ability_attacks import attack_result as classic_attack_result
from .actions import Choose
from .boardgame import BOARDGAME_RULEBOOK
from .core import Events, ask, ask_roll, emit, push
from .keywords import kw
from .rolls import ability_roll_bonus, fight_roll, fight_roll_bonus, modified_roll, roll_value, strike_roll_bonus
from .state import GameState
from .strike import fight_result, own_strikes_triggers

task = BOARDGAME_RULEBOOK.task
WHITE, BLACK = "white", "black"


def die_value(state: GameState, uid: int, raw: int, bonus: int) -> int:
    """What the die `raw` rolled for `uid` counts as, modifiers added and clamped to 1..6; changes nothing."""
    return dice.clamped(roll_value(state, uid, raw, bonus))


def die_face(die: str, value: int) -> str:
    """The symbol a die value shows: the white die's strength, the black die's «меч»/«крест»/«кулак»."""
    return dice.LEVEL_NAMES[dice.single(value)] if die == WHITE else dice.black_face(value)


def read_die(state: GameState, ev: Events, uid: int, raw: int, bonus: int, die: str) -> int:
    """Read a settled die (using up a «next roll» effect) and say so: the event `rolled` names the die and its face."""
    value = dice.clamped(modified_roll(state, uid, raw, bonus))
    emit(ev, "rolled", uid=uid, raw=raw, value=value, die=die, face=die_face(die, value))
    return value


def shooting_experience(state: GameState, attacker: int, kind: str) -> int:
    """The re-rolls of an ability attack's white die: опыт в стрельбе for a shot (our cards print no discharge or
    throw form)."""
    return kw(state, attacker, "ovs") if kind == "shot" else 0


def offer(who: int, die: str, left: int, bonus: int, white: int = 0) -> tuple:
    """The task offering `who`'s owner up to `left` re-rolls of the die just rolled for it (`white`: the settled white
    die's value, shown with a black die)."""
    return "offer_reroll", who, die, left, bonus, white


@task("offer_reroll")
def offer_reroll(state: GameState, ev: Events, who: int, die: str, left: int, bonus: int, white: int) -> None:
    """Ask the owner of `who` whether to re-roll its die (the last of `state.rolls`), while it has re-rolls left.
    Nothing is asked when the die's value is already set (a «next roll» effect: a re-roll would change nothing)."""
    c = state.cards[who]
    if left <= 0 or not state.rolls or not c.on_battlefield or c.next_roll:
        return
    raw = state.rolls[-1]
    ask(state, c.owner, RerollDecision(who, die, raw, die_value(state, who, raw, bonus), left, bonus, white))


@BOARDGAME_RULEBOOK.decision("reroll")
class RerollDecision(NamedTuple):
    """Опыт: re-roll the die of `who` (option 1) or keep it (option 0); `left` re-rolls remain, this one included."""
    who: int                 # the card the die was rolled for
    die: str                 # "white" (the attacking die) or "black" (the defending die)
    raw: int                 # the die as rolled
    value: int               # what it counts as (modifiers, clamped)
    left: int
    bonus: int               # the die's bonus, to show the next value
    white: int = 0           # with a black die: the white die it answers (its value), else 0

    @staticmethod
    def legal(state: GameState) -> list:
        return [Choose(0), Choose(1)]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        d: RerollDecision = state.pending.data
        if not action.option:
            emit(ev, "die_kept", uid=d.who, seat=state.pending.player, die=d.die, value=d.value)
            return
        state.rolls = state.rolls[:-1]
        emit(ev, "die_rerolled", uid=d.who, seat=state.pending.player, die=d.die, value=d.value, left=d.left - 1)
        ask_roll(state, d.who, offer(d.who, d.die, d.left - 1, d.bonus, d.white))


def white_offer(state: GameState, attacker: int, fighter: int) -> tuple:
    """The re-rolls of a simple strike's white die: опыт в атаке (also at a card that does not fight back)."""
    return offer(attacker, WHITE, kw(state, attacker, "ova"), strike_roll_bonus(state, attacker, fighter))


@task("strike_defence_roll")
def strike_defence_roll(state: GameState, ev: Events, attacker: int, fighter: int) -> None:
    """The white die settled, then the black die."""
    push(state, white_offer(state, attacker, fighter), ("strike_black_roll", attacker, fighter))


@task("strike_black_roll")
def strike_black_roll(state: GameState, ev: Events, attacker: int, fighter: int) -> None:
    """The fighter's black die (rolled twice where a `roll_twice` says so) and its re-rolls, then the result."""
    push(state, ("strike_result", attacker, fighter, True, True))
    white = die_value(state, attacker, state.rolls[0], strike_roll_bonus(state, attacker, fighter))
    fight_roll(state, fighter, offer(fighter, BLACK, kw(state, fighter, "ovz"), fight_roll_bonus(state, fighter),
                                     white))


@task("strike_result")
def strike_result(state: GameState, ev: Events, attacker: int, fighter: int, fights: bool,
                  settled: bool = False) -> None:
    """The white die alone (`fights` false: its re-rolls first, unless `settled`) or the pair: the black die
    decides, the white die gives the strength; an own «hit_upgrade» may better a hit that lands."""
    if not settled:
        push(state, white_offer(state, attacker, fighter), ("strike_result", attacker, fighter, fights, True))
        return
    white = read_die(state, ev, attacker, state.rolls[0], strike_roll_bonus(state, attacker, fighter), WHITE)
    push(state, *own_strikes_triggers(state, attacker, fighter, white))    # run once the strike has resolved
    if not fights:
        state.rolls = ()
        push(state, ("strike_damage", attacker, fighter, dice.single(white), dice.NONE))
        return
    black = read_die(state, ev, fighter, state.rolls[1], fight_roll_bonus(state, fighter), BLACK)
    state.rolls = ()
    level, counter = dice.symbol_fight(white, black)
    fight_result(state, attacker, fighter, level, counter, 1 if level else 0)


@task("attack_result")
def attack_result(state: GameState, ev: Events, attacker: int, kind: str, damage: tuple, target: int,
                  settled: bool = False) -> None:
    """An ability attack's white die: its re-rolls (опыт в стрельбе) first, then the classic result."""
    if not settled:
        push(state, offer(attacker, WHITE, shooting_experience(state, attacker, kind),
                          ability_roll_bonus(state, attacker, target, kind)),
             ("attack_result", attacker, kind, damage, target, True))
        return
    classic_attack_result(state, ev, attacker, kind, damage, target)


@task("reflect_defence_roll")
def reflect_defence_roll(state: GameState, ev: Events, attacker: int, kind: str, damage: tuple, target: int) -> None:
    """A ranged attack reflected «как простой удар»: the white die settled, then the reflector's black die."""
    push(state, offer(attacker, WHITE, shooting_experience(state, attacker, kind),
                      ability_roll_bonus(state, attacker, target, kind)),
         ("reflect_black_roll", attacker, kind, damage, target))


@task("reflect_black_roll")
def reflect_black_roll(state: GameState, ev: Events, attacker: int, kind: str, damage: tuple, target: int) -> None:
    push(state, ("reflect_result", attacker, kind, damage, target))
    white = die_value(state, attacker, state.rolls[0], ability_roll_bonus(state, attacker, target, kind))
    ask_roll(state, target, offer(target, BLACK, kw(state, target, "ovz"), fight_roll_bonus(state, target), white))


@task("reflect_result")
def reflect_result(state: GameState, ev: Events, attacker: int, kind: str, damage: tuple, target: int) -> None:
    """The pair read as in a simple strike: «меч» the attack lands at the white die's strength, «крест» both miss,
    «кулак» the reflector answers weak with its reflecting attack."""
    white = read_die(state, ev, attacker, state.rolls[0], ability_roll_bonus(state, attacker, target, kind), WHITE)
    black = read_die(state, ev, target, state.rolls[1], fight_roll_bonus(state, target), BLACK)
    state.rolls = ()
    level, counter = dice.symbol_fight(white, black)
    push(state, ("reflect_damage", attacker, kind, damage, target, level, counter))
