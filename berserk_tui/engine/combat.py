"""Strikes and attacks: dice, the hit table, wounds, death and victory."""

from __future__ import annotations

from typing import NamedTuple

from cards.schema import ATTACK_KINDS, MAGIC_ATTACKS, expand_attacks

from . import dice
from .actions import Skip, Target
from .attack_values import attack_value, capped, forced_level, marked, protected
from .conditions import holds
from .core import Events, ask, ask_roll, decision, emit, push, task
from .dispatch import dispatch, judge_before, listens
from .events import GameEvent, spot
from .geometry import NO_CELL
from .keywords import armor_left, blessed, cursed, kw, life_left, max_life, statics, strike_values
from .modifiers import (
    BATTLE_LONG,
    add_modifier,
    drop_modifiers,
    has_modifier,
    kept_in_grave,
    modifier_entries,
    modifier_value,
    modifier_values,
    replace_modifier,
)
from .places import (
    adjacent,
    battlefield,
    creatures,
    equipment_of,
    foes,
    is_artifact,
    is_creature,
    is_flyer,
    kind_of,
    position,
    symbiont_of,
)
from .reach import rescue_hosts, rescuer
from .state import GameState

# --- wounds and death -------------------------------------------------------------------------

class Wounding(NamedTuple):
    """What wounds do to a card: how many land, how many are prevented, and why."""
    landed: int
    prevented: int
    reason: str        # of `prevented`: "armor", "stamina", "prot_poison", "protection" (a protected hit); or ""


NO_WOUNDS = Wounding(0, 0, "")
ARMORED = frozenset(ATTACK_KINDS) - MAGIC_ATTACKS     # the attacks armor stops


def wounding(state: GameState, target: int, amount: int, source: int, kind: str) -> Wounding:
    """How `amount` wounds of `kind` from `source` would fall on `target` now: stamina and poison protection
    stop them all, vulnerability adds one to an attack, armor stops what it still can this turn.
    Changes nothing; `wound` deals exactly this."""
    c = state.cards[target]
    if amount <= 0 or not c.on_battlefield:
        return NO_WOUNDS
    src_owner = state.cards[source].owner if source >= 0 else c.owner
    if kind == "effect" and src_owner != c.owner and kw(state, target, "stamina"):
        return Wounding(0, amount, "stamina")
    if kind == "poison" and kw(state, target, "prot_poison"):
        return Wounding(0, amount, "prot_poison")
    if kind in ATTACK_KINDS and kw(state, target, "vulnerable"):
        amount += 1                    # уязвимость: an attack deals one wound more, before armor
    blocked = min(max(0, armor_left(state, target)), amount) if kind in ARMORED else 0
    return Wounding(amount - blocked, blocked, "armor" if blocked else "")


def wound(state: GameState, target: int, amount: int, source: int, kind: str, ev: Events) -> int:
    """Give `target` wounds from `source`; armor, stamina and poison protection apply. Returns wounds."""
    return inflict(state, target, amount, source, kind, ev).landed


def inflict(state: GameState, target: int, amount: int, source: int, kind: str, ev: Events) -> Wounding:
    """`wound`, returning the whole `Wounding`: the wounds of `wounding` are dealt, armor's share used up."""
    w = wounding(state, target, amount, source, kind)
    c = state.cards[target]
    if w.reason == "stamina":
        emit(ev, "prevented", uid=target, amount=w.prevented, reason="stamina")
    if kind in ARMORED and (w.landed or w.prevented):
        if c.armor_turn != state.turn:
            c.armor_turn, c.armor_used = state.turn, 0
        if w.prevented:
            c.armor_used += w.prevented
            emit(ev, "prevented", uid=target, amount=w.prevented, reason="armor")
    if not w.landed:
        return w
    amount = w.landed
    src_owner = state.cards[source].owner if source >= 0 else c.owner
    c.wounds += amount
    c.last_hit = (source, kind)
    add_modifier(state, target, "wounds_taken", amount)      # «получил менее N ран в этот ход»
    if concentration_grace(state, target):
        add_modifier(state, target, "wound_grace")
    else:
        c.wounded_turn = state.turn
    emit(ev, "wounded", uid=target, amount=amount, source=source, kind=kind, life=life_left(state, target))
    if source < 0 or src_owner == c.owner or c.face_down:
        return w
    wounded = GameEvent("wounded", subject=target, actor=source, attack=kind, amount=amount)
    if kind in ATTACK_KINDS and state.active != c.owner:      # «от атаки карты противника в ход противника»
        push(state, *dispatch(state, wounded, "self", [c]))
    if kind in ("shot", "throw", "discharge", "through_row"):   # «получает X ран от дальней атаки …»: its side
        push(state, *dispatch(state, wounded, "ranged", battlefield(state, c.owner)))
    return w


def heal(state: GameState, uid: int, amount: int, ev: Events, replaceable: bool = False) -> int:
    """Heal `uid` by `amount`; a `replaceable` heal of a card with «вместо излечения» (`would_heal`) waits
    for its owner's choice instead (returns 0)."""
    c = state.cards[uid]
    if kw(state, uid, "incorporeal") or amount <= 0 or is_artifact(state, uid):   # seed 004: never healed
        return 0
    if modifier_value(state, uid, "no_heal"):         # «незаживающие раны»
        return 0
    instead = dispatch(state, GameEvent("healed", subject=uid, amount=amount), "self", [c]) if replaceable else []
    if instead:
        push(state, instead[0])
        return 0
    amount += _heal_bonus(state, uid) if c.wounds else 0
    healed = min(c.wounds, amount)
    if healed:
        c.wounds -= healed
        emit(ev, "healed", uid=uid, amount=healed)
    return healed


