"""A small card database for the heroes engine's unit tests: two heroes, vanilla creatures, a Рывок creature, a
spell with a chosen target, equipment of one kind, two events, a creature with a start-of-turn trigger and one
with a «каждый раз» trigger."""

from __future__ import annotations

from typing import Any

from cards.heroes.schema import HeroCardDef


def _card(cid: str, number: int, name: str, kind: str, cost: int = 0, attack: int = 0, health: int = 0,
          keywords: dict[str, int] | None = None, abilities: tuple[dict[str, Any], ...] = (), subtype: str = "",
          elements: tuple[str, ...] = ("swamp",)) -> HeroCardDef:
    return HeroCardDef(id=cid, set=99, number=number, name=name, type=kind, subtype=subtype, elements=elements,
                       cost=cost, attack=attack, health=health, keywords=keywords or {}, abilities=abilities,
                       implemented=True)


WOUND_ANY = ({"type": "spell", "effect": {"op": "wound", "target": "character", "amount": 2}},)
START_DRAW = ({"type": "trigger", "on": {"event": "turn_started", "whose": "own"}, "effect": {"op": "draw",
                                                                                              "amount": 1}},)
ON_DRAW_HEAL = ({"type": "trigger", "on": {"event": "card_drawn", "who": "own"},
                 "effect": {"op": "heal", "target": "own_hero", "amount": 1}},)
EVERY_PLAY = ({"type": "trigger", "on": {"event": "card_played", "who": "enemy"}, "every": True,
               "effect": {"op": "wound", "target": "self", "amount": 1}},)
ONCE_PLAY = ({"type": "trigger", "on": {"event": "card_played", "who": "enemy"},
              "effect": {"op": "wound", "target": "self", "amount": 1}},)
ENEMY_START = ({"type": "trigger", "on": {"event": "turn_started", "whose": "enemy"},
                "effect": {"op": "wound", "target": "enemy_hero", "amount": 1}},)
DEATH_DRAW = ({"type": "trigger", "on": {"event": "died"}, "effect": {"op": "draw", "amount": 1}},)

CARDS = [
    _card("t01", 1, "Герой А", "hero", health=20),
    _card("t02", 2, "Герой Б", "hero", health=20),
    _card("t03", 3, "Крыса", "creature", 1, 1, 2),
    _card("t04", 4, "Волк", "creature", 2, 3, 2),
    _card("t05", 5, "Медведь", "creature", 4, 4, 5),
    _card("t06", 6, "Гонец", "creature", 2, 2, 1, {"dash": 1}),
    _card("t07", 7, "Молния", "spell", 1, abilities=WOUND_ANY),
    _card("t08", 8, "Меч", "equipment", 1, subtype="weapon"),
    _card("t09", 9, "Топор", "equipment", 1, subtype="weapon"),
    _card("t10", 10, "Щит", "equipment", 1, subtype="armor"),
    _card("t11", 11, "Ярмарка", "event", 1),
    _card("t12", 12, "Праздник", "event", 1),
    _card("t13", 13, "Книжник", "creature", 2, 1, 3, abilities=START_DRAW),
    _card("t14", 14, "Слушатель", "creature", 2, 2, 4, abilities=EVERY_PLAY),
    _card("t15", 15, "Сторож", "creature", 2, 2, 4, abilities=ONCE_PLAY),
    _card("t16", 16, "Жертва", "creature", 1, 1, 1, abilities=DEATH_DRAW),
    _card("t17", 17, "Лекарь", "creature", 2, 1, 3, abilities=ON_DRAW_HEAL),
    _card("t18", 18, "Таран", "creature", 3, 3, 3, {"directed": 1}),
    _card("t19", 19, "Ветеран", "creature", 3, 3, 3, {"ova": 1, "ovz": 1}),
    _card("t20", 20, "Дозорный", "creature", 2, 1, 3, abilities=ENEMY_START),
]
DB: dict[str, HeroCardDef] = {c.id: c for c in CARDS}


def deck(hero: str = "t01") -> list[str]:
    """A hero and 40 cards of the fixture (3 of each, 4 of the rats)."""
    body = [cid for cid in DB if DB[cid].type != "hero" for _ in range(3)]
    return [hero, *(body + ["t03"] * 40)[:40]]
