"""Card text renderer: phrases in Russian and English from structure, strictness on unknown structure."""

from __future__ import annotations

import re
import string
from typing import Any

import pytest

from cards.i18n import MESSAGES
from cards.loader import load_all
from cards.render import render_ability, render_card, render_keywords
from cards.schema import CardDef
from cards.terms import KEYWORDS, NUMERIC_KEYWORDS


def make(name: str, *abilities: dict[str, Any], **keywords: int) -> CardDef:
    """A creature with the given structure; stats do not matter to the renderer."""
    return CardDef(
        id="99001", set=99, number=1, name=name, elements=("swamp",), cost=3, elite=False, unique=False,
        kind="creature", classes=(), life=5, move=1, strike=(1, 2, 3), keywords=keywords, abilities=abilities,
    )


def both(card: CardDef) -> tuple[str, str]:
    return render_card(card, "ru"), render_card(card, "en")


# -- the encodings of the first-game cards, built by hand ---------------------------------------------


def test_attack_bonus_against_condition_any() -> None:
    girtan = make("Гиртан", {
        "type": "attack_bonus", "amount": 2, "attacks": ["strike"],
        "vs": {"any": [{"status": "poisoned"}, {"keyword": "prot_poison"}]},
    }, regen=1)
    ru, en = both(girtan)
    assert ru == "Регенерация 1.\n+2 к простому удару по существам с отравлением или с защитой от отравления."
    assert "+2 to simple strike against creatures with poison or with protection from poison." in en


def test_concentration_and_named_throw() -> None:
    mermaid = make(
        "Русалка",
        {"type": "concentration", "optional": True, "kind": "effect",
         "effect": {"op": "displace", "target": {"side": "enemy", "what": "creature"}}},
        {"type": "activated", "name": "метание рыбьей кости", "name_en": "fishbone throw", "tap": True,
         "kind": "attack", "effect": {"op": "attack", "attack": "throw", "damage": [1, 2, 2], "range": 4}},
    )
    ru, en = both(mermaid)
    assert ru.splitlines() == [
        "Концентрация: переместить выбранное существо противника на соседнюю клетку.",
        "↷: Метание рыбьей кости на 1-2-2, дальность 4.",
    ]
    assert "Concentration: move a chosen enemy creature to an adjacent cell." in en
    assert "↷: Fishbone throw (throw) for 1-2-2, range 4." in en


def test_grant_with_regen_value_filter_and_while() -> None:
    guard = make("Страж Уорлога", {
        "type": "grant", "grant": {"armor": "regen"}, "scope": "left_right",
        "filter": {"element": "swamp"}, "while": {"open": True},
    }, regen=2, ovz=1)
    ru, en = both(guard)
    assert ru.splitlines()[0] == "Регенерация 2. Опыт в защите 1."
    assert ("Ваши существа стихии болот слева и справа от этой карты получают броню в размере их регенерации, "
            "пока эта карта открыта.") in ru
    assert "get armor equal to their regeneration while this card is open" in en


def test_grant_scopes_and_source_conditions() -> None:
    ent = make("Энт", {"type": "grant", "grant": {"hits_flyers": 1}, "scope": "self_and_companion"},
               regen=1, diagonal_move=1)
    assert "Эта карта и её компаньон получают возможность атаковать летающих" in render_card(ent)
    assert "Движение по диагонали." in render_keywords(ent)
    bully = make("Громила", {"type": "grant", "grant": {"ova": 2}, "scope": "self",
                             "while": {"strongest_strike": True}})
    assert render_card(bully).startswith("Эта карта получает опыт в атаке 2, пока сильный удар этой карты больше")
    hunchback = make("Горбун", {"type": "grant", "grant": {"ovz": 1}, "scope": "self",
                                "while": {"squad_has_class": "Город"}})
    assert "пока в вашем отряде на поле боя есть карта класса «Город»" in render_card(hunchback)
    assert "while your squad on the battlefield has a card of class «Город»" in render_card(hunchback, "en")
    pet = make("Любимец", {"type": "grant", "grant": {"cursed": 1}, "scope": "host"})
    assert render_card(pet) == "Хозяин этой карты получает проклятие."


def test_spell_sequence_with_same_target() -> None:
    eye = make("Злобоглаз", {
        "type": "activated", "id": "gaze", "name": "парализующий взгляд", "name_en": "paralyzing gaze", "tap": True,
        "instant": True, "kind": "spell", "effect": {"op": "sequence", "steps": [
            {"op": "wound", "amount": 1,
             "target": {"side": "enemy", "what": "creature", "filter": {"status": "poisoned"}}},
            {"op": "no_move", "target": "same"},
        ]},
    })
    ru, en = both(eye)
    assert ru == ("⚡↷ Парализующий взгляд (заклинание): нанести 1 рану выбранному существу противника "
                  "с отравлением, затем запретить этому же существу двигаться в этот ход.")
    assert "deal 1 wound to a chosen enemy creature with poison, then forbid the same creature to move" in en


