"""Hole 6 of issue 36: the JSON files the program reads (saves, the autosave, settings, the private file of
a network game, a replay's input) are checked for kind, size, nesting and numbers before they are used.
A bad file is refused with a message naming it, never a traceback or a hang, and is left as it is."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from berserk_tui.cli import main
from berserk_tui.match import MAX_SAVE_BYTES, Match, SaveError
from berserk_tui.net_game_file import read_game_file
from berserk_tui.net_saves import DAMAGED, saved_games
from berserk_tui.netmatch import game_path
from berserk_tui.replay import ReplayError, load_replay
from berserk_tui.saves import local_saves
from berserk_tui.userdata import MAX_JSON_DEPTH, FileError, json_depth, load_settings
from netplay.keyfile import keys_path
from tests.deadline import deadline
from tests.replay_files import played_transcripts
from tests.test_save_errors import DB, saved


def refused(path: Path) -> SaveError:
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(SaveError) as caught:
        Match.load(path, DB)
    assert (path.read_bytes() if path.is_file() else None) == before
    assert str(path) in caught.value.text("ru") and str(path) in str(caught.value)
    return caught.value


def cause(error: SaveError) -> str:
    assert error.reason == "read" and error.cause is not None
    return error.cause.key


# --- saves --------------------------------------------------------------------------------------------

def test_a_seed_of_5000_digits(tmp_path: Path) -> None:
    """Hole 6: an autosave with a 5,000-digit seed raised ValueError (Python's int-string limit) out of Match.load."""
    path = tmp_path / "autosave.json"
    data = saved(path)
    path.write_text(json.dumps(data).replace(f'"seed": {data["setup"]["seed"]}', '"seed": ' + "7" * 5000))
    error = refused(path)
    assert cause(error) == "file.bad_number"
    assert error.text("en") == f"{path}: a number longer than 50 digits, or infinite"


def test_a_save_nested_100000_deep(tmp_path: Path) -> None:
    """Hole 6: an autosave nested 100,000 deep raised RecursionError out of Match.load."""
    path = tmp_path / "autosave.json"
    path.write_text('{"version": 1, "setup": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    error = refused(path)
    assert cause(error) == "file.too_deep"
    assert error.text("ru") == f"{path}: вложенность глубже {MAX_JSON_DEPTH}"


def test_a_save_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    """Hole 6: a save had no size limit (a valid save padded past a megabyte loaded)."""
    path = tmp_path / "autosave.json"
    text = json.dumps(saved(path))
    path.write_text(text + " " * (MAX_SAVE_BYTES - len(text) + 1), encoding="utf-8")
    error = refused(path)
    assert cause(error) == "file.too_big" and error.cause is not None
    assert error.cause.params["size"] == MAX_SAVE_BYTES + 1


def test_a_named_pipe_as_the_autosave_does_not_hang_the_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hole 6: the list of saves read a named pipe called autosave.json and waited forever."""
    monkeypatch.setenv("BERSERK_HOME", str(tmp_path))
    os.mkfifo(tmp_path / "autosave.json")
    with deadline(5):
        (found,) = local_saves(DB, tmp_path / "autosave.json")
    assert found.error is not None and cause(found.error) == "file.not_regular"


@pytest.mark.parametrize(("field", "value"), [
    ("seed", "7"), ("seed", 7.0), ("seed", True), ("seed", 10 ** 20), ("first_game", "no"), ("human", 1.0),
    ("opponent", 5), ("decks", [["30130"] * 51, []]), ("decks", [["30130"], [7]]), ("deck_names", ["a", "b", "c"]),
])
def test_every_setup_field_has_its_type(tmp_path: Path, field: str, value: Any) -> None:
    """Hole 6: the setup's fields were converted, not checked (a seed "7" or 7.0 loaded as 7, first_game "no"
    as True): a save edited into another game loaded."""
    path = tmp_path / "autosave.json"
    data = saved(path)
    data["setup"][field] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    error = refused(path)
    assert (error.reason, str(error.params["detail"])) == ("setup", field)


def test_actions_that_are_no_list(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    data = saved(path)
    data["actions"] = {"buy": 1}
    path.write_text(json.dumps(data), encoding="utf-8")
    assert cause(refused(path)) == "file.bad_field"


def test_json_depth_skips_strings_in_one_pass() -> None:
    assert json_depth('[1, "[[[", {"a": ["\\"[", {}]}]') == 4
    assert json_depth("") == json_depth('"[["') == 0
    assert json_depth('"' + '\\"' * 200_000 + "[") == 0        # an unclosed string runs to the end


# --- settings -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "key"), [
    ('{"bot_delay_ms": 1e999}', "file.bad_number"),
    ('{"bot_delay_ms": NaN}', "file.bad_number"),
    ('{"lang": ' + "[" * 10_000 + "]" * 10_000 + "}", "file.too_deep"),
    ("{" + " " * 70_000 + "}", "file.too_big"),
])
def test_damaged_settings_give_the_defaults_and_a_reason(tmp_path: Path, text: str, key: str) -> None:
    """Hole 6: settings.json with an infinite delay raised OverflowError at start (and one nested deep,
    RecursionError): the app did not open."""
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    settings, problem = load_settings(path)
    assert problem is not None and problem.key == key and problem.params["path"] == str(path)
    assert settings.bot_delay_ms == 1000 and path.read_text(encoding="utf-8") == text


# --- the private file of a network game -----------------------------------------------------------------

GOOD = {"deck": ["30130"] * 30, "master": "ab" * 32, "inputs": [["Buy", 1], "resign"]}


@pytest.fixture(scope="module")
def hosted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The transcript of a real network game, with its keys and private game file."""
    folder = tmp_path_factory.mktemp("net")
    played_transcripts(folder, resign_on_turn=1)
    return folder / "host.msgs"


@pytest.mark.parametrize(("content", "key"), [
    (os.urandom(512).replace(b"{", b"}"), None),
    (b"[" * 50_000 + b"]" * 50_000, "file.too_deep"),
    (json.dumps({**GOOD, "master": 5}).encode(), "file.bad_field"),
    (json.dumps({**GOOD, "master": "ab"}).encode(), "file.bad_field"),
    (json.dumps({**GOOD, "inputs": 5}).encode(), "file.bad_field"),
    (json.dumps({**GOOD, "inputs": [["Buy", "1"]]}).encode(), "file.bad_field"),
    (json.dumps({**GOOD, "deck": [5]}).encode(), "file.bad_field"),
    (json.dumps([GOOD]).encode(), "file.bad_field"),
    (json.dumps(GOOD).encode() + b" " * (1 << 20), "file.too_big"),
], ids=["random", "deep", "master-int", "master-short", "inputs-int", "input-typed", "deck-int", "list", "big"])
def test_a_damaged_game_file_is_refused_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str], hosted: Path,
                                                  content: bytes, key: str | None) -> None:
    """Hole 6: `NetMatch.resume` parsed `<transcript>.game` unchecked: a master or inputs of a wrong type
    (TypeError) or a file nested deep (RecursionError) crashed `berserk resume`, and random bytes printed
    a codec error naming no file."""
    transcript = tmp_path / hosted.name
    for path in (hosted, keys_path(hosted)):
        shutil.copy(path, tmp_path)
    game = game_path(transcript)
    game.write_bytes(content)
    with pytest.raises(FileError) as caught:
        read_game_file(game)
    assert key is None or caught.value.problem.key == key
    code = main(["resume", str(transcript), "--headless"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith(f"berserk resume: {game}") and err.count("\n") == 1
    assert game.read_bytes() == content


def test_a_good_game_file_reads(tmp_path: Path) -> None:
    path = tmp_path / "game.msgs.game"
    path.write_text(json.dumps(GOOD), encoding="utf-8")
    assert read_game_file(path) == GOOD


def test_the_network_games_list_names_a_damaged_game_file(tmp_path: Path) -> None:
    transcript = tmp_path / "game.msgs"
    for path in (transcript, keys_path(transcript)):
        path.write_text("{}", encoding="utf-8")
    game = tmp_path / "game.msgs.game"
    game.write_text("[" * 1000, encoding="utf-8")
    (found,) = saved_games(tmp_path)
    assert found.problem == DAMAGED and found.detail == f"{game}: nested deeper than {MAX_JSON_DEPTH}"


# --- a replay's input ---------------------------------------------------------------------------------

def test_replay_of_a_named_pipe_does_not_hang(tmp_path: Path) -> None:
    """Hole 6: `berserk replay FILE` read the whole file to look at its first bytes (a pipe: forever)."""
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    with deadline(5), pytest.raises(ReplayError) as caught:
        load_replay(DB, path)
    assert caught.value.key == "file.not_regular" and str(path) in caught.value.text("ru")
