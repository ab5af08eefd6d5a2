"""The effect interpreter: targets, triggered abilities, concentration and effect ops."""

from __future__ import annotations

from typing import Any

from cards.schema import CardDef

from . import dice
from .actions import Choose, PickCell, Skip, Target
from .board import AROUND, CELLS, DIAGONALS, NO_CELL, chebyshev, manhattan
from .combat import heal, kill, modified_roll, wound
from .core import Events, ask, ask_roll, decision, emit, push, task
from .query import barred, blessed, formation_group, holds, is_creature, kw, opposite, position, protected
from .state import BATTLE_LONG, GameState
from .targets import attack_targets
from .zones import relocate, relocated


def ability(state: GameState, uid: int, index: int) -> dict[str, Any]:
    return state.db.cards[state.cards[uid].card_id].abilities[index]


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
    if name == "host":
        return state.cards[src].host
    if name == "opposite":
        uid = opposite(state, src)
        return uid if uid != -1 and state.cards[uid].owner != state.cards[src].owner else -1
    raise ValueError(f"unknown target {name!r}")


def candidates(state: GameState, src: int, sel: dict[str, Any], ctx: tuple) -> list[int]:
    """Cards a selector may pick, in uid order."""
    owner = state.cards[src].owner
    side = sel.get("side", "any")
    near = None
    if sel.get("near") == "dead":
        if not ctx or ctx[0] != "dead" or ctx[2] == NO_CELL:
            return []
        near = set(AROUND[ctx[2]])
    src_pos = position(state, src)
    out = []
    for c in state.cards:
        if not c.on_battlefield:
            continue
        if (side == "enemy" and c.owner == owner) or (side == "own" and c.owner != owner):
            continue
        d = None if c.face_down else state.cdef(c.uid)   # never judge a face-down card by what it hides
        if d is not None and d.kind == "terrain":
            continue
        if sel.get("what", "creature") == "creature" and d is not None and not d.is_creature:
            continue
        if "filter" in sel and not holds(state, c.uid, sel["filter"]):
            continue
        pos = position(state, c.uid)
        if near is not None and pos not in near:
            continue
        if sel.get("adjacent") and (c.uid == src or pos == NO_CELL or src_pos == NO_CELL
                                    or chebyshev(src_pos, pos) > 1):
            continue
        rng = sel.get("range")
        if rng is not None and src_pos != NO_CELL and pos != NO_CELL and manhattan(src_pos, pos) > rng:
            continue
        out.append(c.uid)
    return out


def effect_target_spec(eff: dict[str, Any]) -> Any:
    if eff["op"] == "sequence":
        return eff["steps"][0].get("target")
    if eff["op"] == "choose":
        return None
    return eff.get("target")


# --- triggers and concentration -----------------------------------------------------------------

NEEDS_SOURCE = ("wounded_by_enemy_attack",)    # trigger events after which a dead source does nothing


@task("trigger")
def trigger(state: GameState, ev: Events, src: int, index: int, ctx: tuple) -> None:
    """Run triggered ability `index` of `src`; asks its owner for a target when it has a choice."""
    ab = ability(state, src, index)
    eff = ab["effect"]
    if "per_turn" in ab and state.cards[src].used.count((index, state.turn)) >= ab["per_turn"]:
        return
    if "while" in ab and not holds(state, src, ab["while"]):
        return
    if ab.get("on") in NEEDS_SOURCE and not state.cards[src].on_battlefield:
        return
    if eff["op"] == "attack":
        if "target" in eff:        # a fixed target («в ту же цель»)
            target = fixed_target(state, src, eff["target"], ctx)
            if target != -1:
                used(state, src, index)
                emit(ev, "ability", uid=src, ability=index, target=target)
                push(state, ("attack", src, eff["attack"], tuple(eff["damage"]), target))
        else:
            push(state, ("attack_target", src, index, ctx))
        return
    spec = effect_target_spec(eff)
    owner = state.cards[src].owner
    if eff.get("amount") == "dead_regen" and amount_of(state, "dead_regen", -1, ctx) <= 0:
        return                                   # nothing to deal: the ability does not trigger
    if eff.get("amount") == "chips" and not state.cards[src].chips:
        return
    if isinstance(spec, dict) and not takes_all(spec):
        options = candidates(state, src, spec, ctx)
        if options:
            ask(state, owner, "target", src, index, ctx)
        return
    target = fixed_target(state, src, spec, ctx) if isinstance(spec, str) else -1
    if isinstance(spec, str) and target == -1:
        return
    if ab.get("optional"):
        ask(state, owner, "confirm", src, index, ctx, target)
        return
    used(state, src, index)
    emit(ev, "ability", uid=src, ability=index, target=target)
    run_effect(state, ev, src, ab, eff, target, ctx)


