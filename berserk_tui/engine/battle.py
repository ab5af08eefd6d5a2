"""The battle: turns, movement, actions, response windows and the stack of declarations."""

from __future__ import annotations

from collections.abc import Callable
from itertools import zip_longest
from typing import Any

from . import dice
from .actions import AntiAir, Choose, Defend, EndTurn, Move, Pass, PickCell, Strike, TakeChip, Use
from .attack_values import is_directed
from .combat import acid_jobs, check_victory, doomed_now, fight_result, kill, opened_jobs, stays_open_jobs
from .conditions import holds
from .core import Events, ask, decision, emit, idle, push, task
from .dispatch import dispatch, pair_jobs
from .events import GameEvent, spot
from .geometry import NO_CELL
from .keywords import (
    LOST_ABILITY,
    abilities,
    featureless,
    kw,
    magic_ability,
    max_moves,
    restrained,
    silenced,
    statics,
)
from .modifiers import (
    add_modifier,
    drop_modifiers,
    expire_modifiers,
    has_modifier,
    modifier_entries,
    modifier_value,
    modifier_values,
    modifiers_of,
)
from .ops.run import run_effect
from .ops.select import ability, candidates, effect_target_spec, fixed_target, takes_all
from .ops.symbiont import opened_host_jobs, seated_on
from .ops.trigger import TURN_ENDED, TURN_STARTED, concentration_jobs, effect_on, turn_start_jobs
from .ops.wounds import finishable
from .places import (
    adjacent,
    battlefield,
    creatures,
    enemy_creatures,
    foes,
    is_creature,
    is_flyer,
    kind_of,
    opposite,
    position,
    sharing,
)
from .reach import barred, step_near, step_onto
from .refs import resolve
from .seats import DRAW
from .state import CardState, GameState, Item
from .targets import attack_targets, known_terrain
from .zones import relocate, reveal_now, swap

# --- turn flow -------------------------------------------------------------------------------------


@task("battle_start")
def battle_start(state: GameState, ev: Events) -> None:
    state.phase = "battle"
    emit(ev, "battle_start")
    check_victory(state, ev)
    started = GameEvent("battle_started")
    per_seat = [dispatch(state, started, "battle", battlefield(state, s)) for s in state.seats.rounds[state.first]]
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
    hosts = dispatch(state, TURN_STARTED, "host", seated_on(state, battlefield(state, seat)))   # before they open
    push(state, *hosts, ("open_cards", seat), *jobs, ("incarnation", seat), ("turn_start_effects", seat))


@task("open_cards")
def open_cards(state: GameState, ev: Events, seat: int) -> None:
    """The active player's cards open (but for one kept closed this turn, «может не открываться»)."""
    opened = []
    for c in battlefield(state, seat):
        c.moved = False
        if c.closed and not kept_closed(state, c.uid):
            c.closed = False
            opened.append(c)
    push(state, *opened_host_jobs(state, opened), *[job for c in opened for job in opened_jobs(state, c.uid)])


def kept_closed(state: GameState, uid: int) -> bool:
    """Does card `uid` stay closed as its cards open this turn («не открывается в начале своего хода»)?"""
    return has_modifier(state, uid, "stay_closed", state.turn) \
        or any(e == state.turn and not holds(state, uid, resolve(state.db, ref))
               for ref, e in modifier_entries(state, uid, "stay_closed_unless"))


@task("turn_start_effects")
def turn_start_effects(state: GameState, ev: Events, seat: int) -> None:
    for c in battlefield(state, seat):
        c.moves = max_moves(state, c.uid)     # after the reveals: cards revealed now get their moves too
    theirs = dispatch(state, TURN_STARTED, "opponent", foes(state, seat))
    push(state, *turn_start_jobs(state, seat), *theirs)


@task("incarnation")
def incarnation(state: GameState, ev: Events, seat: int) -> None:
    ready: list[tuple] = []
    for uid in state.players[seat].grave:
        c = state.cards[uid]
        need = kw(state, uid, "incarnation")      # printed or gained («получает Инкарнацию N»)
        if not need or c.incarnated:
            continue
        c.inc_tokens = min(need, c.inc_tokens + 1)
        emit(ev, "incarnation_token", uid=uid, tokens=c.inc_tokens)
        if c.inc_tokens == need:
            ready.append(("incarnate", uid))
    push(state, *ready)


