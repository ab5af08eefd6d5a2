"""The decision clock of the four-player network game (rules decision 737), in one process: a host and three
guests over loopback whose clocks read a made-up time. A seat out of time resigns by its own program and its
team loses on every peer (verified, one final hash, the relayed order proven again); a seat whose program does
not resign is given up on after a grace and the game is stopped for all; a seat out of time in the deployment
has the rest of its cards placed and confirmed, and its spent reserve survives a restart."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from berserk_tui.bot import get_agent
from berserk_tui.netgame import TIME, TimeControl
from berserk_tui.netgame.party_clock import SeatClocks
from berserk_tui.netgame.party_verify import verify_party
from berserk_tui.netmatch import TIMED_OUT, Note
from berserk_tui.party_cli import Replayed
from berserk_tui.party_net import STALL_GRACE_S, PartyGuest, PartyHost, PartyNode, party_order, resume_node
from cards.decks import builtin_decks
from netplay import Session
from tests.netmatch.test_clock_games import FakeTime
from tests.replay_files import DB, FAST

CONTROL = TimeControl(10, 20)


def _party(folder: Path, turns: int = 6) -> tuple[list[PartyNode], FakeTime]:
    decks = [list(d.cards) for d in builtin_decks(DB)[:4]]
    host = PartyHost.start(DB, decks[0], folder / "host", turn_limit=turns, bind="127.0.0.1", timing=FAST,
                           control=CONTROL)
    nodes: list[PartyNode] = [host]
    for seat, code in enumerate(host.codes, start=1):
        session = Session.join(code, folder / f"seat{seat + 1}.msgs", timing=FAST)
        items: list = []
        while not any(i.event == "message" for i in items):
            host.pump(1)
            items += session.poll(5)
        at = next(i for i, item in enumerate(items) if item.event == "message")
        nodes.append(PartyGuest.begin(DB, Replayed(session, items[at + 1:]), items[at].body, decks[seat]))
    clock = FakeTime()
    for node in nodes:
        node.now = clock
    return nodes, clock


def _run(nodes: list[PartyNode], until: Callable[[], bool], moves: Callable[[PartyNode], bool],
         seconds: float = 60) -> list[list[Note]]:
    """Pump every node and let each seat's random bot move while `moves(node)`, until `until()`; the notes."""
    bots = [get_agent("random", 30 + s) for s in range(len(nodes))]
    notes: list[list[Note]] = [[] for _ in nodes]
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, "timed out"
        deciding = any(n.my_turn and moves(n) for n in nodes)      # no wait for traffic while a seat decides
        for s, node in enumerate(nodes):
            notes[s] += node.pump(0 if deciding else 1)
            assert not node.violation, node.violation
            if node.my_turn and moves(node):
                node.act(bots[s](node.view(), node.legal()))
    return notes


def _stall_in(nodes: list[PartyNode], seat: int, phase: str) -> PartyNode:
    """Play until `seat` must decide in `phase` and every message is through; it never moves again."""
    staller = nodes[seat]

    def there(node: PartyNode) -> bool:
        return node.peer.engine is not None and node.peer.engine.phase == phase
    _run(nodes, lambda: there(staller) and staller.my_turn, lambda n: n is not staller or not there(n))
    _run(nodes, lambda: all(n.settled for n in nodes), lambda n: False)
    return staller


def _close(nodes: list[PartyNode]) -> None:
    for node in nodes:
        node.close()


