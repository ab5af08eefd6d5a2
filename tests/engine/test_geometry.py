"""The board and the seats as data: `Geometry` (cells, names, distances, areas, deployment tiers, diagonals),
`Seats` (teams, turn order, victory) and how a state carries and encodes them."""

from __future__ import annotations

import pickle
from itertools import product

import pytest

from berserk_tui.engine import CLASSIC_BOARD, DRAW, TWO_SEATS, Area, GameState, Geometry, Rules, Seats, new_game
from berserk_tui.engine.geometry import NO_CELL
from cards.loader import load_all
from tests.four_seats import GEOMETRY, SEATS, four_seat_game

DB = load_all()
BOARDS = [CLASSIC_BOARD, GEOMETRY]


@pytest.mark.parametrize("geo", BOARDS, ids=repr)
def test_cell_names_round_trip_and_use_the_boards_letters(geo: Geometry) -> None:
    names = [geo.cell_name(c) for c in range(geo.cells)]
    assert len(set(names)) == geo.cells
    assert [geo.parse_cell(n.upper()) for n in names] == list(range(geo.cells))
    assert {n[0] for n in names} == set(geo.files) and len(geo.files) == geo.cols
    assert {n[1:] for n in names} == {geo.rank_name(r) for r in range(geo.rows)}
    beyond = [chr(ord(geo.files[-1]) + 1) + "1", geo.files[0] + "0", geo.files[0] + str(geo.rows + 1), "a01", "1a"]
    for bad in beyond:
        assert not geo.is_cell_name(bad)
        with pytest.raises(ValueError, match=f"expected a1..{names[-1]}"):
            geo.parse_cell(bad)


def test_the_classic_board_keeps_its_names() -> None:
    assert (CLASSIC_BOARD.rows, CLASSIC_BOARD.cols, CLASSIC_BOARD.files) == (6, 5, "abcde")
    assert (CLASSIC_BOARD.cell_name(0), CLASSIC_BOARD.cell_name(CLASSIC_BOARD.cells - 1)) == ("a1", "e6")
    assert (GEOMETRY.cell_name(9), GEOMETRY.cell_name(59)) == ("j1", "j6")


@pytest.mark.parametrize("geo", BOARDS, ids=repr)
def test_neighbour_tables_agree_with_the_distances(geo: Geometry) -> None:
    for a, b in product(range(geo.cells), repeat=2):
        assert geo.chebyshev(a, b) == geo.chebyshev(b, a) and geo.manhattan(a, b) == geo.manhattan(b, a)
        assert (b in geo.around[a]) == (geo.chebyshev(a, b) == 1)
        assert (b in geo.orthogonal[a]) == (geo.manhattan(a, b) == 1)
        assert geo.chebyshev(a, b) <= geo.manhattan(a, b) <= 2 * geo.chebyshev(a, b)
    assert list(geo.around[0]) == sorted(geo.around[0])


@pytest.mark.parametrize("geo", BOARDS, ids=repr)
def test_diagonals_are_the_straight_diagonal_lines(geo: Geometry) -> None:
    steps = [(a, b) for line in geo.diagonals for a, b in zip(line, line[1:], strict=False)]
    assert all(geo.chebyshev(a, b) == 1 and geo.manhattan(a, b) == 2 for a, b in steps)
    pairs = {(a, b) for a in range(geo.cells) for b in geo.around[a] if a < b and geo.manhattan(a, b) == 2}
    assert sorted(steps) == sorted(pairs)        # every diagonal step lies on exactly one line
    assert all(len(line) > 1 for line in geo.diagonals)


@pytest.mark.parametrize("geo", BOARDS, ids=repr)
def test_deployment_tiers_fill_each_area_once(geo: Geometry) -> None:
    for place, area in enumerate(geo.areas):
        tiers = geo.deployment_tiers(place)
        cells = [x for tier in tiers for x in tier]
        assert sorted(cells) == [geo.cell_of(r, c) for r in sorted(area.rows) for c in area.cols]
        front = {geo.cell_of(area.rows[0], c) for c in area.cols}
        centre = area.cols[1:-1]
        if area.first:        # the 3×3 centre first, the front corners last
            assert set(tiers[0]) == {geo.cell_of(r, c) for r in area.rows for c in centre}
            assert set(tiers[-1]) == front - set(tiers[0])
        else:                 # the front row and the centre first
            assert set(tiers[0]) == front | {geo.cell_of(r, c) for r in area.rows[1:] for c in centre}


