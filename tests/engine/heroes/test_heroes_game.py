"""`HEROES` as a game definition: registered, played by the simulator and its bots end to end, played in the app
and refused clearly by the network until it carries it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from berserk_tui import games
from berserk_tui.cli import main
from berserk_tui.engine.gamedef import GameDef
from berserk_tui.engine.rng import SeededSource
from berserk_tui.games.heroes import DECK_SIZE, HEROES, random_deck
from berserk_tui.sim import play_game, simulate


def test_heroes_is_a_registered_game_definition() -> None:
    assert isinstance(HEROES, GameDef)
    assert games.game_for("heroes") is HEROES is games.by_name("heroes")
    assert "heroes" in games.app_rules() and games.in_app(HEROES)
    assert "heroes" in games.net_rules() and games.on_network(HEROES)


def test_random_decks_are_legal() -> None:
    db = HEROES.load_db()
    for seed in range(5):
        deck = random_deck(db, random.Random(seed))
        hero, body = db[deck[0]], [db[c] for c in deck[1:]]
        assert hero.type == "hero" and len(body) == DECK_SIZE
        assert all(not c.elements or set(c.elements) & set(hero.elements) for c in body)
        assert all(deck.count(c.id) <= (5 if c.keywords.get("horde") else 3) for c in body)


def test_the_bots_play_games_to_their_end_and_the_same_seed_repeats() -> None:
    result = simulate(6, 3, "greedy", "random", random_decks=True, game_def=HEROES)
    assert result.errors == 0 and result.games == 6 and result.wins[0] + result.wins[1] + result.draws == 6
    one, _ = play_game(HEROES.load_db(), None, 3, 1, "random", "greedy", HEROES.sim_rules(200), game_def=HEROES)
    two, _ = play_game(HEROES.load_db(), None, 3, 1, "random", "greedy", HEROES.sim_rules(200), game_def=HEROES)
    assert one.state.over and one.state.state_hash() == two.state.state_hash()


def test_a_bot_is_given_only_its_seats_view() -> None:
    seen = []

    def spy(view, actions):  # type: ignore[no-untyped-def]
        seat = view.pending.player
        seen.append(all(view.cards[u].card_id is None for u in view.players[1 - seat].hand))
        return actions[0]

    db = HEROES.load_db()
    rng = random.Random(1)
    game = HEROES.start(db, (random_deck(db, rng), random_deck(db, rng)), SeededSource(1), HEROES.sim_rules(30))
    while not game.over:
        seat = game.state.pending.player
        game.step(spy(HEROES.view(game.state, seat), game.legal_actions()))
    assert seen and all(seen)


def test_the_cli_simulates_heroes_and_refuses_a_four_player_host_of_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--game", "heroes", "--games", "2", "--seed", "1"]) == 0
    assert "2 of heroes" in capsys.readouterr().out
    for four in (["--players", "4"], ["--mode", "team"]):
        assert main(["host", "--game", "heroes", "--headless", *four]) == 2
        assert "'heroes'" in capsys.readouterr().err
    assert main(["sim", "--game", "heroes", "--decks", "box"]) == 2
    assert "no box decks" in capsys.readouterr().err


def test_a_recorded_heroes_run_goes_on_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = str(tmp_path / "h.jsonl")
    assert main(["sim", "--game", "heroes", "--games", "2", "--seed", "4", "--record", record]) == 0
    assert main(["sim", "--game", "heroes", "--games", "4", "--seed", "4", "--record", record, "--json"]) == 0
    capsys.readouterr()
    assert main(["sim-report", record]) == 0
    assert "game heroes" in capsys.readouterr().out
