"""Composite effects: sequences and their later steps, `choose`, `if`, `by_order`, `by_sides`, `by_roll`,
and the handlers of those ops. They run their parts through `run.run_effect`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..actions import Choose, Skip, Target
from ..conditions import holds
from ..core import Events, ask, ask_roll, decision, emit, push, task
from ..events import GameEvent
from ..modifiers import add_modifier, has_modifier, replace_modifier
from ..places import card_behind
from ..refs import Ref, ref_of, resolve
from ..rolls import modified_roll
from ..state import CHANCE, Decision, GameState, RollChance
from ..targets import attack_targets
from .run import run_effect, shielded
from .select import ability, candidates, effect_target_spec, find_op, fixed_target, index_of, takes_all
from .trigger import TargetDecision
from .values import amount_of


def by_sides(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any],
             ctx: GameEvent | None) -> None:
    """The pair of creatures of a `stepped_onto` trigger with `in_a_row = 2` (the event's `other`, then its
    subject): `own` goes at each if both are the source's controller's, `enemy` at each if both are the
    opponent's; otherwise `mixed` goes at the enemy one, the own one as the event's `other` — with
    `mixed_once`, once per turn."""
    if ctx is None or ctx.kind != "stepped_onto" or ctx.other is None:
        return
    pair = [u for u in (ctx.other, ctx.subject) if state.cards[u].on_battlefield]
    if len(pair) < 2:
        return
    seat = state.cards[src].owner
    mine = [u for u in pair if state.cards[u].owner == seat]
    if len(mine) + sum(state.seats.enemy(state.cards[u].owner, seat) for u in pair) < 2:
        return              # a teammate's creature is neither the controller's nor the opponent's (700)
    if len(mine) != 1:
        for u in pair:
            run_effect(state, ev, src, ab, eff["own" if mine else "enemy"], u, ctx)
        return
    if eff.get("mixed_once") and has_modifier(state, src, "pair_mixed", state.turn):
        return
    add_modifier(state, src, "pair_mixed")
    enemy = next(u for u in pair if u != mine[0])
    run_effect(state, ev, src, ab, eff["mixed"], enemy, ctx._replace(other=mine[0], subject=enemy))


@task("by_order_next")
def by_order_next(state: GameState, ev: Events, src: int, index: int, ctx: GameEvent | None, picked: tuple) -> None:
    """The owner picks the card for the next effect of a `by_order` ability: a card its `pick` selector
    matches that no earlier effect of it went at (none left, or every effect done: it ends)."""
    eff = find_op(ability(state, src, index)["effect"], "by_order")
    if eff is not None and len(picked) < len(eff["effects"]) \
            and any(u not in picked for u in candidates(state, src, eff["pick"], ctx)):
        ask(state, state.cards[src].owner, ByOrderDecision(src, index, ctx, picked))


@decision("by_order")
class ByOrderDecision(NamedTuple):
    """«Первое получает проклятие, второе — благословление, третье ранится на 3»: the Nth card picked gets
    the Nth effect; it resolves before the next card is picked."""
    src: int
    index: int               # the ability of `src` with the `by_order` effect
    ctx: GameEvent | None    # the event that triggered it
    picked: tuple[int, ...]  # the cards picked so far

    @staticmethod
    def legal(state: GameState) -> list:
        d: ByOrderDecision = state.pending.data
        eff = find_op(ability(state, d.src, d.index)["effect"], "by_order")
        if not eff:
            return []
        out: list = [Target(u) for u in candidates(state, d.src, eff["pick"], d.ctx) if u not in d.picked]
        return [*out, Skip()] if eff.get("optional") and d.picked else out    # «три или менее»: after the first

    @staticmethod
    def apply(state: GameState, action: Target | Skip, ev: Events) -> None:
        d: ByOrderDecision = state.pending.data
        if isinstance(action, Skip):
            emit(ev, "declined", uid=d.src, ability=d.index)
            return
        ab = ability(state, d.src, d.index)
        eff = find_op(ab["effect"], "by_order")
        push(state, ("by_order_next", d.src, d.index, d.ctx, (*d.picked, action.uid)))
        run_effect(state, ev, d.src, ab, eff["effects"][len(d.picked)], action.uid, d.ctx)


@decision("choose_effect")
class ChooseEffectDecision(NamedTuple):
    """The chooser picks an option of the «choose» effect of ability `index` of `src`."""
    src: int
    index: int
    ctx: GameEvent | None    # the event that triggered it
    target: int              # the ability's target (-1: none)

    @staticmethod
    def legal(state: GameState) -> list:
        d: ChooseEffectDecision = state.pending.data
        return [Choose(i) for i in range(len(ability(state, d.src, d.index)["effect"]["options"]))]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        d: ChooseEffectDecision = state.pending.data
        src, index, ctx, target = d.src, d.index, d.ctx, d.target
        ab = ability(state, src, index)
        option = ab["effect"]["options"][action.option]
        emit(ev, "chose", uid=src, ability=index, option=action.option)
        if option["op"] == "attack" and "target" not in option:     # its owner picks the target
            if attack_targets(state, src, option):
                ask(state, state.cards[src].owner, TargetDecision(src, index, ctx, option=action.option))
            return
        spec = effect_target_spec(option)     # a sequence's: its first step's
        if isinstance(spec, dict) and not takes_all(spec):   # «излечить … существо»: the chooser picks it too
            if candidates(state, src, spec, ctx):
                ask(state, state.pending.player, TargetDecision(src, index, ctx, option=action.option))
            return
        fixed = isinstance(option.get("target"), str) and option["target"] != "same"   # e.g. "mover"
        run_effect(state, ev, src, ab, option, -1 if fixed else target if target != -1 else src, ctx)


def run_steps(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], start: int,
              target: int, ctx: GameEvent | None, base: int = -1) -> None:
    """The steps of sequence `eff` from `start`; a later step of the ability's own sequence with a selector
    asks its owner for a new target (none to pick: the rest of the sequence is skipped). `base`: where the
    tasks of the steps before `start` begin, when they were run by the same resolution (a picked target)."""
    steps = eff["steps"]
    first = start if base < 0 else start - 1
    base, asked = len(state.tasks) if base < 0 else base, state.pending
    for k in range(start, len(steps)):
        spec = steps[k].get("target")
        picks = k > 0 and eff is ab["effect"] and ((isinstance(spec, dict) and not takes_all(spec))
                                                   or (spec is None and steps[k]["op"] == "attack"))
        if k > first and (steps[k]["op"] != "attack" or picks) and (state.pending is not asked or any(
                t[0] in WAITED_FOR for t in state.tasks[base:])):
            defer_steps(state, src, ab, eff, k, target, ctx, base)
            return
        if picks:
            if target >= 0 and shielded(state, src, ab, target):
                return                   # protection from spells stopped the spell and all it carries
            if step_options(state, src, steps[k], target):
                ask(state, state.cards[src].owner,
                    StepTargetDecision(src, index_of(state, src, ab), step=k, prev=target, ctx=ctx))
            elif eff.get("independent"):        # nothing to pick: this step is passed over
                continue
            return
        if spec == "behind_same":        # «по карте позади атакованной»: none there, the step is skipped
            target = card_behind(state, target)
            if target == -1:
                continue
        elif isinstance(spec, str) and spec != "same":
            target = fixed_target(state, src, spec, ctx)
        mark = len(state.tasks)
        run_effect(state, ev, src, ab, steps[k], target, ctx)
        if steps[k]["op"] == "attack":   # «затем метание …»: an attack resolves after the earlier steps' attacks
            state.tasks[base:] = state.tasks[mark:] + state.tasks[base:mark]


WAITED_FOR = ("attack", "summon", "reveal")      # tasks of earlier steps that a later «затем» step waits for


def defer_steps(state: GameState, src: int, ab: dict[str, Any], eff: dict[str, Any], k: int, target: int,
                ctx: GameEvent | None, base: int) -> None:
    """«Затем …»: step `k` (not an attack) waits until what the earlier steps asked (a cell to pick) or
    started (an attack, a summon) has resolved; the rest of the sequence goes on as a task below theirs."""
    spec = () if eff is ab["effect"] else ref_of(state, eff)     # a part of the ability: by reference
    state.tasks.insert(base, ("steps", src, index_of(state, src, ab), spec, k, target, ctx))


@task("steps")
def steps_task(state: GameState, ev: Events, src: int, index: int, spec: Ref | tuple[()], k: int, target: int,
               ctx: GameEvent | None) -> None:
    """The deferred rest of a sequence (see `defer_steps`)."""
    ab = ability(state, src, index)
    run_steps(state, ev, src, ab, resolve(state.db, spec) if spec else ab["effect"], k, target, ctx)


def step_options(state: GameState, src: int, step: dict[str, Any], prev: int) -> list[int]:
    """What a later step of a sequence may pick: an attack without a target reaches as its kind does."""
    if step["op"] == "attack" and "target" not in step:
        return attack_targets(state, src, step)
    return candidates(state, src, step["target"], None, same=prev)


@decision("step_target")
class StepTargetDecision(NamedTuple):
    """The target of a later step of a sequence («стоящее рядом с ним существо»)."""
    src: int
    index: int               # the ability of `src` whose effect is the sequence
    step: int                # the step
    prev: int                # the target of the step before («то же существо»)
    ctx: GameEvent | None    # the event that triggered it

    @staticmethod
    def legal(state: GameState) -> list:
        d: StepTargetDecision = state.pending.data
        step = ability(state, d.src, d.index)["effect"]["steps"][d.step]
        skip: list = [Skip()] if step.get("optional") else []    # «два или менее …»: the owner may stop here
        return [Target(u) for u in step_options(state, d.src, step, d.prev)] + skip

    @staticmethod
    def apply(state: GameState, action: Target | Skip, ev: Events) -> None:
        d: StepTargetDecision = state.pending.data
        src, index, k, ctx = d.src, d.index, d.step, d.ctx
        if isinstance(action, Skip):
            emit(ev, "declined", uid=src, ability=index)
            return
        ab = ability(state, src, index)
        emit(ev, "ability", uid=src, ability=index, target=action.uid)
        base, asked = len(state.tasks), state.pending
        run_effect(state, ev, src, ab, ab["effect"]["steps"][k], action.uid, ctx)
        if state.pending is not asked and k + 1 < len(ab["effect"]["steps"]):    # it asked (a cell): the rest waits
            defer_steps(state, src, ab, ab["effect"], k + 1, action.uid, ctx, base)
        else:
            run_steps(state, ev, src, ab, ab["effect"], k + 1, action.uid, ctx, base)


@task("by_roll_result")
def by_roll_result(state: GameState, ev: Events, src: int, index: int, target: int, ctx: GameEvent | None) -> None:
    """«Бросить кубик; если выпало N или более — …, иначе — …»: the source's roll picks the branch."""
    roll = modified_roll(state, src, state.rolls[0], 0)
    emit(ev, "rolled", uid=src, raw=state.rolls[0], value=roll)
    state.rolls = ()
    ab = ability(state, src, index)
    eff = find_op(ab["effect"], "by_roll")
    if eff is None:
        return
    if "cases" not in eff:
        run_effect(state, ev, src, ab, eff["high"] if roll >= eff["at_least"] else eff["low"], target, ctx)
        return
    cases, face = eff["cases"], min(6, max(1, roll))
    k = next((i for i, c in enumerate(cases) if c["from"] <= face <= c["to"]), -1)
    if k < 0:
        return
    then = cases[k]["then"]
    spec = then.get("target")
    if isinstance(spec, dict) and not takes_all(spec) and eff is ab["effect"]:     # «… стоящее рядом существо»
        if candidates(state, src, spec, ctx):
            ask(state, state.cards[src].owner, TargetDecision(src, index, ctx, option=k))
        return
    run_effect(state, ev, src, ab, then, target, ctx)



