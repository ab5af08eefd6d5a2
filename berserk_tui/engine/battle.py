"""The battle: turns, movement, actions, response windows and the stack of declarations."""

from __future__ import annotations

from itertools import zip_longest
from typing import Any

from . import dice
from .actions import AntiAir, Choose, Defend, EndTurn, Move, Pass, Strike, TakeChip, Use
from .board import AROUND, CELLS, NO_CELL, ORTHOGONAL, manhattan, own_rows, row_of
from .combat import check_victory, fight_result
from .core import IDLE, Events, ask, decision, emit, push, task
from .effects import (
    ability,
    candidates,
    concentration_jobs,
    effect_on,
    effect_target_spec,
    run_effect,
    takes_all,
    turn_start_jobs,
)
from .query import (
    adjacent,
    barred,
    battlefield,
    creatures,
    holds,
    is_directed,
    is_flyer,
    kind_of,
    kw,
    max_moves,
    other,
    position,
    statics,
)
from .state import DRAW, GameState, Item
from .targets import attack_targets, known_terrain
from .zones import relocate, reveal_now

# --- turn flow -------------------------------------------------------------------------------------


@task("battle_start")
def battle_start(state: GameState, ev: Events) -> None:
    state.phase = "battle"
    emit(ev, "battle_start")
    check_victory(state, ev)
    per_seat: list[list[tuple]] = []
    for seat in (state.first, other(state.first)):
        per_seat.append([("trigger", c.uid, i, ("battle_start",))
                         for c in battlefield(state, seat) if not c.face_down
                         for i, ab in enumerate(state.db.cards[c.card_id].abilities)
                         if ab["type"] == "trigger" and ab["on"] == "battle_start"])
    jobs = [job for pair in zip_longest(*per_seat) for job in pair if job is not None]   # alternately
    push(state, *jobs, ("vanguard_offers",), ("turn_start", state.first))


@task("turn_start")
def turn_start(state: GameState, ev: Events, seat: int) -> None:
    state.turn += 1
    state.active = seat
    if state.turn > state.rules.turn_limit:
        state.winner, state.stalled, state.phase = DRAW, True, "over"
        emit(ev, "game_over", winner=DRAW, stalled=True)
        return
    emit(ev, "turn", seat=seat, turn=state.turn)
    jobs: list[tuple] = []
    for c in battlefield(state, seat):
        if c.face_down:
            jobs.append(("reveal", c.uid))
    for c in battlefield(state, seat):
        c.closed = False
        c.moved = False
    push(state, *jobs, ("incarnation", seat), ("turn_start_effects", seat))


@task("turn_start_effects")
def turn_start_effects(state: GameState, ev: Events, seat: int) -> None:
    for c in battlefield(state, seat):
        c.moves = max_moves(state, c.uid)     # after the reveals: cards revealed now get their moves too
    theirs = [("trigger", c.uid, i, ("turn_start",)) for c in battlefield(state, other(seat)) if not c.face_down
              for i, ab in enumerate(state.db.cards[c.card_id].abilities)
              if ab["type"] == "trigger" and ab["on"] == "opponent_turn_start"]
    push(state, *turn_start_jobs(state, seat), *theirs)


@task("incarnation")
def incarnation(state: GameState, ev: Events, seat: int) -> None:
    p = state.players[seat]
    back = own_rows(state.is_first(seat))[2]
    for uid in p.grave:
        c = state.cards[uid]
        need = state.db.cards[c.card_id].keywords.get("incarnation", 0)
        if not need or c.incarnated:
            continue
        c.inc_tokens = min(need, c.inc_tokens + 1)
        emit(ev, "incarnation_token", uid=uid, tokens=c.inc_tokens)
        if c.inc_tokens < need:
            continue
        flyer = state.db.cards[c.card_id].kind == "flyer"
        free = [cell for cell in range(CELLS) if row_of(cell) == back and state.grid[cell] == -1]
        if not flyer and not free:
            continue
        p.grave = tuple(u for u in p.grave if u != uid)
        c.inc_tokens, c.incarnated, c.face_down, c.closed = 0, True, False, True
        if flyer:
            c.zone = "extra"
        else:
            c.zone, c.cell = "board", free[0]
            state.grid[free[0]] = uid
        emit(ev, "incarnated", uid=uid, cell=c.cell)


