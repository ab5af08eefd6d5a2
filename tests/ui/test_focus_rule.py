"""Pilot tests of the battle's one focus rule, «the list leads»: with no list open the board has the focus and
Enter on one's own creature picks it; a picked card's actions and every prompt of the game put the focus on the
list, whose highlighted choice is lit on the board and shown in the details; Esc steps back."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from berserk_tui.engine import Action
from berserk_tui.engine import actions as act
from berserk_tui.engine.geometry import CLASSIC_BOARD
from berserk_tui.match import Match
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.screens.battle import BattleScreen, actor_of
from berserk_tui.ui.screens.strike_confirm import StrikeConfirmScreen
from berserk_tui.ui.widgets.board import Board, Mark
from berserk_tui.ui.widgets.card_detail import CardDetail
from berserk_tui.userdata import Settings
from tests.engine.strike_play import card
from tests.prompt_states import Position, concentration, defender, exchange, heal_jump

from .conftest import make_app
from .driver import arrow_to
from .positions import open_position, open_state

SIZES = [(80, 24), (100, 30)]
# Гиртан (c3) may move to c2, b3, d3 and strike Горбун (c4); Лирайн (b2) is the other own card.
MAIN = (card("Гиртан", 0, "c3", "A"), card("Лирайн", 0, "b2", "B"), card("Горбун", 1, "c4", "T"))


def battle(app: BerserkApp) -> BattleScreen:
    screen = app.screen
    assert isinstance(screen, BattleScreen)
    return screen


def match(app: BerserkApp) -> Match:
    assert isinstance(app.match, Match)
    return app.match


def menu(app: BerserkApp) -> OptionList:
    return battle(app).query_one("#actions", OptionList)


def labels(app: BerserkApp) -> list[str]:
    return [str(o.prompt) for o in menu(app).options] if menu(app).display else []


async def highlight(pilot: Pilot, app: BerserkApp, action: Action) -> None:
    """Move the list's highlight down to `action` with the arrow keys."""
    target = battle(app).menu_actions.index(action)
    await pilot.press(*["down"] * (target - (menu(app).highlighted or 0)))


@pytest.mark.parametrize("size", SIZES)
async def test_the_board_leads_while_nothing_is_picked(size: tuple[int, int]) -> None:
    """The list previews the hovered own card's actions, never «Закончить ход» (that is `e`); Enter on an
    empty cell or an enemy card keeps the focus on the board, and Enter again ends nothing."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        cards = await open_position(pilot, *MAIN)
        screen, field = battle(app), battle(app).query_one(Board)
        end_turn = app.describer().action(act.EndTurn())
        assert app.focused is field and field.cursor == CLASSIC_BOARD.parse_cell("c3")
        assert act.EndTurn() not in screen.menu_actions and end_turn not in labels(app)
        assert screen.menu_actions and {actor_of(a) for a in screen.menu_actions} == {cards["A"]}
        await arrow_to(pilot, field, CLASSIC_BOARD.parse_cell("b2"))
        assert screen.menu_actions and {actor_of(a) for a in screen.menu_actions} == {cards["B"]}
        assert screen.selected is None and app.focused is field
        for cell in ("a1", "c4"):                       # an empty cell, then the enemy card
            await arrow_to(pilot, field, CLASSIC_BOARD.parse_cell(cell))
            assert act.EndTurn() not in screen.menu_actions and end_turn not in labels(app)
            await pilot.press("enter")
            await pilot.pause()
            assert app.focused is field, cell
            await pilot.press("enter")
            await pilot.pause()
            assert app.focused is field, cell
            assert match(app).actions == [] and match(app).state.active == 0, cell


@pytest.mark.parametrize("size", SIZES)
async def test_a_picked_creature_puts_its_actions_in_the_lead(size: tuple[int, int]) -> None:
    """Enter on an own creature: the list has the focus, Down moves its highlight (not the board's cursor), the
    highlighted choice's spot is marked current on the board and its card shown in the details; Enter plays it."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        cards = await open_position(pilot, *MAIN)
        screen, field = battle(app), battle(app).query_one(Board)
        await pilot.press("enter")
        await pilot.pause()
        assert app.focused is menu(app) and screen.selected == cards["A"]
        first = screen.menu_actions[0]
        assert isinstance(first, act.Move) and field.marks[first.cell] is Mark.CURRENT
        await pilot.press("down")
        await pilot.pause()
        assert menu(app).highlighted == 1 and field.cursor == CLASSIC_BOARD.parse_cell("c3")
        second = screen.menu_actions[1]
        assert isinstance(second, act.Move)
        assert field.marks[second.cell] is Mark.CURRENT and field.marks[first.cell] is Mark.MOVE
        strike = act.Strike(cards["A"], cards["T"])
        await highlight(pilot, app, strike)
        await pilot.pause()
        assert field.cursor == CLASSIC_BOARD.parse_cell("c3")
        assert field.marks[CLASSIC_BOARD.parse_cell("c4")] is Mark.CURRENT
        assert [c for c, m in field.marks.items() if m is Mark.CURRENT] == [CLASSIC_BOARD.parse_cell("c4")]
        detail = screen.query_one(CardDetail).text.plain
        assert "Горбун" in detail and "c4" in detail
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StrikeConfirmScreen) and app.screen.strike == strike


