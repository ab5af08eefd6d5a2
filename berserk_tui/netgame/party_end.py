"""The end of a four-seat game (`party.PartyPeer`): every seat's final reveal checked against its hello, then the
whole game replayed with every deck and secret known, and every card commitment kept."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from berserk_tui.engine import IllegalAction, Rules, apply, new_game
from cards.decks import Deck, DeckError, validate_deck

from .commitments import PeerSecrets, card_commitment, deck_commitment, public_hash
from .ending import GameResult
from .errors import ProtocolViolation
from .party_wire import Step, _Deployment
from .wire import Body


class PartyEnding:
    """The final reveals and the full-information replay of `PartyPeer` (whose state it reads)."""

    db: Any
    rules: Rules
    seat: int
    n: int
    deck: list[str]
    secrets: PeerSecrets
    result: GameResult | None
    steps: list[Step]
    _hellos: list[Body | None]
    _heads: list[list[bytes]]
    _openings: list[Body | None]
    _finals: list[Body | None]
    _commits: list[_Deployment | None]
    _cells: list[dict[int, int]]
    _chance_outcome: Callable[..., Any]

    def _on_final(self, origin: int, b: Body) -> None:
        if self.result is None:
            raise ProtocolViolation(f"seat {origin + 1} revealed its secrets before the end of the game")
        if self._finals[origin] is not None:
            raise ProtocolViolation(f"a second final of seat {origin + 1}")
        secrets, hello, deck = PeerSecrets(b["master"]), self._hellos[origin], b["deck"]
        if secrets.commitment != hello["master"]:
            raise ProtocolViolation(f"seat {origin + 1}'s master secret is not the one committed to in its hello")
        if deck != sorted(deck) or len(deck) != hello["deck_size"] or deck_commitment(secrets, deck) != hello["deck"]:
            raise ProtocolViolation(f"seat {origin + 1}'s revealed deck is not the one committed to in its hello")
        try:
            validate_deck(Deck("", "", tuple(deck), Path()), self.db)
        except (DeckError, KeyError) as exc:
            raise ProtocolViolation(f"seat {origin + 1}'s revealed deck breaks the deck rules: {exc}") from exc
        length = hello["chain_length"]
        if any(secrets.chain(e, length)[0] != head for e, head in enumerate(self._heads[origin])):
            raise ProtocolViolation(f"seat {origin + 1}'s dice chains do not come from its master secret")
        opening = self._openings[origin]
        if opening is not None and opening["salt"] != secrets.placement_salt:
            raise ProtocolViolation(f"seat {origin + 1}'s placement salt does not come from its master secret")
        self._finals[origin] = b
        if all(f is not None for s, f in enumerate(self._finals) if s != self.seat):
            self._check_full()

    def _check_full(self) -> None:
        """Replay every step with every deck and secret known; then every card commitment must hold."""
        revealed = [self.secrets if s == self.seat else PeerSecrets(self._finals[s]["master"]) for s in range(self.n)]
        decks = [list(self.deck) if s == self.seat else list(self._finals[s]["deck"]) for s in range(self.n)]
        full, _ = new_game(self.db, decks, self.rules)
        secrets = [r.shuffle_secret for r in revealed]
        for count, step in enumerate(self.steps):
            where = f"full-information replay, step {count} (seq {full.seq})"
            if step.kind == "act":
                try:
                    apply(full, step.action)
                except IllegalAction as exc:
                    raise ProtocolViolation(f"{where}: {step.action!r} is illegal with the revealed cards: "
                                            f"{exc}") from exc
            elif step.kind == "chance":
                apply(full, self._chance_outcome(full, step.k, None, secrets))
            elif full.cards[step.action.uid].card_id != step.action.card_id:
                raise ProtocolViolation(f"{where}: card {step.action.uid} was revealed as {step.action.card_id}, "
                                        f"but it is {full.cards[step.action.uid].card_id} with the revealed decks")
            if step.public is not None and public_hash(full) != step.public:
                raise ProtocolViolation(f"{where}: the game with the revealed cards differs after {step.action!r}")
        for s in range(self.n):
            if s == self.seat or self._commits[s] is None:
                continue
            for index, uid in enumerate(full.players[s].squad):
                got = card_commitment(revealed[s].card_salt(uid), self._cells[s][uid], uid, full.cards[uid].card_id)
                if got != self._commits[s].cards[index]:
                    raise ProtocolViolation(f"seat {s + 1}'s card {uid} is {full.cards[uid].card_id} in the deal from "
                                            "its revealed deck, but its deployment commitment names another card")
        self.result = GameResult(self.result.winner, self.result.ended, verified=True)