@task("turn_end")
def turn_end(state: GameState, ev: Events, seat: int) -> None:
    sides = ((seat, "own_turn_end"), (other(seat), "opponent_turn_end"))
    ends = [("trigger", c.uid, i, ("turn_end",)) for s, on in sides
            for c in battlefield(state, s) if not c.face_down
            for i, ab in enumerate(state.db.cards[c.card_id].abilities)
            if ab["type"] == "trigger" and ab["on"] == on]
    push(state, *concentration_jobs(state, other(seat)), *ends, ("turn_over", seat))


@task("turn_over")
def turn_over(state: GameState, ev: Events, seat: int) -> None:
    for c in state.cards:
        if c.buffs:
            c.buffs = tuple(b for b in c.buffs if b[2] > state.turn)
    emit(ev, "turn_end", seat=seat, turn=state.turn)
    push(state, ("turn_start", other(seat)))


def _idle(state: GameState) -> None:
    if state.phase == "battle":
        ask(state, state.active, "main")
    else:
        raise RuntimeError(f"nothing to do in phase {state.phase!r}")


IDLE.append(_idle)


# --- reveal -----------------------------------------------------------------------------------------

@task("reveal")
def reveal(state: GameState, ev: Events, uid: int) -> None:
    """Turn a card face up (a card placed face up only takes off, if it is a flyer or terrain)."""
    c = state.cards[uid]
    if not c.on_battlefield:
        return
    if c.card_id is None:
        ask(state, c.owner, "reveal", uid)
        return
    reveal_now(state, uid, ev)


@decision("reveal")
class RevealDecision:
    """Peer-to-peer only: the owner supplies the identity of a card this side cannot see."""

    @staticmethod
    def legal(state: GameState) -> list:
        return []

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        uid = state.pending.data[0]
        state.cards[uid].card_id = action.card_id
        reveal_now(state, uid, ev)


# --- movement -------------------------------------------------------------------------------------

def move_cells(state: GameState, uid: int) -> list[int]:
    c = state.cards[uid]
    if c.zone != "board" or c.closed or c.face_down or kind_of(state, uid) != "creature":
        return []
    if c.no_move_turn == state.turn:
        return []
    out: set[int] = set()
    if c.moves > 0:
        near = AROUND[c.cell] if kw(state, uid, "diagonal_move") else ORTHOGONAL[c.cell]
        out.update(x for x in near if state.grid[x] == -1)
    if not c.moved and c.moves > 0:
        jump = kw(state, uid, "jump")
        teleport = kw(state, uid, "teleport")
        for x in range(CELLS):
            if state.grid[x] == -1 and (teleport or (jump and manhattan(c.cell, x) <= jump)):
                out.add(x)
    return sorted(x for x in out if not barred(state, uid, x))


def do_move(state: GameState, uid: int, cell: int, ev: Events) -> None:
    c = state.cards[uid]
    step = cell in (AROUND[c.cell] if kw(state, uid, "diagonal_move") else ORTHOGONAL[c.cell])
    relocate(state, uid, cell, ev)
    c.moves = c.moves - 1 if step else 0
    c.moved = True
    d = state.db.cards[c.card_id]
    push(state, *[("trigger", uid, i, ("moved",)) for i, ab in enumerate(d.abilities)
                  if ab["type"] == "trigger" and ab["on"] == "moved"])


# --- strikes and targets --------------------------------------------------------------------------

def only_flyers_left(state: GameState, seat: int) -> bool:
    enemies = list(creatures(state, other(seat)))
    return bool(enemies) and all(is_flyer(state, e.uid) for e in enemies)


def strike_targets(state: GameState, uid: int) -> list[int]:
    """Cards `uid` may hit with a simple strike."""
    c = state.cards[uid]
    if any(True for _ in statics(state, uid, "no_strike")):
        return []
    if is_flyer(state, uid):
        return [t.uid for t in state.cards if t.on_battlefield and t.owner != c.owner and not known_terrain(state, t)]
    out = []
    pos = position(state, uid)
    if pos != NO_CELL:
        near = {state.grid[x] for x in (pos, *AROUND[pos])}
        near.discard(-1)
        for t in state.cards:
            if t.owner == c.owner or t.uid == uid:
                continue
            if (t.zone == "board" and t.uid in near) or (t.zone == "seated" and t.host in near):
                out.append(t.uid)
    if kw(state, uid, "hits_flyers") or c.anti_air_until >= state.turn:
        out.extend(t.uid for t in state.cards if t.owner != c.owner and is_flyer(state, t.uid))
    return sorted(out)