def incarnation_cells(state: GameState, uid: int) -> tuple[list[int], list[int]]:
    """(the usual cell: the first free cell of its owner's third row, if any; the cells of own face-up
    cards with `incarnation_gate` it may incarnate onto instead) of a ground creature in the graveyard."""
    c = state.cards[uid]
    if state.db.cards[c.card_id].kind == "flyer":
        return [], []
    geo = state.geo
    back = geo.own_rows(state.place(c.owner))[2]
    free = [cell for cell in range(geo.cells) if geo.row_of(cell) == back and state.grid[cell] == -1][:1]
    gates = [g.cell for g in battlefield(state, c.owner) if g.zone == "board" and not sharing(state, g.uid)
             and any(True for _ in statics(state, g.uid, "incarnation_gate"))]
    return free, gates


@task("incarnate")
def incarnate(state: GameState, ev: Events, uid: int) -> None:
    """A card with all its incarnation tokens returns (closed, decision 25), or — when its owner has a
    card with `incarnation_gate` — he picks the cell: the usual one or a gate's (open, the gate exiled)."""
    free, gates = incarnation_cells(state, uid)
    if gates:
        ask(state, state.cards[uid].owner, "incarnate", uid)
    elif free or state.db.cards[state.cards[uid].card_id].kind == "flyer":
        incarnate_at(state, uid, free[0] if free else NO_CELL, ev)


def incarnate_at(state: GameState, uid: int, cell: int, ev: Events) -> None:
    c = state.cards[uid]
    gate = -1 if cell == NO_CELL else state.grid[cell]
    if gate != -1:
        kill(state, gate, ev, cause="incarnation_gate", banish=True, judge=False)
    p = state.players[c.owner]
    p.grave = tuple(u for u in p.grave if u != uid)
    c.inc_tokens, c.incarnated, c.face_down, c.closed = 0, True, False, gate == -1
    if cell == NO_CELL:
        c.zone = "extra"
    else:
        c.zone, c.cell = "board", cell
        state.grid[cell] = uid
    emit(ev, "incarnated", uid=uid, cell=c.cell)
    push(state, *dispatch(state, GameEvent("entered", subject=uid, cause="incarnation"), "incarnation",
                          foes(state, c.owner)))


@decision("incarnate")
class IncarnateDecision:
    """Where an incarnating card returns: the usual cell, or a gate's cell (open, the gate exiled)."""

    @staticmethod
    def legal(state: GameState) -> list:
        free, gates = incarnation_cells(state, state.pending.data[0])
        return [PickCell(x) for x in sorted((*free, *gates))]

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        incarnate_at(state, state.pending.data[0], action.cell, ev)


@task("turn_end")
def turn_end(state: GameState, ev: Events, seat: int) -> None:
    ends = dispatch(state, TURN_ENDED, "sides",
                    (c for s in (seat, *state.seats.opponents(seat)) for c in battlefield(state, s)))
    concentration = [job for foe in state.seats.opponents(seat) for job in concentration_jobs(state, foe)]
    push(state, *concentration, *ends, ("flights_end",), ("doom_deaths",),
         ("turn_over", seat))


@task("turn_over")
def turn_over(state: GameState, ev: Events, seat: int) -> None:
    expire_modifiers(state)
    emit(ev, "turn_end", seat=seat, turn=state.turn)
    push(state, ("turn_start", state.seats.next[seat]))


@idle
def _idle(state: GameState) -> None:
    if state.phase == "battle":
        ask(state, state.active, "main")
    else:
        raise RuntimeError(f"nothing to do in phase {state.phase!r}")


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
    check_victory(state, ev)            # revealed as an artifact or terrain: it no longer counts


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
        check_victory(state, ev)


# --- movement -------------------------------------------------------------------------------------

def move_cells(state: GameState, uid: int) -> list[int]:
    c = state.cards[uid]
    if c.zone != "board" or c.closed or c.face_down or kind_of(state, uid) != "creature":
        return []
    if c.no_move_turn == state.turn:
        return []
    out: set[int] = set()
    if c.moves > 0:
        near = (state.geo.around if kw(state, uid, "diagonal_move") else state.geo.orthogonal)[c.cell]
        ghost = kw(state, uid, "incorporeal") > 0     # бестелесный: it may step onto occupied cells
        out.update(x for x in near if state.grid[x] == -1 or ghost)
        out.update(step_onto(state, uid))
        out.update(step_near(state, uid))
    if not c.moved and c.moves > 0:
        jump = kw(state, uid, "jump")
        teleport = kw(state, uid, "teleport")
        ranges = state.geo.ranges[c.cell]
        for x in range(state.geo.cells):
            if state.grid[x] == -1 and (teleport or (jump and ranges[x] <= jump)):
                out.add(x)
        out.update(state.cards[p].cell for p in swap_partners(state, uid))
    out.discard(c.cell)
    return sorted(x for x in out if not barred(state, uid, x))


