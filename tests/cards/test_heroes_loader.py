"""«Берсерк. Герои» card files: the loader's checks and errors, and every shipped card rendering in ru and en."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.heroes.loader import HeroCardError, load_heroes
from cards.heroes.render import card_text
from cards.heroes.schema import HeroCardDef

HEAD = '[set]\nid = 7\nname = "Тест"\n'
CARD = '''
[[card]]
id = "h7001"
number = 1
name = "Акванит"
type = "creature"
elements = ["swamp"]
classes = ["Акванит"]
rarity = "common"
cost = 3
attack = 4
health = 5
'''
TRIGGER = '''[[card.abilities]]
type = "trigger"
on = { event = "card_played", who = "enemy" }
every = true
effect = { op = "wound", target = "self", amount = 1 }
'''


def _load(tmp_path: Path, text: str) -> dict[str, HeroCardDef]:
    (tmp_path / "set07_test.toml").write_text(HEAD + text, encoding="utf-8")
    return load_heroes(tmp_path)


def test_a_card_loads_with_its_fields(tmp_path: Path) -> None:
    card = _load(tmp_path, CARD + TRIGGER)["h7001"]
    assert (card.set, card.number, card.type, card.cost, card.attack, card.health) == (7, 1, "creature", 3, 4, 5)
    assert card.abilities[0]["effect"] == {"op": "wound", "target": "self", "amount": 1}
    assert card.ability_ids() == ("trigger0",)


@pytest.mark.parametrize(("edit", "field", "says"), [
    (("cost = 3", "cost = -1"), "cost", "an integer ≥ 0 or \"X\""),
    (("type = \"creature\"", "type = \"beast\""), "type", "'beast'"),
    (("elements = [\"swamp\"]", "elements = [\"bog\"]"), "elements", "'bog'"),
    (("attack = 4\n", ""), "attack", "a creature needs attack"),
    (("op = \"wound\"", "op = \"maim\""), "abilities[0].effect.op", "undeclared op 'maim'"),
    (("who = \"enemy\"", "who = \"them\""), "abilities[0].on.who", "undeclared player 'them'"),
    (("event = \"card_played\"", "event = \"card_eaten\""), "abilities[0].on.event", "undeclared event"),
    (("target = \"self\"", "target = \"selff\""), "abilities[0].effect.target", "undeclared target 'selff'"),
    (("amount = 1", "amount = \"y\""), "abilities[0].effect.amount", "undeclared value 'y'"),
    (("amount = 1", "amount = 1, power = 2"), "abilities[0].effect.power", "unknown field of op 'wound'"),
    (("every = true", "every = 1"), "abilities[0].every", "true or false"),
    (("rarity = \"common\"", "rarity = \"common\"\nkeywords = { regen = 0 }"), "keywords.regen", "≥ 1"),
    (("rarity = \"common\"", "rarity = \"common\"\nkeywords = { flying = 1 }"), "keywords.flying",
     "undeclared keyword 'flying'"),
])
def test_errors_name_file_card_and_field(tmp_path: Path, edit: tuple[str, str], field: str, says: str) -> None:
    text = (CARD + TRIGGER).replace(*edit, 1)
    with pytest.raises(HeroCardError) as err:
        _load(tmp_path, text)
    msg = str(err.value)
    assert msg.startswith("set07_test.toml: card h7001 «Акванит»: ")
    assert f" {field}: " in msg and says in msg


def test_a_named_card_must_exist(tmp_path: Path) -> None:
    wound = '{ op = "wound", target = "self", amount = 1 }'
    text = CARD + TRIGGER.replace(wound, '{ op = "create", card = "Гном" }')
    with pytest.raises(HeroCardError, match="abilities\\[0\\]: create names the card 'Гном', which no set file holds"):
        _load(tmp_path, text)
    text = CARD + TRIGGER.replace(wound, '{ op = "search", card = "Акванит" }')
    assert _load(tmp_path, text)["h7001"].abilities[0]["effect"]["card"] == "Акванит"
    text = CARD + TRIGGER.replace(wound, '{ op = "create", card = "Акванит" }')
    with pytest.raises(HeroCardError, match="creates 'Акванит', which is no card with `created`"):
        _load(tmp_path, text)


def test_shipped_cards_render_in_both_languages() -> None:
    db = load_heroes()
    assert db, "no heroes cards shipped"
    for card in db.values():
        for lang in ("ru", "en"):
            text = card_text(card, lang)
            assert "{" not in text and "}" not in text, (card.id, lang, text)
            if card.abilities or card.keywords:
                assert text, (card.id, lang)


def test_rendered_from_the_data() -> None:
    db = load_heroes()
    assert card_text(db["h7001"], "en") == "Each time the opponent plays a card, wound this creature by 1."
    assert card_text(db["h7010"], "ru") == "Возьмите 2 карты."
    assert card_text(db["h7026"], "en") == "Poison 2."


def test_set7_swamp_is_complete() -> None:
    db = load_heroes()
    swamp = [db[f"h7{n:03d}"] for n in range(1, 29)]
    assert all(c.elements == ("swamp",) and c.set == 7 for c in swamp)
    assert [c.type for c in swamp].count("spell") == 8 and [c.type for c in swamp].count("event") == 2
    assert db["h7014"].x_cost and db["h7014"].cost == 0


@pytest.mark.parametrize(("card_id", "lang", "text"), [
    ("h7006", "ru", "Когда противник разыгрывает вторую карту за ход, уничтожьте это существо."),
    ("h7004", "en", "Hire: the opponent may pay (2); if not, you may return a creature to its owner's hand."),
    ("h7028", "ru", "Гибель: возьмите карту."),
    ("h7016", "ru", "В конце хода противника, если противник разыграл в этот ход меньше 2 карт, создайте «Модуль "
                    "поддержки» или создайте «Модуль подавления»."),
    ("h7021", "ru", "Модуль.\nГибель: возьмите Х карт, где Х — сила удара этого существа."),
    ("h7017", "en", "(X), discard a card: Revive X cards «Преданный Архааля» (works in the graveyard too)."),
    ("h7005", "ru", "Найм: отравить каждое существо противника на 1.\nВ начале хода противника ранить героя "
                    "противника на 1.\n(Т): Усилить отравление каждого существа противника на 1."),
])
def test_the_renderer_composes_terms(card_id: str, lang: str, text: str) -> None:
    """Plural nouns, ordinals, coins, «можете» with the infinitive, «где Х — …», heads and zones notes."""
    assert card_text(load_heroes()[card_id], lang) == text
