"""The `berserk` command, the simulator and the plain-text board."""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from berserk_tui import bot, textplay
from berserk_tui.cli import main
from berserk_tui.engine import Game, Rules, view
from berserk_tui.engine.rng import SeededSource
from berserk_tui.sim import deck_pair, mirror_pool, play_game, seats_of, simulate, survivors
from berserk_tui.ui.screens.replay import ReplayScreen
from cards.decks import RECORDED_SETS, builtin_decks
from cards.loader import load_all
from tests.replay_files import played_save

ROOT = Path(__file__).resolve().parents[1]
SPEC_KEYS = {"games", "wins", "draws", "errors", "turns_mean", "actions", "seconds"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- sim -----------------------------------------------------------------------------------------

def test_sim_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "sim", "--games", "4", "--seed", "7", "--json", "--turn-limit", "40")
    result = json.loads(out)
    assert code == 0
    assert set(result) == SPEC_KEYS | {"stalled", "p1_win_rate", "decisions", "timeouts", "cpu_timeouts",
                            "clock_cuts"}
    assert 0 <= result["p1_win_rate"]["ci95"][0] <= result["p1_win_rate"]["rate"] <= result["p1_win_rate"]["ci95"][1]
    assert set(result["wins"]) == {"p1", "p2"}
    assert result["games"] == 4 and result["errors"] == 0
    assert sum(result["wins"].values()) + result["draws"] + result["stalled"] == 4
    assert result["actions"] > 0 and 0 < result["turns_mean"] <= 40


def test_sim_human_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "sim", "--games", "2", "--seed", "1", "--turn-limit", "30")
    assert code == 0
    for label in ("games", "wins", "draws", "stalled", "errors", "turns", "actions", "seconds"):
        assert re.search(rf"^{label}\s", out, re.M), label


def test_sim_progress_reports_every_game_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "sim", "--games", "3", "--seed", "2", "--turn-limit", "30", "--progress", "--json")
    lines = err.splitlines()
    assert code == 0 and [line.split(":")[0] for line in lines] == ["game 1/3", "game 2/3", "game 3/3"]
    wins = json.loads(out)["wins"]
    assert f"p1 (random) {wins['p1']}, p2 (random) {wins['p2']} after" in lines[-1]


def test_a_stalled_game_reports_the_creatures_left(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "sim", "--games", "2", "--seed", "2", "--turn-limit", "2", "--progress")
    lines = err.splitlines()
    assert code == 0 and len(lines) == 2
    for line in lines:
        assert re.search(r": stalled \(random: [^;]+ \d+/\d+(, [^;]+ \d+/\d+)*; random: [^)]+ \d+/\d+\), 2 turns", line)
    game, _ = play_game(load_all(), None, 2, 1, "random", "random", Rules(turn_limit=2))
    left = survivors(game.state, seats_of(1))
    for seat in (0, 1):        # game 1: p2 sits in seat 0
        on_field = [c for c in game.state.cards if c.owner == seat and c.on_battlefield and c.card_id is not None
                    and game.state.db.cards[c.card_id].is_creature]
        assert len(left[seats_of(1)[seat]]) == len(on_field) > 0


def test_sim_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "sim", "--p2", "nobody")
    assert code == 2
    assert "nobody" in err and "random" in err


def test_deck_pairs_cover_every_matchup() -> None:
    assert [deck_pair(["a", "b"], i) for i in range(3)] == [(["a"], ["b"]), (["b"], ["a"]), (["a"], ["b"])]
    assert {(a[0], b[0]) for a, b in (deck_pair(["a", "b", "c"], i) for i in range(6))} == {
        (x, y) for x in "abc" for y in "abc" if x != y}
    assert deck_pair(["a"], 5) == (["a"], ["a"])


def test_sim_is_deterministic() -> None:
    a, b = simulate(3, 11, turn_limit=40), simulate(3, 11, turn_limit=40)
    timing = {"seconds": 0, "decisions": 0}      # wall-clock figures differ run to run
    assert {**a.to_json(), **timing} == {**b.to_json(), **timing}