def _heal_bonus(state: GameState, uid: int) -> int:
    """«Излечивается на X+1 вместо X» (`heal_bonus` of an own card), once per turn for each creature."""
    c = state.cards[uid]
    if has_modifier(state, uid, "heal_bonus_used", state.turn):
        return 0
    bonus = max((ab["amount"] for o in battlefield(state, c.owner) for ab in statics(state, o.uid, "heal_bonus")),
                default=0)
    if bonus:
        add_modifier(state, uid, "heal_bonus_used")
    return bonus


@task("check_deaths")
def check_deaths(state: GameState, ev: Events) -> None:
    """Everything with no life left dies at once; victory is judged after all of them (a draw is possible)."""
    dead = [c.uid for c in state.cards if c.on_battlefield and not c.face_down
            and state.cdef(c.uid).kind != "terrain" and life_left(state, c.uid) <= 0]
    for uid in dead:
        kill(state, uid, ev, cause="wounds", judge=False)
    if dead:
        check_victory(state, ev)


def kill(state: GameState, uid: int, ev: Events, cause: str, judge: bool = True, banish: bool = False) -> None:
    """A card dies (гибель): to the graveyard, or into exile when the rules say so. `banish`: it is
    exiled without dying (изгнание: no «при гибели» abilities)."""
    c = state.cards[uid]
    if not c.on_battlefield:
        return
    d = state.cdef(uid)
    creature = d is not None and is_creature(state, uid)     # before its battle state (an animation) is reset
    cell = position(state, uid)
    regen = kw(state, uid, "regen")
    hit = c.last_hit if cause == "wounds" else (-1, "")
    rider = symbiont_of(state, uid)
    release = rider != -1 and cell != NO_CELL and kind_of(state, rider) == "creature" \
        and any(True for _ in statics(state, uid, "release_rider"))
    eater = -1 if banish else necrophage(state, uid, cell, hit)
    before = judge_before(state, uid) if creature and not banish else frozenset()
    if c.zone == "board" and state.grid[c.cell] == uid:
        if creature and not banish:
            mark_rot(state, uid, c.cell, ev)
        state.grid[c.cell] = -1
    exiled = banish or kw(state, uid, "incorporeal") > 0 or c.incarnated or eater != -1
    p = state.players[c.owner]
    slain = modifier_values(state, uid, "slew")     # cards it destroyed that wait for its death
    extra = c.extra_life
    c.zone, c.cell, c.host, c.closed = ("exile" if exiled else "grave"), NO_CELL, -1, False
    kept = () if exiled else kept_in_grave(c)   # op gain, keep_in_grave
    c.reset_battle_state()
    c.modifiers += kept
    if not exiled and hit[0] >= 0 and hit[1] in ATTACK_KINDS and state.cards[hit[0]].owner != c.owner:
        add_modifier(state, uid, "valhalla")     # «попала туда при гибели от атаки карты противника»
    c.inc_tokens = 0
    if exiled:
        p.exile += (uid,)
    else:
        p.grave += (uid,)
    emit(ev, "died", uid=uid, cause=cause, exiled=exiled, at={"uid": cell} if cell != NO_CELL else {})
    if eater != -1:                       # трупоедство: «при этом полностью излечиться и потерять отравление»
        emit(ev, "devoured", uid=eater, dead=uid)
        push(state, *dispatch(state, GameEvent("died", subject=uid, actor=eater, cause="devoured"), "devoured",
                              battlefield(state, state.cards[eater].owner)))
        heal(state, eater, state.cards[eater].wounds, ev)
        state.cards[eater].poison = 0
    saver = rescuer(state, rider) if rider != -1 and not banish else -1
    if saver != -1 and rescue_hosts(state, rider, c.owner, uid):
        push(state, ("rescue", rider, saver, c.owner, uid))     # «вместо этого поместить его на другое существо»
    elif release:                         # a creature made its parasite stands up on the host's cell instead
        r = state.cards[rider]
        r.zone, r.cell, r.host = "board", cell, -1
        state.grid[cell] = rider
        emit(ev, "released", uid=rider, cell=cell)
    elif rider != -1:
        kill(state, rider, ev, cause="host_died", judge=False)
    drop_equipment(state, uid, ev)
    died = GameEvent("died", subject=uid, actor=hit[0] if hit[0] >= 0 else None, cell=spot(cell),
                     attack=hit[1] or None, regen=regen, lives=extra, cause=cause)
    if not creature and not banish:    # an artifact's own «при гибели»; a creature's death is another's
        push(state, *dispatch(state, died, "own_death", [c]))
    if creature and not banish:
        _death_triggers(state, died, before)
        _kill_triggers(state, died, before)
        _mark_slayer(state, uid, hit[0])
        push(state, *dispatch(state, died, "slayer", (state.cards[s] for s in slain)))   # the cards it destroyed
    if judge:
        check_victory(state, ev)


