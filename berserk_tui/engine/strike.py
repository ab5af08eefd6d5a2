"""The simple strike: the cards a creature may strike, paying for it, the dice and the hit table (reduction,
upgrade)."""

from __future__ import annotations

from typing import NamedTuple

from . import dice
from .actions import Choose
from .attack_values import unanswerable_vs
from .attacking import count_attack, ignoring, redirect_next, self_block
from .cells import is_free
from .closing import close, stays_open_jobs
from .conditions import holds
from .core import Events, ask, decision, emit, push, task
from .death import doomed_now
from .dispatch import dispatch
from .events import GameEvent
from .geometry import NO_CELL
from .keywords import banned, has_static, kw, statics, strike_values
from .modifiers import add_modifier, drop_modifiers, has_modifier, modifier_value, modifier_values, modifiers_of
from .places import battlefield, is_creature, is_flyer, opposite, position
from .reach import edge_wrap_cell
from .rolls import fight_roll, fight_roll_bonus, modified_roll, strike_roll_bonus
from .state import GameState
from .targets import known_terrain, lured_to


def struck_enough(state: GameState, uid: int) -> bool:
    """A card with `open_attacker` stays open after its simple strike («после нападения не закрывается») but
    still attacks once a turn — twice with «может нападать простым ударом два раза за ход» (seed 004: a card
    that did not close attacks again only if something opens it)."""
    made = modifier_value(state, uid, "strikes_made")
    if not made:
        return False
    d = state.cdef(uid)
    stays = kw(state, uid, "open_attacker") > 0 or d is not None and (
        "strike_stays_open" in d.ability_types or "open_after_exchange" in d.ability_types)
    return stays and made >= (2 if kw(state, uid, "double_strike") else 1)


def sweep_left(state: GameState, uid: int) -> list[int]:
    """The enemy creatures next to `uid` on cells that it has not struck this turn (`sweep_strike`)."""
    swept = modifier_values(state, uid, "swept")
    pos = position(state, uid)
    return [] if pos == NO_CELL else [
        o for o in (state.grid[x] for x in state.geo.around[pos]) if o != -1 and o not in swept
        and state.seats.enemy(state.cards[o].owner, state.cards[uid].owner)
        and (state.cards[o].face_down or is_creature(state, o))]


def strike_cells(state: GameState, uid: int) -> list[int]:
    """Free cells carrying a cell marker named by its `strike_from_cell` abilities: it may declare simple
    strikes as if it stood there."""
    abs_ = statics(state, uid, "strike_from_cell")
    if not abs_:
        return []
    names = {f"cell_{ab['marker']}" for ab in abs_}
    return [v for k, v, e in modifiers_of(state, uid) if k in names and e >= state.turn and is_free(state, v)]


def strike_targets(state: GameState, uid: int) -> list[int]:
    """Cards `uid` may hit with a simple strike."""
    c = state.cards[uid]
    plain = not c.modifiers     # then it made no strike this turn, is not doomed and has no cell markers
    only = -1                   # «только по карте, стоящей напротив»
    if has_static(state, uid, "no_strike"):
        if any(not ab.get("except_opposite") for ab in statics(state, uid, "no_strike")):
            return []
        only = opposite(state, uid)
        if only == -1:
            return []
    if not plain and (struck_enough(state, uid) or banned(state, uid, "no_attack")):
        return []
    if not plain and modifier_values(state, uid, "swept"):      # «только подряд»: the rest of its sweep
        return sorted(sweep_left(state, uid))
    if not plain and has_modifier(state, uid, "first_struck"):      # its second strike: at another card
        return [t for t in _strike_targets(state, uid, plain, only)
                if t not in modifier_values(state, uid, "first_struck")]
    return _strike_targets(state, uid, plain, only)


