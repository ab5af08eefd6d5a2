"""One language at a time: deck and ability names in English, the command palette, and file errors in words."""

from __future__ import annotations

import re
import string
from dataclasses import replace
from pathlib import Path

import pytest
from textual.command import CommandInput, CommandList, CommandPalette
from textual.widgets import OptionList, Select, Static

from berserk_tui.engine import actions as act
from berserk_tui.engine.places import position
from berserk_tui.i18n import MESSAGES
from berserk_tui.match import MatchSetup
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.deck_text import error_text
from berserk_tui.ui.screens.deck_builder import DeckBuilderScreen, DeckPickerScreen
from berserk_tui.ui.screens.new_game import NewGameScreen
from berserk_tui.ui.screens.settings import SettingsScreen
from berserk_tui.ui.widgets.board import Board
from berserk_tui.ui.widgets.card_detail import CardDetail
from berserk_tui.userdata import Settings, file_error
from cards.decks import DeckError, load_deck
from cards.loader import load_all
from cards.render import ability_name

from .conftest import bot_setup, make_app
from .driver import settle
from .scenes import advance, phase_is

CYRILLIC = re.compile("[А-Яа-яЁё]")
DB = load_all()
KLOK_TYPO = '\n'.join([
    'name = "Опечатка"', "", "[cards]", '"Гиртн" = 3', '"Энт" = 3', '"Русалка" = 3', '"Клок Мудрый" = 3',
    '"Злобоглаз" = 3', '"Страж Уорлога" = 3', '"Сатир" = 3', '"Охотник на глоа" = 3', '"Эльф-лучник" = 3',
    '"Лирайн" = 3', "",
])


def test_the_ru_and_en_catalogues_match() -> None:
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    ru, en = MESSAGES["ru"], MESSAGES["en"]
    assert ru.keys() == en.keys()
    assert [key for key in ru if fields(ru[key]) != fields(en[key])] == []


# --- English names of decks and abilities -----------------------------------------------------------

async def test_the_english_new_game_form_lists_the_decks_in_english() -> None:
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter")                           # «Play against the bot»
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        labels = [str(o.prompt) for o in app.screen.query_one("#deck0", Select).query_one(OptionList).options]
        assert "Klok's Bruisers — Swamps and forests: regeneration, poison and trolls." in labels
        assert [label for label in labels if CYRILLIC.search(label)] == []


async def test_the_russian_new_game_form_keeps_the_russian_deck_names() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        labels = [str(o.prompt) for o in app.screen.query_one("#deck0", Select).query_one(OptionList).options]
        assert "Громилы Клока — Болота и леса: регенерация, яд и тролли." in labels


