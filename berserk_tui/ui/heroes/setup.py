"""The new-game form's rows of «Берсерк. Герои»: each side's hero among those a deck can be drawn for
(`berserk_tui.heroes_play`) and its deck: a prebuilt one or one of the player's deck files of that hero
(`heroes_play.all_decks`), or one drawn by the seed."""

from __future__ import annotations

from typing import Any

from textual.containers import Horizontal
from textual.widgets import Label, Select, Static

from berserk_tui.engine.gamedef import GameDef
from berserk_tui.heroes_decks import HeroesDeck
from berserk_tui.heroes_play import deck_heroes

RANDOM = "random"      # a deck drawn by the seed


def deck_options(t: Any, decks: list[HeroesDeck], hero: str) -> list[tuple[str, str]]:
    """A side's deck choices for `hero`: the prebuilt and the player's decks of that hero (by index), then one drawn
    by the seed."""
    return [(d.name, str(i)) for i, d in enumerate(decks) if d.hero == hero] + [(t("hg.new.deck.random"), RANDOM)]


def heroes_rows(t: Any, mode: str, game: GameDef, decks: list[HeroesDeck]) -> list:
    """The form's rows (`t`: the app's words): each side's hero among those with a deck and its deck (drawn by the
    seed, or one of the player's `decks` of that hero), and what the drawn decks are."""
    heroes = deck_heroes(game)
    if not heroes:
        return [Static(t("hg.new.no_heroes"), classes="error")]
    options = [(t("hg.new.hero.label", name=h.name,
                  element=", ".join(t(f"element.{e}") for e in h.elements) or t("element.neutral")), h.id)
               for h in heroes]
    labels = ("hg.new.hero.p1", "hg.new.hero.p2") if mode == "hotseat" else ("hg.new.hero", "hg.new.hero.bot")
    rows: list = []
    for seat, label in enumerate(labels):
        hero = options[seat % len(options)][1]
        rows += [Label(t(label)),
                 Horizontal(Select(options, value=hero, allow_blank=False, id=f"hero{seat}"),
                            Select(deck_options(t, decks, hero), allow_blank=False, id=f"hdeck{seat}"),
                            classes="pair hero-seat")]
    rows.append(Static(t("hg.new.about"), classes="note"))
    return rows


def chosen_decks(screen: Any, decks: list[HeroesDeck]) -> list[HeroesDeck | None]:
    """Each side's deck file chosen in the form (None: drawn by the seed)."""
    values = [str(screen.query_one(f"#hdeck{seat}", Select).value) for seat in (0, 1)]
    return [None if v == RANDOM else decks[int(v)] for v in values]


def hero_changed(t: Any, screen: Any, select: Select, decks: list[HeroesDeck]) -> None:
    """A side's hero changed: its deck choices follow."""
    seat = select.id[-1] if select.id else "0"
    box = screen.query_one(f"#hdeck{seat}", Select)
    options = deck_options(t, decks, str(select.value))
    box.set_options(options)
    box.value = options[0][1]
