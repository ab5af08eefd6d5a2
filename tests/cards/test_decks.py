"""Deck files: the shipped decks, the first-game squads and every deck error with its FILE:LINE."""

from __future__ import annotations

import re
import string
from dataclasses import replace
from pathlib import Path

import pytest

from cards.decks import (
    DEFAULT_DECKS_DIR,
    REASONS,
    Deck,
    DeckError,
    builtin_decks,
    load_deck,
    load_first_game,
    read_deck_draft,
    validate_deck,
)
from cards.loader import CardDB, load_all
from tests.unready import with_unready_card

KLOK = ["Гиртан", "Энт", "Русалка", "Клок Мудрый", "Злобоглаз",
        "Страж Уорлога", "Сатир", "Охотник на глоа", "Эльф-лучник", "Лирайн"]
FIRST_CARD_LINE = 5  # write_deck: name, description, blank line, [cards], then the cards


@pytest.fixture(scope="module")
def db() -> CardDB:
    """The real cards, Кочевник (10001) taken as not implemented: the example of an unimplemented card."""
    return with_unready_card()


def write_deck(tmp_path: Path, cards: dict[str, object], name: str = "Проба") -> Path:
    path = tmp_path / "deck.toml"
    lines = [f'name = "{name}"', 'description = "Тестовая колода."', "", "[cards]"]
    lines += [f'"{card}" = {copies}' for card, copies in cards.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def klok() -> dict[str, object]:
    """The Клок deck: 3 of each card (change counts with `klok() | {...}`, which keeps the order)."""
    return dict.fromkeys(KLOK, 3)


def problems(path: Path, db: CardDB) -> list[str]:
    with pytest.raises(DeckError) as err:
        load_deck(path, db)
    assert str(err.value).splitlines() == list(err.value.problems) == [str(i) for i in err.value.issues]
    return list(err.value.problems)


@pytest.fixture(scope="module")
def real() -> CardDB:
    """The real cards as shipped (the shipped decks are judged against them)."""
    return load_all()


def test_shipped_decks_validate(real: CardDB) -> None:
    db = real
    decks = {d.path.name: d for d in builtin_decks(db)}
    assert {"klok.toml", "talgata.toml", "shadows.toml", "steppe.toml", "mountain.toml"} <= set(decks)
    assert decks["klok.toml"].name == "Громилы Клока" and len(decks["klok.toml"].cards) == 30
    assert decks["talgata.toml"].name == "Слуги Тальгаты" and len(decks["talgata.toml"].cards) == 30
    assert decks["klok.toml"].cards[:4] == ("30130", "30130", "30130", "30093")
    for deck in decks.values():
        assert deck.description
        validate_deck(deck, db)


def test_every_shipped_deck_has_an_english_name_and_description(real: CardDB) -> None:
    for deck in builtin_decks(real):
        for text in (deck.name_en, deck.description_en):
            assert text.strip() and not re.search("[А-Яа-яЁё]", text), (deck.path.name, text)
        assert (deck.title("en"), deck.about("en")) == (deck.name_en, deck.description_en)
        assert (deck.title("ru"), deck.about("ru")) == (deck.name, deck.description)


def test_a_shipped_deck_needs_its_english_texts_a_players_deck_does_not(tmp_path: Path, db: CardDB) -> None:
    path = write_deck(tmp_path, klok())
    mine = load_deck(path, db)
    assert (mine.name_en, mine.title("en"), mine.about("en")) == ("", "Проба", "Тестовая колода.")
    with pytest.raises(DeckError) as err:
        load_deck(path, db, shipped=True)
    assert [(i.line, i.reason) for i in err.value.issues] == [(1, "no_english")]
    path.write_text(path.read_text(encoding="utf-8").replace("\n\n", '\nname_en = 5\n\n', 1), encoding="utf-8")
    assert problems(path, db) == [f"{path}:3: name_en must be a string"]


def test_unreadable_files_name_the_file_and_the_reason(tmp_path: Path, db: CardDB) -> None:
    missing = tmp_path / "nope.toml"
    assert problems(missing, db) == [f"{missing}: no such file"]
    assert problems(tmp_path, db) == [f"{tmp_path}: a directory, not a deck file"]
    cp1251 = write_deck(tmp_path, klok())
    cp1251.write_bytes(cp1251.read_bytes().replace("Тестовая".encode(), "Тестовая".encode("cp1251")))
    assert problems(cp1251, db) == [f"{cp1251}:2: not UTF-8 text"]
    for reader in (read_deck_draft, load_deck):
        with pytest.raises(DeckError) as err:
            reader(missing, db)
        assert [(i.path, i.line, i.reason) for i in err.value.issues] == [(missing, 0, "not_found")]


def test_every_problem_has_a_reason_and_its_parameters(tmp_path: Path, db: CardDB) -> None:
    path = tmp_path / "deck.toml"
    path.write_text('name = 1\ndescription_en = 2\n[cards]\n"Гиртн" = 1\n"Энт" = "три"\n"Кочевник" = 4\n',
                    encoding="utf-8")
    with pytest.raises(DeckError) as err:
        load_deck(path, db)
    found = {issue.reason: issue.params for issue in err.value.issues}
    assert found == {
        "no_name": {}, "not_string": {"field": "description_en"},
        "unknown_card_similar": {"name": "Гиртн", "similar": "Гиртан, Гиррит, Ртунх"},
        "bad_copies": {"name": "Энт", "count": "три"}, "not_implemented": {"name": "Кочевник", "id": "10001"},
        "copies": {"name": "Кочевник", "n": 4, "limit": 3}, "too_few": {"n": 4, "low": 30, "high": 50},
    }
    for reason, text in REASONS.items():         # every reason's English text takes only named parameters
        assert all(name for _, name, _, _ in string.Formatter().parse(text) if name is not None), reason


@pytest.mark.parametrize("sets", [(30,), (10,)])
def test_a_shipped_deck_for_every_element_and_mixed_ones(real: CardDB, sets: tuple[int, ...]) -> None:
    """Sets 30 and 10 each have a shipped deck of every element (and set 30 mixed ones) of their own cards."""
    decks = [d for d in builtin_decks(real) if {real[cid].set for cid in d.cards} == set(sets)]
    elements = [{e for cid in d.cards for e in real[cid].elements} for d in decks]
    assert {next(iter(e)) for e in elements if len(e) == 1} == {"steppe", "mountain", "forest", "swamp", "dark"}
    assert sets == (10,) or sum(len(e) > 1 for e in elements) >= 2


def test_three_shipped_decks_mix_sets_10_and_30(real: CardDB) -> None:
    mixed = [d for d in builtin_decks(real) if {real[cid].set for cid in d.cards} == {10, 30}]
    assert len(mixed) >= 3, [d.name for d in mixed]


def test_first_game_squads(db: CardDB) -> None:
    first, second = load_first_game(db)
    assert [db[i].name for i in first] == KLOK
    assert [db[i].name for i in second].count("Горбун") == 2 and len(second) == 10
    assert db[second[0]].name == "Тальгата"


def test_first_game_unknown_card(tmp_path: Path, db: CardDB) -> None:
    text = (DEFAULT_DECKS_DIR / "first_game.toml").read_text(encoding="utf-8").replace('"Сатир"', '"Сатиp"')
    path = tmp_path / "first.toml"
    path.write_text(text, encoding="utf-8")
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if "Сатиp" in ln)
    with pytest.raises(DeckError, match=rf"^{path}:{line}: unknown card 'Сатиp' \(did you mean: Сатир"):
        load_first_game(db, path)