def swap_partners(state: GameState, uid: int) -> list[int]:
    """Own face-up creatures matching a `jump_swap` static of `uid`, within its jump range: it may jump onto
    their cell, changing places with them («может объявлять прыжок на клетку, занятую другим вашим …»)."""
    c = state.cards[uid]
    abs_ = list(statics(state, uid, "jump_swap"))
    reach = kw(state, uid, "jump")
    if not abs_ or not reach or c.moved or c.zone != "board":
        return []
    return [o.uid for o in creatures(state, c.owner) if o.uid != uid and o.zone == "board" and not o.face_down
            and state.grid[o.cell] == o.uid and state.geo.ranges[c.cell][o.cell] <= reach
            and any(holds(state, o.uid, ab["filter"]) for ab in abs_)]


def jump_swap(state: GameState, uid: int, partner: int, ev: Events) -> None:
    """The jump onto a partner's cell: both change places (a relocation of the partner); the jumper's moves
    are spent and it gets the static's `grant` until the end of the turn."""
    c = state.cards[uid]
    swap(state, uid, partner, ev)
    c.moves, c.moved = 0, True
    for ab in statics(state, uid, "jump_swap"):
        for key, value in ab.get("grant", {}).items():
            add_modifier(state, uid, key, value, state.turn)
    emit(ev, "jump_swap", uid=uid, partner=partner)


def do_move(state: GameState, uid: int, cell: int, ev: Events) -> None:
    c = state.cards[uid]
    if state.grid[cell] in swap_partners(state, uid):
        jump_swap(state, uid, state.grid[cell], ev)
        return
    geo = state.geo
    step = cell in (geo.around if kw(state, uid, "diagonal_move") else geo.orthogonal)[c.cell] \
        or state.grid[cell] != -1 \
        or cell in step_near(state, uid)  # onto an occupied cell (incorporeal, `step_onto`) or `step_near`: a step
    occupant = state.grid[cell]
    if occupant != -1:
        push(state, ("stranded", uid))     # after whatever the arrival sets off
    frm = c.cell
    relocate(state, uid, cell, ev)
    c.moves = c.moves - 1 if step else 0
    c.moved = True
    jumped = teleported = False
    if not step:
        reach = kw(state, uid, "jump")
        jumped = bool(reach) and geo.ranges[frm][cell] <= reach
        teleported = not jumped and kw(state, uid, "teleport") > 0 and geo.ranges[frm][cell] > reach
    if jumped:
        add_modifier(state, uid, "jumped_from", frm)
    moved = GameEvent("moved", subject=uid, from_cell=frm, cell=cell,
                      cause="jump" if jumped else "teleport" if teleported else "step")
    push(state, *dispatch(state, moved, "self", [c]))
    if occupant != -1 and is_creature(state, occupant):     # «когда двигается на клетку, занятую существом»
        push(state, *dispatch(state, GameEvent("stepped_onto", subject=occupant, actor=uid), "self", [c]))
    push(state, *pair_jobs(state, uid, occupant if step else -1))
    if teleported:      # «при телепортации другого вашего …»
        push(state, *dispatch(state, moved, "side", (o for o in battlefield(state, c.owner) if o.uid != uid)))
    push(state, *dispatch(state, moved, "beside", (o for o in state.cards if o.zone == "board" and o.uid != uid
                                                   and geo.row_of(o.cell) == geo.row_of(cell)
                                                   and abs(geo.col_of(o.cell) - geo.col_of(cell)) == 1)))


# --- strikes and targets --------------------------------------------------------------------------

def only_flyers_left(state: GameState, seat: int) -> bool:
    enemies = list(enemy_creatures(state, seat))
    return bool(enemies) and all(is_flyer(state, e.uid) for e in enemies)


def struck_enough(state: GameState, uid: int) -> bool:
    """A card with `open_attacker` stays open after its simple strike («после нападения не закрывается») but
    still attacks once a turn — twice with «может нападать простым ударом два раза за ход» (seed 004: a card
    that did not close attacks again only if something opens it)."""
    d = state.cdef(uid)
    stays = kw(state, uid, "open_attacker") > 0 \
        or any(ab["type"] in ("strike_stays_open", "open_after_exchange") for ab in (d.abilities if d else ()))
    return stays and modifier_value(state, uid, "strikes_made") >= (2 if kw(state, uid, "double_strike") else 1)


