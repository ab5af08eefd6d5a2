"""The headless bot loops (`berserk host/join/resume --headless`): a seat with a decision to take polls the network
without waiting, so a bot's long run of local decisions (a random bot's deployment draft: thousands of places and
take-backs that send nothing) is not slowed by a 20 ms wait for traffic per decision."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from berserk_tui.netcli import _play
from berserk_tui.party_cli import STOPPED, run

DECISIONS = 50


class _Node:
    """A seat with DECISIONS local decisions in a row, then stopped; records each pump's timeout."""

    def __init__(self) -> None:
        self.left = DECISIONS
        self.waits: list[tuple[bool, int]] = []       # (a decision was waiting, the timeout asked for)
        self.peer = SimpleNamespace(engine=object(), can_resign=False, result=None)
        self.joined = [True, True]
        self.violation = ""
        self.stopped = ""
        self.settled = True

    @property
    def my_turn(self) -> bool:
        return self.left > 0

    @property
    def finished(self) -> bool:
        return bool(self.stopped or self.violation)

    def pump(self, timeout_ms: int = 20) -> list[Any]:
        self.waits.append((self.my_turn, timeout_ms))
        return []

    def view(self) -> None:
        return None

    def legal(self) -> list[str]:
        return ["place"]

    def act(self, action: str) -> None:
        self.left -= 1

    def transcripts(self) -> list[str]:
        return []

    def close(self) -> None:
        pass


class _PartyNode(_Node):
    def pump(self, timeout_ms: int = 20) -> list[Any]:
        if not self.my_turn:
            self.stopped = "seat 2 dropped and did not come back"
        return super().pump(timeout_ms)


class _Match(_Node):
    game_def = SimpleNamespace(name="classic")
    unreachable = ""
    lost = False
    session = SimpleNamespace(status="connected", settled=True)

    def pump(self, timeout_ms: int = 20) -> list[Any]:
        if not self.my_turn:
            self.violation = "the test ends the game here"
        return super().pump(timeout_ms)


def test_a_party_seat_with_a_decision_to_take_does_not_wait_for_traffic() -> None:
    node = _PartyNode()
    assert run(node, lambda view, legal: legal[0]) == STOPPED       # type: ignore[arg-type]
    assert node.left == 0
    assert [t for mine, t in node.waits if mine] == [0] * DECISIONS
    assert all(t > 0 for mine, t in node.waits if not mine)         # otherwise it waits for the others


def test_a_duel_seat_with_a_decision_to_take_does_not_wait_for_traffic() -> None:
    match = _Match()
    assert _play(match, lambda view, legal: legal[0]) == 3          # type: ignore[arg-type]
    assert match.left == 0
    assert [t for mine, t in match.waits if mine] == [0] * DECISIONS
    assert all(t > 0 for mine, t in match.waits if not mine)
