"""Death and victory: a card dying (to the graveyard or exile) and what that sets off, doom, and judging the winner."""

from __future__ import annotations

from cards.schema import ATTACK_KINDS

from .conditions import holds
from .core import Events, emit, push, task
from .damage import heal
from .dispatch import dispatch, judge_before, listens
from .events import GameEvent, spot
from .geometry import NO_CELL
from .keywords import has_static, kw, life_left, statics
from .modifiers import add_modifier, has_modifier, kept_in_grave, modifier_values, release_bound
from .places import battlefield, creatures, equipment_of, is_creature, kind_of, position, symbiont_of
from .reach import rescue_hosts, rescuer
from .state import GameState


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
        and has_static(state, uid, "release_rider")
    eater = -1 if banish else necrophage(state, uid, cell, hit)
    before = judge_before(state, uid) if creature and not banish else frozenset()
    if c.zone == "board" and state.grid[c.cell] == uid:
        if creature and not banish:
            mark_rot(state, uid, c.cell, ev)
        state.grid[c.cell] = -1
    exiled = banish or kw(state, uid, "incorporeal") > 0 or c.incarnated or eater != -1
    p = state.players[c.owner]
    slain = modifier_values(state, uid, "slew")     # cards it destroyed that wait for its death
    extra, poison = c.extra_life, c.poison
    c.zone, c.cell, c.host, c.closed = ("exile" if exiled else "grave"), NO_CELL, -1, False
    if has_modifier(state, uid, "binder"):
        release_bound(state, uid, True)     # «пока … на поле боя»
    kept = () if exiled else kept_in_grave(c)   # op gain, keep_in_grave
    c.reset_battle_state()
    c.modifiers += kept
    if not exiled and hit[0] >= 0 and hit[1] in ATTACK_KINDS and state.seats.enemy(state.cards[hit[0]].owner, c.owner):
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
                     attack=hit[1] or None, amount=poison if hit[1] == "poison" else None, regen=regen, lives=extra,
                     cause=cause)
    if not creature and not banish:    # an artifact's own «при гибели»; a creature's death is another's
        push(state, *dispatch(state, died, "own_death", [c]))
    if creature and not banish:
        _death_triggers(state, died, before)
        push(state, *dispatch(state, died, "death_any", battlefield(state), before))   # «при гибели существа»
        _kill_triggers(state, died, before)
        _mark_slayer(state, uid, hit[0])
        push(state, *dispatch(state, died, "slayer", (state.cards[s] for s in slain)))   # the cards it destroyed
    if judge:
        check_victory(state, ev)


def necrophage(state: GameState, dead: int, cell: int, hit: tuple[int, str]) -> int:
    """Трупоедство: the card with necrophagy whose wounds killed `dead` — a non-incorporeal enemy creature that
    stood next to it or was killed by its melee attack (simple, special or magic strike) — or -1."""
    src, kind = hit
    if src < 0 or not state.cards[src].on_battlefield or not kw(state, src, "necrophagy") \
            or not state.seats.enemy(state.cards[src].owner, state.cards[dead].owner) or not is_creature(state, dead) \
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
    if state.seats.enemy(k.owner, state.cards[dead].owner) and k.on_battlefield and is_creature(state, killer) \
            and life_left(state, killer) > 0:
        add_modifier(state, killer, "slew", dead)


def _kill_triggers(state: GameState, died: GameEvent, before: frozenset[tuple[int, int]]) -> None:
    """«Когда (ваше существо) уничтожает существо противника»: the dead creature died of wounds from an attack
    of an enemy creature; the abilities of that creature (`by = "self"`) and of its side work (target
    "killer")."""
    killer = died.actor
    if killer is None or not state.seats.enemy(state.cards[killer].owner, state.cards[died.subject].owner) \
            or not is_creature(state, killer):
        return
    push(state, *dispatch(state, died, "kill", battlefield(state, state.cards[killer].owner), before))


def doomed_now(state: GameState, uid: int) -> bool:
    """Does `uid` die at the end of this turn (op `doom`: modifier ("doomed", source, turn))? Then it may strike
    its own creatures (to escape it)."""
    return has_modifier(state, uid, "doomed", state.turn)


@task("doom_deaths")
def doom_deaths(state: GameState, ev: Events) -> None:
    """«Погибает в конце своего следующего хода»: the creatures whose doom falls due this turn die."""
    due = [c.uid for c in state.cards if c.modifiers and c.on_battlefield and doomed_now(state, c.uid)]
    for uid in due:
        kill(state, uid, ev, cause="doom", judge=False)
    if due:
        check_victory(state, ev)


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