def strike_cells(state: GameState, uid: int) -> list[int]:
    """Free cells carrying a cell marker named by its `strike_from_cell` abilities: it may declare simple
    strikes as if it stood there."""
    names = {f"cell_{ab['marker']}" for ab in statics(state, uid, "strike_from_cell")}
    return [v for k, v, e in modifiers_of(state, uid) if k in names and e >= state.turn and state.grid[v] == -1]


def strike_targets(state: GameState, uid: int) -> list[int]:
    """Cards `uid` may hit with a simple strike."""
    c = state.cards[uid]
    if any(True for _ in statics(state, uid, "no_strike")) or struck_enough(state, uid):
        return []
    doomed = doomed_now(state, uid)       # it may strike its own creatures to escape its doom
    if is_flyer(state, uid):
        return [t.uid for t in state.cards if t.on_battlefield and t.uid != uid and not known_terrain(state, t)
                and (t.owner != c.owner or (doomed and is_creature(state, t.uid)))]
    out = []
    pos = position(state, uid)
    if pos != NO_CELL:
        around = state.geo.around
        near = {state.grid[x] for x in (pos, *around[pos])}
        for cell in strike_cells(state, uid):        # «может объявлять простой удар как с этой клетки»
            near |= {state.grid[x] for x in around[cell]}
        near.discard(-1)
        for t in state.cards:
            if t.uid == uid or (t.owner == c.owner and not (doomed and is_creature(state, t.uid))):
                continue
            if (t.zone == "board" and t.uid in near) or (t.zone == "seated" and t.host in near):
                out.append(t.uid)
    if kw(state, uid, "hits_flyers") or c.anti_air_until >= state.turn:
        out.extend(t.uid for t in state.cards if t.owner != c.owner and is_flyer(state, t.uid))
    return sorted(out)


def ability_usable(state: GameState, uid: int, index: int, ab: dict[str, Any]) -> bool:
    """Costs, limits and requirements of an activated ability (not its timing or targets)."""
    c = state.cards[uid]
    if ab.get("tap", True) and c.closed or featureless(state, uid):
        return False
    if c.chips < ab.get("chips", 0) or c.extra_life < ab.get("lives", 0):
        return False
    if magic_ability(ab) and silenced(state, uid):
        return False
    once = ab.get("once_per")
    if once == "turn" and (index, state.turn) in c.used:
        return False
    if once == "battle" and any(i == index for i, _ in c.used):
        return False
    return "requires" not in ab or holds(state, uid, ab["requires"])


def ability_targets(state: GameState, uid: int, ab: dict[str, Any]) -> list[int]:
    """Targets of an activated ability; [-1] when it takes none. For a `pay_close` ability the
    «target» is the own creature that closes to pay for it."""
    if ab.get("pay_close"):
        return payers(state, uid)
    eff = ab["effect"]
    if eff["op"] == "sequence" and eff["steps"][0]["op"] == "attack":
        eff = eff["steps"][0]
    if eff["op"] == "attack" and "target" in eff:       # a fixed target («по карте напротив»)
        fixed = fixed_target(state, uid, eff["target"], None)
        return [fixed] if fixed in attack_targets(state, uid, eff) else []
    if eff["op"] == "attack":
        return attack_targets(state, uid, eff)
    if eff["op"] == "finish":
        return [t for t in candidates(state, uid, eff["target"], None) if finishable(state, uid, eff, t)]
    if eff["op"] == "cancel_action":
        sel = eff["target"]
        return sorted({i.actor for i in state.stack if i.actor >= 0 and not i.canceled and i.kind != "end_turn"
                       and i.actor in candidates(state, uid, sel, None)})
    spec = effect_target_spec(eff)
    if isinstance(spec, dict) and not takes_all(spec):
        return candidates(state, uid, spec, None)
    return [-1]


def payers(state: GameState, uid: int) -> list[int]:
    """«Закрыть стоящее рядом ваше существо»: open face-up own creatures next to `uid`, which close
    to pay for its `pay_close` ability."""
    owner = state.cards[uid].owner
    return [c.uid for c in creatures(state, owner) if not c.face_down and not c.closed
            and adjacent(state, c.uid, uid)]


# --- main phase ---------------------------------------------------------------------------------

@task("stranded")
def stranded(state: GameState, ev: Events, uid: int) -> None:
    """An incorporeal creature on an occupied cell that cannot move off it is exiled (seed 000, «Бестелесный»)."""
    if sharing(state, uid) and not move_cells(state, uid):
        kill(state, uid, ev, cause="stranded", banish=True)


