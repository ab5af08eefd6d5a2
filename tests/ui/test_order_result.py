"""Pilot tests: the order roll is always shown. When the bot wins and chooses, its dice and choice stay on
the screen until the player goes on; when the player wins, his choice leads straight to the purchase;
a resumed game does not show the roll again."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, Static

from berserk_tui.match import Match
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.screens.order import OrderScreen
from berserk_tui.ui.screens.purchase import PurchaseScreen
from cards.loader import load_all

from .conftest import bot_setup, make_app
from .driver import settle

DB = load_all()


def roll_winner(match: Match) -> int:
    """The seat with the higher die in the last (deciding) pair of the order roll."""
    last = {e.data["seat"]: e.data["value"] for e in match.log if e.kind == "order_roll"}
    assert last[0] != last[1]
    return max(last, key=lambda seat: last[seat])


def seed_where(winner: int) -> int:
    """The first seed of a game against the bot whose order roll `winner` (0: the player, 1: the bot) wins."""
    return next(s for s in range(100) if roll_winner(Match.start(DB, bot_setup(seed=s))) == winner)


def text(app: BerserkApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def options(app: BerserkApp) -> list[str]:
    return [str(o.prompt) for o in app.screen.query_one("#order-choice", OptionList).options]


async def test_the_bots_roll_and_choice_stay_until_the_player_goes_on(home: Path) -> None:
    seed = seed_where(1)
    app = make_app(bot_setup(seed=seed))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        match = app.match
        assert match is not None and match.phase == "purchase"        # the bot has chosen
        assert isinstance(app.screen, OrderScreen)
        rolls = [e.data for e in match.log if e.kind == "order_roll"]
        dice = text(app, "#order-dice").splitlines()
        assert len(dice) == len(rolls) >= 2
        assert [line.split(":")[0] for line in dice[-2:]] == ["вы", "бот"]
        assert [line.split()[-1] for line in dice] == [str(r["value"]) for r in rolls]
        first = next(e.data["first"] for e in match.log if e.kind == "order")
        assert text(app, "#order-question") == (
            f"Бот выиграл жребий и решил {'ходить первым' if first == 1 else 'ходить вторым'}.\n"
            f"Вы ходите {'первым' if first == 0 else 'вторым'}.")
        assert options(app) == ["Дальше: покупка отряда"]
        await pilot.pause(0.2)
        await settle(pilot)
        assert isinstance(app.screen, OrderScreen)                   # it waits for the player
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PurchaseScreen)


async def test_the_english_result_of_the_bots_roll(home: Path) -> None:
    app = make_app(bot_setup(seed=seed_where(1)), lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, OrderScreen)
        assert text(app, "#order-question").startswith("The bot won the roll and chose to go ")
        assert options(app) == ["Go on: buying the squad"]


async def test_the_players_own_choice_leads_straight_to_the_purchase(home: Path) -> None:
    app = make_app(bot_setup(seed=seed_where(0)))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, OrderScreen) and app.match is not None and app.match.phase == "order"
        assert text(app, "#order-question") == "Вы выиграли жребий. Ходить первым или вторым?"
        assert options(app) == ["Ходить первым", "Ходить вторым"]
        await pilot.press("down", "enter")                           # go second
        await settle(pilot)
        assert app.match.phase == "purchase" and isinstance(app.screen, PurchaseScreen)
        assert not any(isinstance(s, OrderScreen) for s in app.screen_stack)


async def test_a_resumed_game_does_not_show_the_roll_again(home: Path) -> None:
    match = Match.start(DB, bot_setup(seed=seed_where(1)))
    match.play(match.bot_action())                                  # the bot chooses the order
    assert match.phase == "purchase"
    match.save(home / "autosave.json")
    app = make_app(resume=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PurchaseScreen)
        assert not any(isinstance(s, OrderScreen) for s in app.screen_stack)