def test_first_game_needs_one_first_squad(tmp_path: Path, db: CardDB) -> None:
    path = tmp_path / "first.toml"
    text = (DEFAULT_DECKS_DIR / "first_game.toml").read_text(encoding="utf-8")
    path.write_text(text.replace("first = false", "first = true"), encoding="utf-8")
    with pytest.raises(DeckError, match="exactly one with first = true"):
        load_first_game(db, path)


def test_ids_and_yo_tolerant_names(tmp_path: Path, db: CardDB) -> None:
    cards = klok()
    del cards["Гиртан"], cards["Энт"]
    cards |= {"30130": 3, "Энт": 2, "Черный рыцарь": 1}
    deck = load_deck(write_deck(tmp_path, cards), db)
    assert deck.cards.count("30130") == 3 and "30148" in deck.cards and len(deck.cards) == 30


def test_unknown_card_suggests_close_names(tmp_path: Path, db: CardDB) -> None:
    path = write_deck(tmp_path, klok() | {"Гиртн": 1})
    assert problems(path, db) == [f"{path}:15: unknown card 'Гиртн' (did you mean: Гиртан, Гиррит, Ртунх?)"]


def test_card_not_implemented(tmp_path: Path, db: CardDB) -> None:
    path = write_deck(tmp_path, klok() | {"Кочевник": 2})
    assert problems(path, db) == [f"{path}:15: card 'Кочевник' (10001) is not implemented yet"]


