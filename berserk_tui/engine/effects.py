"""The effect interpreter: targets, triggered abilities, concentration and effect ops."""

from __future__ import annotations

import json
from typing import Any

from cards.schema import expand_attacks

from . import deck_effects, dice
from .actions import Choose, PickCell, Skip, Target
from .board import (
    AROUND,
    CELLS,
    COLS,
    DIAGONALS,
    NO_CELL,
    ROWS,
    chebyshev,
    col_of,
    manhattan,
    own_rows,
    relative,
    row_of,
)
from .combat import acid_jobs, drop_equipment, gain_lives, heal, kill, modified_roll, opened_jobs, wound
from .core import Events, ask, ask_roll, decision, emit, push, task
from .query import (
    LOST_ABILITY,
    abilities,
    ability_at,
    adjacent,
    attack_value,
    barred,
    battlefield,
    blessed,
    can_host,
    card_elements,
    cursed,
    featureless,
    formation_group,
    holds,
    is_artifact,
    is_creature,
    is_flyer,
    kind_of,
    kw,
    life_left,
    magic_ability,
    max_moves,
    opposite,
    passed_over,
    position,
    protected,
    rescue_hosts,
    silenced,
    statics,
    strike_values,
    symbiont_of,
)
from .state import BATTLE_LONG, GameState
from .targets import attack_targets
from .zones import relocate, swap


def ability(state: GameState, uid: int, index: int) -> dict[str, Any]:
    return ability_at(state, uid, index)


# --- targets ------------------------------------------------------------------------------------

def fixed_target(state: GameState, src: int, name: str, ctx: tuple) -> int:
    """Resolve a named target ("self", "attacked", ...); -1 if there is none."""
    if name == "self":
        return src
    if name == "attacked" and ctx and ctx[0] == "attacked":
        return ctx[1]
    if name == "attacker" and ctx and ctx[0] == "attacker":
        return ctx[1]
    if name == "wounded" and ctx and ctx[0] == "wounded":
        return ctx[1]
    if name == "mover" and ctx and ctx[0] == "mover":
        return ctx[1]
    if name == "attacked_parasite":     # the first face-up parasite seated on the attacked card
        host = ctx[1] if ctx and ctx[0] == "attacked" else -1
        return next((s.uid for s in state.cards if host != -1 and s.zone == "seated" and s.host == host
                     and not s.face_down and state.cdef(s.uid).kind == "parasite"), -1)
    if name == "killer":       # the card whose attack dealt the fatal wounds, if it is still there
        uid = ctx[4] if ctx and ctx[0] == "dead" and len(ctx) > 4 else -1
        return uid if uid >= 0 and state.cards[uid].on_battlefield else -1
    if name == "dead":         # the creature whose death set the ability off
        return ctx[1] if ctx and ctx[0] == "dead" else -1
    if name == "passed_over":        # «через ваше существо»: the creature on the cell its strike passed over
        cell = passed_over(state, src)
        uid = state.grid[cell] if cell != NO_CELL else -1
        return uid if uid != -1 and is_creature(state, uid) else -1
    if name == "host":
        return state.cards[src].host
    if name == "symbiont":
        return symbiont_of(state, src)
    if name in ("opposite", "opposite_card"):     # the card opposite is a creature unless it is an artifact
        uid = opposite(state, src)
        if name == "opposite" and uid != -1 and not state.cards[uid].face_down and not is_creature(state, uid):
            return -1
        return uid if uid != -1 and state.cards[uid].owner != state.cards[src].owner else -1
    raise ValueError(f"unknown target {name!r}")


def giver(state: GameState, ab: dict[str, Any]) -> int:
    """The card that gave the gained ability `ab` (op `gain`), if it is on the battlefield; else -1."""
    uid = ab.get("giver", -1)
    return uid if uid >= 0 and state.cards[uid].on_battlefield else -1


def candidates(state: GameState, src: int, sel: dict[str, Any], ctx: tuple) -> list[int]:
    """Cards a selector may pick, in uid order."""
    owner = state.cards[src].owner
    side = sel.get("side", "any")
    if sel.get("zone") == "grave":
        return in_graves(state, owner, sel)
    near = None
    if sel.get("near") == "dead":
        if not ctx or ctx[0] != "dead" or ctx[2] == NO_CELL:
            return []
        near = set(AROUND[ctx[2]])
    elif sel.get("near") == "mover":     # next to the creature whose event triggered («рядом с ним»)
        mover_pos = position(state, ctx[1]) if ctx and ctx[0] == "mover" and ctx[1] >= 0 else NO_CELL
        if mover_pos == NO_CELL:
            return []
        near = set(AROUND[mover_pos])
    elif sel.get("near") == "same":      # next to the target of the previous step of a sequence
        prev_pos = position(state, ctx[1]) if ctx and ctx[0] == "same" and ctx[1] >= 0 else NO_CELL
        if prev_pos == NO_CELL:
            return []
        near = set(AROUND[prev_pos])
    src_pos = position(state, src)
    out = []
    for c in state.cards:
        if not c.on_battlefield:
            continue
        if (side == "enemy" and c.owner == owner) or (side == "own" and c.owner != owner):
            continue
        pos = position(state, c.uid)     # where it is first: the cheap tests before the card's own
        if near is not None and pos not in near:
            continue
        if sel.get("other") and c.uid == src:     # «других ваших существ»
            continue
        if sel.get("adjacent") and (c.uid == src or pos == NO_CELL or src_pos == NO_CELL
                                    or chebyshev(src_pos, pos) > 1):
            continue
        rng = sel.get("range")
        if rng is not None and src_pos != NO_CELL and pos != NO_CELL and manhattan(src_pos, pos) > rng:
            continue
        d = None if c.face_down else state.cdef(c.uid)   # never judge a face-down card by what it hides
        if d is not None and d.kind == "terrain":
            continue
        if sel.get("what", "creature") == "creature" and d is not None and not is_creature(state, c.uid):
            continue
        if "filter" in sel and not holds(state, c.uid, sel["filter"]):
            continue
        out.append(c.uid)
    return out


def in_graves(state: GameState, owner: int, sel: dict[str, Any]) -> list[int]:
    """Cards of the graveyards a selector with `zone = "grave"` may pick, in uid order."""
    side = sel.get("side", "any")
    seats = [s for s in (0, 1) if side == "any" or (side == "own") == (s == owner)]
    return sorted(u for s in seats for u in state.players[s].grave
                  if (sel.get("what", "creature") != "creature" or is_creature(state, u))
                  and holds(state, u, sel.get("filter", {})))


def effect_target_spec(eff: dict[str, Any]) -> Any:
    if eff["op"] == "sequence":
        return eff["steps"][0].get("target")
    if eff["op"] == "choose":
        return None
    return eff.get("target")


# --- triggers and concentration -----------------------------------------------------------------

NEEDS_SOURCE = ("wounded_by_enemy_attack",)    # trigger events after which a dead source does nothing


def attacker_of(state: GameState, src: int, eff: dict[str, Any], ctx: tuple) -> int:
    """Who makes an ability attack: `src`, or with `striker = "wounded"` the creature whose wounds triggered
    it (-1 when it is no longer on the battlefield)."""
    if eff.get("striker") != "wounded":
        return src
    uid = ctx[1] if ctx and ctx[0] == "wounded" else -1
    return uid if uid >= 0 and state.cards[uid].on_battlefield else -1


@task("trigger")
def trigger(state: GameState, ev: Events, src: int, index: int, ctx: tuple) -> None:
    """Run triggered ability `index` of `src`; asks its owner for a target when it has a choice."""
    ab = ability(state, src, index)
    eff = ab["effect"]
    if ab is LOST_ABILITY or featureless(state, src):   # «теряет особенности»: nothing of it is set off
        return
    if "per_turn" in ab and state.cards[src].used.count((index, state.turn)) >= ab["per_turn"]:
        return
    if ab.get("once_per") == "battle" and (index, -1) in state.cards[src].used:
        return
    if state.cards[src].used.count((index, -1)) >= ab.get("per_battle", BATTLE_LONG):
        return
    if "nth" in ab and not nth_time(state, src, index, ab["nth"]):
        return
    if magic_ability(ab) and silenced(state, src):
        return
    if "while" in ab and not holds(state, src, ab["while"]):
        return
    if ab.get("on") in NEEDS_SOURCE and not state.cards[src].on_battlefield:
        return
    if eff["op"] == "attack" and attacker_of(state, src, eff, ctx) == -1:
        return                                   # the creature that was to attack is gone
    if ab.get("kills") and not (ctx and ctx[0] == "attacked" and not state.cards[ctx[1]].on_battlefield):
        return                                   # «когда уничтожает»: only if the card it hit died
    if "by_attack" in ab and not (killed_by(state, ab["by_attack"], ctx)
                                  and holds(state, ctx[4], ab.get("killer", {}))):
        return
    if eff["op"] == "attack":
        if "target" in eff:        # a fixed target («в ту же цель»)
            target = fixed_target(state, src, eff["target"], ctx)
            if target != -1 and ab.get("optional"):    # «может объявить … по нему»: its owner decides
                ask(state, state.cards[src].owner, "confirm", src, index, ctx, target)
            elif target != -1:
                used(state, src, index)
                emit(ev, "ability", uid=src, ability=index, target=target)
                push(state, ("attack", src, eff["attack"], damage_of(state, eff, ctx), target))
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
            ask(state, owner, "target", src, index, ctx)
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
        ask(state, decider, "confirm", src, index, ctx, target)
        return
    used(state, src, index)
    emit(ev, "ability", uid=src, ability=index, target=target)
    run_effect(state, ev, src, ab, eff, target, ctx)


