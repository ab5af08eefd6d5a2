"""What a board tile and an empty cell show of equipment and markers (berserk_tui.ui.widgets.tiles)."""

from __future__ import annotations

from berserk_tui.engine import view
from berserk_tui.engine.geometry import CLASSIC_BOARD, NO_CELL
from berserk_tui.engine.modifiers import BATTLE_LONG, add_modifier
from berserk_tui.scenario.build import Scenario, build
from berserk_tui.ui.widgets.tiles import cell_marks, markers, tile_lines
from cards.loader import load_all

DB = load_all()


def test_equipment_card_markers_and_cell_markers_show() -> None:
    built = build(Scenario("tiles", "", [], {"first": 0, "active": 0, "turn": 1}, [
        {"card": "Гиртан", "owner": 0, "cell": "c3", "label": "A"},
        {"card": "Лирайн", "owner": 0, "cell": "b2", "label": "E"},
        {"card": "Лирайн", "owner": 1, "cell": "c5", "label": "B"},
    ], [], []), DB)
    state, at = built.state, built.labels
    a, e, b = (state.cards[at[x]] for x in "AEB")
    assert markers(view(state, 0), a.uid) == "" and cell_marks(view(state, 0)) == {}
    state.grid[e.cell] = -1                      # E becomes A's equipment
    e.zone, e.host, e.cell = "equipped", a.uid, NO_CELL
    add_modifier(state, a.uid, "acid_fumes", b.uid, BATTLE_LONG)
    add_modifier(state, a.uid, "strikes_made")
    d4, c3 = CLASSIC_BOARD.parse_cell("d4"), CLASSIC_BOARD.parse_cell("c3")
    add_modifier(state, b.uid, "rot", d4)
    add_modifier(state, b.uid, "cell_portal", c3, BATTLE_LONG)
    add_modifier(state, b.uid, "fire_wall", d4)
    add_modifier(state, b.uid, "rot", d4)
    for seat in (0, 1):                          # what both players see
        v = view(state, seat)
        assert markers(v, a.uid) == "⚒✦"        # bookkeeping modifiers such as strikes_made add nothing
        marks = cell_marks(v)
        assert marks == {d4: "≈▲", c3: "◎"}
        assert tile_lines(v, a.uid, 16, 3, cell_mark=marks[c3])[0].endswith(" ⚒✦◎")
