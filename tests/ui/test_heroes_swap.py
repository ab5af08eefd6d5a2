"""Дополнительная колода before a rematch (rules decisions 941, 985): after a game of «Берсерк. Герои», «Ещё партия»
with a deck that has an extra deck opens the swap (vs the bot: the human's; hot-seat: each player's after a
hand-over), refuses an unequal swap, and the next game is played with the changed deck; the save keeps the extras."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from berserk_tui import games
from berserk_tui.heroes_decks import HeroesDeck
from berserk_tui.heroes_play import heroes_setup
from berserk_tui.match import HOTSEAT, Match, MatchSetup, game_db
from berserk_tui.ui.heroes.over import HeroesOverScreen
from berserk_tui.ui.heroes.swap import SwapScreen
from berserk_tui.ui.screens.handover import HandoverScreen

from .conftest import make_app
from .driver import settle
from .heroes_scenes import advance

HEROES = games.game_for("heroes")


def with_extra() -> HeroesDeck:
    """The first prebuilt deck with an extra deck of one copy of a card it holds once or twice."""
    deck = HEROES.prebuilt_decks(game_db(HEROES))[0]
    counts = Counter(deck.cards)
    spare = next(cid for cid in sorted(counts) if counts[cid] < 3 and not game_db(HEROES)[cid].has("horde"))
    return HeroesDeck(deck.name, deck.hero, tuple(sorted(deck.cards)), deck.path, (spare,))


def row_of(screen: SwapScreen, which: str, cid: str) -> int:
    listing = screen.query_one(f"#hg-swap-{which}", OptionList)
    return next(i for i in range(listing.option_count) if listing.get_option_at_index(i).id == cid)


async def to_the_end(pilot: Pilot) -> None:
    await advance(pilot, lambda app: app.match is not None and app.match.over)
    await settle(pilot)
    assert isinstance(pilot.app.screen, HeroesOverScreen)


async def test_a_rematch_against_the_bot_offers_the_swap_and_plays_the_changed_deck(home: Path) -> None:
    deck = with_extra()
    setup = heroes_setup(HEROES, "random", [deck.hero, deck.hero], 3, [deck, None])
    assert setup.extras == (deck.extra, ())
    assert MatchSetup.from_json(setup.to_json()) == setup          # the save keeps the extra deck
    app = make_app(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_end(pilot)
        await pilot.press("home", "enter")                          # «Ещё партия»
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SwapScreen) and screen.seat == 0
        assert app.match.over and app.match.setup.seed == 3             # the next game waits for the swap
        first = screen.query_one("#hg-swap-deck", OptionList).get_option_at_index(0).id
        await pilot.press("enter")                                  # one card of the deck out...
        await pilot.press("ctrl+s")                                 # ...and none in: refused
        await settle(pilot)
        assert app.screen is screen and "поровну" in str(screen.query_one("#hg-swap-state").render())
        row = row_of(screen, "extra", deck.extra[0])
        await pilot.press("tab", "home", *["down"] * row, "enter")  # the extra deck's card in
        await pilot.press("ctrl+s")
        await settle(pilot)
        m = app.match
        assert m is not None and not m.over and m.setup.seed == 4
        assert Counter(m.setup.decks[0][1:]) == Counter(deck.cards) - Counter([first]) + Counter(deck.extra)
        assert m.setup.extras[0] == (first,) and m.setup.decks[1] == setup.decks[1]
        m.save(home / "saved.json")
        assert Match.load(home / "saved.json", None).setup.extras[0] == (first,)  # type: ignore[arg-type]


async def test_hotseat_each_player_swaps_after_a_hand_over_and_escape_keeps_the_end(home: Path) -> None:
    deck = with_extra()
    setup = heroes_setup(HEROES, HOTSEAT, [deck.hero, deck.hero], 5, [deck, deck])
    app = make_app(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_end(pilot)
        await pilot.press("home", "enter")
        await settle(pilot)
        assert isinstance(app.screen, HandoverScreen) and "Игрок 1" in app.screen.text()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SwapScreen) and app.screen.seat == 0
        await pilot.press("ctrl+s")                                 # player 1 keeps his deck
        await settle(pilot)
        assert isinstance(app.screen, HandoverScreen) and "Игрок 2" in app.screen.text()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SwapScreen) and app.screen.seat == 1
        await pilot.press("escape")                                 # no rematch after all
        await settle(pilot)
        assert isinstance(app.screen, HeroesOverScreen) and app.match.over and app.match.setup.seed == 5
        await pilot.press("home", "enter", "enter", "ctrl+s", "enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SwapScreen) and screen.seat == 1
        other = next(c for c in sorted(set(deck.cards)) if c != deck.extra[0])
        await pilot.press(*["down"] * row_of(screen, "deck", other), "enter", "tab")    # player 2 swaps one card
        await pilot.press("home", *["down"] * row_of(screen, "extra", deck.extra[0]), "enter", "ctrl+s")
        await settle(pilot)
        m = app.match
        assert m is not None and m.setup.seed == 6 and m.setup.decks[0] == setup.decks[0]
        assert Counter(m.setup.decks[1]) == Counter(setup.decks[1]) - Counter([other]) + Counter(deck.extra)


async def test_the_deck_builder_puts_cards_in_the_extra_deck(home: Path) -> None:
    """`x` adds the highlighted card to the extra deck (the copies counted with the deck's), `-` on its row takes it
    out, and the saved file carries the [extra] table the new-game form's deck brings to the match."""
    from berserk_tui.heroes_decks import user_heroes_decks
    from berserk_tui.ui.heroes.deck_builder import HeroesDeckBuilderScreen
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = HeroesDeckBuilderScreen(HEROES)
        await app.push_screen(screen)
        await settle(pilot)
        for _ in range(13):
            await pilot.press("plus", "plus", "plus", "down")
        await pilot.press("plus", "x", "x", "x")                        # 1 in the deck, 2 aside: the 3rd refused
        card = screen.pool[13].id
        assert screen.cards.count(card) == 1 and screen.extra == [card, card]
        await pilot.press("tab", "end", "minus")                         # the extra deck's row, one out
        assert screen.extra == [card] and screen.cards.count(card) == 1
        await pilot.press("shift+tab", "shift+tab", *"Запас", "ctrl+s")
        await settle(pilot)
        decks, errors = user_heroes_decks(game_db(HEROES))
        assert errors == [] and [(d.name, d.extra) for d in decks] == [("Запас", (card,))]
        assert heroes_setup(HEROES, "random", [decks[0].hero] * 2, 1, [decks[0], None]).extras[0] == (card,)


def test_a_saves_extra_decks_are_checked() -> None:
    deck = with_extra()
    data = heroes_setup(HEROES, "random", [deck.hero, deck.hero], 3, [deck, None]).to_json()
    for bad in ([["h7001"]], [[1], []], "x", [["x" * 40], []]):
        with pytest.raises(ValueError, match="extras"):
            MatchSetup.from_json({**data, "extras": bad})
    plain = heroes_setup(HEROES, "random", [deck.hero, deck.hero], 3)
    assert "extras" not in plain.to_json() and MatchSetup.from_json(plain.to_json()).extras == ()
