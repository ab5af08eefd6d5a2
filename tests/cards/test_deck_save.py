"""Writing deck files (the deck builder): the TOML text, atomic saving, drafts and file names."""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from cards.decks import (
    DEFAULT_DECKS_DIR,
    DeckError,
    builtin_decks,
    deck_slug,
    deck_to_toml,
    load_deck,
    read_deck_draft,
    save_deck,
)
from cards.loader import CardDB, load_all


@pytest.fixture(scope="module")
def db() -> CardDB:
    return load_all()


@pytest.mark.parametrize("deck_index", [0, 1, 2])
def test_builtin_deck_round_trips(tmp_path: Path, db: CardDB, deck_index: int) -> None:
    deck = builtin_decks(db)[deck_index]
    counts = dict(Counter(deck.cards))
    path = save_deck(tmp_path / "decks" / "copy.toml", deck.name, deck.description, counts, db)
    assert path == tmp_path / "decks" / "copy.toml"
    again = load_deck(path, db)
    assert (again.name, again.description, again.cards) == (deck.name, deck.description, deck.cards)


def test_the_text_has_the_format_of_the_shipped_files(db: CardDB) -> None:
    shipped = (DEFAULT_DECKS_DIR / "klok.toml").read_text(encoding="utf-8")
    deck = load_deck(DEFAULT_DECKS_DIR / "klok.toml", db)
    english = ("name_en = ", "description_en = ")       # only shipped decks have them; the builder writes none
    assert deck_to_toml(deck.name, deck.description, dict(Counter(deck.cards)), db) == "".join(
        line for line in shipped.splitlines(keepends=True) if not line.startswith(english))


def test_strings_are_escaped(tmp_path: Path, db: CardDB) -> None:
    card = db.implemented()[0]
    name = 'Ко"лода \\ с\tвсякими\nзнаками\x7f'
    text = deck_to_toml(name, "«описание» 'в кавычках'", {card.id: 2}, db)
    data = tomllib.loads(text)
    assert data == {"name": name, "description": "«описание» 'в кавычках'", "cards": {card.name: 2}}


def test_zero_counts_are_left_out_and_bad_counts_refused(db: CardDB) -> None:
    a, b = db.implemented()[:2]
    assert tomllib.loads(deck_to_toml("x", "", {a.id: 0, b.id: 1}, db))["cards"] == {b.name: 1}
    with pytest.raises(ValueError, match="unknown card id"):
        deck_to_toml("x", "", {"no-such-card": 1}, db)
    for bad in (-1, True, 1.5):
        with pytest.raises(ValueError, match="non-negative integer"):
            deck_to_toml("x", "", {a.id: bad}, db)  # type: ignore[dict-item]


def test_a_reprint_with_the_same_name_is_written_by_id(tmp_path: Path) -> None:
    base = load_all()
    first = base.implemented()[0]
    reprint = replace(first, id="99001", set=99, number=1)
    db = CardDB({first.set: ("first", [first]), 99: ("reprints", [reprint])})
    text = deck_to_toml("x", "", {first.id: 1, reprint.id: 2}, db)
    assert tomllib.loads(text)["cards"] == {first.name: 1, "99001": 2}
    path = save_deck(tmp_path / "x.toml", "x", "", {first.id: 1, reprint.id: 2}, db)
    assert read_deck_draft(path, db).cards == (first.id, "99001", "99001")


def test_saving_replaces_the_file_and_leaves_no_temporary_file(tmp_path: Path, db: CardDB) -> None:
    a, b = db.implemented()[:2]
    path = tmp_path / "deck.toml"
    save_deck(path, "one", "", {a.id: 1}, db)
    save_deck(path, "two", "", {b.id: 3}, db)
    assert [p.name for p in tmp_path.iterdir()] == ["deck.toml"]
    assert read_deck_draft(path, db).cards == (b.id,) * 3


def test_a_failed_save_keeps_the_old_file(tmp_path: Path, db: CardDB) -> None:
    a = db.implemented()[0]
    path = tmp_path / "deck.toml"
    save_deck(path, "old", "", {a.id: 1}, db)
    with pytest.raises(ValueError):
        save_deck(path, "new", "", {"no-such-card": 1}, db)
    assert read_deck_draft(path, db).name == "old"
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    with pytest.raises(OSError):
        save_deck(blocked / "deck.toml", "x", "", {a.id: 1}, db)   # its folder is a file


def test_a_draft_is_read_but_not_loaded_as_a_deck(tmp_path: Path, db: CardDB) -> None:
    a, b = db.implemented()[:2]
    path = save_deck(tmp_path / "draft.toml", "Черновик", "мало карт", {a.id: 2, b.id: 1}, db)
    with pytest.raises(DeckError, match="must have 30 to 50"):
        load_deck(path, db)
    draft = read_deck_draft(path, db)
    assert (draft.name, draft.description, draft.cards) == ("Черновик", "мало карт", (a.id, a.id, b.id))
    empty = save_deck(tmp_path / "empty.toml", "Пусто", "", {}, db)
    assert read_deck_draft(empty, db).cards == ()


def test_an_unreadable_draft_is_an_error(tmp_path: Path, db: CardDB) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('name = "x"\n[cards]\n"Нет такой карты" = 1\n', encoding="utf-8")
    with pytest.raises(DeckError, match=r"bad.toml:3: unknown card"):
        read_deck_draft(path, db)
    path.write_text("name = \n", encoding="utf-8")
    with pytest.raises(DeckError, match="TOML syntax error"):
        read_deck_draft(path, db)
    path.write_text('name = 3\n[cards]\n', encoding="utf-8")
    with pytest.raises(DeckError, match="name must be a string"):
        read_deck_draft(path, db)


@pytest.mark.parametrize(("name", "slug"), [
    ("Громилы Клока", "gromily-kloka"),
    ("Тени степей", "teni-stepey"),
    ("Щит и Ёж!", "shchit-i-ezh"),
    ("My deck #2", "my-deck-2"),
    ("  ", "deck"),
    ("«»", "deck"),
    ("../../etc/passwd", "etc-passwd"),
])
def test_deck_slug(name: str, slug: str) -> None:
    assert deck_slug(name) == slug


def test_a_long_slug_is_cut() -> None:
    slug = deck_slug("очень " * 40)
    assert len(slug) <= 60 and not slug.endswith("-")
