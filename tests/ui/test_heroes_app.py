"""Pilot tests of «Берсерк. Герои» in the app: from the menu's game chooser to the end of a game against the bot with
key presses only, the save and resume, hot-seat hand-overs, the graveyards and the English text."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from berserk_tui import games
from berserk_tui.engine.heroes.actions import Mulligan
from berserk_tui.heroes_play import deck_heroes, heroes_setup
from berserk_tui.match import HOTSEAT, Match, game_db
from berserk_tui.saves import look
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.heroes.battle import HeroesScreen
from berserk_tui.ui.heroes.deck_builder import HeroesDeckBuilderScreen
from berserk_tui.ui.heroes.graves import GravesScreen
from berserk_tui.ui.heroes.over import HeroesOverScreen
from berserk_tui.ui.screens.handover import HandoverScreen
from berserk_tui.ui.screens.local_games import SaveConflictScreen, save_line
from berserk_tui.ui.screens.menu import MenuScreen
from berserk_tui.ui.screens.new_game import NewGameScreen
from berserk_tui.userdata import Settings, autosave_path

from .conftest import make_app
from .driver import settle

HEROES = games.game_for("heroes")


def setup(opponent: str = "greedy", seed: int = 3):
    hero = deck_heroes(HEROES)[0].id
    return heroes_setup(HEROES, opponent, [hero, hero], seed)


async def answer(pilot: Pilot) -> None:
    """One decision of the viewer with keys: the mulligan marks the first card and puts it under the deck; in the
    main phase Enter makes the first listed action, `e` ends the turn when none is left; any other question takes
    its first answer."""
    screen = pilot.app.screen
    assert isinstance(screen, HeroesScreen)
    kind = pilot.app.match.state.pending.kind    # type: ignore[attr-defined]
    if kind == "mulligan":
        await pilot.press("enter", "end", "enter")
    elif kind == "main" and not screen.answers:
        await pilot.press("e")
    else:
        assert screen.focused is screen.menu           # a new question puts the focus on its answers
        await pilot.press("home", "enter")


async def play_out(pilot: Pilot, limit: int = 3000) -> None:
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    for _ in range(limit):
        await settle(pilot)
        if isinstance(app.screen, HeroesOverScreen):
            return
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("enter")
        elif isinstance(app.screen, HeroesScreen) and app.screen.my_decision:
            await answer(pilot)
    raise AssertionError("the game did not end")


async def test_whole_game_vs_bot_from_the_menu_keys_only(home: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("up", "enter", "enter")    # the game chooser: classic → board game → heroes
        assert app.rules == "heroes"
        await pilot.press("down", "enter")           # play against the bot
        await pilot.pause()
        await pilot.press(*["tab"] * 7, *"7", "enter")     # rules, mode, bot, each hero and deck → seed
        await settle(pilot)
        assert app.match is not None and app.match.game_def is HEROES and app.match.setup.seed == 7
        prebuilt = {d.name: d.ids for d in HEROES.prebuilt_decks(game_db(HEROES))}
        name = app.match.setup.deck_names[0]                    # the hero's prebuilt deck is offered first
        assert list(app.match.setup.decks[0]) == prebuilt[name]
        assert isinstance(app.screen, HeroesScreen)
        await play_out(pilot)
        state = app.match.state
        assert state.over and any(e.kind == "game_over" for e in app.match.log)
        assert any(isinstance(a, Mulligan) and len(a.cards) == 1 for a in app.match.actions)
        assert not autosave_path().exists()           # the save of an ended game is gone
        await pilot.press("down", "enter")            # the over screen: «В меню»
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.match is None


async def test_autosave_and_resume(home: Path) -> None:
    app = make_app(setup("random", 5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(6):
            await answer(pilot)
            await settle(pilot)
        actions = list(app.match.actions)
        state_hash = app.match.state.state_hash()
    assert autosave_path().exists()
    match = Match.load(autosave_path(), None)   # type: ignore[arg-type]
    assert match.actions == actions and match.state.state_hash() == state_hash
    app = make_app(resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HeroesScreen) and app.match.state.state_hash() == state_hash


async def test_hotseat_hands_over_and_hides_the_hand(home: Path) -> None:
    app = make_app(setup(HOTSEAT, 4))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HeroesScreen) and app.match.state.pending.kind == "first_player"
        assert app.screen.seat == app.match.to_move           # the die's winner chooses where both see: no hand-over
        await pilot.press("home", "enter")
        await settle(pilot)
        assert isinstance(app.screen, HandoverScreen)         # the mulligan is his alone
        seat = app.match.to_move
        assert f"Игрок {seat + 1}" in app.screen.text()
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HeroesScreen) and screen.seat == seat
        hand = app.match.state.players[seat].hand
        shown = {uid for uid in screen.rows if uid is not None}
        assert set(hand) <= shown and not set(app.match.state.players[1 - seat].hand) & shown
        handovers = 0
        for _ in range(40):                      # through the preparation into the first turns
            await settle(pilot)
            if isinstance(app.screen, HandoverScreen):
                handovers += 1
                await pilot.press("enter")
            elif isinstance(app.screen, HeroesScreen):
                await answer(pilot)
        assert handovers >= 2


async def test_graveyards_and_english(home: Path) -> None:
    app = make_app(setup("random", 6), lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        while app.match.state.turn < 5 and not app.match.over:
            await answer(pilot)
            await settle(pilot)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, GravesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HeroesScreen)
        log = app.logs[0]
        assert any(line.startswith("— Turn") for line in log)
        assert not any("(event" in line for line in log)        # every event of the game has its words


async def test_build_a_deck_and_play_it(home: Path) -> None:
    """The deck builder with keys: 14 cards × 3 with `+`, a name, Ctrl+S; the new-game form offers the deck for its
    hero and the game is played with it."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("up", "enter", "enter", *["down"] * 6, "enter")     # heroes → «Редактор колод»
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HeroesDeckBuilderScreen) and screen.hero == deck_heroes(HEROES)[0].id
        for _ in range(14):
            await pilot.press("plus", "plus", "plus", "plus", "down")           # the 4th copy is refused
        assert len(screen.cards) >= 40 and all(screen.cards.count(c) <= 5 for c in screen.cards)
        await pilot.press("shift+tab")                                        # the name field
        await pilot.press(*"Топь", "ctrl+s")
        await settle(pilot)
        saved = list((home / "decks" / "heroes").glob("*.toml"))
        assert [p.name for p in saved] == ["Топь.toml"]
        await pilot.press("escape", "home", "down", "enter")                  # back; «Играть с ботом»
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        await pilot.press("tab", "tab", "tab", "tab")                         # rules, mode, bot, hero → its deck
        await pilot.press("enter", "down", "enter")                           # «Топь»
        await pilot.press("tab", "tab", "tab", *"9", "enter")                 # the bot's hero and deck → seed
        await settle(pilot)
        assert app.match is not None and app.match.setup.deck_names[0] == "Топь"
        assert sorted(app.match.setup.decks[0][1:]) == sorted(screen.cards)