def acid_jobs(state: GameState, uid: int) -> list[tuple]:
    """«Кислотные пары»: a creature closing next to a card with that marker (modifier ("acid_fumes", source))
    takes 1 wound from the marker's source, once per marked card."""
    if not is_creature(state, uid):
        return []
    jobs: list[tuple] = [("effect_wound", src, uid, 1, "effect") for o in battlefield(state)
                         if adjacent(state, o.uid, uid)
                         for src in modifier_values(state, o.uid, "acid_fumes", state.turn)]
    return [*jobs, ("check_deaths",)] if jobs else []


def necrophage(state: GameState, dead: int, cell: int, hit: tuple[int, str]) -> int:
    """Трупоедство: the card with necrophagy whose wounds killed `dead` — a non-incorporeal enemy creature that
    stood next to it or was killed by its melee attack (simple, special or magic strike) — or -1."""
    src, kind = hit
    if src < 0 or not state.cards[src].on_battlefield or not kw(state, src, "necrophagy") \
            or state.cards[src].owner == state.cards[dead].owner or not is_creature(state, dead) \
            or kw(state, dead, "incorporeal"):
        return -1
    pos = position(state, src)
    near = cell != NO_CELL and pos != NO_CELL and state.geo.distances[cell][pos] <= 1
    return src if near or kind in ("strike", "special_strike", "magic_strike") else -1


def mark_rot(state: GameState, dead: int, cell: int, ev: Events) -> None:
    """«При гибели существа с проклятием освободившаяся клетка получает маркер "гнили"»: each face-up
    `rot_marker` card whose `dying` condition the dying creature meets keeps ("rot", cell) as a modifier."""
    for o in battlefield(state):
        if o.uid != dead and any(holds(state, dead, ab.get("dying", {})) for ab in statics(state, o.uid, "rot_marker")):
            add_modifier(state, o.uid, "rot", cell)
            emit(ev, "rot", uid=o.uid, cell=cell)


def drop_equipment(state: GameState, host: int, ev: Events) -> None:
    """Seed 004: an equipment is destroyed when its host leaves the battlefield or becomes incorporeal or
    a flyer; it goes to its owner's graveyard (it has no «при гибели» of its own to set off)."""
    for e in equipment_of(state, host):
        e.zone, e.host = "grave", -1
        state.players[e.owner].grave += (e.uid,)
        emit(ev, "died", uid=e.uid, cause="host_died", exiled=False)


def _death_triggers(state: GameState, died: GameEvent, before: frozenset[tuple[int, int]]) -> None:
    """«При гибели» abilities of the dead creature's side and of itself; the event carries the source and kind
    of the wounds that killed and the extra lives it had. `vs` conditions on the dead creature were judged
    before it died (`before`)."""
    dead = died.subject
    owner = state.cards[dead].owner
    push(state, *dispatch(state, died, "death", (c for c in state.cards if c.owner == owner
                                                 and (c.on_battlefield or c.uid == dead)), before))


def _mark_slayer(state: GameState, dead: int, killer: int) -> None:
    """A creature with «при гибели существа противника, уничтожившего эту карту» abilities died of wounds from
    an attack of an enemy creature that survives it: the killer is marked (modifier ("slew", dead)) until the end
    of the battle."""
    if killer < 0 or state.cards[dead].card_id is None or not listens(state, dead, "died", "slayer"):
        return
    k = state.cards[killer]
    if k.owner != state.cards[dead].owner and k.on_battlefield and is_creature(state, killer) \
            and life_left(state, killer) > 0:
        add_modifier(state, killer, "slew", dead)


def _kill_triggers(state: GameState, died: GameEvent, before: frozenset[tuple[int, int]]) -> None:
    """«Когда (ваше существо) уничтожает существо противника»: the dead creature died of wounds from an attack
    of an enemy creature; the abilities of that creature (`by = "self"`) and of its side work (target
    "killer")."""
    killer = died.actor
    if killer is None or state.cards[killer].owner == state.cards[died.subject].owner \
            or not is_creature(state, killer):
        return
    push(state, *dispatch(state, died, "kill", battlefield(state, state.cards[killer].owner), before))


@task("judge")
def judge(state: GameState, ev: Events) -> None:
    check_victory(state, ev)


def check_victory(state: GameState, ev: Events) -> None:
    if state.phase not in ("battle", "reveal") or state.winner != -1:
        return
    winner = state.seats.outcome([any(True for _ in creatures(state, s)) for s in range(state.seats.count)])
    if winner == -1:
        return
    state.winner = winner
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
    if redirect_next(state, attacker, fighter, ("strike", attacker, -1, -1, False, unanswerable)):
        return
    if state.cards[fighter].owner == a.owner and doomed_now(state, attacker):     # «если только не нападёт
        drop_modifiers(state, attacker, "doomed")                                # на своё существо в тот ход»
        emit(ev, "doom_lifted", uid=attacker)
    if f.face_down:
        push(state, ("reveal", fighter), ("strike", attacker, target, defender, as_open, unanswerable))
        return
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


MELEE_KINDS = expand_attacks(["melee"])


def doomed_now(state: GameState, uid: int) -> bool:
    """Does `uid` die at the end of this turn (op `doom`: modifier ("doomed", source, turn))? Then it may strike
    its own creatures (to escape it)."""
    return has_modifier(state, uid, "doomed", state.turn)