def passing(state: GameState, seat: int) -> int:
    """The creature of `seat` standing on an occupied cell (it must move off first), or -1."""
    return next((c.uid for c in battlefield(state, seat) if sharing(state, c.uid)), -1)


@decision("main")
class MainDecision:
    @staticmethod
    def legal(state: GameState) -> list:
        seat = state.active
        stuck = passing(state, seat)
        if stuck != -1:      # «обязано объявить движение с этой клетки при ближайшей возможности»
            return [Move(stuck, cell) for cell in move_cells(state, stuck)]
        out: list = []
        enemies_fly = only_flyers_left(state, seat)
        for c in battlefield(state, seat):
            if c.face_down:
                continue
            uid = c.uid
            d = state.db.cards[c.card_id]
            if restrained(state, uid):       # «не может действовать (кроме нападения простым ударом)»
                if not c.closed and is_creature(state, uid):
                    out.extend(Strike(uid, t) for t in strike_targets(state, uid))
                continue
            out.extend(Move(uid, cell) for cell in move_cells(state, uid))
            if not c.closed and (is_creature(state, uid) or d.kind == "artifact") \
                    and any(ab.get("chips") for ab in d.abilities):
                out.append(TakeChip(uid))                 # any card with a chip ability (seed 000)
            if not c.closed and is_creature(state, uid):
                out.extend(Strike(uid, t) for t in strike_targets(state, uid))
                if enemies_fly and not is_flyer(state, uid) and c.anti_air_until < state.turn \
                        and not kw(state, uid, "hits_flyers"):
                    out.append(AntiAir(uid))
            for i, ab in enumerate(abilities(state, uid)):     # printed and gained ones
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
            pay_strike(state, action.uid, action.target)
            declare(state, Item("strike", seat, action.uid, target=action.target), ev)
        elif isinstance(action, Use):
            pay(state, action.uid, action.ability, action.target)
            declare(state, Item("ability", seat, action.uid, action.ability, action.target), ev)
        elif isinstance(action, TakeChip):
            close(state, action.uid)
            declare(state, Item("chip", seat, action.uid), ev)
        elif isinstance(action, AntiAir):
            close(state, action.uid)
            declare(state, Item("anti_air", seat, action.uid), ev)


def pay_strike(state: GameState, uid: int, target: int) -> None:
    """Paying for a simple strike at `target`: the card closes, unless it may strike twice or stays open."""
    c = state.cards[uid]
    if (kw(state, uid, "double_strike") or any(
            holds(state, target, ab["vs"]) for ab in statics(state, uid, "double_strike_vs"))) \
            and c.first_strike_turn != state.turn:
        c.first_strike_turn, c.moves = state.turn, 0    # the first of two strikes: it stays open
    elif any(statics(state, uid, "strike_stays_open")) or kw(state, uid, "open_attacker"):
        c.moves = 0
    else:
        close(state, uid)
    add_modifier(state, uid, "strikes_made")
    if not c.closed:                    # runs once the strike has resolved
        push(state, *stays_open_jobs(state, uid))


def close(state: GameState, uid: int) -> None:
    """Paying for an action: the card closes and loses its remaining moves. A card with the
    «flame_seal» marker that closes sets off the opponent's «enemy_sealed_closes» abilities."""
    c = state.cards[uid]
    c.closed = True
    c.moves = 0
    push(state, *acid_jobs(state, uid))
    spring_traps(state, uid)
    if has_modifier(state, uid, "flame_seal"):
        push(state, *dispatch(state, GameEvent("closed", subject=uid), "sealed", foes(state, c.owner)))
    if state.active == c.owner and c.zone == "board":     # «стоящее напротив существо закрывается в свой ход»
        push(state, *dispatch(state, GameEvent("closed", subject=uid), "opposite",
                              (o for o in foes(state, c.owner) if opposite(state, o.uid) == uid)))


def spring_traps(state: GameState, uid: int) -> None:
    """«Ловушка»: the first enemy creature that acts (closes to pay) after a trap was set takes its wounds,
    once the action has resolved; the trap is used up."""
    c = state.cards[uid]
    if c.face_down or not is_creature(state, uid):
        return
    for o in foes(state, c.owner):
        traps = modifier_values(state, o.uid, "trap")
        if traps:
            drop_modifiers(state, o.uid, "trap")
            push(state, *[("effect_wound", o.uid, uid, value, "effect") for value in traps], ("check_deaths",))


