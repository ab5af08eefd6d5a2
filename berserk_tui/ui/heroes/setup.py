"""Setting up a game of «Берсерк. Герои»: the new-game form's rows (each side's hero) and the `MatchSetup` of the
chosen heroes. A side's deck is its hero and 40 cards of the hero's element and neutral ones, drawn by the game's
seed (`games.heroes.random_deck`), so the form, `berserk play --game heroes` and a replay of the save agree."""

from __future__ import annotations

import random
from typing import Any

from textual.widgets import Label, Select, Static

from berserk_tui.engine.gamedef import GameDef
from berserk_tui.games.heroes import deck_pools, random_deck
from berserk_tui.match import HOTSEAT, HUMAN, MatchSetup, game_db


def deck_heroes(game: GameDef) -> list[Any]:
    """The heroes a deck can be drawn for now (those with 40 cards of their element), by id."""
    return [hero for hero, _pool in deck_pools(game_db(game))]


def heroes_setup(game: GameDef, opponent: str, heroes: list[str], seed: int) -> MatchSetup:
    """A duel of `game` against `opponent` (a bot name or HOTSEAT), seat N playing hero `heroes[N]`: its deck drawn
    by the seed and the seat. ValueError if a hero has no deck."""
    db = game_db(game)
    decks = [random_deck(db, random.Random(seed * 2 + seat), hero_id=hero) for seat, hero in enumerate(heroes)]
    players = [HUMAN, HUMAN if opponent == HOTSEAT else opponent]
    return MatchSetup.for_seats(game.name, players, decks, [db[h].name for h in heroes], seed)


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
