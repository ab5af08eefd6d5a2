"""Engine states waiting at a prompt of seat 0 (not the main decision), built from scenario card tables."""

from __future__ import annotations

from berserk_tui.engine import CHANCE, Game, GameState, apply
from berserk_tui.engine import actions as act
from berserk_tui.engine.rng import SeededSource
from berserk_tui.scenario.build import Scenario, build
from cards.render import render_ability
from tests.engine.strike_play import DB, board, card

Position = tuple[GameState, dict[str, int]]


def concentration() -> Position:
    """Seat 1 ends its turn: the concentration of seat 0's Русалка (c2) asks for an enemy to move (Лирайн, c4)."""
    state, cards = board(card("Русалка", 0, "c2", "R"), card("Лирайн", 1, "c4", "L"), active=1)
    apply(state, act.EndTurn())
    assert (state.pending.player, state.pending.kind) == (0, "target")
    return state, cards


def avenge() -> Position:
    """Горбун (b4) kills seat 0's Лирайн (b3): Клок Мудрый (c3) may wound a card next to the dead one."""
    state, cards = board(card("Клок Мудрый", 0, "c3", "K"), card("Лирайн", 0, "b3", "B", wounds=5),
                         card("Горбун", 1, "b4", "T"), active=1)
    game = Game(state, SeededSource(3))
    game.step(act.Strike(cards["T"], cards["B"]))
    while state.pending.kind == "respond":
        game.step(act.Pass())
    assert (state.pending.player, state.pending.kind) == (0, "target")
    return state, cards


def heal_jump() -> Position:
    """The turn of seat 0 starts: the wounded Глоа (c3) would regenerate and may jump instead (a confirm)."""
    setup = {"first": 0, "turn": 3, "start_turn": True}
    built = build(Scenario("gloa", "", [], setup, [card("Глоа", 0, "c3", "G", wounds=3),
                                                    card("Лирайн", 1, "c5", "L")], [], []), DB)
    assert (built.state.pending.player, built.state.pending.kind) == (0, "confirm")
    return built.state, built.labels


def defender() -> Position:
    """Seat 1's Гиртан (c4) strikes seat 0's Лирайн (c3); seat 0's Гиртан (d3) may defend."""
    state, cards = board(card("Лирайн", 0, "c3", "H"), card("Гиртан", 0, "d3", "D"), card("Гиртан", 1, "c4", "X"),
                         active=1)
    apply(state, act.Strike(cards["X"], cards["H"]))
    assert (state.pending.player, state.pending.kind) == (0, "respond")
    return state, cards


def exchange(dice: tuple[int, int] = (5, 1)) -> Position:
    """Клок Мудрый (c3, 2-2-3) of seat 0 strikes Храмовник (c4, armor 1) with `dice` (his die first): an exchange
    of blows, waiting for the higher roll's owner to keep it or to reduce it."""
    state, cards = board(card("Клок Мудрый", 0, "c3", "A"), card("Храмовник", 1, "c4", "T"),
                         card("Гиртан", 1, "e6", "F"))
    apply(state, act.Strike(cards["A"], cards["T"]))
    rolls = iter(dice)
    while state.pending.player == CHANCE or state.pending.kind == "respond":
        apply(state, act.Roll(next(rolls)) if state.pending.player == CHANCE else act.Pass())
    assert state.pending.kind == "reduce"
    return state, cards


def ability_text(state: GameState, lang: str) -> str:
    """The whole text of the ability the pending prompt is about (its card `src` and ability `index`), as the card
    reads."""
    uid, index = state.pending.data.src, state.pending.data.index
    d = state.cdef(uid)
    assert d is not None
    return render_ability(d, d.abilities[index], lang).rstrip(".")
