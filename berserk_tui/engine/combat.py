"""Strikes and attacks: dice, the hit table, wounds, death and victory."""

from __future__ import annotations

from cards.schema import ATTACK_KINDS, MAGIC_ATTACKS

from . import dice
from .board import NO_CELL
from .core import Events, ask, ask_roll, emit, push, task
from .query import (
    adjacent,
    attack_value,
    battlefield,
    blessed,
    buff,
    creatures,
    cursed,
    forced_level,
    holds,
    is_creature,
    is_flyer,
    kw,
    life_left,
    marked,
    position,
    protected,
    statics,
    strike_values,
    symbiont_of,
)
from .state import BATTLE_LONG, DRAW, GameState

# --- wounds and death -------------------------------------------------------------------------

def wound(state: GameState, target: int, amount: int, source: int, kind: str, ev: Events) -> int:
    """Give `target` wounds from `source`; armor, stamina and poison protection apply. Returns wounds."""
    c = state.cards[target]
    if amount <= 0 or not c.on_battlefield:
        return 0
    src_owner = state.cards[source].owner if source >= 0 else c.owner
    if kind == "effect" and src_owner != c.owner and kw(state, target, "stamina"):
        emit(ev, "prevented", uid=target, amount=amount, reason="stamina")
        return 0
    if kind == "poison" and kw(state, target, "prot_poison"):
        return 0
    if kind in ATTACK_KINDS and kw(state, target, "vulnerable"):
        amount += 1                    # уязвимость: an attack deals one wound more, before armor
    if kind in ATTACK_KINDS and kind not in MAGIC_ATTACKS:
        armor = kw(state, target, "armor") + buff(state, target, "extra_armor")
        if buff(state, target, "no_armor"):
            armor = 0
        if c.armor_turn != state.turn:
            c.armor_turn, c.armor_used = state.turn, 0
        blocked = min(max(0, armor - c.armor_used), amount)
        if blocked:
            c.armor_used += blocked
            amount -= blocked
            emit(ev, "prevented", uid=target, amount=blocked, reason="armor")
    if amount <= 0:
        return 0
    c.wounds += amount
    if concentration_grace(state, target):
        c.buffs += (("wound_grace", 1, state.turn),)
    else:
        c.wounded_turn = state.turn
    emit(ev, "wounded", uid=target, amount=amount, source=source, kind=kind, life=life_left(state, target))
    if kind in ATTACK_KINDS and source >= 0 and src_owner != c.owner and state.active != c.owner \
            and not c.face_down and c.card_id is not None:
        push(state, *[("trigger", target, i, ("attacker", source))
                      for i, ab in enumerate(state.db.cards[c.card_id].abilities)
                      if ab["type"] == "trigger" and ab["on"] == "wounded_by_enemy_attack"])
    return amount


def heal(state: GameState, uid: int, amount: int, ev: Events) -> int:
    c = state.cards[uid]
    if kw(state, uid, "incorporeal") or amount <= 0:
        return 0
    healed = min(c.wounds, amount)
    if healed:
        c.wounds -= healed
        emit(ev, "healed", uid=uid, amount=healed)
    return healed


@task("check_deaths")
def check_deaths(state: GameState, ev: Events) -> None:
    """Everything with no life left dies at once; victory is judged after all of them (a draw is possible)."""
    dead = [c.uid for c in state.cards if c.on_battlefield and not c.face_down
            and state.cdef(c.uid).kind != "terrain" and life_left(state, c.uid) <= 0]
    for uid in dead:
        kill(state, uid, ev, cause="wounds", judge=False)
    if dead:
        check_victory(state, ev)


