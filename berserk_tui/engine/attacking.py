"""What every attack goes through, a simple strike or an ability's: counting it, the first-attack penalty, its
redirection (`redirect_next`), blocking by the target, and the triggers of its hit."""

from __future__ import annotations

from typing import Any, NamedTuple

from cards.schema import expand_attacks
from cards.terms.values import MARKERS_NEW

from .actions import Skip, Target
from .attack_values import attack_value
from .conditions import holds
from .core import Events, ask, decision, emit, push, task
from .dispatch import dispatch
from .events import GameEvent, spot
from .keywords import ability_at, formation_group, has_static, holders, life_left, statics
from .modifiers import add_modifier, drop_modifiers, has_modifier, modifier_value, modifier_values
from .places import adjacent, battlefield, foes, is_creature, position
from .state import GameState, Item


def count_attack(state: GameState, uid: int) -> None:
    """Note an attack of `uid` as it is made: the modifier ("first_attack", 1 or 0) says whether it is the
    card's first of the turn, ("attacked", 1) that it has attacked this turn (both expire with the turn)."""
    first = int(not has_modifier(state, uid, "attacked", state.turn))
    drop_modifiers(state, uid, "first_attack", "attacked")
    add_modifier(state, uid, "first_attack", first)
    add_modifier(state, uid, "attacked")


def ignoring(state: GameState, attacker: int, target: int) -> None:
    """«Игнорирует особенности атакованного существа»: an attacker with `ignores_abilities` (or whose next attack
    does, buff `ignores_next`) attacks `target`: the target has no keywords or abilities until the attack has
    resolved (call this before the attack pushes its tasks)."""
    once = has_modifier(state, attacker, "ignores_next")
    if once:
        drop_modifiers(state, attacker, "ignores_next")
    if once or has_static(state, attacker, "ignores_abilities"):
        add_modifier(state, target, "ignored", attacker)
        push(state, ("end_ignored", target))


@task("end_ignored")
def end_ignored(state: GameState, ev: Events, target: int) -> None:
    drop_modifiers(state, target, "ignored")


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
        return redirectable(state, attacker, struck, job)
    drop_modifiers(state, attacker, "redirect_next")
    if not redirect_options(state, src, struck):
        return False
    ask(state, state.cards[src].owner, RedirectNextDecision(src, struck, job))
    return True


def redirectable(state: GameState, attacker: int, struck: int, job: tuple) -> bool:
    """«Противник может перенаправить удар … на любое своё существо, стоящее рядом с …» (static `redirectable` of the
    attacker): the struck card's controller may send the attack (`job`, -1 for its new target) at a face-up ground
    creature of his next to the attacker or to the struck card. True when he is asked."""
    kind = "strike" if job[0] == "strike" else job[2]
    for ab in statics(state, attacker, "redirectable"):
        if kind in expand_attacks(ab["attacks"]):
            seat = state.cards[struck].owner
            near = attacker if ab.get("near") == "attacker" else struck
            if redirect_choices(state, seat, struck, near):
                ask(state, seat, RedirectAttackDecision(seat, struck, near, -1, job))
                return True
    return False


def redirect_choices(state: GameState, seat: int, aimed: int, near: int, formation: bool = False) -> list[int]:
    """Face-up ground creatures of `seat` standing next to card `near` (diagonals included) — with `formation`, in one
    formation with it instead — but `aimed`."""
    group = formation_group(state, near) if formation else None
    return [o.uid for o in battlefield(state, seat) if o.zone == "board" and not o.face_down and o.uid != aimed
            and is_creature(state, o.uid) and (o.uid in group if group is not None else adjacent(state, o.uid, near))]


@decision("redirect_attack")
class RedirectAttackDecision(NamedTuple):
    """Send an attack at another own creature (next to `near`), or not: a declared one (stack entry `index`), or
    one that comes to strike (`job`, its task with -1 for the new target; `index` -1)."""
    seat: int                # who redirects
    aimed: int               # the card the attack is aimed at
    near: int                # the new target stands next to it (in one formation with it, with `formation`)
    index: int               # the stack entry of the declared attack, or -1
    job: tuple               # the attack's task (index -1), or ()
    formation: bool = False

    @staticmethod
    def legal(state: GameState) -> list:
        d: RedirectAttackDecision = state.pending.data
        return [*(Target(u) for u in redirect_choices(state, d.seat, d.aimed, d.near, d.formation)), Skip()]

    @staticmethod
    def apply(state: GameState, action: Target | Skip, ev: Events) -> None:
        d: RedirectAttackDecision = state.pending.data
        new = action.uid if isinstance(action, Target) else d.aimed
        if new != d.aimed:
            emit(ev, "redirected", uid=d.aimed, to=new)
            add_modifier(state, d.aimed, "redirected_away")
            actor = d.job[1] if d.index < 0 else state.stack[d.index].actor
            push(state, *dispatch(state, GameEvent("redirected", subject=d.aimed, actor=actor), "side",
                                  battlefield(state, state.cards[d.aimed].owner)))
        if d.index >= 0:
            if new != d.aimed:
                state.stack[d.index] = state.stack[d.index]._replace(target=new, redirected=True)
        elif d.job[0] == "strike":
            push(state, ("strike", d.job[1], new, -1, d.job[4], d.job[5], True))
        else:
            push(state, ("attack", *d.job[1:4], new, -1, True))