def test_sim_records_failures_and_goes_on(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def broken(seed: int) -> bot.Agent:
        def agent(state: object, actions: list) -> object:
            raise RuntimeError("boom")
        return agent

    monkeypatch.setitem(bot.AGENTS, "broken", broken)
    result = simulate(2, 5, p1="broken", p2="broken")
    assert result.errors == 2 and result.games == 2
    assert [(f.index, f.seed) for f in result.failures] == [(0, 5), (1, 5)]
    assert result.failures[0].error == "RuntimeError: boom" and "test_cli.py" in result.failures[0].where
    code, _, err = run(capsys, "sim", "--games", "1", "--p1", "broken", "--json")
    assert code == 1 and "boom" in err


# --- cards ---------------------------------------------------------------------------------------

def test_cards_coverage(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "coverage")
    assert code == 0
    assert re.search(r"^30 Семена раздора: \d+/195$", out, re.M)
    assert re.search(r"^10 Война стихий: \d+/200$", out, re.M)


def test_cards_show(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "show", "Гиртан")
    assert code == 0
    assert "Гиртан (30130)" in out and "3-4-5" in out and "Жизнь 14" in out
    assert "Регенерация 1" in out


def test_cards_show_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "cards", "show", "Гиртанн")
    assert code == 1 and "Гиртан" in err
    code, _, err = run(capsys, "cards", "show", "гиртанн")
    assert code == 1 and "может быть: Гиртан" in err


@pytest.mark.parametrize("name", ["гиртан", "ГИРТАН", "  Гиртан ", "30130"])
def test_cards_show_ignores_case_and_spaces(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, _ = run(capsys, "cards", "show", name)
    assert code == 0 and out.startswith("Гиртан (30130)")


@pytest.mark.parametrize("name, card", [("посвященная", "Посвящённая (30142)"), ("ЧЕРНЫЙ РЫЦАРЬ", "Чёрный рыцарь"),
                                        ("Чёрный Рыцарь", "Чёрный рыцарь")])
def test_cards_show_reads_yo_as_ye(capsys: pytest.CaptureFixture[str], name: str, card: str) -> None:
    code, out, _ = run(capsys, "cards", "show", name)
    assert code == 0 and out.startswith(card)


def test_cards_show_a_part_of_a_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "show", "гирта")
    assert code == 0 and out.startswith("Гиртан (30130)")
    code, out, err = run(capsys, "cards", "show", "рыцарь")
    assert code == 1 and "нескольких карт" in err
    assert [line.split()[0] for line in out.splitlines()] == ["30148", "30184"]


def test_cards_list_filters(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "list", "--element", "болота", "--type", "creature", "--implemented")
    lines = out.splitlines()
    assert code == 0 and lines
    assert all("болота" in line and "существо" in line for line in lines)
    assert any("Гиртан" in line for line in lines)
    _, out, _ = run(capsys, "cards", "list", "--query", "гиртан")
    assert out.startswith("30130")


