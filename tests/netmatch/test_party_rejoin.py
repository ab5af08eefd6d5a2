"""A guest killed before the host gave it its seat rejoins (rules decision 738): its deck waits in the join file,
`rejoin` resumes its session (the key the host's session for that seat is bound to) with the host's first message
if it had come, and the game goes on to one final hash, every seat verified. In one process, over loopback."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from berserk_tui.bot import get_agent
from berserk_tui.net_join import join_path, pending_join, rejoin, save_join
from berserk_tui.party_cli import Replayed
from berserk_tui.party_net import SEAT, PartyGuest, PartyHost, PartyNode
from cards.decks import builtin_decks
from netplay import Session
from tests.replay_files import DB, FAST


def _guest(session: Session, items: list, deck: list[str]) -> PartyGuest:
    at = next(i for i, item in enumerate(items) if item.event == "message")
    assert items[at].kind == SEAT
    return PartyGuest.begin(DB, Replayed(session, items[at + 1:]), items[at].body, deck)


def _join(host: PartyHost, code: str, transcript: Path, deck: list[str]) -> PartyGuest:
    """A guest joined on `code`, once its seat message came (the host pumped meanwhile)."""
    session = Session.join(code, transcript, timing=FAST)
    items: list = []
    while not any(i.event == "message" for i in items):
        host.pump(1)
        items += session.poll(5)
    return _guest(session, items, deck)


def _play(nodes: list[PartyNode], seconds: float = 120) -> None:
    bots = [get_agent("random", 40 + s) for s in range(len(nodes))]
    deadline = time.monotonic() + seconds
    while not all(n.finished for n in nodes):
        assert time.monotonic() < deadline, "timed out"
        for s, node in enumerate(nodes):
            node.pump(1)
            assert not (node.violation or node.stopped), node.violation or node.stopped
            if node.my_turn:
                node.act(bots[s](node.view(), node.legal()))
    while not all(n.settled for n in nodes):
        for node in nodes:
            node.pump(1)


@pytest.mark.parametrize("got_seat", [False, True])
def test_a_guest_killed_before_it_got_its_seat_rejoins_and_the_game_goes_on(tmp_path: Path, got_seat: bool) -> None:
    """Killed before its first contact (nothing said), or after its seat message came and was recorded but before
    it made a game of it (no `.party` file): `berserk resume TRANSCRIPT` does what `rejoin` does here."""
    decks = [list(d.cards) for d in builtin_decks(DB)[:4]]
    host = PartyHost.start(DB, decks[0], tmp_path / "host", turn_limit=2, bind="127.0.0.1", timing=FAST)
    nodes: list[PartyNode] = [host]
    try:
        for seat, code in ((1, host.codes[0]), (3, host.codes[2])):
            nodes.append(_join(host, code, tmp_path / f"seat{seat + 1}.msgs", decks[seat]))
        transcript = tmp_path / "seat3.msgs"
        killed = Session.join(host.codes[1], transcript, timing=FAST)
        save_join(transcript, decks[2], "Эльфы")
        seen: list = []
        while got_seat and not any(i.kind == SEAT for i in seen):
            host.pump(1)
            seen += killed.poll(5)          # the seat, maybe the first relayed hellos: recorded, not played
        killed.close()                                  # killed: no `.party` file
        assert not Path(str(transcript) + ".party").exists() and join_path(transcript).exists()
        assert pending_join(Path(str(transcript) + ".party")) == transcript == pending_join(transcript)
        session, items, data = rejoin(transcript, FAST)
        assert data["deck"] == decks[2] and any(i.kind == SEAT for i in items) == got_seat
        while not any(i.event == "message" for i in items):
            for node in nodes:
                node.pump(1)
            items += session.poll(5)
        guest = _guest(session, items, data["deck"])
        assert guest.seat == 2 and pending_join(transcript) is None       # a game now: `resume` takes its file
        nodes.insert(2, guest)
        _play(nodes)
        assert all(n.peer.verified for n in nodes) and len({n.final_hash() for n in nodes}) == 1
    finally:
        for node in nodes:
            node.close()


def test_a_seat_killed_halfway_through_its_deployment_draft_resumes_with_it_empty(tmp_path: Path) -> None:
    """A choice that sends nothing (on the deployment draft, inside a purchase) is not written to the game file at
    once (no file write per click); a seat killed there resumes before those choices, and the game goes on."""
    from berserk_tui.engine.actions import Place
    from berserk_tui.party_net import read_party_file, resume_node

    decks = [list(d.cards) for d in builtin_decks(DB)[:4]]
    host = PartyHost.start(DB, decks[0], tmp_path / "host", turn_limit=2, bind="127.0.0.1", timing=FAST)
    nodes: list[PartyNode] = [host]
    try:
        for seat, code in enumerate(host.codes, start=1):
            nodes.append(_join(host, code, tmp_path / f"seat{seat + 1}.msgs", decks[seat]))
        bots = [get_agent("random", 50 + s) for s in range(4)]
        guest = nodes[2]
        deadline = time.monotonic() + 60
        while not (guest.my_turn and guest.peer.deploying):
            assert time.monotonic() < deadline
            for s, node in enumerate(nodes):
                node.pump(1)
                if node.my_turn and not (node is guest and node.peer.deploying):
                    node.act(bots[s](node.view(), node.legal()))
        saved = read_party_file(guest.path)["inputs"]
        placed = 0
        while placed < 2 and any(isinstance(a, Place) for a in guest.legal()):    # a squad may be one card
            guest.act(next(a for a in guest.legal() if isinstance(a, Place)))
            placed += 1
        assert placed and read_party_file(guest.path)["inputs"] == saved
        assert len(guest.peer.inputs) == len(saved) + placed
        guest.close()                                   # killed on its draft
        again = resume_node(DB, guest.path, FAST)
        nodes[2] = again
        assert again.my_turn and again.peer.deploying and len(again.peer.inputs) == len(saved)
        _play(nodes)
        assert all(n.peer.verified for n in nodes) and len({n.final_hash() for n in nodes}) == 1
    finally:
        for node in nodes:
            node.close()
