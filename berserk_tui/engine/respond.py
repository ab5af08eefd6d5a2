"""Response windows: defenders, the instant abilities each side may declare, and the answers to an attack that dealt
no wounds."""

from __future__ import annotations

from typing import Any, NamedTuple

from cards.schema import expand_attacks

from .actions import Defend, Pass, Use
from .activated import ability_targets, ability_usable, pay
from .attack_values import is_directed
from .attacking import redirect_plan
from .closing import close
from .conditions import holds
from .core import Events, ask, decision, emit, push, task
from .events import GameEvent
from .keywords import card_index, has_static, holders, kw, restrained, statics
from .ops.run import run_effect
from .ops.select import ability, candidates
from .places import adjacent, creatures, is_creature, is_flyer
from .state import CardState, GameState, Item


def defenders(state: GameState, seat: int) -> list[int]:
    """Creatures of `seat` that may defend against an enemy's simple strike on the stack: at one of its own
    creatures or, in a team game, at a teammate's (rules decision 703)."""
    if seat == state.active or not state.stack:
        return []
    item = state.stack[0]
    if item.kind != "strike" or not state.seats.enemy(item.owner, seat) or _redirected(state, 0):
        return []
    attacker, target = item.actor, item.target
    if is_directed(state, attacker, target):
        return []
    a_fly, t_fly = is_flyer(state, attacker), is_flyer(state, target)
    out = []
    for c in creatures(state, seat):
        uid = c.uid
        if uid == target or c.closed or c.face_down:
            continue
        flyer = is_flyer(state, uid)
        if t_fly:
            ok = flyer
        elif a_fly:
            ok = flyer or adjacent(state, uid, target)
        else:
            ok = not flyer and adjacent(state, uid, attacker) and adjacent(state, uid, target)
        if not ok and not t_fly and c.card_id in holders(state, "defends_any") \
                and state.cards[target].owner == seat:        # «защитником любому вашему …»: not an ally's (703)
            ok = any(holds(state, target, ab.get("filter", {})) for ab in statics(state, uid, "defends_any"))
        if ok and not kw(state, uid, "no_defend"):
            out.append(uid)
    return out


def must_defend(state: GameState, seat: int) -> bool:
    """«Если от простого удара … можно назначить защитника, противник обязан это сделать» (`forced_defender`)."""
    return bool(state.stack) and state.stack[0].kind == "strike" \
        and has_static(state, state.stack[0].actor, "forced_defender") and bool(defenders(state, seat))


def _redirected(state: GameState, index: int) -> bool:
    if state.stack[index].redirected:
        return True
    return any(i.kind == "defend" or (i.kind == "ability" and i.target == index and _is_redirect(state, i))
               for i in state.stack[index + 1:])


def _is_redirect(state: GameState, item: Item) -> bool:
    return ability(state, item.actor, item.ability)["effect"]["op"] == "redirect_to_host"


def instant_options(state: GameState, seat: int, timings: tuple[str, ...], about: int = -1) -> list[Use]:
    """Instant abilities `seat` may declare now with one of `timings`, grouped in the order of `timings`."""
    users = card_index(state).instant_users
    found: dict[str, list[Use]] = {}
    for c in state.cards:
        if c.card_id not in users or c.owner != seat or c.face_down or not c.on_battlefield \
                or restrained(state, c.uid):
            continue
        for i, ab in state.db.cards[c.card_id].instants:
            timing = ab.get("timing", "response")
            if timing in timings and ability_usable(state, c.uid, i, ab):
                uses = _instant_uses(state, seat, c, i, ab, about)
                if not (ab.get("tap", True) or ab.get("chips") or ab.get("lives")):     # free to use again
                    uses = [u for u in uses if not _pending(state, u)]
                found.setdefault(timing, []).extend(uses)
    return [u for t in timings for u in found.get(t, ())] if found else []


def _pending(state: GameState, use: Use) -> bool:
    """Is the same ability already declared at the same target and still on the stack? (An instant that costs
    nothing is declared once per target: again it would only wait on the stack behind the first.)"""
    return any(i.kind == "ability" and i.actor == use.uid and i.ability == use.ability and i.target == use.target
               and not i.canceled for i in state.stack)