async def test_a_new_game_over_an_unfinished_one_names_it(home: Path) -> None:
    app = make_app(setup("random", 5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(4):
            await answer(pilot)
            await settle(pilot)
        turn = app.match.state.turn
    app = make_app(setup("random", 8))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SaveConflictScreen)
        line = save_line(look(autosave_path(), app.db), app.t)     # type: ignore[arg-type]
        where = f"бой, ход {turn}" if turn else "подготовка"
        assert "«Берсерк. Герои» · против бота · " + where in line


async def test_the_bots_moves_are_paced_in_play_and_n_skips_the_pause(home: Path) -> None:
    """With the settings' pause the bot waits before each move of the play phase (not in the preparation), the
    prompt says what happened last, and `n` lets it move at once."""
    app = BerserkApp(setup=setup("greedy", 3), settings=Settings(bot_delay_ms=3000))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await pilot.pause(0.02)
            m = app.match
            if app.bot_waiting:
                break
            if m is not None and m.to_move == 0 and isinstance(app.screen, HeroesScreen) and not app._thinking:
                await answer(pilot)
        assert app.bot_waiting and app.match.phase == "play" and app.match.to_move == 1
        moves = len(app.match.actions)
        await pilot.pause(0.3)
        assert len(app.match.actions) == moves                  # it waits
        await pilot.press("n")
        for _ in range(100):
            await pilot.pause(0.02)
            if len(app.match.actions) > moves:
                break
        assert len(app.match.actions) > moves                   # `n`: at once