def test_triggers_on_death_and_special_wound_amounts() -> None:
    klok = make(
        "Клок Мудрый",
        {"type": "trigger", "on": {"event": "died", "whose": "own"}, "optional": True, "kind": "effect",
         "effect": {"op": "wound", "amount": "dead_regen", "target": {"side": "any", "what": "card", "near": "dead"}}},
        {"type": "activated", "name": "варево из котла", "name_en": "cauldron brew", "tap": True, "kind": "spell",
         "effect": {"op": "wound", "amount": "strong_minus_weak", "target": {"side": "any", "what": "creature"}}},
    )
    ru, en = both(klok)
    assert "Когда погибает ваше существо, включая эту карту (по желанию): нанести выбранной карте рядом " in ru
    assert "X — регенерация погибшего существа" in ru
    assert "↷ Варево из котла (заклинание): нанести выбранному существу X ран, где X — разность сильного" in ru
    assert "deal X wounds to a chosen card next to the dead creature" in en
    assert "рядом с погибшим существом" in ru


def test_a_blast_on_this_cards_death_is_next_to_this_card() -> None:
    tank = make("Паровой танк", {"type": "trigger", "on": {"event": "died", "whose": "self"}, "kind": "effect",
                                 "effect": {"op": "wound", "amount": 3,
                                            "target": {"side": "any", "what": "card", "near": "dead", "all": True}}})
    ru, en = both(tank)
    assert "При гибели этой карты: нанести 3 раны всем картам рядом с этой картой." in ru
    assert "next to this card" in en and "dead creature" not in en


def test_attack_level_triggers_and_statics() -> None:
    adept = make(
        "Посвящённая",
        {"type": "activated", "tap": True, "kind": "attack",
         "effect": {"op": "attack", "attack": "discharge", "damage": [2, 1, 1], "range": 3}},
        {"type": "trigger", "on": {"event": "attacked", "by": "self", "attacks": ["discharge"],
                                    "levels": ["medium", "strong"]},
         "kind": "effect", "effect": {"op": "curse", "target": "attacked"}},
        {"type": "range_bonus", "amount": 1, "attacks": ["discharge"], "vs": {"status": "cursed"}},
        {"type": "attack_bonus", "amount": 1, "attacks": ["discharge"], "levels": ["medium", "strong"],
         "vs": {"status": "cursed"}},
    )
    ru, en = both(adept)
    assert ru.splitlines() == [
        "↷: Разряд на 2-1-1, дальность 3.",
        "При среднем или сильном разряде этой карты: проклясть атакованное существо.",
        "+1 к дальности разряда по существам с проклятием.",
        "+1 к среднему и сильному разряду по существам с проклятием.",
    ]
    assert "When this card makes a medium or strong discharge: curse the attacked creature." in en
    assert "+1 to the range of discharge against creatures with a curse." in en


def test_reductions_strike_level_directed_and_groups() -> None:
    knight = make(
        "Чёрный рыцарь",
        {"type": "attack_reduction", "amount": 2, "attacks": ["nonmagic"], "from": {"status": "cursed"}},
        {"type": "strike_level", "level": "strong", "vs": {"status": "cursed"}},
        {"type": "directed_vs", "vs": {"has_magic": True}},
        {"type": "attack_bonus", "amount": 1, "attacks": ["strike", "through_row"], "vs": {"element": "forest"}},
    )
    ru, en = both(knight)
    assert "−2 от немагических атак существ с проклятием." in ru
    assert "Простые удары этой карты по существам с проклятием считаются сильными." in ru
    assert "по существам с разрядом, магическим ударом или заклинанием считаются направленными" in ru
    assert "+1 к простому удару и удару через ряд по существам стихии лесов." in ru
    assert "−2 from non-magic attacks of creatures with a curse." in en
    assert "count as strong" in en and "are directed" in en


def test_named_trigger_and_mandatory_concentration_with_choice() -> None:
    nargoyle = make("Наргойл", {
        "type": "trigger", "name": "смертельное пикирование", "name_en": "deadly dive", "on": {
            "event": "attacked", "by": "self", "attacks": ["strike"], "levels": ["strong"]},
        "optional": True, "kind": "effect",
        "effect": {"op": "sequence", "steps": [
            {"op": "destroy", "target": "self"}, {"op": "wound", "amount": 3, "target": "attacked"},
        ]},
    }, ova=1, incarnation=2)
    assert render_card(nargoyle).splitlines() == [
        "Опыт в атаке 1. Инкарнация 2.",
        "Смертельное пикирование. При сильном простом ударе этой карты (по желанию): уничтожить эту карту, "
        "затем нанести 3 раны атакованному существу.",
    ]
    templar = make("Храмовник", {"type": "concentration", "optional": False, "kind": "effect", "effect": {
        "op": "choose", "options": [
            {"op": "buff", "grant": {"strike": 1}, "until": "end_of_your_turn", "target": "self"},
            {"op": "buff", "grant": {"move": 1}, "until": "end_of_your_turn", "target": "self"},
        ]}})
    ru, en = both(templar)
    assert ru.startswith("Концентрация (обязательно): выбрать одно — дать этой карте +1 к простому удару до конца")
    assert "или дать этой карте +1 к движению до конца вашего хода." in ru
    assert en.startswith("Concentration (mandatory): choose one — give this card +1 to simple strike")


