"""The secrets policy of «Берсерк. Герои» (`HeroesPeer`, docs/protocol.md «Берсерк. Герои over the network»): two
peers play in lockstep to one public hash and verify each other; neither engine ever holds the other's deck or
unplayed hand; the first-player die needs both sides; and a peer whose plays do not follow its committed deck and
shuffles is caught, live or at the final reveal, and by `verify_game`."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from berserk_tui import games
from berserk_tui.netgame import ProtocolViolation, verify_game
from berserk_tui.netgame.commitments import die_value
from berserk_tui.netgame.heroes import SHOWN, HeroesPeer, deck_problem
from berserk_tui.netgame.wire import Message

from .heroes_duel import DB, HeroesDuel


def _verify(duel: HeroesDuel) -> Any:
    return verify_game(DB, duel.streams[0], duel.streams[1], HeroesPeer, games.rules_of)


_SEEN: set[tuple[int, int]] = set()     # (watching seat, uid) of cards it has seen in a public zone


def _hidden_from_the_opponent(duel: HeroesDuel) -> None:
    """Each engine knows of the other side's deck only cards it saw in play put back into it (У всего есть цена),
    and of his hand only the cards he showed, a search of his deck found, or that were in view before (a card returned
    to the hand), each as it truly is."""
    for seat, peer in enumerate(duel.peers):
        if peer.engine is None:
            continue
        them = peer.engine.players[1 - seat]
        _SEEN.update((id(peer), c.uid) for c in peer.engine.cards if c.zone not in ("hand", "deck"))
        public = {c.card_id for c in peer.engine.cards if (id(peer), c.uid) in _SEEN}
        assert all(card is None or card in public for card in them.deck)    # a card from play put back (bottom)
        told = {step.action[0] for step in peer.steps if step.kind in ("reveal", "found")}
        truth = duel.peers[1 - seat].engine
        for uid in them.hand:
            known = peer.engine.cards[uid].card_id
            if known is not None:
                assert (uid in told or (id(peer), uid) in _SEEN) and known == truth.cards[uid].card_id


@pytest.mark.parametrize(("seed", "bots"), [(1, ("greedy", "random")), (2, ("random", "greedy"))])
def test_two_peers_end_on_one_hash_each_verified_and_the_game_verifies_again(seed: int, bots: tuple[str, str]) -> None:
    duel = HeroesDuel(seed, bots)
    duel.play(watch=_hidden_from_the_opponent)
    results = [peer.result for peer in duel.peers]
    assert results[0] is not None and results[0] == results[1] and results[0].verified
    assert duel.peers[0].state_public_hash() == duel.peers[1].state_public_hash()
    assert any(SHOWN in body for kind, body in duel.streams[0] if kind == "act")     # cards were played and shown
    report = _verify(duel)
    assert report.winner == results[0].winner and not report.partial and report.steps > 20


def test_the_first_player_die_mixes_both_sides_chain_elements() -> None:
    duel = HeroesDuel(3)
    duel.play(until=lambda d: d.peers[0].engine is not None and d.peers[0].engine.die > 0)
    shares = duel.peers[0]._shares_by_seat()
    assert duel.peers[0].engine.die == die_value(shares[0][0], shares[1][0], 1)


class StackedShuffle(HeroesPeer):
    """Orders its own deck as it likes (seed 1) instead of the shuffle both sides' elements give."""

    def _chance_outcome(self, kind: str, data: tuple, k: int) -> Any:
        outcome = super()._chance_outcome(kind, data, k)
        return outcome._replace(seed=1) if kind == "shuffle" and data.seat == self.seat else outcome


class OtherDeck(HeroesPeer):
    """Commits to one deck and plays another of the same hero and size."""
    committed: list[str] = []

    def _hello_commitments(self) -> dict[str, Any]:
        real, self.deck = self.deck, sorted(self.committed[1:])
        try:
            return super()._hello_commitments()
        finally:
            self.deck = real

    def _final_secrets(self) -> dict[str, Any]:
        return {"deck": list(self.committed[:1]) + sorted(self.committed[1:])}


def _caught_at_the_final_reveal(duel: HeroesDuel) -> None:
    with pytest.raises(ProtocolViolation, match="full-information replay") as caught:
        duel.play()
    assert "revealed as" in str(caught.value) or "differs from the game played" in str(caught.value)
    with pytest.raises(ProtocolViolation, match="^seat 2"):        # the cheat, named
        _verify(duel)


def test_a_draw_out_of_the_committed_shuffle_is_caught_at_the_final_reveal() -> None:
    _caught_at_the_final_reveal(HeroesDuel(4, ("random", "greedy"), policies=(HeroesPeer, StackedShuffle)))


def test_a_card_not_in_the_committed_deck_is_caught_at_the_final_reveal() -> None:
    honest = HeroesDuel(5)
    other = next(d for d in (HeroesDuel(s).decks[1] for s in range(6, 40))
                 if d[0] == honest.decks[1][0] and d != honest.decks[1])
    OtherDeck.committed = other
    _caught_at_the_final_reveal(HeroesDuel(5, ("random", "greedy"), policies=(HeroesPeer, OtherDeck)))