def _strike_targets(state: GameState, uid: int, plain: bool, only: int) -> list[int]:
    """The cards `uid` may hit, before the bans of `strike_targets`; `only` ≥ 0: that card alone, if it may."""
    c = state.cards[uid]
    doomed = not plain and doomed_now(state, uid)       # it may strike its own creatures to escape its doom
    if c.zone == "extra" and is_flyer(state, uid):
        return lure_only(state, uid, [t.uid for t in state.cards if t.on_battlefield and t.uid != uid
                                      and not known_terrain(state, t)
                                      and (state.seats.enemy(t.owner, c.owner) or (doomed and t.owner == c.owner
                                                                      and is_creature(state, t.uid)))])
    out: list[int] = []
    aloft: list[int] = []       # the enemy cards in the extra zone
    pos = c.cell if c.zone == "board" else position(state, uid)
    near: set[int] = set()
    if pos != NO_CELL:
        around, occupant = state.geo.around, state.grid.__getitem__
        near.update(map(occupant, around[pos]))
        near.add(occupant(pos))
        for cell in () if plain else strike_cells(state, uid):     # «может объявлять простой удар как с этой клетки»
            near.update(map(occupant, around[cell]))
        wrap = edge_wrap_cell(state, uid)       # «с крайней клетки ряда по существу на противоположной»
        if wrap != NO_CELL:
            near.add(occupant(wrap))
        for ab in statics(state, uid, "strike_reach"):      # «может объявлять простой удар с дальностью 2»
            ranges = state.geo.ranges[pos]
            near.update(occupant(x) for x in range(state.geo.cells) if ranges[x] <= ab["range"])
        near.discard(-1)
    for t in state.cards:
        if t.zone == "extra":
            if state.seats.enemy(t.owner, c.owner):
                aloft.append(t.uid)
        elif ((t.zone == "board" and t.uid in near) or (t.zone == "seated" and t.host in near)) and t.uid != uid \
                and (state.seats.enemy(t.owner, c.owner)
                     or (doomed and t.owner == c.owner and is_creature(state, t.uid))):
            out.append(t.uid)
    if aloft and (c.anti_air_until >= state.turn or kw(state, uid, "hits_flyers")):
        out += [u for u in aloft if is_flyer(state, u)]
    return lure_only(state, uid, sorted(out) if only == -1 else [t for t in out if t == only])


def lure_only(state: GameState, uid: int, targets: list[int]) -> list[int]:
    """«Могут объявлять атаку только по …»: a `ranged_lure` binding simple strikes leaves only the lures."""
    lures = lured_to(state, uid, "strike") if targets else []
    return [t for t in targets if t in lures] if lures else targets


def break_streaks(state: GameState, actor: int) -> None:
    """«Только подряд» (`double_strike_vs` with `in_a_row`): once another card of its controller acts, a card
    waiting for its second simple strike of the turn closes (nothing else is paid or set off)."""
    for c in battlefield(state, state.active):
        if c.uid != actor and c.first_strike_turn == state.turn and not c.closed \
                and any(ab.get("in_a_row") for ab in statics(state, c.uid, "double_strike_vs")):
            c.closed, c.moves = True, 0


def pay_strike(state: GameState, uid: int, target: int) -> None:
    """Paying for a simple strike at `target`: the card closes, unless it may strike twice or stays open."""
    c = state.cards[uid]
    twice = [ab for ab in statics(state, uid, "double_strike_vs") if holds(state, target, ab.get("vs", {}))]
    if (kw(state, uid, "double_strike") or twice) and c.first_strike_turn != state.turn:
        c.first_strike_turn, c.moves = state.turn, 0    # the first of two strikes: it stays open
        if any(ab.get("other_target") for ab in twice):     # «по разным картам»
            add_modifier(state, uid, "first_struck", target)
    elif has_static(state, uid, "strike_stays_open") or kw(state, uid, "open_attacker"):
        c.moves = 0
    elif has_static(state, uid, "sweep_strike"):    # «на всех стоящих рядом существ противника, только подряд»
        add_modifier(state, uid, "swept", target)
        c.moves = 0
        if not sweep_left(state, uid):
            close(state, uid)
    else:
        close(state, uid)
    add_modifier(state, uid, "strikes_made")
    if not c.closed:                    # runs once the strike has resolved
        push(state, *stays_open_jobs(state, uid))


