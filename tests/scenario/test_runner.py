"""The scenario runner itself: failures are reported, not hidden, and broken files say where."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from berserk_tui.engine import IllegalAction
from berserk_tui.engine.boardgame import BOARDGAME_RULEBOOK
from berserk_tui.games import BOARDGAME
from berserk_tui.scenario import ScenarioError, main, run_file, run_paths, runner
from berserk_tui.scenario.build import build, game_of, load_scenario
from cards.loader import load_all

HEADER = '''
name = "test"
description = "test"
tags = []

[[card]]
card = "Лирайн"
owner = 0
cell = "c3"
label = "A"

[[card]]
card = "Лирайн"
owner = 1
cell = "c4"
label = "D"
'''

STRIKE = HEADER + '''
[[step]]
do = "strike A D"
dice = [6, 1]
'''


def write(tmp_path: Path, text: str, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run(tmp_path: Path, text: str) -> list[str]:
    return run_file(write(tmp_path, text), load_all())


def test_passing_scenario(tmp_path: Path) -> None:
    assert run(tmp_path, STRIKE + 'expect = [{ card = "D", wounds = 3 }, { winner = "none" }]\n') == []


def test_wrong_expectation_fails(tmp_path: Path) -> None:
    failures = run(tmp_path, STRIKE + 'expect = [{ card = "D", wounds = 2 }]\n')
    assert len(failures) == 1
    assert failures[0].startswith("step 1: ") and "wounds is 3, expected 2" in failures[0]


def test_wrong_final_expectation_fails(tmp_path: Path) -> None:
    failures = run(tmp_path, STRIKE + '\n[[expect]]\nevent = "died"\n')
    assert len(failures) == 1 and failures[0].startswith("end: no event 'died'")


def test_wrong_event_field_fails(tmp_path: Path) -> None:
    text = STRIKE + 'expect = [{ event = "hit", with = { target = "A" } }, { no_event = "hit" }]\n'
    assert len(run(tmp_path, text)) == 2


def test_unused_dice_fail(tmp_path: Path) -> None:
    failures = run(tmp_path, STRIKE.replace("dice = [6, 1]", "dice = [6, 1, 4]"))
    assert failures == ["step 1: unused dice [4]"]


def test_dice_running_out_fails_naming_the_step(tmp_path: Path) -> None:
    failures = run(tmp_path, STRIKE.replace("dice = [6, 1]", "dice = [6]"))
    assert len(failures) == 1
    assert failures[0].startswith("step 1: dice ran out") and "Лирайн (c4)" in failures[0]


def test_illegal_step_passes_when_rejected(tmp_path: Path) -> None:
    assert run(tmp_path, HEADER + '\n[[step]]\ndo = "move A c4"\nillegal = true\n') == []


def test_illegal_step_fails_when_accepted(tmp_path: Path) -> None:
    failures = run(tmp_path, HEADER + '\n[[step]]\ndo = "move A b3"\nillegal = true\n')
    assert failures == ["step 1: `move A b3` was accepted, expected it to be illegal"]


def test_rejected_command_fails_and_stops(tmp_path: Path) -> None:
    text = HEADER + '\n[[step]]\ndo = "move A c4"\n\n[[step]]\ndo = "end"\n'
    failures = run(tmp_path, text)
    assert len(failures) == 1 and failures[0].startswith("step 1: `move A c4` was rejected")


def test_legal_checks(tmp_path: Path) -> None:
    text = HEADER + '\n[[expect]]\nlegal = "move A b3"\n\n[[expect]]\nnot_legal = "confirm"\n'
    assert run(tmp_path, text) == []
    failures = run(tmp_path, HEADER + '\n[[expect]]\nlegal = "move A c4"\n\n[[expect]]\nnot_legal = "end"\n')
    assert failures == ["end: `move A c4` is not legal (main for player 0)", "end: `end` is legal (main for player 0)"]


def test_malformed_toml_names_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, 'name = "x"\ndescription = \n', "broken.toml")
    with pytest.raises(ScenarioError, match=r"broken\.toml: cannot read"):
        run_file(path, load_all())


@pytest.mark.parametrize(("text", "message"), [
    (HEADER + '\nbogus = 1\n', "unknown key"),
    (HEADER.replace('label = "D"', 'label = "A"'), "label 'A' is used twice"),
    (HEADER.replace('cell = "c4"', 'cell = "c3"'), "cell c3 is already taken"),
    (HEADER + '\n[[step]]\ndo = "fly A"\n', "step 1: unknown command"),
    (HEADER + '\n[[step]]\ndo = "strike A Zed"\n', "step 1: command 'strike A Zed': unknown card 'Zed'"),
    (HEADER + '\n[[step]]\ndo = "use A fireball D"\n', "Лирайн has no ability 'fireball'"),
])
def test_bad_content_names_file_and_place(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text, "bad.toml")
    with pytest.raises(ScenarioError, match="bad.toml: ") as info:
        run_file(path, load_all())
    assert message in str(info.value)


def test_run_paths_and_main(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, STRIKE, "good.toml")
    write(tmp_path, STRIKE + 'expect = [{ card = "D", wounds = 1 }]\n', "bad.toml")
    write(tmp_path, "not toml [", "broken.toml")
    passed, failed, lines = run_paths([tmp_path])
    assert (passed, failed) == (1, 2)
    assert any(line.startswith(f"{tmp_path / 'bad.toml'}: step 1: ") for line in lines)
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "1 passed, 2 failed"


def test_main_without_scenarios_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "0 passed, 0 failed"


def test_main_all_passing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, STRIKE)
    assert main([str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == "1 passed, 0 failed"


def test_illegal_step_fails_when_rejection_changes_the_state(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    def sloppy(state: Any, action: Any, ev: Any = None) -> None:
        state.turn += 1
        raise IllegalAction("no")

    monkeypatch.setattr(runner, "apply", sloppy)
    failures = run(tmp_path, HEADER + '\n[[step]]\ndo = "move A c4"\nillegal = true\n')
    assert failures == ["step 1: rejecting `move A c4` changed the state"]


def test_engine_crash_is_a_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(state: Any, action: Any, ev: Any = None) -> None:
        raise KeyError("boom")

    monkeypatch.setattr(runner, "apply", crash)
    assert run(tmp_path, STRIKE) == ["step 1: `strike A D`: engine error KeyError: 'boom'"]


def test_the_rulebook_is_not_a_rule_option(tmp_path: Path) -> None:
    """A scenario's game gives the rulebook (`run_file`'s game definition); its options cannot name one."""
    path = write(tmp_path, HEADER.replace('tags = []', 'tags = []\n[setup]\nrules = { rulebook = "x" }'), "book.toml")
    with pytest.raises(ScenarioError, match="book.toml: setup: .*rules: the rulebook is the game's, not an option"):
        run_file(path, load_all())


def test_unknown_game_names_the_known_ones(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER.replace('tags = []', 'tags = []\n[setup]\ngame = "chess"'), "game.toml")
    with pytest.raises(ScenarioError, match=r"setup: setup: unknown game 'chess' \(known: classic, boardgame"):
        run_file(path, load_all())


def test_the_file_names_its_game(tmp_path: Path) -> None:
    """`[setup] game` picks the definition, whose rules (the board game's redeal) the state follows."""
    path = write(tmp_path, HEADER.replace('tags = []', 'tags = []\n[setup]\ngame = "boardgame"'), "bg.toml")
    scn = load_scenario(path)
    assert game_of(scn) is BOARDGAME
    rules = build(scn, load_all()).state.rules
    assert rules.rulebook is BOARDGAME_RULEBOOK and rules.redeal_fewer
    assert build(load_scenario(write(tmp_path, HEADER)), load_all()).state.rules.rulebook.name == "classic"


TEAM = '''
name = "team"
description = "seed 003's four players: seat 2 (the first team's second player) strikes seat 1"
tags = []

[setup]
game = "boardgame"
first = 0
active = 2
turn = 3
rules = { seats = [0, 1, 0, 1], geometry = [6, 10, "abcdefghij", [[[2, 1, 0], [0, 1, 2, 3, 4], true],
  [[3, 4, 5], [0, 1, 2, 3, 4], false], [[2, 1, 0], [5, 6, 7, 8, 9], true], [[3, 4, 5], [5, 6, 7, 8, 9], false]]] }

[[card]]
card = "Лирайн"
owner = 2
cell = "h3"
label = "A"

[[card]]
card = "Лирайн"
owner = 1
cell = "h4"
label = "D"

[[card]]
card = "Лирайн"
owner = 0
cell = "g3"
'''


def test_a_scenario_on_the_team_board(tmp_path: Path) -> None:
    """The four-player board (10×6, two teams) is described by its rules' geometry and seats."""
    built = build(load_scenario(write(tmp_path, TEAM)), load_all())
    state = built.state
    assert (state.geo.rows, state.geo.cols, state.seats.count, state.active) == (6, 10, 4, 2)
    assert len(state.players) == 4 and state.cards[built.labels["A"]].owner == 2
    bad = TEAM.replace("owner = 2", "owner = 4")
    with pytest.raises(ScenarioError, match="owner` must be a seat, 0 to 3, got 4"):
        run(tmp_path, bad)
    with pytest.raises(ScenarioError, match="4 seats need as many areas on the board, not 2"):
        run(tmp_path, TEAM.replace("geometry = [", "g = [").replace(
            '''rules = { seats = [0, 1, 0, 1], g = [6, 10, "abcdefghij", [[[2, 1, 0], [0, 1, 2, 3, 4], true],
  [[3, 4, 5], [0, 1, 2, 3, 4], false], [[2, 1, 0], [5, 6, 7, 8, 9], true], [[3, 4, 5], [5, 6, 7, 8, 9], false]]] }''',
            "rules = { seats = [0, 1, 0, 1] }"))