def _instant_uses(state: GameState, seat: int, c: CardState, i: int, ab: dict, about: int) -> list[Use]:
    """The uses of `c`'s usable instant ability `i` at its timing: one per target."""
    timing = ab.get("timing", "response")
    if timing == "enemy_attack_no_wounds":
        return [Use(c.uid, i, about)]
    if timing == "die_rolled":
        return [Use(c.uid, i, about)] if about >= 0 and state.rolls and (
            "rolled" not in ab or state.rolls[-1] in ab["rolled"]) else []
    if timing in ("own_attack", "own_strike"):
        return [Use(c.uid, i, t) for t in own_attacked(state, seat, ab.get("attacker", {}), timing == "own_strike")]
    if timing == "adjacent_ranged":
        return [Use(c.uid, i, state.stack[k].actor) for k in ranged_at_adjacent(state, c.uid)]
    if timing == "own_discharged":
        if discharge_at_own(state, seat) == -1:
            return []
        return [Use(c.uid, i, t) for t in candidates(state, c.uid, ab["effect"]["target"], None)]
    if timing == "own_struck":
        return [Use(c.uid, i, a) for a in own_struck(state, seat)]
    if timing == "own_attacked":
        kinds = expand_attacks(ab.get("attacks", ("all",)))
        return [Use(c.uid, i, k) for k, item in enumerate(state.stack)
                if item.kind in ("strike", "ability") and state.seats.enemy(item.owner, seat) and not item.canceled
                and _is_attack(state, item) and attack_kind(state, item) in kinds
                and (t := current_target(state, k)) >= 0 and state.cards[t].owner == seat and is_creature(state, t)
                and (ab["effect"]["op"] != "redirect_attack" or redirect_plan(state, c.uid, ab["effect"], -1, k))]
    if timing == "strike_fight":
        return [Use(c.uid, i, a) for a in strike_fighters(state)]
    if timing == "self_attacked":
        return [Use(c.uid, i, k) for k, item in enumerate(state.stack)
                if item.target == c.uid and item.kind in ("strike", "ability")
                and state.seats.enemy(item.owner, seat) and _is_attack(state, item, ab.get("attacks"))
                and not _redirected(state, k)
                and (c.zone == "seated" or not (item.canceled or _blocking(state, k)))]
    if timing == "host_attacked":
        return [Use(c.uid, i, k) for k, item in enumerate(state.stack)
                if c.zone == "seated" and item.target == c.host and item.kind in ("strike", "ability")
                and state.seats.enemy(item.owner, seat) and not item.canceled
                and _is_attack(state, item, ab.get("attacks"))
                and not _redirected(state, k) and not _blocking(state, k)]
    return [Use(c.uid, i, t) for t in ability_targets(state, c.uid, ab)]


def ranged_at_adjacent(state: GameState, uid: int) -> list[int]:
    """Stack indices of enemy shots and throws not redirected yet aimed at a card next to `uid` (not `uid`)."""
    out = []
    for k, item in enumerate(state.stack):
        if item.kind != "ability" or not state.seats.enemy(item.owner, state.cards[uid].owner) or item.canceled \
                or item.target < 0 \
                or item.target == uid or _redirected(state, k):
            continue
        eff = ability(state, item.actor, item.ability)["effect"]
        if eff["op"] == "attack" and eff["attack"] in ("shot", "throw") and adjacent(state, uid, item.target):
            out.append(k)
    return out


def discharge_at_own(state: GameState, seat: int) -> int:
    """The stack index of the latest enemy discharge aimed at a non-flying creature of `seat` that was not
    redirected yet, or -1."""
    for k in range(len(state.stack) - 1, -1, -1):
        item = state.stack[k]
        if item.kind != "ability" or not state.seats.enemy(item.owner, seat) or item.canceled or item.target < 0 \
                or _redirected(state, k):
            continue
        eff = ability(state, item.actor, item.ability)["effect"]
        t = state.cards[item.target]
        if eff["op"] == "attack" and eff["attack"] == "discharge" and t.owner == seat and t.on_battlefield \
                and not is_flyer(state, item.target):
            return k
    return -1


