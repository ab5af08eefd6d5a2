"""Poison, cures and statuses by effects, the poison and regeneration of the start of a turn, and the
handlers of the status ops (and of the markers on a card)."""

from __future__ import annotations

from typing import Any, NamedTuple

from cards.terms.values import MARKERS_NEW

from .. import dice
from ..actions import Choose
from ..attack_values import attack_value
from ..closing import acid_jobs, opened_jobs
from ..conditions import card_elements, holds
from ..core import Events, ask_roll, decision, emit, push, task
from ..damage import heal, wound
from ..dispatch import dispatch
from ..events import GameEvent
from ..geometry import NO_CELL
from ..keywords import blessed, chip_room, cursed, kw, statics, strike_values
from ..modifiers import (
    BATTLE_LONG,
    add_modifier,
    bound_last,
    drop_modifiers,
    has_modifier,
    modifier_value,
    replace_modifier,
)
from ..places import adjacent, battlefield, is_artifact, is_creature
from ..refs import ref_of
from ..rolls import modified_roll
from ..state import GameState
from .select import ability
from .symbiont import opened_host_jobs
from .values import buff_value, expiry


@decision("amount")
class AmountDecision(NamedTuple):
    """«Потерять X фишек, при этом ранить … на X»: the owner picks X from 1 to the card's chips."""
    src: int                 # the card whose chips pay
    target: int              # the card wounded
    kind: str                # the kind of the wounds

    @staticmethod
    def legal(state: GameState) -> list:
        return [Choose(x) for x in range(1, state.cards[state.pending.data.src].chips + 1)]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        d: AmountDecision = state.pending.data
        state.cards[d.src].chips -= action.option
        emit(ev, "chips_spent", uid=d.src, amount=action.option)
        wound(state, d.target, action.option, d.src, d.kind, ev)
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
    push(state, *dispatch(state, GameEvent("wounded", subject=src, amount=healed, cause="redistributed"),
                          "redistributed", [state.cards[src]]), ("check_deaths",))


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


# --- the handlers of the status ops (and the markers on a card) --------------------------------------

def op_cure(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
            ctx: GameEvent | None) -> None:
    cure(state, target, eff["statuses"], ev)


def op_curse(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
             ctx: GameEvent | None) -> None:
    c = state.cards[target]
    newly = not cursed(state, target)
    c.cursed = True
    emit(ev, "cursed", uid=target)
    if newly:     # «когда получает проклятие»
        push(state, *dispatch(state, GameEvent("status_changed", subject=target, cause="cursed"), "self", [c]))


def op_bless(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
             ctx: GameEvent | None) -> None:
    c = state.cards[target]
    newly = not blessed(state, target)
    c.blessed = True
    emit(ev, "blessed", uid=target)
    if newly:
        push(state, *dispatch(state, GameEvent("status_changed", subject=target, cause="blessed"), "self", [c]))


def op_doom(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
            ctx: GameEvent | None) -> None:
    """«Погибает в конце своего следующего хода»."""
    t = state.cards[target]
    if is_creature(state, target) and state.seats.enemy(t.owner, state.cards[src].owner):
        due = state.next_turn(t.owner)
        add_modifier(state, target, "doomed", src, due)
        emit(ev, "doomed", uid=target, turn=due)


def op_block_attack(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                    ctx: GameEvent | None) -> None:
    """«Блокировать атаку»: the latest enemy attack on the stack aimed at this card (a seated symbiont: at it or
    its host) and not redirected does nothing, but stays paid."""
    s = state.cards[src]
    aims = (src, s.host) if s.zone == "seated" else (src,)
    for k in range(len(state.stack) - 1, -1, -1):
        item = state.stack[k]
        attack = item.kind == "strike" or (item.kind == "ability"
                                           and ability(state, item.actor, item.ability)["effect"]["op"] == "attack")
        if attack and item.target in aims and state.seats.enemy(item.owner, s.owner) and not item.canceled \
                and not item.redirected:
            state.stack[k] = item._replace(canceled=True)
            emit(ev, "blocked", uid=src, attacker=item.actor, target=item.target)
            return


