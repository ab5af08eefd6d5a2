"""Pilot tests of the decision clock in the app (issue 36, hole 3: a stalling loser wins by waiting): the
host picks a time control, both clocks show on the game screens (read at a frozen time), a guest who
stops moving loses on time, and one who never reveals his secrets is given up on after the deadline."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from textual.widgets import Select, Static

from berserk_tui.bot import get_agent
from berserk_tui.net_table import NetTable
from berserk_tui.netgame import TIME, Reading, TimeControl
from berserk_tui.netmatch import FINAL_DEADLINE_S, NetMatch
from berserk_tui.ui.screens.battle import BattleScreen
from berserk_tui.ui.screens.game_over import GameOverScreen
from berserk_tui.ui.screens.net_lobby import HOST, NetLobbyScreen
from berserk_tui.ui.widgets.clock_line import ClockLine, clock_text, duration, low
from cards.decks import builtin_decks
from netplay import Session

from .conftest import make_app
from .test_net_play import DB, FAST, wait_for

CONTROL = TimeControl(30, 60)


class Staller(threading.Thread):
    """A headless guest: the random bot plays until the battle, then never moves; with `reveals=False`
    its game takes no more messages (its link stays up), so it never sends its final reveal."""

    def __init__(self, code: str, transcript: Path, reveals: bool = True) -> None:
        super().__init__(daemon=True)
        self.code, self.transcript, self.reveals = code, transcript, reveals
        self.stop = threading.Event()
        self.error: BaseException | None = None
        self.match: NetMatch | None = None

    def run(self) -> None:
        try:
            match = self.match = NetMatch.start(DB, Session.join(self.code, self.transcript, timing=FAST),
                                                list(builtin_decks(DB)[1].cards))
            agent = get_agent("random", 5)
            while not self.stop.is_set():
                battle = match.peer.engine is not None and match.peer.engine.phase == "battle"
                if battle and not self.reveals:
                    match.session.poll(5)
                    continue
                match.pump(5)
                if match.my_turn and not battle:
                    match.act(agent(match.view(), match.legal()))
            match.close()
        except BaseException as exc:  # reported by the test
            self.error = exc


class Frozen:
    def __init__(self, t: float) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def test_the_clock_line_reads_free_time_plus_reserve_and_warns_when_time_runs_low() -> None:
    """Hole 3: the running clock shows its free time and reserve, then the reserve alone; one's own
    clock turns red once the free time is gone and little reserve is left (or without reserve, at 10 s)."""
    assert [duration(s) for s in (0, 0.2, 59.1, 60, 899, 3600, 7261)] == \
        ["0:00", "0:01", "1:00", "1:00", "14:59", "1:00:00", "2:01:01"]
    mine, theirs = Reading(42, 900, True), Reading(60, 850, False)
    text = clock_text(mine, theirs, "ru")
    assert text.plain == "⏱ вы ▸0:42+15:00 · соперник 14:10" and not low(mine)
    assert clock_text(theirs, Reading(0, 25, True), "en").plain == "⏱ you 14:10 · opponent ▸0:25"
    assert low(Reading(0, 30, True)) and not low(Reading(0, 31, True)) and not low(Reading(0, 5, False))
    assert low(Reading(10, 0, True)) and not low(Reading(11, 0, True))
    assert any("red" in str(span.style) for span in clock_text(Reading(0, 20, True), theirs, "ru").spans)


def clock_text_of(app) -> str:  # noqa: ANN001
    line = app.screen.query_one(ClockLine)
    assert line.display
    return str(line.render())


async def host_until_the_guest_stalls(pilot, app, home: Path, reveals: bool = True) -> tuple[NetTable, Staller]:  # noqa: ANN001
    """Host with CONTROL (as `berserk host --clock 30/60` gives it to the form: an extra choice, chosen);
    play with F9 into the battle until the game waits on the guest."""
    lobby = NetLobbyScreen(HOST, bind="127.0.0.1", transcript=home / "host.msgs", timing=FAST, control=CONTROL)
    await app.push_screen(lobby)
    await pilot.pause()
    clock = lobby.query_one("#clock", Select)
    assert clock.value == 0 and lobby.controls[0] == CONTROL and len(lobby.controls) == 5
    lobby.action_start()
    await wait_for(pilot, lambda: bool(lobby.join_code))
    assert "Контроль времени: 30 с на решение + 1 мин запаса на партию." in str(
        lobby.query_one("#net-summary", Static).render())
    guest = Staller(lobby.join_code, home / "guest.msgs", reveals)
    guest.start()
    await wait_for(pilot, lambda: isinstance(app.match, NetTable))
    table = app.match
    assert isinstance(table, NetTable) and table.control == CONTROL
    await wait_for(pilot, lambda: any("Контроль времени: 30 с на решение + 1 мин запаса на партию." in n.message
                                      for n in app._notifications), seconds=5)
    shown: set[str] = set()             # the screens that showed the host's clock running
    until = time.monotonic() + 240
    while not (table.state.phase == "battle" and table.to_move == 1 and table.net.session.settled):
        assert time.monotonic() < until and not table.over
        if table.legal() and app.screen.query(ClockLine):
            assert clock_text_of(app).startswith("⏱ вы ▸")
            shown.add(type(app.screen).__name__)
        await (pilot.press("f9") if table.legal() else pilot.pause(0.02))
    assert "DeployScreen" in shown and shown & {"OrderScreen", "PurchaseScreen"}, shown
    return table, guest


@pytest.mark.parametrize("reveals", [True, False])
async def test_the_clocks_show_and_a_guest_who_stops_moving_loses_on_time(home: Path, reveals: bool) -> None:
    """Hole 3: the battle screen shows both clocks, the running one marked; the host's app claims the win
    when the guest's time is gone, and the game-over screen says how the game ended and what was proven."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        table, guest = await host_until_the_guest_stalls(pilot, app, home, reveals)
        frozen = Frozen(table.net.clock.since + 12)
        table.net.now = frozen
        await pilot.pause(0.1)
        assert isinstance(app.screen, BattleScreen)
        assert clock_text_of(app) == "⏱ вы 1:00 · соперник ▸0:18+1:00"
        frozen.t += 28                             # 10 s of the guest's reserve are gone
        await pilot.pause(0.1)
        assert clock_text_of(app) == "⏱ вы 1:00 · соперник ▸0:50"
        frozen.t += 51                             # 1 s past his reserve
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert table.ended == TIME and table.winner == 0

        def shown() -> str:
            return str(app.screen.query_one("#over-title", Static).render()) + "\n" + \
                str(app.screen.query_one("#over-reason", Static).render())

        if reveals:
            await wait_for(pilot, lambda: "честные" in shown())
        else:
            await pilot.pause(0.3)
            assert not table.verified and not table.overdue and "Ждём, когда соперник раскроет" in shown()
            frozen.t += FINAL_DEADLINE_S
            await wait_for(pilot, lambda: "Ждём" not in shown())
        text = shown()
        assert text.startswith("Победа!\nПобеда по времени: время соперника вышло.")
        if reveals:
            assert "все его карты и кубики честные" in text
        else:
            assert "Соперник не раскрыл колоду и секреты за 60 с после конца партии: его колода и скрытые карты " \
                   "не проверены. Результат остаётся в силе." in text
            assert "честные" not in text
        assert f"Протокол партии: {home / 'host.msgs'}" in text
        guest.stop.set()
    guest.join(30)
    assert guest.error is None, guest.error
    assert (guest.match.peer.result is not None) == reveals
