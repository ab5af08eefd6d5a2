"""Pilot tests of the four-player lobby: the host shows a join code per guest seat and who has joined as the
seats fill; `berserk join` (the join screen) tells a four-player host from a duel's by its first message; a game
played to its end, and one a player resigns (rules decision 736)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from textual.widgets import Static

from berserk_tui.bot import get_agent
from berserk_tui.party_cli import Replayed, first_message
from berserk_tui.party_net import SEAT, PartyGuest
from berserk_tui.party_table import PartyTable
from berserk_tui.ui.screens.game_over import GameOverScreen
from berserk_tui.ui.screens.net_lobby import HOST, JOIN, NetLobbyScreen
from berserk_tui.ui.widgets.clock_line import ClockLine
from cards.decks import builtin_decks
from cards.loader import load_all
from netplay import Session

from .conftest import make_app
from .test_net_play import FAST, wait_for

DB = load_all()


class PartyGuestThread(threading.Thread):
    """A headless guest seat that joins with `code` and keeps its session alive until told to stop."""

    def __init__(self, code: str, transcript: Path) -> None:
        super().__init__(daemon=True)
        self.code, self.transcript = code, transcript
        self.guest: PartyGuest | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()

    def run(self) -> None:
        try:
            session = Session.join(self.code, self.transcript, timing=FAST)
            items = first_message(session)
            at = next(i for i, item in enumerate(items) if item.event == "message")
            assert items[at].kind == SEAT, items[at]
            guest = self.guest = PartyGuest.begin(DB, Replayed(session, items[at + 1:]), items[at].body,
                                                  list(builtin_decks(DB)[1].cards))
            while not self.done.is_set():
                guest.pump(5)
            guest.close()
        except BaseException as exc:  # reported by the test
            self.error = exc


async def test_the_four_player_lobby_shows_a_code_per_seat_and_who_has_joined(home: Path) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = NetLobbyScreen(HOST, bind="127.0.0.1", auto=True, transcript=home / "host.msgs", timing=FAST,
                               players=4)
        await app.push_screen(lobby)
        await wait_for(pilot, lambda: isinstance(lobby.table, PartyTable))
        state = lobby.query_one("#net-state", Static)
        await wait_for(pilot, lambda: "Места: 1 — вы, 2 — ждём, 3 — ждём, 4 — ждём" in str(state.render()))
        codes = str(lobby.query_one("#net-code", Static).render()).splitlines()
        assert [line.split(": ")[0] for line in codes] == ["Место 2", "Место 3", "Место 4"]
        assert "каждому игроку свой" in str(lobby.query_one("#net-code-label", Static).render())
        guest = PartyGuestThread(codes[1].split(": ")[1], home / "seat3.msgs")
        guest.start()
        await wait_for(pilot, lambda: "3 — за столом" in str(state.render()))
        assert "2 — ждём" in str(state.render()) and "4 — ждём" in str(state.render())
        await wait_for(pilot, lambda: guest.guest is not None and guest.guest.joined[2])
        assert guest.guest.seat == 2 and guest.guest.joined == [True, False, True, False]
        guest.done.set()
        guest.join(10)
        assert guest.error is None, guest.error
        await pilot.press("escape")       # leaving the lobby closes the host's sessions
        await pilot.pause()
    assert (home / "host.party").exists() and (home / "host.seat3.msgs").exists()


async def test_the_join_screen_takes_a_seat_of_a_four_player_host(home: Path) -> None:
    from berserk_tui.party_net import PartyHost

    host = PartyHost.start(DB, list(builtin_decks(DB)[0].cards), home / "host", bind="127.0.0.1", timing=FAST)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            host.pump(5)

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    try:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            lobby = NetLobbyScreen(JOIN, code=host.codes[2], auto=True, transcript=home / "seat4.msgs", timing=FAST)
            await app.push_screen(lobby)
            await wait_for(pilot, lambda: isinstance(lobby.table, PartyTable))
            assert lobby.table.seat == 3
            state = lobby.query_one("#net-state", Static)
            await wait_for(pilot, lambda: "Места: 1 — за столом, 2 — ждём, 3 — ждём, 4 — вы" in str(state.render()))
            await pilot.press("escape")
            await pilot.pause()
    finally:
        stop.set()
        server.join(10)
        host.close()


class BotGuest(threading.Thread):
    """A headless guest seat played by the random bot to the end of the game."""

    def __init__(self, code: str, transcript: Path, seed: int) -> None:
        super().__init__(daemon=True)
        self.code, self.transcript, self.seed = code, transcript, seed
        self.guest: PartyGuest | None = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            session = Session.join(self.code, self.transcript, timing=FAST)
            items = first_message(session)
            at = next(i for i, item in enumerate(items) if item.event == "message")
            guest = self.guest = PartyGuest.begin(DB, Replayed(session, items[at + 1:]), items[at].body,
                                                  list(builtin_decks(DB)[self.seed].cards))
            agent = get_agent("random", self.seed)
            until = time.monotonic() + 300
            while not guest.finished and time.monotonic() < until:
                guest.pump(0 if guest.my_turn else 5)
                if guest.my_turn:
                    guest.act(agent(guest.view(), guest.legal()))
            while not guest.settled and time.monotonic() < until:
                guest.pump(5)
            guest.close()
        except BaseException as exc:  # reported by the test
            self.error = exc


async def test_a_four_player_game_hosted_in_the_app_is_played_to_the_end(home: Path, quick_f9: None) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        lobby = NetLobbyScreen(HOST, bind="127.0.0.1", auto=True, transcript=home / "host.msgs", timing=FAST,
                               players=4, turn_limit=3)
        await app.push_screen(lobby)
        await wait_for(pilot, lambda: isinstance(lobby.table, PartyTable))
        codes = [line.split(": ")[1] for line in str(lobby.query_one("#net-code", Static).render()).splitlines()]
        guests = [BotGuest(code, home / f"seat{s}.msgs", s) for s, code in enumerate(codes, start=2)]
        for guest in guests:
            guest.start()
        await wait_for(pilot, lambda: isinstance(app.match, PartyTable))
        table = app.match
        assert table.seat == 0 and all(table.is_remote(s) for s in (1, 2, 3))
        assert app.roles(0) == {0: "you", 1: "opponent", 2: "partner", 3: "opponent"}   # seat 3 is the teammate
        until = time.monotonic() + 300
        while not table.over:
            assert time.monotonic() < until and not table.stopped, table.violation
            await (pilot.press("f9") if table.legal() else pilot.pause(0.02))
        await wait_for(pilot, lambda: table.verified)
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        shown = str(app.screen.query_one("#over-reason", Static).render())
        assert "Все игроки раскрыли колоды и секреты" in shown and "host.party" in shown
        for guest in guests:
            guest.join(60)
            assert guest.error is None, guest.error
            assert guest.guest.final_hash() == table.node.final_hash()


async def test_a_player_resigns_a_four_player_game_in_the_app_and_every_seat_agrees(home: Path, quick_f9: None) -> None:
    """Rules decision 736: not in the deployment (the app says why), then on his own decision in the battle; the
    clocks show his own and another seat's; every seat ends with his team beaten, verified, on one final hash."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        lobby = NetLobbyScreen(HOST, bind="127.0.0.1", auto=True, transcript=home / "host.msgs", timing=FAST,
                               players=4, turn_limit=4)
        await app.push_screen(lobby)
        await wait_for(pilot, lambda: isinstance(lobby.table, PartyTable))
        codes = [line.split(": ")[1] for line in str(lobby.query_one("#net-code", Static).render()).splitlines()]
        guests = [BotGuest(code, home / f"seat{s}.msgs", s) for s, code in enumerate(codes, start=2)]
        for guest in guests:
            guest.start()
        await wait_for(pilot, lambda: isinstance(app.match, PartyTable))
        table = app.match
        until = time.monotonic() + 240
        while not (table.node.peer.deploying and table.legal()):
            assert time.monotonic() < until and not table.over
            await (pilot.press("f9") if table.legal() else pilot.pause(0.02))
        app.resign()
        await wait_for(pilot, lambda: any("не во время расстановки" in n.message for n in app._notifications))
        assert not table.over and table.can_resign and table.node.peer.deploying
        clock = app.screen.query_one(ClockLine)        # every seat deploys at once: two clocks running
        await wait_for(pilot, lambda: str(clock.render()).startswith("⏱ вы ▸") and " · игрок " in str(clock.render()))
        while not (table.state.phase == "battle" and table.legal()):
            assert time.monotonic() < until and not table.over
            await (pilot.press("f9") if table.legal() else pilot.pause(0.02))
        app.resign()                                   # at once: the app may pass a decision with nothing to do
        assert table.over and table.node.peer.resigned_by == 0
        await wait_for(pilot, lambda: table.verified and isinstance(app.screen, GameOverScreen))
        reason = app.screen.query_one("#over-reason", Static)
        await wait_for(pilot, lambda: "Все игроки раскрыли" in str(reason.render()))
        assert str(app.screen.query_one("#over-title", Static).render()) == "Поражение"
        shown = str(reason.render())
        assert "Игрок 1 сдался: команда 1 проигрывает." in shown and "Все игроки раскрыли" in shown
        assert app.screen.seat_name(2) == "игрок 3, команда 1 (напарник)"        # a teammate at another terminal
        assert app.screen.seat_name(3) == "игрок 4, команда 2 (соперник)"
        for guest in guests:
            guest.join(60)
            assert guest.error is None, guest.error
            peer = guest.guest.peer
            assert (peer.result.winner, peer.resigned_by, peer.verified) == (1, 0, True)
            assert guest.guest.final_hash() == table.node.final_hash()