@task("doom_deaths")
def doom_deaths(state: GameState, ev: Events) -> None:
    """«Погибает в конце своего следующего хода»: the creatures whose doom falls due this turn die."""
    due = [c.uid for c in state.cards if c.on_battlefield and doomed_now(state, c.uid)]
    for uid in due:
        kill(state, uid, ev, cause="doom", judge=False)
    if due:
        check_victory(state, ev)


def redirect_next(state: GameState, attacker: int, struck: int, job: tuple) -> bool:
    """«Может перенаправить следующий его ближний удар с карты в стоящее рядом с ней ваше существо» (op
    `redirect_next_melee`, modifier ("redirect_next", source)): the attacker's next melee attack uses the mark up;
    the source's controller may send it at an own creature next to the card it strikes (`job` is the attack
    with -1 for its new target). True when he is asked."""
    src = next(iter(modifier_values(state, attacker, "redirect_next")), -1)
    if src == -1:
        return False
    drop_modifiers(state, attacker, "redirect_next")
    if not redirect_options(state, src, struck):
        return False
    ask(state, state.cards[src].owner, "redirect_next", src, struck, job)
    return True


def redirect_options(state: GameState, src: int, struck: int) -> list[int]:
    """Face-up ground creatures of `src`'s controller next to `struck` (diagonals included), while `src` is
    face up on the battlefield."""
    s = state.cards[src]
    if not s.on_battlefield or s.face_down:
        return []
    return [o.uid for o in battlefield(state, s.owner) if o.zone == "board" and not o.face_down
            and is_creature(state, o.uid) and adjacent(state, o.uid, struck)]


@decision("redirect_next")
class RedirectNextDecision:
    """Send the marked creature's melee attack at another own creature next to the card it strikes, or not."""

    @staticmethod
    def legal(state: GameState) -> list:
        src, struck, _ = state.pending.data
        return [*(Target(u) for u in redirect_options(state, src, struck)), Skip()]

    @staticmethod
    def apply(state: GameState, action: Target | Skip, ev: Events) -> None:
        src, struck, job = state.pending.data
        new = struck
        if isinstance(action, Target):
            new = action.uid
            emit(ev, "redirected", uid=src, to=new)
        if job[0] == "strike":
            push(state, ("strike", job[1], new, -1, job[4], job[5]))
        else:
            push(state, ("attack", *job[1:4], new))


def self_block(state: GameState, attacker: int, target: int, kind: str, weak: int, ev: Events) -> bool:
    """«Блокирует первую атаку карты противника по себе в ход противника» (`block_first_attack`): the attack
    is blocked (nothing of it works) and the card's `blocks_attack` abilities follow, with X = the attack's
    weak value against it (a blocked attack is never rolled)."""
    t = state.cards[target]
    if blocks_by_rule(state, attacker, target, kind):
        emit(ev, "blocked", uid=target, attacker=attacker, target=target)
        return True
    if state.active == t.owner or state.cards[attacker].owner == t.owner \
            or not any(True for _ in statics(state, target, "block_first_attack")) \
            or has_modifier(state, target, "blocked_first", state.turn):
        return False
    add_modifier(state, target, "blocked_first")
    emit(ev, "blocked", uid=target, attacker=attacker, target=target)
    x = attack_value(state, attacker, target, kind, 1, weak)
    blocked = GameEvent("defended", subject=target, actor=attacker, amount=x, cause="blocked")
    push(state, *dispatch(state, blocked, "blocker", [t]))
    return True


def blocks_by_rule(state: GameState, attacker: int, target: int, kind: str) -> bool:
    """«Блокирует по себе немагические атаки карт с большим количеством текущих жизней»: `block_attacks`
    statics of the target: attacks of `attacks` by cards matching `from` (and, with `more_life`, having
    more lives left than the target) are blocked."""
    return any(kind in expand_attacks(ab["attacks"]) and holds(state, attacker, ab.get("from", {}))
               and (not ab.get("more_life") or life_left(state, attacker) > life_left(state, target))
               for ab in statics(state, target, "block_attacks"))


def strike_fights(state: GameState, attacker: int, fighter: int, as_open: bool) -> bool:
    """Does the face-up `fighter` roll too (hit table) rather than the attacker rolling alone?
    `as_open`: it fights even if closed — a defender (closed when it was assigned, it reflects the
    strike instead of the target) or a target struck «как с открытым»."""
    return ((as_open or not state.cards[fighter].closed) and is_creature(state, fighter)
            and not kw(state, attacker, "unanswerable"))


@task("strike_defence_roll")
def strike_defence_roll(state: GameState, ev: Events, attacker: int, fighter: int) -> None:
    fight_roll(state, fighter, ("strike_result", attacker, fighter, True))


def fight_roll(state: GameState, who: int, then: tuple) -> None:
    """The die of a creature fighting with a simple strike. «Бросает кубик два раза, а вы выбираете один из
    результатов» (modifier ("roll_twice", seat)): it rolls twice and that seat keeps one result."""
    seat = next(iter(modifier_values(state, who, "roll_twice", state.turn)), -1)
    if seat == -1:
        ask_roll(state, who, then)
        return
    drop_modifiers(state, who, "roll_twice")
    push(state, then)
    ask_roll(state, who, ("roll_again", who, seat))


@task("roll_again")
def roll_again(state: GameState, ev: Events, who: int, seat: int) -> None:
    ask_roll(state, who, ("pick_roll", who, seat))


