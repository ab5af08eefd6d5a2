"""«Битва за Лаар» for one player in the app: the order screen says what Астарот's die decided (no choice to make),
the game's words name his seat «Астарот», and the player plays a whole game without his seat ever waiting."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from berserk_tui.match import Match, MatchSetup
from berserk_tui.ui.screens.order import OrderScreen

from .conftest import bot_setup, make_app
from .driver import settle
from .scenes import advance
from .test_order_result import DB, options, roll_winner


def laar_app(seed: int):  # noqa: ANN201
    setup = bot_setup(seed=seed)
    return make_app(MatchSetup(setup.opponent, setup.decks, setup.deck_names, seed, game="laar-solo"))


async def test_the_order_screen_tells_astaroths_die_and_the_game_names_him(home: Path) -> None:
    app = laar_app(7)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        match = app.match
        assert match is not None and match.phase == "purchase" and isinstance(app.screen, OrderScreen)
        (roll,) = [e.data for e in match.log if e.kind == "order_roll"]
        first = roll["value"] <= 3
        assert str(app.screen.query_one("#order-dice", Static).render()) == f"Астарот: {'⚀⚁⚂⚃⚄⚅'[roll['value'] - 1]} " \
            f"{roll['value']}"
        assert str(app.screen.query_one("#order-question", Static).render()) == (
            f"Астарот ходит {'первым: на кубике 1–3' if first else 'вторым: на кубике 4–6'}.\n"
            f"Вы ходите {'вторым' if first else 'первым'}.")
        assert app.roles(0) == {0: "you", 1: "astaroth"}
        await advance(pilot, lambda a: a.match is not None and a.match.over, seed=3)
        assert app.match.state.winner in (0, 1, 2)
        assert all(e.data.get("seat") != 1 for e in app.match.log if e.kind == "deployed")


async def test_in_the_duel_the_order_choice_names_the_sides(home: Path) -> None:
    """laar-duel: going first is playing Варахиэль, going second is playing Астарот (decision 684)."""
    def duel(seed: int) -> MatchSetup:
        setup = bot_setup(seed=seed)
        return MatchSetup(setup.opponent, setup.decks, setup.deck_names, seed, game="laar-duel")

    seed = next(s for s in range(100) if roll_winner(Match.start(DB, duel(s))) == 0)    # the player chooses
    app = make_app(duel(seed))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, OrderScreen)
        assert options(app) == ["Ходить первым (Варахиэль)", "Ходить вторым (Астарот)"]


async def test_a_hot_seat_laar_duel_plays_to_its_end(home: Path) -> None:
    """Two people at one terminal: the hand-over screens come between them, and the battle ends."""
    from berserk_tui.match import HOTSEAT

    setup = bot_setup(seed=2)
    app = make_app(MatchSetup(HOTSEAT, setup.decks, ("a", "b"), 2, game="laar-duel"))
    async with app.run_test(size=(100, 30)) as pilot:
        await advance(pilot, lambda a: a.match is not None and a.match.over, seed=5, cards=1)
        heroes = {c.card_id: c.owner for c in app.match.state.cards if c.card_id in ("90003", "90002")}
        assert heroes["90002"] == app.match.state.first != heroes["90003"]      # the duel's Астарот
