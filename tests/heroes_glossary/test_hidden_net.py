"""A hidden creature over the network (rules decision 967): two `HeroesPeer`s whose decks hold the test card «Тест:
тень» (Скрытность) play in lockstep to one public hash, hide and reveal creatures with no secret of their own, and the
game verifies again from its messages."""

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

SHADE = "h99017"            # Тест: тень — Скрытность; «(1): раскройте это существо» works hidden
SHIPPED = HEROES.load_db()
DB = {**SHIPPED, **{c.id: c for c in load_set(Path(__file__).parent / "test_cards.toml")}}


class ShadeDuel(HeroesDuel):
    """A duel of random decks whose three cheapest creatures are swapped for three «Тест: тень» each."""

    def __init__(self, seed: int) -> None:
        rng = random.Random(seed)
        self.seed = seed
        self.secrets = [PeerSecrets.generate(rng.randbytes) for _ in (0, 1)]
        self.decks = [random_deck(SHIPPED, rng) for _ in (0, 1)]
        for deck in self.decks:
            cheap = sorted((DB[c].cost, i) for i, c in enumerate(deck) if i and DB[c].type == "creature")[:3]
            for _, i in cheap:
                deck[i] = SHADE
        self.peers = [HeroesPeer(DB, s, self.decks[s], self.secrets[s], game="heroes", rules_of=games.rules_of)
                      for s in (0, 1)]
        self.agents = [get_agent("greedy", seed * 2 + s, HEROES.agents) for s in (0, 1)]
        self.queues = [deque(), deque()]
        self.streams = [[], []]


def test_hidden_creatures_play_over_the_network_and_verify() -> None:
    hidden: set[int] = set()

    def watch(duel: HeroesDuel) -> None:
        for peer in duel.peers:
            if peer.engine is not None:
                hidden.update(c.uid for c in peer.engine.cards if c.zone == "face_down")

    duel = ShadeDuel(7)
    duel.play(watch=watch)
    results = [peer.result for peer in duel.peers]
    assert hidden, "no creature was hidden"
    assert results[0] is not None and results[0] == results[1] and results[0].verified
    report = verify_game(DB, duel.streams[0], duel.streams[1], HeroesPeer, games.rules_of)
    assert report.winner == results[0].winner and not report.partial