@task("pick_roll")
def pick_roll(state: GameState, ev: Events, who: int, seat: int) -> None:
    ask(state, seat, "pick_roll", who, state.rolls[-2], state.rolls[-1])


@task("strike_result")
def strike_result(state: GameState, ev: Events, attacker: int, fighter: int, fights: bool) -> None:
    a_roll = modified_roll(state, attacker, state.rolls[0], strike_roll_bonus(state, attacker))
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


@task("strike_damage")
def strike_damage(state: GameState, ev: Events, attacker: int, fighter: int, level: int, counter: int) -> None:
    level, counter = forced_levels(state, attacker, fighter, level, counter)
    emit(ev, "hit", uid=attacker, target=fighter, level=dice.LEVEL_NAMES[level],
         counter=dice.LEVEL_NAMES[counter])
    lives = life_left(state, fighter), life_left(state, attacker)      # before the wounds (вампиризм)
    hit, back = strike_wounding(state, attacker, fighter, level, counter, ev)
    hit_lands = level and hit.reason != "protection"
    dealt, taken = hit.landed, back.landed
    jobs: list[tuple] = []
    if counter:
        jobs += counter_wound_triggers(state, attacker, fighter, taken) \
            + counter_struck_triggers(state, attacker, fighter, counter)
    use_next_strike(state, attacker, fighter, counter)
    drain(state, attacker, fighter, min(dealt, lives[0]), ev)
    drain(state, fighter, attacker, min(taken, lives[1]), ev)
    jobs.append(("check_deaths",))
    if hit_lands:
        jobs += level_triggers(state, attacker, fighter, "strike", level)
    jobs += strong_strike_triggers(state, attacker, fighter, "") if hit_lands and level == dice.STRONG else []
    jobs += strong_strike_triggers(state, fighter, attacker, "counter") if counter == dice.STRONG else []
    if is_flyer(state, attacker):
        jobs += flyer_strike_triggers(state, attacker, fighter)
    jobs += companion_strike_triggers(state, attacker, fighter)
    if is_flyer(state, fighter) and not is_flyer(state, attacker) and state.cards[attacker].anti_air_until >= 0:
        state.cards[attacker].anti_air_until = -1
    escalate(state, attacker, fighter, level)
    jobs += [("no_wounds_window", attacker, dealt), ("dash", attacker, fighter, position(state, fighter))]
    jobs += exchange_keeps_open(state, attacker, level, counter, ev)
    push(state, *jobs)


def strike_wounding(state: GameState, attacker: int, fighter: int, level: int, counter: int,
                    ev: Events) -> tuple[Wounding, Wounding]:
    """Deal the wounds of a simple strike's hit (unless `fighter` is protected from it) and then of the
    counter-strike, at levels already forced; returns what `fighter` and `attacker` took."""
    hit = back = NO_WOUNDS
    if level:
        value = strike_wounds(state, attacker, fighter, level)
        hit = Wounding(0, value, "protection") if protected(state, fighter, "strike", attacker) \
            else inflict(state, fighter, value, attacker, "strike", ev)
    if counter:
        back = inflict(state, attacker, strike_wounds(state, fighter, attacker, counter, True), fighter, "strike", ev)
    return hit, back


def exchange_keeps_open(state: GameState, attacker: int, level: int, counter: int, ev: Events) -> list[tuple]:
    """«После размена простым ударом не закрывается» (`open_after_exchange`): when its simple strike was an
    exchange of blows (both the hit and the counter-strike dealt a level), it opens again; returns the
    `own_stays_open` jobs that sets off."""
    c = state.cards[attacker]
    if not (level and counter and c.closed and c.on_battlefield and state.active == c.owner
            and any(True for _ in statics(state, attacker, "open_after_exchange"))):
        return []
    c.closed = False
    emit(ev, "opened", uid=attacker)
    return stays_open_jobs(state, attacker) + opened_jobs(state, attacker)


def opened_jobs(state: GameState, uid: int) -> list[tuple]:
    """Count an opening of card `uid` this turn (its cards opening at the start of the turn included); the
    second one of a creature sets off the `own_second_open` triggers of its side whose `vs` it matches
    (target "mover")."""
    c = state.cards[uid]
    add_modifier(state, uid, "opened")
    times = sum(1 for _, e in modifier_entries(state, uid, "opened") if e == state.turn)
    if c.face_down or times != 2 or not is_creature(state, uid):
        return []
    return dispatch(state, GameEvent("opened", subject=uid, amount=times), "second", battlefield(state, c.owner))


def stays_open_jobs(state: GameState, uid: int) -> list[tuple]:
    """«Когда ваше существо … не закрывается после действия»: the abilities of its side hearing it (`opened`,
    `how = "stayed_open"`), once per turn for each creature (marked by the modifier ("stayed_open", 1, this turn))."""
    c = state.cards[uid]
    if has_modifier(state, uid, "stayed_open"):
        return []
    jobs = dispatch(state, GameEvent("opened", subject=uid, cause="stayed_open"), "stayed", battlefield(state, c.owner))
    if jobs:
        add_modifier(state, uid, "stayed_open")
    return jobs