# --- play ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("script", ["q\n", "", "abc\n99\nq\n"], ids=["quit", "eof", "bad input"])
def test_play_quits_cleanly(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                            script: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    code, out, _ = run(capsys, "play", "--text", "--vs", "random", "--seed", "3")
    assert code == 0
    assert "Сид партии: 3" in out and "1. " in out and "Выход." in out


def test_no_subcommand_opens_the_menu(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[tuple] = []
    monkeypatch.setattr("berserk_tui.ui.app.BerserkApp.run", lambda self: started.append(
        (self._start_setup, self._start_resume)))
    assert main([]) == 0 and main(["--resume"]) == 0
    assert started == [(None, False), (None, True)]


def test_play_opens_the_app_with_the_setup(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list = []
    monkeypatch.setattr("berserk_tui.ui.app.BerserkApp.run", lambda self: started.append(self._start_setup))
    assert main(["play", "--vs", "hotseat", "--seed", "9"]) == 0
    setup = started[0]
    assert setup.hotseat and setup.seed == 9 and len(setup.decks[0]) == 30


def test_first_game_starts_with_deployment(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    code, out, _ = run(capsys, "play", "--text", "--first-game", "--seed", "1")
    assert code == 0 and "Расстановка" in out and "Гиртан" in out


def test_python_m_berserk_tui() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "berserk_tui", "cards", "coverage"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "Семена раздора" in done.stdout


def test_output_into_a_closed_pipe_ends_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    """`berserk cards list | head -1`: once the reader has gone, no traceback, exit status 1."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    with open(write_end, "w", encoding="utf-8") as out:
        monkeypatch.setattr(sys, "stdout", out)
        assert main(["cards", "list"]) == 1


def test_board_text_in_random_games() -> None:
    """The board is drawn from the deciding seat's view in both languages (the words: test_describe.py)."""
    db = load_all()
    decks = [list(d.cards) for d in builtin_decks(db, RECORDED_SETS)]
    for seed in range(4):
        rng = random.Random(seed)
        game = Game.start(db, deck_pair(decks, seed), SeededSource(seed), Rules(turn_limit=30))
        while not game.over:
            seat = game.state.pending.player
            v = view(game.state, seat)
            ru, en = textplay.board_text(v, seat), textplay.board_text(v, seat, "en")
            assert "Доп. зона" in ru and "Extra zone" in en
            assert ru.splitlines()[:7] == en.splitlines()[:7]     # the grid itself has no words
            game.step(rng.choice(game.legal_actions()))


def test_play_bad_deck(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deck = tmp_path / "small.toml"
    deck.write_text('name = "Мало"\n[cards]\n"Гиртан" = 3\n', encoding="utf-8")
    code, _, err = run(capsys, "play", "--deck", str(deck))
    assert code == 2 and "30 to 50" in err


def test_scenario_run_delegates(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[list[str]] = []
    monkeypatch.setattr("berserk_tui.scenario.runner.main", lambda paths: seen.append(paths) or 3)
    code, _, _ = run(capsys, "scenario", "run", "a.toml", "dir")
    assert code == 3 and seen == [["a.toml", "dir"]]


def test_wilson_interval() -> None:
    from berserk_tui.sim import wilson
    rate, low, high = wilson(400, 400)
    assert rate == 1.0 and 0.99 < low < 1.0 and high == 1.0
    rate, low, high = wilson(50, 100)
    assert rate == 0.5 and low == pytest.approx(0.404, abs=1e-3) and high == pytest.approx(0.596, abs=1e-3)


def test_sim_alternates_seats_between_paired_games() -> None:
    from berserk_tui.sim import seats_of
    assert [seats_of(i) for i in range(4)] == [(0, 1), (1, 0), (0, 1), (1, 0)]


def test_sim_keeps_p1_on_the_squad_when_the_rules_play_the_other_side() -> None:
    """In the one-player «Битва за Лаар» the rules play Астарот: p1 plays the squad in every game, and every
    decision is p1's."""
    from berserk_tui.games import game_for
    from berserk_tui.sim import ruled, seats_of
    solo = game_for("boardgame", "laar-solo")
    assert ruled(solo) and not ruled(game_for("boardgame", "duel"))
    assert [seats_of(i, (0, 1), True) for i in range(3)] == [(0, 1)] * 3
    result = simulate(2, 5, "greedy", "random", game_def=solo, random_decks=True, turn_limit=40)
    assert result.errors == 0 and result.decision_stats(1)["decisions"] == 0 < result.decision_stats(0)["decisions"]


def test_mirror_matches_give_both_seats_one_deck_in_turn() -> None:
    assert [mirror_pool([["a"], ["b"], ["c"]], i) for i in range(7)] == [
        [["a"]], [["a"]], [["b"]], [["b"]], [["c"]], [["c"]], [["a"]]]
    assert deck_pair(mirror_pool([["a"], ["b"]], 3), 1) == (["b"], ["b"])


def test_sim_mirror_decks(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "sim", "--games", "2", "--seed", "1", "--decks", "mirror", "--turn-limit", "30",
                       "--json")
    assert code == 0 and json.loads(out)["games"] == 2 and json.loads(out)["errors"] == 0


# --- replay --------------------------------------------------------------------------------------

def test_replay_opens_the_app_on_the_game(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    played = played_save(tmp_path / "autosave.json")
    started: list = []
    monkeypatch.setattr("berserk_tui.ui.app.BerserkApp.run", lambda self: started.append(self._start_screen))
    assert main(["replay", str(tmp_path / "autosave.json")]) == 0
    screen = started[0]
    assert isinstance(screen, ReplayScreen) and screen.replay.last == len(played.actions)


@pytest.mark.parametrize("lang, expected", [("ru", "не найден"), ("en", "not found")])
def test_replay_names_a_missing_file_in_the_interface_language(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, lang: str,
        expected: str) -> None:
    monkeypatch.setenv("BERSERK_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"lang": lang}), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(tmp_path / "gone.msgs"))
    assert code == 1 and not out
    assert err.startswith("berserk replay: ") and expected in err and "gone.msgs" in err


@pytest.mark.parametrize("content, expected", [
    (b'{"version": 1, "actions": [', "Сохранение не загружается"),
    (b"\x98garbage", "не прошёл проверку"),
    (b"hello", "не сохранённая партия и не протокол"),
], ids=["corrupt save", "corrupt transcript", "another kind of file"])
def test_replay_refuses_bad_files_without_a_traceback(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                      content: bytes, expected: str) -> None:
    monkeypatch.setenv("BERSERK_HOME", str(tmp_path))
    path = tmp_path / "game"
    path.write_bytes(content)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1 and expected in err and "Traceback" not in err