def test_the_seat_clocks_give_each_wait_its_allowance_then_spend_the_reserve() -> None:
    clocks = SeatClocks(CONTROL, 4)
    clocks.wait({1: 5, 2: 7}, 100.0)
    assert clocks.reading(1, 104).free == 6 and clocks.reading(0, 104).running is False
    clocks.wait({1: 5, 2: 8}, 115.0)             # seat 3's wait is new; seat 2's goes on
    assert clocks.reading(1, 115) == (0.0, 15.0, True) and clocks.reading(2, 115).free == 10
    assert not clocks.over(1, 129.9) and clocks.over(1, 130.0) and not clocks.over(1, 130.0, grace=5)
    clocks.wait({}, 120.0)
    assert clocks.used[1] == 10 and clocks.started is None and clocks.reading(1, 500) == (10.0, 10.0, False)
    spent = SeatClocks(CONTROL, 4, [0, 20, 0, 0])        # no reserve left: each wait still has its allowance
    spent.wait({1: 0}, 0.0)
    assert not spent.over(1, 9.9) and spent.over(1, 10.0)


def test_a_seat_out_of_time_resigns_by_itself_and_its_team_loses_on_every_peer(tmp_path: Path) -> None:
    nodes, clock = _party(tmp_path)
    try:
        staller = _stall_in(nodes, 2, "battle")
        clock.t += CONTROL.allowance + CONTROL.reserve - 1
        _run(nodes, lambda: all(n.settled for n in nodes), lambda n: False, 5)
        assert staller.peer.result is None                  # a second left
        clock.t += 1
        notes = _run(nodes, lambda: all(n.finished for n in nodes), lambda n: False)
        assert any(n.kind == TIMED_OUT and n.code == "out" for n in notes[2])
        results = {(n.peer.result.winner, n.peer.result.ended, n.peer.resigned_by) for n in nodes}
        assert results == {(1, TIME, 2)}                    # seat 3 (team 1) out of time: team 2 wins
        assert all(n.peer.verified and not n.stopped for n in nodes)
        assert len({n.final_hash() for n in nodes}) == 1
        _run(nodes, lambda: all(n.settled for n in nodes), lambda n: False)
    finally:
        _close(nodes)
    rules, order = party_order(tmp_path / "seat2.msgs")
    report = verify_party(DB, rules, order)
    assert (report.ended, report.resigned_by, report.final_hash) == (TIME, 2, nodes[0].final_hash())


def test_a_seat_whose_program_does_not_resign_is_given_up_on_and_the_game_stopped(tmp_path: Path) -> None:
    nodes, clock = _party(tmp_path)
    try:
        staller = _stall_in(nodes, 3, "battle")
        staller._keep_time = lambda notes: None             # type: ignore[method-assign]  # a modified program
        clock.t += CONTROL.allowance + CONTROL.reserve + STALL_GRACE_S - 1
        _run(nodes, lambda: all(n.settled for n in nodes), lambda n: False, 5)
        assert not any(n.stopped for n in nodes)
        clock.t += 1
        notes = _run(nodes, lambda: all(n.stopped for n in nodes), lambda n: False)
        assert {n.stopped for n in nodes} == {"seat 4 ran out of time and its program did not resign"}
        assert all(any(n.kind == TIMED_OUT and n.code == "stopped" for n in seat) for seat in notes)
        assert all(n.peer.result is None for n in nodes)
    finally:
        _close(nodes)


def test_out_of_time_in_the_deployment_the_rest_is_placed_and_the_reserve_is_kept(tmp_path: Path) -> None:
    nodes, clock = _party(tmp_path)
    try:
        staller = _stall_in(nodes, 1, "deploy")
        assert staller.peer.deploying
        clock.t += CONTROL.allowance + CONTROL.reserve
        notes = _run(nodes, lambda: all(n.peer.engine.phase == "battle" for n in nodes), lambda n: n is not staller)
        assert any(n.kind == TIMED_OUT and n.code == "deployed" for n in notes[1])
        assert staller.clocks.used[1] == CONTROL.reserve and staller.peer.result is None
        _run(nodes, lambda: all(n.settled for n in nodes), lambda n: False)
        staller.close()
        again = resume_node(DB, staller.path, FAST)
        again.close()
        assert again.clocks.used[1] == CONTROL.reserve and again.control == CONTROL
    finally:
        _close(nodes)