def test_instant_timings_once_per_and_requires() -> None:
    omen = make("Предвестник", {
        "type": "activated", "tap": False, "instant": True, "once_per": "turn",
        "timing": "enemy_attack_no_wounds", "kind": "effect",
        "effect": {"op": "set_next_roll", "value": 1, "target": "attacker"},
    })
    assert render_card(omen) == ("⚡ (1 раз за ход; когда атака существа противника не нанесла ран): считать "
                                 "следующий бросок кубика атаковавшего существа равным 1.")
    pet = make("Любимец", {"type": "activated", "tap": False, "instant": True, "once_per": "battle",
                           "timing": "self_attacked",
                           "kind": "effect", "effect": {"op": "redirect_to_host"}})
    assert render_card(pet) == "⚡ (1 раз за бой; когда эту карту атакуют): перенаправить атаку на хозяина этой карты."
    satyr = make(
        "Сатир",
        {"type": "trigger", "on": {"event": "moved", "whose": "self"}, "kind": "effect",
         "effect": {"op": "heal", "amount": 1, "target": "self"}},
        {"type": "activated", "tap": True, "kind": "attack", "requires": {"adjacent_own": {"class_prefix": "Герой"}},
         "effect": {"op": "attack", "attack": "magic_strike", "damage": [2, 2, 3]}},
    )
    ru, en = both(satyr)
    assert "Каждый раз, когда эта карта перемещается на одну клетку: излечить эту карту на 1." in ru
    assert ("↷ (только если рядом с этой картой стоит ваша карта с классом, начинающимся на «Герой»): "
            "Магический удар на 2-2-3.") in ru
    assert "Each time this card moves one cell: heal this card by 1." in en


def test_other_ops_targets_and_markers() -> None:
    card = make(
        "Пробная",
        {"type": "trigger", "on": {"event": "turn_started", "whose": "own"}, "kind": "effect",
         "effect": {"op": "curse", "target": "opposite"}},
        {"type": "trigger", "on": {"event": "battle_started"}, "kind": "spell",
         "effect": {"op": "bless", "target": {"side": "own", "what": "creature", "range": 2}}},
        {"type": "activated", "tap": True, "chips": 2, "kind": "spell", "effect": {
            "op": "cancel_action", "target": {"side": "enemy", "what": "creature", "filter": {"status": "cursed"}}}},
        {"type": "activated", "kind": "effect",
         "effect": {"op": "poison", "amount": 2, "target": {"side": "enemy", "what": "card", "range": 1}}},
        {"type": "concentration", "kind": "attack",
         "effect": {"op": "attack", "attack": "discharge", "damage": [2, 2, 2]}},
        {"type": "concentration",
         "effect": {"op": "buff", "grant": {"ovs": 1}, "until": "end_of_turn", "target": "host"}},
    )
    ru, en = both(card)
    assert "В начале вашего хода: проклясть существо противника напротив этой карты." in ru
    assert "В начале боя (заклинание): благословить выбранное ваше существо в пределах 2 клеток от этой карты." in ru
    assert "↷●● (заклинание): отменить действие выбранного существа противника с проклятием." in ru
    assert "Отравить выбранную карту противника в пределах 1 клетки от этой карты на 2." in ru
    assert "Концентрация: разряд на 2, дальность не ограничена." in ru
    assert "дать хозяину этой карты опыт в стрельбе 1 до конца хода" in ru
    assert "At the start of the battle (spell): bless a chosen creature of yours within 2 cells of this card." in en
    assert "Concentration: discharge for 2, unlimited range." in en


@pytest.mark.parametrize(("amount", "phrase"), [(2, "2 раны"), (5, "5 ран"), (11, "11 ран"), (21, "21 рану")])
def test_russian_plurals(amount: int, phrase: str) -> None:
    card = make("Пробная", {"type": "concentration",
                            "effect": {"op": "wound", "amount": amount, "target": "opposite"}})
    assert f"нанести {phrase} существу противника" in render_card(card)


# -- keywords and the message table -------------------------------------------------------------------


