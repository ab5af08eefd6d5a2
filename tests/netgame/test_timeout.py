"""Timeout claims between two FairPeers (issue 36, hole 3: a stalling loser wins by waiting): a claim
ends the game on time, it may cross the staller's late move, an invalid one is refused, and the
verifier accepts exactly what the live peers accept, also when the staller never reveals its secrets."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_tui.engine import DRAW, IllegalAction, view
from berserk_tui.netgame import TIME, FairPeer, ProtocolViolation, TimeControl, Timeout, verify_game
from berserk_tui.netgame.wire import CLOCK, FINAL, TIMEOUT

from .duel import DB, Duel


def stalls(seed: int, seat: int, phase: str = "battle") -> Duel:
    """A game played until `seat` must decide in `phase`; its opponent waits."""
    duel = Duel(seed)
    duel.play(until=lambda d: d.peers[seat].waiting_for == "me" and d.peers[seat].state.phase == phase
              and not d.queues[seat] and not d.queues[1 - seat])
    duel.flush()
    assert duel.peers[1 - seat].waiting_for == "opponent"
    return duel


def late_move(duel: Duel, seat: int) -> None:
    peer = duel.peers[seat]
    peer.act(duel.agents[seat](view(peer.state, seat), peer.legal()))


def test_a_stalling_player_forfeits_and_the_game_verifies() -> None:
    """Hole 3: the opponent of a player who does not move claims the win; both sides reveal and verify."""
    duel = stalls(1, 1)
    duel.peers[0].claim_timeout()
    assert duel.peers[0].result.winner == 0 and duel.peers[0].result.ended == TIME
    duel.play()
    for peer in duel.peers:
        assert (peer.result.winner, peer.result.ended, peer.result.verified) == (0, TIME, True)
    report = verify_game(DB, duel.streams[0], duel.streams[1])
    assert (report.winner, report.ended, report.partial) == (0, TIME, False)


@pytest.mark.parametrize(("seed", "seat", "phase", "late"), [(2, 0, "battle", 1), (3, 1, "battle", 1),
                                                           (3, 1, "purchase", 0), (2, 0, "deploy", 0)])
def test_a_claim_that_crosses_the_late_move_wins_on_both_sides_and_in_the_verifier(seed: int, seat: int,
                                                                                   phase: str, late: int) -> None:
    """Hole 3: the staller moved just before the claim reached him; the claimant records the late move
    without playing it, the staller accepts the claim, and the verifier agrees. (A step of a private
    purchase or deployment sends nothing yet: the staller still owes his batch.)"""
    duel = stalls(seed, seat, phase)
    claimant = duel.peers[1 - seat]
    late_move(duel, seat)
    claimant.claim_timeout()
    duel.play()
    assert claimant.late >= late and (late or claimant.late == 0)
    for peer in duel.peers:
        assert (peer.result.winner, peer.result.ended, peer.result.verified) == (1 - seat, TIME, True)
    report = verify_game(DB, duel.streams[0], duel.streams[1])
    assert (report.winner, report.ended) == (1 - seat, TIME)


def test_a_claim_wins_over_a_late_resignation_that_crosses_it() -> None:
    duel = stalls(4, 0)
    duel.peers[0].resign()
    duel.peers[1].claim_timeout()
    duel.play()
    assert duel.peers[1].late == 1
    assert all((p.result.winner, p.result.ended, p.result.verified) == (1, TIME, True) for p in duel.peers)
    assert verify_game(DB, duel.streams[0], duel.streams[1]).ended == TIME


def test_claims_that_cross_at_a_die_share_make_a_draw() -> None:
    """Hole 3: when the link fails between two die shares, each side waits for the other's and both may
    claim; each claim names a share that was owed, so both sides and the verifier call it a draw."""
    duel = Duel(5)
    duel.play(until=lambda d: d.peers[0].engine is not None and d.peers[0].engine.phase == "battle")
    for _ in range(2000):                           # to a chance node both reach at once
        duel.flush()
        if all(q and q[-1][0] == "chance" for q in duel.queues) and duel.queues[0][-1][1]["k"] == \
                duel.queues[1][-1][1]["k"]:
            break
        duel.step()
    duel.peers[0].claim_timeout()
    duel.peers[1].claim_timeout()
    duel.play()
    assert all((p.result.winner, p.result.ended, p.result.verified) == (DRAW, TIME, True) for p in duel.peers)
    assert all(p.late == 1 for p in duel.peers)
    report = verify_game(DB, duel.streams[0], duel.streams[1])
    assert (report.winner, report.ended) == (DRAW, TIME)


def forge_claim(duel: Duel, sender: int, received: int) -> None:
    """Put a timeout claim of `sender` naming `received` and its final on their way, as a modified program would."""
    peer = duel.peers[sender]
    duel.flush()
    claim = (TIMEOUT, {"received": received})
    final = (FINAL, {"deck": list(peer.deck), "master": peer.secrets.master})
    for message in (claim, final):
        duel.queues[1 - sender].append(message)
        duel.streams[sender].append(message)


def test_a_claim_on_the_claimants_own_decision_is_refused_live_and_by_the_verifier() -> None:
    """Hole 3: only the side the game waits on can be out of time."""
    duel = stalls(6, 1)
    with pytest.raises(IllegalAction, match="only while the game waits for the opponent"):
        duel.peers[1].claim_timeout()
    with pytest.raises(IllegalAction, match="has not begun"):
        Duel(6).peers[0].claim_timeout()
    staller = duel.peers[0]
    forge_claim(duel, 1, duel.peers[1].received)
    with pytest.raises(ProtocolViolation, match="a timeout claim after .* but since the opponent's previous message"):
        duel.deliver_one()
    assert staller.result is None and staller.waiting_for == "opponent"        # refused: nothing changed
    with pytest.raises(ProtocolViolation, match="seat 2's timeout claim is not allowed"):
        verify_game(DB, duel.streams[0], duel.streams[1])


def test_a_stale_claim_is_refused_live_and_by_the_verifier() -> None:
    """Hole 3: a claim naming a message the claimant already had (it moved since) is refused."""
    duel = stalls(7, 1)
    stale, answered = duel.peers[0].received, len(duel.peers[0].sent)
    late_move(duel, 1)
    duel.play(until=lambda d: len(d.peers[0].sent) > answered and d.peers[1].waiting_for == "me"
              and not d.queues[0] and not d.queues[1])
    forge_claim(duel, 0, stale)
    staller = duel.peers[1]
    before = staller.engine.state_hash()
    with pytest.raises(ProtocolViolation, match="a stale claim"):
        duel.deliver_one()
    assert staller.engine.state_hash() == before and staller.result is None
    with pytest.raises(ProtocolViolation, match="seat 1, message .* is not what its revealed secrets and "
                                                "decisions produce \\(expected timeout\\)"):
        verify_game(DB, duel.streams[0], duel.streams[1])     # it answered seat 2's move before it claimed


def test_a_second_claim_or_a_claim_before_hello_is_refused() -> None:
    duel = stalls(8, 1)
    duel.peers[0].claim_timeout()
    duel.play()
    again = (TIMEOUT, {"received": duel.peers[0].received})
    with pytest.raises(ProtocolViolation, match="a second timeout claim"):
        duel.peers[1].receive(*again)
    fresh = Duel(8)
    with pytest.raises(ProtocolViolation, match="timeout before hello"):
        fresh.peers[1].receive(TIMEOUT, {"received": 0})


def test_a_staller_who_never_reveals_is_verified_as_far_as_possible() -> None:
    """Hole 3: a game whose loser never sent its final reveal is still provable: everything but the
    loser's secrets checks out, and the report says which side is unchecked."""
    duel = stalls(9, 1)
    duel.peers[0].claim_timeout()
    duel.play()
    without = duel.streams[1][:-1]                          # the staller's final never came
    report = verify_game(DB, duel.streams[0], without)
    assert (report.winner, report.ended, report.unchecked, report.partial) == (0, TIME, 1, True)
    # what the staller did send is still checked: a forged die share of his is found
    index = next(i for i, (kind, body) in enumerate(without) if kind == "chance" and body["k"] == 4)
    forged = list(without)
    forged[index] = ("chance", {**forged[index][1], "share": bytes(32)})
    with pytest.raises(ProtocolViolation, match="seat 2, message .* forged die share"):
        verify_game(DB, duel.streams[0], forged)
    # and the claimant's own play must be what its revealed secrets produce
    tampered = [*duel.streams[0]]
    index = next(i for i, (kind, _) in enumerate(tampered) if kind == "act")
    tampered[index] = ("act", {**tampered[index][1], "extra": 1})
    with pytest.raises(ProtocolViolation, match="seat 1, message"):
        verify_game(DB, tampered, without)


