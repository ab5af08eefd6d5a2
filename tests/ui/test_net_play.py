"""Pilot tests of network play in the app: host from the lobby, play against a headless peer
over loopback, resign, and the checks both sides and `replay --verify` make afterwards."""

from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path

import pytest
from textual.widgets import Static

from berserk_tui.bot import get_agent
from berserk_tui.net_table import NetTable
from berserk_tui.netmatch import STATUS, NetMatch, Note, verify_transcript
from berserk_tui.ui.screens.base import GameScreen
from berserk_tui.ui.screens.game_over import GameOverScreen
from berserk_tui.ui.screens.menu import MenuScreen
from berserk_tui.ui.screens.net_lobby import HOST, JOIN, RESUME, NetLobbyScreen
from cards.decks import builtin_decks
from cards.loader import load_all
from netplay import JoinCode, Session, Timing
from tests.netplay.test_joincode import OLD_CODE

from .conftest import make_app

DB = load_all()
FAST = Timing(heartbeat=0.1, silence=1.0, lost=20.0, resend=0.05)


def bot_plays_out(match: NetMatch, agent, seconds: float) -> None:  # noqa: ANN001 (a bot of the match's game)
    """`agent` plays `match`'s seat to the end and waits for the session to settle (at most `seconds`), then closes."""
    until = time.monotonic() + seconds
    while not match.finished and time.monotonic() < until:
        match.pump(0 if match.my_turn else 5)
        if match.my_turn:
            match.act(agent(match.view(), match.legal()))
    while not match.session.settled and time.monotonic() < until:
        match.pump(5)
    match.close()


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
            bot_plays_out(match, get_agent("random", 5), seconds=120)
        except BaseException as exc:  # reported by the test
            self.error = exc


async def wait_for(pilot, condition, seconds: float = 60) -> None:  # noqa: ANN001
    until = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < until, "timed out"
        await pilot.pause(0.02)


async def test_host_a_game_play_it_resign_and_both_transcripts_verify(home: Path, quick_f9: None) -> None:
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