def strong_strike_triggers(state: GameState, striker: int, struck: int, cause: str) -> list[tuple]:
    """«Когда ваше существо наносит сильный простой удар» (`cause` "counter": its counter-strike): abilities of
    the striker's side, on the battlefield or in the graveyard (Орк-зомби puts a token on itself there)."""
    owner = state.cards[striker].owner
    strong = GameEvent("attacked", subject=struck, actor=striker, attack="strike", level=dice.STRONG,
                       cause=cause or None)
    return dispatch(state, strong, "strong", (c for c in state.cards
                                              if c.owner == owner and (c.on_battlefield or c.zone == "grave")))


def count_attack(state: GameState, uid: int) -> None:
    """Note an attack of `uid` as it is made: the modifier ("first_attack", 1 or 0) says whether it is the
    card's first of the turn, ("attacked", 1) that it has attacked this turn (both expire with the turn)."""
    first = int(not has_modifier(state, uid, "attacked", state.turn))
    drop_modifiers(state, uid, "first_attack", "attacked")
    add_modifier(state, uid, "first_attack", first)
    add_modifier(state, uid, "attacked")


def first_attack_penalty(state: GameState, attacker: int) -> int:
    """«Первая за ход атака существа противника … получает −X к величине»: the largest
    `first_attack_penalty` of an opponent's face-up card whose `filter` the attacker matches, while the
    attack being made is the attacker's first of the turn."""
    if modifier_value(state, attacker, "first_attack") != 1 or not is_creature(state, attacker):
        return 0
    return max((ab["amount"] for o in foes(state, state.cards[attacker].owner)
                for ab in statics(state, o.uid, "first_attack_penalty")
                if holds(state, attacker, ab.get("filter", {}))), default=0)


def drain(state: GameState, vampire: int, victim: int, amount: int, ev: Events) -> None:
    """Вампиризм: a simple strike (a counter too) of `vampire` dealt wounds to a non-incorporeal creature;
    it heals that many (at most the victim's lives left before, given as `amount`), and what its wounds
    cannot absorb becomes extra lives (up to its `life_cap`)."""
    if amount <= 0 or not kw(state, vampire, "vampirism") or kw(state, vampire, "incorporeal") \
            or not is_creature(state, victim) or kw(state, victim, "incorporeal"):
        return
    gain_lives(state, vampire, amount - heal(state, vampire, amount, ev), ev)


def gain_lives(state: GameState, uid: int, amount: int, ev: Events) -> None:
    """Give `uid` extra lives, never above its «Максимум N жизней» (`life_cap`). An artifact never gets any
    (seed 004), nor a card under «незаживающие раны» (`no_heal`)."""
    if is_artifact(state, uid) or modifier_value(state, uid, "no_heal"):
        return
    caps = [ab["amount"] for ab in statics(state, uid, "life_cap")]
    if caps:
        amount = min(amount, max(0, min(caps) - max_life(state, uid)))
    if amount > 0:
        state.cards[uid].extra_life += amount
        emit(ev, "extra_life", uid=uid, amount=amount, life=life_left(state, uid))


def escalate(state: GameState, attacker: int, fighter: int, level: int) -> None:
    """«Strike_escalation»: each simple strike at the same card adds +1 against it (up to `max`);
    a miss or a strike at another card starts over. Kept as the modifiers ("mark", card) and
    ("strike_vs_mark", X) for the rest of the battle."""
    for ab in statics(state, attacker, "strike_escalation"):
        now = modifier_value(state, attacker, "strike_vs_mark") if marked(state, attacker, fighter) else 0
        now = min(ab["max"], now + 1) if level else 0
        drop_modifiers(state, attacker, "mark", "strike_vs_mark")
        add_modifier(state, attacker, "mark", fighter, BATTLE_LONG)
        add_modifier(state, attacker, "strike_vs_mark", now, BATTLE_LONG)


def counter_wound_triggers(state: GameState, wounded: int, striker: int, taken: int) -> list[tuple]:
    """«Когда ваше стоящее рядом существо получает раны от ответного удара»: before deaths are checked."""
    if not taken:
        return []
    hurt = GameEvent("wounded", subject=wounded, actor=striker, attack="strike", amount=taken, cause="counter")
    return dispatch(state, hurt, "counter", (c for c in battlefield(state, state.cards[wounded].owner)
                                             if adjacent(state, c.uid, wounded)))


def counter_struck_triggers(state: GameState, struck: int, striker: int, level: int) -> list[tuple]:
    """«Когда ваше существо получает ответный удар»: abilities of the struck creature's side."""
    counter = GameEvent("attacked", subject=struck, actor=striker, attack="strike", level=level, cause="counter")
    return dispatch(state, counter, "counter", battlefield(state, state.cards[struck].owner))


def companion_strike_triggers(state: GameState, striker: int, target: int) -> list[tuple]:
    """«При ударе своего компаньона»: abilities of the host of a companion that made a simple strike."""
    c = state.cards[striker]
    if c.zone != "seated" or c.host < 0 or kind_of(state, striker) != "companion":
        return []
    struck = GameEvent("attacked", subject=target, actor=striker, attack="strike")
    return dispatch(state, struck, "companion", [state.cards[c.host]])


def flyer_strike_triggers(state: GameState, flyer: int, target: int) -> list[tuple]:
    """«При простом ударе вашего летающего существа»: abilities of the flyer's side, aimed at its target."""
    struck = GameEvent("attacked", subject=target, actor=flyer, attack="strike")
    return dispatch(state, struck, "flyer", battlefield(state, state.cards[flyer].owner))