def used(state: GameState, src: int, index: int) -> None:
    """Count a use of a triggered ability limited to `per_turn` uses (it is taking effect)."""
    if "per_turn" in ability(state, src, index):
        state.cards[src].used += ((index, state.turn),)


@task("attack_target")
def attack_target(state: GameState, ev: Events, src: int, index: int, ctx: tuple) -> None:
    """A triggered attack (e.g. a concentration discharge): the owner picks a legal target."""
    eff = ability(state, src, index)["effect"]
    if attack_targets(state, src, eff):
        ask(state, state.cards[src].owner, "target", src, index, ctx)


@decision("target")
class TargetDecision:
    @staticmethod
    def legal(state: GameState) -> list:
        src, index, ctx, *option = state.pending.data
        ab = ability(state, src, index)
        eff = ab["effect"]["options"][option[0]] if option else ab["effect"]
        if eff["op"] == "attack":
                    uids = attack_targets(state, src, eff)
        else:
            uids = candidates(state, src, effect_target_spec(eff), ctx)
        out: list = [Target(u) for u in uids]
        if ab.get("optional"):
            out.append(Skip())
        return out

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        src, index, ctx, *option = state.pending.data
        if isinstance(action, Skip):
            emit(ev, "declined", uid=src, ability=index)
            return
        if option:          # the target of an attack chosen as an option of a «choose» ability
            eff = ability(state, src, index)["effect"]["options"][option[0]]
            push(state, ("attack", src, eff["attack"], tuple(eff["damage"]), action.uid))
            return
        used(state, src, index)
        emit(ev, "ability", uid=src, ability=index, target=action.uid)
        effect_on(state, ev, src, index, action.uid, ctx, False)


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
            return
        used(state, src, index)
        ab = ability(state, src, index)
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
        run_effect(state, ev, src, ab, option, target if target != -1 else src, ctx)


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
    pos = position(state, uid)
    if pos == NO_CELL or state.cards[uid].zone != "board":
        return []
    return [c for c in AROUND[pos] if state.grid[c] == -1]


@decision("displace")
class DisplaceDecision:
    @staticmethod
    def legal(state: GameState) -> list:
        return [PickCell(c) for c in displace_cells(state, state.pending.data[1])]

    @staticmethod
    def apply(state: GameState, action: PickCell, ev: Events) -> None:
        _src, uid = state.pending.data
        relocate(state, uid, action.cell, ev)


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


# --- effect ops ---------------------------------------------------------------------------------

def amount_of(state: GameState, value: Any, target: int, ctx: tuple) -> int:
    if isinstance(value, int):
        return value
    if value == "strong_minus_weak":
        d = state.cdef(target)
        return d.strike[2] - d.strike[0] if d else 0
    if value == "dead_regen":
        return ctx[3] if ctx and ctx[0] == "dead" else 0
    raise ValueError(f"unknown amount {value!r}")


def shielded(state: GameState, src: int, ab: dict[str, Any], target: int) -> bool:
    """Protection from spells (and magic) stops a spell and everything it carries."""
    return ab.get("kind") == "spell" and state.cards[src].owner != state.cards[target].owner and \
        protected(state, target, "spell", src)