async def test_the_app_rejoins_a_guest_killed_before_the_host_gave_it_its_seat(home: Path) -> None:
    """Rules decision 738: the resume screen on the transcript of a join that never became a game."""
    from berserk_tui.net_join import save_join
    from berserk_tui.party_net import PartyHost
    from berserk_tui.ui.screens.net_lobby import RESUME

    host = PartyHost.start(DB, list(builtin_decks(DB)[0].cards), home / "host", bind="127.0.0.1", timing=FAST)
    killed = Session.join(host.codes[1], home / "seat3.msgs", timing=FAST)
    save_join(killed.transcript_path, list(builtin_decks(DB)[2].cards), builtin_decks(DB)[2].name)
    killed.close()                          # killed before its first contact: no game file
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            host.pump(5)

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    try:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            lobby = NetLobbyScreen(RESUME, transcript=home / "seat3.msgs", timing=FAST)
            await app.push_screen(lobby)
            await wait_for(pilot, lambda: isinstance(lobby.table, PartyTable))
            assert lobby.table.seat == 2 and (home / "seat3.msgs.party").exists()
            state = lobby.query_one("#net-state", Static)
            await wait_for(pilot, lambda: "3 — вы" in str(state.render()))
            await pilot.press("escape")
            await pilot.pause()
    finally:
        stop.set()
        server.join(10)
        host.close()


