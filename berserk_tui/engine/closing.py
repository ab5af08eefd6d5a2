"""A card closing to pay for an action or opening again, and what that sets off: acid fumes, traps, seals, a second
opening, staying open."""

from __future__ import annotations

from .core import push
from .dispatch import dispatch
from .events import GameEvent
from .modifiers import add_modifier, drop_modifiers, has_modifier, modifier_values
from .places import adjacent, battlefield, foes, is_creature, opposite
from .state import GameState


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
        traps = modifier_values(state, o.uid, "trap") if o.modifiers else ()
        if traps:
            drop_modifiers(state, o.uid, "trap")
            push(state, *[("effect_wound", o.uid, uid, value, "effect") for value in traps], ("check_deaths",))


def acid_jobs(state: GameState, uid: int) -> list[tuple]:
    """«Кислотные пары»: a creature closing next to a card with that marker (modifier ("acid_fumes", source))
    takes 1 wound from the marker's source, once per marked card."""
    if not is_creature(state, uid):
        return []
    jobs: list[tuple] = [("effect_wound", src, uid, 1, "effect") for o in battlefield(state)
                         if o.modifiers and adjacent(state, o.uid, uid)
                         for src in modifier_values(state, o.uid, "acid_fumes", state.turn)]
    return [*jobs, ("check_deaths",)] if jobs else []


def opened_jobs(state: GameState, uid: int) -> list[tuple]:
    """Count an opening of card `uid` this turn (its cards opening at the start of the turn included); the
    second one of a creature sets off the `own_second_open` triggers of its side whose `vs` it matches
    (target "mover")."""
    c = state.cards[uid]
    add_modifier(state, uid, "opened")
    turn = state.turn
    times = sum(1 for k, _, last in c.modifiers if k == "opened" and last == turn)
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