@pytest.mark.parametrize("geo", BOARDS, ids=repr)
def test_forward_and_right_are_as_each_place_sees_the_board(geo: Geometry) -> None:
    for place, area in enumerate(geo.areas):
        front, _, back = area.rows
        step = geo.forward(place)
        assert front - back == 2 * step and geo.flipped(place) == (step < 0)
        cell = geo.cell_of(area.rows[1], area.cols[len(area.cols) // 2])
        assert geo.relative(cell, place, 1, 0) == geo.cell_of(front, geo.col_of(cell))
        assert geo.relative(cell, place, -1, 0) == geo.cell_of(back, geo.col_of(cell))
        assert geo.relative(cell, place, 0, 1) == cell + step          # the right of one facing the higher rows
        assert geo.relative(geo.cell_of(back, 0), place, -1, 0) == NO_CELL
        assert list(geo.ahead[place]) == [geo.relative(x, place, 1, 0) for x in range(geo.cells)]
    assert geo.front_rows == (2, 3)


def test_a_geometry_that_does_not_fit_is_refused() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        Geometry(6, 5, (Area((2, 1, 0), (0, 1, 2, 3, 5), True),))
    with pytest.raises(ValueError, match="does not fit"):
        Geometry(6, 5, (Area((3, 1, 0), (0, 1, 2), True),))
    with pytest.raises(ValueError, match="file letters"):
        Geometry(6, 5, CLASSIC_BOARD.areas, "abcd")


def test_geometries_and_seats_compare_by_what_builds_them() -> None:
    again = Geometry.from_spec(GEOMETRY.spec())
    assert again == GEOMETRY and hash(again) == hash(GEOMETRY) and again != CLASSIC_BOARD
    assert Seats.from_spec(SEATS.spec()) == SEATS and SEATS != TWO_SEATS


def test_two_seats_oppose_each_other() -> None:
    assert [TWO_SEATS.opponents(s) for s in (0, 1)] == [(1,), (0,)]
    assert [TWO_SEATS.allies(s) for s in (0, 1)] == [(), ()]
    assert TWO_SEATS.next == (1, 0) and TWO_SEATS.enemy(0, 1) and not TWO_SEATS.enemy(1, 1)
    assert TWO_SEATS.places == ((0, 1), (1, 0))


def test_four_seats_play_in_two_teams_taking_turns_alternately() -> None:
    assert SEATS.opponents(0) == (1, 3) and SEATS.opponents(3) == (0, 2)
    assert SEATS.allies(0) == (2,) and SEATS.allies(1) == (3,)
    assert SEATS.next == (1, 2, 3, 0) and SEATS.rounds[2] == (2, 3, 0, 1)
    for first in range(SEATS.count):
        assert [SEATS.rounds[first][p] for p in SEATS.places[first]] == list(range(SEATS.count))
        assert [SEATS.teams[s] for s in SEATS.rounds[first]] in ([0, 1, 0, 1], [1, 0, 1, 0])


def test_victory_goes_to_the_last_team_standing() -> None:
    assert SEATS.outcome([True, False, False, True]) == -1       # both teams still have a seat standing
    assert SEATS.outcome([False, True, True, False]) == -1
    assert SEATS.outcome([True, False, False, False]) == 0
    assert SEATS.outcome([False, False, False, True]) == 1
    assert SEATS.outcome([False] * 4) == DRAW
    assert [TWO_SEATS.outcome(alive) for alive in ([True, False], [False, True], [True, True])] == [0, 1, -1]


def test_seats_that_do_not_make_two_teams_are_refused() -> None:
    for teams, order in [((0, 0), None), ((0, 1, 2), None), ((0, 1), (0, 0)), ((0,), None)]:
        with pytest.raises(ValueError):
            Seats(teams, order)


def test_a_classic_state_encodes_its_rules_as_before() -> None:
    """The duel's board and seats are left out of the encoding: old saves and hashes stay valid."""
    state, _ = new_game(DB, ([], []))
    assert state.to_list()[1] == [False, False, False, 200, 15]
    assert GameState.from_bytes(state.to_bytes(), DB).rules == Rules()


def test_a_four_seat_state_carries_its_configuration_through_the_encoding() -> None:
    state = four_seat_game(DB, 0)
    assert (len(state.grid), len(state.players)) == (60, 4)
    back = GameState.from_bytes(state.to_bytes(), DB, state.rules.rulebook)
    assert (back.rules, back.geo, back.seats) == (state.rules, GEOMETRY, SEATS)
    assert back.state_hash() == state.state_hash()


def test_a_state_whose_players_do_not_match_its_seats_is_refused() -> None:
    state = four_seat_game(DB, 0)
    state.players.pop()
    with pytest.raises(ValueError, match="3 players for 4 seats"):
        GameState.from_bytes(state.to_bytes(), DB, state.rules.rulebook)


def test_a_game_needs_a_deck_per_seat() -> None:
    with pytest.raises(ValueError, match="4 decks"):
        new_game(DB, ([], []), four_seat_game(DB, 0).rules)


@pytest.mark.parametrize("rules", [Rules(), Rules(geometry=GEOMETRY, seats=SEATS)], ids=["duel", "four seats"])
def test_rules_survive_pickling_for_the_simulators_worker_processes(rules: Rules) -> None:
    """`berserk sim --jobs N` sends the rules to other processes: the board and the seats arrive equal, with
    their precomputed tables and cache working."""
    again = pickle.loads(pickle.dumps(rules))
    assert again.geometry == rules.geometry and again.seats == rules.seats
    geo = again.geometry
    assert geo.relative(0, 0, 1, 0) == rules.geometry.relative(0, 0, 1, 0) and geo.distances == rules.geometry.distances