@pytest.mark.parametrize(("lang", "code", "words"), [
    ("ru", OLD_CODE, "Код BRK1 сделан другой версией программы, а эта читает коды BRK2"),
    ("en", OLD_CODE, "The code BRK1 comes from another version of the program; this one reads BRK2 codes"),
    ("ru", "BRK2-AAAAA-AAAAA", "Код набран с ошибкой"),
    ("en", "hello", "This is not a join code: one starts with BRK2-."),
])
async def test_a_bad_join_code_is_reported_in_the_players_language(home: Path, lang: str, code: str,
                                                                    words: str) -> None:
    app = make_app(lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = NetLobbyScreen(JOIN, code=code, auto=True)
        await app.push_screen(lobby)
        await pilot.pause()
        state = lobby.query_one("#net-state", Static)
        assert str(state.render()) == words or str(state.render()).startswith(words)
        assert state.has_class("error") and "join code starts" not in str(state.render())
        assert lobby.table is None and not lobby.query_one("#start").disabled
        assert not (home / "net").exists() or not any((home / "net").iterdir())


async def test_the_code_stands_alone_on_one_line_outside_the_form_and_f2_says_what_it_did(home: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = NetLobbyScreen(HOST, bind="127.0.0.1", auto=True, timing=FAST)
        await app.push_screen(lobby)
        await wait_for(pilot, lambda: bool(lobby.join_code))
        await pilot.pause()
        code = lobby.query_one("#net-code", Static)
        assert str(code.render()) == lobby.join_code and len(lobby.join_code) == 45
        assert code.region.height == 1 and code.region.width >= len(lobby.join_code)
        assert not code.region.overlaps(lobby.query_one("#form").region)      # no border on its line
        assert lobby.query_one("#start").region.height == 0               # the form's fields gave way
        await pilot.press("f2")
        await pilot.pause()
        assert app.clipboard == lobby.join_code
        shown = [n.message for n in app._notifications]
        assert any("OSC 52" in text and "Shift" in text for text in shown), shown
        assert not any("скопирован" in text for text in shown)


async def test_joining_a_host_that_is_gone_is_reported_within_seconds(home: Path) -> None:
    with socket.socket() as probe:          # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = NetLobbyScreen(JOIN, code=JoinCode("127.0.0.1", port, os.urandom(12)).encode(), auto=True)
        start = time.monotonic()
        await app.push_screen(lobby)
        state = lobby.query_one("#net-state", Static)
        await wait_for(pilot, lambda: state.has_class("error"), seconds=10)
        assert time.monotonic() - start < 3
        text = str(state.render())
        assert text.startswith(f"Хост 127.0.0.1:{port} не отвечает: там никто не ждёт подключения")
        assert "доказательств" not in text
        assert lobby.table is None and not lobby.query_one("#start").disabled


async def test_a_used_code_is_refused_in_words_that_point_to_the_saved_game(home: Path) -> None:
    host, code = Session.host("127.0.0.1", 0, home / "h.msgs", timing=FAST)
    first = Session.join(code, home / "first.msgs", timing=FAST)
    while host.status != "connected":
        host.poll(5)
        first.poll(5)
    app = make_app(lang="en")
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            lobby = NetLobbyScreen(JOIN, code=code, auto=True, timing=FAST)
            await app.push_screen(lobby)
            state = lobby.query_one("#net-state", Static)

            def refused() -> bool:
                host.poll(0)                      # the host answers the second guest's hello
                return state.has_class("error")

            await wait_for(pilot, refused, seconds=10)
            assert str(state.render()).startswith("Another player has already joined this game: the code is used. "
                                                  "If that was you, go back to the game through the menu")
            assert lobby.table is None
    finally:
        host.close()
        first.close()


async def test_a_busy_port_is_reported_on_the_host_form(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("netplay.link.BIND_RETRY_S", 0.1)     # a port busy for good: no 2 s of hoping it frees
    other, _ = Session.host("127.0.0.1", 0, home / "other.msgs")
    try:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            lobby = NetLobbyScreen(HOST, bind="127.0.0.1", port=other.link.port, auto=True)
            await app.push_screen(lobby)
            await pilot.pause()
            state = lobby.query_one("#net-state", Static)
            assert str(state.render()) == (f"Порт {other.link.port} уже занят другой программой: укажите другой "
                                           "или оставьте поле пустым.")
            assert state.has_class("error")
            assert lobby.table is None and not lobby.join_code
    finally:
        other.close()


async def test_a_host_closed_before_anyone_joined_resumes_in_the_app_with_its_code(home: Path) -> None:
    """Issue 36, hole 5: `berserk resume FILE` of a host nobody had joined (no transcript yet) opens
    the resume lobby, which shows the same join code; a guest joins with it and the game begins."""
    session, code = Session.host("127.0.0.1", 0, home / "host.msgs", timing=FAST)
    NetMatch.start(DB, session, list(builtin_decks(DB)[0].cards)).close()    # killed before any guest
    assert not (home / "host.msgs").exists()
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = NetLobbyScreen(RESUME, transcript=home / "host.msgs", auto=True)
        await app.push_screen(lobby)
        await wait_for(pilot, lambda: bool(lobby.join_code))
        assert lobby.join_code == code and code in str(lobby.query_one("#net-code", Static).render())
        guest = NetMatch.start(DB, Session.join(code, home / "guest.msgs", timing=FAST),
                               list(builtin_decks(DB)[1].cards))
        until = time.monotonic() + 30
        while not isinstance(app.match, NetTable):
            assert time.monotonic() < until, "the game did not begin"
            guest.pump(5)
            await pilot.pause(0.02)
        assert app.match.seat == 0 and app.match.net.session.recorded
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted)
        await pilot.pause()         # (leave once the game's first screen has composed, not while it mounts)
        guest.close()


async def test_the_host_picks_the_board_game_and_the_guest_plays_it(home: Path) -> None:
    from textual.widgets import Select

    from berserk_tui.games.boardgame import BOARDGAME

    app = make_app()
    told: list[str] = []
    notify = app.notify
    app.notify = lambda message, *a, **kw: (told.append(str(message)), notify(message, *a, **kw))[1]  # type: ignore
    async with app.run_test(size=(100, 30), notifications=True) as pilot:     # (a notice expires: keep its words)
        lobby = NetLobbyScreen(HOST, bind="127.0.0.1", transcript=home / "host.msgs", timing=FAST)
        await app.push_screen(lobby)
        lobby.query_one("#rules", Select).value = "boardgame"
        await pilot.pause(0.1)
        assert lobby.query_one("#mode", Select).value == "duel"
        lobby.action_start()
        await wait_for(pilot, lambda: bool(lobby.join_code))
        assert "Игра: Настольная игра." in str(lobby.query_one("#net-summary", Static).render())
        guest = Guest(lobby.join_code, home / "guest.msgs")
        guest.start()
        await wait_for(pilot, lambda: isinstance(app.match, NetTable))
        table = app.match
        assert isinstance(table, NetTable) and table.game_def is BOARDGAME and table.setup.game == "boardgame"
        assert table.state.rules.rulebook.name == "boardgame"
        await wait_for(pilot, lambda: guest.match is not None and guest.match.peer.engine is not None)
        assert guest.match.game_def is BOARDGAME and guest.match.peer.engine.rules.rulebook.name == "boardgame"
        assert any("Игра: Настольная игра." in message for message in told)


class _Ended:
    """A network table whose game is over, the opponent verified and everything acknowledged."""
    over = verified = settled = True


async def test_after_a_proven_end_the_link_s_news_is_not_told() -> None:
    """The opponent's program closes its link once the game is over and proven: the app does not call that a
    broken link (a game still going, or not yet proven, is told)."""
    app = make_app()
    told: list[str] = []
    app.notify = lambda message, *a, **kw: told.append(str(message))  # type: ignore[method-assign]
    async with app.run_test(size=(100, 30)):
        app._net_note(_Ended(), Note(STATUS, "reconnecting"))       # type: ignore[arg-type]
        assert told == []
        going = _Ended()
        going.verified = False
        app._net_note(going, Note(STATUS, "reconnecting"))          # type: ignore[arg-type]
        assert told == ["Связь прервалась, переподключаемся…"]
