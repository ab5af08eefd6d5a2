"""The trigger dispatcher and the event record: who hears an event, gained triggers, the encoding of events."""

from __future__ import annotations

import re
from pathlib import Path

import msgpack
import pytest

from berserk_tui.engine import GameState
from berserk_tui.engine.dispatch import dispatch
from berserk_tui.engine.events import EXT_CODE, GameEvent, card
from berserk_tui.engine.ops.status import op_gain
from berserk_tui.scenario.build import Scenario, build
from cards.loader import CardDB, load_all, load_set

DB = load_all()
ENGINE = Path(__file__).parents[2] / "berserk_tui" / "engine"
TEST_CARDS = Path(__file__).parents[1] / "keywords" / "test_cards.toml"
TURN_STARTED = GameEvent("turn_started")


def battle(*cards: dict, db: CardDB = DB, **setup: object) -> GameState:
    """A battle with `cards` ([[card]] tables of a scenario) at the first player's main decision."""
    return build(Scenario("test", "", [], {"first": 0, **setup}, list(cards), [], []), db).state


def test_an_opponents_turn_start_is_heard_by_a_face_up_card_only() -> None:
    state = battle({"card": "Хаосит", "owner": 1, "cell": "c4"}, {"card": "Лирайн", "owner": 0, "cell": "c2"})
    chaos = state.cards[0]
    index = next(i for i, ab in enumerate(state.cdef(0).abilities) if ab["type"] == "trigger")
    assert dispatch(state, TURN_STARTED, "opponent", [chaos]) == [("trigger", 0, index, TURN_STARTED)]
    assert dispatch(state, TURN_STARTED, "own", [chaos]) == []       # another listening group
    chaos.face_down = True
    assert dispatch(state, TURN_STARTED, "opponent", [chaos]) == []


def test_a_gained_trigger_is_heard_after_the_printed_ones() -> None:
    db = CardDB({**{sid: (name, list(cards)) for sid, (name, cards) in DB.sets().items()},
                 99: ("Тестовые карты", load_set(TEST_CARDS))})
    state = battle({"card": "Тест: наставник", "owner": 0, "cell": "c2"}, {"card": "Лирайн", "owner": 0, "cell": "c3"},
                   {"card": "Лирайн", "owner": 1, "cell": "c5"}, db=db)
    moved = GameEvent("moved", subject=1, from_cell=7, cell=12, cause="step")
    assert dispatch(state, moved, "self", [state.cards[1]]) == []
    teach = next(ab for ab in state.cdef(0).abilities if ab.get("id") == "teach_stride")    # gain «каждый раз, …»
    op_gain(state, [], 0, teach, teach["effect"], 1, None)
    printed = len(state.cdef(1).abilities)
    assert dispatch(state, moved, "self", [state.cards[1]]) == [("trigger", 1, printed, moved)]
    assert dispatch(state, moved, "beside", [state.cards[1]]) == []


def test_target_words_name_the_cards_of_the_event() -> None:
    death = GameEvent("died", subject=3, actor=5, cell=12)
    assert (card(death, "dead"), card(death, "killer"), card(death, "attacked")) == (3, 5, -1)
    hit = GameEvent("attacked", subject=4, actor=1)
    assert (card(hit, "attacked"), card(hit, "attacker"), card(hit, "mover")) == (4, 1, 1)
    assert card(None, "mover") == -1 and card(GameEvent("died", subject=3), "killer") == -1


def test_a_pending_trigger_target_keeps_its_event_through_the_encoding() -> None:
    state = battle({"card": "Локи", "owner": 0, "cell": "c3"}, {"card": "Лирайн", "owner": 1, "cell": "c4"},
                   turn=3, start_turn=True)
    assert state.pending.kind == "target"
    event = state.pending.data.ctx
    assert isinstance(event, GameEvent) and event.kind == "turn_started"
    back = GameState.from_bytes(state.to_bytes(), DB)
    assert back.pending.data.ctx == event and isinstance(back.pending.data.ctx, GameEvent)
    assert back.state_hash() == state.state_hash()


@pytest.mark.parametrize("ext", [
    msgpack.ExtType(EXT_CODE, msgpack.packb(["no_such_kind"])),
    msgpack.ExtType(EXT_CODE, msgpack.packb(["died", [1, 2]])),
    msgpack.ExtType(EXT_CODE, msgpack.packb(["died", *[None] * 13])),
    msgpack.ExtType(EXT_CODE + 1, b""),
])
def test_a_malformed_event_is_refused(ext: msgpack.ExtType) -> None:
    state = battle({"card": "Лирайн", "owner": 0, "cell": "c3"}, {"card": "Лирайн", "owner": 1, "cell": "c4"})
    raw = state.to_list()
    raw[9] = [["trigger", 0, 0, ext]]          # tasks
    with pytest.raises(ValueError):
        GameState.from_bytes(msgpack.packb(raw, use_bin_type=True), DB)


def test_only_the_dispatcher_reads_a_triggers_on() -> None:
    readers = [path.name for path in sorted(ENGINE.glob("*.py"))
               if re.search(r"""\[["']on["']\]|\.get\(["']on["']""", path.read_text(encoding="utf-8"))]
    assert readers == ["dispatch.py"]
