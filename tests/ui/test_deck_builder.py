"""The deck builder: adding and removing cards, the legality panel, saving, loading and leaving."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Static

from berserk_tui.i18n import LANGS, MESSAGES, tr
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.deck_text import problem_text
from berserk_tui.ui.screens.deck_builder import (
    ConfirmScreen,
    DeckBuilderScreen,
    DeckPickerScreen,
    validator_problems,
)
from berserk_tui.ui.screens.menu import MenuScreen
from berserk_tui.ui.widgets.card_detail import CardDetail
from berserk_tui.userdata import Settings, decks_dir
from cards.decks import MAX_COPIES, REASONS, builtin_decks, copy_limit, load_deck, read_deck_draft, save_deck
from cards.loader import CardDB, load_all
from tests.unready import with_unready_card

SIZE = (100, 30)


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> BerserkApp:
    monkeypatch.setenv("BERSERK_HOME", str(tmp_path))
    return BerserkApp(settings=Settings())


async def open_builder(app: BerserkApp, pilot: Pilot) -> DeckBuilderScreen:
    screen = DeckBuilderScreen()
    await app.push_screen(screen)
    await pilot.pause()
    return screen


def legality(screen: DeckBuilderScreen) -> str:
    return str(screen.query_one("#deck-legality", Static).content)


def deck_rows(screen: DeckBuilderScreen) -> list[str]:
    table = screen.query_one("#builder-deck", DataTable)
    return [str(table.coordinate_to_cell_key((i, 0)).row_key.value) for i in range(table.row_count)]


async def fill_legal_deck(pilot: Pilot) -> None:
    """Three copies of each of the first ten pool cards: 30 cards."""
    for _ in range(10):
        await pilot.press("plus", "plus", "plus", "down")
    await pilot.pause()


async def type_name(screen: DeckBuilderScreen, pilot: Pilot, name: str) -> None:
    screen.query_one("#deck-name", Input).focus()
    await pilot.press(*name)
    await pilot.pause()


# --- the validator's messages in words ------------------------------------------------------------

def test_every_validator_problem_is_explained() -> None:
    db = with_unready_card()
    ready = db.implemented()
    horde = next(c for c in ready if c.keywords.get("horde"))
    plain = next(c for c in ready if not c.keywords.get("horde"))
    unready = next(c for c in db.cards.values() if not c.implemented)
    counts = {plain.id: MAX_COPIES + 1, horde.id: 6, unready.id: 1}
    problems = validator_problems(counts, db)
    assert len(problems) == 4           # too many copies twice, not implemented, too few cards
    for lang in ("ru", "en"):
        explained = [problem_text(p, lang) for p in problems]
        assert tr("decks.problem.copies", lang, name=plain.name, n=MAX_COPIES + 1, limit=MAX_COPIES) in explained
        assert tr("decks.problem.copies_horde", lang, name=horde.name, n=6, limit=5) in explained
        assert tr("decks.problem.not_implemented", lang, name=unready.name) in explained
        assert tr("decks.problem.too_few", lang, n=MAX_COPIES + 8, low=30, high=50) in explained
    many = {c.id: 3 for c in ready[:17]}
    assert [problem_text(p, "en") for p in validator_problems(many, db)] == [
        tr("decks.problem.too_many", "en", n=51, low=30, high=50)]
    assert validator_problems({c.id: 3 for c in ready[:10]}, db) == []


def test_every_reason_of_a_deck_problem_has_a_message() -> None:
    for reason in REASONS:
        for lang in LANGS:
            assert f"decks.problem.{reason}" in MESSAGES[lang], (reason, lang)


# --- building -------------------------------------------------------------------------------------

async def test_menu_opens_the_builder_and_escape_without_changes_goes_back(app: BerserkApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        menu.highlighted = menu.get_option_index("decks")  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DeckBuilderScreen)
        pool = screen.query_one("#builder-pool", DataTable)
        assert pool.row_count == len(app.db.implemented())       # only cards a deck may hold
        assert not screen.dirty
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_add_and_remove_with_keys_and_the_copy_limit(app: BerserkApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_builder(app, pilot)
        first = screen.pool[0]
        limit = copy_limit(first)
        await pilot.press("plus", "enter")
        await pilot.pause()
        assert screen.counts == {first.id: 2}
        await pilot.press(*["plus"] * (limit - 1))            # the copy over the limit is refused
        await pilot.pause()
        assert screen.counts == {first.id: limit}
        await pilot.press("minus")                             # the pool's highlighted card
        await pilot.pause()
        assert screen.counts == {first.id: limit - 1}
        await pilot.press("down", "plus")
        await pilot.pause()
        second = screen.pool[1]
        assert deck_rows(screen) == [first.id, second.id]
        screen.query_one("#builder-deck", DataTable).focus()
        await pilot.press("down", "delete")                    # in the deck list: the second card
        await pilot.pause()
        assert screen.counts == {first.id: limit - 1}
        await pilot.press(*["minus"] * limit)                  # one too many: only a bell
        await pilot.pause()
        assert screen.counts == {}
        assert deck_rows(screen) == []


async def test_plus_in_a_text_field_is_text(app: BerserkApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_builder(app, pilot)
        await type_name(screen, pilot, "A+B-C")
        assert screen.query_one("#deck-name", Input).value == "A+B-C"
        assert screen.counts == {}


async def test_the_legality_line_reports_a_small_deck(app: BerserkApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_builder(app, pilot)
        assert app.t("decks.problem.too_few", n=0, low=30, high=50) in legality(screen)
        await pilot.press("plus", "plus")
        await pilot.pause()
        text = legality(screen)
        assert app.t("decks.size", n=2, low=30, high=50) in text
        assert app.t("decks.not_legal") in text
        assert app.t("decks.problem.too_few", n=2, low=30, high=50) in text
        await pilot.press("minus", "minus")
        await fill_legal_deck(pilot)
        assert sum(screen.counts.values()) == 30
        assert app.t("decks.legal") in legality(screen)
        assert screen.problems() == []


async def test_build_save_and_load_a_legal_deck(app: BerserkApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_builder(app, pilot)
        await fill_legal_deck(pilot)
        await type_name(screen, pilot, "Моя колода")
        await pilot.press("tab", *"Тестовая")
        await pilot.press("ctrl+s")
        await pilot.pause()
        path = decks_dir() / "moya-koloda.toml"
        assert path.is_file()
        deck = load_deck(path, app.db)
        assert (deck.name, deck.description) == ("Моя колода", "Тестовая")
        assert Counter(deck.cards) == Counter(screen.counts) and len(deck.cards) == 30
        assert not screen.dirty
        await pilot.press("escape")                            # saved: no question
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_a_draft_is_saved_and_opened_again(app: BerserkApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_builder(app, pilot)
        await pilot.press("plus", "down", "plus")
        await type_name(screen, pilot, "Черновик")
        await pilot.press("ctrl+s")
        await pilot.pause()
        path = decks_dir() / "chernovik.toml"
        assert read_deck_draft(path, app.db).cards == tuple(screen.counts)
        saved = dict(screen.counts)
        await pilot.press("ctrl+n")                            # saved, so no question
        await pilot.pause()
        assert screen.counts == {} and screen.query_one("#deck-name", Input).value == ""
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, DeckPickerScreen)
        templates = len(builtin_decks(app.db))
        await pilot.press(*["down"] * templates, "enter")     # past the templates to "Your decks"
        await pilot.pause()
        assert app.screen is screen
        assert screen.counts == saved and screen.source == path and not screen.dirty
        await pilot.press("plus")                              # edit and save: the same file, no question
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert sum(read_deck_draft(path, app.db).cards.count(i) for i in saved) == sum(saved.values()) + 1


async def test_open_a_template_and_save_a_copy(app: BerserkApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_builder(app, pilot)
        await pilot.press("ctrl+o")
        await pilot.pause()
        await pilot.press("enter")                             # the first template
        await pilot.pause()
        template = builtin_decks(app.db)[0]
        assert Counter(screen.counts) == Counter(template.cards)
        assert screen.source is None and not screen.dirty
        assert app.t("decks.legal") in legality(screen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        copy = load_deck(screen.source, app.db)                # type: ignore[arg-type]
        assert copy.cards == template.cards and copy.path.parent == decks_dir()


async def test_picker_escape_changes_nothing(app: BerserkApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_builder(app, pilot)
        await pilot.press("ctrl+o", "escape")
        await pilot.pause()
        assert app.screen is screen and screen.counts == {}


async def test_a_name_taken_by_another_deck_asks_before_overwriting(app: BerserkApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        other = app.db.implemented()[-1]
        path = save_deck(decks_dir() / "zanyato.toml", "Занято", "чужая", {other.id: 1}, app.db)
        screen = await open_builder(app, pilot)
        await pilot.press("plus")
        await type_name(screen, pilot, "Занято")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and screen.dirty
        assert read_deck_draft(path, app.db).description == "чужая"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is screen and not screen.dirty
        assert read_deck_draft(path, app.db).cards == (screen.pool[0].id,)


async def test_a_save_error_is_reported_and_nothing_is_lost(app: BerserkApp, tmp_path: Path) -> None:
    notes: list[tuple[str, str]] = []
    async with app.run_test(size=SIZE) as pilot:
        decks_dir().parent.mkdir(parents=True, exist_ok=True)
        decks_dir().write_text("not a folder", encoding="utf-8")
        screen = await open_builder(app, pilot)
        app.notify = lambda message, **kw: notes.append((message, kw.get("severity", "")))  # type: ignore[method-assign]
        await pilot.press("plus", "plus")
        await type_name(screen, pilot, "Колода")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert screen.dirty and sum(screen.counts.values()) == 2
        assert notes and notes[-1][1] == "error"
        assert notes[-1][0] == app.t("decks.save_failed", error=f"на этом месте уже есть файл: {decks_dir()}")


async def test_saving_needs_a_name(app: BerserkApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_builder(app, pilot)
        await pilot.press("plus", "ctrl+s")
        await pilot.pause()
        assert app.focused is screen.query_one("#deck-name", Input)
        assert not decks_dir().exists() or not list(decks_dir().iterdir())


async def test_escape_with_unsaved_changes_asks(app: BerserkApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_builder(app, pilot)
        await pilot.press("plus")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == app.t("decks.confirm.leave")
        await pilot.press("escape")                            # no: stay
        await pilot.pause()
        assert app.screen is screen and screen.counts
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")                             # the focused button is "no"
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_new_deck_with_unsaved_changes_asks(app: BerserkApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_builder(app, pilot)
        await pilot.press("plus")
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is screen and screen.counts == {} and not screen.dirty


async def test_filter_in_the_pool_and_small_screen(app: BerserkApp) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_builder(app, pilot)
        await pilot.press("ctrl+f", *"тролль", "enter")
        await pilot.pause()
        trolls = {c.name for c in load_all().cards.values() if c.implemented and "Тролль" in c.classes}
        assert {c.name for c in screen.pool} == trolls and {"Страж Уорлога", "Гиртан"} <= trolls
        assert isinstance(app.focused, DataTable)
        await pilot.press("plus")
        await pilot.pause()
        assert screen.counts == {screen.pool[0].id: 1}
        assert screen.pool[0].name in screen.query_one("#builder-detail", CardDetail).text.plain
        app.apply_settings(Settings("en", app.settings.theme, app.settings.bot_delay_ms))
        await pilot.pause()
        assert tr("decks.problem.too_few", "en", n=1, low=30, high=50) in legality(screen)


async def test_two_printings_of_a_name_share_its_copy_limit(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A test set 99 reprints set 30: the builder counts the copies of a name in all its printings (decision 540)."""
    base = load_all()
    cards = base.sets()[30][1]
    again = [replace(c, id=str(99000 + c.number), set=99) for c in cards]
    monkeypatch.setenv("BERSERK_HOME", str(tmp_path))
    app = BerserkApp(settings=Settings(), db=CardDB({30: ("Семена раздора", list(cards)), 99: ("test", again)}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_builder(app, pilot)
        first = next(c for c in screen.pool if copy_limit(c) == MAX_COPIES)
        reprint = next(c for c in screen.pool if c.set == 99 and c.name == first.name)
        screen.add_card(first)
        screen.add_card(first)
        screen.add_card(reprint)
        screen.add_card(reprint)                   # a fourth card of the name: refused
        await pilot.pause()
        assert screen.counts == {first.id: 2, reprint.id: 1}
        assert [p.reason for p in validator_problems(screen.counts, app.db)] == ["too_few"]


async def test_the_pool_filters_by_set(app: BerserkApp) -> None:
    """ctrl+t in the builder: the pool holds the playable cards of one set at a time, then all again."""
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_builder(app, pilot)
        everything = [c.id for c in screen.pool]
        for set_id in [s for s, (_, cards) in app.db.sets().items() if not any(c.boardgame for c in cards)]:
            await pilot.press("ctrl+t")      # a board game's set is not offered: no deck takes its cards
            await pilot.pause()
            assert [c.id for c in screen.pool] == [c.id for c in app.db.implemented() if c.set == set_id]
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert [c.id for c in screen.pool] == everything