def op_redirect_next_melee(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any],
                           target: int, ctx: GameEvent | None) -> None:
    """«Может перенаправить следующий его ближний удар»."""
    add_modifier(state, target, "redirect_next", src)
    emit(ev, "marked", uid=src, target=target)


def op_roll_twice(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                  ctx: GameEvent | None) -> None:
    """«Бросает кубик два раза, а вы выбираете один из результатов»."""
    add_modifier(state, target, "roll_twice", state.cards[src].owner)
    emit(ev, "roll_twice", uid=target, seat=state.cards[src].owner)


def op_strong_next_strike(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any],
                          target: int, ctx: GameEvent | None) -> None:
    replace_modifier(state, target, "next_strike_strong")
    emit(ev, "strong_next", uid=target)


def op_swap_strike(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                   ctx: GameEvent | None) -> None:
    """`until` counts from the source's controller («до конца хода противника»)."""
    add_modifier(state, target, "swap_strike", 1, expiry(state, eff["until"], state.cards[src].owner))
    emit(ev, "strike_swapped", uid=target)


def op_gain(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
            ctx: GameEvent | None) -> None:
    """«Получает [способность] до …»: the modifier ("gained", (giver, card, path), until)."""
    until = expiry(state, eff["until"], state.cards[target if eff["until"] == "end_of_its_turn" else src].owner)
    key = "gained_grave" if eff.get("keep_in_grave") else "gained"    # kept by a card in the graveyard
    add_modifier(state, target, key, (src, *ref_of(state, eff["ability"])), until)   # src: target "giver"
    emit(ev, "gained_ability", uid=target)


def op_restrain(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                ctx: GameEvent | None) -> None:
    """Until the end of this turn, checked while it lasts (keywords.restrained)."""
    add_modifier(state, target, "restrained", src)
    emit(ev, "restrained", uid=target, source=src)


def op_silence(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
               ctx: GameEvent | None) -> None:
    """From the start of the target's next turn to its end."""
    c = state.cards[target]
    start = state.next_turn(c.owner)
    add_modifier(state, target, "no_magic", start, start)
    emit(ev, "silenced", uid=target)


def op_lose_keyword(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                    ctx: GameEvent | None) -> None:
    until = expiry(state, eff["until"], state.cards[src].owner)
    for key in eff["keywords"]:
        add_modifier(state, target, "lose_kw", key, until)
    emit(ev, "lost_keywords", uid=target, keywords=list(eff["keywords"]))


def op_buff(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
            ctx: GameEvent | None) -> None:
    restricts = any(k in RESTRICTIONS for k in eff["grant"])     # counted from the source's controller
    until = buff_until(state, src, eff.get("until", "end_of_turn"), state.cards[src if restricts else target].owner)
    if "turns" in eff:      # «на X ходов противника»: the end of the Xth opponent's turn
        turns = modifier_value(state, src, "cost_x") if eff["turns"] == "X" else eff["turns"]
        if turns < 1:
            return
        until += 2 * (turns - 1)
    rolled = [(k, v) for k, v in eff["grant"].items() if isinstance(v, list)]
    if rolled:      # `movers = [w, m, s]`: the source's roll alone picks the value
        state.rolls = ()
        ask_roll(state, src, ("rolled_buff", src, target, rolled[0][0], tuple(rolled[0][1]), until))
        return
    grant = {k: buff_value(state, src, v, eff, ctx, target) for k, v in eff["grant"].items()}
    if "max" in eff:        # «(максимум +N)»: a number given again adds up to `max` at most
        grant = {k: max(0, min(v, eff["max"] - modifier_value(state, target, k))) if isinstance(eff["grant"][k], int)
                 else v
                 for k, v in grant.items()}
    give(state, ev, target, grant, until)


RESTRICTIONS = ("no_attack", "no_move", "next_unanswerable", "life", "movers")


