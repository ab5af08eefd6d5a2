"""Hole 6 of issue 36 in the app: a broken deck file in the player's folder and a damaged autosave are named
with their reason, the app keeps running, and no file is changed."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Static

from berserk_tui.match import SEED_DIGITS, Match
from berserk_tui.ui.deck_text import error_text
from berserk_tui.ui.screens.deck_builder import DeckBuilderScreen, DeckPickerScreen
from berserk_tui.ui.screens.menu import MenuScreen
from berserk_tui.ui.screens.new_game import NewGameScreen
from cards.decks import SHOWN, DeckError, load_deck
from cards.loader import load_all
from tests.deadline import deadline

from .conftest import make_app
from .driver import settle

BROKEN = {
    "deep.toml": ("x = " + "[" * 5000 + "]" * 5000 + "\n").encode(),     # RecursionError in the TOML parser
    "noise.toml": bytes(range(128, 256)) * 4,
    "quoted.toml": b"name = '''\n\"\\q\" = 1\n'''\n",             # a key-like line in a multi-line string
    "many.toml": ("name = 'x'\n[cards]\n" + "".join(f'"Nosuch{i}" = 1\n' for i in range(101))).encode(),
}


def broken_decks(home: Path) -> dict[str, bytes]:
    folder = home / "decks"
    folder.mkdir()
    for name, content in BROKEN.items():
        (folder / name).write_bytes(content)
    os.mkfifo(folder / "pipe.toml")
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def errors(screen: object) -> list[str]:
    return [str(w.render()) for w in screen.query(".error")]  # type: ignore[attr-defined]


async def test_the_new_game_form_lists_broken_decks_and_plays(home: Path) -> None:
    """Hole 6: a binary or otherwise broken .toml in the deck folder crashed the app when «Играть с ботом»
    was chosen (`user_decks()` raised; a named pipe hung it)."""
    before = broken_decks(home)
    app = make_app()
    with deadline(30):
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            await pilot.press("enter")                            # «Играть с ботом»
            await settle(pilot)
            assert isinstance(app.screen, NewGameScreen)
            lines = errors(app.screen)
            files = [re.match(r"Колода не загружена: ([^,:]+)", line) for line in lines]
            assert [m.group(1) for m in files if m] == ["deep.toml", "many.toml", "noise.toml", "pipe.toml",
                                                        "quoted.toml"]
            assert lines[1].splitlines()[0] == "Колода не загружена: many.toml, строка 2: В таблице [cards] 101 " \
                                               "строк, можно не больше 100."       # no markup: [cards] shows
            assert lines[1].splitlines()[-1] == "…и ещё 98"          # 101 names, 2 more problems, 5 shown
            assert lines[2] == "Колода не загружена: noise.toml, строка 1: Файл не в кодировке UTF-8."
            assert lines[3] == "Колода не загружена: pipe.toml: Это не обычный файл."
            await pilot.press("tab", "tab", "tab", "tab", "tab", "1", "enter")  # the shipped decks still play
            await settle(pilot)
            assert app.match is not None and app.match.setup.seed == 1
    assert {p.name: p.read_bytes() for p in (home / "decks").iterdir() if p.is_file()} == before


async def test_the_deck_builder_lists_broken_decks(home: Path) -> None:
    """Hole 6: the deck builder's «open» list read the same files (`read_deck_draft`) and crashed or hung."""
    before = broken_decks(home)
    app = make_app()
    with deadline(30):
        async with app.run_test(size=(100, 30)) as pilot:
            await app.push_screen(DeckBuilderScreen())
            await pilot.press("ctrl+o")
            await pilot.pause()
            assert isinstance(app.screen, DeckPickerScreen)
            options = app.screen.query_one(OptionList)
            shown = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
            broken = [re.match(r"✗ Не читается: ([^,:]+)", s) for s in shown]
            assert [m.group(1) for m in broken if m] == ["deep.toml", "many.toml", "noise.toml", "pipe.toml"]
            assert any("[quoted.toml]" in s for s in shown)     # no cards yet: a draft, listed to open
    assert {p.name: p.read_bytes() for p in (home / "decks").iterdir() if p.is_file()} == before


async def test_resume_of_a_deeply_nested_autosave_names_it_and_stays_in_the_menu(home: Path) -> None:
    """Hole 6: `berserk --resume` with an autosave nested 100,000 deep crashed with RecursionError."""
    autosave = home / "autosave.json"
    autosave.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    app = make_app(resume=True)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen) and app.match is None
        messages = [n.message for n in app._notifications]
        assert app.t("game.cannot_resume", error=f"{autosave}: вложенность глубже 32") in messages
        assert all(isinstance(w, Static) for w in app.screen.query(".error"))
    assert autosave.read_text(encoding="utf-8") == "[" * 100_000 + "]" * 100_000


async def test_a_seed_too_long_for_a_save_is_not_taken(home: Path) -> None:
    """Hole 6: a seed of thousands of digits in the new-game form raised ValueError (Python's int-string
    limit), and one of 30 digits made a save that could not be loaded again. Seeds have at most 20 digits."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter")                            # «Играть с ботом»
        await settle(pilot)
        seed = app.screen.query_one("#seed", Input)
        seed.value = "9" * 5000
        seed.focus()
        await pilot.press("enter")
        await settle(pilot)
        assert app.match is not None and len(str(app.match.setup.seed)) <= SEED_DIGITS
        app.match.save(home / "saved.json")
        assert Match.load(home / "saved.json", app.db).setup == app.match.setup
        assert seed.max_length == SEED_DIGITS + 1


def test_a_deck_error_in_the_app_lists_five_problems_and_counts_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_text("name = 'x'\n[cards]\n" + "".join(f'"Nosuch{i}" = 1\n' for i in range(7)), encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(path, load_all())
    ru, en = (error_text(caught.value, lang).splitlines() for lang in ("ru", "en"))
    assert len(ru) == len(en) == SHOWN + 1
    assert (ru[-1], en[-1]) == ("…и ещё 3", "…and 3 more")      # 7 unknown cards and too few cards
    assert en[0] == "deck.toml, line 2: Too few cards: 0, at least 30 are needed."
