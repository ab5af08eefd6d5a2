"""Attack kinds and groups (`atk.KIND.CASE`) and attack levels (`lvl.LEVEL.FORM`) in every case they are said in."""

from __future__ import annotations

from cards.i18n.cases import ATTACK_CASES, LEVEL_FORMS, cased

TEXT = {
    **cased("atk", ATTACK_CASES, {
        "strike": (
            ("простой удар", "простого удара", "простому удару", "простом ударе", "простых ударов"),
            ("simple strike", "simple strike", "simple strike", "simple strike", "simple strikes"),
        ),
        "special_strike": (
            ("особый удар", "особого удара", "особому удару", "особом ударе", "особых ударов"),
            ("special strike", "special strike", "special strike", "special strike", "special strikes"),
        ),
        "magic_strike": (
            ("магический удар", "магического удара", "магическому удару", "магическом ударе", "магических ударов"),
            ("magic strike", "magic strike", "magic strike", "magic strike", "magic strikes"),
        ),
        "shot": (
            ("выстрел", "выстрела", "выстрелу", "выстреле", "выстрелов"),
            ("shot", "shot", "shot", "shot", "shots"),
        ),
        "throw": (
            ("метание", "метания", "метанию", "метании", "метаний"),
            ("throw", "throw", "throw", "throw", "throws"),
        ),
        "discharge": (
            ("разряд", "разряда", "разряду", "разряде", "разрядов"),
            ("discharge", "discharge", "discharge", "discharge", "discharges"),
        ),
        "through_row": (
            ("удар через ряд", "удара через ряд", "удару через ряд", "ударе через ряд", "ударов через ряд"),
            (
                "strike through a row", "strike through a row", "strike through a row", "strike through a row",
                "strikes through a row",
            ),
        ),
        "nonmagic": (
            (
                "немагические атаки", "немагических атак", "немагическим атакам", "немагических атаках",
                "немагических атак",
            ),
            ("non-magic attacks", "non-magic attacks", "non-magic attacks", "non-magic attack", "non-magic attacks"),
        ),
        "magic": (
            ("магические атаки", "магических атак", "магическим атакам", "магических атаках", "магических атак"),
            ("magic attacks", "magic attacks", "magic attacks", "magic attack", "magic attacks"),
        ),
        "ranged": (
            ("дальние атаки", "дальних атак", "дальним атакам", "дальних атаках", "дальних атак"),
            ("ranged attacks", "ranged attacks", "ranged attacks", "ranged attack", "ranged attacks"),
        ),
        "melee": (
            ("ближние атаки", "ближних атак", "ближним атакам", "ближних атаках", "ближних атак"),
            ("melee attacks", "melee attacks", "melee attacks", "melee attack", "melee attacks"),
        ),
        "all": (
            ("все атаки", "всех атак", "всем атакам", "всех атаках", "всех атак"),
            ("all attacks", "all attacks", "all attacks", "attack", "all attacks"),
        ),

    }),
    **cased("lvl", LEVEL_FORMS, {
        "weak": (("слабому", "слабым", "слабом", "слабых", "слабыми", "слабых", "слабых"), "weak"),
        "medium": (("среднему", "средним", "среднем", "средних", "средними", "средних", "средних"), "medium"),
        "strong": (("сильному", "сильным", "сильном", "сильных", "сильными", "сильных", "сильных"), "strong"),
    }),
}
