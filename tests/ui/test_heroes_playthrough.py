"""What playing «Берсерк. Герои» through as a user found: the menu, the help pages and the words of its screens."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from berserk_tui.ui.screens.menu import MenuScreen

from .conftest import make_app
from .driver import settle


async def test_the_menu_offers_no_classic_first_game_for_heroes(home: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        menu = app.screen.query_one("#menu", OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert "first_game" in ids
        await pilot.press("up", "enter", "enter")       # classic → board game → «Берсерк. Герои»
        assert app.rules == "heroes"
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert "first_game" not in ids and ids[:3] == ["game", "vs_bot", "hotseat"]


async def test_the_card_browsers_help_says_seed_002s_duel_decks_cannot_be_built(home: Path) -> None:
    from berserk_tui.help import load_topic
    from berserk_tui.ui.heroes.cards import HeroesCardsScreen
    from berserk_tui.ui.screens.help import HelpScreen
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("up", "enter", "enter", *["down"] * 7, "enter")      # «Берсерк. Герои» → «Карты»
        await settle(pilot)
        assert isinstance(app.screen, HeroesCardsScreen)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen) and app.screen.topic == "heroes"
    assert "Две\nдуэльные колоды из правил (сид 002) здесь собрать нельзя" in load_topic("heroes", "ru")
    assert "The two duel decks of the rules (seed 002) cannot be built" in load_topic("heroes", "en").replace("\n", " ")


async def test_an_open_select_says_close_in_the_apps_language(home: Path) -> None:
    from berserk_tui.ui.widgets.footer import Footer
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("up", "enter", "enter", "down", "enter")     # «Берсерк. Герои» → against the bot
        await settle(pilot)
        await pilot.press("tab", "tab", "tab", "tab", "enter")           # the deck's list opens
        await settle(pilot)
        labels = [h.label for h in app.screen.query_one(Footer).hints()]
        assert "закрыть" in labels and "Dismiss menu" not in labels


async def test_the_end_of_a_game_in_english_begins_with_a_capital(home: Path) -> None:
    from berserk_tui.heroes_play import deck_heroes, heroes_setup
    from berserk_tui.ui.heroes.over import HeroesOverScreen

    from .heroes_scenes import HEROES, advance
    hero = deck_heroes(HEROES)[0].id
    app = make_app(heroes_setup(HEROES, "random", [hero, hero], 3), lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await advance(pilot, lambda app: app.match is not None and app.match.over)
        await settle(pilot)
        assert isinstance(app.screen, HeroesOverScreen)
        reason = str(app.screen.query_one("#over-reason").render())
        assert reason.split("\n")[0][:1].isupper(), reason


def test_a_card_names_own_exclamation_ends_the_sentence() -> None:
    import random

    from berserk_tui.engine.core import Event
    from berserk_tui.games.heroes import HEROES, random_deck
    from berserk_tui.match import game_db
    db = game_db(HEROES)
    deck = random_deck(db, random.Random(1), hero_id="h9001")
    state, _ = HEROES.new_game(db, (deck, deck), HEROES.play_rules())
    for lang, said in (("ru", "разыгрывает За знаменем!"), ("en", "plays За знаменем!")):
        d = HEROES.describer(state, lang, {0: "you", 1: "bot"})
        d.card = lambda uid: "За знаменем!"      # type: ignore[method-assign]  (a card named with its own «!»)
        line = d.event(Event("played", {"seat": 0, "uid": 0}))
        assert line is not None and line.endswith(said), line


async def test_switching_to_english_retranslates_every_setting_shown(home: Path) -> None:
    from textual.widgets import Select
    from textual.widgets._select import SelectCurrent

    from berserk_tui.ui.screens.settings import SettingsScreen
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(SettingsScreen())
        await settle(pilot)
        await pilot.press("enter", "down", "enter")             # the language: English
        await settle(pilot)
        assert app.lang == "en"
        for name in ("delay", "responses"):
            shown = str(app.screen.query_one(f"#{name}", Select).query_one(SelectCurrent).label)
            assert shown and not any("а" <= ch <= "я" for ch in shown.lower()), (name, shown)


def test_the_glossary_says_what_the_extra_deck_is_for() -> None:
    """Seed 002: «группа дополнительных карт, используемых для модификации колоды между партиями одного матча»."""
    from berserk_tui.help import load_topic
    assert "между партиями одного\n  матча" in load_topic("heroes_glossary", "ru")
    assert "between the games of a match" in load_topic("heroes_glossary", "en").replace("\n  ", " ")


async def test_the_game_chosen_in_the_menu_is_chosen_again_at_the_next_start(home: Path) -> None:
    from berserk_tui.ui.app import BerserkApp
    from berserk_tui.userdata import load_settings
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("up", "enter", "enter")       # classic → board game → «Берсерк. Герои»
        assert app.rules == "heroes"
    assert load_settings()[0].game == "heroes"
    again = BerserkApp(settings=load_settings()[0])
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert again.rules == "heroes"
        menu = again.screen.query_one("#menu", OptionList)
        assert "«Берсерк. Герои»" in str(menu.get_option_at_index(0).prompt)
