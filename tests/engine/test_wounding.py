"""`damage.wounding` predicts what `wound` deals: the wounds that land and what armor or stamina stops."""

from __future__ import annotations

import pytest

from berserk_tui.engine.core import Events
from berserk_tui.engine.damage import ARMORED, wound, wounding
from cards.schema import ATTACK_KINDS
from tests.engine.strike_play import board, card


@pytest.mark.parametrize("kind", [*ATTACK_KINDS, "effect", "poison"])
@pytest.mark.parametrize("name", ["Храмовник", "Рогач"])      # Броня 1; стойкость
def test_wound_deals_what_wounding_says(name: str, kind: str) -> None:
    state, labels = board(card("Лирайн", 0, "c3", "A"), card(name, 1, "c4", "T"))
    a, t = labels["A"], labels["T"]
    for amount in (0, 2, 1, 2):              # armor stops one wound a turn: the first hit uses it up
        w = wounding(state, t, amount, a, kind)
        before, ev = state.cards[t].wounds, Events()
        assert wound(state, t, amount, a, kind, ev) == w.landed
        assert state.cards[t].wounds - before == w.landed
        assert sum(e.data["amount"] for e in ev if e.kind == "prevented") == w.prevented
        assert w.landed + w.prevented == amount
    assert state.cards[t].armor_used == (1 if name == "Храмовник" and kind in ARMORED else 0)