def _tampered_act(seat: int, change: Any) -> Any:
    """A tamper that changes seat's first act message carrying shown cards, once."""
    done: list[bool] = []

    def tamper(sender: int, message: Message) -> Message | None:
        kind, body = message
        if sender == seat and kind == "act" and SHOWN in body and not done:
            done.append(True)
            return kind, change(copy.deepcopy(body))
        return message
    return tamper


def test_a_card_shown_that_is_not_in_the_senders_hand_is_refused_at_once() -> None:
    duel = HeroesDuel(1)

    def hero(body: dict) -> dict:
        body[SHOWN][0][0] = duel.peers[1].engine.players[0].hero
        return body
    with pytest.raises(ProtocolViolation, match="is not a card in the opponent's hand"):
        duel.play(tamper=_tampered_act(0, hero))


def test_a_card_played_without_being_shown_is_refused_at_once() -> None:
    def hide(body: dict) -> dict:
        del body[SHOWN]
        return body
    with pytest.raises(ProtocolViolation, match="illegal action Play"):
        HeroesDuel(1).play(tamper=_tampered_act(0, hide))


def test_a_revealed_deck_other_than_the_committed_one_is_refused() -> None:
    duel = HeroesDuel(2)

    def other_deck(sender: int, message: Message) -> Message | None:
        kind, body = message
        if sender == 1 and kind == "final":
            body = {**body, "deck": [body["deck"][0], *sorted(DB_CARD if c == body["deck"][1] else c
                                                              for c in body["deck"][1:])]}
        return kind, body
    with pytest.raises(ProtocolViolation, match="not the deck committed to in hello"):
        duel.play(tamper=other_deck)


DB_CARD = next(cid for cid, card in sorted(DB.items()) if card.type == "creature" and not card.elements)


def test_a_deck_that_breaks_the_deck_rules_is_named() -> None:
    deck = HeroesDuel(1).decks[0]
    assert deck_problem(DB, deck) is None
    assert "begins with its hero" in (deck_problem(DB, deck[1:]) or "")
    assert "cards besides the hero" in (deck_problem(DB, deck[:30]) or "")
    assert "101 cards besides the hero, not 40..100" in (deck_problem(DB, [deck[0], *deck[1:]*3][:102]) or "")
    name = DB[deck[1]].name
    assert f"copies of {name}: at most" in (deck_problem(DB, [deck[0], *[deck[1]] * 6, *deck[7:]]) or "")
    with pytest.raises(ValueError, match="not a deck of «Берсерк. Герои»"):
        HeroesPeer(DB, 0, deck[:30], HeroesDuel(1).secrets[0], game="heroes", rules_of=games.rules_of)


def _answered(duel: HeroesDuel, kind: str) -> list[tuple[int, str]]:
    """(owner, card) of each answer a peer gave the other engine about its deck (`HeroesPeer._answers`): `kind`
    "searched" a search by name, "picked" a pick from the deck."""
    return [(s, e.data["card"]) for s in (0, 1) for e in duel.peers[s].events
            if e.kind == kind and e.data["seat"] == s and e.data.get("deck", 0) > 0]


def test_a_search_of_a_hidden_deck_is_answered_by_its_owner_and_a_false_answer_is_caught() -> None:
    """A creature dies and its «Гибель» searches its owner's deck (Пехота Архааля, Порождение Пустоши); the other
    engine, which lacks that deck, asks the owner, whose program answers with what its own engine found (rules
    decision 904). The first of the first seeds where that happens and nothing is picked from a deck."""
    def searched(seed: int) -> tuple[HeroesDuel, list[tuple[int, str]]]:
        duel = HeroesDuel(seed)
        duel.play(watch=_hidden_from_the_opponent)
        found = [(s, card) for s, card in _answered(duel, "searched") if card]
        return duel, [] if _answered(duel, "picked") else found
    duel, found = next((duel, found) for duel, found in map(searched, range(1, 40)) if found)
    seed, (owner, _) = duel.seed, found[0]
    assert duel.peers[1 - owner].result.verified and _verify(duel).steps > 20

    def nothing_found(sender: int, message: Message) -> Message | None:
        kind, body = message
        return (kind, {**body, "card": ""}) if sender == owner and kind == "found" and body["card"] else message
    with pytest.raises(ProtocolViolation, match="desync"):     # his own engine took the card: the next hash differs
        HeroesDuel(seed).play(tamper=nothing_found)

    def not_of_that_name(sender: int, message: Message) -> Message | None:
        kind, body = message
        return (kind, {**body, "card": DB_CARD}) if sender == owner and kind == "found" else message
    with pytest.raises(ProtocolViolation, match="which is not a card it could take"):
        HeroesDuel(seed).play(tamper=not_of_that_name)