def paid(payer: int, uid: int) -> GameEvent:
    """The event of `payer` closing to pay for an ability of card `uid` (`pay_close`)."""
    return GameEvent("closed", subject=payer, source=uid, cause="pay")


def pay(state: GameState, uid: int, index: int, payer: int = -1) -> None:
    ab = ability(state, uid, index)
    c = state.cards[uid]
    if ab.get("tap", True):
        close(state, uid)
    if ab.get("pay_close") and payer >= 0:
        close(state, payer)
        push(state, *dispatch(state, paid(payer, uid), "payer", [state.cards[payer]]))
    c.chips -= ab.get("chips", 0)
    c.extra_life -= ab.get("lives", 0)         # «снять с себя дополнительную жизнь»
    if ab.get("once_per"):
        c.used += ((index, state.turn if ab["once_per"] == "turn" else -1),)


def declare(state: GameState, item: Item, ev: Events) -> None:
    """Put a declaration on the stack and open the response window (the other side answers first)."""
    emit(ev, "declared", what=item.kind, seat=item.owner, uid=item.actor, ability=item.ability, target=item.target)
    state.stack.append(item)
    push(state, ("window", state.seats.next[item.owner], 0), ("resolve_stack",))


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


def must_defend(state: GameState, seat: int) -> bool:
    """«Если от простого удара … можно назначить защитника, противник обязан это сделать» (`forced_defender`)."""
    return bool(state.stack) and state.stack[0].kind == "strike" \
        and any(True for _ in statics(state, state.stack[0].actor, "forced_defender")) and bool(defenders(state, seat))


def _redirected(state: GameState, index: int) -> bool:
    if state.stack[index].redirected:
        return True
    return any(i.kind == "defend" or (i.kind == "ability" and i.target == index and _is_redirect(state, i))
               for i in state.stack[index + 1:])


def _is_redirect(state: GameState, item: Item) -> bool:
    return ability(state, item.actor, item.ability)["effect"]["op"] == "redirect_to_host"


def instant_options(state: GameState, seat: int, timings: tuple[str, ...], about: int = -1) -> list[Use]:
    """Instant abilities `seat` may declare now with one of `timings`, grouped in the order of `timings`."""
    found: dict[str, list[Use]] = {t: [] for t in timings}
    for c in battlefield(state, seat):
        if c.face_down:
            continue
        instants = state.db.cards[c.card_id].instants
        if not instants or restrained(state, c.uid):
            continue
        for i, ab in instants:
            uses = found.get(ab.get("timing", "response"))
            if uses is not None and ability_usable(state, c.uid, i, ab):
                uses.extend(_instant_uses(state, seat, c, i, ab, about))
    return [u for t in timings for u in found[t]]


def _instant_uses(state: GameState, seat: int, c: CardState, i: int, ab: dict, about: int) -> list[Use]:
    """The uses of `c`'s usable instant ability `i` at its timing: one per target."""
    timing = ab.get("timing", "response")
    if timing == "enemy_attack_no_wounds":
        return [Use(c.uid, i, about)]
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
    if timing == "strike_fight":
        return [Use(c.uid, i, a) for a in strike_fighters(state)]
    if timing == "self_attacked":
        return [Use(c.uid, i, k) for k, item in enumerate(state.stack)
                if item.target == c.uid and item.kind in ("strike", "ability")
                and item.owner != seat and _is_attack(state, item) and not _redirected(state, k)
                and c.zone == "seated"]
    if timing == "host_attacked":
        return [Use(c.uid, i, k) for k, item in enumerate(state.stack)
                if c.zone == "seated" and item.target == c.host and item.kind in ("strike", "ability")
                and item.owner != seat and not item.canceled and _is_attack(state, item)
                and not _redirected(state, k) and not _blocking(state, k)]
    return [Use(c.uid, i, t) for t in ability_targets(state, c.uid, ab)]


def ranged_at_adjacent(state: GameState, uid: int) -> list[int]:
    """Stack indices of enemy shots and throws not redirected yet aimed at a card next to `uid` (not `uid`)."""
    out = []
    for k, item in enumerate(state.stack):
        if item.kind != "ability" or item.owner == state.cards[uid].owner or item.canceled or item.target < 0 \
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
        if item.kind != "ability" or item.owner == seat or item.canceled or item.target < 0 or _redirected(state, k):
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
        if item.kind == "strike" and item.owner != seat and not item.canceled:
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