@pytest.mark.parametrize("key", KEYWORDS)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_keyword_renders(key: str, lang: str) -> None:
    value = 3 if key in NUMERIC_KEYWORDS else 1
    text = render_keywords(make("Пробная", **{key: value}), lang)
    assert text and text[0].isupper() and text.endswith(".")
    assert ("3" in text) == (key in NUMERIC_KEYWORDS)
    granted = make("Пробная", {"type": "grant", "grant": {key: value}, "scope": "self"})
    assert render_card(granted, lang)
    qualified = make("Пробная", {"type": "directed_vs", "vs": {"keyword": key}})
    assert render_card(qualified, lang)


def test_message_tables_match() -> None:
    ru, en = MESSAGES["ru"], MESSAGES["en"]
    assert set(ru) == set(en)
    fields = string.Formatter()
    for key in ru:
        ru_fields = {name for _, name, _, _ in fields.parse(ru[key]) if name}
        en_fields = {name for _, name, _, _ in fields.parse(en[key]) if name}
        assert ru_fields == en_fields, key


def test_every_card_of_the_database_renders() -> None:
    for card in load_all().values():
        assert render_card(card, "ru") == render_card(card, "ru").strip()
        render_card(card, "en")


def test_english_card_text_has_no_russian_but_proper_names() -> None:
    """Card names and classes stay Russian in English text, always in «»; nothing else may."""
    db = load_all()
    proper = {c.name for c in db.values()} | {cls for c in db.values() for cls in c.classes}

    def keep_other(quoted: re.Match[str]) -> str:      # «Герой» stands for the classes starting with it
        inner = quoted.group(1)
        return "" if inner in proper or any(p.startswith(inner) for p in proper) else quoted.group(0)

    for card in db.values():
        text = re.sub(r"«([^«»]*)»", keep_other, render_card(card, "en"))
        assert not re.search("[А-Яа-яЁё]", text), (card.id, text)


def test_render_ability_names_its_index() -> None:
    bad = {"type": "concentration", "effect": {"op": "teleport_home"}}
    card = make("Пробная", {"type": "concentration", "effect": {"op": "destroy", "target": "self"}}, bad)
    assert render_ability(card, card.abilities[0]) == "Концентрация: уничтожить эту карту."
    with pytest.raises(ValueError, match=r"Пробная \(99001\), abilities\[1\]\.effect\.op: unknown effect op"):
        render_ability(card, card.abilities[1])


# -- unknown structure is an error --------------------------------------------------------------------


@pytest.mark.parametrize(("ability", "field"), [
    ({"type": "concentration", "effect": {"op": "explode", "target": "self"}}, r"effect\.op"),
    ({"type": "aura", "amount": 1}, r"\.type"),
    ({"type": "concentration", "effect": {"op": "destroy", "target": "self", "amount": 2}}, "amount"),
    ({"type": "directed_vs", "vs": {"colour": "red"}}, r"vs\.colour"),
    ({"type": "directed_vs", "vs": {"open": True}}, r"vs\.open"),
    ({"type": "directed_vs", "vs": {"status": "frozen"}}, r"vs\.status"),
    ({"type": "grant", "grant": {"flying": 1}, "scope": "self"}, r"grant\.flying"),
    ({"type": "grant", "grant": {"stamina": 2}, "scope": "self"}, r"grant\.stamina"),
    ({"type": "grant", "grant": {"armor": 1}, "scope": "everyone"}, r"\.scope"),
    ({"type": "concentration", "effect": {"op": "no_move", "target": "same"}}, r"effect\.target"),
    ({"type": "concentration", "effect": {"op": "curse", "target": {"side": "enemy", "what": "creature",
                                                                     "near": "throne"}}}, r"target\.near"),
    ({"type": "activated", "timing": "self_attacked", "effect": {"op": "destroy", "target": "self"}}, "timing"),
    ({"type": "trigger", "on": {"event": "moved", "whose": "self", "levels": ["weak"]},
      "effect": {"op": "destroy", "target": "self"}}, "levels"),
    ({"type": "attack_bonus", "amount": 1, "attacks": ["bite"]}, r"attacks\[0\]"),
    ({"type": "activated", "effect": {"op": "attack", "attack": "shot", "damage": [1, 2]}}, "damage"),
])
def test_unknown_structure_raises(ability: dict[str, Any], field: str) -> None:
    card = make("Пробная", ability)
    for lang in ("ru", "en"):
        with pytest.raises(ValueError, match=rf"Пробная \(99001\), abilities\[0\].*{field}"):
            render_card(card, lang)


def test_unknown_keyword_and_language_raise() -> None:
    with pytest.raises(ValueError, match=r"Пробная \(99001\), keywords\.wings"):
        render_card(make("Пробная", wings=1))
    with pytest.raises(ValueError, match="unknown language 'de'"):
        render_card(make("Пробная"), "de")
