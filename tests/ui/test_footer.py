"""Pilot tests of the footer: it says what Enter and Esc do for the current focus, and at 80 columns it always
keeps the key that finishes the step (`c` in purchase and deployment, `e` in the battle's main decision)."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from berserk_tui.engine import actions as act
from berserk_tui.engine import apply
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.screens.battle import BattleScreen
from berserk_tui.ui.screens.deploy import DeployScreen
from berserk_tui.ui.screens.order import OrderScreen
from berserk_tui.ui.screens.purchase import PurchaseScreen
from berserk_tui.ui.widgets.footer import Footer
from tests.engine.strike_play import board, card

from .conftest import bot_setup, make_app
from .driver import settle
from .positions import open_position, open_state
from .scenes import advance, phase_is

WORDS = {   # what the footer says for Enter and Esc
    "ru": {"pick": "выбрать карту", "do": "сделать", "unpick": "назад", "to_field": "на поле",
           "answer_here": "выбрать здесь", "to_list": "к вариантам"},
    "en": {"pick": "pick a card", "do": "do it", "unpick": "back", "to_field": "to the board",
           "answer_here": "choose here", "to_list": "to the choices"},
}


def shown(app: BerserkApp) -> list[tuple[str, str]]:
    """The footer's hints as it draws them at its width: (key, label), most important first."""
    footer = app.screen.query_one(Footer)
    return [(hint.key, label) for hint, label in footer.line(footer.size.width)]


def keys(app: BerserkApp) -> list[str]:
    return [key for key, _ in shown(app)]


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_enter_and_esc_in_the_main_decision(lang: str) -> None:
    """Nothing picked: «enter выбрать карту» and `e`; a creature picked, its list in focus: «enter сделать»,
    «esc назад», and still `e`."""
    words = WORDS[lang]
    app = make_app(lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_position(pilot, card("Гиртан", 0, "c3", "A"), card("Горбун", 1, "c4", "T"))
        assert app.screen.query_one(Footer).size.width == 80
        assert shown(app)[0] == ("enter", words["pick"])
        assert "e" in keys(app) and "esc" not in keys(app)
        await pilot.press("enter")
        await pilot.pause()
        hints = shown(app)
        assert hints[0] == ("enter", words["do"])
        assert ("esc", words["unpick"]) in hints
        assert "e" in keys(app)


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_enter_and_esc_in_a_prompt(lang: str) -> None:
    """A target prompt: in the list «enter сделать» and «esc на поле»; on the board «enter выбрать здесь» and
    «esc к вариантам»; no `e` (the turn cannot end in a prompt)."""
    words = WORDS[lang]
    state, _ = board(card("Русалка", 0, "c2", "R"), card("Лирайн", 1, "c4", "L"), active=1)
    apply(state, act.EndTurn())
    app = make_app(lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_state(pilot, state)
        assert shown(app)[0] == ("enter", words["do"]) and ("esc", words["to_field"]) in shown(app)
        assert "e" not in keys(app)
        await pilot.press("escape")
        await pilot.pause()
        assert shown(app)[:2] == [("enter", words["answer_here"]), ("esc", words["to_list"])]


async def to_screen(pilot: Pilot, phase: str, screen: type) -> None:
    """Play the human side until his decision of `phase`; go on from the order roll's result."""
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    await advance(pilot, phase_is(phase))
    if isinstance(app.screen, OrderScreen):
        await pilot.press("enter")
        await settle(pilot)
    assert isinstance(app.screen, screen)


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_the_finishing_key_stays_at_80_columns(lang: str) -> None:
    """`c` in purchase and deployment (the squad in focus and the board in focus), `e` in the main decision."""
    app = make_app(bot_setup(seed=4), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_screen(pilot, "purchase", PurchaseScreen)
        assert "c" in keys(app), shown(app)
        await to_screen(pilot, "deploy", DeployScreen)
        assert "c" in keys(app), shown(app)
        await pilot.press("enter")          # a card of the squad picked: the board has the focus
        await pilot.pause()
        assert shown(app)[0][0] == "enter" and "c" in keys(app), shown(app)
        await advance(pilot, lambda a: phase_is("battle")(a) and a.match is not None
                      and a.match.state.pending.kind == "main")
        assert isinstance(app.screen, BattleScreen)
        assert "e" in keys(app), shown(app)
