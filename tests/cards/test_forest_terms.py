"""Loader errors of the terms of set 10's forests (issue 38): a bad value names the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.loader import CardDataError, load_set
from tests.cards.test_loader import EFFECT, GOOD_CARD, write_set


@pytest.mark.parametrize(
    ("new", "field", "words"),
    [
        ('effect = { op = "cell_marker", name = "bloom", area = "square" }', "abilities[0].effect.area",
         "unknown value 'square'"),
        ('effect = { op = "cell_marker", name = "bloom", half = "enemy" }', "abilities[0].effect.half",
         "only with area = \"row\""),
        ('effect = { op = "cell_marker", name = "bloom", area = "line" }', "abilities[0].effect.count",
         "area = \"line\" takes a count"),
        ('effect = { op = "heal", amount = "opposite", target = "self" }', "abilities[0].effect.amount",
         "'opposite'"),
        ('effect = { op = "attack", attack = "shot", damage = "own_lives" }', "abilities[0].effect.damage",
         "'own_lives'"),
        ('effect = { op = "attack", attack = "shot", damage = [1, 1, 1], ignore_abilities = false }',
         "abilities[0].effect.ignore_abilities", "only true is meaningful"),
        ('effect = { op = "finish", amount = "poisoned_near", plus = 0, target = "attacked" }',
         "abilities[0].effect.plus", "expected an integer >= 1"),
        ('effect = { op = "heal", amount = 1, target = { side = "own", what = "creature", '
         'up_to_own = { colour = 1 } } }',
         "abilities[0].effect.target.up_to_own.colour", "unknown condition"),
    ],
)
def test_bad_forest_fields_are_named(tmp_path: Path, new: str, field: str, words: str) -> None:
    path = write_set(tmp_path, GOOD_CARD.replace(EFFECT, new, 1))
    with pytest.raises(CardDataError) as err:
        load_set(path)
    message = str(err.value)
    assert f" {field}: " in message and words in message, message


@pytest.mark.parametrize(
    ("ability", "field", "words"),
    [
        ('type = "ranged_lure"\nattacks = ["arrows"]', "abilities[1].attacks", "unknown attack 'arrows'"),
        ('type = "ranged_lure"\nwhile = { around = { side = "both" } }', "abilities[1].while.around.side",
         "unknown value 'both'"),
        ('type = "ranged_lure"\nwhile = { around = { side = "own", min = 0 } }', "abilities[1].while.around.min",
         "expected an integer >= 1"),
        ('type = "no_strike"\nexcept_opposite = 1', "abilities[1].except_opposite", "expected true or false"),
        ('type = "chain_opens"\nactions = ["strike", "dance"]\nper_turn = 2', "abilities[1].actions",
         "unknown value 'dance'"),
        ('type = "chain_opens"\nactions = ["strike"]', "abilities[1].per_turn", "missing field"),
        ('type = "marker_rules"\nmarker = "web"\nrestricts = ["no_fly"]', "abilities[1].restricts",
         "unknown value 'no_fly'"),
        ('type = "marker_rules"\nmarker = "net"', "abilities[1].marker", "unknown marker 'net'"),
    ],
)
def test_bad_forest_statics_are_named(tmp_path: Path, ability: str, field: str, words: str) -> None:
    body = GOOD_CARD.replace('type = "attack_bonus"', ability, 1)
    body = body.split(ability, 1)[0] + ability + "\n"
    path = write_set(tmp_path, body)
    with pytest.raises(CardDataError) as err:
        load_set(path)
    message = str(err.value)
    assert f" {field}: " in message and words in message, message
