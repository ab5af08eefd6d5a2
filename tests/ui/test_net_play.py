"""Pilot tests of network play in the app: host from the lobby, play against a headless peer
over loopback, resign, and the checks both sides and `replay --verify` make afterwards."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from textual.widgets import Static

from berserk_tui.bot import get_agent
from berserk_tui.net_table import NetTable
from berserk_tui.netmatch import NetMatch, verify_transcript
from berserk_tui.ui.screens.game_over import GameOverScreen
from berserk_tui.ui.screens.menu import MenuScreen
from berserk_tui.ui.screens.net_lobby import HOST, JOIN, NetLobbyScreen
from cards.decks import builtin_decks
from cards.loader import load_all
from netplay import Session, Timing

from .conftest import make_app

DB = load_all()
FAST = Timing(heartbeat=0.1, silence=1.0, lost=20.0, resend=0.05)


class Guest(threading.Thread):
    """A headless peer: joins with the code and lets the random bot play until the game is verified."""

    def __init__(self, code: str, transcript: Path) -> None:
        super().__init__(daemon=True)
        self.code, self.transcript = code, transcript
        self.error: BaseException | None = None
        self.match: NetMatch | None = None

    def run(self) -> None:
        try:
            session = Session.join(self.code, self.transcript, timing=FAST)
            match = self.match = NetMatch.start(DB, session, list(builtin_decks(DB)[1].cards))
            agent = get_agent("random", 5)
            until = time.monotonic() + 120
            while not match.finished and time.monotonic() < until:
                match.pump(5)
                if match.my_turn:
                    match.act(agent(match.view(), match.legal()))
            while not match.session.settled and time.monotonic() < until:
                match.pump(5)
            match.close()
        except BaseException as exc:  # reported by the test
            self.error = exc


async def wait_for(pilot, condition, seconds: float = 60) -> None:  # noqa: ANN001
    until = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < until, "timed out"
        await pilot.pause(0.02)


async def test_host_a_game_play_it_resign_and_both_transcripts_verify(home: Path) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = NetLobbyScreen(HOST, bind="127.0.0.1", auto=True, transcript=home / "host.msgs", timing=FAST)
        await app.push_screen(lobby)
        await wait_for(pilot, lambda: bool(lobby.join_code))
        assert lobby.join_code in str(lobby.query_one("#net-code", Static).render())
        guest = Guest(lobby.join_code, home / "guest.msgs")
        guest.start()
        await wait_for(pilot, lambda: isinstance(app.match, NetTable))
        table = app.match
        assert isinstance(table, NetTable) and table.seat == 0 and table.is_remote(1)
        # the host plays with F9 (the greedy bot's choice) until its second battle turn, then resigns
        until = time.monotonic() + 240     # a generous guard: the machine may be busy with other work
        while not (table.state.phase == "battle" and table.state.turn >= 2 and table.to_move == 0
                   and table.state.pending.kind == "main"):
            assert time.monotonic() < until and not table.over
            await (pilot.press("f9") if table.legal() else pilot.pause(0.02))
        app.resign()
        await wait_for(pilot, lambda: table.verified)
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        shown = str(app.screen.query_one("#over-reason", Static).render())
        assert "Вы сдались" in shown and "честные" in shown
        await wait_for(pilot, lambda: table.settled)
        await pilot.press("enter")            # to the menu; the session closes
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), seconds=10)   # slower when busy
        assert app.match is None
    guest.join(30)
    assert guest.error is None, guest.error
    assert guest.match is not None and guest.match.peer.result.winner == 1
    for transcript in (home / "host.msgs", home / "guest.msgs"):
        report = verify_transcript(DB, transcript)
        assert report.resigned and report.winner == 1


async def test_a_bad_join_code_is_reported_and_nothing_is_opened(home: Path) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = NetLobbyScreen(JOIN, code="BRK1-NOT-A-CODE", auto=True)
        await app.push_screen(lobby)
        await pilot.pause()
        state = lobby.query_one("#net-state", Static)
        assert "Неверный код подключения" in str(state.render()) and state.has_class("error")
        assert lobby.table is None and not lobby.query_one("#start").disabled
        assert not (home / "net").exists() or not any((home / "net").iterdir())


async def test_a_busy_port_is_reported_on_the_host_form(home: Path) -> None:
    other, _ = Session.host("127.0.0.1", 0, home / "other.msgs")
    try:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            lobby = NetLobbyScreen(HOST, bind="127.0.0.1", port=other.link.port, auto=True)
            await app.push_screen(lobby)
            await pilot.pause()
            state = lobby.query_one("#net-state", Static)
            assert "Не удалось создать игру" in str(state.render()) and state.has_class("error")
            assert lobby.table is None and not lobby.join_code
    finally:
        other.close()
