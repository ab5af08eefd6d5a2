"""The game definitions, by the name a player picks (`--rules`, the new-game screen, a save, a network game)."""

from __future__ import annotations

from berserk_tui.engine.gamedef import GameDef

from .boardgame import BOARDGAME
from .classic import CLASSIC

RULE_SETS: dict[str, GameDef] = {"classic": CLASSIC, "boardgame": BOARDGAME}


def rule_set(name: str) -> GameDef:
    """The game definition named `name`; ValueError naming the known ones otherwise."""
    try:
        return RULE_SETS[name]
    except KeyError:
        raise ValueError(f"unknown rules {name!r}: {', '.join(RULE_SETS)}") from None