def kill(state: GameState, uid: int, ev: Events, cause: str, judge: bool = True) -> None:
    """A card dies (гибель): to the graveyard, or into exile when the rules say so."""
    c = state.cards[uid]
    if not c.on_battlefield:
        return
    d = state.cdef(uid)
    cell = position(state, uid)
    regen = kw(state, uid, "regen")
    rider = symbiont_of(state, uid)
    if c.zone == "board":
        state.grid[c.cell] = -1
    exiled = kw(state, uid, "incorporeal") > 0 or c.incarnated
    p = state.players[c.owner]
    c.zone, c.cell, c.host, c.closed = ("exile" if exiled else "grave"), NO_CELL, -1, False
    c.reset_battle_state()
    c.inc_tokens = 0
    if exiled:
        p.exile += (uid,)
    else:
        p.grave += (uid,)
    emit(ev, "died", uid=uid, cause=cause, exiled=exiled)
    if rider != -1:
        kill(state, rider, ev, cause="host_died", judge=False)
    if d is not None and d.is_creature:
        _death_triggers(state, uid, cell, regen)
    if judge:
        check_victory(state, ev)


def _death_triggers(state: GameState, dead: int, cell: int, regen: int) -> None:
    owner = state.cards[dead].owner
    jobs = []
    for c in state.cards:
        if c.owner != owner or c.face_down or c.card_id is None:
            continue
        if not (c.on_battlefield or c.uid == dead):
            continue
        for i, ab in enumerate(state.db.cards[c.card_id].abilities):
            if ab["type"] == "trigger" and ab["on"] == "own_creature_dies":
                jobs.append(("trigger", c.uid, i, ("dead", dead, cell, regen)))
    push(state, *jobs)


@task("judge")
def judge(state: GameState, ev: Events) -> None:
    check_victory(state, ev)


def check_victory(state: GameState, ev: Events) -> None:
    if state.phase not in ("battle", "reveal") or state.winner != -1:
        return
    alive = [any(True for _ in creatures(state, s)) for s in (0, 1)]
    if all(alive):
        return
    state.winner = DRAW if not any(alive) else (0 if alive[0] else 1)
    state.phase = "over"
    emit(ev, "game_over", winner=state.winner)


# --- rolls ----------------------------------------------------------------------------------------

def roll_value(state: GameState, uid: int, raw: int, bonus: int) -> int:
    """Own modifiers first, then «set to value» last (e.g. Предвестник неудачи); changes nothing."""
    if state.cards[uid].next_roll:
        return state.cards[uid].next_roll
    return raw + bonus + (1 if blessed(state, uid) else 0) - (1 if cursed(state, uid) else 0)


def modified_roll(state: GameState, uid: int, raw: int, bonus: int) -> int:
    """`roll_value`, using up a «next roll» effect."""
    value = roll_value(state, uid, raw, bonus)
    state.cards[uid].next_roll = 0
    return value


def strike_roll_bonus(state: GameState, attacker: int) -> int:
    """The attacker's simple-strike die bonus: опыт в атаке − неповоротливость."""
    return kw(state, attacker, "ova") - kw(state, attacker, "clumsy")


def fight_roll_bonus(state: GameState, fighter: int) -> int:
    """The die bonus of the card that fights back: опыт в защите."""
    return kw(state, fighter, "ovz")


# --- simple strike ------------------------------------------------------------------------------

@task("strike")
def strike(state: GameState, ev: Events, attacker: int, target: int, defender: int, as_open: bool = False,
           unanswerable: bool = False) -> None:
    """A simple strike; `as_open`: the target fights as if it were open («сразиться как с открытым»);
    `unanswerable`: this strike is unanswerable whatever the attacker's keywords (авангард)."""
    fighter = defender if defender != -1 else target
    a, f = state.cards[attacker], state.cards[fighter]
    if not a.on_battlefield or not f.on_battlefield or (not f.face_down and state.cdef(fighter).kind == "terrain"):
        emit(ev, "fizzled", uid=attacker, target=fighter)
        return
    if f.face_down:
        push(state, ("reveal", fighter), ("strike", attacker, target, defender, as_open, unanswerable))
        return
    fights = not unanswerable and strike_fights(state, attacker, fighter, defender != -1 or as_open)
    emit(ev, "strike", uid=attacker, target=fighter, defender=defender, fights=fights)
    state.rolls = ()
    then = ("strike_defence_roll", attacker, fighter) if fights else ("strike_result", attacker, fighter, False)
    ask_roll(state, attacker, then)


