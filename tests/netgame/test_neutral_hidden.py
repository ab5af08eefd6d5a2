"""Hidden information of the set-10 neutral cards in a network game: what a seat's view shows of them, and the
engine that cannot see the owner's deck following the owner in lockstep (`scry`, Ведунья Ордена)."""

from __future__ import annotations

from pathlib import Path

from berserk_tui.describe import Describer
from berserk_tui.engine import apply, legal_actions, public_view, view
from berserk_tui.scenario.build import build, load_scenario
from berserk_tui.scenario.commands import parse_command

from .duel import DB
from .test_deck_hidden import _hide_deck, _settle

NEUTRAL = Path(__file__).parents[1] / "scenarios" / "set10" / "neutral"


def test_scry_keeps_the_deck_hidden_and_the_blind_engine_in_lockstep() -> None:
    scn = load_scenario(NEUTRAL / "vedunya_ordena_scry.toml")
    built = build(scn, DB)
    truth, labels = built.state, built.labels
    blind = _hide_deck(truth, 0)
    saw_scry = False
    for step in scn.steps:
        action = parse_command(truth, labels, step["do"])
        assert truth.pending == blind.pending
        if truth.pending.kind == "scry":
            saw_scry = True
            assert legal_actions(truth) == legal_actions(blind)        # asked on public facts only
            mine, theirs = view(truth, 0), view(truth, 1)
            top = [DB.cards[c].name for c in mine.players[0].deck[:3]]
            assert top == ["Горбун", "Стиградор", "Лирайн"]              # the owner sees the cards he looks at
            assert set(theirs.players[0].deck) == {None}                  # the opponent sees none of them
            assert "Стиградор" in Describer(mine, "ru").decision()
            assert "Стиградор" not in Describer(theirs, "ru").decision()
        for state in (truth, blind):
            apply(state, action)
            _settle(state, list(step.get("dice", [])))
        assert public_view(truth).state_hash() == public_view(blind).state_hash(), step["do"]
    assert saw_scry
    assert [DB.cards[c].name for c in truth.players[0].deck][:2] == ["Лирайн", "Горбун"]
    assert sorted(view(truth, 0).players[0].deck) == list(view(truth, 0).players[0].deck)   # order hidden again
