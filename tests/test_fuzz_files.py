"""Fuzz tests of the file readers (issue 36, hole 6): valid deck files and saves, mutated (bytes flipped,
inserted or cut, random bytes, values of every field replaced by values of other types, deep nesting,
huge numbers, unknown fields). The readers raise only their documented errors (DeckError, SaveError,
FileError), each naming the file in a few short lines; a file is never changed by reading it; the
app's deck list never raises."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_tui.match import Match, MatchSetup, SaveError
from berserk_tui.net_game_file import read_game_file
from berserk_tui.saves import look
from berserk_tui.userdata import FileError, load_settings, user_decks
from cards.decks import DEFAULT_DECKS_DIR, SHOWN, DeckError, default_pair, load_deck, read_deck_draft
from cards.loader import load_all

DB = load_all()
FUZZ = settings(max_examples=800, deadline=None, derandomize=True, database=None)
DECK_TEXTS = [p.read_bytes() for p in sorted(DEFAULT_DECKS_DIR.glob("*.toml")) if p.name != "first_game.toml"][:3]
PLACE = "\u0000raw\u0000"          # a JSON string replaced by raw text after dumping


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A user folder for the whole module (hypothesis runs many examples in one test call)."""
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("BERSERK_HOME", str(home))
        yield home


def short_lines(text: str, path: Path, lines: int) -> None:
    """A message names the file and has at most `lines` lines, each short."""
    assert str(path) in text, text[:300]
    assert len(text.splitlines()) <= lines and all(len(line) < 400 + len(str(path)) for line in text.splitlines())


