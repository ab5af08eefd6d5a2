"""Лазутчица in the purchase screen: `b` shows her, the opponent's program reveals his cards by itself (no
hand-over in hot-seat), and her owner sees them beside the deal."""

from __future__ import annotations

from textual.widgets import DataTable, Static

from berserk_tui.match import HOTSEAT, MatchSetup
from berserk_tui.ui.screens.purchase import PurchaseScreen
from cards.decks import default_pair
from cards.loader import load_all

from .conftest import make_app
from .driver import settle

DB = load_all()
SPY = next(cid for cid, d in DB.cards.items() if d.name == "Лазутчица")
SEED = 0


def _setup() -> MatchSetup:
    decks = default_pair(DB)
    cards = tuple((SPY,) * 3 + tuple(d.cards[3:]) for d in decks)
    return MatchSetup(HOTSEAT, (cards[0], cards[1]), (decks[0].name, decks[1].name), SEED)


async def test_b_shows_the_spy_and_her_owner_sees_two_cards_of_the_opponent_deal(home: object) -> None:
    app = make_app(_setup())
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        await pilot.press("enter")                           # go first
        await settle(pilot)
        await pilot.press("enter")                           # the hand-over to the first player
        await settle(pilot)
        assert isinstance(app.screen, PurchaseScreen) and app.match is not None
        me = app.viewer
        deal = app.match.view(me).players[me].deal
        assert SPY in deal, "pick a SEED whose first deal holds her"
        table = app.screen.query_one("#deal", DataTable)
        await pilot.press(*["down"] * (deal.index(SPY) - table.cursor_row), "b")
        await settle(pilot)
        assert isinstance(app.screen, PurchaseScreen) and app.viewer == me        # no hand-over for the reveal
        state = app.match.state
        assert state.pending.kind == "purchase" and state.pending.player == me and len(state.players[me].peeked) == 2
        counters = str(app.screen.query_one("#counters", Static).render())
        names = [DB.cards[c].name for c in state.players[me].peeked]
        assert "Карты из раздачи противника" in counters and all(n in counters for n in names)