def damage_of(state: GameState, eff: dict[str, Any], ctx: tuple) -> tuple[int, int, int]:
    """An attack's [w, m, s]; "dead_weak_strike": X = the weak strike of the creature that died."""
    dmg = eff["damage"]
    if dmg == "wounds_taken":       # «на X»: the wounds that triggered it
        x = ctx[2] if ctx and ctx[0] == "wounded" and len(ctx) > 2 else 0
        return (x, x, x)
    if dmg == "dead_weak_strike":
        d = state.cdef(ctx[1]) if ctx and ctx[0] == "dead" else None
        x = d.strike[0] if d is not None else 0
        return (x, x, x)
    return tuple(dmg)


def killed_by(state: GameState, attacks: list[str], ctx: tuple) -> bool:
    """Did the creature of a death context die of wounds from an attack of those kinds by an enemy card?"""
    if not ctx or ctx[0] != "dead" or len(ctx) < 6 or ctx[4] < 0:
        return False
    source, kind = ctx[4], ctx[5]
    return kind in expand_attacks(attacks) and state.cards[source].owner != state.cards[ctx[1]].owner


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
def attack_target(state: GameState, ev: Events, src: int, index: int, ctx: tuple) -> None:
    """A triggered attack (e.g. a concentration discharge): the owner picks a legal target."""
    eff = ability(state, src, index)["effect"]
    if attack_targets(state, attacker_of(state, src, eff, ctx), eff):
        ask(state, state.cards[src].owner, "target", src, index, ctx)


@decision("target")
class TargetDecision:
    @staticmethod
    def legal(state: GameState) -> list:
        src, index, ctx, *option = state.pending.data
        ab = ability(state, src, index)
        picked = _picked(option)
        eff = ab["effect"]["options"][option[0]] if option and not picked else ab["effect"]
        if eff["op"] == "attack":
                    uids = attack_targets(state, attacker_of(state, src, eff, ctx), eff)
        else:
            uids = [u for u in candidates(state, src, effect_target_spec(eff), ctx) if u not in picked]
        out: list = [Target(u) for u in uids]
        if ab.get("optional") or picked:
            out.append(Skip())
        return out

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        src, index, ctx, *option = state.pending.data
        if isinstance(action, Skip):
            emit(ev, "declined", uid=src, ability=index)
            return
        picked = _picked(option)
        if option and not picked:   # the target of an option of a «choose» ability
            ab = ability(state, src, index)
            eff = ab["effect"]["options"][option[0]]
            if eff["op"] != "attack":
                run_effect(state, ev, src, ab, eff, action.uid, ctx)
                return
            push(state, ("attack", src, eff["attack"], damage_of(state, eff, ctx), action.uid))
            return
        spec = effect_target_spec(ability(state, src, index)["effect"])
        picked += (action.uid,)
        if isinstance(spec, dict) and len(picked) < spec.get("up_to", 1):
            push(state, ("more_targets", src, index, ctx, picked))    # after this target's effect
        if len(picked) == 1:
            used(state, src, index)
        emit(ev, "ability", uid=src, ability=index, target=action.uid)
        effect_on(state, ev, src, index, action.uid, ctx, False)


def by_sides(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], ctx: tuple) -> None:
    """The pair of a `passes_two` trigger (ctx "pair", a, b): `own` goes at each if both are the source's
    controller's, `enemy` at each if both are the opponent's; otherwise `mixed` goes at the enemy one with
    ctx ("pair", own one, enemy one) — with `mixed_once`, once per turn."""
    if not ctx or ctx[0] != "pair":
        return
    pair = [u for u in ctx[1:3] if state.cards[u].on_battlefield]
    if len(pair) < 2:
        return
    seat = state.cards[src].owner
    mine = [u for u in pair if state.cards[u].owner == seat]
    if len(mine) != 1:
        for u in pair:
            run_effect(state, ev, src, ab, eff["own" if mine else "enemy"], u, ctx)
        return
    c = state.cards[src]
    if eff.get("mixed_once") and any(k == "pair_mixed" and t == state.turn for k, _, t in c.buffs):
        return
    c.buffs += (("pair_mixed", 1, state.turn),)
    enemy = next(u for u in pair if u != mine[0])
    run_effect(state, ev, src, ab, eff["mixed"], enemy, ("pair", mine[0], enemy))


@task("by_order_next")
def by_order_next(state: GameState, ev: Events, src: int, index: int, ctx: tuple, picked: tuple) -> None:
    """The owner picks the card for the next effect of a `by_order` ability: a card its `pick` selector
    matches that no earlier effect of it went at (none left, or every effect done: it ends)."""
    eff = _find_op(ability(state, src, index)["effect"], "by_order")
    if eff is not None and len(picked) < len(eff["effects"]) \
            and any(u not in picked for u in candidates(state, src, eff["pick"], ctx)):
        ask(state, state.cards[src].owner, "by_order", src, index, ctx, picked)


@decision("by_order")
class ByOrderDecision:
    """«Первое получает проклятие, второе — благословление, третье ранится на 3»: the Nth card picked gets
    the Nth effect; it resolves before the next card is picked."""

    @staticmethod
    def legal(state: GameState) -> list:
        src, index, ctx, picked = state.pending.data
        eff = _find_op(ability(state, src, index)["effect"], "by_order")
        return [Target(u) for u in candidates(state, src, eff["pick"], ctx) if u not in picked] if eff else []

    @staticmethod
    def apply(state: GameState, action: Target, ev: Events) -> None:
        src, index, ctx, picked = state.pending.data
        ab = ability(state, src, index)
        eff = _find_op(ab["effect"], "by_order")
        push(state, ("by_order_next", src, index, ctx, (*picked, action.uid)))
        run_effect(state, ev, src, ab, eff["effects"][len(picked)], action.uid, ctx)


def _picked(option: list) -> tuple:
    """The targets already picked by a selector with `up_to` (kept in the decision after ctx)."""
    return tuple(option[0]) if option and isinstance(option[0], (tuple, list)) else ()


@task("more_targets")
def more_targets(state: GameState, ev: Events, src: int, index: int, ctx: tuple, picked: tuple) -> None:
    """«До N»: the owner may pick another card for the same effect, or stop."""
    spec = effect_target_spec(ability(state, src, index)["effect"])
    if any(u not in picked for u in candidates(state, src, spec, ctx)):
        ask(state, state.cards[src].owner, "target", src, index, ctx, picked)


def effect_on(state: GameState, ev: Events, src: int, index: int, target: int, ctx: tuple, recheck: bool) -> None:
    """Run ability `index` of `src` on `target`; a face-down target is revealed first (on a peer
    that cannot see the card, the effect waits for its owner to reveal it)."""
    if target >= 0 and state.cards[target].face_down:
        push(state, ("reveal", target), ("targeted_effect", src, index, target, ctx, recheck))
    else:
        targeted_effect(state, ev, src, index, target, ctx, recheck)


@task("targeted_effect")
def targeted_effect(state: GameState, ev: Events, src: int, index: int, target: int, ctx: tuple,
                    recheck: bool) -> None:
    """The effect itself; with `recheck` it fizzles on a target that no longer qualifies."""
    ab = ability(state, src, index)
    eff = ab["effect"]
    if recheck and target >= 0:
        spec = effect_target_spec(eff)
        if isinstance(spec, dict) and target not in candidates(state, src, spec, ()):
            emit(ev, "fizzled", uid=src, target=target)   # revealed as something else, or gone
            return
    run_effect(state, ev, src, ab, eff, target, ctx)


@decision("confirm")
class ConfirmDecision:
    @staticmethod
    def legal(state: GameState) -> list:
        return [Choose(1), Choose(0)]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        src, index, ctx, target = state.pending.data
        if not action.option:
            emit(ev, "declined", uid=src, ability=index)
            if ctx and ctx[0] == "would_heal":      # declined «вместо этого»: the heal happens after all
                heal(state, src, ctx[1], ev)
            return
        used(state, src, index)
        ab = ability(state, src, index)
        if ab.get("pay_status") == "blessed" and state.cards[src].blessed:    # «может потерять благословление»
            state.cards[src].blessed = False
            emit(ev, "cured", uid=src, status="blessing")
        emit(ev, "ability", uid=src, ability=index, target=target)
        run_effect(state, ev, src, ab, ab["effect"], target, ctx)


@decision("choose_effect")
class ChooseEffectDecision:
    @staticmethod
    def legal(state: GameState) -> list:
        src, index, _ctx, _target = state.pending.data
        return [Choose(i) for i in range(len(ability(state, src, index)["effect"]["options"]))]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        src, index, ctx, target = state.pending.data
        ab = ability(state, src, index)
        option = ab["effect"]["options"][action.option]
        emit(ev, "chose", uid=src, ability=index, option=action.option)
        if option["op"] == "attack" and "target" not in option:     # its owner picks the target
            if attack_targets(state, src, option):
                ask(state, state.cards[src].owner, "target", src, index, ctx, action.option)
            return
        if isinstance(option.get("target"), dict) and not takes_all(option["target"]):   # «излечить … существо»
            if candidates(state, src, option["target"], ctx):
                ask(state, state.cards[src].owner, "target", src, index, ctx, action.option)
            return
        fixed = isinstance(option.get("target"), str) and option["target"] != "same"   # e.g. "mover"
        run_effect(state, ev, src, ab, option, -1 if fixed else target if target != -1 else src, ctx)


