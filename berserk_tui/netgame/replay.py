"""The full-information check: a complete engine fed one peer's recorded steps with the real
dice and shuffles must pass through the same public states."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from berserk_tui.engine import Event, IllegalAction, apply, new_game
from berserk_tui.engine.actions import Action, Roll, Shuffle

from .commitments import die_value, public_hash, shuffle_seed
from .errors import ProtocolViolation


class Step(NamedTuple):
    """One change of a peer's engine: a player's action, chance node `k`, or a revealed identity."""
    kind: str                 # "act" | "chance" | "reveal" | "deck" | "found" | "looked"
    action: Any               # the action (act), Reveal(uid, card_id) (reveal), (seat, position, card_id) (deck),
                              # (uid or -1, card_id) (found), (seat, card_id) (looked), None (chance)
    k: int                    # chance node number (chance), 0 otherwise
    public: bytes | None      # public hash after the step; None while the engine waits for a reveal


def chance_outcome(pending_kind: str, k: int, shares: tuple[list[bytes], list[bytes]],
                   shuffle_secret: bytes | None) -> Action:
    """The outcome of chance node `k`; a shuffle whose owner's secret is unknown gets seed 0
    (the deck is all None on this side, so any permutation is the same)."""
    s0, s1 = shares[0][k - 1], shares[1][k - 1]
    if pending_kind == "roll":
        return Roll(die_value(s0, s1, k))
    return Shuffle(0 if shuffle_secret is None else shuffle_seed(shuffle_secret, s0, s1, k))


class Engine(NamedTuple):
    """What the full replay needs of a game's engine: a new game from both decks, applying an action, and the
    public hash of a state (the lockstep check)."""
    new_game: Callable[..., tuple[Any, list[Event]]]
    apply: Callable[[Any, Action], list[Event]]
    public_hash: Callable[[Any], bytes]


CLASSIC_ENGINE = Engine(new_game, apply, public_hash)


class FullReplay:
    """A full-information engine following a peer's steps; `feed` raises ProtocolViolation at the
    first step that is illegal with the real cards or leads to a different public state, and
    returns the step's events (`start_events` are those of the new game)."""

    def __init__(self, db: Any, decks: tuple[list[str], list[str]], shuffle_secrets: tuple[bytes, bytes],
                 shares: tuple[list[bytes], list[bytes]], rules: Any = None, engine: Engine = CLASSIC_ENGINE) -> None:
        self.engine = engine
        self.state, self.start_events = engine.new_game(db, (list(decks[0]), list(decks[1])), rules)
        self.shuffle_secrets = shuffle_secrets
        self.shares = shares
        self.count = 0
        self.acted: list[Event] = []      # the events of the last act step

    def feed(self, step: Step) -> list[Event]:
        st = self.state
        where = f"full-information replay, step {self.count} (seq {st.seq})"
        events: list[Event] = []
        if step.kind == "act":
            seat = st.pending.player
            try:
                events = self.engine.apply(st, step.action)
            except IllegalAction as exc:
                raise ProtocolViolation(f"{where}: seat {seat + 1}'s {step.action!r} is illegal with the revealed "
                                        f"cards: {exc}") from exc
            self.acted = events
        elif step.kind == "chance":
            pending = st.pending
            owner = pending.data.seat if pending.kind == "shuffle" else -1
            secret = self.shuffle_secrets[owner] if owner >= 0 else None
            events = self.engine.apply(st, chance_outcome(pending.kind, step.k, self.shares, secret))
        elif step.kind == "found":          # what a search of a deck found: (new card's uid or -1, card id)
            uid, card_id = step.action
            if uid >= 0 and (uid >= len(st.cards) or st.cards[uid].card_id != card_id):
                real = st.cards[uid].card_id if uid < len(st.cards) else "nothing"
                raise ProtocolViolation(f"{where}: a search was said to find {card_id}, but it finds {real} with the "
                                        "revealed deck and secrets")
        elif step.kind == "looked":         # the top card of a deck a look in the last action saw: (owner, card id)
            seat, card_id = step.action
            seen = [e.data["card"] for e in self.acted if e.kind == "looked_top" and e.data["deck"] == seat]
            if card_id not in seen:
                raise ProtocolViolation(f"{where}: the top card of seat {seat + 1}'s deck was said to be {card_id}, "
                                        f"but the look saw {seen[0] if seen else 'nothing'} with the revealed deck "
                                        "and secrets")
        elif step.kind == "deck":           # a deck card shown for an action: (owner, position, card id)
            seat, index, card_id = step.action
            deck = st.players[seat].deck
            if index >= len(deck) or deck[index] != card_id:
                real = deck[index] if index < len(deck) else "nothing"
                raise ProtocolViolation(f"{where}: card {index} of seat {seat + 1}'s deck was shown as {card_id}, but "
                                        f"it is {real} with the revealed deck and secrets")
        else:
            uid, card_id = step.action
            if st.cards[uid].card_id != card_id:
                raise ProtocolViolation(f"{where}: card {uid} was revealed as {card_id}, but it is "
                                        f"{st.cards[uid].card_id} with the revealed deck and secrets")
        if step.public is not None and self.engine.public_hash(st) != step.public:
            raise ProtocolViolation(f"{where}: the game with the revealed cards differs from the game played "
                                    f"after {step.kind} {step.action!r}")
        self.count += 1
        return events