def use_next_strike(state: GameState, attacker: int, fighter: int, counter: int) -> None:
    """«Следующий простой удар сводится к сильному» and «+X к следующему простому удару» (modifiers
    "next_strike_strong", "next_strike") are used up by the card's next simple strike (its attack, or a
    counter-strike it makes), hit or miss; strike_wounds has already read them."""
    for uid in (attacker, fighter) if counter else (attacker,):
        used_up = ("next_strike_strong", "next_strike", "next_attack") if uid == attacker else \
            ("next_strike_strong", "next_strike")
        drop_modifiers(state, uid, *used_up)


def forced_levels(state: GameState, attacker: int, fighter: int, level: int, counter: int) -> tuple[int, int]:
    """Hit and counter levels after «strikes are strong» abilities; a miss stays a miss."""
    if level and (forced_level(state, attacker, fighter) == "strong"
                  or modifier_value(state, attacker, "next_strike_strong")
                  or modifier_value(state, fighter, "struck_strong")):   # «все удары по выбранному существу — сильные»
        level = dice.STRONG
    if counter and (forced_level(state, fighter, attacker) == "strong"   # a counter is a simple strike too
                    or modifier_value(state, fighter, "next_strike_strong")
                    or modifier_value(state, attacker, "struck_strong")):
        counter = dice.STRONG
    return level, counter


def strike_wounds(state: GameState, striker: int, struck: int, level: int, counter: bool = False) -> int:
    """Wounds of a simple strike (or counter) of `level` before armor: strike value, bonuses, reductions
    («−X от ответных ударов» for a counter)."""
    value = attack_value(state, striker, struck, "strike", level, strike_values(state, striker)[level - 1])
    value += modifier_value(state, striker, "next_strike")      # «+X к следующему простому удару»
    if not counter:                                    # «+X к следующей атаке»: a counter-strike is no attack
        value += modifier_value(state, striker, "next_attack")
    if counter:
        value -= sum(ab["amount"] for ab in statics(state, struck, "counter_reduction"))
    else:
        value -= first_attack_penalty(state, striker)
    for ab in statics(state, struck, "strike_cap"):       # «простые удары по … сводятся к X»
        value = min(value, ab["amount"])
    value = capped(state, struck, "strike", dice.LEVEL_NAMES[level], value)    # after the strike's own bonuses
    return max(0, value)


def level_triggers(state: GameState, attacker: int, target: int, kind: str, level: int) -> list[tuple]:
    """An attack of `attacker` hit `target` with `level`: the attacker's own abilities hearing it, then those
    of its side («при слабом разряде вашего линунга»)."""
    hit = GameEvent("attacked", subject=target, actor=attacker, cell=spot(position(state, target)), attack=kind,
                    level=level)
    return dispatch(state, hit, "hit", [state.cards[attacker]]) \
        + dispatch(state, hit, "hit_side", battlefield(state, state.cards[attacker].owner))


# --- attacks by abilities (X-Y-Z, rolled alone) ---------------------------------------------------