@decision("amount")
class AmountDecision:
    """«Потерять X фишек, при этом ранить … на X»: the owner picks X from 1 to the card's chips."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [Choose(x) for x in range(1, state.cards[state.pending.data[0]].chips + 1)]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        src, target, kind = state.pending.data
        state.cards[src].chips -= action.option
        emit(ev, "chips_spent", uid=src, amount=action.option)
        wound(state, target, action.option, src, kind, ev)
        push(state, ("check_deaths",))


@decision("ambush")
class AmbushDecision:
    """«Выбрать клетку поля боя до конца хода»: any cell; kept as the buff ("ambush", cell, this turn)."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [PickCell(x) for x in range(CELLS)]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        c = state.cards[state.pending.data[0]]
        c.buffs = tuple(b for b in c.buffs if b[0] != "ambush") + (("ambush", action.cell, state.turn),)
        emit(ev, "ambush", uid=c.uid, cell=action.cell)


@decision("fire_wall")
class FireWallDecision:
    """«Положите маркер на клетку поля боя»: any cell; kept as the buff ("fire_wall", cell, battle) of the
    card, so the markers go when it leaves the battlefield."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [PickCell(x) for x in range(CELLS)]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        c = state.cards[state.pending.data[0]]
        c.buffs += (("fire_wall", action.cell, BATTLE_LONG),)
        emit(ev, "fire_wall", uid=c.uid, cell=action.cell)


@decision("cell_marker")
class CellMarkerDecision:
    """«Выбрать свободную клетку поля боя» for a cell marker (e.g. «портал»): kept as the buff
    ("cell_<name>", cell, until) of the source, so it goes when the card leaves the battlefield."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [PickCell(x) for x in range(CELLS) if state.grid[x] == -1]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        src, name, until = state.pending.data
        c = state.cards[src]
        c.buffs += ((f"cell_{name}", action.cell, until),)
        emit(ev, "cell_marker", uid=src, name=name, cell=action.cell)


@decision("diagonal")
class DiagonalDecision:
    """«Выбранная диагональ»: the owner picks one of `DIAGONALS`; every card on it is wounded by one roll."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [Choose(i) for i in range(len(DIAGONALS))]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        src, amounts, kind = state.pending.data
        cells = DIAGONALS[action.option]
        emit(ev, "diagonal", uid=src, cells=list(cells))
        shown = [("reveal", c.uid) for c in state.cards if c.on_battlefield and c.face_down and c.cell in cells]
        push(state, *shown, ("wound_cells", src, cells, amounts, kind))


def mirror_cell(state: GameState, src: int, uid: int) -> int:
    """The free cell on the other side of `src` from `uid`, which stands directly left or right of it; or NO_CELL."""
    s, c = state.cards[src], state.cards[uid]
    if s.zone != "board" or c.zone != "board" or row_of(s.cell) != row_of(c.cell) \
            or abs(col_of(s.cell) - col_of(c.cell)) != 1:
        return NO_CELL
    mirror = 2 * s.cell - c.cell
    on_row = 0 <= mirror < CELLS and row_of(mirror) == row_of(s.cell)    # not past the edge of the board
    return mirror if on_row and state.grid[mirror] == -1 else NO_CELL


def square_cells(corner: int) -> tuple[int, ...]:
    """The 2×2 square whose cell nearest a1 is `corner`."""
    return (corner, corner + 1, corner + COLS, corner + COLS + 1)


@decision("square")
class SquareDecision:
    """«Выбрать квадрат 2×2»: the owner picks the square by its cell nearest a1; every enemy card on it (seated
    symbionts included, terrain aside) is wounded by X = the cards of his own standing on it, up to `max`."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [PickCell(x) for x in range(CELLS) if row_of(x) < ROWS - 1 and col_of(x) < COLS - 1]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        src, top, kind = state.pending.data
        owner, cells = state.cards[src].owner, square_cells(action.cell)
        amount = min(top, sum(1 for x in cells if state.grid[x] != -1 and state.cards[state.grid[x]].owner == owner))
        emit(ev, "square", uid=src, cell=action.cell, amount=amount)
        jobs: list[tuple] = []
        for c in state.cards:
            if amount and c.on_battlefield and c.owner != owner and position(state, c.uid) in cells:
                if c.face_down:
                    jobs.append(("reveal", c.uid))
                jobs.append(("blast_wound", src, c.uid, amount, kind))
        push(state, *jobs, ("check_deaths",))


def free_cells_around(state: GameState, uid: int) -> list[int]:
    """Free cells next to `uid` (diagonals included); none off the board."""
    pos = position(state, uid)
    return [] if pos == NO_CELL else [x for x in AROUND[pos] if state.grid[x] == -1]


@decision("blast_cell")
class BlastCellDecision:
    """«Выбрать незанятую клетку рядом с собой; ранить все стоящие рядом с ней карты противника»."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [PickCell(x) for x in free_cells_around(state, state.pending.data[0])]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        src, amount, kind = state.pending.data
        owner = state.cards[src].owner
        emit(ev, "blast_cell", uid=src, cell=action.cell)
        jobs: list[tuple] = []
        for c in state.cards:
            if c.on_battlefield and c.owner != owner and position(state, c.uid) in AROUND[action.cell]:
                if c.face_down:
                    jobs.append(("reveal", c.uid))
                jobs.append(("blast_wound", src, c.uid, amount, kind))
        push(state, *jobs, ("check_deaths",))


@task("blast_wound")
def blast_wound(state: GameState, ev: Events, src: int, target: int, amount: int, kind: str) -> None:
    """One card next to the chosen cell (terrain aside; protection from spells stops a spell)."""
    if state.cdef(target).kind == "terrain" or not state.cards[target].on_battlefield:
        return
    if kind == "spell" and protected(state, target, "spell", src):
        emit(ev, "protected", uid=target, kind="spell")
        return
    wound(state, target, amount, src, kind, ev)


@task("wound_cells")
def wound_cells(state: GameState, ev: Events, src: int, cells: tuple, amounts: tuple, kind: str) -> None:
    """Roll once for `src`, then wound every card standing on `cells` (terrain aside) by that value."""
    state.rolls = ()
    ask_roll(state, src, ("wound_cells_rolled", src, cells, amounts, kind))


@task("wound_cells_rolled")
def wound_cells_rolled(state: GameState, ev: Events, src: int, cells: tuple, amounts: tuple, kind: str) -> None:
    roll = modified_roll(state, src, state.rolls[0], 0)
    emit(ev, "rolled", uid=src, raw=state.rolls[0], value=roll)
    state.rolls = ()
    amount = amounts[dice.single(roll) - 1]
    owner = state.cards[src].owner
    for c in state.cards:
        if not c.on_battlefield or position(state, c.uid) not in cells or state.cdef(c.uid).kind == "terrain":
            continue
        if kind == "spell" and c.owner != owner and protected(state, c.uid, "spell", src):
            emit(ev, "protected", uid=c.uid, kind="spell")
            continue
        wound(state, c.uid, amount, src, kind, ev)
    push(state, ("check_deaths",))


def displace_cells(state: GameState, uid: int) -> list[int]:
    """Free cells next to `uid` standing on the board (a seated symbiont is not displaced)."""
    return free_cells_around(state, uid) if state.cards[uid].zone == "board" else []


@decision("displace")
class DisplaceDecision:
    @staticmethod
    def legal(state: GameState) -> list:
        return [PickCell(c) for c in displace_cells(state, state.pending.data[1])]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        src, uid = state.pending.data
        relocate(state, uid, action.cell, ev)
        if state.cards[src].owner != state.cards[uid].owner:     # «когда ваша карта перемещает карту противника»
            owner = state.cards[src].owner
            push(state, *[("trigger", o.uid, i, ("mover", uid)) for o in state.cards
                          if o.owner == owner and o.on_battlefield and not o.face_down
                          for i, ab in enumerate(state.db.cards[o.card_id].abilities)
                          if ab["type"] == "trigger" and ab["on"] == "own_moves_enemy"])


def jump_cells(state: GameState, uid: int, reach: int) -> list[int]:
    """Free cells a jump of `uid` within `reach` (counted as for a shot) lands on."""
    c = state.cards[uid]
    if c.zone != "board":
        return []
    return [x for x in range(CELLS) if state.grid[x] == -1 and manhattan(c.cell, x) <= reach
            and not barred(state, uid, x)]


@decision("jump")
class JumpDecision:
    """«Объявить прыжок, дальность X»: the owner picks the free cell."""

    @staticmethod
    def legal(state: GameState) -> list:
        uid, reach = state.pending.data
        return [PickCell(x) for x in jump_cells(state, uid, reach)]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        relocate(state, state.pending.data[0], action.cell, ev)


def near_cells(state: GameState, src: int, target: int) -> list[int]:
    """Free cells next to card `target` (diagonals included) that card `src`, on a cell, may jump onto."""
    pos = position(state, target)
    if state.cards[src].zone != "board" or pos == NO_CELL:
        return []
    return [x for x in AROUND[pos] if state.grid[x] == -1 and not barred(state, src, x)]


def _find_op(eff: dict[str, Any], op: str) -> dict[str, Any] | None:
    """The first effect `op` inside `eff` (its steps, options and branches included)."""
    if eff.get("op") == op:
        return eff
    subs = [*eff.get("steps", ()), *eff.get("options", ()), *(eff[k] for k in ("then", "else") if k in eff)]
    return next((found for sub in subs if (found := _find_op(sub, op)) is not None), None)


def run_then(state: GameState, ev: Events, src: int, ab: dict[str, Any], op: str, target: int, ctx: tuple) -> None:
    """After the move of an op `op` of ability `ab` (a landing, a jump): its `then` effect at `target`."""
    eff = _find_op(ab["effect"], op)
    if eff is not None and "then" in eff:
        run_effect(state, ev, src, ab, eff["then"], target, ctx)


def take_flight(state: GameState, uid: int, ev: Events, until: int = BATTLE_LONG) -> None:
    """A ground creature on a cell gets flight (полёт): it is a flyer in the extra zone from now on, or,
    with `until` (the last turn), until the end of that turn, when its owner lands it (task `flight_ends`)."""
    c = state.cards[uid]
    if c.zone != "board" or kind_of(state, uid) != "creature" or c.face_down:
        return
    if state.grid[c.cell] == uid:       # an incorporeal creature sharing a cell leaves the other be
        state.grid[c.cell] = -1
    c.buffs = tuple(b for b in c.buffs if b[0] not in ("landed", "flight_until"))
    if state.cdef(uid).kind != "flyer":
        c.buffs += (("flying", 1, BATTLE_LONG),)
    if until != BATTLE_LONG:
        c.buffs += (("flight_until", 1, until),)
    c.zone, c.cell = "extra", NO_CELL
    emit(ev, "took_flight", uid=uid)
    drop_equipment(state, uid, ev)


@task("flights_end")
def flights_end(state: GameState, ev: Events) -> None:
    """At the end of the turn: a `flight_ends` task for each flyer whose temporary flight ends, in card order."""
    push(state, *[("flight_ends", c.uid) for c in state.cards
                  if any(b[0] == "flight_until" and b[2] <= state.turn for b in c.buffs) and is_flyer(state, c.uid)])


@task("flight_ends")
def flight_ends(state: GameState, ev: Events, uid: int) -> None:
    """«Стать летающим до конца хода» ends: the owner lands it on a free cell he picks; none — it keeps flight."""
    if is_flyer(state, uid) and any(x == -1 for x in state.grid):
        ask(state, state.cards[uid].owner, "flight_ends", uid)


@decision("flight_ends")
class FlightEndsDecision:
    """Where a creature whose flight ends with the turn lands: any free cell of the battlefield."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [PickCell(x) for x in range(CELLS) if state.grid[x] == -1]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        land(state, state.pending.data[0], action.cell, ev)


