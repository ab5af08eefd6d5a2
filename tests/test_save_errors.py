"""Saves that do not load say why in the player's language (`SaveError.reason`, `text(lang)`), and the
local saves (`berserk_tui.saves`) are looked at, listed and kept aside without losing a byte."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from berserk_tui.engine.actions import to_wire
from berserk_tui.engine.state import FORMAT_VERSION
from berserk_tui.match import Match, MatchSetup, SaveError
from berserk_tui.saves import keep_aside, local_saves, look
from cards.decks import default_pair
from cards.loader import load_all

DB = load_all()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private user folder (where the kept saves go)."""
    monkeypatch.setenv("BERSERK_HOME", str(tmp_path))
    return tmp_path


def setup() -> MatchSetup:
    decks = default_pair(DB)
    return MatchSetup("random", (decks[0].cards, decks[1].cards), (decks[0].name, decks[1].name), seed=2)


def played(actions: int = 4) -> Match:
    """A game against the random bot after `actions` actions (each seat takes its first legal one)."""
    match = Match.start(DB, setup())
    for _ in range(actions):
        match.play(match.legal()[0])
    return match


def saved(path: Path, actions: int = 4) -> dict:
    """Save a game after `actions` actions at `path`; its JSON."""
    match = played(actions)
    match.save(path)
    return json.loads(path.read_text(encoding="utf-8"))


def load_error(path: Path) -> SaveError:
    with pytest.raises(SaveError) as caught:
        Match.load(path, DB)
    return caught.value


# --- SaveError: the reason and the sentence in both languages -------------------------------------

def test_a_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    error = load_error(path)
    assert error.reason == "read" and error.path == path
    assert error.text("ru") == f"нет такого файла или папки: {path}"
    assert error.text("en") == f"no such file or folder: {path}"
    assert str(error) == error.text("en")


def test_not_json_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    path.write_text('{"version": 1,\n"setup": {\n"opponent": "random",,\n', encoding="utf-8")
    error = load_error(path)
    assert error.reason == "read" and error.cause is not None
    assert (error.cause.key, error.cause.params) == ("file.not_json", {"path": str(path), "line": 3})
    assert error.text("ru") == f"{path}, строка 3: файл испорчен (не JSON)"
    assert error.text("en") == f"{path}, line 3: the file is damaged (not JSON)"


