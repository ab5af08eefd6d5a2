"""«Берсерк. Герои» over the network in the app: hosted from the lobby (a hero's random deck) against a headless
guest, and joined from the lobby (the guest learns the game from the host's hello and gets a deck of its cards)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from textual.widgets import OptionList, Select, Static

from berserk_tui.bot import get_agent
from berserk_tui.games.heroes import HEROES
from berserk_tui.net_table import NetTable
from berserk_tui.netmatch import NetMatch, game_db, verify_transcript
from berserk_tui.ui.heroes.battle import HeroesScreen
from berserk_tui.ui.heroes.over import HeroesOverScreen
from berserk_tui.ui.screens.net_lobby import HOST, JOIN, NetLobbyScreen, lobby_game
from cards.loader import load_all
from netplay import Session

from .conftest import make_app
from .test_net_play import FAST, bot_plays_out, wait_for

DB = load_all()


def heroes_deck(seed: int) -> list[str]:
    import random
    return HEROES.random_deck(game_db(HEROES, DB), random.Random(seed))


class Peer(threading.Thread):
    """A headless peer of «Берсерк. Герои»: hosts or joins, and lets the random bot play until the game is over and
    its session settled."""

    def __init__(self, transcript: Path, code: str = "") -> None:
        super().__init__(daemon=True)
        self.code, self.transcript = code, transcript
        self.error: BaseException | None = None
        self.match: NetMatch | None = None
        self.join_code = ""

    def run(self) -> None:
        try:
            if self.code:
                session = Session.join(self.code, self.transcript, timing=FAST)
            else:
                session, self.join_code = Session.host("127.0.0.1", 0, self.transcript, timing=FAST)
            match = self.match = NetMatch.start(game_db(HEROES, DB), session, heroes_deck(7), game_def=HEROES)
            bot_plays_out(match, get_agent("random", 5, HEROES.agents), seconds=150)
        except BaseException as exc:  # reported by the test
            self.error = exc


async def test_host_heroes_from_the_lobby_play_resign_and_both_transcripts_verify(home: Path) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = NetLobbyScreen(HOST, bind="127.0.0.1", transcript=home / "host.msgs", timing=FAST)
        await app.push_screen(lobby)
        lobby.query_one("#rules", Select).value = "heroes"
        await pilot.pause(0.1)
        deck = lobby.query_one("#deck", Select)
        assert isinstance(deck.value, str) and deck.value.startswith("mine:")       # a prebuilt deck first
        lobby.action_start()
        await wait_for(pilot, lambda: bool(lobby.join_code))
        assert "«Берсерк. Герои»" in str(lobby.query_one("#net-summary", Static).render())
        guest = Peer(home / "guest.msgs", lobby.join_code)
        guest.start()
        await wait_for(pilot, lambda: isinstance(app.match, NetTable))
        table = app.match
        assert isinstance(table, NetTable) and table.game_def is HEROES and table.is_remote(1)
        await wait_for(pilot, lambda: isinstance(app.screen, HeroesScreen))
        until = time.monotonic() + 200
        while not (table.state.turn >= 3 and table.to_move == 0 and table.state.pending.kind == "main"):
            assert time.monotonic() < until and not table.over
            await (pilot.press("f9") if table.legal() and table.to_move == 0 else pilot.pause(0.02))
        own_hand = table.state.players[0].hand
        assert all(table.state.cards[u].card_id is not None for u in own_hand)
        assert all(table.view(0).cards[u].card_id is None for u in table.state.players[1].hand)   # hidden
        app.resign()
        await wait_for(pilot, lambda: table.verified)
        await pilot.pause()
        assert isinstance(app.screen, HeroesOverScreen)
        shown = str(app.screen.query_one("#over-reason", Static).render())
        assert "Вы сдались" in shown and "честные" in shown                # the guest's secrets checked out
        await wait_for(pilot, lambda: table.settled)
    guest.join(30)
    assert guest.error is None, guest.error
    for transcript in (home / "host.msgs", home / "guest.msgs"):
        report = verify_transcript(DB, transcript)
        assert report.resigned and report.winner == 1


async def test_join_a_heroes_host_from_the_lobby(home: Path) -> None:
    host = Peer(home / "host.msgs")
    host.start()
    for _ in range(200):
        if host.join_code:
            break
        time.sleep(0.02)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = NetLobbyScreen(JOIN, code=host.join_code, auto=True, transcript=home / "guest.msgs", timing=FAST)
        await app.push_screen(lobby)
        await wait_for(pilot, lambda: isinstance(app.match, NetTable))
        table = app.match
        assert isinstance(table, NetTable) and table.game_def is HEROES and table.seat == 1
        await wait_for(pilot, lambda: isinstance(app.screen, HeroesScreen))
        await pilot.pause(0.2)
        hero = table.state.cards[table.state.players[1].hero]
        assert game_db(HEROES, DB)[hero.card_id].type == "hero"
        assert all(table.view(1).cards[u].card_id is None for u in table.state.players[0].hand)    # hidden
        app.leave_game(confirmed=True)
        await pilot.pause()
        assert app.match is None


def test_the_menu_s_game_is_the_lobby_s() -> None:
    """A host's form starts on the menu's game; a guest names only «Берсерк. Герои» (decks of its own cards)."""
    assert lobby_game("heroes", HOST) is HEROES and lobby_game("heroes", JOIN) is HEROES
    assert lobby_game("boardgame", HOST).name == "boardgame" and lobby_game("boardgame", JOIN) is None
    assert lobby_game("classic", JOIN) is None


async def open_join(pilot) -> NetLobbyScreen:  # noqa: ANN001
    """The menu's «join» entry, chosen with the arrows and Enter."""
    menu = pilot.app.screen.query_one(OptionList)
    while menu.highlighted_option.id != "join":
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, NetLobbyScreen)
    return pilot.app.screen


async def test_a_guest_picks_a_heroes_deck_when_the_menu_s_game_is_heroes(home: Path) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        app.rules = "heroes"
        lobby = await open_join(pilot)
        assert lobby.game is HEROES
        labels = [str(label) for label, _ in lobby.query_one("#deck", Select)._options]
        assert any("Стражи рощи" in label for label in labels) and not lobby.query(".note")
        await pilot.press("escape")
        app.rules = "classic"
        lobby = await open_join(pilot)
        note = str(lobby.query_one(".note", Static).render())
        assert lobby.game is None and "готовой колодой «Клан рудника»" in note

