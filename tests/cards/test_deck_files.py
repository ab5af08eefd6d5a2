"""Hole 6 of issue 36: deck files that crashed or hung the program. Every one is refused with a short
DeckError naming the file (the first problems, then "…and N more"), quickly, and the file is left as it is."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from berserk_tui.cli import main
from berserk_tui.userdata import user_decks
from cards.decks import MAX_FILE_BYTES, SHOWN, DeckError, load_deck, read_deck_draft
from cards.loader import CardDB, load_all
from tests.deadline import deadline

KLOK = ["Гиртан", "Энт", "Русалка", "Клок Мудрый", "Злобоглаз",
        "Страж Уорлога", "Сатир", "Охотник на глоа", "Эльф-лучник", "Лирайн"]
CARDS = "[cards]\n" + "".join(f'"{name}" = 3\n' for name in KLOK)


@pytest.fixture(scope="module")
def db() -> CardDB:
    return load_all()


def refused(path: Path, db: CardDB) -> DeckError:
    """The DeckError of both readers (the same file problems), the file unchanged."""
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(DeckError) as draft:
        read_deck_draft(path, db)
    with pytest.raises(DeckError) as err:
        load_deck(path, db)
    assert draft.value.issues[0].path == err.value.issues[0].path == path
    assert (path.read_bytes() if path.is_file() else None) == before
    return err.value


# --- files that crashed the readers -------------------------------------------------------------------

def test_random_bytes_are_not_utf8(tmp_path: Path, db: CardDB) -> None:
    """Hole 6: a deck file of random bytes gave a UnicodeDecodeError traceback (at 5931007)."""
    path = tmp_path / "noise.toml"
    path.write_bytes(bytes(range(128, 256)) * 8)
    error = refused(path, db)
    assert [(i.reason, i.line) for i in error.issues] == [("not_utf8", 1)]
    assert str(error) == f"{path}:1: not UTF-8 text"


@pytest.mark.parametrize(("text", "reason"), [
    ("name = '''\n\"\\q\" = 1\n'''\n" + CARDS, None),            # a key-like line inside a multi-line string
    ("name = 0x" + "f" * 5000 + "\n" + CARDS, "no_name"),          # a number too long to write in decimal
    ("name = 'x'\n" + CARDS + '"Велит" = 0x' + "f" * 5000 + "\n", "huge_copies"),   # the same as copies
    ("name = 'x'\n[cards]\n\"Гиртан\" = -" + "9" * 4000 + "\n", "bad_copies"),      # quoted in the message
    ("name = 'x'\nx = " + "[" * 5000 + "]" * 5000 + "\n" + CARDS, "toml"),   # nested past the recursion limit
    ("name = 'x'\nx = " + "{a=" * 3000 + "1" + "}" * 3000 + "\n" + CARDS, "toml"),
    ("name = 'x'\nx = " + "9" * 5000 + "\n" + CARDS, "toml"),                # past Python's int-string limit
], ids=["multiline-key", "hex-name", "hex-copies", "hex-negative-copies", "deep-array", "deep-table", "long-int"])
def test_files_that_crashed_the_readers(tmp_path: Path, db: CardDB, text: str, reason: str | None) -> None:
    """Hole 6: each of these raised TOMLDecodeError, ValueError or RecursionError out of the deck readers
    (and so out of `user_decks`, taking the app down)."""
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    if reason is None:
        assert load_deck(path, db).name.startswith('"\\q"')
        return
    error = refused(path, db)
    assert reason in [i.reason for i in error.issues]
    assert len(str(error)) < 400


def test_a_billion_copies_are_refused_at_once(tmp_path: Path, db: CardDB) -> None:
    """Hole 6: `"Гиртан" = 1000000000000` built a list of that many card ids (MemoryError, or minutes)."""
    path = tmp_path / "deck.toml"
    path.write_text("name = 'x'\n[cards]\n\"Гиртан\" = 1000000000000\n", encoding="utf-8")
    start = time.monotonic()
    error = refused(path, db)
    assert time.monotonic() - start < 1
    assert f"{path}:3: copies of 'Гиртан': more than a deck holds (50 cards at most)" in error.problems


# --- size and kind, checked before reading ------------------------------------------------------------

def test_a_named_pipe_is_not_a_deck_file(tmp_path: Path, db: CardDB) -> None:
    """Hole 6: reading a named pipe called deck.toml waited forever for a writer."""
    path = tmp_path / "pipe.toml"
    os.mkfifo(path)
    with deadline(5):
        error = refused(path, db)
    assert str(error) == f"{path}: not a regular file"


def test_a_big_file_is_refused_before_it_is_read(tmp_path: Path, db: CardDB) -> None:
    """Hole 6: a 10 MB deck description was accepted without limit."""
    path = tmp_path / "big.toml"
    path.write_text("name = 'x'\ndescription = '" + "д" * 5_000_000 + "'\n" + CARDS, encoding="utf-8")
    start = time.monotonic()
    error = refused(path, db)
    assert time.monotonic() - start < 0.5
    size = path.stat().st_size
    assert str(error) == f"{path}: the file has {size:,} bytes, a deck file may have at most {MAX_FILE_BYTES:,}"


def test_long_names_and_descriptions_are_refused(tmp_path: Path, db: CardDB) -> None:
    """Hole 6: a deck's description had no limit (a few hundred characters now; a name 100)."""
    path = tmp_path / "long.toml"
    path.write_text(f"name = '{'и' * 101}'\ndescription = '{'д' * 501}'\n" + CARDS, encoding="utf-8")
    error = refused(path, db)
    assert error.problems == (f"{path}:1: name has 101 characters, at most 100",
                              f"{path}:2: description has 501 characters, at most 500")
    path.write_text(f"name = '{'и' * 100}'\ndescription = '{'д' * 500}'\n" + CARDS, encoding="utf-8")
    assert len(load_deck(path, db).description) == 500


