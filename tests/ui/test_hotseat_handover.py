"""Pilot tests: hot-seat hand-overs say who decides what. The order roll is public (its winner chooses
on the screen both see), the first purchase is handed over, a battle decision of the other player
is named («Игрок 1 решает: ответ на действие соперника»), and one player's consecutive decisions
need no hand-over between them."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

from berserk_tui.bot import get_agent
from berserk_tui.engine import Action
from berserk_tui.engine import actions as act
from berserk_tui.match import HOTSEAT, Match, MatchSetup
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.screens.handover import HandoverScreen
from berserk_tui.ui.screens.order import OrderScreen
from berserk_tui.ui.screens.purchase import PurchaseScreen
from cards.loader import load_all

from .conftest import bot_setup, make_app
from .driver import settle

DB = load_all()


def hotseat(seed: int) -> MatchSetup:
    return MatchSetup(HOTSEAT, bot_setup().decks, ("a", "b"), seed=seed)


def roll_winner(match: Match) -> int:
    last = {e.data["seat"]: e.data["value"] for e in match.log if e.kind == "order_roll"}
    return max(last, key=lambda seat: last[seat])


def handover_text(app: BerserkApp) -> str:
    assert isinstance(app.screen, HandoverScreen)
    return str(app.screen.query_one("#handover", Static).render())


def handovers(app: BerserkApp) -> int:
    return sum(isinstance(s, HandoverScreen) for s in app.screen_stack)


async def take_the_purchase(pilot: Pilot, seat: int) -> None:
    """The hand-over names player `seat` buying his squad; Enter shows his purchase, his to decide."""
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    n, other = seat + 1, 2 - seat
    assert handover_text(app) == f"Игрок {n} покупает отряд.\n\nИгрок {other}, не смотрите на экран.\n" \
                                 f"Игрок {n}, нажмите Enter."
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(app.screen, PurchaseScreen) and handovers(app) == 0
    assert str(app.screen.query_one("#purchase-title", Static).render()).startswith(f"Покупка отряда — игрок {n},")
    assert app.viewer == seat == app.match.to_move  # type: ignore[union-attr]


def winner_two() -> MatchSetup:
    """A hot-seat game whose order roll player 2 wins."""
    return hotseat(next(s for s in range(100) if roll_winner(Match.start(DB, hotseat(s))) == 1))


async def test_the_roll_is_public_and_the_first_purchase_is_handed_over(home: Path) -> None:
    app = make_app(winner_two())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, OrderScreen) and handovers(app) == 0      # both players watch the roll
        assert app.viewer == 1
        assert str(app.screen.query_one("#order-question", Static).render()) == \
            "Игрок 2 выиграл жребий. Ходить первым или вторым?"
        await pilot.press("enter")                           # player 2 goes first
        await settle(pilot)
        await take_the_purchase(pilot, 1)


async def test_after_the_first_hand_over_a_second_purchase_needs_none(home: Path) -> None:
    app = make_app(winner_two())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter")                           # player 2 goes first
        await settle(pilot)
        await take_the_purchase(pilot, 1)
        bought = len(app.match.actions)  # type: ignore[union-attr]
        await pilot.press("space")                           # a card bought: still player 2's decision
        await settle(pilot)
        assert len(app.match.actions) == bought + 1 and app.match.to_move == 1  # type: ignore[union-attr]
        assert isinstance(app.screen, PurchaseScreen) and handovers(app) == 0


async def test_the_loser_of_the_roll_who_buys_first_sees_his_own_deal(home: Path) -> None:
    app = make_app(winner_two())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("down", "enter")                   # player 2 goes second: player 1 buys first
        await settle(pilot)
        await take_the_purchase(pilot, 0)
        await pilot.press("space")
        await settle(pilot)
        assert len(app.match.actions) == 2  # type: ignore[union-attr]


async def test_one_players_consecutive_decisions_need_no_hand_over(home: Path) -> None:
    match = Match.start(DB, winner_two())
    match.play(act.ChooseOrder(True))                        # player 2 buys first
    match.save(home / "autosave.json")
    app = make_app(resume=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await take_the_purchase(pilot, 1)
        await pilot.press("space")                           # a card bought: still player 2's decision
        await settle(pilot)
        assert len(app.match.actions) == 2 and app.match.to_move == 1  # type: ignore[union-attr]
        assert isinstance(app.screen, PurchaseScreen) and handovers(app) == 0
        await pilot.press("c")                               # the squad is ready: player 1 buys
        await settle(pilot)
        await take_the_purchase(pilot, 0)


def before_a_response(seed: int) -> tuple[Match, Action]:
    """A hot-seat game played by random bots up to a battle action of one player after which the
    other one must respond; the game before that action, and the action."""
    played = Match.start(DB, hotseat(seed))
    bots = [get_agent("random", seed), get_agent("random", seed + 7)]
    while not played.over:
        seat, kind = played.to_move, played.state.pending.kind
        action = bots[seat](played.view(seat), played.legal())
        battle = played.phase == "battle"
        played.play(action)
        if battle and kind == "main" and played.state.pending.kind == "respond" and played.to_move != seat:
            match = Match.start(DB, hotseat(seed))
            for a in played.actions[:-1]:
                match.play(a)
            return match, action
    raise AssertionError("no response of the other player in this game")


async def test_a_response_of_the_other_player_is_named_not_called_a_turn(home: Path) -> None:
    match, action = before_a_response(seed=3)
    me = match.to_move
    match.save(home / "autosave.json")
    app = make_app(resume=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert handover_text(app).startswith(f"Ход игрока {me + 1}.\n\n")
        await pilot.press("enter")
        await settle(pilot)
        assert app.viewer == me and handovers(app) == 0
        assert app.play(action)
        await settle(pilot)
        other = app.match.to_move  # type: ignore[union-attr]
        assert other == 1 - me and app.match.state.pending.kind == "respond"  # type: ignore[union-attr]
        said = handover_text(app)
        assert said == (f"Игрок {other + 1} решает: ответ на действие соперника.\n\n"
                        f"Игрок {me + 1}, не смотрите на экран.\nИгрок {other + 1}, нажмите Enter.")
        assert "Ход" not in said
        await pilot.press("enter")
        await settle(pilot)
        assert app.viewer == other and handovers(app) == 0


async def test_the_hand_over_in_english(home: Path) -> None:
    match, action = before_a_response(seed=3)
    match.save(home / "autosave.json")
    app = make_app(resume=True, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        app.play(action)
        await settle(pilot)
        other = app.match.to_move + 1  # type: ignore[union-attr]
        assert handover_text(app).startswith(f"Player {other} decides: a response to the opponent's action.\n\n")