def _blocking(state: GameState, index: int) -> bool:
    """Is a «block the attack» already declared against stack entry `index`?"""
    return any(i.kind == "ability" and i.target == index and ability(state, i.actor, i.ability)["effect"]["op"]
               == "block_attack" for i in state.stack[index + 1:])


def _is_attack(state: GameState, item: Item) -> bool:
    return item.kind == "strike" or ability(state, item.actor, item.ability)["effect"]["op"] == "attack"


RESPONSE_TIMINGS = ("response", "self_attacked", "host_attacked", "own_attack", "own_strike", "own_struck",
                    "strike_fight", "own_discharged", "adjacent_ranged")


def respond_options(state: GameState, seat: int) -> list:
    return [*(Defend(u) for u in defenders(state, seat)), *instant_options(state, seat, RESPONSE_TIMINGS)]


@task("window")
def window(state: GameState, ev: Events, seat: int, passes: int) -> None:
    if passes >= state.seats.count:     # every seat passed in a row
        return
    if respond_options(state, seat):
        ask(state, seat, "respond", passes)
    else:
        push(state, ("window", state.seats.next[seat], passes + 1))


@decision("respond")
class RespondDecision:
    @staticmethod
    def legal(state: GameState) -> list:
        seat = state.pending.player
        return [*respond_options(state, seat), *([] if must_defend(state, seat) else [Pass()])]

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        seat, passes = state.pending.player, state.pending.data[0]
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
class RespondSpecialDecision:
    """One answer to an enemy attack that dealt no wounds; it takes effect at once."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [*instant_options(state, state.pending.player, ("enemy_attack_no_wounds",), state.pending.data[0]),
                Pass()]

    @staticmethod
    def apply(state: GameState, action: Any, ev: Events) -> None:
        if isinstance(action, Pass):
            return
        pay(state, action.uid, action.ability)
        ab = ability(state, action.uid, action.ability)
        emit(ev, "ability", uid=action.uid, ability=action.ability, target=action.target)
        run_effect(state, ev, action.uid, ab, ab["effect"], action.target, GameEvent("attacked", actor=action.target))


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
        push(state, ("strike", item.actor, item.target, item.defender), *first_strike_jobs(state, item))
    elif item.kind == "defend":
        state.stack[item.target] = state.stack[item.target]._replace(defender=item.actor, redirected=True)
        emit(ev, "defends", uid=item.actor, against=state.stack[item.target].actor)
        defended = GameEvent("defended", subject=item.actor, actor=state.stack[item.target].actor, cause="defender")
        push(state, *dispatch(state, defended, "defender", [state.cards[item.actor]]))
        redirect_triggers(state, state.stack[item.target].target, state.stack[item.target].actor)
    elif item.kind == "chip":
        state.cards[item.actor].chips += 1
        emit(ev, "chip", uid=item.actor, chips=state.cards[item.actor].chips)
    elif item.kind == "anti_air":
        state.cards[item.actor].anti_air_until = state.turn + 2
        emit(ev, "anti_air", uid=item.actor)
    else:
        _resolve_ability(state, item, index, ev)


def first_strike_jobs(state: GameState, item: Item) -> list[tuple]:
    """«При первом своём простом ударе в ваш ход»: the striker's `first_strike` abilities, run once its first
    declared simple strike of its controller's turn has resolved (the event: the card struck — the defender, if
    one was assigned — and its cell)."""
    c = state.cards[item.actor]
    if state.active != c.owner or modifier_value(state, item.actor, "strikes_made") != 1 or c.face_down:
        return []
    struck = item.defender if item.defender >= 0 else item.target
    first = GameEvent("attacked", subject=struck, actor=item.actor, cell=spot(position(state, struck)), attack="strike")
    return dispatch(state, first, "first", [c])


def redirect_triggers(state: GameState, frm: int, attacker: int) -> None:
    """An attack was redirected from `frm` (a defender assigned included): «own_redirected» abilities of
    the face-up cards of `frm`'s controller."""
    if frm < 0:
        return
    push(state, *dispatch(state, GameEvent("redirected", subject=frm, actor=attacker), "side",
                          battlefield(state, state.cards[frm].owner)))


def _resolve_ability(state: GameState, item: Item, index: int, ev: Events) -> None:
    ab = ability(state, item.actor, item.ability)
    if ab is LOST_ABILITY:          # a gained ability its card lost before it resolved
        emit(ev, "fizzled", uid=item.actor, target=item.target)
        return
    resolve = STACK_OPS.get(ab["effect"]["op"])
    emit(ev, "ability", uid=item.actor, ability=item.ability, target=item.target)
    if resolve is not None:
        resolve(state, item, ev)
    elif ab.get("pay_close"):             # the target was the creature that paid
        effect_on(state, ev, item.actor, item.ability, -1, paid(item.target, item.actor), True)
    else:
        effect_on(state, ev, item.actor, item.ability, item.target, None, True)


