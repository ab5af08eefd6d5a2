"""Pilot tests of leaving a network game and going back to it: F10 asks first, the menu lists the
unfinished games (and the ones it cannot resume, with the reason) and resumes the chosen one, with
a real host on loopback waiting for the guest to come back."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from textual.widgets import OptionList, Static

from berserk_tui.bot import get_agent
from berserk_tui.net_table import NetTable
from berserk_tui.netmatch import NetMatch, verify_transcript
from berserk_tui.ui.screens.base import GameScreen
from berserk_tui.ui.screens.game_over import GameOverScreen
from berserk_tui.ui.screens.menu import MenuScreen
from berserk_tui.ui.screens.net_games import NetGamesScreen
from berserk_tui.ui.screens.net_leave import NetLeaveScreen
from berserk_tui.ui.screens.net_lobby import JOIN, NetLobbyScreen
from cards.decks import builtin_decks
from netplay import Session

from .conftest import make_app
from .test_net_play import DB, FAST, wait_for


class Host(threading.Thread):
    """A headless host: the random bot plays its seat until the game is verified or `stop` is set."""

    def __init__(self, transcript: Path) -> None:
        super().__init__(daemon=True)
        self.session, self.code = Session.host("127.0.0.1", 0, transcript, timing=FAST)
        self.stop = threading.Event()
        self.error: BaseException | None = None
        self.match: NetMatch | None = None

    def run(self) -> None:
        try:
            match = self.match = NetMatch.start(DB, self.session, list(builtin_decks(DB)[0].cards))
            agent = get_agent("random", 3)
            while not (match.finished and match.session.settled) and not self.stop.is_set():
                match.pump(0 if match.my_turn else 5)
                if match.my_turn:
                    match.act(agent(match.view(), match.legal()))
            match.close()
        except BaseException as exc:  # reported by the test
            self.error = exc


def text(widget: Static) -> str:
    return str(widget.render())


async def test_f10_asks_first_and_the_menu_resumes_the_left_game(home: Path, quick_f9: None) -> None:
    host = Host(home / "host.msgs")
    host.start()
    # a finished game, a damaged one and one without its private files: listed without a crash
    net = home / "net"
    net.mkdir()
    (net / "damaged.msgs").write_bytes(b"\x00not a transcript")
    for suffix in (".keys", ".game"):
        (net / f"damaged.msgs{suffix}").write_bytes(b"")
    (net / "orphan.msgs").write_bytes(b"")
    app = make_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            lobby = NetLobbyScreen(JOIN, code=host.code, auto=True, timing=FAST)
            await app.push_screen(lobby)
            await wait_for(pilot, lambda: isinstance(app.match, NetTable))
            table = app.match
            assert isinstance(table, NetTable)
            transcript = Path(table.transcript)
            assert transcript.parent == net
            until = time.monotonic() + 240      # play into the battle with F9
            while table.state.phase != "battle":
                assert time.monotonic() < until and not table.over
                await (pilot.press("f9") if table.legal() else pilot.pause(0.02))
            # F10 asks; Escape stays in the game
            await pilot.press("f10")
            await pilot.pause()
            assert isinstance(app.screen, NetLeaveScreen)
            assert str(transcript) in text(app.screen.query_one("#net-leave-path", Static)).replace("\n", "")
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen) and app.match is table
            # F10 again, and leave: the session closes, the game stays on disk
            await pilot.press("f10")
            await pilot.pause()
            await pilot.click("#leave")
            await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), seconds=10)
            assert app.match is None and table.status == "closed"
            assert any("Незаконченные сетевые партии" in n.message for n in app._notifications)
            # the menu's list: the left game, resumable; the broken ones with their reason
            menu = app.screen.query_one("#menu", OptionList)
            menu.highlighted = [o.id for o in menu.options].index("net_games")
            await pilot.press("enter")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, NetGamesScreen)
            lines = [str(o.prompt) for o in screen.query_one("#net-games", OptionList).options]
            assert len(lines) == 3, lines
            port = host.session.link.port
            assert any(f"вы подключились к 127.0.0.1:{port} · бой" in line for line in lines), lines
            assert any("damaged.msgs · продолжить нельзя: протокол повреждён" in line for line in lines), lines
            assert any("orphan.msgs · продолжить нельзя: нет файла orphan.msgs.keys" in line for line in lines)
            ours = next(i for i, g in enumerate(screen.games) if g.path == transcript)
            screen.query_one("#net-games", OptionList).highlighted = ours
            await pilot.pause()
            assert str(transcript) in text(screen.query_one("#net-games-detail", Static)).replace("\n", "")
            await pilot.press("enter")
            # the resume lobby hands the game over; the host, still waiting, takes the guest back
            await wait_for(pilot, lambda: isinstance(app.match, NetTable))
            again = app.match
            assert isinstance(again, NetTable) and again.transcript == str(transcript)
            await wait_for(pilot, lambda: again.status == "connected")
            while not (again.to_move == again.seat and again.legal()):     # resign on a decision of ours
                assert time.monotonic() < until and not again.over
                await pilot.pause(0.02)
            app.resign()
            await wait_for(pilot, lambda: again.verified)
            await pilot.pause()
            assert isinstance(app.screen, GameOverScreen)
            await wait_for(pilot, lambda: again.settled)
            await pilot.press("enter")        # a finished game leaves without asking
            await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), seconds=10)
            await pilot.press("enter")        # the menu remembers the list's line
            await pilot.pause()
            assert isinstance(app.screen, NetGamesScreen)
            assert "Законченных партий: 1" in text(app.screen.query_one("#net-games-note", Static))
            assert all(g.path != transcript for g in app.screen.games)
    finally:
        host.stop.set()
        host.join(30)
    assert host.error is None, host.error
    assert host.match is not None and host.match.peer.result.winner == 0
    for path in (home / "host.msgs", transcript):
        assert verify_transcript(DB, path).winner == 0
