"""A game is a definition: its rulebook belongs to it, so two rule sets live in one process side by side.

The variant here changes one task of the classic rules (no dice for the order: seat 2 chooses) and adds a
task of its own; games of both definitions are played interleaved, each by its own rules."""

from __future__ import annotations

import random

import pytest

from berserk_tui.engine import GameState, Rules
from berserk_tui.engine.core import Events, ask
from berserk_tui.engine.gamedef import GameDef
from berserk_tui.engine.rng import SeededSource
from berserk_tui.engine.rulebook import CLASSIC_RULEBOOK
from berserk_tui.engine.setup import ChooseOrderDecision, order_roll
from berserk_tui.games.classic import CLASSIC, Classic
from berserk_tui.netgame import FairPeer
from berserk_tui.netgame.wire import SCHEMA
from berserk_tui.scenario.build import Scenario, build
from berserk_tui.sim import deck_pair
from cards.decks import RECORDED_SETS, builtin_decks
from tests.engine.strike_play import DB

VARIANT_BOOK = CLASSIC_RULEBOOK.derive("seat-2-chooses")


@VARIANT_BOOK.task("order_roll")
def seat_two_chooses(state: GameState, ev: Events) -> None:
    """No order roll: the second seat chooses who goes first."""
    ask(state, 1, ChooseOrderDecision())


@VARIANT_BOOK.task("unused")
def unused(state: GameState, ev: Events) -> None:
    """A task only the variant knows."""


VARIANT = Classic("seat-2-chooses", VARIANT_BOOK)
DECKS = [list(d.cards) for d in builtin_decks(DB, RECORDED_SETS)]


def test_both_definitions_are_game_definitions_with_their_own_registries() -> None:
    assert isinstance(CLASSIC, GameDef) and isinstance(VARIANT, GameDef)
    assert CLASSIC.rulebook is CLASSIC_RULEBOOK and VARIANT.rulebook is VARIANT_BOOK
    assert CLASSIC_RULEBOOK.tasks["order_roll"] is order_roll          # the variant changed only its own
    assert VARIANT_BOOK.tasks["order_roll"] is seat_two_chooses
    assert "unused" in VARIANT_BOOK.tasks and "unused" not in CLASSIC_RULEBOOK.tasks
    assert VARIANT_BOOK.legal == CLASSIC_RULEBOOK.legal and VARIANT_BOOK.apply == CLASSIC_RULEBOOK.apply


def test_a_game_follows_the_rulebook_of_its_definition() -> None:
    decks = deck_pair(DECKS, 0)
    classic, _ = CLASSIC.new_game(DB, decks)
    variant, _ = VARIANT.new_game(DB, decks, Rules(turn_limit=30))
    assert (classic.pending.player, classic.pending.kind) == (-1, "roll")
    assert (variant.pending.player, variant.pending.kind) == (1, "choose_order")
    assert variant.rules.turn_limit == 30 and variant.rules.rulebook is VARIANT_BOOK
    assert variant.clone().rules.rulebook is VARIANT_BOOK
    back = GameState.from_bytes(variant.to_bytes(), DB, VARIANT_BOOK)
    assert back.rules.rulebook is VARIANT_BOOK and back.state_hash() == variant.state_hash()
    assert variant.state_hash() != CLASSIC.new_game(DB, decks, Rules(turn_limit=30))[0].state_hash()
    with pytest.raises(ValueError, match="rule set 'seat-2-chooses', read with 'classic'"):
        GameState.from_bytes(variant.to_bytes(), DB)      # a state names its rule set; a reader must match it


def test_games_of_two_definitions_play_interleaved_to_their_ends() -> None:
    """Random legal play, one action of each game in turn: neither game sees the other's rules."""
    games = [game_def.start(DB, deck_pair(DECKS, 1), SeededSource(7), Rules(turn_limit=12))
             for game_def in (CLASSIC, VARIANT)]
    picks = random.Random(3)
    while not all(game.over for game in games):
        for game in games:
            if not game.over:
                game.step(picks.choice(game.legal_actions()))
    assert games[0].state.first in (0, 1) and games[1].state.first in (0, 1)
    assert any(e.kind == "order_roll" for e in games[0].log)         # the classic game rolled for the order
    assert not any(e.kind == "order_roll" for e in games[1].log)     # the variant never did
    assert all(game.state.turn >= 1 for game in games)


def test_a_scenario_of_a_definition_is_built_with_its_rulebook() -> None:
    scenario = Scenario("variant", "", [], {"first": 0}, [{"card": "Лирайн", "owner": 0, "cell": "c3"}], [], [])
    assert build(scenario, DB, VARIANT).state.rules.rulebook is VARIANT_BOOK
    assert build(scenario, DB).state.rules.rulebook is CLASSIC_RULEBOOK


def test_the_classic_definition_offers_its_words_screens_bots_and_secrets() -> None:
    game = CLASSIC.start(DB, deck_pair(DECKS, 2), SeededSource(5), Rules(turn_limit=6))
    assert CLASSIC.chance_outcomes(game.state) == [] and game.state.pending.kind == "choose_order"
    picks = random.Random(5)
    phases = {game.state.phase}
    while not game.over:
        game.step(picks.choice(game.legal_actions()))
        phases.add(game.state.phase)
    assert phases <= set(CLASSIC.screens) and CLASSIC.screens["over"] == "game_over"
    say = CLASSIC.describer(CLASSIC.view(game.state, 0), "en", {0: "you", 1: "bot"})
    assert any(say.event(e) for e in game.log) and say.decision() is not None
    score = CLASSIC.evaluate(game.state, 0)
    assert score == 0.0 if game.state.winner == 2 else abs(score) == 1000.0
    assert CLASSIC.state_hash(game.state) == game.state.state_hash()
    assert CLASSIC.public_view(game.state).state_hash() == CLASSIC.public_view(CLASSIC.view(game.state, 1)).state_hash()
    assert sorted(CLASSIC.agents) == ["greedy", "random", "strong"]
    assert CLASSIC.secrets is FairPeer and FairPeer.SCHEMA is SCHEMA     # its network games' secrets policy
