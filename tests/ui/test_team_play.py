"""Pilot tests of seed 003's team game played locally: hot-seat hand-overs among the people of four seats (the
bots' seats need none), and a game against three bots played to its end, whose screen names the winning team."""

from __future__ import annotations

import random

from textual.widgets import DataTable, Static

from berserk_tui.engine import actions as act
from berserk_tui.match import HUMAN, MatchSetup
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.screens.game_over import GameOverScreen
from berserk_tui.ui.screens.handover import HandoverScreen
from cards.decks import builtin_decks
from cards.loader import load_all

from .conftest import make_app
from .driver import choose, settle

DB = load_all()


def team_setup(*players: str, seed: int = 3) -> MatchSetup:
    decks = builtin_decks(DB)[:4]
    return MatchSetup.for_seats("team", players, [d.cards for d in decks], [d.name for d in decks], seed)


async def step(app: BerserkApp, rng: random.Random) -> None:
    """The person to move plays: a few cards bought, the deployment confirmed, else the driver's choice."""
    m = app.match
    assert m is not None
    v, legal = m.view(app.viewer), m.legal()
    if v.pending.kind == "purchase":
        buys = [a for a in legal if isinstance(a, act.Buy)]
        action = buys[0] if buys and len(v.players[app.viewer].selected) < 4 else act.Confirm()
    elif v.pending.kind == "deploy":
        action = act.Confirm() if act.Confirm() in legal else legal[0]
    elif v.pending.kind == "choose_order":
        action = legal[0]
    else:
        action = choose(v, legal, rng)
    app.play(action)


async def test_hot_seat_hands_over_between_the_people_only() -> None:
    """People at seats 0 and 2, bots at 1 and 3: the screen is handed to each person before his decisions and
    tells the other person to look away; a bot's decisions need no hand-over."""
    app = make_app(team_setup(HUMAN, "random", HUMAN, "random"))
    rng, seen = random.Random(1), []
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        while len(seen) < 3:
            if isinstance(app.screen, HandoverScreen):
                seen.append((app.screen.seat, str(app.screen.query_one("#handover", Static).render())))
                await pilot.press("enter")
            else:
                await pilot.press("enter") if app.screen.__class__.__name__ == "OrderScreen" else await step(app, rng)
            await settle(pilot)
    assert {seat for seat, _ in seen} == {0, 2}
    for seat, text in seen:
        other = 2 - seat
        assert f"Игрок {other + 1}, не смотрите" in text and f"Игрок {seat + 1}, нажмите Enter" in text


async def test_a_game_against_three_bots_ends_with_the_winning_team() -> None:
    app = make_app(team_setup(HUMAN, "greedy", "random", "greedy", seed=3))     # a short game: 12 turns
    rng = random.Random(2)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(3000):
            m = app.match
            assert m is not None
            if m.over:
                break
            if app.screen.__class__.__name__ == "OrderScreen":
                await pilot.press("enter")
            elif m.to_move == app.viewer:
                await step(app, rng)
            await settle(pilot)
        await settle(pilot)
        m = app.match
        assert m is not None and m.over and isinstance(app.screen, GameOverScreen)
        title = str(app.screen.query_one("#over-title", Static).render())
        won = m.state.winner == m.state.seats.teams[0]
        assert title == ("Победа!" if won else "Поражение")
        assert f"команды {2 - m.state.winner}" in str(app.screen.query_one("#over-reason", Static).render())
        assert len(app.screen.query_one("#over-table", DataTable).columns) == 5      # a label and four seats
