"""What every attack goes through, a simple strike or an ability's: counting it, the first-attack penalty, its
redirection (`redirect_next`), blocking by the target, and the triggers of its hit."""

from __future__ import annotations

from typing import NamedTuple

from cards.schema import expand_attacks

from .actions import Skip, Target
from .attack_values import attack_value
from .conditions import holds
from .core import Events, ask, decision, emit, push
from .dispatch import dispatch
from .events import GameEvent, spot
from .keywords import has_static, life_left, statics
from .modifiers import add_modifier, drop_modifiers, has_modifier, modifier_value, modifier_values
from .places import adjacent, battlefield, foes, is_creature, position
from .state import GameState


def count_attack(state: GameState, uid: int) -> None:
    """Note an attack of `uid` as it is made: the modifier ("first_attack", 1 or 0) says whether it is the
    card's first of the turn, ("attacked", 1) that it has attacked this turn (both expire with the turn)."""
    first = int(not has_modifier(state, uid, "attacked", state.turn))
    drop_modifiers(state, uid, "first_attack", "attacked")
    add_modifier(state, uid, "first_attack", first)
    add_modifier(state, uid, "attacked")


def first_attack_penalty(state: GameState, attacker: int) -> int:
    """«Первая за ход атака существа противника … получает −X к величине»: the largest
    `first_attack_penalty` of an opponent's face-up card whose `filter` the attacker matches, while the
    attack being made is the attacker's first of the turn."""
    if modifier_value(state, attacker, "first_attack") != 1 or not is_creature(state, attacker):
        return 0
    return max((ab["amount"] for o in foes(state, state.cards[attacker].owner)
                for ab in statics(state, o.uid, "first_attack_penalty")
                if holds(state, attacker, ab.get("filter", {}))), default=0)


def redirect_next(state: GameState, attacker: int, struck: int, job: tuple) -> bool:
    """«Может перенаправить следующий его ближний удар с карты в стоящее рядом с ней ваше существо» (op
    `redirect_next_melee`, modifier ("redirect_next", source)): the attacker's next melee attack uses the mark up;
    the source's controller may send it at an own creature next to the card it strikes (`job` is the attack
    with -1 for its new target). True when he is asked."""
    src = next(iter(modifier_values(state, attacker, "redirect_next")), -1)
    if src == -1:
        return False
    drop_modifiers(state, attacker, "redirect_next")
    if not redirect_options(state, src, struck):
        return False
    ask(state, state.cards[src].owner, RedirectNextDecision(src, struck, job))
    return True


def redirect_options(state: GameState, src: int, struck: int) -> list[int]:
    """Face-up ground creatures of `src`'s controller next to `struck` (diagonals included), while `src` is
    face up on the battlefield."""
    s = state.cards[src]
    if not s.on_battlefield or s.face_down:
        return []
    return [o.uid for o in battlefield(state, s.owner) if o.zone == "board" and not o.face_down
            and is_creature(state, o.uid) and adjacent(state, o.uid, struck)]


@decision("redirect_next")
class RedirectNextDecision(NamedTuple):
    """Send the marked creature's melee attack at another own creature next to the card it strikes, or not."""
    src: int                 # the card whose mark it is
    struck: int              # the card the attack strikes
    job: tuple               # the attack's task, with -1 for its new target

    @staticmethod
    def legal(state: GameState) -> list:
        d: RedirectNextDecision = state.pending.data
        return [*(Target(u) for u in redirect_options(state, d.src, d.struck)), Skip()]

    @staticmethod
    def apply(state: GameState, action: Target | Skip, ev: Events) -> None:
        d: RedirectNextDecision = state.pending.data
        src, struck, job = d.src, d.struck, d.job
        new = struck
        if isinstance(action, Target):
            new = action.uid
            emit(ev, "redirected", uid=src, to=new)
        if job[0] == "strike":
            push(state, ("strike", job[1], new, -1, job[4], job[5]))
        else:
            push(state, ("attack", *job[1:4], new))


def self_block(state: GameState, attacker: int, target: int, kind: str, weak: int, ev: Events) -> bool:
    """«Блокирует первую атаку карты противника по себе в ход противника» (`block_first_attack`): the attack
    is blocked (nothing of it works) and the card's `blocks_attack` abilities follow, with X = the attack's
    weak value against it (a blocked attack is never rolled)."""
    t = state.cards[target]
    if blocks_by_rule(state, attacker, target, kind):
        emit(ev, "blocked", uid=target, attacker=attacker, target=target)
        return True
    if state.active == t.owner or state.cards[attacker].owner == t.owner \
            or not has_static(state, target, "block_first_attack") \
            or has_modifier(state, target, "blocked_first", state.turn):
        return False
    add_modifier(state, target, "blocked_first")
    emit(ev, "blocked", uid=target, attacker=attacker, target=target)
    x = attack_value(state, attacker, target, kind, 1, weak)
    blocked = GameEvent("defended", subject=target, actor=attacker, amount=x, cause="blocked")
    push(state, *dispatch(state, blocked, "blocker", [t]))
    return True


def blocks_by_rule(state: GameState, attacker: int, target: int, kind: str) -> bool:
    """«Блокирует по себе немагические атаки карт с большим количеством текущих жизней»: `block_attacks`
    statics of the target: attacks of `attacks` by cards matching `from` (and, with `more_life`, having
    more lives left than the target) are blocked."""
    return any(kind in expand_attacks(ab["attacks"]) and holds(state, attacker, ab.get("from", {}))
               and (not ab.get("more_life") or life_left(state, attacker) > life_left(state, target))
               for ab in statics(state, target, "block_attacks"))


def level_triggers(state: GameState, attacker: int, target: int, kind: str, level: int) -> list[tuple]:
    """An attack of `attacker` hit `target` with `level`: the attacker's own abilities hearing it, then those
    of its side («при слабом разряде вашего линунга»), then the target's own if the attacker is an enemy
    («при ударе по этой карте»)."""
    hit = GameEvent("attacked", subject=target, actor=attacker, cell=spot(position(state, target)), attack=kind,
                    level=level)
    t = state.cards[target]
    at_self = dispatch(state, hit, "struck", [t]) if t.owner != state.cards[attacker].owner else []
    return dispatch(state, hit, "hit", [state.cards[attacker]]) \
        + dispatch(state, hit, "hit_side", battlefield(state, state.cards[attacker].owner)) + at_self