def land_cells(state: GameState, src: int, target: int, where: str) -> list[int]:
    """Free cells flyer `src` may land on (приземлиться): next to card `target` on a cell (diagonals
    included; "near"), or on its controller's half ("own_half"). Not a flyer — none."""
    if not is_flyer(state, src):
        return []
    if where == "near":
        pos = position(state, target)
        near = AROUND[pos] if pos != NO_CELL else ()
        return [x for x in near if state.grid[x] == -1]
    half = own_rows(state.is_first(state.cards[src].owner))
    return [x for x in range(CELLS) if row_of(x) in half and state.grid[x] == -1]


def land(state: GameState, uid: int, cell: int, ev: Events) -> None:
    """The flyer loses flight and stands on the free cell `cell` as a ground creature."""
    c = state.cards[uid]
    c.buffs = tuple(b for b in c.buffs if b[0] not in ("flying", "flight_until"))
    if state.cdef(uid).kind == "flyer":
        c.buffs += (("landed", 1, BATTLE_LONG),)
    c.zone, c.cell = "board", cell
    state.grid[cell] = uid
    emit(ev, "landed", uid=uid, cell=cell)


@decision("land")
class LandDecision:
    """«Приземлиться на клетку …»: the owner picks a free cell among those named (seed 000); the flyer
    lands there, then the `then` effect of the ability's `land` goes at its target."""

    @staticmethod
    def legal(state: GameState) -> list:
        src, index, target, _ctx = state.pending.data
        eff = _find_op(ability(state, src, index)["effect"], "land")
        return [PickCell(x) for x in land_cells(state, src, target, eff["where"] if eff else "")]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        src, index, target, ctx = state.pending.data
        ab = ability(state, src, index)
        land(state, src, action.cell, ev)
        run_then(state, ev, src, ab, "land", target, ctx)


@decision("jump_near")
class JumpNearDecision:
    """«Объявить прыжок на свободную клетку рядом с существом, при этом …»: the owner picks the cell; the
    source jumps there (a relocation), then the `then` effect of the ability's `jump_near` goes at that creature."""

    @staticmethod
    def legal(state: GameState) -> list:
        src, _index, target, _ctx = state.pending.data
        return [PickCell(x) for x in near_cells(state, src, target)]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        src, index, target, ctx = state.pending.data
        ab = ability(state, src, index)
        relocate(state, src, action.cell, ev)
        run_then(state, ev, src, ab, "jump_near", target, ctx)


def pull_cells(state: GameState, src: int, target: int) -> list[int]:
    """Free cells next to `src` (diagonals included) a ground creature `target` on a cell may be moved to."""
    s, t = state.cards[src], state.cards[target]
    if s.zone != "board" or t.zone != "board" or not is_creature(state, target):
        return []
    return [x for x in AROUND[s.cell] if state.grid[x] == -1]


@decision("teleport_pull")
class TeleportPullDecision:
    """«При ударе телепортироваться, при этом переместить атакованное существо на свободную клетку рядом с
    собой»: first the free cell the card teleports to."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [PickCell(x) for x in jump_cells(state, state.pending.data[0], CELLS)]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        src, target = state.pending.data
        relocate(state, src, action.cell, ev)
        if pull_cells(state, src, target):
            ask(state, state.cards[src].owner, "pull", src, target)


@decision("pull")
class PullDecision:
    """Then the free cell next to it the attacked creature is moved to (a relocation)."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [PickCell(x) for x in pull_cells(state, *state.pending.data)]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        relocate(state, state.pending.data[1], action.cell, ev)


# --- effect ops ---------------------------------------------------------------------------------

def amount_of(state: GameState, value: Any, target: int, ctx: tuple) -> int:
    if isinstance(value, int):
        return value
    if value == "strong_minus_weak":
        d = state.cdef(target)
        return d.strike[2] - d.strike[0] if d else 0
    if value == "dead_regen":
        return ctx[3] if ctx and ctx[0] == "dead" else 0
    if value == "all":
        return state.cards[target].wounds
    if value == "weak_strike":
        return strike_values(state, target)[0]
    if value == "attack_value":     # «на величину этого удара»: the value of the attack that triggered
        if not ctx or ctx[0] != "attacked" or len(ctx) < 5:
            return 0
        struck, kind, level, src = ctx[1], ctx[2], ctx[3], ctx[4]
        base = strike_values(state, src)[level - 1] if kind == "strike" else 0
        return attack_value(state, src, struck, kind, level, base)
    if value == "target_wounds":
        return state.cards[target].wounds
    if value == "blocked_value":    # «X — величина этой атаки» of an attack the card blocked
        return ctx[2] if ctx and ctx[0] == "blocked" else 0
    raise ValueError(f"unknown amount {value!r}")


def shielded(state: GameState, src: int, ab: dict[str, Any], target: int) -> bool:
    """Protection from spells (and magic) stops a spell and everything it carries."""
    return ab.get("kind") == "spell" and state.cards[src].owner != state.cards[target].owner and \
        protected(state, target, "spell", src)


def vacated_cell(state: GameState, src: int, eff: dict[str, Any], ctx: tuple) -> int:
    """The free cell op `move_to_vacated` takes `src` to: the one the mover of an `own_teleport` trigger left,
    or (`cell = "struck"`) the one the card struck by an `attack_level` attack stood on (NO_CELL: none, taken,
    or `src` is not on a cell)."""
    cell = NO_CELL
    if eff.get("cell") == "struck":
        cell = ctx[5] if ctx and ctx[0] == "attacked" and len(ctx) > 5 else NO_CELL
    elif ctx and ctx[0] == "mover" and len(ctx) > 2:
        cell = ctx[2]
    ok = cell != NO_CELL and state.grid[cell] == -1 and state.cards[src].zone == "board"
    return cell if ok else NO_CELL


