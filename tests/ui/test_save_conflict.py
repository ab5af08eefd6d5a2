"""Pilot tests: a new game never overwrites an unfinished one. It asks first (go on with it, keep it aside
in `saves/`, or cancel); a damaged autosave is named once and kept aside; several saves are listed."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from berserk_tui.engine import actions as act
from berserk_tui.match import Match
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.screens.local_games import SaveConflictScreen, SavedGamesScreen
from berserk_tui.ui.screens.menu import MenuScreen
from berserk_tui.ui.screens.new_game import NewGameScreen
from berserk_tui.ui.screens.purchase import PurchaseScreen
from cards.loader import load_all

from .conftest import bot_setup, make_app
from .driver import settle

DB = load_all()
OLD_SEED, NEW_SEED = 2, 6
DAMAGED = "Сохранённая партия не загружается"


def unfinished(path: Path, seed: int = OLD_SEED) -> Match:
    """A game against the bot saved when the player (seat 0) is buying his squad, a card bought."""
    match = Match.start(DB, bot_setup(seed=seed))
    while not (match.phase == "purchase" and match.to_move == 0 and len(match.actions) >= 2):
        match.play(match.bot_action() if match.is_bot(match.to_move) else match.legal()[0])
    match.save(path)
    return match


def kept(home: Path) -> list[Path]:
    folder = home / "saves"
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def notes(app: BerserkApp, text: str) -> list[str]:
    return [n.message for n in app._notifications if text in n.message]


def menu_ids(app: BerserkApp) -> list[str | None]:
    return [o.id for o in app.screen.query_one("#menu", OptionList).options]


async def choose(pilot: Pilot, menu: OptionList, key: str) -> None:
    menu.highlighted = [o.id for o in menu.options].index(key)
    await pilot.press("enter")
    await settle(pilot)


async def new_game_from_the_menu(pilot: Pilot, seed: int) -> None:
    """«Играть с ботом», the seed typed in, Enter."""
    app: BerserkApp = pilot.app  # type: ignore[assignment]
    await choose(pilot, app.screen.query_one("#menu", OptionList), "vs_bot")
    assert isinstance(app.screen, NewGameScreen)
    await pilot.press("tab", "tab", "tab", "tab", "tab", *str(seed), "enter")
    await settle(pilot)


async def test_a_new_game_asks_and_keeps_the_unfinished_one_aside(home: Path) -> None:
    autosave = home / "autosave.json"
    old = unfinished(autosave)
    before = autosave.read_bytes()
    app = make_app(bot_setup(seed=NEW_SEED))                 # as `berserk play` starts
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SaveConflictScreen) and app.match is None
        assert autosave.read_bytes() == before
        choice = app.screen.query_one("#save-choice", OptionList)
        assert [o.id for o in choice.options] == ["resume", "new", "cancel"]
        await pilot.press("down", "enter")                   # «Начать новую, а незаконченную отложить»
        await settle(pilot)
        (moved,) = kept(home)
        assert moved.read_bytes() == before                  # moved, not rewritten
        assert Match.load(moved, DB).actions == old.actions
        assert notes(app, "Незаконченная партия отложена") == [
            f"Незаконченная партия отложена ({moved}): её можно продолжить из меню, «Продолжить партию»."]
        assert app.match is not None and app.match.setup.seed == NEW_SEED and app.save_path == autosave
        await pilot.press("enter")                           # the new game's first decision
        await settle(pilot)
        assert app.match.actions
        assert Match.load(autosave, DB).setup.seed == NEW_SEED
        assert moved.read_bytes() == before


async def test_resume_in_the_question_goes_on_with_the_unfinished_game(home: Path) -> None:
    autosave = home / "autosave.json"
    old = unfinished(autosave)
    before = autosave.read_bytes()
    app = make_app(bot_setup(seed=NEW_SEED))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SaveConflictScreen)
        await pilot.press("enter")                           # «Продолжить незаконченную»
        await settle(pilot)
        assert app.match is not None and app.match.setup.seed == OLD_SEED and app.match.actions == old.actions
        assert isinstance(app.screen, PurchaseScreen)
        assert kept(home) == [] and autosave.read_bytes() == before


@pytest.mark.parametrize("choice", ["esc", "cancel", "resume", "new"])
async def test_the_question_asked_from_the_menus_new_game_form(home: Path, choice: str) -> None:
    autosave = home / "autosave.json"
    old = unfinished(autosave)
    before = autosave.read_bytes()
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await new_game_from_the_menu(pilot, NEW_SEED)
        assert isinstance(app.screen, SaveConflictScreen)
        keys = {"esc": ["escape"], "cancel": ["down", "down", "enter"], "resume": ["enter"], "new": ["down", "enter"]}
        await pilot.press(*keys[choice])
        await settle(pilot)
        if choice == "new":
            assert [p.read_bytes() for p in kept(home)] == [before]
            assert app.match is not None and app.match.setup.seed == NEW_SEED
        elif choice == "resume":
            assert app.match is not None and app.match.actions == old.actions
        else:                                               # nothing changes
            assert app.match is None and isinstance(app.screen, MenuScreen)
            assert autosave.read_bytes() == before and kept(home) == []
            assert menu_ids(app)[0] == "resume"


@pytest.mark.parametrize("damage", ["json", "hash"])
async def test_a_damaged_autosave_is_named_once_and_kept_aside_by_a_new_game(home: Path, damage: str) -> None:
    autosave = home / "autosave.json"
    unfinished(autosave)
    if damage == "json":
        autosave.write_text('{"version": 1,\n"setup": ', encoding="utf-8")
        why = f"{autosave}, строка 2: файл испорчен (не JSON)"
    else:
        autosave.write_text(autosave.read_text(encoding="utf-8").replace('"hash": "', '"hash": "0'), encoding="utf-8")
        why = f"{autosave}: восстановленная партия не совпадает с сохранённой"
    before = autosave.read_bytes()
    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen) and "resume" not in menu_ids(app)
        assert notes(app, DAMAGED) == [f"{DAMAGED}: {why}. Файл оставлен как есть: {autosave}"]
        await choose(pilot, app.screen.query_one("#menu", OptionList), "settings")
        await pilot.press("escape")                          # back in the menu: not said again
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen) and "resume" not in menu_ids(app)
        assert len(notes(app, DAMAGED)) == 1
        await new_game_from_the_menu(pilot, NEW_SEED)
        assert not isinstance(app.screen, SaveConflictScreen)
        (moved,) = kept(home)
        assert moved.read_bytes() == before
        assert notes(app, "Повреждённое сохранение отложено") == [
            f"Повреждённое сохранение отложено, а не стёрто: {moved}"]
        assert app.match is not None and app.match.setup.seed == NEW_SEED


async def test_several_saves_are_listed_and_the_chosen_one_goes_on_in_its_own_file(home: Path) -> None:
    autosave, aside = home / "autosave.json", home / "saves" / "20260101-100000.json"
    aside.parent.mkdir()
    unfinished(autosave, seed=OLD_SEED)
    old = unfinished(aside, seed=NEW_SEED)
    (home / "saves" / "20260201-100000.json").write_text("{", encoding="utf-8")     # damaged: listed as such
    before = autosave.read_bytes()
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert menu_ids(app)[0] == "resume"
        await pilot.press("enter")                           # «Продолжить партию»
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SavedGamesScreen) and app.match is None
        listing = screen.query_one("#saves", OptionList)
        lines = [str(o.prompt) for o in listing.options]
        assert len(lines) == 3 and "20260201-100000.json · сохранение повреждено" in lines[1]
        assert all("против бота · покупка отряда" in lines[i] for i in (0, 2))
        await pilot.press("down", "down")
        await pilot.pause()
        assert f"Файл: {aside}" in str(screen.query_one("#saves-detail", Static).render())
        await pilot.press("enter")
        await settle(pilot)
        assert app.match is not None and app.match.setup.seed == NEW_SEED and app.match.actions == old.actions
        assert isinstance(app.screen, PurchaseScreen) and app.save_path == aside
        buy = next(a for a in app.match.legal() if isinstance(a, act.Buy))
        assert app.play(buy)
        await settle(pilot)
        assert Match.load(aside, DB).actions == [*old.actions, buy]      # saved where it came from
        assert autosave.read_bytes() == before


async def test_a_single_loadable_save_resumes_at_once_past_a_damaged_autosave(home: Path) -> None:
    autosave, aside = home / "autosave.json", home / "saves" / "20260101-100000.json"
    aside.parent.mkdir()
    autosave.write_text("[]", encoding="utf-8")
    old = unfinished(aside)
    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        assert menu_ids(app)[0] == "resume" and len(notes(app, DAMAGED)) == 1
        await pilot.press("enter")
        await settle(pilot)
        assert app.match is not None and app.match.actions == old.actions and app.save_path == aside
