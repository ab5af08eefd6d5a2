"""`berserk sim-report`: a sim record by deck, by who moved first, by pair, and its stalls."""

from __future__ import annotations

from pathlib import Path

import pytest

from berserk_tui.cli import main
from berserk_tui.sim import GameOutcome, deck_pair, seats_of
from berserk_tui.sim_record import RunKey
from berserk_tui.sim_report import build, deck_name, lines

NAMES = ["A", "B", "C"]


def game(index: int, winner: int, first: int, stalled: bool = False) -> GameOutcome:
    left = (("Ливрах 1/10",), ("Ливрах 4/10",)) if stalled else ((), ())
    return GameOutcome(index, winner_bot=-1 if stalled else winner, stalled=stalled, first_bot=first, left=left)


def test_the_report_counts_decks_order_pairs_and_stalls() -> None:
    key = RunKey("strong", "greedy", 1, "mirror", 200, "x")
    outcomes = [game(0, 0, 1), game(1, 0, 0),            # deck A: p1 swept the pair
                game(2, 1, 1), game(3, 0, 0),            # deck B: split, the first mover won both
                game(4, 1, 0), game(5, 0, 1, stalled=True)]   # deck C: a stall
    report = build(key, outcomes, NAMES)
    assert (report.total.won, report.total.lost, report.total.other) == (3, 2, 1)
    assert {name: str(t) for name, t in report.by_deck.items()} == {"A": "2–0–0", "B": "1–1–0", "C": "0–1–1"}
    assert (str(report.first), str(report.second)) == ("2–1–0", "1–1–1")
    assert report.swept == [1, 0] and report.split_by_order == [1, 0, 0] and report.unsettled == 1
    text = "\n".join(lines(report))
    assert "game 5: strong: Ливрах 1/10; greedy: Ливрах 4/10" in text
    assert "p1 won–lost–neither 3–2–1, p1 win rate 50.0%" in text


def test_the_report_counts_slow_decisions_by_the_clock_and_in_cpu_time() -> None:
    slow = GameOutcome(0, winner_bot=0, times=([0.1, 3.0, 2.6], [2.7]), cpu=([0.1, 2.9, 1.0], [1.2]))
    report = build(RunKey("strong", "greedy", 1, "mirror", 200, "x"), [slow], NAMES)
    assert report.slow == [[2, 1], [1, 0]]
    assert "decisions over 2.5 s (by the clock / of CPU): p1 2 / 1, p2 1 / 0\n" in "\n".join(lines(report))
    old = build(report.key, [GameOutcome(0, winner_bot=0, times=([3.0], []))], NAMES)   # no CPU times kept
    assert "p1 1 / ?, p2 0 / ? (CPU time not recorded)" in "\n".join(lines(old))


def test_the_report_counts_the_games_the_clock_made_machine_dependent() -> None:
    cut = [GameOutcome(0, winner_bot=0, clock_cuts=[2, 0]), GameOutcome(1, winner_bot=1, clock_cuts=[0, 1]),
           GameOutcome(2, winner_bot=1), GameOutcome(3, winner_bot=0, clock_cuts=None)]   # the last one: an old record
    text = "\n".join(lines(build(RunKey("strong", "greedy", 1, "mirror", 200, "x"), cut, NAMES)))
    assert "cut short by the clock: p1 2, p2 1, in 2 of 3 games" in text
    old = build(RunKey("strong", "greedy", 1, "mirror", 200, "x"), cut[3:], NAMES)
    assert "clock cuts not recorded" in "\n".join(lines(old))


def test_deck_names_follow_the_simulators_pairing() -> None:
    mirror = RunKey("a", "b", 1, "mirror", 200, "x")
    assert [deck_name(mirror, NAMES, i) for i in range(7)] == ["A", "A", "B", "B", "C", "C", "A"]
    builtin = RunKey("a", "b", 1, "builtin", 200, "x")
    for index in range(12):
        seat_decks = deck_pair([[n] for n in NAMES], index // 2)
        assert deck_name(builtin, NAMES, index) == seat_decks[seats_of(index).index(0)][0]
    assert deck_name(RunKey("a", "b", 1, "random", 200, "x"), NAMES, 3) == "random"


def test_sim_report_reads_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    assert main(["sim", "--games", "4", "--seed", "2", "--turn-limit", "40", "--decks", "mirror",
                 "--record", str(record)]) == 0
    capsys.readouterr()
    assert main(["sim-report", str(record)]) == 0
    out = capsys.readouterr().out
    assert "random (p1) against random (p2), seed 2, decks mirror" in out and "games     4:" in out
    assert "Громилы Клока" in out


def test_sim_report_refuses_what_is_not_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("hello\n", encoding="utf-8")
    assert main(["sim-report", str(bad)]) == 2
    assert "not a sim record" in capsys.readouterr().err
    assert main(["sim-report", str(tmp_path / "missing.jsonl")]) == 2