def test_too_many_copies(tmp_path: Path, db: CardDB) -> None:
    path = write_deck(tmp_path, klok() | {"Энт": 4})
    assert problems(path, db) == [f"{path}:6: 4 copies of 'Энт', at most 3"]


def test_horde_allows_five_copies(tmp_path: Path, db: CardDB) -> None:
    assert load_deck(write_deck(tmp_path, klok() | {"Эльф-лучник": 5}), db).cards.count("30077") == 5
    path = write_deck(tmp_path, klok() | {"Эльф-лучник": 6})
    assert problems(path, db) == [f"{path}:13: 6 copies of 'Эльф-лучник', at most 5 (horde)"]


def test_horde_card_of_set_30_allows_five_copies(tmp_path: Path, db: CardDB) -> None:
    assert load_deck(write_deck(tmp_path, klok() | {"Велит": 5}), db).cards.count("30001") == 5
    path = write_deck(tmp_path, klok() | {"Велит": 6})
    assert problems(path, db) == [f"{path}:15: 6 copies of 'Велит', at most 5 (horde)"]


def test_copies_counted_across_name_and_id(tmp_path: Path, db: CardDB) -> None:
    path = write_deck(tmp_path, klok() | {"30130": 1})
    assert problems(path, db) == [f"{path}:{FIRST_CARD_LINE}: 4 copies of 'Гиртан', at most 3"]


@pytest.mark.parametrize("count", [0, -1, "'3'"])
def test_bad_copy_count(tmp_path: Path, db: CardDB, count: object) -> None:
    path = write_deck(tmp_path, klok() | {"Лирайн": count})
    assert f"{path}:14: copies of 'Лирайн' must be a positive integer, got {count}" in problems(path, db)


@pytest.mark.parametrize(("copies", "total"), [(1, 28), (2, 29)])
def test_deck_too_small(tmp_path: Path, db: CardDB, copies: int, total: int) -> None:
    path = write_deck(tmp_path, klok() | {"Энт": copies})
    assert problems(path, db) == [f"{path}:4: the deck has {total} cards, it must have 30 to 50"]


def test_deck_too_big(tmp_path: Path, db: CardDB) -> None:
    cards = klok() | {"Тальгата": 3, "Громила племени": 3, "Храмовник": 3, "Наргойл": 3, "Чёрный рыцарь": 3,
                      "Посвящённая": 3, "Предвестник неудачи": 3}
    path = write_deck(tmp_path, cards)
    assert problems(path, db) == [f"{path}:4: the deck has 51 cards, it must have 30 to 50"]


def test_toml_syntax_error_has_line(tmp_path: Path, db: CardDB) -> None:
    path = tmp_path / "deck.toml"
    path.write_text('name = "Проба"\n\n[cards]\n"Гиртан" = 3\n"Энт" = \n', encoding="utf-8")
    (message,) = problems(path, db)
    assert message.startswith(f"{path}:5: TOML syntax error: ") and "(at line" not in message


def test_missing_name_and_cards(tmp_path: Path, db: CardDB) -> None:
    path = tmp_path / "deck.toml"
    path.write_text('description = "Без имени."\n', encoding="utf-8")
    assert problems(path, db) == [
        f"{path}:1: the deck needs a name (a non-empty string)",
        f"{path}:1: the deck needs a [cards] table of card = copies",
    ]


