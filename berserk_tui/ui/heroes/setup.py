"""The new-game form's rows of «Берсерк. Герои»: each side's hero among those a deck can be drawn for
(`berserk_tui.heroes_play`), and what the decks are."""

from __future__ import annotations

from typing import Any

from textual.widgets import Label, Select, Static

from berserk_tui.engine.gamedef import GameDef
from berserk_tui.heroes_play import deck_heroes


def heroes_rows(t: Any, mode: str, game: GameDef) -> list:
    """The form's rows (`t`: the app's words): each side's hero among those with a deck, and what the decks are."""
    heroes = deck_heroes(game)
    if not heroes:
        return [Static(t("hg.new.no_heroes"), classes="error")]
    options = [(t("hg.new.hero.label", name=h.name,
                  element=", ".join(t(f"element.{e}") for e in h.elements) or t("element.neutral")), h.id)
               for h in heroes]
    labels = ("hg.new.hero.p1", "hg.new.hero.p2") if mode == "hotseat" else ("hg.new.hero", "hg.new.hero.bot")
    rows: list = []
    for seat, label in enumerate(labels):
        rows += [Label(t(label)), Select(options, value=options[seat % len(options)][1], allow_blank=False,
                                         id=f"hero{seat}")]
    rows.append(Static(t("hg.new.about"), classes="note"))
    return rows
