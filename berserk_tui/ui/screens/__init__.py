"""Screens of the app. `game_screen(name)` builds the screen of a match phase."""

from __future__ import annotations

from textual.screen import Screen


def game_screen(name: str) -> Screen:
    """The screen named by a game definition's `screens` for a phase."""
    if name == "order":
        from .order import OrderScreen
        return OrderScreen()
    if name == "purchase":
        from .purchase import PurchaseScreen
        return PurchaseScreen()
    if name == "deploy":
        from .deploy import DeployScreen
        return DeployScreen()
    if name == "battle":
        from .battle import BattleScreen
        return BattleScreen()
    if name == "heroes":
        from berserk_tui.ui.heroes.battle import HeroesScreen
        return HeroesScreen()
    if name == "heroes_over":
        from berserk_tui.ui.heroes.over import HeroesOverScreen
        return HeroesOverScreen()
    from .game_over import GameOverScreen
    return GameOverScreen()