def strike_fighters(state: GameState) -> list[int]:
    """Creatures that will roll for the simple strikes declared on the stack: the attacker, and the card it
    strikes (the defender, once assigned) if that is an open creature or a defender."""
    out: set[int] = set()
    for k, item in enumerate(state.stack):
        if item.kind != "strike" or item.canceled:
            continue
        out.add(item.actor)
        defends = [i.actor for i in state.stack[k + 1:] if i.kind == "defend" and i.target == k and not i.canceled]
        fighter = defends[-1] if defends else item.defender if item.defender >= 0 else item.target
        if fighter >= 0 and is_creature(state, fighter) and (defends or item.defender >= 0
                                                             or not state.cards[fighter].closed):
            out.add(fighter)
    return sorted(out)


def own_struck(state: GameState, seat: int) -> list[int]:
    """Enemy creatures whose declared simple strikes on the stack are aimed at creatures of `seat`."""
    out = []
    for item in state.stack:
        if item.kind == "strike" and state.seats.enemy(item.owner, seat) and not item.canceled:
            target = item.defender if item.defender >= 0 else item.target
            if target >= 0 and state.cards[target].owner == seat and item.actor not in out:
                out.append(item.actor)
    return sorted(out)


def own_attacked(state: GameState, seat: int, attacker: dict[str, Any], strikes: bool = False) -> list[int]:
    """Cards attacked by the attacks on the stack declared by creatures of `seat` matching `attacker`
    (the defender, once assigned); `strikes`: by simple strikes only."""
    out = []
    for k, item in enumerate(state.stack):
        if item.owner == seat and item.kind in (("strike",) if strikes else ("strike", "ability")) \
                and not item.canceled \
                and _is_attack(state, item) and holds(state, item.actor, attacker):
            defends = [i.actor for i in state.stack[k + 1:] if i.kind == "defend" and i.target == k and not i.canceled]
            target = defends[-1] if defends else item.defender if item.defender >= 0 else item.target
            if target >= 0 and state.cards[target].on_battlefield and target not in out:
                out.append(target)
    return sorted(out)


def attack_kind(state: GameState, item: Item) -> str:
    """The kind of the attack a stack entry declares: a simple strike, or the ability attack's kind."""
    return "strike" if item.kind == "strike" else ability(state, item.actor, item.ability)["effect"]["attack"]


def current_target(state: GameState, k: int) -> int:
    """The card the attack of stack entry `k` is aimed at now: its defender, once assigned (declared or
    resolved), else its target."""
    item = state.stack[k]
    defends = [i.actor for i in state.stack[k + 1:] if i.kind == "defend" and i.target == k and not i.canceled]
    return defends[-1] if defends else item.defender if item.defender >= 0 else item.target


def _blocking(state: GameState, index: int) -> bool:
    """Is a «block the attack» already declared against stack entry `index`?"""
    return any(i.kind == "ability" and i.target == index and ability(state, i.actor, i.ability)["effect"]["op"]
               == "block_attack" for i in state.stack[index + 1:])


def _is_attack(state: GameState, item: Item, kinds: list[str] | None = None) -> bool:
    """Is the declared `item` an attack (of one of `kinds`, groups allowed, if given)?"""
    if item.kind == "strike":
        return kinds is None or "strike" in expand_attacks(kinds)
    eff = ability(state, item.actor, item.ability)["effect"]
    return eff["op"] == "attack" and (kinds is None or eff["attack"] in expand_attacks(kinds))


RESPONSE_TIMINGS = ("response", "self_attacked", "host_attacked", "own_attack", "own_strike", "own_struck",
                    "own_attacked", "strike_fight", "own_discharged", "adjacent_ranged")


def respond_options(state: GameState, seat: int) -> list:
    return [*(Defend(u) for u in defenders(state, seat)), *instant_options(state, seat, RESPONSE_TIMINGS)]


@task("window")
def window(state: GameState, ev: Events, seat: int, passes: int) -> None:
    if passes >= state.seats.count:     # every seat passed in a row
        return
    if defenders(state, seat) or instant_options(state, seat, RESPONSE_TIMINGS):      # respond_options, unbuilt
        ask(state, seat, RespondDecision(passes))
    else:
        push(state, ("window", state.seats.next[seat], passes + 1))