# --- the handlers of the flow ops ----------------------------------------------------------------------

def op_sequence(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                ctx: GameEvent | None) -> None:
    if eff.get("optional"):     # «может …, при этом …»: the owner decides first
        ask(state, state.cards[src].owner,
            ConfirmStepsDecision(src, index_of(state, src, ab), ref_of(state, eff), ctx, target))
        return
    run_steps(state, ev, src, ab, eff, 0, target, ctx)


@decision("confirm_steps")
class ConfirmStepsDecision(NamedTuple):
    """Whether an optional sequence (`optional = true` on the sequence itself) happens: `yes` / `no`."""
    src: int
    index: int               # the ability
    effect: Ref              # the sequence
    ctx: GameEvent | None    # the event that triggered it
    target: int

    @staticmethod
    def legal(state: GameState) -> list:
        return [Choose(1), Choose(0)]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        d: ConfirmStepsDecision = state.pending.data
        if not action.option:
            emit(ev, "declined", uid=d.src, ability=d.index)
            return
        run_steps(state, ev, d.src, ability(state, d.src, d.index), resolve(state.db, d.effect), 0, d.target, d.ctx)


def op_if(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
          ctx: GameEvent | None) -> None:
    """«…, если эта карта стоит 3 или менее»: a branch by a condition on a card."""
    subject = target if eff.get("of", "same") == "same" else fixed_target(state, src, eff["of"], ctx)
    branch = eff["then"] if subject >= 0 and holds(state, subject, eff["cond"]) else eff.get("else")
    if branch is not None:
        spec = branch.get("target")
        fixed = isinstance(spec, str) and spec != "same"
        run_effect(state, ev, src, ab, branch, fixed_target(state, src, spec, ctx) if fixed else target, ctx)