def redirect_declared(state: GameState, src: int, eff: dict[str, Any], attacker: int, index: int = -1) -> None:
    """«Перенаправить удар с карты на стоящее рядом с ней существо в вашем отряде» (op `redirect_attack`): the latest
    attack of those kinds that `attacker` declared (or the stack entry `index`) at a card of `src`'s controller
    matching `vs`, still on the stack, not redirected and not redirected away from that card this turn, may be sent
    by him at a face-up ground creature of his next to that card (or to the attacker, or in one formation with
    `src`)."""
    plan = redirect_plan(state, src, eff, attacker, index)
    if plan is not None:
        k, aimed, near = plan
        ask(state, state.cards[src].owner, RedirectAttackDecision(state.cards[src].owner, aimed, near, k, (),
                                                                  eff.get("near") == "formation"))


def redirect_plan(state: GameState, src: int, eff: dict[str, Any], attacker: int,
                  index: int = -1) -> tuple[int, int, int] | None:
    """What op `redirect_attack` of `src` would redirect: (stack index, the card aimed at, the card the new target
    must stand next to), or None when it can do nothing (so an instant that would do nothing is not offered)."""
    seat, kinds, where = state.cards[src].owner, expand_attacks(eff["attacks"]), eff.get("near", "attacked")
    for k in ([index] if index >= 0 else range(len(state.stack) - 1, -1, -1)):
        item = state.stack[k] if k < len(state.stack) else None
        if item is None or index < 0 and item.actor != attacker or item.canceled or item.redirected \
                or item.target < 0 or state.cards[item.target].owner != seat or declared_kind(state, item) not in kinds:
            continue
        aimed = item.target
        if has_modifier(state, aimed, "redirected_away") or not holds(state, aimed, eff.get("vs", {})):
            return None
        near = {"attacker": item.actor, "formation": src}.get(where, aimed)
        return (k, aimed, near) if redirect_choices(state, seat, aimed, near, where == "formation") else None
    return None


def declared_kind(state: GameState, item: Item) -> str:
    """The attack kind of a declared strike or ability attack on the stack ("" for anything else)."""
    if item.kind == "strike":
        return "strike"
    if item.kind != "ability":
        return ""
    eff = ability_at(state, item.actor, item.ability).get("effect") or {}
    return eff.get("attack", "") if eff.get("op") == "attack" else ""


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
    if t.modifiers and holders(state, "marker_rules") and marker_block(state, target, ev):
        emit(ev, "blocked", uid=target, attacker=attacker, target=target)
        return True
    if blocks_by_rule(state, attacker, target, kind):
        emit(ev, "blocked", uid=target, attacker=attacker, target=target)
        return True
    if state.active == t.owner or not state.seats.enemy(state.cards[attacker].owner, t.owner) \
            or not has_static(state, target, "block_first_attack") \
            or has_modifier(state, target, "blocked_first", state.turn):
        return False
    add_modifier(state, target, "blocked_first")
    emit(ev, "blocked", uid=target, attacker=attacker, target=target)
    x = attack_value(state, attacker, target, kind, 1, weak)
    blocked = GameEvent("defended", subject=target, actor=attacker, amount=x, cause="blocked")
    push(state, *dispatch(state, blocked, "blocker", [t]))
    return True


def marker_block(state: GameState, target: int, ev: Events) -> bool:
    """«Если существо с сетью атаковано, эта атака блокируется, а сеть исчезает»: `target` carries a marker whose
    source has `marker_rules` of that name with `blocks`; the marker goes (True: the attack is blocked)."""
    t = state.cards[target]
    for key, src, _ in t.modifiers:
        if key in MARKERS_NEW and any(ab["marker"] == key and ab.get("blocks")
                                      for ab in statics(state, src, "marker_rules")):
            t.modifiers = tuple(m for m in t.modifiers if (m[0], m[1]) != (key, src))
            emit(ev, "marker_removed", uid=target, name=key)
            return True
    return False


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
    at_self = dispatch(state, hit, "struck", [t]) if state.seats.enemy(t.owner, state.cards[attacker].owner) else []
    return dispatch(state, hit, "hit", [state.cards[attacker]]) \
        + dispatch(state, hit, "hit_side", battlefield(state, state.cards[attacker].owner)) + at_self
