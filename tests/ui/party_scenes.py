"""The four-player host's lobby as its seats fill, for the snapshot tests and `screenshots/`: the lobby screen of
the app, its table a `PartyTable` whose join codes, key-bearing codes, seats and file path are fixed here (no
network), so the picture is the same on every run."""

from __future__ import annotations

from textual.pilot import Pilot

from berserk_tui.games.team import TEAM
from berserk_tui.match import HUMAN, NETWORK, MatchSetup
from berserk_tui.netgame import DEFAULT_CONTROL, TimeControl
from berserk_tui.party_table import PartyTable
from berserk_tui.table import News
from berserk_tui.ui.app import BerserkApp
from berserk_tui.ui.screens.net_lobby import HOST, NetLobbyScreen

from .driver import settle

CODES = ("BRK2-QX7KD-M2PAV-9TLCE-H4WRN-6BZFY-3JUGS-8DK", "BRK2-QX7KD-N5RBW-2HMQF-J7XTC-4LSEA-9VPDG-6MT",
         "BRK2-QX7KD-P8SCX-5KNRG-L2YUD-7MTFB-3WQEH-2RH")
GAME_FILE = "/home/player/.local/share/berserk-tui/net/20261129-051500-host-4f2a.party"


class LobbyTable(PartyTable):
    """Seat 1's table before the game: who has joined is what the scene says."""

    def __init__(self, joined: list[bool]) -> None:       # no node: nothing is sent or received
        self._joined = joined
        names = ("Орки", "", "", "")
        self.setup = MatchSetup(NETWORK, ((), (), (), ()), names, human=0, game=TEAM.name,
                                seat_players=(HUMAN, NETWORK, NETWORK, NETWORK))
        self.revision = 0

    ready = False
    seat = 0
    status = "waiting"
    lost = False
    unreachable = ""
    transcript = GAME_FILE

    @property
    def joined(self) -> list[bool]:
        return self._joined

    @property
    def control(self) -> TimeControl:
        return DEFAULT_CONTROL

    def pump(self, timeout_ms: int = 0) -> News:
        return News()

    def close(self) -> None:
        """Nothing to let go."""


def party_lobby(joined: list[bool]) -> object:
    """The host form of the team game opened, its codes shown, the seats `joined` so far."""
    async def prepare(pilot: Pilot) -> None:
        await settle(pilot)
        app: BerserkApp = pilot.app  # type: ignore[assignment]
        lobby = NetLobbyScreen(HOST, players=4)

        def opened() -> PartyTable:
            lobby.join_code = "\n".join(app.t("net.party.code", seat=s, code=c) for s, c in enumerate(CODES, 2))
            return LobbyTable(joined)
        lobby._open = opened        # type: ignore[method-assign]
        await app.push_screen(lobby)
        await settle(pilot)
        lobby.action_start()
        await pilot.pause(0.2)      # a few ticks of the lobby's timer
        await settle(pilot)
    return prepare
