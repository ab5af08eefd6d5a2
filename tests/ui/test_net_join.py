"""Joining in the app does not block it: the first contact with the host runs in a worker, the screen says it is
contacting the host, a host that never answers is reported in the player's words, and Esc gives up at once (the
worker closes the session)."""

from __future__ import annotations

import socket
import time
from pathlib import Path

from textual.widgets import Static

from berserk_tui.ui.screens.net_lobby import JOIN, NetLobbyScreen
from netplay import CLOSED, Timing
from netplay.joincode import JoinCode

from .conftest import make_app
from .test_net_play import wait_for

SLOW_HOST = Timing(heartbeat=0.1, silence=1.0, lost=20.0, resend=0.05, contact=3.0)


def _silent_host(folder: Path) -> tuple[socket.socket, str]:
    """A join code whose host accepts the connection and never answers."""
    listener = socket.create_server(("127.0.0.1", 0))
    return listener, JoinCode("127.0.0.1", listener.getsockname()[1], bytes(range(12))).encode()


async def test_joining_a_host_that_never_answers_keeps_the_app_live_and_says_why(home: Path) -> None:
    listener, code = _silent_host(home)
    try:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            lobby = NetLobbyScreen(JOIN, code=code, auto=True, transcript=home / "guest.msgs", timing=SLOW_HOST)
            began = time.monotonic()
            await app.push_screen(lobby)
            await pilot.pause()
            assert time.monotonic() - began < 1.5          # the 3 s of the first contact run in the worker
            state = lobby.query_one("#net-state", Static)
            assert str(state.render()).startswith("Связываемся с хостом…") and lobby.joining is not None
            await pilot.press("tab")                        # the app answers keys meanwhile
            await wait_for(pilot, lambda: state.has_class("error"), seconds=20)
            assert "127.0.0.1" in str(state.render()) and lobby.table is None and lobby.joining is None
            assert not lobby.query_one("#start").disabled   # the form is given back
    finally:
        listener.close()


async def test_escape_gives_up_a_join_under_way_and_its_session_is_closed(home: Path) -> None:
    listener, code = _silent_host(home)
    try:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            lobby = NetLobbyScreen(JOIN, code=code, auto=True, transcript=home / "guest.msgs", timing=SLOW_HOST)
            await app.push_screen(lobby)
            await pilot.pause()
            joining = lobby.joining
            assert joining is not None
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is not lobby
            await wait_for(pilot, lambda: joining.session.status == CLOSED, seconds=5)
    finally:
        listener.close()