def ability_usable(state: GameState, uid: int, index: int, ab: dict[str, Any]) -> bool:
    """Costs, limits and requirements of an activated ability (not its timing or targets)."""
    c = state.cards[uid]
    if ab.get("tap", True) and c.closed:
        return False
    if c.chips < ab.get("chips", 0):
        return False
    once = ab.get("once_per")
    if once == "turn" and (index, state.turn) in c.used:
        return False
    if once == "battle" and any(i == index for i, _ in c.used):
        return False
    return "requires" not in ab or holds(state, uid, ab["requires"])


def ability_targets(state: GameState, uid: int, ab: dict[str, Any], ctx: tuple = ()) -> list[int]:
    """Targets of an activated ability; [-1] when it takes none."""
    eff = ab["effect"]
    if eff["op"] == "sequence" and eff["steps"][0]["op"] == "attack":
        eff = eff["steps"][0]
    if eff["op"] == "attack":
        return attack_targets(state, uid, eff)
    if eff["op"] == "cancel_action":
        sel = eff["target"]
        return sorted({i.actor for i in state.stack if i.actor >= 0 and not i.canceled and i.kind != "end_turn"
                       and i.actor in candidates(state, uid, sel, ctx)})
    spec = effect_target_spec(eff)
    if isinstance(spec, dict) and not takes_all(spec):
        return candidates(state, uid, spec, ctx)
    return [-1]


# --- main phase ---------------------------------------------------------------------------------

@decision("main")
class MainDecision:
    @staticmethod
    def legal(state: GameState) -> list:
        seat = state.active
        out: list = []
        enemies_fly = only_flyers_left(state, seat)
        for c in battlefield(state, seat):
            if c.face_down:
                continue
            uid = c.uid
            out.extend(Move(uid, cell) for cell in move_cells(state, uid))
            d = state.db.cards[c.card_id]
            if not c.closed and d.is_creature:
                out.extend(Strike(uid, t) for t in strike_targets(state, uid))
                if any(ab.get("chips") for ab in d.abilities):
                    out.append(TakeChip(uid))
                if enemies_fly and not is_flyer(state, uid) and c.anti_air_until < state.turn \
                        and not kw(state, uid, "hits_flyers"):
                    out.append(AntiAir(uid))
            for i, ab in enumerate(d.abilities):
                if ab["type"] != "activated" or ab.get("timing", "response") != "response":
                    continue
                if ability_usable(state, uid, i, ab):
                    out.extend(Use(uid, i, t) for t in ability_targets(state, uid, ab))
        out.append(EndTurn())
        return out

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        seat = state.active
        if isinstance(action, Move):
            do_move(state, action.uid, action.cell, ev)
            return
        if isinstance(action, EndTurn):
            declare(state, Item("end_turn", seat, -1), ev)
        elif isinstance(action, Strike):
            c = state.cards[action.uid]
            if kw(state, action.uid, "double_strike") and c.first_strike_turn != state.turn:
                c.first_strike_turn, c.moves = state.turn, 0    # the first of two strikes: it stays open
            else:
                close(state, action.uid)
            declare(state, Item("strike", seat, action.uid, target=action.target), ev)
        elif isinstance(action, Use):
            pay(state, action.uid, action.ability)
            declare(state, Item("ability", seat, action.uid, action.ability, action.target), ev)
        elif isinstance(action, TakeChip):
            close(state, action.uid)
            declare(state, Item("chip", seat, action.uid), ev)
        elif isinstance(action, AntiAir):
            close(state, action.uid)
            declare(state, Item("anti_air", seat, action.uid), ev)


def close(state: GameState, uid: int) -> None:
    """Paying for an action: the card closes and loses its remaining moves. A card with the
    «flame_seal» marker that closes sets off the opponent's «enemy_sealed_closes» abilities."""
    c = state.cards[uid]
    c.closed = True
    c.moves = 0
    if any(k == "flame_seal" for k, _, _ in c.buffs):
        push(state, *[("trigger", o.uid, i, ("closed", uid)) for o in battlefield(state, other(c.owner))
                      if not o.face_down for i, ab in enumerate(state.db.cards[o.card_id].abilities)
                      if ab["type"] == "trigger" and ab["on"] == "enemy_sealed_closes"])


