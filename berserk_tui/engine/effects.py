"""The effect interpreter: targets, triggered abilities, concentration and effect ops."""

from __future__ import annotations

from typing import Any

from cards.schema import CardDef

from .actions import Choose, PickCell, Skip, Target
from .board import AROUND, NO_CELL, chebyshev, manhattan
from .combat import heal, kill, wound
from .core import Events, ask, decision, emit, push, task
from .query import holds, kw, opposite, position, protected
from .state import GameState
from .targets import attack_targets
from .zones import relocate


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
        if sel.get("adjacent") and (pos == NO_CELL or src_pos == NO_CELL or chebyshev(src_pos, pos) > 1):
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

@task("trigger")
def trigger(state: GameState, ev: Events, src: int, index: int, ctx: tuple) -> None:
    """Run triggered ability `index` of `src`; asks its owner for a target when it has a choice."""
    ab = ability(state, src, index)
    eff = ab["effect"]
    if eff["op"] == "attack":
        push(state, ("attack_target", src, index, ctx))
        return
    spec = effect_target_spec(eff)
    owner = state.cards[src].owner
    if eff.get("amount") == "dead_regen" and amount_of(state, "dead_regen", -1, ctx) <= 0:
        return                                   # nothing to deal: the ability does not trigger
    if isinstance(spec, dict):
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
    emit(ev, "ability", uid=src, ability=index, target=target)
    run_effect(state, ev, src, ab, eff, target, ctx)


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
        src, index, ctx = state.pending.data
        ab = ability(state, src, index)
        eff = ab["effect"]
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
        src, index, ctx = state.pending.data
        if isinstance(action, Skip):
            emit(ev, "declined", uid=src, ability=index)
            return
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
        run_effect(state, ev, src, ab, option, target if target != -1 else src, ctx)


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
    if target == -1 or not state.cards[target].on_battlefield:
        return
    if shielded(state, src, ab, target):
        emit(ev, "protected", uid=target, kind="spell")
        return
    c = state.cards[target]
    kind = ab.get("kind", "effect")
    if op == "wound":
        wound(state, target, amount_of(state, eff["amount"], target, ctx), src, kind, ev)
        push(state, ("check_deaths",))
    elif op == "curse":
        c.cursed = True
        emit(ev, "cursed", uid=target)
    elif op == "bless":
        c.blessed = True
        emit(ev, "blessed", uid=target)
    elif op == "poison":
        if not kw(state, target, "prot_poison") and not kw(state, target, "incorporeal"):
            c.poison = max(c.poison, eff["amount"])
            emit(ev, "poisoned", uid=target, amount=c.poison)
    elif op == "heal":
        heal(state, target, eff["amount"], ev)
    elif op == "buff":
        until = _expiry(state, eff.get("until", "end_of_turn"), c.owner)
        for key, value in eff["grant"].items():
            c.buffs += ((key, value, until),)
        emit(ev, "buffed", uid=target, grant=dict(eff["grant"]), until=until)
    elif op == "displace":
        if displace_cells(state, target):
            ask(state, state.cards[src].owner, "displace", src, target)
    elif op == "no_move":
        c.no_move_turn = state.turn
        emit(ev, "rooted", uid=target)
    elif op == "set_next_roll":
        c.next_roll = eff["value"]
        emit(ev, "next_roll", uid=target, value=eff["value"])
    elif op == "destroy":
        kill(state, target, ev, cause="destroyed", judge=False)
        push(state, ("judge",))         # after the whole effect: its later steps still resolve
    else:
        raise ValueError(f"effect op {op!r} cannot run here")


BATTLE_LONG = 1 << 30   # a buff "until the end of the battle" never expires


def _expiry(state: GameState, until: str, owner: int) -> int:
    """The last turn a temporary bonus lasts."""
    if until == "battle":
        return BATTLE_LONG
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
