"""Card set files: loading, stats against the reference data, validation errors, no printed text."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from cards.loader import SETS_DIR, CardDataError, CardDB, coverage, fold, load_all, load_set

REFERENCE_DIR = Path("/work/shared/reference")
REFERENCE_FILES = {30: "set30_semena_razdora.json", 10: "set10_voyna_stihiy.json"}
CARDS_DIR = Path(__file__).resolve().parents[2] / "cards"
ELEMENTS = {"Степи": "steppe", "Горы": "mountain", "Леса": "forest", "Болота": "swamp", "Тьма": "dark"}
FIRST_GAME = {
    "30130", "30093", "30125", "30124", "30122", "30114", "30080", "30113", "30077", "30068",
    "30162", "30030", "30026", "30154", "30148", "30142", "30009", "30138", "30169", "30134",
}


def reference(set_id: int) -> list[dict]:
    path = REFERENCE_DIR / REFERENCE_FILES[set_id]
    if not path.is_file():
        pytest.skip(f"reference data not available: {path}")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def db() -> CardDB:
    return load_all()


def test_every_card_of_both_sets_loads(db: CardDB) -> None:
    sets = db.sets()
    assert sets[30][0] == "Семена раздора" and len(sets[30][1]) == 195
    assert sets[10][0] == "Война стихий" and len(sets[10][1]) == 200
    assert sets[90][0] == "Битва за Лаар" and len(sets[90][1]) == 3      # the board game's own cards
    assert len(db) == 398
    assert len(load_set(SETS_DIR / "set30_semena_razdora.toml")) == 195


def test_a_board_game_set_is_in_no_deck(db: CardDB, tmp_path: Path) -> None:
    """`boardgame = true` in a set's header marks its cards: loaded and playable by their mode, but not offered to
    decks (`implemented()`), random decks or a deck file; a header value that is not a boolean is refused."""
    laar = [db["90001"], db["90002"], db["90003"]]
    assert all(c.boardgame and c.implemented for c in laar)
    assert not any(c.boardgame for c in db.implemented())
    assert not db["10001"].boardgame
    bad = tmp_path / "bad.toml"
    bad.write_text('[set]\nid = 91\nname = "x"\nboardgame = "yes"\n', encoding="utf-8")
    with pytest.raises(CardDataError, match="boardgame: expected true or false"):
        load_set(bad)


def test_default_db_is_cached() -> None:
    assert load_all() is load_all()


def test_implemented_cards_include_the_first_game_squads(db: CardDB) -> None:
    implemented = {c.id for c in db.implemented()}
    assert implemented >= FIRST_GAME
    per_set = {s: sum(1 for i in implemented if i.startswith(str(s))) for s in (10, 30)}
    assert coverage(db) == [(10, "Война стихий", per_set[10], 200), (30, "Семена раздора", 195, 195),
                            (90, "Битва за Лаар", 3, 3)]


def test_spot_checks(db: CardDB) -> None:
    girtan = db["30130"]
    assert (girtan.name, girtan.elements, girtan.cost, girtan.elite, girtan.unique) == (
        "Гиртан", ("swamp",), 7, True, False)
    assert (girtan.kind, girtan.classes, girtan.life, girtan.move, girtan.strike) == (
        "creature", ("Тролль",), 14, 1, (3, 4, 5))
    assert girtan.keywords == {"regen": 1} and girtan.abilities[0]["type"] == "attack_bonus"
    assert db.by_name("Злобоглаз").move == 0 and db.by_name("Злобоглаз").is_flyer
    assert db.by_name("Энт").keywords == {"regen": 1, "diagonal_move": 1}
    assert db.by_name("Эльф-лучник").keywords["horde"] == 1
    assert db.by_name("Любимец капитана").is_symbiont and db.by_name("Любимец капитана").elements == ()
    assert db.by_name("Велит").keywords == {"dash": 1, "horde": 1, "formation": 1}
    assert all(isinstance(c.implemented, bool) for c in db.cards.values())
    assert db.by_name("Тальгата").has_magic and db.by_name("Тальгата").unique
    assert db["10001"].name == "Кочевник" and db["10001"].set == 10


def test_by_name_tolerates_yo(db: CardDB) -> None:
    assert db.by_name("Черный рыцарь") is db.by_name("Чёрный рыцарь") is db["30148"]
    assert db.by_name("Посвященная").id == "30142"
    with pytest.raises(KeyError):
        db.by_name("Нет такой карты")


def test_names_match_in_any_case_with_yo_as_ye(db: CardDB) -> None:
    assert fold("  ЧЁРНЫЙ Ёж ") == "черный еж"
    assert db.find("гиртан") is db.find(" ГИРТАН ") is db.find(" 30130 ") is db["30130"]
    assert db.by_name("черный РЫЦАРЬ") is db["30148"]
    assert db.matching("Рыцар") == [db["30148"], db["30184"]]
    assert db.matching("гирт") == [db["30130"]] and db.matching("нет такой") == [] and db.matching(" ") == []
    assert db.similar("гиртанн")[0] == "Гиртан" and db.similar("ЧЕРНЫЙ РЫЦАР")[0] == "Чёрный рыцарь"


def test_non_creatures_have_zero_stats(db: CardDB) -> None:
    for card in db.values():
        if card.kind in ("artifact", "terrain"):
            assert card.strike == (0, 0, 0) and card.move == 0
        if card.kind == "terrain":
            assert card.life == 0


@pytest.mark.parametrize("set_id", [30, 10])
def test_stats_match_reference(db: CardDB, set_id: int) -> None:
    for ref in reference(set_id):
        card = db[ref["id"]]
        assert (card.set, card.number, card.name) == (ref["set"], ref["number"], ref["name"])
        assert card.elements == tuple(ELEMENTS[e] for e in ref["elements"] if e != "Нейтралы")
        assert (card.cost, card.elite, card.unique, card.kind, card.rarity) == (
            ref["cost"], ref["elite"], ref["unique"], ref["type"], ref["rarity"])
        assert card.classes == tuple(ref["classes"])
        life = ref["life"] or (2 * ref["cost"] if ref["type"] == "artifact" else 0)   # rules decision 71
        assert (card.life, card.move) == (life, ref["move"] or 0)
        assert card.strike == tuple(ref["strike"] or (0, 0, 0))
        assert card.icons == tuple(ref["icons"])


def test_set_files_hold_no_text_field() -> None:
    for path in SETS_DIR.glob("*.toml"):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert all("text" not in card for card in data["card"]), path


@pytest.mark.parametrize("set_id", [30, 10])
def test_no_printed_text_under_cards(set_id: int) -> None:
    sentences = {
        s.strip()
        for ref in reference(set_id)
        for s in [ref["text"], *re.split(r"(?<=[.!?])\s+", ref["text"])]
        if len(s.strip()) > 25
    }
    for path in CARDS_DIR.rglob("*"):
        if path.is_file() and path.suffix in (".toml", ".py", ".md", ".json", ".txt"):
            content = path.read_text(encoding="utf-8")
            leaked = [s for s in sentences if s in content]
            assert not leaked, f"{path} contains printed text: {leaked[0]!r}"


# ---- malformed data ---------------------------------------------------------------------------------------------

EFFECT = 'effect = { op = "attack", attack = "shot", damage = [1, 1, 1] }'
GOOD_CARD = """
[[card]]
id = "99001"
number = 1
name = "Пробник"
elements = ["swamp"]
cost = 4
elite = false
unique = false
kind = "creature"
classes = []
rarity = "common"
life = 8
move = 1
strike = [1, 2, 3]
keywords = { regen = 1 }
icons = ["regen"]
implemented = true
[[card.abilities]]
type = "trigger"
on = { event = "attacked", by = "self", attacks = ["strike"], levels = ["strong"] }
kind = "effect"
effect = { op = "attack", attack = "shot", damage = [1, 1, 1] }
[[card.abilities]]
type = "attack_bonus"
amount = 1
attacks = ["strike", "ranged"]
"""
HEADER = '[set]\nid = 99\nname = "Проба"\n'


def write_set(tmp_path: Path, body: str, name: str = "set99_proba.toml") -> Path:
    path = tmp_path / name
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def test_good_test_card_loads(tmp_path: Path) -> None:
    (card,) = load_set(write_set(tmp_path, GOOD_CARD))
    assert card.id == "99001" and card.set == 99 and len(card.abilities) == 2


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        ("cost = 4\n", "", "cost", "missing field"),
        ("cost = 4", 'cost = "4"', "cost", "expected an integer, got '4'"),
        ("life = 8", "life = true", "life", "expected an integer"),
        ("elite = false", "elite = 0", "elite", "expected true or false"),
        ("strike = [1, 2, 3]", "strike = [1, 2]", "strike", "expected a list of 3 integers"),
        ('classes = []', "classes = [1]", "classes", "expected a list of strings"),
        ('elements = ["swamp"]', 'elements = ["Болота"]', "elements", "unknown element 'Болота'"),
        ('kind = "creature"', 'kind = "monster"', "kind", "unknown kind 'monster'"),
        ("keywords = { regen = 1 }", "keywords = { regen = true }", "keywords", "expected a table of keyword"),
        ("keywords = { regen = 1 }", "keywords = { regeneration = 1 }", "keywords", "unknown keyword 'regeneration'"),
        ('icons = ["regen"]', 'icons = ["regen"]\ntext = "x"', "text", "unknown field"),
        ('id = "99001"', 'id = "99002"', "id", "expected 99001"),
        ('type = "attack_bonus"', 'type = "aura"', "abilities[1].type", "unknown ability type 'aura'"),
        ('on = { event = "attacked", by = "self", attacks = ["strike"], levels = ["strong"] }', 'on = "attack_level"',
         "abilities[0].on", "expected a non-empty table, got 'attack_level'"),
        ('event = "attacked"', 'event = "death"', "abilities[0].on.event", "unknown event kind 'death'"),
        ('by = "self"', 'by = "mine"', "abilities[0].on.by", "unknown by 'mine'"),
        ('by = "self",', 'by = "self", side = "enemy",', "abilities[0].on.side", "unknown trigger filter"),
        ('by = "self",', 'by = "self", status = "cursed",', "abilities[0].on.status",
         "no trigger of kind 'attacked' takes this filter"),
        ('by = "self",', 'by = "self", kills = 1,', "abilities[0].on.kills", "expected true or false, got 1"),
        ('by = "self",', 'by = "self", vs = { colour = "red" },', "abilities[0].on.vs.colour", "unknown condition"),
        ('by = "self",', 'by = "self", first = true,', "abilities[0].on",
         "no trigger of kind 'attacked' takes these filters: ['attacks', 'by', 'first', 'levels']"),
        ('kind = "effect"\neffect = { op = "attack"', 'kills = true\nkind = "effect"\neffect = { op = "attack"',
         "abilities[0].kills", "unknown field"),
        (', attacks = ["strike"], levels = ["strong"] }', " }", "abilities[0].on",
         "no trigger of kind 'attacked' takes these filters: ['by']"),
        ('attacks = ["strike"],', 'attacks = ["bite"],', "abilities[0].on.attacks", "unknown attack 'bite'"),
        ('attack = "shot"', 'attack = "arrow"', "abilities[0].effect.attack", "unknown attack 'arrow'"),
        ('"ranged"]', '"close_range"]', "abilities[1].attacks", "unknown attack 'close_range'"),
        ('levels = ["strong"]', 'levels = ["huge"]', "abilities[0].on.levels", "unknown level 'huge'"),
        ('type = "trigger"\n', 'type = "trigger"\nname = "залп"\n', "abilities[0].name_en",
         "missing: the English name of the ability 'залп'"),
        ('type = "trigger"\n', 'type = "trigger"\nname_en = "volley"\n', "abilities[0].name",
         "missing: the Russian name of the ability 'volley'"),
        ('type = "trigger"\n', 'type = "trigger"\nname = "залп"\nname_en = " "\n', "abilities[0].name_en",
         "expected a non-empty string, got ' '"),
        ('type = "trigger"\n', 'type = "trigger"\nname = 3\nname_en = "volley"\n', "abilities[0].name",
         "expected a non-empty string, got 3"),
        # the term declarations (cards.terms): an unknown term
        (EFFECT, 'effect = { op = "explode" }', "abilities[0].effect.op", "unknown effect op 'explode'"),
        (EFFECT, 'effect = { op = "sequence", steps = [{ op = "curse", target = "self" }, { op = "fly" }] }',
         "abilities[0].effect.steps[1].op", "unknown effect op 'fly'"),
        ("\nattacks = [", '\nvs = { colour = "red" }\nattacks = [', "abilities[1].vs.colour", "unknown condition"),
        ("\nattacks = [", "\nvs = { open = true }\nattacks = [", "abilities[1].vs.open", "cannot qualify another card"),
        (EFFECT, 'effect = { op = "lose_keyword", keywords = ["flying"], until = "battle", target = "self" }',
         "abilities[0].effect.keywords", "unknown keyword 'flying'"),
        (EFFECT, 'effect = { op = "buff", grant = { wings = 1 }, until = "battle", target = "self" }',
         "abilities[0].effect.grant", "unknown keyword 'wings'"),
        (EFFECT, 'effect = { op = "curse", target = "everyone" }', "abilities[0].effect.target",
         "unknown target 'everyone'"),
        # a missing or unknown field
        (EFFECT, 'effect = { op = "sequence", steps = [{ op = "wound", target = "self" }] }',
         "abilities[0].effect.steps[0].amount", "missing field"),
        ("attacks = [\"strike\", \"ranged\"]\n", "", "abilities[1].attacks", "missing field"),
        (EFFECT, 'effect = { op = "attack", attack = "shot", damage = [1, 1, 1], colour = "red" }',
         "abilities[0].effect.colour", "unknown field"),
        ("amount = 1\n", "amount = 1\nnth = 2\n", "abilities[1].nth", "unknown field"),
        # a field of the wrong type
        (EFFECT, 'effect = { op = "attack", attack = "shot", damage = [1, 1, 1], range = "far" }',
         "abilities[0].effect.range", "expected an integer >= 1, got 'far'"),
        (EFFECT, 'effect = { op = "attack", attack = "shot", damage = [1, 1] }', "abilities[0].effect.damage",
         "expected [weak, medium, strong], got [1, 1]"),
        (EFFECT, 'effect = { op = "attack", attack = "shot", damage = [1, 1, 1], unwounded = 1 }',
         "abilities[0].effect.unwounded", "expected true or false, got 1"),
        ("keywords = { regen = 1 }", "keywords = { regen = 1, stamina = 2 }", "keywords",
         "keyword stamina is a flag and takes 1, got 2"),
        (EFFECT, 'effect = { op = "summon", card = { status = "cursed" } }', "abilities[0].effect.card.status",
         "cannot be judged of a card in a deck"),
        (EFFECT, 'effect = { op = "gain", ability = { type = "move_bonus" }, until = "battle", target = "self" }',
         "abilities[0].effect.ability.amount", "missing field"),
        ('type = "trigger"\non = { event = "attacked", by = "self", attacks = ["strike"], levels = ["strong"] }\n',
         'type = "activated"\ntiming = "self_attacked"\n', "abilities[0].timing",
         "only instant abilities have a timing"),
    ],
)
def test_malformed_card_names_file_card_and_field(
    tmp_path: Path, old: str, new: str, field: str, words: str
) -> None:
    assert old in GOOD_CARD
    path = write_set(tmp_path, GOOD_CARD.replace(old, new, 1))
    with pytest.raises(CardDataError) as err:
        load_set(path)
    message = str(err.value)
    assert str(path) in message and "99001" in message and "Пробник" in message
    assert f" {field}: " in message and words in message


def test_a_named_ability_loads_with_both_names(tmp_path: Path) -> None:
    body = GOOD_CARD.replace('type = "trigger"\n', 'type = "trigger"\nname = "залп"\nname_en = "volley"\n', 1)
    (card,) = load_set(write_set(tmp_path, body))
    assert (card.abilities[0]["name"], card.abilities[0]["name_en"]) == ("залп", "volley")


def test_every_named_ability_has_an_english_name(db: CardDB) -> None:
    named = [ab for card in db.values() for ab in card.abilities if "name" in ab]
    assert len({ab["name"] for ab in named}) >= 87
    for ab in named:
        assert ab["name_en"].strip() and not re.search("[А-Яа-яЁё]", ab["name_en"]), ab


def test_unknown_keyword_in_grant(tmp_path: Path) -> None:
    body = GOOD_CARD + '[[card.abilities]]\ntype = "grant"\ngrant = { flying = 1 }\nscope = "self"\n'
    with pytest.raises(CardDataError, match=r"Пробник.*abilities\[2\]\.grant: unknown keyword 'flying'"):
        load_set(write_set(tmp_path, body))


def test_duplicate_id_in_one_file(tmp_path: Path) -> None:
    body = GOOD_CARD + GOOD_CARD.replace('name = "Пробник"', 'name = "Двойник"')
    with pytest.raises(CardDataError, match=r"set99_proba\.toml: card 99001 «Двойник»: id: duplicate card id"):
        load_set(write_set(tmp_path, body))


def test_duplicate_set_id_across_files(tmp_path: Path) -> None:
    write_set(tmp_path, GOOD_CARD, "set99_a.toml")
    write_set(tmp_path, GOOD_CARD, "set99_c.toml")
    with pytest.raises(CardDataError, match=r"set99_c\.toml: set: set id 99 already used by .*set99_a\.toml"):
        load_all(tmp_path)


def test_toml_syntax_error_names_file(tmp_path: Path) -> None:
    path = write_set(tmp_path, GOOD_CARD.replace("cost = 4", "cost = "))
    with pytest.raises(CardDataError, match=r"set99_proba\.toml: TOML syntax error: .*line \d+"):
        load_set(path)


def test_missing_set_header(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(GOOD_CARD, encoding="utf-8")
    with pytest.raises(CardDataError, match=r"bad\.toml: set: expected a \[set\] table"):
        load_set(path)