# --- what goes into a file ----------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
raw_texts = st.one_of(                   # what a JSON or TOML writer never writes, as raw text
    st.integers(1, 6000).map(lambda n: "9" * n),
    st.integers(1, 6000).map(lambda n: "-" + "1" * n),
    st.integers(1, 20000).map(lambda n: "0x" + "f" * n),
    st.integers(1, 100_000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 5000).map(lambda n: "{a=" * n + "1" + "}" * n),
    st.integers(1, 5000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.sampled_from(["1e999", "-1e999", "NaN", "Infinity", "inf", "nan", "1979-05-27T07:32:00Z", "'''", '"', "\\"]),
    st.text(max_size=30),
)


def toml_value(value: Any) -> str:
    """`value` as TOML text (None, which TOML lacks, as an empty array)."""
    if value is None:
        return "[]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value) if math.isfinite(value) else "inf"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


@st.composite
def byte_mutation(draw: st.DrawFn, base: bytes) -> bytes:
    """Bytes of `base` flipped, inserted or cut; or random bytes."""
    kind = draw(st.sampled_from(["flip", "insert", "cut", "random"]))
    if kind == "random":
        return draw(st.binary(max_size=4096))
    data = bytearray(base)
    if kind == "cut":
        return bytes(data[:draw(st.integers(0, len(data)))])
    for _ in range(draw(st.integers(1, 8))):
        at = draw(st.integers(0, len(data) - 1))
        if kind == "flip":
            data[at] ^= draw(st.integers(1, 255))
        else:
            data[at:at] = draw(st.binary(min_size=1, max_size=16))
    return bytes(data)


@st.composite
def deck_mutation(draw: st.DrawFn) -> bytes:
    """A shipped deck file with bytes mutated, a value of a key replaced (any type, raw text too), an unknown
    key or card added, or the [cards] table made a value."""
    base = draw(st.sampled_from(DECK_TEXTS))
    kind = draw(st.sampled_from(["bytes", "value", "unknown", "cards"]))
    if kind == "bytes":
        return draw(byte_mutation(base))
    lines = base.decode().splitlines()
    new = draw(st.one_of(json_values.map(toml_value), raw_texts))
    if kind == "value":
        keyed = [i for i, line in enumerate(lines) if " = " in line]
        i = draw(st.sampled_from(keyed))
        lines[i] = lines[i].split(" = ", 1)[0] + " = " + new
    elif kind == "unknown":
        key = json.dumps(draw(st.text(min_size=1, max_size=30)))
        lines.insert(draw(st.integers(0, len(lines))), f"{key} = {new}")
    else:
        lines = [line for line in lines if line != "[cards]"]
        lines.insert(0, f"cards = {new}")
    return "\n".join(lines).encode("utf-8", "surrogatepass")


@FUZZ
@given(content=deck_mutation())
def test_deck_readers_raise_only_deck_errors_naming_the_file(folder: Path, content: bytes) -> None:
    path = folder / "decks" / "fuzz.toml"
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(content)
    for reader in (load_deck, read_deck_draft):
        try:
            reader(path, DB)
        except DeckError as exc:
            assert exc.issues and all(issue.path == path for issue in exc.issues)
            short_lines(str(exc), path, SHOWN + 1)
        assert path.read_bytes() == content
    decks, broken = user_decks(DB)                     # the app's list: never raises
    assert len(decks) + len(broken) == 1
    assert path.read_bytes() == content


# --- saves --------------------------------------------------------------------------------------------

def played_save(actions: int) -> dict[str, Any]:
    first, second = default_pair(DB)
    match = Match.start(DB, MatchSetup("random", (first.cards, second.cards), (first.name, second.name), seed=3))
    for _ in range(actions):
        match.play(match.legal()[0])
    return match.to_json()


SAVES = [played_save(n) for n in (0, 5, 25)]


def locations(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every key or index path in a JSON value."""
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield (*prefix, key)
        yield from locations(value, (*prefix, key))


@st.composite
def save_mutation(draw: st.DrawFn) -> bytes:
    """A save with bytes mutated, or a value anywhere replaced (any JSON type, or raw text such as huge
    numbers and deep nesting), deleted, or an unknown field added."""
    base = draw(st.sampled_from(SAVES))
    kind = draw(st.sampled_from(["bytes", "value", "raw", "delete", "unknown"]))
    if kind == "bytes":
        return draw(byte_mutation(json.dumps(base, ensure_ascii=False).encode()))
    data = json.loads(json.dumps(base))
    where = draw(st.sampled_from(sorted(locations(data), key=repr)))
    parent = data
    for key in where[:-1]:
        parent = parent[key]
    if kind == "delete":
        del parent[where[-1]]
    elif kind == "unknown":
        target = parent if isinstance(parent, dict) else data
        target[draw(st.text(max_size=10))] = draw(json_values)
    else:
        parent[where[-1]] = PLACE if kind == "raw" else draw(json_values)
    text = json.dumps(data, ensure_ascii=False)
    return text.replace(json.dumps(PLACE), draw(raw_texts)).encode("utf-8", "surrogatepass")


@FUZZ
@given(content=save_mutation())
def test_the_save_loader_raises_only_save_errors_naming_the_file(folder: Path, content: bytes) -> None:
    path = folder / "autosave.json"
    path.write_bytes(content)
    try:
        Match.load(path, DB)
    except SaveError as exc:
        for lang in ("ru", "en"):
            short_lines(exc.text(lang), path, 1)
    assert path.read_bytes() == content
    found = look(path, DB)                              # the list of saves: never raises
    assert found is not None and path.read_bytes() == content


# --- settings and the private file of a network game -----------------------------------------------------

GAME_FILE = {"deck": ["30130"] * 30, "master": "ab" * 32, "inputs": [["Buy", 1], ["Confirm"], "resign"]}


@st.composite
def json_file_mutation(draw: st.DrawFn, base: dict[str, Any]) -> bytes:
    kind = draw(st.sampled_from(["bytes", "value", "raw"]))
    if kind == "bytes":
        return draw(byte_mutation(json.dumps(base).encode()))
    data = json.loads(json.dumps(base))
    key = draw(st.sampled_from([*base, "unknown"]))
    data[key] = PLACE if kind == "raw" else draw(json_values)
    return json.dumps(data).replace(json.dumps(PLACE), draw(raw_texts)).encode("utf-8", "surrogatepass")


@FUZZ
@given(settings_bytes=json_file_mutation({"lang": "en", "theme": "nord", "bot_delay_ms": 500,
                                          "ask_own_responses": True}),
       game_bytes=json_file_mutation(GAME_FILE))
def test_settings_and_game_files_refused_naming_them(folder: Path, settings_bytes: bytes, game_bytes: bytes) -> None:
    path = folder / "settings.json"
    path.write_bytes(settings_bytes)
    found, problem = load_settings(path)
    assert problem is None or problem.params["path"] == str(path)
    assert found == found.validated() and path.read_bytes() == settings_bytes
    game = folder / "fuzz.msgs.game"
    game.write_bytes(game_bytes)
    try:
        read_game_file(game)
    except FileError as exc:
        short_lines(str(exc), game, 1)
    assert game.read_bytes() == game_bytes