def strike_fights(state: GameState, attacker: int, fighter: int, as_open: bool) -> bool:
    """Does the face-up `fighter` roll too (hit table) rather than the attacker rolling alone?
    `as_open`: it fights even if closed — a defender (closed when it was assigned, it reflects the
    strike instead of the target) or a target struck «как с открытым»."""
    return ((as_open or not state.cards[fighter].closed) and state.cdef(fighter).is_creature
            and not kw(state, attacker, "unanswerable"))


@task("strike_defence_roll")
def strike_defence_roll(state: GameState, ev: Events, attacker: int, fighter: int) -> None:
    ask_roll(state, fighter, ("strike_result", attacker, fighter, True))


@task("strike_result")
def strike_result(state: GameState, ev: Events, attacker: int, fighter: int, fights: bool) -> None:
    a_roll = modified_roll(state, attacker, state.rolls[0], strike_roll_bonus(state, attacker))
    emit(ev, "rolled", uid=attacker, raw=state.rolls[0], value=a_roll)
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
        ask(state, chooser, "reduce", attacker, fighter, a_roll - d_roll)
        return
    fight_result(state, attacker, fighter, level, counter, a_roll - d_roll)


def fight_result(state: GameState, attacker: int, fighter: int, level: int, counter: int, diff: int) -> None:
    """The result of a fight; an own «hit_upgrade» may first offer a better row (Орк-истязатель)."""
    if diff > 0 and (level, counter) in dice.UPGRADES and state.active == state.cards[attacker].owner \
            and upgrade_source(state, attacker) != -1:
        ask(state, state.cards[attacker].owner, "upgrade", attacker, fighter, level, counter)
        return
    push(state, ("strike_damage", attacker, fighter, level, counter))


def upgrade_source(state: GameState, attacker: int) -> int:
    """An own face-up card whose «hit_upgrade» covers `attacker`, or -1."""
    for c in battlefield(state, state.cards[attacker].owner):
        for ab in statics(state, c.uid, "hit_upgrade"):
            if holds(state, attacker, ab.get("filter", {})):
                return c.uid
    return -1


@task("strike_damage")
def strike_damage(state: GameState, ev: Events, attacker: int, fighter: int, level: int, counter: int) -> None:
    level, counter = forced_levels(state, attacker, fighter, level, counter)
    emit(ev, "hit", uid=attacker, target=fighter, level=dice.LEVEL_NAMES[level],
         counter=dice.LEVEL_NAMES[counter])
    dealt = 0
    hit_lands = level and not protected(state, fighter, "strike", attacker)
    if hit_lands:
        dealt = wound(state, fighter, strike_wounds(state, attacker, fighter, level), attacker, "strike", ev)
    jobs: list[tuple] = []
    if counter:
        taken = wound(state, attacker, strike_wounds(state, fighter, attacker, counter, True), fighter, "strike", ev)
        jobs += counter_wound_triggers(state, attacker, taken) + counter_struck_triggers(state, attacker)
    jobs.append(("check_deaths",))
    if hit_lands:
        jobs += level_triggers(state, attacker, fighter, "strike", level)
    if is_flyer(state, attacker):
        jobs += flyer_strike_triggers(state, attacker, fighter)
    if is_flyer(state, fighter) and not is_flyer(state, attacker) and state.cards[attacker].anti_air_until >= 0:
        state.cards[attacker].anti_air_until = -1
    escalate(state, attacker, fighter, level)
    jobs += [("no_wounds_window", attacker, dealt), ("dash", attacker, fighter, position(state, fighter))]
    push(state, *jobs)