def test_a_die_share_withheld_is_stalling_too() -> None:
    """Hole 3: a modified program that withholds its die share is waited on, and forfeits."""
    duel = Duel(10)
    duel.play(until=lambda d: d.peers[0].engine is not None and d.peers[0].engine.phase == "battle")
    withheld: list = []

    def withhold(sender: int, message: tuple) -> tuple | None:
        if sender == 1 and (withheld or message[0] == "chance"):
            withheld.append(message)
            return None
        return message

    duel.play(tamper=withhold, until=lambda d: bool(withheld) and d.peers[0].waiting_for == "opponent"
              and not d.queues[0] and not d.queues[1])
    assert duel.peers[0].engine.pending.player not in (0, 1)         # the game waits for the dice
    duel.peers[0].claim_timeout()
    duel.play(tamper=withhold)
    report = verify_game(DB, duel.streams[0], duel.streams[1])
    assert (report.winner, report.ended, report.unchecked) == (0, TIME, 1)


def test_a_peer_is_rebuilt_with_its_claim_and_the_late_messages() -> None:
    """Hole 3: a restarted claimant (and a restarted staller) come back to the same end."""
    duel = stalls(11, 1)
    late_move(duel, 1)
    duel.peers[0].claim_timeout()
    duel.play()
    for seat in (0, 1):
        old = duel.peers[seat]
        assert any(isinstance(i, Timeout) for i in old.inputs) == (seat == 0)
        peer = FairPeer.rebuild(DB, seat, duel.decks[seat], duel.secrets[seat], old.inputs, duel.streams[1 - seat],
                                duel.streams[seat])
        assert peer.result == old.result and peer.late == old.late and peer.outbox() == []


