"""Pointless own responses are passed: after the player's own declaration, a window where he could only use an
instant he could as well use on his own turn (`choices.pointless_response`) is answered «pass» by the app unless
the settings ask for such windows (`ask_own_responses`). A defender to assign, or an ability made for that very
moment (timing `own_attack` …), always asks."""

from __future__ import annotations

from typing import Any

import pytest

from berserk_tui.engine import Action, GameState, apply, legal_actions, view
from berserk_tui.engine import actions as act
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.choices import pointless_response
from berserk_tui.userdata import Settings
from tests.engine.strike_play import board, card

from .positions import open_position

GAZE = (card("Лирайн", 0, "c3", "A"), card("Злобоглаз", 0, None, "Z", zone="extra"),
        card("Гиртан", 1, "c4", "T", poison=1))                   # Злобоглаз's gaze needs a poisoned enemy
SLIME = (card("Гиртан", 0, "c3", "A"), card("Болота Ракштольна", 0, None, "Z", zone="extra"),
         card("Гиртан", 1, "c4", "T"))                            # slime: when an own swamp creature attacks


def after_strike(*cards: dict[str, Any]) -> tuple[GameState, dict[str, int]]:
    """Seat 0's A strikes T; the state at the response window that follows."""
    state, labels = board(*cards)
    apply(state, act.Strike(labels["A"], labels["T"]))
    assert state.pending.kind == "respond"
    return state, labels


def pointless(state: GameState, legal: list[Action] | None = None) -> bool:
    legal = legal_actions(state) if legal is None else legal
    return pointless_response(view(state, state.pending.player), legal)


def test_an_own_instant_after_ones_own_strike_is_pointless() -> None:
    state, labels = after_strike(*GAZE)
    assert state.pending.player == 0
    assert act.Use(labels["Z"], 0, labels["T"]) in legal_actions(state)
    assert pointless(state)


def test_an_ability_made_for_ones_own_attack_is_not_pointless() -> None:
    state, labels = after_strike(*SLIME)
    assert state.pending.player == 0 and any(isinstance(a, act.Use) and a.uid == labels["Z"]
                                             for a in legal_actions(state))
    assert not pointless(state)


def test_a_defender_to_assign_is_never_pointless() -> None:
    """The window after seat 0's strike, offered to seat 1 who may defend; and a window of seat 0's own that
    offered a Defend as well."""
    state, labels = board(*GAZE[:2], card("Гиртан", 1, "c4", "T", poison=1), card("Гиртан", 1, "d4", "D"))
    apply(state, act.Strike(labels["A"], labels["T"]))
    assert state.pending.player == 1 and act.Defend(labels["D"]) in legal_actions(state)
    assert not pointless(state)
    own, labels = after_strike(*GAZE)
    assert not pointless(own, legal_actions(own) + [act.Defend(labels["A"])])


def test_the_main_decision_is_never_pointless() -> None:
    state, _ = board(*GAZE)
    assert not pointless(state)


@pytest.mark.parametrize(("ask", "cards"), [(False, GAZE), (True, GAZE), (False, SLIME)])
async def test_the_app_passes_a_pointless_window_after_the_humans_strike(ask: bool,
                                                                         cards: tuple[dict[str, Any], ...]) -> None:
    """With Злобоглаз open the human's strike goes on without a «respond» stop for him, unless the settings ask;
    with the slime of Болота Ракштольна it always stops."""
    app = BerserkApp(settings=Settings(bot_delay_ms=0, ask_own_responses=ask))
    async with app.run_test(size=(100, 30)) as pilot:
        labels = await open_position(pilot, *cards)
        assert app.play(act.Strike(labels["A"], labels["T"]))
        await pilot.pause()
        m = app.match
        assert m is not None
        stops = ask or cards is SLIME
        stopped = (m.state.pending.player, m.state.pending.kind) == (0, "respond")
        assert stopped is stops
        strike = act.Strike(labels["A"], labels["T"])
        assert (m.actions == [strike]) if stops else (m.actions[:2] == [strike, act.Pass()])
        assert not m.state.cards[labels["Z"]].closed                      # the instant was not used