def buff_until(state: GameState, src: int, until: str, owner: int) -> int:
    """The last turn of a bonus; one bound to its source (`source_moves`, `source_leaves`) names it instead."""
    if until in ("source_moves", "source_leaves"):
        if not has_modifier(state, src, "binder"):
            add_modifier(state, src, "binder")
        return bound_last(src, until == "source_moves")
    return expiry(state, until, owner)


def give(state: GameState, ev: Events, target: int, grant: dict[str, int], until: int) -> None:
    """Add a buff's modifiers; a lower life may kill at once."""
    c = state.cards[target]
    if not any(grant.values()):
        return
    for key, value in grant.items():
        add_modifier(state, target, key, value, until)
        if key == "move" and state.active == c.owner:    # moves of this turn are already counted
            c.moves = max(0, c.moves + value)
    emit(ev, "buffed", uid=target, grant=grant, until=until)
    if grant.get("life", 0) < 0:
        push(state, ("check_deaths",))


@task("rolled_buff")
def rolled_buff(state: GameState, ev: Events, src: int, target: int, key: str, amounts: tuple, until: int) -> None:
    """A bonus of X-Y-Z (`movers = [3, 2, 1]`): the source's roll alone picks the value."""
    roll = modified_roll(state, src, state.rolls[0], 0)
    emit(ev, "rolled", uid=src, raw=state.rolls[0], value=roll)
    state.rolls = ()
    if state.cards[target].zone != "squad":
        give(state, ev, target, {key: amounts[dice.single(roll) - 1]}, until)


def op_lose_abilities(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                      ctx: GameEvent | None) -> None:
    """«Теряет все особенности до …» (modifier "no_abilities": `keywords.featureless`)."""
    add_modifier(state, target, "no_abilities", 1, buff_until(state, src, eff["until"], state.cards[target].owner))
    emit(ev, "lost_abilities", uid=target)


def op_repair_armor(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                    ctx: GameEvent | None) -> None:
    state.cards[target].armor_used = 0
    emit(ev, "armor_repaired", uid=target)


def op_darken(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
              ctx: GameEvent | None) -> None:
    """«Становится тёмным»: it belongs to the element «тьма» for the rest of the battle."""
    c = state.cards[target]
    if "dark" not in card_elements(state, target):
        add_modifier(state, target, "dark")
        emit(ev, "darkened", uid=target)
        push(state, *dispatch(state, GameEvent("status_changed", subject=target, cause="dark"), "adjacent",
                              (o for o in state.cards if o.on_battlefield and state.seats.enemy(o.owner, c.owner)
                               and adjacent(state, o.uid, target))))


def op_animate(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
               ctx: GameEvent | None) -> None:
    """«Становится существом с движением X и ударом …» for the rest of the battle."""
    c = state.cards[target]
    weak, medium, strong = eff["strike"]
    add_modifier(state, target, "animated")
    add_modifier(state, target, "move", eff.get("move", 0), BATTLE_LONG)
    add_modifier(state, target, "anim_weak", weak)
    add_modifier(state, target, "anim_medium", medium)
    add_modifier(state, target, "anim_strong", strong)
    for key, value in eff.get("grant", {}).items():
        add_modifier(state, target, key, value, BATTLE_LONG)
    if eff.get("flyer"):        # «становится существом с полётом»: it leaves its cell for the extra zone
        add_modifier(state, target, "anim_flyer")
        if c.zone == "board":
            state.grid[c.cell] = -1
            c.zone, c.cell = "extra", NO_CELL
    emit(ev, "animated", uid=target)


def op_no_heal(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
               ctx: GameEvent | None) -> None:
    """«Не может излечиваться … до конца хода противника» (of the source's owner)."""
    add_modifier(state, target, "no_heal", 1, expiry(state, eff["until"], state.cards[src].owner))
    emit(ev, "no_heal", uid=target)


def op_lose_armor(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                  ctx: GameEvent | None) -> None:
    add_modifier(state, target, "no_armor", 1, expiry(state, eff["until"], state.cards[src].owner))
    emit(ev, "armor_lost", uid=target)