@task("strike")
def strike(state: GameState, ev: Events, attacker: int, target: int, defender: int, as_open: bool = False,
           unanswerable: bool = False, redirected: bool = False) -> None:
    """A simple strike; `as_open`: the target fights as if it were open («сразиться как с открытым»);
    `unanswerable`: this strike is unanswerable whatever the attacker's keywords (авангард); `redirected`: the
    opponent already chose whether to redirect it (`redirectable`)."""
    fighter = defender if defender != -1 else target
    a, f = state.cards[attacker], state.cards[fighter]
    if not a.on_battlefield or not f.on_battlefield or (not f.face_down and state.cdef(fighter).kind == "terrain"):
        emit(ev, "fizzled", uid=attacker, target=fighter)
        return
    if not redirected and redirect_next(state, attacker, fighter, ("strike", attacker, -1, -1, False, unanswerable)):
        return
    if state.cards[fighter].owner == a.owner and doomed_now(state, attacker):     # «если только не нападёт
        drop_modifiers(state, attacker, "doomed")                                # на своё существо в тот ход»
        emit(ev, "doom_lifted", uid=attacker)
    if f.face_down:
        push(state, ("reveal", fighter), ("strike", attacker, target, defender, as_open, unanswerable))
        return
    ignoring(state, attacker, fighter)
    if self_block(state, attacker, fighter, "strike", strike_values(state, attacker)[0], ev):
        return
    mark_defending(state, attacker, fighter, defender)
    fights = not unanswerable and strike_fights(state, attacker, fighter, defender != -1 or as_open)
    emit(ev, "strike", uid=attacker, target=fighter, defender=defender, fights=fights)
    count_attack(state, attacker)
    state.rolls = ()
    then = ("strike_defence_roll", attacker, fighter) if fights else ("strike_result", attacker, fighter, False)
    fight_roll(state, attacker, then)


def mark_defending(state: GameState, attacker: int, fighter: int, defender: int) -> None:
    """The card that fights a simple strike meets the condition `defending` (conditions.holds) only while it is the
    strike's defender."""
    drop_modifiers(state, fighter, "defending")
    if defender != -1:
        add_modifier(state, fighter, "defending", attacker)


def strike_fights(state: GameState, attacker: int, fighter: int, as_open: bool) -> bool:
    """Does the face-up `fighter` roll too (hit table) rather than the attacker rolling alone?
    `as_open`: it fights even if closed — a defender (closed when it was assigned, it reflects the
    strike instead of the target) or a target struck «как с открытым»."""
    return ((as_open or not state.cards[fighter].closed or has_static(state, fighter, "fights_closed"))
            and is_creature(state, fighter) and not kw(state, attacker, "unanswerable")
            and not unanswerable_vs(state, attacker, fighter)
            and not (state.cards[attacker].modifiers and has_modifier(state, attacker, "next_unanswerable")))


@task("strike_defence_roll")
def strike_defence_roll(state: GameState, ev: Events, attacker: int, fighter: int) -> None:
    fight_roll(state, fighter, ("strike_result", attacker, fighter, True))


