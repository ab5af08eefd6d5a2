"""`berserk play --game heroes`: the setup it makes (the heroes, the decks drawn by the seed, the game's own bots)
and its plain-text dialogue (`--text`), which shows the table as lines."""

from __future__ import annotations

import io
import sys

import pytest

from berserk_tui.cli import _setup as cli_setup
from berserk_tui.cli import build_parser, main
from berserk_tui.games.heroes import HEROES
from berserk_tui.heroes_play import deck_heroes
from berserk_tui.match import HOTSEAT, game_db


def setup_of(*argv: str):  # noqa: ANN201
    args = build_parser().parse_args(["play", "--game", "heroes", *argv])
    return cli_setup(None, args, 11)   # type: ignore[arg-type]


def test_the_setup_of_a_game_of_heroes() -> None:
    hero = deck_heroes(HEROES)[-1]
    setup = setup_of("--hero", hero.name, "--vs", "random")
    db = game_db(HEROES)
    assert setup.game == "heroes" and setup.opponent == "random" and setup.seed == 11
    assert setup.decks[0][0] == hero.id and len(setup.decks[0]) == 41 and db[setup.decks[1][0]].type == "hero"
    assert setup_of("--hero", hero.id).decks == setup_of("--hero", hero.name).decks     # the seed decides
    assert setup_of("--vs", "hotseat").opponent == HOTSEAT


def test_a_prebuilt_deck_by_name_or_a_deck_file(tmp_path) -> None:  # noqa: ANN001
    from berserk_tui.heroes_decks import deck_file_text
    db = game_db(HEROES)
    klan = next(d for d in HEROES.prebuilt_decks(db) if d.name == "Клан рудника")
    setup = setup_of("--deck", "клан рудника")
    assert list(setup.decks[0]) == klan.ids and setup.deck_names[0] == "Клан рудника"
    assert list(setup_of("--deck", "Клан рудника", "--hero", klan.hero).decks[0]) == klan.ids
    path = tmp_path / "my.toml"
    path.write_text(deck_file_text("Мой клан", db[klan.hero], [db[c] for c in klan.cards]), encoding="utf-8")
    mine = setup_of("--deck", str(path))
    assert mine.deck_names[0] == "Мой клан" and sorted(mine.decks[0]) == sorted(klan.ids)


@pytest.mark.parametrize(("argv", "said"), [
    (["--hero", "Никто"], "the heroes with a deck are"),
    (["--first-game"], "--first-game is the classic game's"),
    (["--deck", "Нет такой"], "no deck file nor deck of that name; the decks are Стражи рощи, Клан рудника"),
    (["--deck", "Клан рудника", "--hero", "h9001"], "a deck of Старейшина рудника, not of Вождь кочевья"),
    (["--deck", "missing.toml"], "missing.toml"),
])
def test_what_it_refuses(argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "heroes", *argv]) == 2
    assert said in capsys.readouterr().err


def test_the_text_dialogue_shows_the_table(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                           tmp_path) -> None:  # noqa: ANN001
    monkeypatch.setenv("BERSERK_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n1\n1\n"))        # then the input ends: the player quits
    assert main(["play", "--game", "heroes", "--text", "--seed", "3", "--vs", "random"]) == 0
    out = capsys.readouterr().out
    assert "Рука: " in out and ", герой · ♥ 20/20" in out and "монеты" in out


def test_the_text_dialogue_plays_to_the_end_and_shows_the_last_table(monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str],
                                                                     tmp_path) -> None:  # noqa: ANN001
    monkeypatch.setenv("BERSERK_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 2000))       # always the first choice
    assert main(["play", "--game", "heroes", "--text", "--seed", "2", "--vs", "random"]) == 0
    out = capsys.readouterr().out
    last = out[out.rindex("Игра окончена"):]
    assert "монеты" in last and "Рука: " in last and ", герой · ♥ " in last     # the heroes' table after the end
