"""«Берсерк. Герои» in the network forms (`screens/net_lobby.py`): the host's deck choices (a prebuilt deck, one of
the player's, or a random deck of a hero) and a guest's deck when the host's hello names this game (the guest's
default deck, as `berserk join` without `--game` plays: rules decision 979)."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from pathlib import Path

from berserk_tui import games
from berserk_tui.engine.gamedef import GameDef
from berserk_tui.games.heroes import random_deck
from berserk_tui.heroes_play import all_decks, deck_heroes
from berserk_tui.match import game_db
from berserk_tui.netgame.wire import GAME, HELLO
from cards.decks import Deck
from netplay import Incoming

Tr = Callable[..., str]
RANDOM, MINE = "random:", "mine:"      # a deck choice's value: a hero's id, or the index of a deck file


def deck_choices(t: Tr, game: GameDef, lang: str) -> list[tuple[str, str]]:
    """The prebuilt decks and the player's, then a random deck of each hero that has cards enough."""
    db = game_db(game)
    return [(t("hg.net.my_deck", name=d.name, hero=db[d.hero].name), f"{MINE}{i}")
            for i, d in enumerate(all_decks(game, lang))] + \
        [(t("hg.net.random_deck", hero=h.name), RANDOM + h.id) for h in deck_heroes(game)]


def chosen_deck(t: Tr, game: GameDef, value: str, lang: str = "ru") -> Deck:
    """The deck of a choice of `deck_choices` (a random one drawn now); ValueError for a choice that is gone."""
    db = game_db(game)
    if value.startswith(RANDOM):
        hero = value.removeprefix(RANDOM)
        cards = random_deck(db, random.Random(secrets.randbits(64)), hero_id=hero)
        return Deck(t("hg.net.random_deck", hero=db[hero].name), "", tuple(cards), Path())
    mine = all_decks(game, lang)
    index = int(value.removeprefix(MINE))
    if not 0 <= index < len(mine):
        raise ValueError("the chosen deck file is gone")
    return Deck(mine[index].name, "", tuple(mine[index].ids), mine[index].path)


def guest_deck(t: Tr, game: GameDef, lang: str = "ru") -> Deck:
    """A guest's deck for a host's game with cards of its own: its default deck of the guest's seat (the second
    prebuilt deck, `heroes_net_deck.default_deck`), else a random deck of a random hero."""
    db = game_db(game)
    shipped = all_decks(game, lang)[:len(game.prebuilt_decks(db))]   # type: ignore[attr-defined]
    if shipped:
        deck = shipped[1 % len(shipped)]
        return Deck(deck.name, "", tuple(deck.ids), deck.path)
    heroes = deck_heroes(game)
    if not heroes:
        raise ValueError(f"no hero of {game.name} has cards enough for a deck")
    return chosen_deck(t, game, RANDOM + random.Random(secrets.randbits(64)).choice(heroes).id)


def hosted_game(items: list[Incoming]) -> GameDef | None:
    """The game a duel host's hello (among a guest's first `items`) names, if it has cards of its own."""
    first = next((item for item in items if item.event == "message"), None)
    body = first.body if first is not None and first.kind == HELLO else {}
    name = body.get(GAME) if isinstance(body, dict) else None
    try:
        game = games.by_name(name) if isinstance(name, str) else None
    except ValueError:
        return None
    return game if game is not None and hasattr(game, "load_db") else None