async def test_out_of_time_the_apps_own_program_resigns_for_the_players_team(home: Path) -> None:
    """Rules decision 737: the host's clocks read a made-up time; once its player's time is gone on his decision,
    the app resigns for his team, says so, and every seat ends with his team beaten."""
    from tests.netmatch.test_clock_games import FakeTime

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        lobby = NetLobbyScreen(HOST, bind="127.0.0.1", auto=True, transcript=home / "host.msgs", timing=FAST,
                               players=4, turn_limit=3)
        await app.push_screen(lobby)
        await wait_for(pilot, lambda: isinstance(lobby.table, PartyTable))
        codes = [line.split(": ")[1] for line in str(lobby.query_one("#net-code", Static).render()).splitlines()]
        guests = [BotGuest(code, home / f"seat{s}.msgs", s) for s, code in enumerate(codes, start=2)]
        for guest in guests:
            guest.start()
        await wait_for(pilot, lambda: isinstance(app.match, PartyTable))
        table = app.match
        clock = FakeTime()
        table.node.now = clock
        await wait_for(pilot, lambda: bool(table.legal()) and not table.node.peer.deploying)
        control = table.control
        clock.t += control.allowance + control.reserve
        await wait_for(pilot, lambda: table.verified and isinstance(app.screen, GameOverScreen))
        assert (table.winner, table.ended, table.node.peer.resigned_by) == (1, "time", 0)
        assert any("программа сдалась за вашу команду" in n.message for n in app._notifications)
        reason = app.screen.query_one("#over-reason", Static)
        await wait_for(pilot, lambda: "У игрока 1 вышло время: команда 1 проигрывает." in str(reason.render()))
        for guest in guests:
            guest.join(60)
            assert guest.error is None, guest.error
            assert guest.guest.peer.resigned_by == 0 and guest.guest.final_hash() == table.node.final_hash()
