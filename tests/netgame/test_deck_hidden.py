"""Deck cards in a network game: the engine that cannot see the owner's deck takes the owner's word for
the card summoned or shown (`FromDeck`), stays in lockstep, and the full engine refuses a card that is
not there (so the final full-information replay catches a lie)."""

from __future__ import annotations

from pathlib import Path

import pytest

from berserk_tui.engine import CHANCE, GameState, IllegalAction, apply, legal_actions, public_view
from berserk_tui.engine.actions import FromDeck, Roll, Shuffle
from berserk_tui.scenario.build import build, load_scenario
from berserk_tui.scenario.commands import parse_command

from .duel import DB

CARDS = Path(__file__).parents[1] / "scenarios" / "cards"
FILES = ["stigrador_kill_puts_stigrador_in_grave", "stigrador_kill_no_stigrador_in_deck",
         "ancient_ghoul_death_summons_bats", "dragon_egg_hatches_dragon", "mika_possession_summons_dark_demon",
         "poison_bearer_prophecy_odd_even", "slowpoke_prophecy_summons_companion",
         "tactician_ihve_stacks_shown_card"]


DECK_DECISIONS = ("summon", "prophecy", "stack_deck")


def _hide_deck(state: GameState, seat: int) -> GameState:
    """The same position as the opponent's engine holds it: `seat`'s deck unknown."""
    twin = state.clone()
    twin.players[seat].deck = (None,) * len(state.players[seat].deck)
    return twin


def _settle(state: GameState, dice: list[int]) -> None:
    while state.pending.player == CHANCE:
        apply(state, Shuffle(0) if state.pending.kind == "shuffle" else Roll(dice.pop(0)))


@pytest.mark.parametrize("name", FILES)
def test_the_engine_without_the_deck_follows_the_owner_in_lockstep(name: str) -> None:
    scn = load_scenario(CARDS / f"{name}.toml")
    built = build(scn, DB)
    truth, labels = built.state, built.labels
    owner = 0                     # every one of these scenarios takes from seat 0's deck
    blind = _hide_deck(truth, owner)
    took = 0
    for step in scn.steps:
        if "do" not in step or step.get("illegal"):
            continue
        action = parse_command(truth, labels, step["do"])
        assert truth.pending == blind.pending      # the same decisions are asked, deck or no deck
        if truth.pending.kind in DECK_DECISIONS:
            assert set(legal_actions(truth)) <= set(legal_actions(blind))
            took += 1
        for state in (truth, blind):
            apply(state, action)
        assert public_view(truth).state_hash() == public_view(blind).state_hash(), step["do"]   # at a chance node
        for state in (truth, blind):
            _settle(state, list(step.get("dice", [])))
        assert public_view(truth).state_hash() == public_view(blind).state_hash(), step["do"]
        assert len(truth.players[owner].deck) == len(blind.players[owner].deck)
    assert took


def test_a_card_that_is_not_in_the_deck_is_refused_by_the_full_engine() -> None:
    built = build(load_scenario(CARDS / "poison_bearer_prophecy_odd_even.toml"), DB)
    truth, labels = built.state, built.labels
    apply(truth, parse_command(truth, labels, "use N prophecy L"))
    blind = _hide_deck(truth, 0)
    lie = FromDeck(DB.find("Стиградор").id)          # the top card is Лирайн: Стиградор would curse
    apply(blind, lie)                                   # the blind engine cannot tell ...
    with pytest.raises(IllegalAction):
        apply(truth, lie)                               # ... the replay with the real deck can