def _cancel_action(state: GameState, item: Item, ev: Events) -> None:
    for k in range(len(state.stack) - 1, -1, -1):
        if state.stack[k].actor == item.target and not state.stack[k].canceled:
            state.stack[k] = state.stack[k]._replace(canceled=True)
            break


def _block_attack(state: GameState, item: Item, ev: Events) -> None:
    """«Блокировать атаку»: it does nothing, but stays paid."""
    if item.target < len(state.stack):
        state.stack[item.target] = state.stack[item.target]._replace(canceled=True)
        emit(ev, "blocked", uid=item.actor, attacker=state.stack[item.target].actor,
             target=state.stack[item.target].target)


def _redirect_to_self(state: GameState, item: Item, ev: Events) -> None:
    """«Перенаправить в себя выстрел или метание со стоящей рядом карты»."""
    ks = [k for k in ranged_at_adjacent(state, item.actor) if state.stack[k].actor == item.target]
    if ks:
        k = ks[-1]
        frm = state.stack[k].target
        state.stack[k] = state.stack[k]._replace(target=item.actor, redirected=True)
        emit(ev, "redirected", uid=item.actor, to=item.actor)
        redirect_triggers(state, frm, state.stack[k].actor)


def _redirect_discharge(state: GameState, item: Item, ev: Events) -> None:
    """«Перенаправить разряд … в выбранное существо противника»."""
    k = discharge_at_own(state, item.owner)
    if k != -1 and state.cards[item.target].on_battlefield:
        frm = state.stack[k].target
        state.stack[k] = state.stack[k]._replace(target=item.target, redirected=True)
        emit(ev, "redirected", uid=item.actor, to=item.target)
        redirect_triggers(state, frm, state.stack[k].actor)


def _redirect_to_host(state: GameState, item: Item, ev: Events) -> None:
    host = state.cards[item.actor].host
    if item.target < len(state.stack) and host != -1:
        state.stack[item.target] = state.stack[item.target]._replace(target=host, redirected=True)
        emit(ev, "redirected", uid=item.actor, to=host)
        redirect_triggers(state, item.actor, state.stack[item.target].actor)


# The ops of the responses that act on the stack itself, each with its handler; every other op runs
# through `ops.run.run_effect` (`ops.table.OP_HANDLERS`).
STACK_OPS: dict[str, Callable[[GameState, Item, Events], None]] = {
    "cancel_action": _cancel_action,
    "block_attack": _block_attack,
    "redirect_to_self": _redirect_to_self,
    "redirect_discharge": _redirect_discharge,
    "redirect_to_host": _redirect_to_host,
}


# --- hit reduction ---------------------------------------------------------------------------------

@decision("reduce")
class ReduceDecision:
    """The player with the higher roll may take the previous row of the hit table."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [Choose(0), Choose(1)]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        attacker, fighter, diff, *ranged = state.pending.data
        level, counter = dice.reduced(diff) if action.option else dice.exchange(diff)
        emit(ev, "reduced" if action.option else "not_reduced", seat=state.pending.player, diff=diff)
        if ranged:          # a reflected shot or throw (`reflect_ranged`): kind and damage follow
            push(state, ("reflect_damage", attacker, ranged[0], tuple(ranged[1]), fighter, level, counter))
            return
        fight_result(state, attacker, fighter, level, counter, diff)


@decision("pick_roll")
class PickRollDecision:
    """Keep one of the two dice a creature rolled for its fight (`roll_twice`): option 0 the first, 1 the second."""

    @staticmethod
    def legal(state: GameState) -> list:
        return [Choose(0), Choose(1)]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        who, first, second = state.pending.data
        kept = second if action.option else first
        state.rolls = (*state.rolls[:-2], kept)
        emit(ev, "roll_picked", uid=who, seat=state.pending.player, value=kept)


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
    """After an attack that dealt no wounds, the other side may answer (e.g. Предвестник неудачи): the first
    opponent in turn order who can."""
    if dealt or not state.cards[attacker].on_battlefield:
        return
    for seat in state.seats.opponents(state.cards[attacker].owner):
        if instant_options(state, seat, ("enemy_attack_no_wounds",), attacker):
            ask(state, seat, "respond_special", attacker)
            return
