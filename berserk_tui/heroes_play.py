"""A local game of «Берсерк. Герои» as the app and `berserk play --game heroes` set it up: each side's hero and its
deck — a prebuilt one, one of the player's, or the hero and 40 cards of its element and neutral ones drawn by the
game's seed and the seat (`games.heroes.random_deck`), so the new-game form, the command line and a replay of the
save agree."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from berserk_tui.engine.gamedef import GameDef
from berserk_tui.games.heroes import deck_pools, random_deck
from berserk_tui.heroes_decks import HeroesDeck, user_heroes_decks
from berserk_tui.match import HOTSEAT, HUMAN, MatchSetup, game_db
from cards.heroes.decks import HeroDeckError


def deck_heroes(game: GameDef) -> list[Any]:
    """The heroes a deck can be drawn for now (those with 40 cards of their element), by id."""
    return [hero for hero, _pool in deck_pools(game_db(game))]


def all_decks(game: GameDef, lang: str = "ru") -> list[HeroesDeck]:
    """The decks a side may choose: the prebuilt ones (`cards/heroes/decks/`, named in `lang`; none if they do not
    check against this card database), then the player's (`heroes_decks`)."""
    db = game_db(game)
    try:
        shipped = [HeroesDeck(d.name_en if lang == "en" and d.name_en else d.name, d.hero, tuple(d.cards), d.path,
                              tuple(d.extra))
                   for d in game.prebuilt_decks(db)]  # type: ignore[attr-defined]
    except (HeroDeckError, KeyError, ValueError):
        shipped = []
    return shipped + user_heroes_decks(db)[0]


def heroes_setup(game: GameDef, opponent: str, heroes: list[str], seed: int,
                 chosen: list[HeroesDeck | None] | None = None) -> MatchSetup:
    """A duel of `game` against `opponent` (a bot name or HOTSEAT), seat N playing hero `heroes[N]` with the deck
    `chosen[N]` (a player's deck file, its extra deck kept for a rematch's swap) or, without one, a deck drawn by the
    seed and the seat. ValueError if a hero has no deck."""
    db = game_db(game)
    chosen = chosen or [None, None]
    decks = [deck.ids if deck is not None else random_deck(db, random.Random(seed * 2 + seat), hero_id=hero)
             for seat, (hero, deck) in enumerate(zip(heroes, chosen, strict=True))]
    names = [deck.name if deck is not None else db[hero].name for hero, deck in zip(heroes, chosen, strict=True)]
    players = [HUMAN, HUMAN if opponent == HOTSEAT else opponent]
    setup = MatchSetup.for_seats(game.name, players, decks, names, seed)
    extras = tuple(deck.extra if deck is not None else () for deck in chosen)
    return replace(setup, extras=extras) if any(extras) else setup