def test_the_hello_carries_the_hosts_time_control_and_the_guest_adopts_it() -> None:
    """Hole 3: the time control is agreed in the handshake; only the host sets it."""
    control = TimeControl(10, 20)
    host = FairPeer(DB, 0, Duel(12).decks[0], Duel(12).secrets[0], control=control)
    guest = FairPeer(DB, 1, Duel(12).decks[1], Duel(12).secrets[1], control=TimeControl(3600, 7200))
    (kind, hello), = host.outbox()
    assert hello[CLOCK] == [10, 20] and guest.control is None
    (_, guest_hello), = guest.outbox()
    assert CLOCK not in guest_hello
    guest.receive(kind, hello)
    assert guest.control == control
    with pytest.raises(ProtocolViolation, match="only the host sets it"):
        host.receive("hello", {**guest_hello, CLOCK: [10, 20]})
    for bad in ([5, 20], [10], [10.0, 20], "10/20"):
        fresh = FairPeer(DB, 1, Duel(12).decks[1], Duel(12).secrets[1])
        with pytest.raises(ProtocolViolation, match="malformed hello message: (clock|.*time control)"):
            fresh.receive(kind, {**hello, CLOCK: bad})
        assert fresh.engine is None and fresh.control is None
    old = FairPeer(DB, 1, Duel(12).decks[1], Duel(12).secrets[1])     # a host of a version before the clock
    old.receive(kind, {k: v for k, v in hello.items() if k != CLOCK})
    assert old.control == TimeControl(60, 900)


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 10_000), staller=st.integers(0, 1), steps=st.integers(30, 400),
       late=st.integers(0, 3), shift=st.integers(-3, 1), reveal=st.booleans())
def test_the_verifier_accepts_exactly_the_claims_the_live_peers_accept(seed: int, staller: int, steps: int,
                                                                       late: int, shift: int,
                                                                       reveal: bool) -> None:
    """Hole 3: at any point of a game, a claim (honest, or naming another message: `shift`) with any
    number of late moves crossing it is accepted by the staller exactly when the verifier accepts it,
    whether or not the staller's final reveal comes."""
    duel = Duel(seed)
    claimant = 1 - staller
    for _ in range(steps):
        if duel.peers[claimant].result is not None or not duel.step():
            break
    duel.play(until=lambda d: d.peers[claimant].waiting_for == "opponent" and d.peers[claimant].engine is not None
              or d.peers[claimant].result is not None)
    if duel.peers[claimant].result is not None:
        return
    duel.flush()
    for _ in range(late):                     # the staller's late moves, in flight while the claim is made
        if duel.peers[staller].waiting_for != "me":
            break
        late_move(duel, staller)
        duel.flush()
    peer = duel.peers[claimant]
    peer.received += shift                    # a modified program may name another message
    peer.claim_timeout()
    peer.received -= shift
    try:
        duel.play()
        live = True
    except ProtocolViolation:
        live = False
    streams = [list(s) for s in duel.streams]
    if not reveal and streams[staller] and streams[staller][-1][0] == FINAL:
        streams[staller].pop()
    try:
        report = verify_game(DB, streams[0], streams[1])
        verified = True
    except ProtocolViolation:
        verified = False
    assert verified == live, (live, verified)
    if verified:
        assert report.ended == TIME and report.winner == claimant
        assert duel.peers[staller].result.winner == claimant


def test_a_game_ended_before_a_placement_was_opened_verifies_with_the_placement_in_the_final() -> None:
    """Found with hole 3: the second player resigning (or timed out) while he deploys left the first
    player's committed placement unopened, so `verify_game` could not rebuild it and rejected a game
    both live peers had verified; the final reveal now carries such a placement, checked live."""
    duel = Duel(0)
    duel.play(until=lambda d: any(p._draft is not None and p.waiting_for == "me" for p in d.peers))
    second = next(s for s, p in enumerate(duel.peers) if p._draft is not None)
    duel.peers[second].resign()
    duel.play()
    assert all(p.result.verified for p in duel.peers)
    finals = [body for kind, body in duel.streams[1 - second] if kind == FINAL]
    assert finals and finals[0]["placement"]
    assert verify_game(DB, duel.streams[0], duel.streams[1]).resigned
    # a placement other than the committed one is refused by the live peer and by the verifier
    duel = Duel(0)
    duel.play(until=lambda d: any(p._draft is not None and p.waiting_for == "me" for p in d.peers))
    duel.peers[second].resign()
    first = 1 - second

    def change(sender: int, message: tuple) -> tuple:
        kind, body = message
        return (kind, {**body, "placement": body["placement"][1:]}) if sender == first and kind == FINAL else message

    with pytest.raises(ProtocolViolation, match="the opened placement is not the one committed"):
        duel.play(tamper=change)
    with pytest.raises(ProtocolViolation, match="seat [12]"):
        verify_game(DB, duel.streams[0], duel.streams[1])