def run_effect(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any],
               target: int, ctx: tuple) -> None:
    op = eff["op"]
    if op == "sequence":
        run_steps(state, ev, src, ab, eff, 0, target, ctx)
        return
    if op == "if":      # «…, если эта карта стоит 3 или менее»: a branch by a condition on a card
        subject = target if eff.get("of", "same") == "same" else fixed_target(state, src, eff["of"], ctx)
        branch = eff["then"] if subject >= 0 and holds(state, subject, eff["cond"]) else eff.get("else")
        if branch is not None:
            spec = branch.get("target")
            fixed = isinstance(spec, str) and spec != "same"
            run_effect(state, ev, src, ab, branch, fixed_target(state, src, spec, ctx) if fixed else target, ctx)
        return
    if op == "choose":
        chooser = fixed_target(state, src, eff["chooser"], ctx) if "chooser" in eff else -1
        seat = state.cards[chooser if chooser != -1 else src].owner      # «по выбору противника»
        ask(state, seat, "choose_effect", src, _index_of(state, src, ab), ctx, target)
        return
    if op == "attack":
        attacker = attacker_of(state, src, eff, ctx)
        if attacker != -1:
            push(state, ("attack", attacker, eff["attack"], damage_of(state, eff, ctx), target))
        return
    if op == "ambush":
        ask(state, state.cards[src].owner, "ambush", src)
        return
    if op == "by_sides":        # «… благословление, если оба ваши, или проклятие, если оба противника, иначе …»
        by_sides(state, ev, src, ab, eff, ctx)
        return
    if op == "by_order":        # «выберите трёх …; первое получает …, второе …, третье …»
        by_order_next(state, ev, src, _index_of(state, src, ab), ctx, ())
        return
    if op == "exile_revive":
        exile_revive(state, ev, src, eff)
        return
    if op == "summon":
        deck_effects.start_summon(state, ev, src, eff, ctx)
        return
    if op == "prophecy":
        deck_effects.start_prophecy(state, src, _index_of(state, src, ab), eff, target, ctx)
        return
    if op == "stack_deck":
        deck_effects.start_stack(state, src, eff)
        return
    if op == "inc_token":
        add_inc_token(state, ev, target)
        return
    if op == "doom":        # «погибает в конце своего следующего хода»
        t = state.cards[target]
        if is_creature(state, target) and t.owner != state.cards[src].owner:
            due = state.turn + (2 if state.active == t.owner else 1)
            t.buffs += (("doomed", src, due),)
            emit(ev, "doomed", uid=target, turn=due)
        return
    if op == "revive":                  # «возродить»: from the graveyard onto a free cell next to this card
        revive_near(state, ev, src, target)
        return
    if op == "revive_on_dead_cell":     # «возрождается на его клетке»
        revive_on(state, ev, src, ctx[2] if ctx and ctx[0] == "dead" else NO_CELL)
        return
    if op == "redirect_next_melee":     # «может перенаправить следующий его ближний удар»
        state.cards[target].buffs += (("redirect_next", src, BATTLE_LONG),)
        emit(ev, "marked", uid=src, target=target)
        return
    if op == "roll_twice":      # «бросает кубик два раза, а вы выбираете один из результатов»
        state.cards[target].buffs += (("roll_twice", state.cards[src].owner, state.turn),)
        emit(ev, "roll_twice", uid=target, seat=state.cards[src].owner)
        return
    if op == "gain_incarnation":   # «он получает Инкарнацию N»: kept while it lies in the graveyard
        if state.cards[target].zone == "grave":
            state.cards[target].buffs += (("incarnation", eff["amount"], BATTLE_LONG),)
            emit(ev, "gains_incarnation", uid=target, amount=eff["amount"])
        return
    if op == "teleport_pull":      # the card teleports even if the attacked one is gone
        if jump_cells(state, src, CELLS):
            ask(state, state.cards[src].owner, "teleport_pull", src, target)
        return
    if op == "move_to_vacated":    # «на клетку, которую тот … занимал»: a relocation of this card
        cell = vacated_cell(state, src, eff, ctx)
        if cell != NO_CELL:
            relocate(state, src, cell, ev)
        return
    if op == "wound_heal":         # «ранить каждое …, при этом излечиться на X (нанесённые раны)»
        hit = [u for u in candidates(state, src, eff["target"], ctx) if not state.cards[u].face_down]
        dealt = sum(wound(state, u, eff["amount"], src, ab.get("kind", "effect"), ev) for u in hit)
        heal(state, src, dealt, ev)
        push(state, ("check_deaths",))
        return
    if op == "fire_wall":
        ask(state, state.cards[src].owner, "fire_wall", src)
        return
    if op == "wound_diagonal":
        ask(state, state.cards[src].owner, "diagonal", src, tuple(eff["amount"]), ab.get("kind", "effect"))
        return
    if op == "wound_square":
        ask(state, state.cards[src].owner, "square", src, eff["max"], ab.get("kind", "effect"))
        return
    if op == "wound_around_cell":
        if free_cells_around(state, src):
            ask(state, state.cards[src].owner, "blast_cell", src, eff["amount"], ab.get("kind", "effect"))
        return
    if op == "attack_around":    # «по каждой карте противника, стоящей рядом с целью атаки»
        cell = ctx[2] if ctx and ctx[0] == "struck" else NO_CELL
        push(state, *[("attack", src, eff["attack"], tuple(eff["damage"]), c.uid) for c in state.cards
                      if cell != NO_CELL and c.on_battlefield and c.owner != state.cards[src].owner
                      and c.uid != ctx[1] and position(state, c.uid) in AROUND[cell]
                      and not (not c.face_down and state.cdef(c.uid).kind == "terrain")])
        return
    if op == "cell_marker":
        if any(x == -1 for x in state.grid):
            until = _expiry(state, eff["until"], state.cards[src].owner) if "until" in eff else BATTLE_LONG
            ask(state, state.cards[src].owner, "cell_marker", src, eff["name"], until)
        return
    if op in ("burn_walls", "wound_marked_cells"):
        key = "fire_wall" if op == "burn_walls" else f"cell_{eff['name']}"
        walls = {v for k, v, _ in state.cards[src].buffs if k == key}
        jobs: list[tuple] = []
        for c in state.cards:
            if c.on_battlefield and position(state, c.uid) in walls:
                if c.face_down:
                    jobs.append(("reveal", c.uid))     # a face-down card is revealed before it is wounded
                jobs.append(("effect_wound", src, c.uid, eff["amount"], ab.get("kind", "effect")))
        push(state, *jobs, ("check_deaths",))
        return
    spec = eff.get("target")
    if target == -1 and isinstance(spec, str) and spec != "same":     # a fixed target of an activated ability
        target = fixed_target(state, src, spec, ctx)
    if takes_all(spec):
        for uid in candidates(state, src, eff["target"], ctx):
            apply_op(state, ev, src, ab, eff, uid, ctx)
        return
    apply_op(state, ev, src, ab, eff, target, ctx)


def finishable(state: GameState, src: int, eff: dict[str, Any], target: int) -> bool:
    """«Добивание на X»: a face-up non-incorporeal creature on a cell (not a symbiont) with X or fewer lives
    left; X grows by `own_half_bonus` when it stands on the source's controller's half of the battlefield."""
    c = state.cards[target]
    if c.face_down or c.zone != "board" or not is_creature(state, target) or kw(state, target, "incorporeal"):
        return False
    x = strike_values(state, src)[0] if eff["amount"] == "own_weak" else eff["amount"]   # «X — свой слабый удар»
    if row_of(c.cell) in own_rows(state.is_first(state.cards[src].owner)):
        x += eff.get("own_half_bonus", 0)
    return life_left(state, target) <= x


def revive_on(state: GameState, ev: Events, uid: int, cell: int) -> None:
    """Card `uid`, if it lies in its owner's graveyard, returns open with full life onto `cell` if it is free."""
    c = state.cards[uid]
    if c.zone != "grave" or cell == NO_CELL or state.grid[cell] != -1:
        return
    p = state.players[c.owner]
    p.grave = tuple(u for u in p.grave if u != uid)
    c.zone, c.cell, c.face_down, c.closed, c.inc_tokens = "board", cell, False, False, 0
    state.grid[cell] = uid
    c.moves = max_moves(state, uid)
    emit(ev, "revived", uid=uid, cell=cell, life=life_left(state, uid))


def add_inc_token(state: GameState, ev: Events, uid: int) -> None:
    """«Получает жетон инкарнации»: a card with incarnation in a graveyard gets a token; with the last one it
    incarnates at once (seed 000, «Инкарнация»)."""
    c = state.cards[uid] if uid >= 0 else None
    need = kw(state, uid, "incarnation") if c is not None else 0
    if c is None or c.zone != "grave" or not need or c.incarnated or c.inc_tokens >= need:
        return
    c.inc_tokens += 1
    emit(ev, "incarnation_token", uid=uid, tokens=c.inc_tokens)
    if c.inc_tokens == need:
        push(state, ("incarnate", uid))


def revivable(state: GameState, seat: int, name: str) -> int:
    """The first card named `name` in `seat`'s graveyard, or -1."""
    return next((u for u in state.players[seat].grave if state.db.cards[state.cards[u].card_id].name == name), -1)


def take_over(state: GameState, ev: Events, src: int, dead: int) -> None:
    """Exile `src`, then revive the enemy creature `dead` from its owner's graveyard open on `src`'s cell (a
    flyer in the extra zone) on `src`'s side, for the rest of the battle."""
    s, t = state.cards[src], state.cards[dead]
    if s.zone != "board" or t.zone != "grave" or t.owner == s.owner:
        return
    cell, seat = s.cell, s.owner
    kill(state, src, ev, cause="exiled", banish=True, judge=False)
    old = state.players[t.owner]
    old.grave = tuple(u for u in old.grave if u != dead)
    t.owner, t.face_down, t.closed, t.inc_tokens = seat, False, False, 0
    if state.db.cards[t.card_id].kind == "flyer":
        t.zone = "extra"
    else:
        t.zone, t.cell = "board", cell
        state.grid[cell] = dead
    t.moves = max_moves(state, dead)
    emit(ev, "revived", uid=dead, cell=t.cell, life=life_left(state, dead))
    push(state, ("judge",))