def escalate(state: GameState, attacker: int, fighter: int, level: int) -> None:
    """«Strike_escalation»: each simple strike at the same card adds +1 against it (up to `max`);
    a miss or a strike at another card starts over. Kept as the buffs ("mark", card) and
    ("strike_vs_mark", X) for the rest of the battle."""
    for ab in statics(state, attacker, "strike_escalation"):
        c = state.cards[attacker]
        now = buff(state, attacker, "strike_vs_mark") if marked(state, attacker, fighter) else 0
        now = min(ab["max"], now + 1) if level else 0
        c.buffs = tuple(b for b in c.buffs if b[0] not in ("mark", "strike_vs_mark")) + \
            (("mark", fighter, BATTLE_LONG), ("strike_vs_mark", now, BATTLE_LONG))


def counter_wound_triggers(state: GameState, wounded: int, taken: int) -> list[tuple]:
    """«Когда ваше стоящее рядом существо получает раны от ответного удара»: before deaths are checked."""
    if not taken:
        return []
    jobs = []
    for c in battlefield(state, state.cards[wounded].owner):
        if c.face_down or not adjacent(state, c.uid, wounded):
            continue
        for i, ab in enumerate(state.db.cards[c.card_id].abilities):
            if ab["type"] == "trigger" and ab["on"] == "adjacent_own_counter_wounded":
                jobs.append(("trigger", c.uid, i, ("wounded", wounded, taken)))
    return jobs


def counter_struck_triggers(state: GameState, struck: int) -> list[tuple]:
    """«Когда ваше существо получает ответный удар»: abilities of the struck creature's side."""
    return [("trigger", c.uid, i, ("struck", struck))
            for c in battlefield(state, state.cards[struck].owner) if not c.face_down
            for i, ab in enumerate(state.db.cards[c.card_id].abilities)
            if ab["type"] == "trigger" and ab["on"] == "own_counter_struck"]


def flyer_strike_triggers(state: GameState, flyer: int, target: int) -> list[tuple]:
    """«При простом ударе вашего летающего существа»: abilities of the flyer's side, aimed at its target."""
    return [("trigger", c.uid, i, ("attacked", target))
            for c in battlefield(state, state.cards[flyer].owner) if not c.face_down
            for i, ab in enumerate(state.db.cards[c.card_id].abilities)
            if ab["type"] == "trigger" and ab["on"] == "own_flyer_strike"]


def forced_levels(state: GameState, attacker: int, fighter: int, level: int, counter: int) -> tuple[int, int]:
    """Hit and counter levels after «strikes are strong» abilities; a miss stays a miss."""
    if level and forced_level(state, attacker, fighter) == "strong":
        level = dice.STRONG
    if counter and forced_level(state, fighter, attacker) == "strong":   # a counter is a simple strike too
        counter = dice.STRONG
    return level, counter


def strike_wounds(state: GameState, striker: int, struck: int, level: int, counter: bool = False) -> int:
    """Wounds of a simple strike (or counter) of `level` before armor: strike value, bonuses, reductions
    («−X от ответных ударов» for a counter)."""
    value = attack_value(state, striker, struck, "strike", level, strike_values(state, striker)[level - 1])
    if counter:
        value -= sum(ab["amount"] for ab in statics(state, struck, "counter_reduction"))
    return max(0, value)


def level_triggers(state: GameState, attacker: int, target: int, kind: str, level: int) -> list[tuple]:
    name = dice.LEVEL_NAMES[level]
    d = state.cdef(attacker)
    jobs = []
    for i, ab in enumerate(d.abilities if d else ()):
        if ab["type"] == "trigger" and ab["on"] == "attack_level" and ab["attack"] == kind \
                and name in ab["levels"] and holds(state, target, ab.get("vs", {})):
            jobs.append(("trigger", attacker, i, ("attacked", target)))
    return jobs


