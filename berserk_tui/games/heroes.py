"""«Берсерк. Герои» (seeds 002 and 004) as a game definition: its own engine (`engine.heroes`), cards
(`cards.heroes`), bots (`bot.heroes`), random decks, its words (`describe_heroes`), the app's screens (`ui/heroes/`)
and its network policy (`netgame.heroes.HeroesPeer`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from berserk_tui.bot.heroes import HEROES_AGENTS
from berserk_tui.bot.heroes.evaluate import evaluate
from berserk_tui.engine.core import Events
from berserk_tui.engine.heroes import HEROES_RULEBOOK, HeroesRules, HeroesState
from berserk_tui.engine.heroes import rules as engine
from berserk_tui.engine.heroes.actions import from_wire, to_wire
from berserk_tui.engine.heroes.state import FORMAT_VERSION
from berserk_tui.engine.heroes.view import public_view, view
from berserk_tui.engine.rng import RandomSource
from berserk_tui.engine.state import CHANCE
from berserk_tui.netgame.heroes import HeroesPeer
from cards.heroes.decks import DECK_SIZE, card_problem, copies_allowed


class HeroesGame:
    """A game of «Берсерк. Герои» driven by a random source (a `gamedef.Driver`)."""

    def __init__(self, state: HeroesState, rng: RandomSource, events: Events | None = None) -> None:
        self.state = state
        self.rng = rng
        self.log: Events = list(events or [])
        self.resolve_chance()

    def resolve_chance(self) -> Events:
        ev: Events = []
        while self.state.pending.player == CHANCE:
            engine.apply(self.state, engine.draw(self.state, self.rng), ev)
        self.log.extend(ev)
        return ev

    @property
    def over(self) -> bool:
        return self.state.over

    def legal_actions(self) -> list:
        return engine.legal_actions(self.state)

    def step(self, action: Any) -> Events:
        ev = engine.apply(self.state, action)
        self.log.extend(ev)
        return ev + self.resolve_chance()


class Heroes:
    """The duel of «Берсерк. Герои» (`engine.gamedef.GameDef`)."""

    name = "heroes"
    rulebook = HEROES_RULEBOOK
    screens: Mapping[str, str] = {"setup": "heroes", "play": "heroes", "over": "heroes_over"}
    paced = ("play",)        # the phases whose bot moves the app paces (the classic game's "battle")
    public_decisions = ("first_player",)   # asked before the hands are dealt: hot-seat needs no hand-over for it
    agents = HEROES_AGENTS
    secrets = HeroesPeer     # the network's secrets policy (netgame/heroes.py)
    format_version = FORMAT_VERSION      # of the state whose hash a local save keeps
    to_wire = staticmethod(to_wire)      # the actions' wire forms (a local save's list of actions)
    from_wire = staticmethod(from_wire)

    def __repr__(self) -> str:
        return "Heroes()"

    def rules(self, options: Any = None) -> HeroesRules:
        """`options` if they are this game's, else the defaults with the `turn_limit` they carry (the simulator's)."""
        if isinstance(options, HeroesRules):
            return options
        limit = getattr(options, "turn_limit", None)   # (HeroesRules.turn_limit is a slot, not the default)
        return HeroesRules() if limit is None else HeroesRules(turn_limit=limit)

    def play_rules(self) -> HeroesRules:
        """The rules of a game in the app: cards not yet implemented play as their stats, as in the simulator."""
        return HeroesRules(vanilla=True)

    def sim_rules(self, turn_limit: int) -> HeroesRules:
        """The rules of a simulated game: cards not yet implemented play as their stats (`HeroesRules.vanilla`)."""
        return HeroesRules(turn_limit=turn_limit, vanilla=True)

    def load_db(self) -> dict[str, Any]:
        from cards.heroes.loader import load_heroes
        return load_heroes()

    def random_deck(self, db: Mapping[str, Any], rng: random.Random, vanilla: bool = True) -> list[str]:
        return random_deck(db, rng, vanilla)

    def prebuilt_decks(self, db: Mapping[str, Any]) -> list[Any]:
        """The prebuilt decks (`cards/heroes/decks/`, `HeroDeck`: `.ids` is the deck as the engine takes it)."""
        from cards.heroes.decks import prebuilt_decks
        return prebuilt_decks(db)

    def new_game(self, db: Any, decks: tuple[list, list], rules: Any = None,
                 **setup: Any) -> tuple[HeroesState, Events]:
        return engine.new_game(db, decks, self.rules(rules))

    def start(self, db: Any, decks: tuple[list, list], rng: RandomSource, rules: Any = None,
              **setup: Any) -> HeroesGame:
        state, ev = self.new_game(db, decks, rules)
        return HeroesGame(state, rng, ev)

    def legal_actions(self, state: HeroesState) -> list:
        return engine.legal_actions(state)

    def apply(self, state: HeroesState, action: Any, ev: Events | None = None) -> Events:
        return engine.apply(state, action, ev)

    def chance_outcomes(self, state: HeroesState) -> list:
        return engine.chance_outcomes(state)

    def draw(self, state: HeroesState, rng: RandomSource) -> Any:
        return engine.draw(state, rng)

    def view(self, state: HeroesState, seat: int) -> HeroesState:
        return view(state, seat)

    def public_view(self, state: HeroesState) -> HeroesState:
        return public_view(state)

    def state_hash(self, state: HeroesState) -> str:
        return state.state_hash()

    def describer(self, view: Any, lang: str, roles: Mapping[int, str] | None = None) -> Any:
        from berserk_tui.describe_heroes import HeroesDescriber
        return HeroesDescriber(view, lang, roles)

    def evaluate(self, state: HeroesState, seat: int) -> float:
        return evaluate(state, seat)

    def survivors(self, state: HeroesState, seats: tuple[int, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Each bot's hero and creatures in play as "name life/max" (`seats`: the bot in each seat)."""
        from berserk_tui.engine.heroes.cards import life, life_left
        left: tuple[list[str], list[str]] = ([], [])
        for seat, p in enumerate(state.players):
            for uid in (p.hero, *p.play):
                left[seats[seat]].append(f"{state.cdef(uid).name} {life_left(state, uid)}/{life(state, uid)}")
        return tuple(left[0]), tuple(left[1])


