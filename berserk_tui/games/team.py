"""Seed 003's four players in two teams as a game definition: the board game's rules on a board twice as wide.

«Игровое поле становится шире в два раза: теперь в каждом ряду по 10 клеток. Каждый игрок может разместить свои
карты на поле боя по стандартным правилам, используя свою четверть поля боя.» The turn passes «первый игрок первой
команды, потом первый игрок второй команды, затем второй игрок первой команды и второй игрок второй команды»:
seats 0, 1, 2, 3 with seats 0 and 2 on team 0 (`Seats((0, 1, 0, 1))`). The areas go by place in the turn order:
the first team's players (places 0 and 2) hold the near half and deploy as a first player, the second team's face
them and deploy as a second player; the first of each team takes the left quarter (files a–e). What a teammate's
cards count as in each rule is the engine's (`Seats.enemy`; docs/rules-decisions.md, 700s).
"""

from __future__ import annotations

from dataclasses import replace

from berserk_tui.engine import Area, Geometry, Rules, Seats

from .boardgame import BoardGame

LEFT, RIGHT = tuple(range(5)), tuple(range(5, 10))
TEAM_BOARD = Geometry(6, 10, (Area((2, 1, 0), LEFT, True), Area((3, 4, 5), LEFT, False),
                              Area((2, 1, 0), RIGHT, True), Area((3, 4, 5), RIGHT, False)))
"""Six rows of ten cells; a quarter (three rows of five) to each place in the turn order."""
TEAM_SEATS = Seats((0, 1, 0, 1))
"""Seats 0 and 2 against 1 and 3, in turn order 0, 1, 2, 3."""


class TeamGame(BoardGame):
    """Four players in two teams on the 10×6 board, under the board game's rules."""

    def __init__(self, name: str = "team") -> None:
        super().__init__(name)

    def rules(self, options: Rules | None = None) -> Rules:
        return replace(super().rules(options), geometry=TEAM_BOARD, seats=TEAM_SEATS)


TEAM = TeamGame()