def run_effect(state: GameState, ev: Events, src: int, ab: dict[str, Any], eff: dict[str, Any],
               target: int, ctx: tuple) -> None:
    op = eff["op"]
    if op == "sequence":
        for step in eff["steps"]:
            spec = step.get("target")
            if isinstance(spec, str) and spec != "same":
                target = fixed_target(state, src, spec, ctx)
            run_effect(state, ev, src, ab, step, target, ctx)
        return
    if op == "choose":
        ask(state, state.cards[src].owner, "choose_effect", src, _index_of(state, src, ab), ctx, target)
        return
    if op == "attack":
        push(state, ("attack", src, eff["attack"], tuple(eff["damage"]), target))
        return
    if op == "ambush":
        ask(state, state.cards[src].owner, "ambush", src)
        return
    if op == "fire_wall":
        ask(state, state.cards[src].owner, "fire_wall", src)
        return
    if op == "wound_diagonal":
        ask(state, state.cards[src].owner, "diagonal", src, tuple(eff["amount"]), ab.get("kind", "effect"))
        return
    if op == "burn_walls":
        walls = {v for k, v, _ in state.cards[src].buffs if k == "fire_wall"}
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
    elif op == "curse":
        c.cursed = True
        emit(ev, "cursed", uid=target)
    elif op == "bless":
        newly = not blessed(state, target)
        c.blessed = True
        emit(ev, "blessed", uid=target)
        d = state.cdef(target)
        if newly and d is not None and not c.face_down:
            push(state, *[("trigger", target, i, ("blessed",)) for i, other in enumerate(d.abilities)
                          if other["type"] == "trigger" and other["on"] == "blessed"])
    elif op == "poison":
        if not kw(state, target, "prot_poison") and not kw(state, target, "incorporeal"):
            c.poison = max(c.poison, eff["amount"])
            emit(ev, "poisoned", uid=target, amount=c.poison)
    elif op == "heal":
        heal(state, target, eff["amount"], ev)
    elif op == "buff":
        until = _expiry(state, eff.get("until", "end_of_turn"), c.owner)
        grant = {k: _buff_value(state, src, v, eff) for k, v in eff["grant"].items()}
        if not any(grant.values()):
            return
        for key, value in grant.items():
            c.buffs += ((key, value, until),)
            if key == "move" and state.active == c.owner:    # moves of this turn are already counted
                c.moves = max(0, c.moves + value)
        emit(ev, "buffed", uid=target, grant=grant, until=until)
    elif op == "jump":
        if jump_cells(state, target, eff["range"]):
            ask(state, state.cards[src].owner, "jump", target, eff["range"])
    elif op == "displace":
        if displace_cells(state, target):
            ask(state, state.cards[src].owner, "displace", src, target)
    elif op == "repair_armor":
        c.armor_used = 0
        emit(ev, "armor_repaired", uid=target)
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
    elif op == "marker":
        if not any(k == eff["name"] for k, _, _ in c.buffs):
            c.buffs += ((eff["name"], 1, BATTLE_LONG),)
            emit(ev, "marker", uid=target, name=eff["name"])
    elif op == "close":
        if not c.closed:
            c.closed = True
            emit(ev, "closed", uid=target)
    elif op == "open":
        if c.closed:
            c.closed = False
            emit(ev, "opened", uid=target)
    elif op == "mark":
        s = state.cards[src]
        until = _expiry(state, eff["until"], s.owner)
        s.buffs = tuple(b for b in s.buffs if b[0] != "mark") + (("mark", target, until),)
        emit(ev, "marked", uid=src, target=target)
    elif op == "strike":
        push(state, ("strike", src, target, -1, bool(eff.get("as_open"))))
    elif op == "swap":
        swap(state, src, target, ev)
    elif op == "destroy":
        kill(state, target, ev, cause="destroyed", judge=False)
        push(state, ("judge",))         # after the whole effect: its later steps still resolve
    else:
        raise ValueError(f"effect op {op!r} cannot run here")


def _buff_value(state: GameState, src: int, value: int | str, eff: dict[str, Any]) -> int:
    """A bonus's size: a number; "wounds" — the wounds on the source; "formation" — the other creatures
    in one formation with it; either up to `max`."""
    if isinstance(value, int):
        return value
    if value == "wounds":
        n = state.cards[src].wounds
    elif value == "formation":
        n = sum(1 for uid in formation_group(state, src) if uid != src and is_creature(state, uid))
    else:
        raise ValueError(f"unknown bonus {value!r}")
    return min(n, eff.get("max", n))


def swap(state: GameState, a: int, b: int, ev: Events) -> None:
    """«Поменять местами» two cards standing on cells (a relocation of both, not movement)."""
    ca, cb = state.cards[a], state.cards[b]
    if ca.zone != "board" or cb.zone != "board":
        return
    cell_a, cell_b = ca.cell, cb.cell
    ca.cell, cb.cell = cell_b, cell_a
    state.grid[cell_a], state.grid[cell_b] = b, a
    emit(ev, "moved", uid=a, frm=cell_a, to=cell_b)
    emit(ev, "moved", uid=b, frm=cell_b, to=cell_a)
    for uid, frm in ((a, cell_a), (b, cell_b)):
        relocated(state, uid, frm)


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
    """The last turn a temporary bonus lasts."""
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
    return list(state.db.cards[state.cards[src].card_id].abilities).index(ab)


def concentration_jobs(state: GameState, seat: int) -> list[tuple]:
    """Concentration of `seat`'s cards that took no wounds during the turn now ending."""
    jobs = []
    for c in state.cards:
        if c.owner != seat or not c.on_battlefield or c.face_down or c.wounded_turn == state.turn:
            continue
        d: CardDef = state.db.cards[c.card_id]
        for i, ab in enumerate(d.abilities):
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
        for i, ab in enumerate(state.db.cards[c.card_id].abilities):
            if ab["type"] == "trigger" and ab["on"] == "turn_start":
                declared.append(("trigger", c.uid, i, ("turn_start",)))
    return declared[::-1]


@task("poison_tick")
def poison_tick(state: GameState, ev: Events, uid: int) -> None:
    c = state.cards[uid]
    if c.on_battlefield and c.poison:
        wound(state, uid, c.poison, uid, "poison", ev)
        push(state, ("check_deaths",))


@task("regen_tick")
def regen_tick(state: GameState, ev: Events, uid: int) -> None:
    if state.cards[uid].on_battlefield:
        heal(state, uid, kw(state, uid, "regen"), ev)