def exile_revive(state: GameState, ev: Events, src: int, eff: dict[str, Any]) -> None:
    """Exile every face-up own card named `exile` on the battlefield, then revive the card named `revive`
    from the graveyard onto a free cell its owner picks, with X lives: the lives the exiled cards had left."""
    owner = state.cards[src].owner
    back = revivable(state, owner, eff["revive"])
    if back == -1:
        return
    gone = [c.uid for c in state.cards if c.owner == owner and c.on_battlefield and not c.face_down
            and state.db.cards[c.card_id].name == eff["exile"]]
    lives = sum(max(0, life_left(state, u)) for u in gone)
    for uid in gone:
        kill(state, uid, ev, cause="exiled", banish=True, judge=False)
    if lives and any(x == -1 for x in state.grid):
        ask(state, owner, "revive", back, lives)
    else:
        push(state, ("judge",))


def revive_near(state: GameState, ev: Events, src: int, uid: int) -> None:
    """«Возродить»: card `uid` of the graveyard of `src`'s controller returns open, with full life, onto a free
    cell next to `src` its owner picks; a flyer or terrain goes into the extra zone (seed 000, «Возродить»).
    No free cell, or a unique card whose name his battlefield already bears: nothing."""
    c, owner = state.cards[uid], state.cards[src].owner
    d = state.cdef(uid)
    if c.zone != "grave" or c.owner != owner or d is None or deck_effects.unique_clash(state, owner, d):
        return
    if d.kind in ("flyer", "terrain"):
        state.players[owner].grave = tuple(u for u in state.players[owner].grave if u != uid)
        c.zone, c.face_down, c.closed, c.inc_tokens, c.wounds = "extra", False, False, 0, 0
        c.moves = max_moves(state, uid)
        emit(ev, "revived", uid=uid, cell=NO_CELL, life=life_left(state, uid))
        return
    anchor = position(state, src)
    if anchor != NO_CELL and any(state.grid[x] == -1 for x in AROUND[anchor]):
        ask(state, owner, "revive", uid, d.life, anchor)


@decision("revive")
class ReviveDecision:
    """«Возродить … на любой клетке поля боя» (or, with a third datum, on a cell next to that one): the owner
    picks the free cell."""

    @staticmethod
    def legal(state: GameState) -> list:
        near = state.pending.data[2:]
        return [PickCell(x) for x in (AROUND[near[0]] if near else range(CELLS)) if state.grid[x] == -1]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        uid, lives = state.pending.data[:2]
        c = state.cards[uid]
        p = state.players[c.owner]
        p.grave = tuple(u for u in p.grave if u != uid)
        c.zone, c.cell, c.face_down, c.closed, c.inc_tokens = "board", action.cell, False, False, 0
        state.grid[action.cell] = uid
        life = state.db.cards[c.card_id].life
        c.wounds = max(0, life - lives)
        c.moves = max_moves(state, uid)
        gain_lives(state, uid, lives - life, ev)
        emit(ev, "revived", uid=uid, cell=action.cell, life=life_left(state, uid))


def run_steps(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any], start: int,
              target: int, ctx: tuple, base: int = -1) -> None:
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
                ask(state, state.cards[src].owner, "step_target", src, _index_of(state, src, ab), k, target, ctx)
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


WAITED_FOR = ("attack", "summon")      # tasks of earlier steps that a later «затем» step waits for


def defer_steps(state: GameState, src: int, ab: dict[str, Any], eff: dict[str, Any], k: int, target: int,
                ctx: tuple, base: int) -> None:
    """«Затем …»: step `k` (not an attack) waits until what the earlier steps asked (a cell to pick) or
    started (an attack, a summon) has resolved; the rest of the sequence goes on as a task below theirs."""
    own = eff is ab["effect"]
    state.tasks.insert(base, ("steps", src, _index_of(state, src, ab), "" if own else json.dumps(eff), k, target, ctx))


@task("steps")
def steps_task(state: GameState, ev: Events, src: int, index: int, spec: str, k: int, target: int,
               ctx: tuple) -> None:
    """The deferred rest of a sequence (see `defer_steps`)."""
    ab = ability(state, src, index)
    run_steps(state, ev, src, ab, json.loads(spec) if spec else ab["effect"], k, target, ctx)


def card_behind(state: GameState, uid: int) -> int:
    """The card (terrain aside) on the cell behind card `uid` (one row back, as its controller sees it)."""
    pos = position(state, uid) if uid >= 0 else NO_CELL
    cell = relative(pos, state.is_first(state.cards[uid].owner), -1, 0) if pos != NO_CELL else NO_CELL
    return state.grid[cell] if cell != NO_CELL else -1


def step_options(state: GameState, src: int, step: dict[str, Any], prev: int) -> list[int]:
    """What a later step of a sequence may pick: an attack without a target reaches as its kind does."""
    if step["op"] == "attack" and "target" not in step:
        return attack_targets(state, src, step)
    return candidates(state, src, step["target"], ("same", prev))


@decision("step_target")
class StepTargetDecision:
    """The target of a later step of a sequence («стоящее рядом с ним существо»)."""

    @staticmethod
    def legal(state: GameState) -> list:
        src, index, k, prev, _ctx = state.pending.data
        step = ability(state, src, index)["effect"]["steps"][k]
        skip: list = [Skip()] if step.get("optional") else []    # «два или менее …»: the owner may stop here
        return [Target(u) for u in step_options(state, src, step, prev)] + skip

    @staticmethod
    def apply(state: GameState, action: Target | Skip, ev: Events) -> None:
        src, index, k, _prev, ctx = state.pending.data
        if isinstance(action, Skip):
            emit(ev, "declined", uid=src, ability=index)
            return
        ab = ability(state, src, index)
        emit(ev, "ability", uid=src, ability=index, target=action.uid)
        base = len(state.tasks)
        run_effect(state, ev, src, ab, ab["effect"]["steps"][k], action.uid, ctx)
        run_steps(state, ev, src, ab, ab["effect"], k + 1, action.uid, ctx, base)


def poison(state: GameState, target: int, amount: int, ev: Events) -> None:
    """Poison `target` by `amount` (the largest poison applies); protection, incorporeality and artifacts stop it."""
    c = state.cards[target]
    if not kw(state, target, "prot_poison") and not kw(state, target, "incorporeal") \
            and not is_artifact(state, target):
        c.poison = max(c.poison, amount)
        emit(ev, "poisoned", uid=target, amount=c.poison)


@task("rescue")
def rescue(state: GameState, ev: Events, rider: int, saver: int, squad: int, dead: int) -> None:
    """A symbiont whose host died is moved onto another creature of that squad instead of dying (its owner
    picks); the saver's ability is used up for that kind of symbiont."""
    if state.cards[rider].zone != "seated":
        return
    if not rescue_hosts(state, rider, squad, dead):
        kill(state, rider, ev, cause="host_died")
        return
    ask(state, state.cards[rider].owner, "rescue", rider, saver, squad, dead)


@decision("rescue")
class RescueDecision:
    @staticmethod
    def legal(state: GameState) -> list:
        rider, _saver, squad, dead = state.pending.data
        return [Target(u) for u in rescue_hosts(state, rider, squad, dead)]

    @staticmethod
    def apply(state: GameState, action: Target, ev: Events) -> None:
        rider, saver, _squad, _dead = state.pending.data
        s = state.cards[saver]
        s.buffs += ((f"rescued_{kind_of(state, rider)}", 1, BATTLE_LONG),)
        rehost(state, ev, rider, action.uid)


def rehost(state: GameState, ev: Events, rider: int, host: int) -> None:
    """A seated symbiont changes its host («меняет хозяина»); the `own_symbiont_rehosted` triggers of its
    controller's face-up cards follow (target "mover": the symbiont)."""
    state.cards[rider].host = host
    emit(ev, "seated", uid=rider, host=host)
    push(state, *[("trigger", o.uid, i, ("mover", rider)) for o in battlefield(state, state.cards[rider].owner)
                  if not o.face_down for i, ab in enumerate(abilities(state, o.uid))
                  if ab["type"] == "trigger" and ab["on"] == "own_symbiont_rehosted"])


@task("rolled_poison")
def rolled_poison(state: GameState, ev: Events, src: int, target: int, amounts: tuple) -> None:
    """«Отравление на X-Y-Z»: the source's roll alone picks the value."""
    roll = modified_roll(state, src, state.rolls[0], 0)
    emit(ev, "rolled", uid=src, raw=state.rolls[0], value=roll)
    state.rolls = ()
    if state.cards[target].on_battlefield:
        poison(state, target, amounts[dice.single(roll) - 1], ev)


@task("by_roll_result")
def by_roll_result(state: GameState, ev: Events, src: int, index: int, target: int, ctx: tuple) -> None:
    """«Бросить кубик; если выпало N или более — …, иначе — …»: the source's roll picks the branch."""
    roll = modified_roll(state, src, state.rolls[0], 0)
    emit(ev, "rolled", uid=src, raw=state.rolls[0], value=roll)
    state.rolls = ()
    ab = ability(state, src, index)
    eff = ab["effect"]
    run_effect(state, ev, src, ab, eff["high"] if roll >= eff["at_least"] else eff["low"], target, ctx)


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


def takes_all(spec: Any) -> bool:
    """A selector with `all = true`: the effect reaches every card it matches, nobody chooses."""
    return isinstance(spec, dict) and bool(spec.get("all"))


