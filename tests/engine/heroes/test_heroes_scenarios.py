"""The heroes scenario runner: a malformed file is named with what is wrong; a scenario's failed check is reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from berserk_tui.scenario import run_file
from berserk_tui.scenario.build import ScenarioError

HEAD = '''name = "t"
description = "t"
tags = []
[setup]
game = "heroes"
'''
PLAYERS = '''
[[player]]
hero = "Болотный ведун"
[[player]]
hero = "Вождь кочевья"
'''


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("body, message", [
    (PLAYERS.replace('hero = "Вождь кочевья"', 'hero = "Вождь кочевья"\nmana = 3'), "unknown key"),
    ('\n[[player]]\nhero = "Болотный ведун"\n', "two \\[\\[player\\]\\] tables"),
    (PLAYERS.replace("Вождь кочевья", "Силах"), "is not a hero"),
    (PLAYERS + '[[card]]\ncard = "Концентрация"\nowner = 0\n', "a spell cannot lie in zone play"),
    (PLAYERS + '[[step]]\ndo = "fly H0"\n', "unknown command"),
    (PLAYERS.replace("Вождь кочевья", "Никто"), "unknown card 'Никто'"),
])
def test_a_malformed_scenario_is_named(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        run_file(write(tmp_path, HEAD + body))


def test_player_tables_belong_to_heroes(tmp_path: Path) -> None:
    text = 'name = "t"\ndescription = "t"\ntags = []\n' + PLAYERS
    with pytest.raises(ScenarioError, match="for a game of «Берсерк. Герои»"):
        run_file(write(tmp_path, text))


def test_a_failed_check_is_reported(tmp_path: Path) -> None:
    text = HEAD + PLAYERS + '[[expect]]\nseat = 0\ncoins = 3\n'
    assert run_file(write(tmp_path, text)) == ["end: seat 0: coins is 0, expected 3"]