def pay(state: GameState, uid: int, index: int) -> None:
    ab = ability(state, uid, index)
    c = state.cards[uid]
    if ab.get("tap", True):
        close(state, uid)
    c.chips -= ab.get("chips", 0)
    if ab.get("once_per"):
        c.used += ((index, state.turn if ab["once_per"] == "turn" else -1),)


def declare(state: GameState, item: Item, ev: Events) -> None:
    """Put a declaration on the stack and open the response window (the other side answers first)."""
    emit(ev, "declared", what=item.kind, seat=item.owner, uid=item.actor, ability=item.ability, target=item.target)
    state.stack.append(item)
    push(state, ("window", other(item.owner), 0), ("resolve_stack",))


# --- response windows ---------------------------------------------------------------------------

def defenders(state: GameState, seat: int) -> list[int]:
    """Creatures of `seat` that may defend against the simple strike on the stack."""
    if seat == state.active or not state.stack:
        return []
    item = state.stack[0]
    if item.kind != "strike" or item.owner == seat or _redirected(state, 0):
        return []
    attacker, target = item.actor, item.target
    if is_directed(state, attacker, target):
        return []
    a_fly, t_fly = is_flyer(state, attacker), is_flyer(state, target)
    out = []
    for c in creatures(state, seat):
        uid = c.uid
        if uid == target or c.closed or c.face_down or kw(state, uid, "no_defend"):
            continue
        flyer = is_flyer(state, uid)
        if t_fly:
            ok = flyer
        elif a_fly:
            ok = flyer or adjacent(state, uid, target)
        else:
            ok = not flyer and adjacent(state, uid, attacker) and adjacent(state, uid, target)
        if ok:
            out.append(uid)
    return out


def _redirected(state: GameState, index: int) -> bool:
    if state.stack[index].redirected:
        return True
    return any(i.kind == "defend" or (i.kind == "ability" and i.target == index and _is_redirect(state, i))
               for i in state.stack[index + 1:])


def _is_redirect(state: GameState, item: Item) -> bool:
    return ability(state, item.actor, item.ability)["effect"]["op"] == "redirect_to_host"


def instant_options(state: GameState, seat: int, timing: str, about: int = -1) -> list[Use]:
    """Instant abilities `seat` may declare now with the given timing."""
    out: list[Use] = []
    for c in battlefield(state, seat):
        if c.face_down:
            continue
        for i, ab in enumerate(state.db.cards[c.card_id].abilities):
            if ab["type"] != "activated" or not ab.get("instant") or ab.get("timing", "response") != timing:
                continue
            if not ability_usable(state, c.uid, i, ab):
                continue
            if timing == "enemy_attack_no_wounds":
                out.append(Use(c.uid, i, about))
            elif timing == "self_attacked":
                out.extend(Use(c.uid, i, k) for k, item in enumerate(state.stack)
                           if item.target == c.uid and item.kind in ("strike", "ability")
                           and item.owner != seat and _is_attack(state, item) and not _redirected(state, k)
                           and c.zone == "seated")
            else:
                out.extend(Use(c.uid, i, t) for t in ability_targets(state, c.uid, ab))
    return out


def _is_attack(state: GameState, item: Item) -> bool:
    return item.kind == "strike" or ability(state, item.actor, item.ability)["effect"]["op"] == "attack"


def respond_options(state: GameState, seat: int) -> list:
    out: list = [Defend(u) for u in defenders(state, seat)]
    out += instant_options(state, seat, "response")
    out += instant_options(state, seat, "self_attacked")
    return out


@task("window")
def window(state: GameState, ev: Events, seat: int, passes: int) -> None:
    if passes >= 2:
        return
    if respond_options(state, seat):
        ask(state, seat, "respond", passes)
    else:
        push(state, ("window", other(seat), passes + 1))


@decision("respond")
class RespondDecision:
    @staticmethod
    def legal(state: GameState) -> list:
        return [*respond_options(state, state.pending.player), Pass()]

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        seat, passes = state.pending.player, state.pending.data[0]
        if isinstance(action, Pass):
            push(state, ("window", other(seat), passes + 1))
            return
        if isinstance(action, Defend):
            if not kw(state, action.uid, "open_defender"):
                close(state, action.uid)
            item = Item("defend", seat, action.uid, target=0)
        else:
            pay(state, action.uid, action.ability)
            item = Item("ability", seat, action.uid, action.ability, action.target)
        emit(ev, "declared", what=item.kind, seat=seat, uid=item.actor, ability=item.ability, target=item.target)
        state.stack.append(item)
        push(state, ("window", other(seat), 0))


