"""Additional costs over the network (rules decision 995): two `HeroesPeer`s whose decks hold «Тест: двойная плата»
(discard a card, wound your hero) and «Тест: плата по желанию» (optional discard for a bonus) play in lockstep to one
public hash; the cards the costs discard reach the graveyard named on both sides; the game verifies from its
messages."""

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

PAYERS = ("h99040", "h99041")      # Тест: двойная плата, Тест: плата по желанию
SHIPPED = HEROES.load_db()
DB = {**SHIPPED, **{c.id: c for c in load_set(Path(__file__).parent / "test_cards.toml")}}


class PayerDuel(HeroesDuel):
    """A duel of random decks whose six cheapest creatures are swapped for the two test cards, three each."""

    def __init__(self, seed: int) -> None:
        rng = random.Random(seed)
        self.seed = seed
        self.secrets = [PeerSecrets.generate(rng.randbytes) for _ in (0, 1)]
        self.decks = [random_deck(SHIPPED, rng) for _ in (0, 1)]
        for deck in self.decks:
            cheap = sorted((DB[c].cost, i) for i, c in enumerate(deck) if i and DB[c].type == "creature")[:6]
            for n, (_, i) in enumerate(cheap):
                deck[i] = PAYERS[n % 2]
        self.peers = [HeroesPeer(DB, s, self.decks[s], self.secrets[s], game="heroes", rules_of=games.rules_of)
                      for s in (0, 1)]
        self.agents = [get_agent("greedy", seed * 2 + s, HEROES.agents) for s in (0, 1)]
        self.queues = [deque(), deque()]
        self.streams = [[], []]


def test_additional_costs_are_paid_over_the_network_and_verify() -> None:
    kinds: set[str] = set()

    def watch(duel: HeroesDuel) -> None:
        for peer in duel.peers:
            if peer.engine is not None and peer.engine.pending.kind in ("extra_cost", "discard"):
                kinds.add(peer.engine.pending.kind)
                for seat in (0, 1):      # both engines know every graveyard card
                    assert all(peer.engine.cards[u].card_id is not None for u in peer.engine.players[seat].grave)

    duel = PayerDuel(7)
    duel.play(watch=watch)
    results = [peer.result for peer in duel.peers]
    assert {"extra_cost", "discard"} <= kinds, kinds
    assert results[0] is not None and results[0] == results[1] and results[0].verified
    report = verify_game(DB, duel.streams[0], duel.streams[1], HeroesPeer, games.rules_of)
    assert report.winner == results[0].winner and not report.partial
