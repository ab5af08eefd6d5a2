"""Events carry the cells of the cards they name (`core.stamp_cells`: an `at` field), so the log still says
where a card stood after it moved or died; the stamps change nothing else in the engine."""

from __future__ import annotations

import pytest

from berserk_tui.bot import RandomBot
from berserk_tui.describe import Describer
from berserk_tui.engine import CHANCE, Event, Game, Rules, apply, core, rules, view
from berserk_tui.engine import actions as act
from berserk_tui.engine.geometry import CLASSIC_BOARD
from berserk_tui.engine.rng import SeededSource
from berserk_tui.sim import deck_pair
from cards.decks import RECORDED_SETS, builtin_decks
from tests.engine.strike_play import DB, board, card


def killing_strike() -> tuple[list[Event], dict[str, int], Describer]:
    """Гиртан (c3) strikes the closed Лирайн (c4) with one life left: a 6, a strong hit, Лирайн dies. The events,
    the labels and a describer of seat 0's view after the strike (as the app writes its log)."""
    state, cards = board(card("Гиртан", 0, "c3", "A"), card("Лирайн", 1, "c4", "T", wounds=5, closed=True),
                         card("Гиртан", 1, "e6", "F"))
    events = apply(state, act.Strike(cards["A"], cards["T"]))
    while state.pending.player == CHANCE or state.pending.kind == "respond":
        events += apply(state, act.Roll(6) if state.pending.player == CHANCE else act.Pass())
    assert state.cards[cards["T"]].zone == "grave"
    return events, cards, Describer(view(state, 0), "ru")


def test_every_event_names_the_cells_of_its_cards() -> None:
    events, cards, _ = killing_strike()
    c3, c4 = CLASSIC_BOARD.parse_cell("c3"), CLASSIC_BOARD.parse_cell("c4")
    assert all("at" in e.data for e in events)
    hit = next(e for e in events if e.kind == "hit")
    assert hit.data["at"] == {"uid": c3, "target": c4}
    wounded = next(e for e in events if e.kind == "wounded")
    assert wounded.data["at"] == {"uid": c4, "source": c3}
    died = next(e for e in events if e.kind == "died")
    assert died.data["uid"] == cards["T"] and died.data["at"] == {"uid": c4}


def test_the_log_of_a_strike_that_killed_still_says_where_the_target_was() -> None:
    events, _, say = killing_strike()
    lines = {e.kind: say.event(e) for e in events}
    assert "Лирайн (c4)" in lines["declared"]
    assert lines["hit"] == "Гиртан (c3) → Лирайн (c4): сильный"
    assert lines["died"] == "Лирайн (c4) погибает"


def test_each_step_of_a_move_is_stamped_where_it_left_the_card() -> None:
    """Ельховик steps c3 → c2 → b2: the first step's event keeps c2 after the second step."""
    state, cards = board(card("Ельховик", 0, "c3", "L"), card("Гиртан", 1, "e6", "F"))
    first = apply(state, act.Move(cards["L"], CLASSIC_BOARD.parse_cell("c2")))
    second = apply(state, act.Move(cards["L"], CLASSIC_BOARD.parse_cell("b2")))
    assert [e.data["at"] for e in first + second if e.kind == "moved"] == [{"uid": CLASSIC_BOARD.parse_cell("c2")},
                                                                           {"uid": CLASSIC_BOARD.parse_cell("b2")}]


def played(seed: int) -> list[tuple[str, list[tuple[str, dict]]]]:
    """A random game of the shipped decks: after each action, the state hash and the events without stamps."""
    decks = [list(d.cards) for d in builtin_decks(DB, RECORDED_SETS)]
    game = Game.start(DB, deck_pair(decks, seed), SeededSource(seed), Rules(turn_limit=30))
    bots = (RandomBot(seed), RandomBot(seed + 100))
    out = []
    while not game.over:
        events = game.step(bots[game.state.pending.player](game.state, game.legal_actions()))
        out.append((game.state.state_hash(), [(e.kind, {k: v for k, v in e.data.items() if k != "at"})
                                              for e in events]))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_stamps_change_no_state_and_no_other_event_data(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    stamped = played(seed)
    monkeypatch.setattr(core, "stamp_cells", lambda *_: None)
    monkeypatch.setattr(rules, "stamp_cells", lambda *_: None)
    plain = played(seed)
    assert len(stamped) > 20
    assert stamped == plain
