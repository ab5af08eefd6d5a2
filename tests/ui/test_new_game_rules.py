"""The new-game form picks the rules and the mode: the board game against the bot with keys only, a mode of more
seats lists who plays each seat and its deck, and the one-player «Битва за Лаар» asks for one deck."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select

from berserk_tui.games.boardgame import BOARDGAME
from berserk_tui.games.team import TEAM
from berserk_tui.match import HUMAN, Match, MatchSetup
from berserk_tui.ui.screens.menu import MenuScreen
from berserk_tui.ui.screens.new_game import NewGameScreen

from .conftest import make_app
from .driver import settle


async def test_the_board_game_against_the_bot_with_keys_only(home: Path) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("enter")                            # «Играть с ботом»
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter", "down", "enter")           # the rules: «Настольная игра»
        await settle(pilot)
        assert app.screen.query_one("#rules", Select).value == "boardgame"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.match is not None and app.match.game_def is BOARDGAME
        assert app.match.setup.game == "boardgame" and app.match.state.rules.rulebook.name == "boardgame"
        app.match.save(app.autosave)
    again = Match.load(app.autosave, app.db)
    assert again.game_def is BOARDGAME and again.setup == app.match.setup


async def test_a_mode_of_four_seats_lists_each_seat(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[MatchSetup] = []
    app = make_app()
    monkeypatch.setattr(app, "start_game", started.append)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        app.push_screen(NewGameScreen("hotseat"))
        await settle(pilot)
        form = app.screen
        assert [v for _, v in form.query_one("#mode", Select)._options] == ["duel"]
        form.query_one("#rules", Select).value = "boardgame"
        await settle(pilot)
        assert [v for _, v in form.query_one("#mode", Select)._options] == ["duel", "laar-solo", "laar-duel", "team"]
        form.query_one("#mode", Select).value = "team"
        await settle(pilot)
        assert [form.query_one(f"#player{s}", Select).value for s in range(4)] == [HUMAN] * 4
        form.query_one("#player1", Select).value = "random"
        form.query_one("#player3", Select).value = "greedy"
        await pilot.press("ctrl+s")
        await settle(pilot)
    setup = started[0]
    assert setup.game == "team" and setup.players == (HUMAN, "random", HUMAN, "greedy")
    assert setup.hotseat and setup.humans == (0, 2) and len(setup.decks) == len(setup.deck_names) == 4
    match = Match.start(app.db, setup)
    assert match.game_def is TEAM and sorted(match.bots) == [1, 3]
    assert match.state.seats.count == 4


async def test_the_one_player_battle_for_laar_asks_for_one_deck(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[MatchSetup] = []
    app = make_app()
    monkeypatch.setattr(app, "start_game", started.append)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.push_screen(NewGameScreen("vs_bot"))
        await settle(pilot)
        form = app.screen
        form.query_one("#rules", Select).value = "boardgame"
        await settle(pilot)
        form.query_one("#mode", Select).value = "laar-solo"
        await settle(pilot)
        assert not form.query("#deck1") and not form.query_one("#bot").display
        form.query_one("#mode", Select).value = "laar-duel"
        await settle(pilot)
        assert form.query("#deck1") and form.query_one("#bot").display
        form.query_one("#mode", Select).value = "laar-solo"
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    setup = started[0]
    assert setup.game == "laar-solo" and setup.decks[1] == () and setup.humans == (0,)
    match = Match.start(app.db, setup)
    assert match.state.rules.rulebook.name == "laar-solo"
