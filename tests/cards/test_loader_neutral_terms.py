"""Loader errors for the fields of the terms the neutral cards of set 10 added (die rolls, purchase, deployment)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.loader import CardDataError, load_set
from tests.cards.test_loader import GOOD_CARD, write_set

TRIGGER = 'type = "trigger"\non = { event = "attacked", by = "self", attacks = ["strike"], levels = ["strong"] }\n'
INSTANT = 'type = "activated"\ninstant = true\ntap = true\n'
EFFECT = 'effect = { op = "attack", attack = "shot", damage = [1, 1, 1] }'


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        (TRIGGER, INSTANT + 'timing = "die_rolled"\nrolled = [7]\n', "abilities[0].rolled", "a die face is 1 to 6"),
        (TRIGGER, INSTANT + 'rolled = [1]\n', "abilities[0].rolled", "only with timing"),
        (TRIGGER, INSTANT + 'timing = "die_rolled"\nrolled = [0]\n', "abilities[0].rolled",
         "expected an integer >= 1"),
        (EFFECT, 'effect = { op = "modify_roll", by = 0 }', "abilities[0].effect.by", "not 0"),
        (EFFECT, 'effect = { op = "modify_roll", by = 9 }', "abilities[0].effect.by", "from -6 to 6"),
        ('type = "attack_bonus"', 'type = "roll_bonus"\nvs = 3', "abilities[1].vs", "expected"),
        ('type = "attack_bonus"\namount = 1', 'type = "roll_bonus"\namount = 0', "abilities[1].amount",
         "expected an integer >= 1"),
        ('type = "attack_bonus"\namount = 1', 'type = "attack_bonus"\nwhile = { column = "middle" }\namount = 1',
         "abilities[1].while.column", "middle"),
        ('type = "attack_bonus"\namount = 1\nattacks = ["strike", "ranged"]',
         'type = "range_bonus"\namount = 1\nattacks = ["shot"]\nscope = "column"\nvs = { kind = "creature" }',
         "abilities[1].vs", "not with scope = column"),
        (EFFECT, 'effect = { op = "by_roll", target = "self", cases = [{ from = 1, to = 4, then = ' + EFFECT[9:]
         + ' }, { from = 3, to = 6, then = ' + EFFECT[9:] + ' }] }', "abilities[0].effect.cases", "each once"),
        (EFFECT, 'effect = { op = "by_roll", target = "self", at_least = 4 }', "abilities[0].effect.high",
         "missing field"),
        (TRIGGER, TRIGGER + 'tap = true\n', "abilities[0].tap", "only for an optional ability"),
        ('type = "attack_bonus"\namount = 1\nattacks = ["strike", "ranged"]',
         'type = "purchase_gain"\ngold = 1\nmax = 3', "abilities[1]", "max and of go together"),
        ('type = "attack_bonus"\namount = 1\nattacks = ["strike", "ranged"]',
         'type = "before_purchase"\npeek_discount = 1', "abilities[1].peek_discount", "needs peek"),
        ('type = "attack_bonus"\namount = 1\nattacks = ["strike", "ranged"]',
         'type = "before_purchase"\npeek = 0', "abilities[1].peek", "expected an integer >= 1"),
        ('type = "attack_bonus"\namount = 1\nattacks = ["strike", "ranged"]',
         'type = "before_purchase"\npeek = 2\nwith = { elite = true }', "abilities[1].peek", "do not go together"),
    ],
)
def test_malformed_neutral_terms_name_the_field(tmp_path: Path, old: str, new: str, field: str, words: str) -> None:
    assert old in GOOD_CARD
    path = write_set(tmp_path, GOOD_CARD.replace(old, new, 1))
    with pytest.raises(CardDataError) as err:
        load_set(path)
    assert f" {field}: " in str(err.value) and words in str(err.value)
