"""The board game of seed 003 as a game definition: the classic duel's words, screens and bots on the board
game's rulebook (`engine.boardgame`)."""

from __future__ import annotations

from dataclasses import replace

from berserk_tui.engine import Rules
from berserk_tui.engine.boardgame import BOARDGAME_RULEBOOK

from .classic import Classic


class BoardGame(Classic):
    """Seed 003's rules on the duel's board: a redeal deals one card fewer."""

    def __init__(self, name: str = "boardgame") -> None:
        super().__init__(name, BOARDGAME_RULEBOOK)

    def rules(self, options: Rules | None = None) -> Rules:
        return replace(options or Rules(), rulebook=self.rulebook, redeal_fewer=True)


BOARDGAME = BoardGame()
