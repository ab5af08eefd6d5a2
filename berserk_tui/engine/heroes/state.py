"""The state of a game of «Берсерк. Герои»: plain data, cheap to clone, canonically encoded.

`HeroesState` holds a `HCard` per card that has left a deck (the heroes from the start; a card drawn gets the next
uid), an `HPlayer` per seat (the deck as card ids, top first; the hand, the creatures, the support cards and the
graveyard as uids; the coins; the failed draws) and the machine's pending decision and task stack (`engine.core`).
`to_bytes` is canonical msgpack of arrays in a fixed field order, `state_hash` its SHA-256, and `from_bytes` checks
every field before it gives a state back.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

import msgpack

from ..rulebook import Rulebook
from ..seats import DRAW, TWO_SEATS, Seats
from ..state import MACHINE_RECORDS, NO_DECISION, Decision
from .book import HEROES_RULEBOOK

FORMAT_VERSION = 1
MAX_COINS = 10           # coins gained by the accumulation phase stop here (abilities may give more)
HAND_SIZE = 4            # the opening hand
FAILED_DRAWS_LOSE = 3    # the third draw from an empty deck at the start of a turn loses
# "deck": gone back to the deck (uid unused); "part": a module attached to a creature (rules decision 832); "mined":
# under the card that mined it (Добывает, its modifier "miner"; rules decision 950); "face_down": a hidden creature,
# in play but in no pile (Скрытое существо, ops/stealth.py; rules decision 967)
ZONES = ("hero", "hand", "play", "support", "grave", "deck", "supply", "part", "mined", "face_down")


@dataclass(frozen=True, slots=True)
class HeroesRules:
    """The options of a game of «Берсерк. Герои». `vanilla`: a card not yet implemented plays as its cost and
    stats alone (its abilities do nothing) — for random decks in the simulator while few cards are encoded."""
    turn_limit: int = 200          # a longer game ends as a stalled draw
    vanilla: bool = False
    seats: Seats = TWO_SEATS
    rulebook: Rulebook = field(default=HEROES_RULEBOOK, repr=False)

    def to_list(self) -> list[Any]:
        return [self.turn_limit, self.vanilla, self.rulebook.name]

    @classmethod
    def from_list(cls, data: Any, rulebook: Rulebook) -> HeroesRules:
        if not isinstance(data, list) or len(data) != 3:
            raise ValueError("the rules must be [turn_limit, vanilla, rulebook]")
        limit, vanilla, name = data
        if name != rulebook.name:
            raise ValueError(f"a game of the rule set {name!r}, read with {rulebook.name!r}")
        if type(limit) is not int or type(vanilla) is not bool:
            raise ValueError("rules fields of the wrong type")
        return cls(limit, vanilla, TWO_SEATS, rulebook)


class HCard:
    """One card out of a deck (uid = index in `HeroesState.cards`). `owner` is the seat that controls it (a card
    taken under control carries its owner's seat in the modifier "owner": `zones.take_control`). `uses`: (ability
    index, turn, times) of the abilities used or triggered, -1 for its strike; `modifiers`: (key, value, last turn;
    -1 while in play)."""

    __slots__ = ("uid", "owner", "card_id", "zone", "closed", "wounds", "entered", "defended", "uses", "modifiers")

    def __init__(self, uid: int, owner: int, card_id: str | None, zone: str) -> None:
        self.uid = uid
        self.owner = owner
        self.card_id = card_id
        self.zone = zone
        self.closed = False
        self.wounds = 0
        self.entered = -1                  # the turn it came into play
        self.defended = -1                 # the turn it last defended
        self.uses: tuple[tuple[int, int, int], ...] = ()
        self.modifiers: tuple[tuple[str, Any, int], ...] = ()

    def reset(self) -> None:
        """Forget what a card carries in play (it left play)."""
        self.closed = False
        self.wounds = 0
        self.entered = -1
        self.defended = -1
        self.uses = ()
        self.modifiers = ()

    def clone(self) -> HCard:
        new = HCard.__new__(HCard)
        new.uid, new.owner, new.card_id, new.zone = self.uid, self.owner, self.card_id, self.zone
        new.closed, new.wounds, new.entered, new.defended = self.closed, self.wounds, self.entered, self.defended
        new.uses, new.modifiers = self.uses, self.modifiers
        return new

    def to_list(self) -> list[Any]:
        return [self.uid, self.owner, self.card_id, self.zone, self.closed, self.wounds, self.entered,
                self.defended, [list(u) for u in self.uses], [list(m) for m in self.modifiers]]

    @classmethod
    def from_list(cls, data: Any, uid: int) -> HCard:
        if not isinstance(data, list) or len(data) != 10:
            raise ValueError(f"card {uid}: 10 fields expected")
        new = cls(data[0], data[1], data[2], data[3])
        new.closed, new.wounds, new.entered, new.defended = data[4:8]
        if new.uid != uid or type(new.owner) is not int or new.owner not in (0, 1) \
                or not (new.card_id is None or isinstance(new.card_id, str)) or new.zone not in ZONES \
                or type(new.closed) is not bool or not all(type(x) is int for x in data[5:8]):
            raise ValueError(f"card {uid} has fields of the wrong type")
        if not isinstance(data[8], list) or not all(isinstance(u, list) and len(u) == 3 and
                                                    all(type(x) is int for x in u) for u in data[8]):
            raise ValueError(f"card {uid}: malformed uses")
        if not isinstance(data[9], list) or not all(isinstance(m, list) and len(m) == 3 and isinstance(m[0], str)
                                                    and type(m[1]) in (int, str) and type(m[2]) is int
                                                    for m in data[9]):
            raise ValueError(f"card {uid}: malformed modifiers")
        new.uses = tuple(tuple(u) for u in data[8])
        new.modifiers = tuple(tuple(m) for m in data[9])
        return new


@dataclass(slots=True)
class HPlayer:
    """One seat: the hero, the deck (card ids, top first), the hand, the creatures in play (in the order they came
    in), the support cards (equipment and events), the graveyard, the coins (`closed` of them closed), the draws
    that failed on an empty deck, and whether the opening hand is settled (the mulligan)."""
    hero: int = -1
    deck: tuple[str | None, ...] = ()
    hand: tuple[int, ...] = ()
    play: tuple[int, ...] = ()
    support: tuple[int, ...] = ()
    grave: tuple[int, ...] = ()
    coins: int = 0
    closed: int = 0
    failed_draws: int = 0
    settled: bool = False
    played: int = 0          # cards played from the hand this turn
    drawn: int = 0           # cards drawn this turn

    def clone(self) -> HPlayer:
        return HPlayer(self.hero, self.deck, self.hand, self.play, self.support, self.grave, self.coins,
                       self.closed, self.failed_draws, self.settled, self.played, self.drawn)

    @property
    def open_coins(self) -> int:
        return self.coins - self.closed

    def to_list(self) -> list[Any]:
        return [self.hero, list(self.deck), list(self.hand), list(self.play), list(self.support), list(self.grave),
                self.coins, self.closed, self.failed_draws, self.settled, self.played, self.drawn]

    @classmethod
    def from_list(cls, data: Any, seat: int) -> HPlayer:
        if not isinstance(data, list) or len(data) != 12:
            raise ValueError(f"player {seat}: 12 fields expected")
        hero, deck, hand, play, support, grave, coins, closed, failed, settled, played, drawn = data
        piles = (hand, play, support, grave)
        if type(hero) is not int or not isinstance(deck, list) \
                or not all(c is None or isinstance(c, str) for c in deck) \
                or not all(isinstance(p, list) and all(type(u) is int for u in p) for p in piles) \
                or not all(type(x) is int for x in (coins, closed, failed, played, drawn)) \
                or type(settled) is not bool \
                or not 0 <= closed <= coins:
            raise ValueError(f"player {seat} has fields of the wrong type")
        return cls(hero, tuple(deck), tuple(hand), tuple(play), tuple(support), tuple(grave), coins, closed,
                   failed, settled, played, drawn)


class HeroesState:
    """The whole game of «Берсерк. Герои». Mutated only through `heroes.rules.apply`; `clone()` to speculate.

    `phase`: "setup" (the die, the choice of the first player, shuffles, the opening hands and mulligans), "play",
    "over". `turn` counts every turn from 1 (the first player's first turn); `die` is the last die rolled."""

    __slots__ = ("db", "rules", "seats", "phase", "first", "active", "turn", "winner", "stalled", "pending", "tasks",
                 "die", "cards", "players", "queued", "seq", "legal_cache")

    def __init__(self, db: Any, rules: HeroesRules) -> None:
        self.db = db                      # the card database (not part of the state proper)
        self.rules = rules
        self.seats = rules.seats
        self.phase = "setup"
        self.first = -1
        self.active = -1
        self.turn = 0
        self.winner = -1                  # the winning seat, DRAW, or -1 while playing
        self.stalled = False
        self.pending = NO_DECISION
        self.tasks: list[tuple] = []
        self.die = 0
        self.cards: list[HCard] = []
        self.players = [HPlayer() for _ in range(rules.seats.count)]
        self.queued: tuple[tuple[int, int, tuple], ...] = ()
        self.seq = 0
        self.legal_cache: tuple | None = None

    def card(self, uid: int) -> HCard:
        return self.cards[uid]

    def cdef(self, uid: int) -> Any:
        """The definition of card `uid` (None if this side does not know it)."""
        cid = self.cards[uid].card_id
        return None if cid is None else self.db[cid]

    @property
    def over(self) -> bool:
        return self.winner != -1

    def clone(self) -> HeroesState:
        new = HeroesState.__new__(HeroesState)
        new.db, new.rules, new.seats = self.db, self.rules, self.seats
        new.phase, new.first, new.active, new.turn = self.phase, self.first, self.active, self.turn
        new.winner, new.stalled, new.pending = self.winner, self.stalled, self.pending
        new.tasks = self.tasks.copy()
        new.die = self.die
        new.cards = [c.clone() for c in self.cards]
        new.players = [p.clone() for p in self.players]
        new.queued = self.queued
        new.seq = self.seq
        new.legal_cache = None
        return new

    def to_list(self) -> list[Any]:
        return [FORMAT_VERSION, self.rules.to_list(), self.phase, self.first, self.active, self.turn, self.winner,
                self.stalled, [self.pending.player, self.pending.kind, _plain(tuple(self.pending.data))],
                [_plain(t) for t in self.tasks], self.die, [c.to_list() for c in self.cards],
                [p.to_list() for p in self.players], _plain(self.queued), self.seq]

    def to_bytes(self) -> bytes:
        return msgpack.packb(self.to_list(), use_bin_type=True)

    def state_hash(self) -> str:
        return hashlib.sha256(self.to_bytes()).hexdigest()

    @classmethod
    def from_bytes(cls, data: bytes, db: Any, rulebook: Rulebook = HEROES_RULEBOOK) -> HeroesState:
        """Decode `to_bytes` output; ValueError naming what is malformed."""
        try:
            raw = msgpack.unpackb(data, raw=False, strict_map_key=True)
        except Exception as exc:  # msgpack raises many types; all mean "not a state"
            raise ValueError(f"not a saved game state: {exc}") from exc
        if not isinstance(raw, list) or not raw or raw[0] != FORMAT_VERSION:
            version = raw[0] if isinstance(raw, list) and raw else None
            raise ValueError(f"saved heroes state format {version!r}, this version reads {FORMAT_VERSION}")
        try:
            return cls._decode(raw, db, rulebook)
        except ValueError:
            raise
        except (TypeError, IndexError, KeyError, AttributeError) as exc:
            raise ValueError(f"corrupt saved heroes state: {exc}") from exc

    @classmethod
    def _decode(cls, raw: list[Any], db: Any, rulebook: Rulebook) -> HeroesState:
        if len(raw) != 15:
            raise ValueError("a heroes state has 15 fields")
        (_v, rules, phase, first, active, turn, winner, stalled, pending, tasks, die, cards, players, queued,
         seq) = raw
        new = cls(db, HeroesRules.from_list(rules, rulebook))
        if phase not in ("setup", "play", "over") or type(stalled) is not bool \
                or not all(type(x) is int for x in (first, active, turn, winner, die, seq)):
            raise ValueError("fields of the wrong type")
        if first not in (-1, 0, 1) or active not in (-1, 0, 1) or winner not in (-1, 0, 1, DRAW):
            raise ValueError("a seat out of range")
        new.phase, new.first, new.active, new.turn = phase, first, active, turn
        new.winner, new.stalled, new.die, new.seq = winner, stalled, die, seq
        if not isinstance(pending, list) or len(pending) != 3 or type(pending[0]) is not int:
            raise ValueError("malformed pending decision")
        record = MACHINE_RECORDS.get(pending[1]) or rulebook.records.get(pending[1])
        if record is None:
            raise ValueError(f"unknown decision {pending[1]!r}")
        new.pending = Decision(pending[0], pending[1], record(*_tuplify(pending[2])))
        if not isinstance(tasks, list) or not all(isinstance(t, list) and t and t[0] in rulebook.tasks for t in tasks):
            raise ValueError("malformed task stack")
        new.tasks = [_tuplify(t) for t in tasks]
        if not isinstance(cards, list) or not isinstance(players, list) or len(players) != 2:
            raise ValueError("malformed cards or players")
        new.cards = [HCard.from_list(c, uid) for uid, c in enumerate(cards)]
        new.players = [HPlayer.from_list(p, seat) for seat, p in enumerate(players)]
        count = len(new.cards)
        if not isinstance(queued, list) or not all(isinstance(q, list) and len(q) == 3 and type(q[0]) is int
                                                   and 0 <= q[0] < count and type(q[1]) is int for q in queued):
            raise ValueError("malformed queue of triggered abilities")
        new.queued = _tuplify(queued)
        for seat, p in enumerate(new.players):
            if not all(0 <= u < count and new.cards[u].owner in (0, 1) for u in (*p.hand, *p.play, *p.support,
                                                                                   *p.grave)):
                raise ValueError(f"player {seat} names a card that does not exist")
            if p.hero != -1 and not 0 <= p.hero < count:
                raise ValueError(f"player {seat}'s hero does not exist")
        for cid in {c.card_id for c in new.cards} | {x for p in new.players for x in p.deck}:
            if cid is not None and cid not in db:
                raise ValueError(f"saved state names unknown card {cid!r}")
        return new


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value