# --- attacks by abilities (X-Y-Z, rolled alone) ---------------------------------------------------

@task("attack")
def attack(state: GameState, ev: Events, attacker: int, kind: str, damage: tuple, target: int) -> None:
    t = state.cards[target]
    if not state.cards[attacker].on_battlefield or not t.on_battlefield or \
            (not t.face_down and state.cdef(target).kind == "terrain"):
        emit(ev, "fizzled", uid=attacker, target=target)
        return
    if t.face_down:
        push(state, ("reveal", target), ("attack", attacker, kind, damage, target))
        return
    emit(ev, "attack", uid=attacker, target=target, kind=kind)
    blocker = ranged_blocker(state, attacker, kind, target)
    if blocker != -1:
        emit(ev, "blocked", uid=blocker, attacker=attacker, target=target)
        return
    state.rolls = ()
    ask_roll(state, attacker, ("attack_result", attacker, kind, damage, target))


def concentration_grace(state: GameState, uid: int) -> bool:
    """Is this wounding of `uid` its first of an opponent's turn and forgiven to its concentration by an
    own `concentration_grace` card («не препятствует срабатыванию концентрации»)?"""
    c = state.cards[uid]
    if state.active == c.owner or c.wounded_turn == state.turn or not is_creature(state, uid) \
            or any(k == "wound_grace" and until == state.turn for k, _, until in c.buffs):
        return False
    return any(True for o in battlefield(state, c.owner) for _ in statics(state, o.uid, "concentration_grace"))


def ranged_blocker(state: GameState, attacker: int, kind: str, target: int) -> int:
    """Count a shot or throw of the active player at the opponent's card for that opponent's
    `block_ranged` cards; the card for which it is the `nth` of the turn blocks it (else -1)."""
    owner = state.cards[target].owner
    if kind not in ("shot", "throw") or state.active == owner or state.cards[attacker].owner == owner:
        return -1
    blocker = -1
    for c in battlefield(state, owner):
        d = state.cdef(c.uid)
        if d is None or c.face_down:
            continue
        for i, ab in enumerate(d.abilities):
            if ab["type"] == "block_ranged":
                c.used += ((i, state.turn),)
                if c.used.count((i, state.turn)) == ab["nth"] and blocker == -1:
                    blocker = c.uid
    return blocker


@task("attack_result")
def attack_result(state: GameState, ev: Events, attacker: int, kind: str, damage: tuple, target: int) -> None:
    bonus = kw(state, attacker, "ovs") if kind == "shot" else 0
    roll = modified_roll(state, attacker, state.rolls[0], bonus)
    emit(ev, "rolled", uid=attacker, raw=state.rolls[0], value=roll)
    state.rolls = ()
    level = dice.single(roll)
    next_bonus = use_next_bonus(state, attacker, kind)
    dealt = 0
    if protected(state, target, kind, attacker):
        emit(ev, "protected", uid=target, kind=kind)
        jobs: list[tuple] = []
    else:
        value = attack_value(state, attacker, target, kind, level, damage[level - 1]) + next_bonus
        emit(ev, "hit", uid=attacker, target=target, level=dice.LEVEL_NAMES[level], counter="none")
        dealt = wound(state, target, value, attacker, kind, ev)
        jobs = [("check_deaths",), *level_triggers(state, attacker, target, kind, level)]
    jobs += [("no_wounds_window", attacker, dealt), ("dash", attacker, target, position(state, target))]
    push(state, *jobs)


def use_next_bonus(state: GameState, uid: int, kind: str) -> int:
    """«+X к следующему выстрелу»: the `next_<kind>` bonuses of `uid`, used up by this attack."""
    c = state.cards[uid]
    key = f"next_{kind}"
    bonus = sum(v for k, v, _ in c.buffs if k == key)
    if bonus:
        c.buffs = tuple(b for b in c.buffs if b[0] != key)
    return bonus
