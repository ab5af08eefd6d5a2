"""Which card the board shows on a cell (berserk_tui.ui.widgets.board.card_at)."""

from __future__ import annotations

from pathlib import Path

from berserk_tui.engine import apply, view
from berserk_tui.engine.actions import Move
from berserk_tui.engine.geometry import CLASSIC_BOARD
from berserk_tui.scenario.build import build, load_scenario
from berserk_tui.ui.widgets.board import card_at
from cards.loader import load_all

SCENARIO = Path(__file__).parents[1] / "scenarios" / "core" / "incorporeal_moves_through_card.toml"


def test_an_incorporeal_creature_passing_through_is_shown_on_the_shared_cell() -> None:
    built = build(load_scenario(SCENARIO), load_all())
    state, labels = built.state, built.labels
    c3 = CLASSIC_BOARD.parse_cell("c3")
    assert card_at(view(state, 0), c3) == labels["L"]
    apply(state, Move(labels["P"], c3))
    assert state.grid[c3] == labels["L"]                 # the occupant keeps the cell
    for seat in (0, 1):
        assert card_at(view(state, seat), c3) == labels["P"]
    apply(state, Move(labels["P"], CLASSIC_BOARD.parse_cell("c4")))
    assert card_at(view(state, 0), c3) == labels["L"]
    assert card_at(view(state, 0), CLASSIC_BOARD.parse_cell("c4")) == labels["P"]
