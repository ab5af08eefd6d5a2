"""Choosing the game: the registry of definitions by rules and mode (`games`), a match's setup naming its
definition (old saves stay classic duels), and `berserk play/sim --rules --mode`."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from berserk_tui import games
from berserk_tui.cli import main
from berserk_tui.games.boardgame import BOARDGAME, BoardGame
from berserk_tui.games.classic import CLASSIC
from berserk_tui.match import HOTSEAT, HUMAN, Match, MatchSetup, SaveError
from berserk_tui.sim import simulate
from berserk_tui.sim_record import read
from cards.decks import default_pair
from cards.loader import load_all

DB = load_all()


# --- the registry --------------------------------------------------------------------------------

def test_each_rule_set_has_its_duel_and_each_definition_its_name() -> None:
    assert games.game_for("classic") is CLASSIC and games.game_for("boardgame", "duel") is BOARDGAME
    assert games.by_name("classic") is CLASSIC and games.by_name("boardgame") is BOARDGAME
    assert games.pair_of(BOARDGAME) == ("boardgame", "duel")
    assert games.modes("classic")[0] == "duel" and games.modes("boardgame")[0] == "duel"
    assert games.seat_count(CLASSIC) == games.seat_count(BOARDGAME) == 2


@pytest.mark.parametrize(("rules", "mode", "words"), [
    ("chess", "duel", "unknown rules 'chess'"),
    ("boardgame", "solo", "unknown mode 'solo'"),
    ("classic", "team", "'team' is not played under the rules 'classic'"),
    ("classic", "laar-solo", "'laar-solo' is not played under the rules 'classic'"),
])
def test_an_unknown_or_impossible_pair_is_refused_by_name(rules: str, mode: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        games.game_for(rules, mode)


def test_a_pair_or_a_name_is_registered_once() -> None:
    with pytest.raises(ValueError, match="registered already"):
        games.register("boardgame", "duel", BoardGame("another"))
    with pytest.raises(ValueError, match="a game named 'boardgame'"):
        games.register("classic", "team", BoardGame())
    with pytest.raises(ValueError, match="unknown game 'nothing'"):
        games.by_name("nothing")


# --- the setup and saves -------------------------------------------------------------------------

def _setup(game: str = "boardgame", seed: int = 5) -> MatchSetup:
    first, second = default_pair(DB)
    return MatchSetup.for_seats(game, [HUMAN, "random"], [first.cards, second.cards], [first.name, second.name], seed)


def test_a_duel_for_seats_keeps_the_duels_fields() -> None:
    setup = _setup()
    assert (setup.opponent, setup.human, setup.seat_players, setup.game) == ("random", 0, (), "boardgame")
    assert setup.players == (HUMAN, "random") and setup.humans == (0,)
    both = MatchSetup.for_seats("classic", [HUMAN, HUMAN], setup.decks, setup.deck_names)
    assert both.hotseat and both.opponent == HOTSEAT and both.humans == (0, 1)


def test_a_board_game_match_plays_its_rules_and_saves_and_loads(tmp_path: Path) -> None:
    match = Match.start(DB, _setup())
    assert match.game_def is BOARDGAME and match.state.rules.rulebook.name == "boardgame" and 1 in match.bots
    for _ in range(6):
        match.play(match.legal()[0])
    path = tmp_path / "save.json"
    match.save(path)
    assert json.loads(path.read_text(encoding="utf-8"))["setup"]["game"] == "boardgame"
    again = Match.load(path, DB)
    assert again.game_def is BOARDGAME and again.state.state_hash() == match.state.state_hash()


def test_a_save_from_before_games_were_named_is_a_classic_duel(tmp_path: Path) -> None:
    match = Match.start(DB, _setup("classic"))
    match.play(match.legal()[0])
    data = match.to_json()
    del data["setup"]["game"], data["setup"]["seat_players"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = Match.load(path, DB)
    assert loaded.game_def is CLASSIC and loaded.setup == match.setup


@pytest.mark.parametrize(("field", "value"), [
    ("game", "chess"), ("game", 3), ("seat_players", ["human", "nobody"]), ("seat_players", ["human"]),
    ("human", 3),
])
def test_a_setup_that_does_not_fit_its_game_is_refused_and_kept(tmp_path: Path, field: str, value: object) -> None:
    match = Match.start(DB, _setup())
    path = tmp_path / "save.json"
    match.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["setup"][field] = value
    text = json.dumps(data)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        Match.load(path, DB)
    assert caught.value.reason == "setup" and str(caught.value.params["detail"]) == field
    assert path.read_text(encoding="utf-8") == text


# --- the command line ----------------------------------------------------------------------------

def test_sim_plays_the_board_game_and_records_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "r.jsonl"
    code = main(["sim", "--rules", "boardgame", "--games", "2", "--seed", "3", "--turn-limit", "30", "--json",
                 "--record", str(record)])
    result = json.loads(capsys.readouterr().out)
    assert code == 0 and result["errors"] == 0 and result["games"] == 2
    key, recorded = read(record)
    assert key.game == "boardgame" and len(recorded.outcomes) == 2
    assert main(["sim-report", str(record)]) == 0
    assert ", game boardgame" in capsys.readouterr().out.splitlines()[0]


def test_sim_of_the_board_game_differs_from_the_classic_one() -> None:
    """The same seeds play other games under the other rules (its redeal, at least, differs)."""
    classic = simulate(4, 11, "greedy", "random", turn_limit=40, db=DB)
    board = simulate(4, 11, "greedy", "random", turn_limit=40, db=DB, game_def=BOARDGAME)
    assert board.errors == 0 and (classic.actions, classic.turns) != (board.actions, board.turns)


@pytest.mark.parametrize("argv", [["sim", "--mode", "team"], ["play", "--text", "--mode", "laar-duel"]])
def test_a_mode_the_rules_do_not_offer_is_refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(argv) == 2
    assert "is not played under the rules 'classic'" in capsys.readouterr().err


def test_play_text_under_the_board_games_rules(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    started: list[Match] = []
    real = Match.start
    monkeypatch.setattr(Match, "start", classmethod(lambda cls, db, setup: started.append(real(db, setup))
                                                    or started[-1]))
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "--text", "--rules", "boardgame", "--vs", "random", "--seed", "3"]) == 0
    assert "Выход." in capsys.readouterr().out
    assert started[0].game_def is BOARDGAME and started[0].setup.game == "boardgame"


def test_a_board_game_save_replays_and_is_listed_with_its_rules(tmp_path: Path) -> None:
    from berserk_tui.i18n import tr
    from berserk_tui.replay import load_replay
    from berserk_tui.saves import look
    from berserk_tui.ui.screens.local_games import save_line

    match = Match.start(DB, _setup())
    for _ in range(8):
        match.play(match.legal()[0])
    path = tmp_path / "save.json"
    match.save(path)
    replay = load_replay(DB, path)
    assert len(replay.steps) == 9 and replay.steps[-1].state.state_hash() == match.state.state_hash()
    assert replay.steps[-1].state.rules.rulebook.name == "boardgame"
    saved = look(path, DB)
    assert saved is not None and "Настольная игра · " in save_line(saved, lambda key, **kw: tr(key, "ru", **kw))


@pytest.mark.parametrize(("mode", "players"), [("team", [HUMAN, "random", HUMAN, "greedy"]),
                                               ("laar-solo", [HUMAN, "random"]), ("laar-duel", [HUMAN, HUMAN])])
def test_the_modes_of_the_board_game_save_and_load(tmp_path: Path, mode: str, players: list[str]) -> None:
    game = games.game_for("boardgame", mode)
    first, second = default_pair(DB)
    decks = [[first, second][s % 2].cards if s in games.played_seats(game) else () for s in range(len(players))]
    setup = MatchSetup.for_seats(game.name, players, decks, ["a"] * len(players), seed=4)
    match = Match.start(DB, setup)
    for _ in range(10):
        if match.over:
            break
        match.play(match.bot_action() if match.is_bot(match.to_move) else match.legal()[0])
    path = tmp_path / "save.json"
    match.save(path)
    again = Match.load(path, DB)
    assert again.game_def is game and again.setup == setup and sorted(again.bots) == sorted(match.bots)
    assert again.state.state_hash() == match.state.state_hash()


def test_play_sets_every_seat_of_a_team_game(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list = []
    monkeypatch.setattr("berserk_tui.ui.app.BerserkApp.run", lambda self: started.append(self._start_setup))
    assert main(["play", "--rules", "boardgame", "--mode", "team", "--vs", "random", "--seed", "2"]) == 0
    setup = started[0]
    assert setup.game == "team" and setup.players == (HUMAN, "random", "random", "random")
    assert len(setup.decks) == 4 and setup.decks[0] == setup.decks[2] != setup.decks[1] == setup.decks[3]


def test_play_gives_the_seat_the_rules_play_no_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list = []
    monkeypatch.setattr("berserk_tui.ui.app.BerserkApp.run", lambda self: started.append(self._start_setup))
    assert main(["play", "--rules", "boardgame", "--mode", "laar-solo", "--vs", "hotseat", "--seed", "2"]) == 0
    setup = started[0]
    assert setup.game == "laar-solo" and setup.decks[1] == () and setup.humans == (0,)