def test_not_text(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    error = load_error(path)
    assert error.reason == "read" and error.cause is not None and error.cause.key == "file.not_text"
    assert error.text("ru") == f"{path}: это не текстовый файл" and error.text("en") == f"{path}: not a text file"


def wrong_version(data: dict) -> None:
    data["version"] = 2


def no_version(data: dict) -> None:
    del data["version"]


def malformed_third(data: dict) -> None:
    data["actions"][2] = {"no such": "action"}


def illegal_fourth(data: dict) -> None:
    """The fourth action replaced by an earlier one that is well formed but not possible there."""
    legal = {json.dumps(to_wire(a), sort_keys=True) for a in played(3).legal()}
    data["actions"][3] = next(w for w in data["actions"][:3] if json.dumps(w, sort_keys=True) not in legal)


def tampered(data: dict) -> None:
    data["hash"] = "0" * 64


def of_an_earlier_format(data: dict) -> None:
    """A save made before issue 37 changed the state encoding: no `format`, and a hash of the old encoding."""
    del data["format"]
    data["hash"] = "0" * 64


VERSION = ("version", {"version": 1}, "{path}: это не сохранение игры (или сохранение другой версии, ждём 1)",
           "{path}: not a saved game (or one of another version; expected 1)")


@pytest.mark.parametrize(("damage", "reason", "params", "ru", "en"), [
    (wrong_version, *VERSION),
    (no_version, *VERSION),
    (malformed_third, "malformed", {"n": 3}, "{path}: испорчено действие № 3", "{path}: action 3 is damaged"),
    (illegal_fourth, "illegal", {"n": 4}, "{path}: действие № 4 невозможно в восстановленной партии",
     "{path}: action 4 is not possible in the rebuilt game"),
    (tampered, "mismatch", {}, "{path}: восстановленная партия не совпадает с сохранённой",
     "{path}: the rebuilt game does not match the saved one"),
    (of_an_earlier_format, "format", {"saved": 2, "reads": FORMAT_VERSION},
     f"{{path}}: сохранение прежней версии программы (формат состояния 2, эта версия читает {FORMAT_VERSION}), "
     "его не проверить — начните новую партию",
     f"{{path}}: saved by an earlier version of the program (state format 2, this version reads {FORMAT_VERSION}); "
     "it cannot be checked, start a new game"),
], ids=lambda p: p.__name__ if callable(p) else "")
def test_a_damaged_save_says_what_is_wrong(tmp_path: Path, damage: Callable[[dict], None], reason: str,
                                           params: dict, ru: str, en: str) -> None:
    path = tmp_path / "autosave.json"
    data = saved(path)
    damage(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    error = load_error(path)
    assert (error.reason, error.params) == (reason, params)
    assert (error.text("ru"), error.text("en")) == (ru.format(path=path), en.format(path=path))


def test_not_a_save_at_all(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    path.write_text("[1, 2, 3]", encoding="utf-8")
    assert load_error(path).reason == "version"


def test_a_damaged_setup_names_the_detail(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    data = saved(path)
    del data["setup"]["decks"]
    path.write_text(json.dumps(data), encoding="utf-8")
    error = load_error(path)
    assert error.reason == "setup" and "decks" in str(error.params["detail"])
    assert error.text("ru").startswith(f"{path}: испорчено описание партии (")
    assert error.text("en").startswith(f"{path}: the game's setup is damaged (")


# --- the local saves -----------------------------------------------------------------------------

def test_look_replays_a_save_and_names_a_damaged_one(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    saved(good, actions=5)
    bad.write_text("{", encoding="utf-8")
    found = look(good, DB)
    assert found is not None and found.loads and found.actions == 5 and found.setup == setup()
    damaged = look(bad, DB)
    assert damaged is not None and not damaged.loads and damaged.error is not None
    assert damaged.error.cause is not None and damaged.error.cause.key == "file.not_json"
    assert look(tmp_path / "none.json", DB) is None


def test_look_sees_a_file_changed_since(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    saved(path, actions=2)
    assert look(path, DB).actions == 2  # type: ignore[union-attr]
    saved(path, actions=6)
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10**9))
    assert look(path, DB).actions == 6  # type: ignore[union-attr]


def test_keeping_aside_moves_the_file_unchanged_and_never_overwrites(home: Path) -> None:
    first, second = home / "autosave.json", home / "other.json"
    saved(first, actions=3)
    saved(second, actions=5)
    stamp = first.stat().st_mtime_ns
    os.utime(second, ns=(stamp, stamp))      # the same time: the same name would be taken
    contents = (first.read_bytes(), second.read_bytes())
    kept = (keep_aside(first), keep_aside(second))
    assert not first.exists() and not second.exists()
    assert kept[0] != kept[1] and all(p.parent == home / "saves" for p in kept)
    assert kept[1].name == kept[0].stem + "-2.json"
    assert (kept[0].read_bytes(), kept[1].read_bytes()) == contents
    assert len(Match.load(kept[1], DB).actions) == 5


def test_local_saves_lists_the_autosave_first_then_the_kept_newest_first(home: Path) -> None:
    (home / "saves").mkdir()
    saved(home / "autosave.json", actions=1)
    saved(home / "saves" / "20260101-100000.json", actions=2)
    saved(home / "saves" / "20260301-100000.json", actions=3)
    (home / "saves" / "20260201-100000.json").write_text("not json", encoding="utf-8")
    listed = local_saves(DB)
    assert [(s.path.name, s.loads) for s in listed] == [
        ("autosave.json", True), ("20260301-100000.json", True), ("20260201-100000.json", False),
        ("20260101-100000.json", True)]
    assert [s.actions for s in listed if s.loads] == [1, 3, 2]