@task("strike_result")
def strike_result(state: GameState, ev: Events, attacker: int, fighter: int, fights: bool) -> None:
    a_roll = modified_roll(state, attacker, state.rolls[0], strike_roll_bonus(state, attacker, fighter))
    emit(ev, "rolled", uid=attacker, raw=state.rolls[0], value=a_roll)
    push(state, *own_strikes_triggers(state, attacker, fighter, a_roll))    # run once the strike has resolved
    if not fights:
        state.rolls = ()
        push(state, ("strike_damage", attacker, fighter, dice.single(a_roll), dice.NONE))
        return
    d_roll = modified_roll(state, fighter, state.rolls[1], fight_roll_bonus(state, fighter))
    emit(ev, "rolled", uid=fighter, raw=state.rolls[1], value=d_roll)
    state.rolls = ()
    level, counter = dice.fight(a_roll, d_roll)
    if dice.is_exchange(a_roll, d_roll):
        chooser = state.cards[attacker if a_roll > d_roll else fighter].owner
        ask(state, chooser, ReduceDecision(attacker, fighter, a_roll - d_roll))
        return
    fight_result(state, attacker, fighter, level, counter, a_roll - d_roll)


def fight_result(state: GameState, attacker: int, fighter: int, level: int, counter: int, diff: int) -> None:
    """The result of a fight; an own «hit_upgrade» may first offer a better row (Орк-истязатель)."""
    if diff > 0 and (level, counter) in dice.UPGRADES and state.active == state.cards[attacker].owner \
            and upgrade_source(state, attacker) != -1:
        ask(state, state.cards[attacker].owner, UpgradeDecision(attacker, fighter, level, counter))
        return
    push(state, ("strike_damage", attacker, fighter, level, counter))


def own_strikes_triggers(state: GameState, attacker: int, fighter: int, roll: int) -> list[tuple]:
    """«Когда ваше существо … нападает простым ударом»: the abilities of the attacker's side hearing its
    simple strike, the attacker's modified roll known (target "attacked": the card that fights)."""
    struck = GameEvent("attacked", subject=fighter, actor=attacker, attack="strike", amount=roll)
    return dispatch(state, struck, "rolled", battlefield(state, state.cards[attacker].owner))


def upgrade_source(state: GameState, attacker: int) -> int:
    """An own face-up card whose «hit_upgrade» covers `attacker`, or -1."""
    for c in battlefield(state, state.cards[attacker].owner):
        for ab in statics(state, c.uid, "hit_upgrade"):
            if holds(state, attacker, ab.get("filter", {})):
                return c.uid
    return -1


@decision("reduce")
class ReduceDecision(NamedTuple):
    """The player with the higher roll may take the previous row of the hit table."""
    attacker: int
    fighter: int
    diff: int                        # the attacker's roll less the fighter's
    ranged: str | None = None        # the kind of a ranged attack reflected as a simple strike (`reflect_ranged`)
    damage: tuple[int, ...] = ()     # and its damage

    @staticmethod
    def legal(state: GameState) -> list:
        return [Choose(0), Choose(1)]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        d: ReduceDecision = state.pending.data
        level, counter = dice.reduced(d.diff) if action.option else dice.exchange(d.diff)
        emit(ev, "reduced" if action.option else "not_reduced", seat=state.pending.player, diff=d.diff)
        if d.ranged is not None:          # a reflected shot or throw
            push(state, ("reflect_damage", d.attacker, d.ranged, d.damage, d.fighter, level, counter))
            return
        fight_result(state, d.attacker, d.fighter, level, counter, d.diff)


@decision("upgrade")
class UpgradeDecision(NamedTuple):
    """Take the better row a «hit_upgrade» offers (weak–miss → medium–weak, medium–miss → strong–weak)."""
    attacker: int
    fighter: int
    level: int               # the row of the hit table: the attacker's hit
    counter: int             # and the fighter's

    @staticmethod
    def legal(state: GameState) -> list:
        return [Choose(1), Choose(0)]

    @staticmethod
    def apply(state: GameState, action: Choose, ev: Events) -> None:
        d: UpgradeDecision = state.pending.data
        level, counter = d.level, d.counter
        if action.option:
            level, counter = dice.UPGRADES[(level, counter)]
            emit(ev, "upgraded", seat=state.pending.player)
        push(state, ("strike_damage", d.attacker, d.fighter, level, counter))