def test_all_problems_listed_in_line_order(tmp_path: Path, db: CardDB) -> None:
    cards = {"Гиртан": 4, "Кочевник": 1, "Гиртн": 1, "Энт": 3}
    path = write_deck(tmp_path, cards)
    assert problems(path, db) == [
        f"{path}:4: the deck has 8 cards, it must have 30 to 50",
        f"{path}:5: 4 copies of 'Гиртан', at most 3",
        f"{path}:6: card 'Кочевник' (10001) is not implemented yet",
        f"{path}:7: unknown card 'Гиртн' (did you mean: Гиртан, Гиррит, Ртунх?)",
    ]


def test_validate_in_memory_deck(tmp_path: Path, db: CardDB) -> None:
    deck = Deck("Проба", "", ("30130",) * 4 + ("10001",), tmp_path / "unsaved.toml")
    with pytest.raises(DeckError) as err:
        validate_deck(deck, db)
    assert err.value.problems == (
        f"{deck.path}:1: 4 copies of 'Гиртан', at most 3",
        f"{deck.path}:1: card 'Кочевник' (10001) is not implemented yet",
        f"{deck.path}:1: the deck has 5 cards, it must have 30 to 50",
    )


def reprints(db: CardDB, changes: dict[str, dict[str, object]] | None = None) -> CardDB:
    """Set 30 and a test set 99 that reprints every card of it under the same name (`changes`: card id of
    set 30 -> fields of its reprint that differ)."""
    cards = db.sets()[30][1]
    again = [replace(c, id=str(99000 + c.number), set=99, **(changes or {}).get(c.id, {})) for c in cards]
    return CardDB({30: ("Семена раздора", list(cards)), 99: ("test", again)})


def rule_problems(db: CardDB, ids: list[str]) -> list[tuple[str, dict[str, object]]]:
    """The copy problems of a deck of `ids` padded to 30 cards with three of each of ten other cards."""
    used = {db[i].name for i in ids}
    filler = [c.id for c in db.sets()[30][1] if c.name not in used and not c.keywords.get("horde")][:10]
    deck = Deck("x", "", tuple(ids + [i for i in filler for _ in range(3)][: max(0, 30 - len(ids))]), Path("x.toml"))
    try:
        validate_deck(deck, db)
    except DeckError as err:
        return [(i.reason, i.params) for i in err.issues]
    return []


def test_a_card_printed_in_two_sets_counts_as_one_name(db: CardDB) -> None:
    two = reprints(db)
    assert rule_problems(two, ["30013", "30013", "99013"]) == []
    assert rule_problems(two, ["30013", "30013", "99013", "99013"]) == [
        ("copies", {"name": "Дружинник", "n": 4, "limit": 3})]       # said once, for the name


def test_a_horde_card_in_two_printings_may_have_five_copies(db: CardDB) -> None:
    two = reprints(db)
    assert rule_problems(two, ["30001"] * 3 + ["99001"] * 2) == []
    assert rule_problems(two, ["30001"] * 3 + ["99001"] * 3) == [
        ("copies_horde", {"name": "Велит", "n": 6, "limit": 5})]


def test_a_printing_without_horde_keeps_its_name_to_three(db: CardDB) -> None:
    plain = {k: v for k, v in db["30001"].keywords.items() if k != "horde"}
    two = reprints(db, {"30001": {"keywords": plain}})
    assert rule_problems(two, ["30001"] * 3 + ["99001"]) == [("copies", {"name": "Велит", "n": 4, "limit": 3})]
    assert rule_problems(two, ["30001"] * 2 + ["99001"]) == []


def test_names_of_printings_are_compared_as_deck_files_match_them(db: CardDB) -> None:
    two = reprints(db, {"30079": {"name": "МЕБУ"}})                   # Мёбу: «ё» as «е», any case
    assert [r for r, _ in rule_problems(two, ["30079"] * 2 + ["99079"] * 2)] == ["copies"]


def test_a_unique_card_may_have_three_copies_in_a_deck(db: CardDB) -> None:
    assert db["30013"].unique
    assert rule_problems(db, ["30013"] * 3) == []
    assert rule_problems(db, ["30013"] * 4) == [("copies", {"name": "Дружинник", "n": 4, "limit": 3})]