def test_many_unknown_names_give_a_short_error_fast(tmp_path: Path, db: CardDB) -> None:
    """Hole 6: a 1 MB deck of unknown names took 32 s and printed a 58,255-line error (10 MB: no answer in
    180 s). Now a deck file is at most 64 KB, and the error lists the first problems and counts the rest."""
    path = tmp_path / "unknown.toml"
    lines = [f'"Nosuch{i}" = 1' for i in range(3000)]
    path.write_text("name = 'x'\n[cards]\n" + "\n".join(lines) + "\n", encoding="utf-8")
    assert path.stat().st_size < MAX_FILE_BYTES
    start = time.monotonic()
    error = refused(path, db)
    assert time.monotonic() - start < 2
    text = str(error).splitlines()
    assert len(text) == SHOWN + 1 and text[-1] == f"…and {len(error.issues) - SHOWN:,} more"
    assert text[:2] == [f"{path}:2: the [cards] table has 3,000 entries, at most 100",
                        f"{path}:2: the deck has 0 cards, it must have 30 to 50"]
    assert text[2].startswith(f"{path}:3: unknown card 'Nosuch0'")
    assert len(error.issues) == 3002        # every name, the entries and the size counted


def test_a_long_unknown_name_is_cut_in_the_message(tmp_path: Path, db: CardDB) -> None:
    path = tmp_path / "deck.toml"
    path.write_text(f"name = 'x'\n[cards]\n\"{'ы' * 30_000}\" = 1\n", encoding="utf-8")
    error = refused(path, db)
    assert [i.params["name"] for i in error.issues if i.reason == "unknown_card"] == ["ы" * 39 + "…"]
    assert len(str(error)) < 300


# --- the program around the readers -------------------------------------------------------------------

@pytest.mark.parametrize("command", [["play", "--text"], ["host", "--headless"]])
def test_the_commands_print_one_line_for_a_deck_of_random_bytes(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                               command: list[str]) -> None:
    """Hole 6: `berserk play --deck` and `berserk host --deck` gave a UnicodeDecodeError traceback."""
    path = tmp_path / "noise.toml"
    path.write_bytes(os.urandom(4096).replace(b"\n", b"\xff"))
    code = main([*command, "--deck", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and err == f"berserk {command[0]}: {path}:1: not UTF-8 text\n"


def test_user_decks_lists_every_broken_file_and_keeps_the_good_ones(tmp_path: Path, db: CardDB,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Hole 6: a binary .toml in the user's deck folder made `user_decks()` raise (the app crashed)."""
    monkeypatch.setenv("BERSERK_HOME", str(tmp_path))
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "a-good.toml").write_text("name = 'Хорошая'\n" + CARDS, encoding="utf-8")
    (folder / "b-noise.toml").write_bytes(os.urandom(2048))
    (folder / "c-multiline.toml").write_text("name = '''\n\"\\q\" = 1\n'''\n[cards]\n", encoding="utf-8")
    (folder / "d-deep.toml").write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    os.mkfifo(folder / "e-pipe.toml")
    (folder / "f-folder.toml").mkdir()
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    with deadline(10):
        decks, broken = user_decks(db)
    assert [d.name for d in decks] == ["Хорошая"]
    assert [e.issues[0].path.name for e in broken] == ["b-noise.toml", "c-multiline.toml", "d-deep.toml",
                                                        "e-pipe.toml", "f-folder.toml"]
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()} == before