@decision("respond_special")
class RespondSpecialDecision:
    """One answer to an enemy attack that dealt no wounds; it takes effect at once."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [*instant_options(state, state.pending.player, "enemy_attack_no_wounds", state.pending.data[0]),
                Pass()]

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        if isinstance(action, Pass):
            return
        pay(state, action.uid, action.ability)
        ab = ability(state, action.uid, action.ability)
        emit(ev, "ability", uid=action.uid, ability=action.ability, target=action.target)
        run_effect(state, ev, action.uid, ab, ab["effect"], action.target, ("attacker", action.target))


# --- resolving the stack --------------------------------------------------------------------------

@task("resolve_stack")
def resolve_stack(state: GameState, ev: Events) -> None:
    if not state.stack:
        return
    index = len(state.stack) - 1
    item = state.stack.pop()
    push(state, ("resolve_stack",))
    if item.canceled:
        emit(ev, "canceled", uid=item.actor, what=item.kind)
        return
    if item.kind == "end_turn":
        push(state, ("turn_end", item.owner))
    elif item.kind == "strike":
        push(state, ("strike", item.actor, item.target, item.defender))
    elif item.kind == "defend":
        state.stack[item.target] = state.stack[item.target]._replace(defender=item.actor, redirected=True)
        emit(ev, "defends", uid=item.actor, against=state.stack[item.target].actor)
        push(state, *[("trigger", item.actor, i, ("attacker", state.stack[item.target].actor))
                      for i, ab in enumerate(state.db.cards[state.cards[item.actor].card_id].abilities)
                      if ab["type"] == "trigger" and ab["on"] == "defends"])
    elif item.kind == "chip":
        state.cards[item.actor].chips += 1
        emit(ev, "chip", uid=item.actor, chips=state.cards[item.actor].chips)
    elif item.kind == "anti_air":
        state.cards[item.actor].anti_air_until = state.turn + 2
        emit(ev, "anti_air", uid=item.actor)
    else:
        _resolve_ability(state, item, index, ev)


def _resolve_ability(state: GameState, item: Item, index: int, ev: Events) -> None:
    ab = ability(state, item.actor, item.ability)
    eff = ab["effect"]
    op = eff["op"]
    emit(ev, "ability", uid=item.actor, ability=item.ability, target=item.target)
    if op == "cancel_action":
        for k in range(len(state.stack) - 1, -1, -1):
            if state.stack[k].actor == item.target and not state.stack[k].canceled:
                state.stack[k] = state.stack[k]._replace(canceled=True)
                break
    elif op == "redirect_to_host":
        host = state.cards[item.actor].host
        if item.target < len(state.stack) and host != -1:
            state.stack[item.target] = state.stack[item.target]._replace(target=host, redirected=True)
            emit(ev, "redirected", uid=item.actor, to=host)
    else:
        effect_on(state, ev, item.actor, item.ability, item.target, (), True)


# --- hit reduction ---------------------------------------------------------------------------------

@decision("reduce")
class ReduceDecision:
    """The player with the higher roll may take the previous row of the hit table."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [Choose(0), Choose(1)]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        attacker, fighter, diff = state.pending.data
        level, counter = dice.reduced(diff) if action.option else dice.exchange(diff)
        emit(ev, "reduced" if action.option else "not_reduced", seat=state.pending.player, diff=diff)
        fight_result(state, attacker, fighter, level, counter, diff)


@decision("upgrade")
class UpgradeDecision:
    """Take the better row a «hit_upgrade» offers (weak–miss → medium–weak, medium–miss → strong–weak)."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [Choose(1), Choose(0)]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        attacker, fighter, level, counter = state.pending.data
        if action.option:
            level, counter = dice.UPGRADES[(level, counter)]
            emit(ev, "upgraded", seat=state.pending.player)
        push(state, ("strike_damage", attacker, fighter, level, counter))


@task("no_wounds_window")
def no_wounds_window(state: GameState, ev: Events, attacker: int, dealt: int) -> None:
    """After an attack that dealt no wounds, the other side may answer (e.g. Предвестник неудачи)."""
    if dealt or not state.cards[attacker].on_battlefield:
        return
    seat = other(state.cards[attacker].owner)
    if instant_options(state, seat, "enemy_attack_no_wounds", attacker):
        ask(state, seat, "respond_special", attacker)