def apply_op(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any],
             target: int, ctx: tuple) -> None:
    """One single-target effect op on `target`."""
    op = eff["op"]
    if op == "take_over" and target != -1:      # its target is a dead creature
        take_over(state, ev, src, target)
        return
    if target == -1 or not state.cards[target].on_battlefield:
        return
    if shielded(state, src, ab, target):
        emit(ev, "protected", uid=target, kind="spell")
        return
    c = state.cards[target]
    kind = ab.get("kind", "effect")
    if op == "wound" and eff["amount"] == "chips":
        ask(state, state.cards[src].owner, "amount", src, target, kind)
    elif op == "wound" and isinstance(eff["amount"], list):      # X-Y-Z: by a die roll of its own
        state.rolls = ()
        ask_roll(state, src, ("rolled_wound", src, target, tuple(eff["amount"]), kind))
    elif op == "wound":
        wound(state, target, amount_of(state, eff["amount"], target, ctx), src, kind, ev)
        push(state, ("check_deaths",))
    elif op == "strong_next_strike":
        c.buffs = tuple(b for b in c.buffs if b[0] != "next_strike_strong") + (("next_strike_strong", 1, BATTLE_LONG),)
        emit(ev, "strong_next", uid=target)
    elif op == "swap_strike":      # `until` counts from the source's controller («до конца хода противника»)
        c.buffs += (("swap_strike", 1, _expiry(state, eff["until"], state.cards[src].owner)),)
        emit(ev, "strike_swapped", uid=target)
    elif op == "gain":            # «получает [способность] до …»: kept as the buff ("gained", json, until)
        until = _expiry(state, eff["until"], state.cards[target if eff["until"] == "end_of_its_turn" else src].owner)
        key = "gained_grave" if eff.get("keep_in_grave") else "gained"    # kept by a card in the graveyard
        gained = {**eff["ability"], "giver": src}       # «карта, давшая способность» (target "giver")
        c.buffs += ((key, json.dumps(gained, sort_keys=True, ensure_ascii=False), until),)
        emit(ev, "gained_ability", uid=target)
    elif op == "restrain":        # until the end of this turn, checked while it lasts (query.restrained)
        c.buffs += (("restrained", src, state.turn),)
        emit(ev, "restrained", uid=target, source=src)
    elif op == "curse":
        newly = not cursed(state, target)
        c.cursed = True
        emit(ev, "cursed", uid=target)
        d = state.cdef(target)
        if newly and d is not None and not c.face_down:     # «когда получает проклятие»
            push(state, *[("trigger", target, i, ("cursed",)) for i, other in enumerate(d.abilities)
                          if other["type"] == "trigger" and other["on"] == "cursed"])
    elif op == "bless":
        newly = not blessed(state, target)
        c.blessed = True
        emit(ev, "blessed", uid=target)
        d = state.cdef(target)
        if newly and d is not None and not c.face_down:
            push(state, *[("trigger", target, i, ("blessed",)) for i, other in enumerate(d.abilities)
                          if other["type"] == "trigger" and other["on"] == "blessed"])
    elif op == "poison" and isinstance(eff["amount"], list):     # X-Y-Z: by a die roll of its own
        state.rolls = ()
        ask_roll(state, src, ("rolled_poison", src, target, tuple(eff["amount"])))
    elif op == "poison":
        poison(state, target, eff["amount"], ev)
    elif op == "heal":
        heal(state, target, amount_of(state, eff["amount"], target, ctx), ev, replaceable=True)
    elif op == "cure":
        cure(state, target, eff["statuses"], ev)
    elif op == "silence":     # from the start of the target's next turn to its end
        start = state.turn + (2 if state.active == c.owner else 1)
        c.buffs += (("no_magic", start, start),)
        emit(ev, "silenced", uid=target)
    elif op == "lose_keyword":
        until = _expiry(state, eff["until"], state.cards[src].owner)
        c.buffs += tuple(("lose_kw", key, until) for key in eff["keywords"])
        emit(ev, "lost_keywords", uid=target, keywords=list(eff["keywords"]))
    elif op == "extra_life":
        c.extra_life += eff["amount"]
        emit(ev, "extra_life", uid=target, amount=eff["amount"])
    elif op == "buff":
        until = _expiry(state, eff.get("until", "end_of_turn"), c.owner)
        grant = {k: _buff_value(state, src, v, eff, ctx, target) for k, v in eff["grant"].items()}
        if not any(grant.values()):
            return
        for key, value in grant.items():
            c.buffs += ((key, value, until),)
            if key == "move" and state.active == c.owner:    # moves of this turn are already counted
                c.moves = max(0, c.moves + value)
        emit(ev, "buffed", uid=target, grant=grant, until=until)
    elif op == "jump":
        reach = ctx[1] if eff["range"] == "heal" and ctx and ctx[0] == "would_heal" else eff["range"]
        if jump_cells(state, target, reach):
            ask(state, state.cards[src].owner, "jump", target, reach)
    elif op == "move_passed":       # «через свободную клетку может переместиться на неё»: a relocation
        cell = passed_over(state, target)
        if c.zone == "board" and cell != NO_CELL and state.grid[cell] == -1:
            relocate(state, target, cell, ev)
    elif op == "jump_near":         # «прыжок на свободную клетку рядом с существом, при этом …»
        if near_cells(state, src, target):
            ask(state, state.cards[src].owner, "jump_near", src, _index_of(state, src, ab), target, ctx)
    elif op == "take_flight":       # «получает полёт»: it leaves its cell for the flyers' zone
        take_flight(state, target, ev, _expiry(state, eff["until"], c.owner) if "until" in eff else BATTLE_LONG)
    elif op == "land":              # «приземлиться на клетку …»: the owner picks a free one of them
        if land_cells(state, src, target, eff["where"]):
            ask(state, state.cards[src].owner, "land", src, _index_of(state, src, ab), target, ctx)
    elif op == "relocate":          # «переместить(ся) на выбранную клетку поля боя»: any free cell
        if jump_cells(state, target, CELLS):
            ask(state, state.cards[src].owner, "jump", target, CELLS)
    elif op == "displace":
        if displace_cells(state, target):
            ask(state, state.cards[src].owner, "displace", src, target)
    elif op == "repair_armor":
        c.armor_used = 0
        emit(ev, "armor_repaired", uid=target)
    elif op == "darken":         # «становится тёмным»: it belongs to the element «тьма» for the rest of the battle
        if "dark" not in card_elements(state, target):
            c.buffs += (("dark", 1, BATTLE_LONG),)
            emit(ev, "darkened", uid=target)
            push(state, *[("trigger", o.uid, i, ("mover", target)) for o in state.cards
                          if o.on_battlefield and not o.face_down and o.owner != c.owner
                          and adjacent(state, o.uid, target)
                          for i, ab2 in enumerate(state.db.cards[o.card_id].abilities)
                          if ab2["type"] == "trigger" and ab2["on"] == "adjacent_darkened"])
    elif op == "animate":        # «становится существом с движением X и ударом …» for the rest of the battle
        weak, medium, strong = eff["strike"]
        c.buffs += (("animated", 1, BATTLE_LONG), ("move", eff.get("move", 0), BATTLE_LONG),
                    ("anim_weak", weak, BATTLE_LONG), ("anim_medium", medium, BATTLE_LONG),
                    ("anim_strong", strong, BATTLE_LONG),
                    *((k, v, BATTLE_LONG) for k, v in eff.get("grant", {}).items()))
        if eff.get("flyer"):        # «становится существом с полётом»: it leaves its cell for the extra zone
            c.buffs += (("anim_flyer", 1, BATTLE_LONG),)
            if c.zone == "board":
                state.grid[c.cell] = -1
                c.zone, c.cell = "extra", NO_CELL
        emit(ev, "animated", uid=target)
    elif op == "by_roll":
        state.rolls = ()
        ask_roll(state, src, ("by_roll_result", src, _index_of(state, src, ab), target, ctx))
    elif op == "no_heal":        # «не может излечиваться … до конца хода противника» (of the source's owner)
        c.buffs += (("no_heal", 1, _expiry(state, eff["until"], state.cards[src].owner)),)
        emit(ev, "no_heal", uid=target)
    elif op == "transfer_chip":  # «переместить фишку с … на …»: one chip, if the giver has one
        giver, taker = (target, src) if eff["to"] == "self" else (src, target)
        if state.cards[giver].chips and giver != taker:
            state.cards[giver].chips -= 1
            state.cards[taker].chips += 1
            emit(ev, "chips_spent", uid=giver, amount=1)
            emit(ev, "chip", uid=taker, chips=state.cards[taker].chips)
    elif op == "lose_armor":
        c.buffs += (("no_armor", 1, _expiry(state, eff["until"], state.cards[src].owner)),)
        emit(ev, "armor_lost", uid=target)
    elif op == "no_move":
        c.no_move_turn = state.turn
        emit(ev, "rooted", uid=target)
    elif op == "set_next_roll":
        c.next_roll = eff["value"]
        emit(ev, "next_roll", uid=target, value=eff["value"])
    elif op == "redistribute":
        redistribute(state, ev, src, target, ctx[2] if ctx and ctx[0] == "wounded" else 0, kind)
    elif op == "chip":
        gain = min(eff["amount"], eff.get("max", eff["amount"] + c.chips) - c.chips)
        if gain > 0:
            c.chips += gain
            emit(ev, "chip", uid=target, chips=c.chips)
    elif op == "marker" and "until" in eff:     # a marker for a while: the source is kept as its value
        until = _expiry(state, eff["until"], state.cards[src].owner)
        c.buffs = tuple(b for b in c.buffs if b[0] != eff["name"]) + ((eff["name"], src, until),)
        emit(ev, "marker", uid=target, name=eff["name"])
    elif op == "marker":
        if not any(k == eff["name"] for k, _, _ in c.buffs):
            c.buffs += ((eff["name"], 1, BATTLE_LONG),)
            emit(ev, "marker", uid=target, name=eff["name"])
    elif op == "close":
        if not c.closed:
            c.closed = True
            emit(ev, "closed", uid=target)
            push(state, *acid_jobs(state, target))
    elif op == "open":
        if c.closed:
            c.closed = False
            emit(ev, "opened", uid=target)
            push(state, *host_jobs(state, [c], "host_opens"), *opened_jobs(state, target))
    elif op == "retaliate":      # the creature struck by `target` strikes back at once with a weak strike
        retaliate(state, target, ev)
    elif op == "trap":          # kept by its source until the next enemy creature acts (battle.spring_traps)
        c.buffs += (("trap", eff["amount"], BATTLE_LONG),)
        emit(ev, "trap_set", uid=target)
    elif op == "make_parasite":     # «сделать его своим паразитом»: it leaves its cell to sit on the source
        if c.zone == "board" and state.cards[src].zone == "board" and symbiont_of(state, src) == -1 \
                and symbiont_of(state, target) == -1:
            state.grid[c.cell] = -1
            c.zone, c.cell, c.host = "seated", NO_CELL, src
            emit(ev, "seated", uid=target, host=src)
    elif op == "reseat":        # «поместить (этого симбиота) на ваше существо»
        s = state.cards[src]
        if s.zone == "seated" and target != s.host:
            rehost(state, ev, src, target)
    elif op == "pass_symbiont":     # «если у него есть паразит, поместить его на атакованного»
        rider = symbiont_of(state, src)
        if rider != -1 and not state.cards[rider].face_down and kind_of(state, rider) == eff["kind"] \
                and can_host(state, rider, target):
            rehost(state, ev, rider, target)
    elif op == "keep_closed":
        c.buffs += (("stay_closed", 1, state.turn),)
        emit(ev, "kept_closed", uid=target)
    elif op == "follow":                # «переместиться на эту клетку, при этом …»: onto the cell the mover left
        frm = ctx[2] if ctx and ctx[0] == "mover" and len(ctx) > 2 else NO_CELL
        if c.zone == "board" and frm != NO_CELL and state.grid[frm] == -1:
            relocate(state, target, frm, ev)
            then = eff["then"]
            spec = then.get("target")
            run_effect(state, ev, src, ab, then, fixed_target(state, src, spec, ctx) if isinstance(spec, str) else -1,
                       ctx)
    elif op == "push_forward":          # «перемещается на клетку вперёд, если не может — ранить его на X»
        ahead = relative(c.cell, state.is_first(c.owner), 1, 0) if c.zone == "board" else NO_CELL
        if ahead != NO_CELL and state.grid[ahead] == -1:
            relocate(state, target, ahead, ev)
        else:
            wound(state, target, eff["amount"], src, kind, ev)
            push(state, ("check_deaths",))
    elif op == "mirror_beside":          # from the cell on one side of this card to the one on the other
        mirror = mirror_cell(state, src, target)
        if mirror != NO_CELL:
            relocate(state, target, mirror, ev)
    elif op == "keep_closed_next":        # its controller's next turn: this one's next if it is his now
        until = state.turn + (2 if state.active == c.owner else 1)
        if "unless" in eff:       # «…, если не стоит рядом с …»: the condition is checked when its cards open
            c.buffs += (("stay_closed_unless", json.dumps(eff["unless"], sort_keys=True), until),)
        else:
            c.buffs += (("stay_closed", 1, until),)
        emit(ev, "kept_closed", uid=target)
    elif op == "mark":
        s = state.cards[src]
        until = _expiry(state, eff["until"], s.owner)
        s.buffs = tuple(b for b in s.buffs if b[0] != "mark") + (("mark", target, until),)
        emit(ev, "marked", uid=src, target=target)
    elif op == "strike":
        striker = ctx[2] if eff.get("striker") == "guard" and ctx and len(ctx) > 2 else src
        if eff.get("striker") == "pair_own":      # (a `by_sides` mixed pair) the own creature of the two
            striker = ctx[1] if ctx and ctx[0] == "pair" else -1
        if striker == -1:
            return
        if state.cards[striker].on_battlefield:
            push(state, ("strike", striker, target, -1, bool(eff.get("as_open"))))
    elif op == "swap":
        swap(state, src, target, ev)
    elif op == "destroy":
        kill(state, target, ev, cause="destroyed", judge=False)
        push(state, ("judge",))         # after the whole effect: its later steps still resolve
    elif op == "finish":
        if finishable(state, src, eff, target):
            emit(ev, "finished", uid=target, by=src)
            kill(state, target, ev, cause="finished", judge=False)
            push(state, ("judge",))
        else:
            emit(ev, "fizzled", uid=src, target=target)
    else:
        raise ValueError(f"effect op {op!r} cannot run here")


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