def op_no_move(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
               ctx: GameEvent | None) -> None:
    state.cards[target].no_move_turn = state.turn
    emit(ev, "rooted", uid=target)


def op_set_next_roll(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                     ctx: GameEvent | None) -> None:
    state.cards[target].next_roll = eff["value"]
    emit(ev, "next_roll", uid=target, value=eff["value"])


def op_close(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
             ctx: GameEvent | None) -> None:
    c = state.cards[target]
    if not c.closed:
        c.closed = True
        emit(ev, "closed", uid=target)
        push(state, *acid_jobs(state, target))


def op_open(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
            ctx: GameEvent | None) -> None:
    c = state.cards[target]
    if c.closed:
        c.closed = False
        emit(ev, "opened", uid=target)
        push(state, *opened_host_jobs(state, [c]), *opened_jobs(state, target))


def op_keep_closed(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                   ctx: GameEvent | None) -> None:
    add_modifier(state, target, "stay_closed", 1, state.turn)
    emit(ev, "kept_closed", uid=target)


def op_keep_closed_next(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any],
                        target: int, ctx: GameEvent | None) -> None:
    """Its controller's next turn: this one's next if it is his now."""
    c = state.cards[target]
    until = state.next_turn(c.owner)
    if "unless" in eff:       # «…, если не стоит рядом с …»: the condition is checked when its cards open
        add_modifier(state, target, "stay_closed_unless", ref_of(state, eff["unless"]), until)
    else:
        add_modifier(state, target, "stay_closed", 1, until)
    emit(ev, "kept_closed", uid=target)


def op_mark(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
            ctx: GameEvent | None) -> None:
    s = state.cards[src]
    until = expiry(state, eff["until"], s.owner)
    replace_modifier(state, src, "mark", target, until)
    emit(ev, "marked", uid=src, target=target)


def op_marker(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
              ctx: GameEvent | None) -> None:
    if "until" in eff or eff["name"] in MARKERS_NEW:    # a marker for a while: the source is kept as its value
        until = buff_until(state, src, eff["until"], state.cards[src].owner) if "until" in eff else BATTLE_LONG
        (add_modifier if eff.get("stack") else replace_modifier)(state, target, eff["name"], src, until)
        emit(ev, "marker", uid=target, name=eff["name"])
    elif not has_modifier(state, target, eff["name"]):
        add_modifier(state, target, eff["name"])
        emit(ev, "marker", uid=target, name=eff["name"])


def op_remove_marker(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                     ctx: GameEvent | None) -> None:
    if has_modifier(state, target, eff["name"]):
        drop_modifiers(state, target, eff["name"])
        emit(ev, "marker_removed", uid=target, name=eff["name"])


def op_chip(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
            ctx: GameEvent | None) -> None:
    c = state.cards[target]
    gain = min(eff["amount"], eff.get("max", eff["amount"] + c.chips) - c.chips, chip_room(state, target, src))
    if gain > 0:
        c.chips += gain
        emit(ev, "chip", uid=target, chips=c.chips)


def op_lose_chips(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                  ctx: GameEvent | None) -> None:
    """«Теряет все фишки»: the target loses `amount` chips (all of them, or as many as it has)."""
    c = state.cards[target]
    lost = c.chips if eff["amount"] == "all" else min(eff["amount"], c.chips)
    if lost:
        c.chips -= lost
        emit(ev, "chips_spent", uid=target, amount=lost)


def op_transfer_chip(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                     ctx: GameEvent | None) -> None:
    """«Переместить фишку с … на …»: one chip, if the giver has one."""
    giver, taker = (target, src) if eff["to"] == "self" else (src, target)
    if state.cards[giver].chips and giver != taker and chip_room(state, taker, src):
        state.cards[giver].chips -= 1
        state.cards[taker].chips += 1
        emit(ev, "chips_spent", uid=giver, amount=1)
        emit(ev, "chip", uid=taker, chips=state.cards[taker].chips)