@decision("respond")
class RespondDecision(NamedTuple):
    """A seat may answer what is on top of the stack (a defence, an instant) or pass."""
    passes: int              # the seats that passed in a row before it

    @staticmethod
    def legal(state: GameState) -> list:
        seat = state.pending.player
        return [*respond_options(state, seat), *([] if must_defend(state, seat) else [Pass()])]

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        seat, passes = state.pending.player, state.pending.data.passes
        if isinstance(action, Pass):
            push(state, ("window", state.seats.next[seat], passes + 1))
            return
        if isinstance(action, Defend):
            if not kw(state, action.uid, "open_defender"):
                close(state, action.uid)
            item = Item("defend", seat, action.uid, target=0)
        else:
            pay(state, action.uid, action.ability, action.target)
            item = Item("ability", seat, action.uid, action.ability, action.target)
        emit(ev, "declared", what=item.kind, seat=seat, uid=item.actor, ability=item.ability, target=item.target)
        state.stack.append(item)
        push(state, ("window", state.seats.next[seat], 0))


@decision("respond_special")
class RespondSpecialDecision(NamedTuple):
    """One answer to an enemy attack that dealt no wounds; it takes effect at once."""
    attacker: int

    @staticmethod
    def legal(state: GameState) -> list:
        return [*instant_options(state, state.pending.player, ("enemy_attack_no_wounds",), state.pending.data.attacker),
                Pass()]

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        if isinstance(action, Pass):
            return
        pay(state, action.uid, action.ability)
        ab = ability(state, action.uid, action.ability)
        emit(ev, "ability", uid=action.uid, ability=action.ability, target=action.target)
        run_effect(state, ev, action.uid, ab, ab["effect"], action.target, GameEvent("attacked", actor=action.target))


@task("no_wounds_window")
def no_wounds_window(state: GameState, ev: Events, attacker: int, dealt: int) -> None:
    """After an attack that dealt no wounds, the other side may answer (e.g. Предвестник неудачи): the first
    opponent in turn order who can."""
    if dealt or not state.cards[attacker].on_battlefield:
        return
    for seat in state.seats.opponents(state.cards[attacker].owner):
        if instant_options(state, seat, ("enemy_attack_no_wounds",), attacker):
            ask(state, seat, RespondSpecialDecision(attacker))
            return


def roll_watched(state: GameState, who: int) -> bool:
    """Was the die just rolled for a creature on the battlefield while a face-up card there has an instant that
    answers dice (timing `die_rolled`)? Then a roll window opens before the roll is read."""
    users = card_index(state).roll_users
    if not users or state.phase != "battle" or not 0 <= who < len(state.cards) \
            or not state.cards[who].on_battlefield or not is_creature(state, who):
        return False
    return any(c.card_id in users and c.on_battlefield and not c.face_down for c in state.cards)


@task("roll_window")
def roll_window(state: GameState, ev: Events, who: int, seat: int, passes: int) -> None:
    """The seats in turn from `seat` may answer the die just rolled for `who`, until all passed in a row."""
    if passes >= state.seats.count:
        return
    if instant_options(state, seat, ("die_rolled",), who):
        ask(state, seat, RollRespondDecision(who, passes))
    else:
        push(state, ("roll_window", who, state.seats.next[seat], passes + 1))


@decision("roll_respond")
class RollRespondDecision(NamedTuple):
    """A die was just rolled for a creature: a seat may answer it with an instant (timing `die_rolled`), which
    takes effect at once, or pass."""
    who: int                 # the creature the die was rolled for
    passes: int              # the seats that passed in a row before it

    @staticmethod
    def legal(state: GameState) -> list:
        return [*instant_options(state, state.pending.player, ("die_rolled",), state.pending.data.who), Pass()]

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        seat, d = state.pending.player, state.pending.data
        if isinstance(action, Pass):
            push(state, ("roll_window", d.who, state.seats.next[seat], d.passes + 1))
            return
        pay(state, action.uid, action.ability, action.target)
        ab = ability(state, action.uid, action.ability)
        emit(ev, "ability", uid=action.uid, ability=action.ability, target=action.target)
        push(state, ("roll_window", d.who, state.seats.next[seat], 0))
        run_effect(state, ev, action.uid, ab, ab["effect"], action.target, None)