def op_choose_number(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                     ctx: GameEvent | None) -> None:
    """«Выберите число X, меньшее или равное …»: the owner picks X, then `then` runs with it."""
    high = eff["max"] if isinstance(eff["max"], int) else amount_of(state, eff["max"], target, ctx, src)
    if high >= 1:
        ask(state, state.cards[src].owner,
            ChooseNumberDecision(src, index_of(state, src, ab), ref_of(state, eff), ctx, target, high))


@decision("choose_number")
class ChooseNumberDecision(NamedTuple):
    """The owner picks the number X of a `choose_number` effect (1 to `high`); its `then` follows."""
    src: int
    index: int               # the ability
    effect: Ref              # the `choose_number` op
    ctx: GameEvent | None    # the event that triggered it
    target: int              # the ability's target (-1: none)
    high: int

    @staticmethod
    def legal(state: GameState) -> list:
        return [Choose(x) for x in range(1, state.pending.data.high + 1)]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        d: ChooseNumberDecision = state.pending.data
        replace_modifier(state, d.src, "chosen", action.option)
        emit(ev, "chose_number", uid=d.src, value=action.option)
        then = resolve(state.db, d.effect)["then"]
        spec = then.get("target")
        fixed = isinstance(spec, str) and spec != "same"
        run_effect(state, ev, d.src, ability(state, d.src, d.index), then,
                   fixed_target(state, d.src, spec, d.ctx) if fixed else d.target, d.ctx)


