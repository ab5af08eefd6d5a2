"""Additional costs over the network (rules decision 995): two `HeroesPeer`s whose decks hold «Тест: двойная плата»
(discard a card, wound your hero) and «Тест: плата по желанию» (optional discard for a bonus) play in lockstep to one
public hash; the cards the costs discard reach the graveyard named on both sides; the game verifies from its
messages."""

from __future__ import annotations

from .card_duel import TestCardDuel

PAYERS = ("h99040", "h99041")      # Тест: двойная плата, Тест: плата по желанию


def test_additional_costs_are_paid_over_the_network_and_verify() -> None:
    kinds: set[str] = set()

    def watch(duel: TestCardDuel) -> None:
        for peer in duel.peers:
            if peer.engine is not None and peer.engine.pending.kind in ("extra_cost", "discard"):
                kinds.add(peer.engine.pending.kind)
                for seat in (0, 1):      # both engines know every graveyard card
                    assert all(peer.engine.cards[u].card_id is not None for u in peer.engine.players[seat].grave)

    duel = TestCardDuel(7, PAYERS, 6)
    duel.play(watch=watch)
    assert {"extra_cost", "discard"} <= kinds, kinds
    duel.assert_agreed_and_verified()
