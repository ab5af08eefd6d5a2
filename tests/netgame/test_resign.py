"""Resigning only on one's own decision (issue 36, hole 4; rules decision 30): the live peer and the
verifier apply the same rule, `FairPeer._decides`, and accept or refuse the same resignations."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from berserk_tui.engine import CHANCE
from berserk_tui.engine.actions import Buy, Place
from berserk_tui.netgame import ProtocolViolation, verify_game

from .duel import DB, Duel, finish, forged_resignation, reject

Moment = Callable[[Duel, int], bool]     # (duel, receiver) -> the moment has come


def _engine(duel: Duel, seat: int, phase: str | None = None) -> bool:
    engine = duel.peers[seat].engine
    return engine is not None and (phase is None or engine.phase == phase)


OUT_OF_TURN = "seat {r}, message \\d+ \\(resign\\): out of turn: the opponent resigned"
REFUSED: dict[str, tuple[Moment, str, str]] = {
    # name: (the receiver's moment, its live refusal, the verifier's refusal of resigner r's transcript)
    "at a die in battle": (lambda d, r: _engine(d, r, "battle") and d.peers[r].engine.pending.player == CHANCE
                           and d.peers[r].engine.pending.kind == "roll",
                           "while the game waits for the dice \\(roll\\)", OUT_OF_TURN),
    "at a shuffle": (lambda d, r: _engine(d, r) and d.peers[r].engine.pending.kind == "shuffle",
                     "while the game waits for the dice \\(shuffle\\)", OUT_OF_TURN),
    "at the receiver's decision": (lambda d, r: _engine(d, r, "battle") and d.peers[r].waiting_for == "me",
                                   "while the game waits for my ",
                                   "seat [12], message \\d+ \\((resign|final)\\): (out of turn: the opponent resigned"
                                   "|final reveal before the end)"),
    "at a pending reveal": (lambda d, r: _engine(d, r) and d.peers[r].engine.pending.kind == "reveal",
                            "while the game waits for the reveal of card", OUT_OF_TURN),
    "after the second player committed his deployment": (
        lambda d, r: _engine(d, r, "deploy") and d.peers[r].engine.first == r
        and d.peers[r]._their_deployment is not None and not d.peers[r]._their_cells,
        "while the game waits for the placements to be opened",
        "seat {r}, message \\d+ \\(deploy_commit\\) is not what its revealed secrets and decisions produce "
        "\\(expected resign\\)"),
    "after the end": (lambda d, r: d.peers[r].result is not None, "resign after the end of the game",
                      "seat {r}, message \\d+ \\(resign\\): resign after the end of the game"),
}


@pytest.mark.parametrize("moment", REFUSED)
@pytest.mark.parametrize("resigner", [0, 1])
def test_a_resignation_out_of_turn_is_refused_live_and_by_the_verifier(moment: str, resigner: int) -> None:
    """Hole 4: a resignation while the game waited for dice was accepted live, while the verifier gives a
    resignation only on the resigner's own decision; now both refuse it."""
    reached, live, verifier = REFUSED[moment]
    receiver = 1 - resigner
    for seed in range(40, 60):     # a game in which the moment comes for this receiver
        duel = Duel(seed, (0, 2))
        duel.play(until=lambda d: reached(d, receiver))
        if reached(duel, receiver):
            break
    reject(duel, resigner, "resign", {}, live)
    with pytest.raises(ProtocolViolation, match=verifier.format(r=resigner + 1)):
        verify_game(DB, *forged_resignation(duel, resigner))


def test_a_resignation_before_hello_is_refused_live_and_by_the_verifier() -> None:
    """Hole 4: before the hello nothing is anybody's decision."""
    duel = Duel(42)
    reject(duel, 1, "resign", {}, "resign before hello")
    duel.play()
    streams = [list(duel.streams[0]), [("resign", {}), *duel.streams[1]]]
    with pytest.raises(ProtocolViolation, match="seat 2's stream must begin with hello"):
        verify_game(DB, streams[0], streams[1])


ACCEPTED: dict[str, Moment] = {      # (duel, resigner) -> the resigner is at that moment
    "on his battle decision": lambda d, s: _engine(d, s, "battle") and d.peers[s].waiting_for == "me",
    "in the middle of his purchase": lambda d, s: any(isinstance(a, Buy) for a in d.peers[s]._batch),
    "in the middle of his first deployment": lambda d, s: any(isinstance(a, Place) for a in d.peers[s]._batch),
    "in his deployment draft": lambda d, s: d.peers[s]._draft_actions != [] and d.peers[s]._my_deployment is None,
}


@pytest.mark.parametrize("moment", ACCEPTED)
def test_a_resignation_on_the_resigners_own_decision_is_accepted_live_and_by_the_verifier(moment: str) -> None:
    """Hole 4: the resigner's own decision (his purchase batch and his deployment draft too, whose choices
    are not sent yet) is where a resignation is accepted, live and by the verifier alike."""
    reached = ACCEPTED[moment]
    duel = Duel(43, (0, 2))
    duel.play(until=lambda d: reached(d, 0) or reached(d, 1))
    resigner = 0 if reached(duel, 0) else 1
    assert reached(duel, resigner) and duel.peers[resigner].waiting_for == "me"
    duel.peers[resigner].resign()
    duel.play()
    assert all(p.result.resigned and p.result.verified and p.result.winner == 1 - resigner for p in duel.peers)
    report = verify_game(DB, duel.streams[0], duel.streams[1])
    assert (report.winner, report.resigned) == (1 - resigner, True)


def test_a_resignation_in_the_deployment_draft_opens_the_first_players_sealed_placement() -> None:
    """Hole 4: the second player may resign in his draft, after the first player committed his placement;
    the first player's final then opens that placement, or the verifier could not rebuild the game."""
    duel = Duel(43, (0, 2))
    duel.play(until=lambda d: any(ACCEPTED["in his deployment draft"](d, s) for s in (0, 1)))
    second = duel.peers[0].engine.first ^ 1
    duel.peers[second].resign()
    kind, body = duel.play_until_queued(1 - second, lambda k, b: k == "final")
    placement = body["placement"]
    reject(duel, 1 - second, kind, {k: v for k, v in body.items() if k != "placement"},
           "must open the placement committed and never opened")
    for changed in (placement[:-1], [*placement, ["Confirm"]]):     # the commitment is opened first
        reject(duel, 1 - second, kind, {**body, "placement": changed}, "opened placement is not the one committed")
    moved = [placement[1], placement[0], *placement[2:]]
    reject(duel, 1 - second, kind, {**body, "placement": moved}, "opened placement is not the one committed")
    finish(duel)
    report = verify_game(DB, duel.streams[0], duel.streams[1])
    assert (report.winner, report.resigned) == (1 - second, True)


def test_a_final_opens_no_placement_that_was_opened_already() -> None:
    duel = Duel(44)
    kind, body = duel.play_until_queued(0, lambda k, b: k == "final")
    opened = next(b for k, b in duel.streams[0] if k == "deploy_open")["actions"]
    reject(duel, 0, kind, {**body, "placement": opened}, "opens a placement that is not sealed")
    finish(duel)
