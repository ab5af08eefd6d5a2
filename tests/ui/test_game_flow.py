"""Pilot tests: whole games and the game flow driven by key presses only."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from textual.widgets import OptionList, Static

from berserk_tui.bot.greedy import GreedyBot
from berserk_tui.bot.strong import StrongBot
from berserk_tui.match import HOTSEAT, Match, MatchSetup
from berserk_tui.ui.screens.battle import BattleScreen
from berserk_tui.ui.screens.deploy import DeployScreen
from berserk_tui.ui.screens.game_over import GameOverScreen
from berserk_tui.ui.screens.handover import HandoverScreen
from berserk_tui.ui.screens.menu import MenuScreen
from berserk_tui.ui.screens.new_game import NewGameScreen
from berserk_tui.ui.screens.order import OrderScreen
from berserk_tui.ui.screens.purchase import PurchaseScreen
from cards.loader import load_all

from .conftest import bot_setup, make_app
from .driver import play_to_the_end, settle
from .scenes import advance, battle_turn


def text_of(widget: Static) -> str:
    return str(widget.render())


async def test_whole_game_against_the_bot_with_keys_only(home: Path) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("enter")                           # «Играть с ботом» (first: there is no save)
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("tab", "tab", "tab", "tab", "tab", "1", "enter")  # rules, mode, bot, my deck, its deck,
        # the seed; Enter starts
        await settle(pilot)
        assert app.match is not None and not app.match.setup.hotseat and app.match.setup.seed == 1
        seen: set[type] = set()
        original = app._show_phase

        def spy(force: bool = False) -> None:
            original(force)
            seen.add(type(app.screen))

        app._show_phase = spy  # type: ignore[method-assign]
        steps = await play_to_the_end(pilot, seed=1)
        assert isinstance(app.screen, GameOverScreen)
        assert {PurchaseScreen, DeployScreen, BattleScreen} <= seen
        title = text_of(app.screen.query_one("#over-title", Static))
        assert title in ("Победа!", "Поражение", "Ничья")
        assert app.match.over and len(app.match.actions) > 20 and steps > 10
        assert not (home / "autosave.json").exists()         # a finished game leaves no save
        await pilot.press("tab")                             # the summary table takes no keys
        assert app.focused is app.screen.query_one("#over-menu", OptionList)
        await pilot.press("down", "enter")                   # «В меню»
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen) and app.match is None


async def test_autosave_and_resume(home: Path) -> None:
    app = make_app(bot_setup(seed=4))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, OrderScreen):              # the bot's roll and choice: go on to the purchase
            await pilot.press("enter")
            await settle(pilot)
        assert isinstance(app.screen, PurchaseScreen)
        await pilot.press("space")                           # buy the first card of the deal
        await settle(pilot)
        assert app.match.view(app.viewer).players[app.viewer].selected  # type: ignore[union-attr]
        actions = list(app.match.actions)  # type: ignore[union-attr]
        state_hash = app.match.state.state_hash()  # type: ignore[union-attr]
        assert (home / "autosave.json").exists()
    app = make_app(resume=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.match is not None and app.match.actions == actions
        assert app.match.state.state_hash() == state_hash
        assert isinstance(app.screen, PurchaseScreen)


async def test_f9_plays_the_strong_bots_choice_for_me(home: Path) -> None:
    app = make_app(bot_setup(seed=5, opponent="greedy"))
    async with app.run_test(size=(100, 30)) as pilot:
        await advance(pilot, battle_turn(2), seed=4)
        match = app.match
        assert match is not None and match.to_move == app.viewer
        before = len(match.actions)
        view, legal = match.view(app.viewer), match.legal()
        expected = StrongBot(match.revision)(view, legal)
        assert expected != GreedyBot(match.revision)(view, legal), "a position where the bots differ"
        asked_at: list[int] = []                            # moves played when a worker started
        run_worker = app.run_worker

        def spy(*args: Any, **kwargs: Any) -> Any:
            asked_at.append(len(match.actions))
            return run_worker(*args, **kwargs)

        app.run_worker = spy  # type: ignore[method-assign]
        await pilot.press("f9")
        await settle(pilot)
        assert asked_at[:1] == [before]                     # asked in a worker, off the event loop
        assert match.actions[before:before + 1] == [expected]
        assert (home / "autosave.json").exists()


async def test_a_corrupt_save_is_reported_and_kept(home: Path) -> None:
    save = home / "autosave.json"
    save.write_text('{"version": 1, "setup": {"opponent": "random"}', encoding="utf-8")
    app = make_app(resume=True)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        assert app.match is None and isinstance(app.screen, MenuScreen)
        assert any("Сохранение не загружено" in n.message for n in app._notifications)
    assert save.read_text(encoding="utf-8").startswith('{"version": 1')


async def test_a_tampered_save_is_refused(home: Path) -> None:
    match = Match.start(load_all(), bot_setup(seed=2))
    match.play(match.legal()[0])
    data = match.to_json()
    data["hash"] = "0" * 64
    (home / "autosave.json").write_text(json.dumps(data), encoding="utf-8")
    app = make_app(resume=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.match is None


async def test_hotseat_hands_over_between_players(home: Path) -> None:
    decks = bot_setup().decks
    app = make_app(MatchSetup(HOTSEAT, decks, ("a", "b"), seed=3))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, OrderScreen)
        first_chooser = app.viewer
        await pilot.press("enter")                           # go first
        await settle(pilot)
        # both players watched the roll: the order winner's deal is handed over to him first
        assert isinstance(app.screen, HandoverScreen) and app.screen.seat == first_chooser
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PurchaseScreen) and app.viewer == first_chooser
        await pilot.press("space", "c")
        await settle(pilot)
        assert isinstance(app.screen, HandoverScreen)
        assert app.screen.styles.background.a == 1              # opaque: the next player's deal is covered
        await pilot.press("enter")
        await settle(pilot)
        assert app.viewer == 1 - first_chooser and isinstance(app.screen, PurchaseScreen)
        assert any("игрок 1 получает" in line for line in app.logs[0])   # two people here: no roles
        assert not any("(вы)" in line for lines in app.logs.values() for line in lines)


async def test_the_log_says_which_player_is_you_and_which_the_bot(home: Path) -> None:
    app = make_app(bot_setup(seed=4))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        me, bot = app.viewer + 1, 2 - app.viewer
        log = app.logs[app.viewer]
        assert any(f"игрок {me} (вы) получает" in line for line in log)
        assert any(f"игрок {bot} (бот) получает" in line for line in log)


async def test_english_interface(home: Path) -> None:
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        labels = [str(o.prompt) for o in app.screen.query_one("#menu", OptionList).options]
        assert "Play against the bot" in labels and "Quit" in labels


async def test_switching_language_in_settings(home: Path) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#menu", OptionList)
        menu.highlighted = [o.id for o in menu.options].index("settings")
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("enter", "down", "enter")          # open the language list, pick English
        await settle(pilot)
        assert app.lang == "en"
        assert json.loads((home / "settings.json").read_text(encoding="utf-8"))["lang"] == "en"
        await pilot.press("escape")
        await settle(pilot)
        labels = [str(o.prompt) for o in app.screen.query_one("#menu", OptionList).options]
        assert "Settings" in labels