@pytest.mark.parametrize("size", SIZES)
async def test_escape_in_a_picked_cards_list_unpicks_it(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await open_position(pilot, *MAIN)
        screen = battle(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.focused is menu(app)
        await pilot.press("escape")
        await pilot.pause()
        assert screen.selected is None and app.focused is screen.query_one(Board)
        assert match(app).actions == []


@pytest.mark.parametrize("size", SIZES)
async def test_a_prompt_puts_the_list_in_the_lead(size: tuple[int, int]) -> None:
    """A target prompt: the list has the focus, its highlighted target lit on the board and shown in the details;
    Esc goes to the board and Esc there back to the list; Enter on a cell no option points at goes back to the
    list; Enter on the lit card answers, and the next prompt (after the player's own answer) has the list again."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        state, cards = concentration()
        await open_state(pilot, state)
        screen, field = battle(app), battle(app).query_one(Board)
        assert app.focused is menu(app)
        assert screen.menu_actions == [act.Target(cards["L"]), act.Skip()]
        assert field.marks[CLASSIC_BOARD.parse_cell("c4")] is Mark.CURRENT                # the highlighted target, lit
        assert "Лирайн" in screen.query_one(CardDetail).text.plain           # and in the details
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is field
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is menu(app)
        await pilot.press("escape")
        await arrow_to(pilot, field, CLASSIC_BOARD.parse_cell("a1"))
        await pilot.press("enter")
        await pilot.pause()
        assert app.focused is menu(app) and match(app).actions == []
        await arrow_to(pilot, field, CLASSIC_BOARD.parse_cell("c4"))
        assert field.marks[CLASSIC_BOARD.parse_cell("c4")] is Mark.TARGET
        await pilot.press("enter")
        await pilot.pause()
        assert match(app).actions == [act.Target(cards["L"])]
        assert match(app).state.pending.kind == "displace"
        assert app.focused is menu(app)


@pytest.mark.parametrize("size", SIZES)
async def test_a_prompt_right_after_ones_own_action_has_the_list(size: tuple[int, int]) -> None:
    """The human strikes with Лирайн; his own Злобоглаз could answer (the settings ask for such windows): the
    response prompt that follows his strike has the focus on the list, and Esc takes it to the board."""
    app = BerserkApp(settings=Settings(bot_delay_ms=0, ask_own_responses=True))
    async with app.run_test(size=size) as pilot:
        cards = await open_position(pilot, card("Лирайн", 0, "c3", "A"), card("Злобоглаз", 0, None, "Z", zone="extra"),
                                    card("Гиртан", 1, "c4", "T", poison=1))
        await pilot.press("enter")
        await pilot.pause()
        await highlight(pilot, app, act.Strike(cards["A"], cards["T"]))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StrikeConfirmScreen)
        await pilot.press("enter")
        await pilot.pause()
        pending = match(app).state.pending
        assert (pending.player, pending.kind) == (0, "respond")
        assert app.focused is menu(app)
        assert act.Pass() in battle(app).menu_actions
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is battle(app).query_one(Board)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("make", "kind"), [(concentration, "target"), (defender, "respond"), (heal_jump, "confirm"),
                                            (exchange, "reduce")])
async def test_every_kind_of_prompt_puts_the_list_in_the_lead(make: Callable[[], Position], kind: str,
                                                             size: tuple[int, int]) -> None:
    """Target, defender, confirm and reduce prompts: the list has the focus with every answer; Esc goes to the
    board, Esc again back to the list, where Enter answers with the highlighted choice."""
    state, _ = make()
    assert (state.pending.player, state.pending.kind) == (0, kind)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await open_state(pilot, state)
        screen = battle(app)
        assert app.focused is menu(app)
        assert set(screen.menu_actions) == set(match(app).legal())
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is screen.query_one(Board)
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is menu(app)
        first = screen.menu_actions[menu(app).highlighted or 0]
        await pilot.press("enter")
        await pilot.pause()
        assert match(app).actions[:1] == [first]