def op_choose(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
              ctx: GameEvent | None) -> None:
    if eff.get("chooser") == "opponent":
        seat = state.seats.opponents(state.cards[src].owner)[0]
    else:
        chooser = fixed_target(state, src, eff["chooser"], ctx) if "chooser" in eff else -1
        seat = state.cards[chooser if chooser != -1 else src].owner      # «по выбору противника»
    ask(state, seat, ChooseEffectDecision(src, index_of(state, src, ab), ctx, target))


def op_by_sides(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                ctx: GameEvent | None) -> None:
    """«… благословление, если оба ваши, или проклятие, если оба противника, иначе …»."""
    by_sides(state, ev, src, ab, eff, ctx)


def op_by_order(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                ctx: GameEvent | None) -> None:
    """«Выберите трёх …; первое получает …, второе …, третье …»."""
    by_order_next(state, ev, src, index_of(state, src, ab), ctx, ())


def op_by_roll(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
               ctx: GameEvent | None) -> None:
    state.rolls = ()
    ask_roll(state, src, ("by_roll_result", src, index_of(state, src, ab), target, ctx))


def op_modify_roll(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
                   ctx: GameEvent | None) -> None:
    """«+1 или −1 к броску кубика» (timing `die_rolled`): the die just rolled (the last of `state.rolls`)."""
    if state.rolls:
        state.rolls = (*state.rolls[:-1], state.rolls[-1] + eff["by"])
        emit(ev, "roll_modified", uid=target, src=src, value=state.rolls[-1])


def op_reroll(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], target: int,
              ctx: GameEvent | None) -> None:
    """«Перебросить кубик» (timing `die_rolled`): the die just rolled is taken back and rolled again for the same
    creature; the roll window still pending on the tasks (`respond.roll_window`) answers the new die."""
    if state.rolls:
        state.rolls = state.rolls[:-1]
        emit(ev, "rerolled", uid=target, src=src)
        state.pending = Decision(CHANCE, "roll", RollChance(target))
