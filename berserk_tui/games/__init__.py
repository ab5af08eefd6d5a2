"""The game definitions: by the rules and mode a player picks, and by the name a save, a network game and a
scenario give.

A player picks the rules (`RULES`: "classic", "boardgame", "heroes" — «Берсерк. Герои», a game of its own) and a
mode (`MODES`); `game_for(rules, mode)` is the definition of that pair, and every definition has a name of its own
(`by_name`). Each definition is registered with one `register` line at the end of this file.
"""

from __future__ import annotations

from typing import Any

from berserk_tui.engine.gamedef import GameDef

from .boardgame import BOARDGAME
from .classic import CLASSIC
from .heroes import HEROES
from .laar import LAAR_DUEL, LAAR_SOLO
from .team import TEAM

RULES = ("classic", "boardgame", "heroes")
MODES = ("duel", "laar-solo", "laar-duel", "team")   # in the order the new-game screen lists them

_BY_PAIR: dict[tuple[str, str], GameDef] = {}
_BY_NAME: dict[str, GameDef] = {}

RULE_SETS: dict[str, GameDef] = {"classic": CLASSIC, "boardgame": BOARDGAME}   # each rule set's duel


def register(rules: str, mode: str, game: GameDef) -> GameDef:
    """Make `game` the definition of `mode` under `rules` (and findable by its name); ValueError for rules or
    a mode not listed, or a pair or name already taken."""
    if rules not in RULES:
        raise ValueError(f"unknown rules {rules!r}: {', '.join(RULES)}")
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: {', '.join(MODES)}")
    if (rules, mode) in _BY_PAIR:
        raise ValueError(f"the mode {mode!r} of the rules {rules!r} is registered already")
    if game.name in _BY_NAME:
        raise ValueError(f"a game named {game.name!r} is registered already")
    _BY_PAIR[rules, mode] = game
    _BY_NAME[game.name] = game
    return game


def game_for(rules: str, mode: str = "duel") -> GameDef:
    """The definition of `mode` under `rules`; ValueError naming what is wrong: unknown rules or mode, or a
    mode those rules do not offer (the modes of seed 003 are the board game's)."""
    if rules not in RULES:
        raise ValueError(f"unknown rules {rules!r}: {', '.join(RULES)}")
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: {', '.join(MODES)}")
    game = _BY_PAIR.get((rules, mode))
    if game is None:
        offered = [r for r in RULES if (r, mode) in _BY_PAIR]
        where = f"only under the rules {', '.join(offered)}" if offered else "not yet in this version"
        raise ValueError(f"the mode {mode!r} is not played under the rules {rules!r}: it is played {where}")
    return game


def modes(rules: str) -> tuple[str, ...]:
    """The modes registered under `rules`, in `MODES` order."""
    return tuple(m for m in MODES if (rules, m) in _BY_PAIR)


def by_name(name: str) -> GameDef:
    """The definition named `name` (a save's, a network game's, a scenario's); ValueError naming the known ones."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}: {', '.join(_BY_NAME)}") from None


def rules_of(name: str) -> Any:
    """The engine rules of the definition named `name` (a network peer's `RulesOf`); ValueError if unknown."""
    return by_name(name).rules()


def names() -> tuple[str, ...]:
    """Every registered definition's name, in registration order."""
    return tuple(_BY_NAME)


def pair_of(game: GameDef) -> tuple[str, str]:
    """The (rules, mode) a registered definition plays; ValueError for one not registered."""
    for pair, registered in _BY_PAIR.items():
        if registered is game:
            return pair
    raise ValueError(f"the game {game.name!r} is not registered")


def seat_count(game: GameDef) -> int:
    """How many seats a game of `game` has."""
    return game.rules().seats.count


def played_seats(game: GameDef) -> tuple[int, ...]:
    """The seats a person or a bot plays, each with a squad: all but those the rules play (`seat_roles` of a
    definition, as Астарот's in the one-player «Битва за Лаар»)."""
    by_rules = getattr(game, "seat_roles", {})
    return tuple(seat for seat in range(seat_count(game)) if seat not in by_rules)


def in_app(game: GameDef) -> bool:
    """Can the app show games of `game` (it names a screen for each phase)?"""
    return bool(game.screens)


def on_network(game: GameDef) -> bool:
    """Can the network carry games of `game` (it has a secrets policy)?"""
    return in_app(game) and game.secrets is not None


def app_rules() -> tuple[str, ...]:
    """The rules the app's local forms offer: those whose duel the app can play (`in_app`)."""
    return tuple(r for r in RULES if in_app(game_for(r)))


def net_rules() -> tuple[str, ...]:
    """The rules the network forms offer (`on_network`)."""
    return tuple(r for r in RULES if on_network(game_for(r)))


def require_app(game: GameDef) -> GameDef:
    """`game`, or ValueError saying that the app does not play it yet."""
    if not in_app(game):
        raise ValueError(f"the game {game.name!r} is not played in the app yet "
                         f"(`berserk sim --game {game.name}` and `berserk scenario run` play it)")
    return game


def require_net(game: GameDef) -> GameDef:
    """`game`, or ValueError saying that the network does not carry it yet."""
    if not on_network(game):
        raise ValueError(f"the game {game.name!r} is not played over the network yet "
                         f"(`berserk play --game {game.name}` plays it at one terminal)")
    return game


def rule_set(name: str) -> GameDef:
    """The duel of the rule set `name`; ValueError naming the known ones otherwise."""
    try:
        return RULE_SETS[name]
    except KeyError:
        raise ValueError(f"unknown rules {name!r}: {', '.join(RULE_SETS)}") from None


register("classic", "duel", CLASSIC)
register("boardgame", "duel", BOARDGAME)

# «Битва за Лаар» (games/laar.py)
register("boardgame", "laar-solo", LAAR_SOLO)
register("boardgame", "laar-duel", LAAR_DUEL)

# four players in two teams (games/team.py)
register("boardgame", "team", TEAM)

# «Берсерк. Герои», seeds 002 and 004 (games/heroes.py)
register("heroes", "duel", HEROES)
