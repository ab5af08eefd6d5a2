"""The card browser: filters by text (name or class, ё = е), set, element, kind and readiness; the card text."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, DataTable, Input, OptionList, Select

from berserk_tui.locale import decks as messages
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.screens.card_browser import CardBrowserScreen, CardFilter, card_matches, set_options
from berserk_tui.ui.screens.menu import MenuScreen
from berserk_tui.ui.widgets.card_detail import CardDetail
from berserk_tui.ui.widgets.footer import Footer
from berserk_tui.userdata import Settings
from cards.loader import fold, load_all
from tests.unready import with_unready_card

SIZE = (100, 30)


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> BerserkApp:
    monkeypatch.setenv("BERSERK_HOME", str(tmp_path))
    return BerserkApp(settings=Settings())


def rows(screen: CardBrowserScreen) -> list[str]:
    """The card ids of the table, top to bottom."""
    table = screen.query_one("#browser-table", DataTable)
    return [str(table.coordinate_to_cell_key((i, 0)).row_key.value) for i in range(table.row_count)]


def detail_text(screen: CardBrowserScreen) -> str:
    return screen.query_one("#browser-detail", CardDetail).text.plain


async def open_browser(app: BerserkApp, pilot: Pilot) -> CardBrowserScreen:
    screen = CardBrowserScreen()
    await app.push_screen(screen)
    await pilot.pause()
    return screen


def test_fold_and_match() -> None:
    db = load_all()
    knight = db.by_name("Чёрный рыцарь")
    assert fold("ЧЁРНЫЙ Ёж") == "черный еж"
    assert card_matches(knight, fold("черный"))
    assert card_matches(knight, fold("КОВЕН"))            # a class
    assert card_matches(knight, "", element="dark", kind="creature")
    assert not card_matches(knight, "", element="forest")
    assert not card_matches(knight, "", element="neutral")
    assert not card_matches(knight, "", kind="flyer")
    neutral = db.by_name("Ночной убийца")
    assert card_matches(neutral, "", element="neutral")


def test_message_tables_match() -> None:
    assert messages.RU.keys() == messages.EN.keys()
    for key, text in messages.RU.items():
        names = {f[1] for f in string.Formatter().parse(text) if f[1]}
        assert names == {f[1] for f in string.Formatter().parse(messages.EN[key]) if f[1]}, key


async def test_menu_opens_the_browser_and_escape_goes_back(app: BerserkApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu", OptionList)
        menu.highlighted = menu.get_option_index("cards")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CardBrowserScreen)
        assert len(rows(app.screen)) == len(app.db)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_text_filter_matches_names_and_classes(app: BerserkApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_browser(app, pilot)
        await pilot.press("ctrl+f")
        assert isinstance(app.focused, Input)
        await pilot.press(*"тролль")
        await pilot.pause()
        expected = [c.id for c in app.db.cards.values() if any("тролль" in s.lower() for s in (c.name, *c.classes))]
        assert expected and rows(screen) == expected
        assert app.db.by_name("Гиртан").id in rows(screen)          # by its class Тролль


async def test_text_filter_ignores_case_and_yo(app: BerserkApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_browser(app, pilot)
        await pilot.press("ctrl+f", *"ЧЕРНЫЙ Р")
        await pilot.pause()
        assert rows(screen) == [app.db.by_name("Чёрный рыцарь").id]
        await pilot.press("enter")          # to the table
        await pilot.pause()
        assert isinstance(app.focused, DataTable)
        assert "Чёрный рыцарь" in detail_text(screen)
        assert "Ковен" in detail_text(screen)


async def test_nothing_found(app: BerserkApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_browser(app, pilot)
        await pilot.press("ctrl+f", *"щщщщ")
        await pilot.pause()
        assert rows(screen) == []
        assert detail_text(screen) == app.t("browser.nothing_found")
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert len(rows(screen)) == len(app.db)


async def test_element_kind_and_implemented_filters_by_keyboard(app: BerserkApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_browser(app, pilot)
        element = screen.query_one(".filter-element", Select)
        kind = screen.query_one(".filter-kind", Select)
        implemented = screen.query_one(".filter-implemented", Checkbox)
        # Tab order: text, set, element, kind, implemented, table
        await pilot.press("ctrl+f", "tab")
        assert app.focused is screen.query_one(".filter-set", Select)
        await pilot.press("tab")
        assert app.focused is element
        await pilot.press("enter", "down", "down", "down", "enter")    # all, steppe, mountain, forest
        await pilot.pause()
        assert element.value == "forest"
        assert rows(screen) and all("forest" in app.db[i].elements for i in rows(screen))
        await pilot.press("tab")
        assert app.focused is kind
        await pilot.press("enter", "down", "down", "enter")              # all, creature, flyer
        await pilot.pause()
        assert kind.value == "flyer"
        assert all(app.db[i].kind == "flyer" and "forest" in app.db[i].elements for i in rows(screen))
        await pilot.press("tab", "space")
        await pilot.pause()
        assert implemented.value
        assert all(app.db[i].implemented for i in rows(screen))
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.press("ctrl+f", "tab", "tab", "tab", "tab", "space")
        await pilot.pause()
        assert rows(screen) == [c.id for c in app.db.cards.values() if c.implemented]   # board-game cards too
        await pilot.press("tab")
        assert app.focused is screen.query_one("#browser-table", DataTable)


async def test_detail_follows_the_cursor_and_marks_unready_cards(monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    monkeypatch.setenv("BERSERK_HOME", str(tmp_path))
    app = BerserkApp(settings=Settings(), db=with_unready_card())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_browser(app, pilot)
        first, second = (app.db[i] for i in rows(screen)[:2])
        assert first.name in detail_text(screen)
        await pilot.press("down")
        await pilot.pause()
        assert second.name in detail_text(screen)
        table = screen.query_one("#browser-table", DataTable)
        marks = {str(table.get_row(c.id)[0]) for c in app.db.cards.values() if not c.implemented}
        assert marks == {"✗"}
        assert {str(table.get_row(c.id)[0]) for c in app.db.implemented()} == {""}


async def test_small_screen_and_language_change(app: BerserkApp) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_browser(app, pilot)
        assert screen.has_class("narrow")
        await pilot.press("ctrl+f", *"гиртан")
        await pilot.pause()
        app.apply_settings(Settings("en", app.settings.theme, app.settings.bot_delay_ms))
        await pilot.pause()
        assert screen.query_one(".filter-text", Input).placeholder == messages.EN["browser.filter.placeholder"]
        assert rows(screen) == [app.db.by_name("Гиртан").id]
        assert "swamp" in detail_text(screen)


async def test_the_set_filter_by_its_key_and_by_the_list(app: BerserkApp) -> None:
    """ctrl+t (in the footer) steps through the sets and back to all; Tab reaches the set list, Enter opens it."""
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_browser(app, pilot)
        footer = app.screen.query_one(Footer)
        assert ("^t", messages.RU["key.browser.set"]) in [(h.key, label) for h, label in footer.line(100)]
        sets = list(app.db.sets())
        assert sets[:2] == [10, 30]
        for set_id in sets:
            await pilot.press("ctrl+t")
            await pilot.pause()
            assert rows(screen) == [c.id for c in app.db.cards.values() if c.set == set_id]
            table = screen.query_one("#browser-table", DataTable)
            assert {str(table.get_row(i)[2]) for i in rows(screen)} == {str(set_id)}
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert len(rows(screen)) == len(app.db)
        await pilot.press("ctrl+f", "tab", "enter", "down", "down", "enter")     # all, 10, 30
        await pilot.pause()
        assert screen.query_one(".filter-set", Select).value == "30"
        assert rows(screen) == [c.id for c in app.db.cards.values() if c.set == 30]
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert len(rows(screen)) == len(app.db)


def test_the_set_filter_matches_the_set_number() -> None:
    db = load_all()
    knight = db.by_name("Чёрный рыцарь")
    assert card_matches(knight, "", card_set=str(knight.set)) and card_matches(knight, "", card_set="all")
    assert not card_matches(knight, "", card_set="10" if knight.set != 10 else "30")


async def test_the_board_games_cards_are_shown_and_labelled(app: BerserkApp) -> None:
    """Set 90 «Битва за Лаар» is in the set list as a board game's; its cards carry ◆ and «наст.», and the card text
    says the mode puts them on the battlefield. The deck builder's filter does not offer the set (no deck has it)."""
    async with app.run_test(size=(140, 30)) as pilot:
        screen = await open_browser(app, pilot)
        options = screen.query_one(CardFilter)._set_options()
        assert ("90 Битва за Лаар (настольная игра)", "90") in options
        screen.query_one(".filter-set", Select).value = "90"
        await pilot.pause()
        assert rows(screen) == ["90001", "90002", "90003"]
        table = screen.query_one("#browser-table", DataTable)
        row = table.get_row("90001")
        assert str(row[0]) == "◆" and str(row[1]) == "Астарот" and "наст." in str(row[-1])
        assert "режим «Битва за Лаар»" in detail_text(screen)
        assert "◆ — карта настольной игры" in str(screen.query_one("#browser-title").render())
    assert all(value != "90" for _, value in set_options(app.db, app.t, boardgame=False))