def _buff_value(state: GameState, src: int, value: int | str, eff: dict[str, Any], ctx: tuple = (),
                target: int = -1) -> int:
    """A bonus's size: a number; "wounds" — the wounds on the source; "formation" — the other creatures
    in one formation with it; "payer_weak" — the weak strike of the creature that closed to pay for the
    ability; each up to `max`. "minus_target_weak" / "minus_target_poison" — minus the target's weak
    strike / its poison, counted when given."""
    if isinstance(value, int):
        return value
    if value == "minus_target_weak":
        return -strike_values(state, target)[0] if target >= 0 else 0
    if value == "minus_target_poison":
        return -state.cards[target].poison if target >= 0 else 0
    if value == "attack_value":     # «при ударе на X получает +X …»: the value of the attack that triggered
        return amount_of(state, value, target, ctx)
    if value == "dead_weak":        # «X — слабый простой удар уничтоженного»
        return strike_values(state, ctx[1])[0] if ctx and ctx[0] == "dead" else 0
    if value == "payer_weak":
        n = strike_values(state, ctx[1])[0] if ctx and ctx[0] == "payer" else 0
    elif value == "wounds":
        n = state.cards[src].wounds
    elif value == "formation":
        n = sum(1 for uid in formation_group(state, src) if uid != src and is_creature(state, uid))
    else:
        raise ValueError(f"unknown bonus {value!r}")
    return min(n, eff.get("max", n))


def redistribute(state: GameState, ev: Events, src: int, target: int, amount: int, kind: str) -> None:
    """«Перераспределить X ран» onto `src`: heal the target by X, then wound `src` as much as was healed."""
    healed = heal(state, target, amount, ev)
    if not healed:
        return
    wound(state, src, healed, src, kind, ev)
    d = state.db.cards[state.cards[src].card_id]
    push(state, *[("trigger", src, i, ("redistributed",)) for i, ab in enumerate(d.abilities)
                  if ab["type"] == "trigger" and ab["on"] == "redistributed"], ("check_deaths",))


def _expiry(state: GameState, until: str, owner: int) -> int:
    """The last turn a temporary bonus lasts; "end_of_its_turn" («до конца своего хода» of the target) is
    "end_of_your_turn" counted from the target's controller (`owner` is then his seat)."""
    if until == "battle":
        return BATTLE_LONG
    if until == "end_of_opponent_turn":
        return state.turn + 1 if state.active == owner else state.turn
    if until == "end_of_next_opponent_turn":
        return state.turn + 1 if state.active == owner else state.turn + 2
    if until == "end_of_turn" or state.active == owner:
        return state.turn
    return state.turn + 1


def _index_of(state: GameState, src: int, ab: dict[str, Any]) -> int:
    return list(abilities(state, src)).index(ab)


def host_jobs(state: GameState, hosts: list, on: str) -> list[tuple]:
    """Triggers `on` of the face-up symbionts seated on `hosts` (closed hosts only for "host_turn_start")."""
    jobs = []
    for h in hosts:
        sym = symbiont_of(state, h.uid)
        if sym == -1 or state.cards[sym].face_down or (on == "host_turn_start" and not h.closed):
            continue
        jobs += [("trigger", sym, i, (on,)) for i, ab in enumerate(state.db.cards[state.cards[sym].card_id].abilities)
                 if ab["type"] == "trigger" and ab["on"] == on]
    return jobs


def concentration_jobs(state: GameState, seat: int) -> list[tuple]:
    """Concentration of `seat`'s cards that took no wounds during the turn now ending."""
    jobs = []
    for c in state.cards:
        if c.owner != seat or not c.on_battlefield or c.face_down or c.wounded_turn == state.turn:
            continue
        for i, ab in enumerate(abilities(state, c.uid)):        # printed and gained ones
            if ab["type"] == "concentration":
                jobs.append(("trigger", c.uid, i, ("concentration",)))
    return jobs


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
        for i, ab in enumerate(abilities(state, c.uid)):      # printed and gained ones
            if ab["type"] == "trigger" and ab["on"] == "turn_start":
                declared.append(("trigger", c.uid, i, ("turn_start",)))
    for uid in state.players[seat].grave:     # Вальхалла: in the graveyard, having died of an enemy attack
        if any(k == "valhalla" for k, _, _ in state.cards[uid].buffs):
            declared += [("trigger", uid, i, ("valhalla",))
                         for i, ab in enumerate(abilities(state, uid))      # printed and gained ones
                         if ab["type"] == "trigger" and ab["on"] == "valhalla"]
    return declared[::-1]


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
