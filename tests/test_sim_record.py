"""`berserk sim --record`: a stopped run goes on where it stopped, and a wrong or damaged record is
refused untouched."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from berserk_tui.cli import main
from berserk_tui.sim_record import Record, RecordError, RunKey, code_fingerprint, read

ARGS = ("sim", "--games", "6", "--seed", "3", "--turn-limit", "40", "--json")
TIMING = {"seconds": 0, "decisions": 0}      # wall-clock figures differ run to run


def sim(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict, str]:
    code = main([*ARGS, *argv])
    out, err = capsys.readouterr()
    return code, {**json.loads(out), **TIMING} if code == 0 else {}, err


def test_a_stopped_run_resumes_to_the_same_result(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    _, whole, _ = sim(capsys)
    code, first, _ = sim(capsys, "--record", str(record))
    assert code == 0 and first == whole
    lines = record.read_text(encoding="utf-8").splitlines(keepends=True)
    assert len(lines) == 7 and [json.loads(line)["game"]["index"] for line in lines[1:]] == list(range(6))
    record.write_text("".join(lines[:3]) + lines[3][:25], encoding="utf-8")     # stopped mid-write after game 1
    code, resumed, err = sim(capsys, "--record", str(record), "--progress")
    assert code == 0 and resumed == whole
    assert [line.split(":")[0] for line in err.splitlines()] == [f"game {n}/6" for n in range(3, 7)]
    now = record.read_text(encoding="utf-8").splitlines(keepends=True)
    assert now[:3] == lines[:3] and [json.loads(line)["game"]["index"] for line in now[1:]] == list(range(6))


def test_a_longer_run_plays_only_the_games_it_lacks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    sim(capsys, "--record", str(record))
    code = main([*ARGS[:2], "8", *ARGS[3:], "--record", str(record), "--progress"])
    _, err = capsys.readouterr()
    assert code == 0 and [line.split(":")[0] for line in err.splitlines()] == ["game 7/8", "game 8/8"]
    assert len(record.read_text(encoding="utf-8").splitlines()) == 9


@pytest.mark.parametrize("damage", ["other run", "damaged line", "not a record"])
def test_a_record_that_cannot_be_resumed_is_refused_untouched(damage: str, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    sim(capsys, "--record", str(record))
    if damage == "damaged line":
        lines = record.read_text(encoding="utf-8").splitlines(keepends=True)
        record.write_text("".join(lines[:2]) + "{\"game\": 7}\n" + "".join(lines[2:]), encoding="utf-8")
    elif damage == "not a record":
        record.write_text("seed,winner\n3,p1\n", encoding="utf-8")
    before = record.read_bytes()
    code, _, err = sim(capsys, "--record", str(record), *(["--p2", "greedy"] if damage == "other run" else []))
    assert code == 2 and record.read_bytes() == before
    assert {"other run": "p2 'random' there, 'greedy' here", "damaged line": ":3: damaged game line",
            "not a record": "not a sim record"}[damage] in err


def test_an_unknown_bot_leaves_no_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = sim(capsys, "--record", str(tmp_path / "run.jsonl"), "--p1", "nobody")
    assert code == 2 and "nobody" in err and not (tmp_path / "run.jsonl").exists()


def test_the_code_fingerprint_follows_the_files_that_decide_games(tmp_path: Path) -> None:
    (tmp_path / "berserk_tui" / "engine").mkdir(parents=True)
    (tmp_path / "cards").mkdir()
    rules = tmp_path / "berserk_tui" / "engine" / "rules.py"
    rules.write_text("LIMIT = 200\n")
    (tmp_path / "berserk_tui" / "sim.py").write_text("")
    before = code_fingerprint(tmp_path)
    (tmp_path / "cards" / "notes.txt").write_text("not code")
    assert code_fingerprint(tmp_path) == before
    rules.write_text("LIMIT = 100\n")
    assert code_fingerprint(tmp_path) != before


def test_a_record_keeps_every_outcome_field(tmp_path: Path) -> None:
    from berserk_tui.sim import simulate
    key = RunKey("random", "random", 2, "builtin", 2, "x")
    played = simulate(2, 2, turn_limit=2, progress=None)
    record, recorded = Record.open(tmp_path / "r.jsonl", key)
    assert recorded.outcomes == []
    outs = []
    simulate(2, 2, turn_limit=2, progress=lambda out, result: (outs.append(out), record.add(out, result.seconds)))
    record.close()
    _, again = Record.open(tmp_path / "r.jsonl", key)
    untimed = [replace(out, times=([], []), cpu=([], [])) for out in outs]
    assert [replace(out, times=([], []), cpu=([], [])) for out in again.outcomes] == untimed and played.stalled == 2
    for clock in ("times", "cpu"):          # rounded on the way: as many, not the same
        counts = [len(t) for out in outs for t in getattr(out, clock)]
        assert [len(t) for out in again.outcomes for t in getattr(out, clock)] == counts and sum(counts) > 0
    assert all(out.left[0] and out.left[1] and out.first_bot in (0, 1) for out in again.outcomes)
    with pytest.raises(RecordError):
        Record.open(tmp_path / "r.jsonl", RunKey("random", "random", 2, "builtin", 3, "x"))


def test_a_record_from_before_clock_cuts_were_counted_reads_as_not_counted(tmp_path: Path) -> None:
    from berserk_tui.sim import simulate
    key = RunKey("random", "random", 2, "builtin", 2, "x")
    record, _ = Record.open(tmp_path / "r.jsonl", key)
    simulate(1, 2, turn_limit=2, progress=lambda out, result: record.add(out, result.seconds))
    record.close()
    head, game = (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()
    old = json.loads(game)
    assert old["game"].pop("clock_cuts") == [0, 0]
    (tmp_path / "r.jsonl").write_text(f"{head}\n{json.dumps(old)}\n", encoding="utf-8")
    _, recorded = Record.open(tmp_path / "r.jsonl", key)
    assert [out.clock_cuts for out in recorded.outcomes] == [None]


def test_a_record_names_its_sets_and_resumes_only_with_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    code, whole, _ = sim(capsys, "--games", "2", "--decks", "random", "--sets", "30", "--record", str(record))
    assert code == 0 and json.loads(record.read_text(encoding="utf-8").splitlines()[0])["run"]["sets"] == "30"
    before = record.read_bytes()
    code, _, err = sim(capsys, "--games", "2", "--decks", "random", "--sets", "10,30", "--record", str(record))
    assert code == 2 and record.read_bytes() == before and ("sets" in err or "set 10" in err)


def test_a_record_from_before_sets_were_named_means_set_30(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    header = {"version": 1, "run": {"p1": "greedy", "p2": "random", "seed": 1, "decks": "builtin",
                                    "turn_limit": 200, "code": "x"}}
    path.write_text(json.dumps(header) + "\n", encoding="utf-8")
    key, _ = read(path)
    assert key.sets == "30"


@pytest.mark.parametrize(("sets", "message"), [("7", "no set 7"), ("ten", "set numbers"), ("99,30", "no set 99")])
def test_unknown_sets_are_refused(sets: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = sim(capsys, "--sets", sets)
    assert code == 2 and message in err