@task("attack")
def attack(state: GameState, ev: Events, attacker: int, kind: str, damage: tuple, target: int) -> None:
    t = state.cards[target]
    if not state.cards[attacker].on_battlefield or not t.on_battlefield or \
            (not t.face_down and state.cdef(target).kind == "terrain"):
        emit(ev, "fizzled", uid=attacker, target=target)
        return
    if kind in MELEE_KINDS and redirect_next(state, attacker, target, ("attack", attacker, kind, damage, -1)):
        return
    if t.face_down:
        push(state, ("reveal", target), ("attack", attacker, kind, damage, target))
        return
    emit(ev, "attack", uid=attacker, target=target, kind=kind)
    a_pos, t_pos = position(state, attacker), position(state, target)
    if kind == "through_row" and a_pos != NO_CELL and t_pos != NO_CELL:      # the cell between them
        replace_modifier(state, attacker, "passed_over", (a_pos + t_pos) // 2)
    blocker = ranged_blocker(state, attacker, kind, target)
    if blocker != -1:
        emit(ev, "blocked", uid=blocker, attacker=attacker, target=target)
        return
    if self_block(state, attacker, target, kind, damage[0], ev):
        return
    count_attack(state, attacker)
    push(state, *enemy_ranged_triggers(state, attacker, kind, target))
    state.rolls = ()
    if reflector(state, attacker, kind, target) is not None:    # both roll, as in a simple strike
        ask_roll(state, attacker, ("reflect_defence_roll", attacker, kind, damage, target))
        return
    ask_roll(state, attacker, ("attack_result", attacker, kind, damage, target))


def enemy_ranged_triggers(state: GameState, attacker: int, kind: str, target: int) -> list[tuple]:
    """«При дальней атаке существа противника (кроме удара через ряд)»: the other side's abilities, run once the
    attack has resolved (target `"mover"`: the attacker)."""
    if kind not in ("shot", "throw", "discharge") or not is_creature(state, attacker):
        return []
    ranged = GameEvent("attacked", subject=target, actor=attacker, attack=kind)
    return dispatch(state, ranged, "declared", foes(state, state.cards[attacker].owner))


def concentration_grace(state: GameState, uid: int) -> bool:
    """Is this wounding of `uid` its first of an opponent's turn and forgiven to its concentration by an
    own `concentration_grace` card («не препятствует срабатыванию концентрации»)?"""
    c = state.cards[uid]
    if state.active == c.owner or c.wounded_turn == state.turn or not is_creature(state, uid) \
            or has_modifier(state, uid, "wound_grace", state.turn):
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
        value = max(0, value - first_attack_penalty(state, attacker))
        emit(ev, "hit", uid=attacker, target=target, level=dice.LEVEL_NAMES[level], counter="none")
        dealt = wound(state, target, value, attacker, kind, ev)
        jobs = [("check_deaths",), *level_triggers(state, attacker, target, kind, level)]
    jobs += [("no_wounds_window", attacker, dealt), ("dash", attacker, target, position(state, target))]
    push(state, *jobs)


def reflector(state: GameState, attacker: int, kind: str, target: int) -> dict | None:
    """The target's `reflect_ranged` ability covering this attack of an enemy creature, or None."""
    if state.cards[attacker].owner == state.cards[target].owner or not is_creature(state, attacker):
        return None
    return next((ab for ab in statics(state, target, "reflect_ranged") if kind in ab["attacks"]), None)


@task("reflect_defence_roll")
def reflect_defence_roll(state: GameState, ev: Events, attacker: int, kind: str, damage: tuple, target: int) -> None:
    ask_roll(state, target, ("reflect_result", attacker, kind, damage, target))


@task("reflect_result")
def reflect_result(state: GameState, ev: Events, attacker: int, kind: str, damage: tuple, target: int) -> None:
    """«Отражает … как простой удар, даже когда закрыта»: the hit table, the target fighting back (опыт в
    защите counts) with its reflecting attack; an exchange may be reduced as in a simple strike."""
    a_roll = modified_roll(state, attacker, state.rolls[0], kw(state, attacker, "ovs") if kind == "shot" else 0)
    emit(ev, "rolled", uid=attacker, raw=state.rolls[0], value=a_roll)
    d_roll = modified_roll(state, target, state.rolls[1], fight_roll_bonus(state, target))
    emit(ev, "rolled", uid=target, raw=state.rolls[1], value=d_roll)
    state.rolls = ()
    if dice.is_exchange(a_roll, d_roll):
        chooser = state.cards[attacker if a_roll > d_roll else target].owner
        ask(state, chooser, "reduce", attacker, target, a_roll - d_roll, kind, damage)
        return
    level, counter = dice.fight(a_roll, d_roll)
    push(state, ("reflect_damage", attacker, kind, damage, target, level, counter))


@task("reflect_damage")
def reflect_damage(state: GameState, ev: Events, attacker: int, kind: str, damage: tuple, target: int,
                   level: int, counter: int) -> None:
    emit(ev, "hit", uid=attacker, target=target, level=dice.LEVEL_NAMES[level], counter=dice.LEVEL_NAMES[counter])
    hit, _, jobs = reflect_wounding(state, attacker, kind, damage, target, level, counter, ev)
    push(state, ("check_deaths",), *jobs, ("no_wounds_window", attacker, hit.landed),
         ("dash", attacker, target, position(state, target)))


def reflect_wounding(state: GameState, attacker: int, kind: str, damage: tuple, target: int, level: int,
                     counter: int, ev: Events) -> tuple[Wounding, Wounding, list[tuple]]:
    """Deal the wounds of a ranged attack met by `reflect_ranged`: the attack's at `level` (unless the target is
    protected), then the reflection's at `counter`. Returns what the target and the attacker took, and the
    attack's level triggers (judged between the two)."""
    ab = reflector(state, attacker, kind, target)
    hit = back = NO_WOUNDS
    jobs: list[tuple] = []
    if level:
        value = attack_value(state, attacker, target, kind, level, damage[level - 1])
        if protected(state, target, kind, attacker):
            emit(ev, "protected", uid=target, kind=kind)
            hit = Wounding(0, value + next_bonus(state, attacker, kind), "protection")
        else:
            hit = inflict(state, target, value + use_next_bonus(state, attacker, kind), attacker, kind, ev)
            jobs += level_triggers(state, attacker, target, kind, level)
    if counter and ab is not None and state.cards[target].on_battlefield:
        back_kind = ab["counter_attack"]
        value = attack_value(state, target, attacker, back_kind, counter, ab["counter"][counter - 1])
        if protected(state, attacker, back_kind, target):
            emit(ev, "protected", uid=attacker, kind=back_kind)
            back = Wounding(0, value, "protection")
        else:
            back = inflict(state, attacker, value, target, back_kind, ev)
    return hit, back, jobs


def use_next_bonus(state: GameState, uid: int, kind: str) -> int:
    """«+X к следующему выстрелу» / «к следующей атаке» / «к следующему разряду или магическому удару»: the
    `next_<kind>`, `next_attack` and (a magic attack) `next_magic` bonuses of `uid`, used up by this attack."""
    bonus = next_bonus(state, uid, kind)
    if bonus:
        drop_modifiers(state, uid, *_next_keys(kind))
    return bonus


def next_bonus(state: GameState, uid: int, kind: str) -> int:
    """The bonuses `use_next_bonus` would use up; changes nothing."""
    return modifier_value(state, uid, *_next_keys(kind))


def _next_keys(kind: str) -> tuple[str, ...]:
    return (f"next_{kind}", "next_attack", *(("next_magic",) if kind in MAGIC_ATTACKS else ()))
