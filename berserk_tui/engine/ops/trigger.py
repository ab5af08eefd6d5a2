"""Triggered abilities: the `trigger` task, the target and confirm decisions, the jobs of concentration
and of the start of a turn.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..actions import Choose, Skip, Target
from ..closing import close
from ..conditions import holds
from ..core import Events, ask, decision, emit, push, task
from ..damage import heal
from ..dispatch import dispatch, heard_now, lost, may_hear
from ..events import GameEvent
from ..geometry import NO_CELL
from ..keywords import abilities, has_static, holders, kw, magic_ability, silenced
from ..modifiers import BATTLE_LONG, has_modifier
from ..places import battlefield
from ..state import GameState
from ..targets import attack_targets
from .movement import mirror_cell, vacated_cell
from .revive import revivable
from .run import run_effect
from .select import (
    ability,
    attack_job,
    attacker_of,
    candidates,
    death_cell,
    effect_target_spec,
    fixed_target,
    giver,
    pick_limit,
    takes_all,
)
from .values import amount_of


@task("trigger")
def trigger(state: GameState, ev: Events, src: int, index: int, ctx: GameEvent | None) -> None:
    """Run triggered ability `index` of `src` for the event `ctx` (a concentration: the turn's end); asks its
    owner for a target when it has a choice."""
    ab = ability(state, src, index)
    eff = ab["effect"]
    if not _works_now(state, src, index, ab, ctx):
        heal_after_all(state, ev, src, ctx)
        return
    if eff["op"] == "attack" and attacker_of(state, src, eff, ctx) == -1:
        return                                   # the creature that was to attack is gone
    if eff["op"] == "attack":
        if "target" in eff:        # a fixed target («в ту же цель»)
            target = fixed_target(state, src, eff["target"], ctx)
            if target != -1 and ab.get("optional"):    # «может объявить … по нему»: its owner decides
                ask(state, state.cards[src].owner, ConfirmDecision(src, index, ctx, target))
            elif target != -1:
                used(state, src, index)
                emit(ev, "ability", uid=src, ability=index, target=target)
                push(state, attack_job(state, src, src, eff, ctx, target))
        else:
            push(state, ("attack_target", src, index, ctx))
        return
    spec = effect_target_spec(eff)
    owner = state.cards[src].owner
    if eff.get("amount") == "dead_regen" and amount_of(state, "dead_regen", -1, ctx) <= 0:
        return                                   # nothing to deal: the ability does not trigger
    if eff.get("amount") == "chips" and not state.cards[src].chips:
        return
    if eff["op"] == "exile_revive" and revivable(state, state.cards[src].owner, eff["revive"]) == -1:
        return                                   # nothing to revive: the ability does not trigger
    if eff["op"] == "inc_token" and eff["target"] == "self" and state.cards[src].zone != "grave":
        return                                   # «если он на кладбище»
    if isinstance(spec, dict) and not takes_all(spec):
        options = candidates(state, src, spec, ctx)
        if options:
            ask(state, owner, TargetDecision(src, index, ctx))
        else:
            heal_after_all(state, ev, src, ctx)
        return
    target = giver(state, ab) if spec == "giver" else fixed_target(state, src, spec, ctx) if isinstance(spec, str) \
        else -1
    if isinstance(spec, str) and target == -1:
        return
    if eff["op"] == "mirror_beside" and mirror_cell(state, src, target) == NO_CELL:
        return                                   # the cell on the other side is taken: nothing to offer
    first = eff["steps"][0] if eff["op"] == "sequence" else eff
    if first["op"] == "move_to_vacated" and vacated_cell(state, src, first, ctx) == NO_CELL:
        return                                   # «может переместиться на клетку …, при этом …»: it cannot
    if ab.get("optional"):
        decider = state.cards[state.cards[src].host].owner if ab.get("decider") == "host_owner" else owner
        ask(state, decider, ConfirmDecision(src, index, ctx, target))
        return
    used(state, src, index)
    emit(ev, "ability", uid=src, ability=index, target=target)
    run_effect(state, ev, src, ab, eff, target, ctx)


def _works_now(state: GameState, src: int, index: int, ab: dict[str, Any], ctx: GameEvent | None) -> bool:
    """Its limits, `while` and the event's late filters let triggered ability `index` of `src` work now."""
    if lost(state, src, ab):             # a gained ability gone, or «теряет особенности»
        return False
    if "per_turn" in ab and state.cards[src].used.count((index, state.turn)) >= ab["per_turn"]:
        return False
    if ab.get("once_per") == "battle" and (index, -1) in state.cards[src].used:
        return False
    if state.cards[src].used.count((index, -1)) >= ab.get("per_battle", BATTLE_LONG):
        return False
    if "nth" in ab and not nth_time(state, src, index, ab["nth"]):
        return False
    if magic_ability(ab) and silenced(state, src):
        return False
    if "while" in ab and not holds(state, src, ab["while"]):
        return False
    if ab.get("tap") and state.cards[src].closed:     # paid by closing: an open card only
        return False
    return heard_now(state, src, ab, ctx)      # «когда уничтожает», «при гибели от атаки …»


def heal_after_all(state: GameState, ev: Events, src: int, ctx: GameEvent | None) -> None:
    """A «вместо излечения» ability that does not work, or is declined: the heal happens after all."""
    if ctx is not None and ctx.kind == "healed" and ctx.amount:
        heal(state, src, ctx.amount, ev)


def nth_time(state: GameState, src: int, index: int, nth: int) -> bool:
    """Count one more occurrence of the event of triggered ability `index` in the battle (kept in `used`
    as (index, -2)); True if this is the `nth` («второй раз за бой»)."""
    c = state.cards[src]
    c.used += ((index, -2),)
    return c.used.count((index, -2)) == nth


def used(state: GameState, src: int, index: int) -> None:
    """Count a use of a triggered ability limited to `per_turn` uses (it is taking effect)."""
    ab = ability(state, src, index)
    if "per_turn" in ab:
        state.cards[src].used += ((index, state.turn),)
    if ab.get("once_per") == "battle" or "per_battle" in ab:
        state.cards[src].used += ((index, -1),)


@task("attack_target")
def attack_target(state: GameState, ev: Events, src: int, index: int, ctx: GameEvent | None) -> None:
    """A triggered attack (e.g. a concentration discharge): the owner picks a legal target."""
    eff = ability(state, src, index)["effect"]
    if attack_targets(state, attacker_of(state, src, eff, ctx), eff, death_cell(state, src, ctx)):
        ask(state, state.cards[src].owner, TargetDecision(src, index, ctx))


def option_effect(ab: dict[str, Any], option: int) -> dict[str, Any]:
    """Option `option` of the ability's «choose» effect, or the effect of case `option` of its `by_roll`."""
    eff = ab["effect"]
    return eff["cases"][option]["then"] if eff["op"] == "by_roll" else eff["options"][option]


@decision("target")
class TargetDecision(NamedTuple):
    """The owner of `src` picks the target of its ability `index`: of the ability's effect (after the targets
    `picked` so far by a selector «до N»), or of the option `option` of its «choose» effect."""
    src: int
    index: int
    ctx: GameEvent | None    # the event that triggered it
    option: int = -1         # the option chosen of a «choose» effect (the case of a `by_roll`); -1: the effect itself
    picked: tuple[int, ...] = ()

    @staticmethod
    def legal(state: GameState) -> list:
        d: TargetDecision = state.pending.data
        ab = ability(state, d.src, d.index)
        eff = option_effect(ab, d.option) if d.option >= 0 else ab["effect"]
        if eff["op"] == "attack":
            uids = attack_targets(state, attacker_of(state, d.src, eff, d.ctx), eff, death_cell(state, d.src, d.ctx))
        else:
            uids = [u for u in candidates(state, d.src, effect_target_spec(eff), d.ctx) if u not in d.picked]
        out: list = [Target(u) for u in uids]
        if ab.get("optional") or d.picked:
            out.append(Skip())
        return out

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        d: TargetDecision = state.pending.data
        src, index, ctx = d.src, d.index, d.ctx
        if isinstance(action, Skip):
            emit(ev, "declined", uid=src, ability=index)
            if not d.picked:
                heal_after_all(state, ev, src, ctx)
            return
        if d.option >= 0:   # the target of an option of a «choose» ability
            ab = ability(state, src, index)
            eff = option_effect(ab, d.option)
            if eff["op"] != "attack":
                run_effect(state, ev, src, ab, eff, action.uid, ctx)
                return
            push(state, attack_job(state, src, src, eff, ctx, action.uid))
            return
        spec = effect_target_spec(ability(state, src, index)["effect"])
        picked = (*d.picked, action.uid)
        if isinstance(spec, dict) and len(picked) < pick_limit(state, src, spec, ctx):
            push(state, ("more_targets", src, index, ctx, picked))    # after this target's effect
        if len(picked) == 1:
            used(state, src, index)
        emit(ev, "ability", uid=src, ability=index, target=action.uid)
        effect_on(state, ev, src, index, action.uid, ctx, False)


@task("more_targets")
def more_targets(state: GameState, ev: Events, src: int, index: int, ctx: GameEvent | None, picked: tuple) -> None:
    """«До N»: the owner may pick another card for the same effect, or stop."""
    spec = effect_target_spec(ability(state, src, index)["effect"])
    if any(u not in picked for u in candidates(state, src, spec, ctx)):
        ask(state, state.cards[src].owner, TargetDecision(src, index, ctx, picked=picked))


def effect_on(state: GameState, ev: Events, src: int, index: int, target: int, ctx: GameEvent | None,
              recheck: bool) -> None:
    """Run ability `index` of `src` on `target`; a face-down target is revealed first (on a peer
    that cannot see the card, the effect waits for its owner to reveal it)."""
    if target >= 0 and state.cards[target].face_down:
        push(state, ("reveal", target), ("targeted_effect", src, index, target, ctx, recheck))
    else:
        targeted_effect(state, ev, src, index, target, ctx, recheck)


@task("targeted_effect")
def targeted_effect(state: GameState, ev: Events, src: int, index: int, target: int, ctx: GameEvent | None,
                    recheck: bool) -> None:
    """The effect itself; with `recheck` it fizzles on a target that no longer qualifies."""
    ab = ability(state, src, index)
    eff = ab["effect"]
    if recheck and target >= 0:
        spec = effect_target_spec(eff)
        if isinstance(spec, dict) and target not in candidates(state, src, spec, None):
            emit(ev, "fizzled", uid=src, target=target)   # revealed as something else, or gone
            return
    run_effect(state, ev, src, ab, eff, target, ctx)


@decision("confirm")
class ConfirmDecision(NamedTuple):
    """The owner of `src` (or its host's) decides whether its optional ability `index` takes effect on `target`."""
    src: int
    index: int
    ctx: GameEvent | None    # the event that triggered it
    target: int

    @staticmethod
    def legal(state: GameState) -> list:
        return [Choose(1), Choose(0)]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        d: ConfirmDecision = state.pending.data
        src, index, ctx = d.src, d.index, d.ctx
        if not action.option:
            emit(ev, "declined", uid=src, ability=index)
            heal_after_all(state, ev, src, ctx)
            return
        used(state, src, index)
        ab = ability(state, src, index)
        if ab.get("pay_status") == "blessed" and state.cards[src].blessed:    # «может потерять благословление»
            state.cards[src].blessed = False
            emit(ev, "cured", uid=src, status="blessing")
        if ab.get("tap"):               # «{tap}: когда …»: paid by closing
            close(state, src)
        emit(ev, "ability", uid=src, ability=index, target=d.target)
        run_effect(state, ev, src, ab, ab["effect"], d.target, ctx)


def concentration_jobs(state: GameState, seat: int) -> list[tuple]:
    """Concentration of `seat`'s cards that took no wounds during the turn now ending."""
    jobs = []
    printed = holders(state, "concentration")
    for c in state.cards:
        if c.owner != seat or not c.on_battlefield or c.face_down or c.wounded_turn == state.turn \
                or (c.card_id not in printed and not c.modifiers):     # a gained one is a modifier
            continue
        for i, ab in enumerate(abilities(state, c.uid)):        # printed and gained ones
            if ab["type"] == "concentration":
                jobs.append(("trigger", c.uid, i, TURN_ENDED))
    return jobs


TURN_STARTED = GameEvent("turn_started")
TURN_ENDED = GameEvent("turn_ended")


def turn_start_jobs(state: GameState, seat: int) -> list[tuple]:
    """Start-of-turn effects of the active player, declared in uid order, resolved in reverse."""
    declared: list[tuple] = []
    for c in state.cards:
        if c.owner != seat or not c.on_battlefield or c.face_down or c.closed:
            continue
        if c.poison:
            declared.append(("poison_tick", c.uid))
        if kw(state, c.uid, "regen"):
            declared.append(("regen_tick", c.uid))
        if may_hear(state, c, "turn_started", "own"):
            declared += dispatch(state, TURN_STARTED, "own", [c])
    valhalla: list[tuple] = []
    for uid in state.players[seat].grave:     # Вальхалла: in the graveyard, having died of an enemy attack
        if has_modifier(state, uid, "valhalla") and may_hear(state, state.cards[uid], "turn_started", "grave"):
            valhalla += dispatch(state, TURN_STARTED, "grave", [state.cards[uid]])
    if valhalla and any(c.card_id in holders(state, "valhalla_double") and has_static(state, c.uid, "valhalla_double")
                        for c in battlefield(state, seat)):
        valhalla.append(valhalla[-1])       # the first to resolve (the last declared) works twice
    return (declared + valhalla)[::-1]
