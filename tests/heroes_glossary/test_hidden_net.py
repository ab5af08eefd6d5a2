"""A hidden creature over the network (rules decision 967): two `HeroesPeer`s whose decks hold the test card «Тест:
тень» (Скрытность) play in lockstep to one public hash, hide and reveal creatures with no secret of their own, and the
game verifies again from its messages."""

from __future__ import annotations

from .card_duel import TestCardDuel

SHADE = "h99017"            # Тест: тень — Скрытность; «(1): раскройте это существо» works hidden


def test_hidden_creatures_play_over_the_network_and_verify() -> None:
    hidden: set[int] = set()

    def watch(duel: TestCardDuel) -> None:
        for peer in duel.peers:
            if peer.engine is not None:
                hidden.update(c.uid for c in peer.engine.cards if c.zone == "face_down")

    duel = TestCardDuel(7, (SHADE,), 3)
    duel.play(watch=watch)
    assert hidden, "no creature was hidden"
    duel.assert_agreed_and_verified()
