"""The seam between the heroes cards and the engine: a card marked implemented uses only ops, trigger events, target
words and conditions the engine runs; the op table and the declared ops agree on names."""

from __future__ import annotations

from berserk_tui.engine.heroes.conditions import CONDITIONS
from berserk_tui.engine.heroes.ops.run import TARGETS
from berserk_tui.engine.heroes.ops.table import OP_HANDLERS, VALUES
from berserk_tui.engine.heroes.triggers import MATCHERS
from cards.heroes.loader import load_heroes
from cards.heroes.terms import op_names, used_by

RUN = {"op": OP_HANDLERS, "event": MATCHERS, "target": TARGETS, "condition": CONDITIONS, "value": VALUES}


def test_every_implemented_card_uses_only_what_the_engine_runs() -> None:
    missing = sorted({f"{card.name}: {family} {name}" for card in load_heroes().values() if card.implemented
                      for family, name in used_by(card.keywords, card.abilities)
                      if family in RUN and name not in RUN[family]})
    assert not missing, missing


def test_every_handled_op_is_a_declared_term() -> None:
    assert set(OP_HANDLERS) <= set(op_names())


def test_a_second_handler_for_an_op_is_refused() -> None:
    from berserk_tui.engine.heroes.ops.table import op
    try:
        op("wound")(lambda *a: None)
    except ValueError as exc:
        assert "wound" in str(exc)
    else:
        raise AssertionError("a second handler of wound was registered")