async def test_an_english_battle_names_abilities_in_english() -> None:
    app = make_app(MatchSetup("random", seed=3, first_game=True), lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await advance(pilot, phase_is("battle"))
        assert app.match is not None
        v = app.match.view(app.viewer)
        named = next((c.uid, ab) for c in v.cards if c.owner == app.viewer and c.zone == "board"
                     for ab in v.cdef(c.uid).abilities if "name" in ab)        # type: ignore[union-attr]
        uid, ability = named
        app.screen.query_one(Board).cursor = position(v, uid)
        await settle(pilot)
        detail = app.screen.query_one(CardDetail).text.plain
        english = ability_name(ability, "en")
        assert english[:1].upper() + english[1:] in detail
        assert ability["name"].casefold() not in detail.casefold()
        names = sorted({c.name for c in DB.values()}, key=len, reverse=True)
        for line in app.logs[app.viewer]:                    # the log: nothing Russian but card names
            for name in names:
                line = line.replace(name, "")
            assert not CYRILLIC.search(line), line


# --- the command palette ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_the_command_palette_speaks_the_ui_language(lang: str) -> None:
    app = make_app(lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert CommandPalette.is_open(app)
        assert app.screen.query_one(CommandInput).placeholder == app.t("palette.placeholder")
        await pilot.press(*"zzzz")
        await pilot.pause(0.8)                               # Textual says «no matches» after half a second
        option = app.screen.query_one(CommandList).get_option("--no-matches")
        assert option.prompt.renderable.plain == app.t("palette.no_matches")  # type: ignore[union-attr]
    if lang == "ru":
        assert app.t("palette.placeholder") == "Найти команду…"


# --- deck files the player wrote -------------------------------------------------------------------

def write_broken_decks(home: Path) -> None:
    folder = home / "decks"
    folder.mkdir()
    (folder / "garbled.toml").write_text('name = "Сломанная"\n[cards]\n"Гиртан" = \n', encoding="utf-8")
    (folder / "typo.toml").write_text(KLOK_TYPO, encoding="utf-8")
    (folder / "cp1251.toml").write_bytes('name = "Колода"\n'.encode("cp1251"))


RUSSIAN_PROBLEMS = [
    "garbled.toml, строка 3: Не TOML: ошибка синтаксиса.",
    "typo.toml, строка 4: Неизвестная карта «Гиртн» (может быть, Гиртан, Гиррит, Ртунх?).",
    "cp1251.toml, строка 1: Файл не в кодировке UTF-8.",
]


async def test_broken_deck_files_are_named_and_explained_in_the_new_game_form(home: Path) -> None:
    write_broken_decks(home)
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        errors = "\n".join(str(s.render()) for s in app.screen.query(".error").results(Static))
        for problem in RUSSIAN_PROBLEMS:
            assert problem in errors
        assert "Errno" not in errors and "TOML syntax" not in errors and "unknown card" not in errors


async def test_broken_deck_files_in_the_deck_builders_list(home: Path) -> None:
    write_broken_decks(home)
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await app.push_screen(DeckBuilderScreen())
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert isinstance(app.screen, DeckPickerScreen)
        options = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
        for problem in RUSSIAN_PROBLEMS:
            assert app.t("decks.load.broken", error=problem) in options


@pytest.mark.parametrize(("lang", "expected"), [("ru", "nope.toml: Файл колоды не найден."),
                                                ("en", "nope.toml: Deck file not found.")])
def test_a_missing_deck_file_in_words(tmp_path: Path, lang: str, expected: str) -> None:
    with pytest.raises(DeckError) as err:
        load_deck(tmp_path / "nope.toml", DB)
    assert error_text(err.value, lang) == expected


# --- other errors in words -------------------------------------------------------------------------

async def test_a_damaged_settings_file_is_explained(home: Path) -> None:
    (home / "settings.json").write_text('{"lang": "en",\n oops', encoding="utf-8")
    app = BerserkApp()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        messages = [n.message for n in app._notifications]
        expected = app.t("settings.bad_file", error=f"{home / 'settings.json'}, строка 2: файл испорчен (не JSON)")
        assert messages == [expected]


async def test_a_refused_move_is_said_in_the_ui_language() -> None:
    app = make_app(bot_setup(seed=4))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        assert app.play(act.EndTurn()) is False              # there is no turn to end while buying
        await pilot.pause()
        assert [n.message for n in app._notifications] == ["Этот ход сейчас невозможен."]


async def test_the_bot_pace_reads_in_the_ui_language() -> None:
    app = BerserkApp(settings=Settings(bot_delay_ms=400))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await app.push_screen(SettingsScreen())
        await pilot.pause()
        delay = app.screen.query_one("#delay", Select)
        assert [str(o.prompt) for o in delay.query_one(OptionList).options][2] == "быстро (0,4 с на действие)"
        app.apply_settings(replace(app.settings, lang="en"))
        await pilot.pause()
        assert [str(o.prompt) for o in delay.query_one(OptionList).options][2] == "fast (0.4 s an action)"
        assert delay.value == 400 and app.settings.bot_delay_ms == 400


async def test_ctrl_c_says_how_to_quit_in_the_ui_language() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+c")
        await pilot.pause()
        (note,) = app._notifications
        assert note.title == "Выйти из игры?" and re.fullmatch(r"Выход — \[b\]\S+\[/b\]", note.message)


@pytest.mark.parametrize(("error", "expected"), [
    (PermissionError(13, "Permission denied", "/x/deck.toml"), "нет доступа: /x/deck.toml"),
    (OSError(28, "No space left on device", "/x/deck.toml"), "на диске нет места: /x/deck.toml"),
    (NotADirectoryError(20, "Not a directory", "/x/deck.toml"), "в пути файл вместо папки: /x/deck.toml"),
    (OSError(5, "Input/output error", "/x/deck.toml"), "/x/deck.toml: Input/output error"),
])
def test_file_errors_in_words(error: OSError, expected: str) -> None:
    assert file_error(error, "ru") == expected and "Errno" not in file_error(error, "en")
