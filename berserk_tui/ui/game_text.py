"""A game definition in the player's words: its rules, and its mode unless it is a duel."""

from __future__ import annotations

from collections.abc import Callable

from berserk_tui import games

Translate = Callable[..., str]


def game_title(t: Translate, name: str) -> str:
    """«Настольная игра», «Настольная игра · Четверо, две команды», or the name of a game not registered here."""
    try:
        rules, mode = games.pair_of(games.by_name(name))
    except ValueError:
        return name
    return t(f"rules.{rules}") if mode == "duel" else f"{t(f'rules.{rules}')} · {t(f'mode.{mode}')}"
