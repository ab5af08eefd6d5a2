"""The loader's errors for the fields added for the Steppes of set 10 (issue 38): each names the field."""

from __future__ import annotations

from typing import Any

import pytest

from cards.terms import check_ability
from cards.terms.model import TermError

ACT = {"type": "activated", "tap": True, "kind": "effect"}
BAD: list[tuple[dict[str, Any], str]] = [
    ({"type": "attack_bonus", "amount": 1, "per": 2, "attacks": ["shot"]}, "ab.per"),
    ({"type": "attack_bonus", "amount": "chips", "per": 0, "attacks": ["shot"]}, "ab.per"),
    ({"type": "chip_cap", "amount": 0}, "ab.amount"),
    ({"type": "chip_cap", "amount": 2, "foreign": "no"}, "ab.foreign"),
    ({**ACT, "chips": "Y", "effect": {"op": "chip", "amount": 1, "target": "self"}}, "ab.chips"),
    ({**ACT, "effect": {"op": "lose_chips", "amount": "some", "target": "self"}}, "ab.effect.amount"),
    ({**ACT, "effect": {"op": "buff", "grant": {"strike": 1}, "until": "end_of_turn", "turns": 2,
                        "target": "self"}}, "ab.effect.turns"),
    ({"type": "grant", "grant": {"ova": 1}, "scope": "self", "while": {"moved": {"path": "zigzag"}}},
     "ab.while.moved.path"),
    ({"type": "attack_reduction", "amount": 1, "attacks": ["shot"], "filter": {"element": "steppe"}}, "ab.filter"),
    ({"type": "struck_level", "level": "weak", "scope": "around"}, "ab.scope"),
    ({"type": "attack_immunity", "levels": ["tiny"]}, "ab.levels"),
    ({**ACT, "instant": True, "timing": "own_attacked", "effect": {"op": "set_attack", "to": 1, "minus": 1}},
     "ab.effect"),
    ({**ACT, "attacks": ["melee"], "effect": {"op": "set_attack", "to": 1}}, "ab.attacks"),
    ({**ACT, "effect": {"op": "wound", "amount": 1, "target": {"side": "any", "what": "creature",
                                                                "formation": "all"}}}, "ab.effect.target.formation"),
    ({"type": "grant", "grant": {"ova": 1}, "scope": "self", "while": {"formation_with": {"min": 0}}},
     "ab.while.formation_with.min"),
    ({**ACT, "per_turn": 1, "effect": {"op": "chip", "amount": 1, "target": "self"}}, "ab.per_turn"),
    ({**ACT, "effect": {"op": "land", "where": "anywhere", "target": "self"}}, "ab.effect.where"),
    ({**ACT, "effect": {"op": "show_gain", "card": {"kind": "creature"}, "trigger": {"event": "nope"}}},
     "ab.effect.trigger.event"),
]


@pytest.mark.parametrize(("ab", "path"), BAD)
def test_a_bad_value_names_its_field(ab: dict[str, Any], path: str) -> None:
    with pytest.raises(TermError) as err:
        check_ability(ab, "ab")
    assert err.value.path == path, str(err.value)
