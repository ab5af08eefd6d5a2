"""A network duel of two `HeroesPeer`s with test cards (set 99) in their decks: random decks of the shipped cards
whose cheapest creatures are swapped for the given test cards, played by greedy bots in lockstep, and the check that
both sides agree and the game verifies again from its messages."""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path

from berserk_tui import games
from berserk_tui.bot import get_agent
from berserk_tui.games.heroes import HEROES, random_deck
from berserk_tui.netgame import PeerSecrets, verify_game
from berserk_tui.netgame.heroes import HeroesPeer
from cards.heroes.loader import load_set
from tests.netgame.heroes_duel import HeroesDuel

SHIPPED = HEROES.load_db()
DB = {**SHIPPED, **{c.id: c for c in load_set(Path(__file__).parent / "test_cards.toml")}}


class TestCardDuel(HeroesDuel):
    """A duel of random decks whose `swaps` cheapest creatures are swapped for `cards` in turn."""

    __test__ = False

    def __init__(self, seed: int, cards: tuple[str, ...], swaps: int) -> None:
        rng = random.Random(seed)
        self.seed = seed
        self.secrets = [PeerSecrets.generate(rng.randbytes) for _ in (0, 1)]
        self.decks = [random_deck(SHIPPED, rng) for _ in (0, 1)]
        for deck in self.decks:
            cheap = sorted((DB[c].cost, i) for i, c in enumerate(deck) if i and DB[c].type == "creature")[:swaps]
            for n, (_, i) in enumerate(cheap):
                deck[i] = cards[n % len(cards)]
        self.peers = [HeroesPeer(DB, s, self.decks[s], self.secrets[s], game="heroes", rules_of=games.rules_of)
                      for s in (0, 1)]
        self.agents = [get_agent("greedy", seed * 2 + s, HEROES.agents) for s in (0, 1)]
        self.queues = [deque(), deque()]
        self.streams = [[], []]

    def assert_agreed_and_verified(self) -> None:
        """Both peers ended with one verified result, and the messages replay to the same winner."""
        results = [peer.result for peer in self.peers]
        assert results[0] is not None and results[0] == results[1] and results[0].verified
        report = verify_game(DB, self.streams[0], self.streams[1], HeroesPeer, games.rules_of)
        assert report.winner == results[0].winner and not report.partial