def random_deck(db: Mapping[str, Any], rng: random.Random, vanilla: bool = True, hero_id: str = "") -> list[str]:
    """A legal deck drawn at random: a hero (`hero_id` if given), then 40 cards of its element and neutral ones, at
    most 3 of a name (5 with Орда). The cards are the implemented ones; with `vanilla` creatures not yet implemented
    fill the pool too (they play as their stats under `HeroesRules.vanilla`). ValueError if no hero has cards
    enough."""
    pools = deck_pools(db, vanilla, hero_id)
    if not pools:
        raise ValueError(f"no hero has {DECK_SIZE} cards of its element to draw a deck from "
                         f"({sum(c.type == 'hero' for c in db.values())} heroes in the card database)")
    hero, pool = rng.choice(pools)
    copies = [c.id for c in pool for _ in range(copies_allowed(c))]
    return [hero.id, *sorted(rng.sample(copies, DECK_SIZE))]


def deck_pools(db: Mapping[str, Any], vanilla: bool = True, hero_id: str = "") -> list[tuple[Any, list[Any]]]:
    """Each hero (or only `hero_id`) with cards enough for a deck, and the cards its deck may hold, by id."""
    cards = sorted(db.values(), key=lambda c: c.id)
    heroes = [c for c in cards if c.type == "hero" and (not hero_id or c.id == hero_id)]
    pools = []
    for hero in heroes:
        pool = [c for c in cards if card_problem(hero, c, need_implemented=not vanilla) is None]   # the deck rules
        if sum(copies_allowed(c) for c in pool) >= DECK_SIZE:
            pools.append((hero, pool))
    return pools


HEROES = Heroes()
