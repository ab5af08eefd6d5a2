"""Game state: card instances, players, the pending decision and the resolution stack.

Everything in the state is plain data (ints, strings, tuples), so a clone is a handful of
list copies and the canonical encoding is msgpack of arrays in a fixed field order.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

import msgpack

from cards.schema import CardDef

from .events import pack, unpack_ext
from .geometry import CLASSIC_BOARD, NO_CELL, Geometry
from .modifiers import valid_entry
from .rulebook import CLASSIC_RULEBOOK, Rulebook
from .seats import TWO_SEATS, Seats

BATTLEFIELD = ("board", "extra", "seated")     # the zones of the cards on the battlefield
CHANCE = -1          # `Decision.player` of a chance node
NOBODY = -2          # `Decision.player` when the game is over
FORMAT_VERSION = 7      # 3: named modifiers (engine.modifiers) with references, not JSON text;
                        # 4: trigger contexts are game events (events.GameEvent, a msgpack extension);
                        # 5: a decision's data is its kind's record (every field, in order), summon and
                        # prophecy effects are card-part references, not JSON text; 6: the cell_marker
                        # decision carries an area (a row, a line of cells); 7: a player's `dealt` and
                        # `peeked` (Лазутчица)


class Decision(NamedTuple):
    """Who must act next and on what: `kind` names the decision, `data` is the record its kind declares (a
    NamedTuple: `core.ask` takes the kind from it; the machine's own kinds are in `MACHINE_RECORDS`)."""
    player: int
    kind: str
    data: Any


class RollChance(NamedTuple):
    """A die to roll, for card `who` (for seat `who` in the order roll)."""
    who: int


class ShuffleChance(NamedTuple):
    """`seat`'s deck to shuffle."""
    seat: int


class Nothing(NamedTuple):
    """No data: the record of "none" (tasks are left to run) and of "over" (the game has ended)."""


MACHINE_RECORDS: dict[str, type] = {"roll": RollChance, "shuffle": ShuffleChance, "none": Nothing, "over": Nothing}
NO_DECISION = Decision(NOBODY, "none", Nothing())


class Item(NamedTuple):
    """A declared action or instant waiting on the stack (resolved last-declared-first)."""
    kind: str            # "strike" | "ability" | "defend" | "end_turn" | "chip" | "anti_air"
    owner: int
    actor: int           # uid, -1 for end of turn
    ability: int = -1
    target: int = -1
    defender: int = -1
    redirected: bool = False
    canceled: bool = False


@dataclass(frozen=True, slots=True)
class Rules:
    """Ruleset options, and the rulebook whose tasks and decisions drive the game (the state encodes its name
    only: a state is decoded with the rulebook its reader gives, which must bear that name)."""
    redeal_fewer: bool = False     # seeds 003/004: each redeal deals one card fewer, for free
    first_game: bool = False       # seed 000 first game: squads pre-bought, Клок's side first
    open_deployment: bool = False  # cards may be placed face up (first game)
    turn_limit: int = 200          # a longer game ends as a stalled draw
    deal_size: int = 15
    geometry: Geometry = CLASSIC_BOARD   # the board and each place's area on it
    seats: Seats = TWO_SEATS             # the seats, their teams and the turn order
    rulebook: Rulebook = field(default=CLASSIC_RULEBOOK, repr=False)

    def to_list(self) -> list[Any]:
        """The encoding (the rulebook by its name); the classic board, two seats and rulebook are left out, so
        a classic duel's encoding is that of the rules before they were data."""
        out: list[Any] = [self.redeal_fewer, self.first_game, self.open_deployment, self.turn_limit, self.deal_size]
        if self.rulebook.name != CLASSIC_RULEBOOK.name:
            out += [self.geometry.spec(), self.seats.spec(), self.rulebook.name]
        elif self.geometry != CLASSIC_BOARD or self.seats != TWO_SEATS:
            out += [self.geometry.spec(), self.seats.spec()]
        return out

    @classmethod
    def from_list(cls, data: list[Any], rulebook: Rulebook) -> Rules:
        """Rules decoded for a reader driving them with `rulebook`; ValueError if they are of another rule set."""
        name = data[7] if len(data) == 8 else CLASSIC_RULEBOOK.name
        if name != rulebook.name:
            raise ValueError(f"a game of the rule set {name!r}, read with {rulebook.name!r}")
        if len(data) >= 7:
            return cls(*data[:5], Geometry.from_spec(data[5]), Seats.from_spec(data[6]), rulebook)
        return cls(*data, rulebook=rulebook)


class CardState:
    """One card instance in a squad (uid = index in GameState.cards)."""

    __slots__ = (
        "uid", "owner", "card_id", "zone", "cell", "host", "face_down", "closed", "wounds", "extra_life",
        "moves", "moved", "poison", "cursed", "blessed", "chips", "inc_tokens", "incarnated", "wounded_turn",
        "armor_used", "armor_turn", "modifiers", "used", "no_move_turn", "anti_air_until", "next_roll", "dash_turn",
        "first_strike_turn", "last_hit",
    )

    def __init__(self, uid: int, owner: int, card_id: str | None) -> None:
        self.uid = uid
        self.owner = owner
        self.card_id = card_id
        self.zone = "squad"          # squad | board | extra | seated | grave | exile
        self.cell = NO_CELL
        self.host = -1
        self.face_down = True
        self.closed = False
        self.reset_battle_state()
        self.inc_tokens = 0
        self.incarnated = False

    def reset_battle_state(self) -> None:
        """Forget everything a card carries on the battlefield (it left play)."""
        self.wounds = 0
        self.extra_life = 0
        self.moves = 0
        self.moved = False
        self.poison = 0
        self.cursed = False
        self.blessed = False
        self.chips = 0
        self.wounded_turn = -1
        self.armor_used = 0
        self.armor_turn = -1
        # (key, value, last turn), each key declared in engine.modifiers with its value type and expiry
        self.modifiers: tuple[tuple[str, Any, int], ...] = ()
        # (ability index, turn; -1/-2 for battle-long counts, kept when it leaves play: «2 раза за бой»)
        self.used: tuple[tuple[int, int], ...] = tuple(u for u in getattr(self, "used", ()) if u[1] < 0)
        self.no_move_turn = -1
        self.anti_air_until = -1
        self.next_roll = 0
        self.dash_turn = -1
        self.first_strike_turn = -1    # the turn of its first strike that did not close it (double_strike)
        self.last_hit: tuple[int, str] = (-1, "")   # (source, kind) of the last wounds it took

    def clone(self) -> CardState:
        # straight assignments: this is the hot path of every search (a getattr loop is 3x slower);
        # test_state checks that every slot is copied
        new = CardState.__new__(CardState)
        new.uid = self.uid
        new.owner = self.owner
        new.card_id = self.card_id
        new.zone = self.zone
        new.cell = self.cell
        new.host = self.host
        new.face_down = self.face_down
        new.closed = self.closed
        new.wounds = self.wounds
        new.extra_life = self.extra_life
        new.moves = self.moves
        new.moved = self.moved
        new.poison = self.poison
        new.cursed = self.cursed
        new.blessed = self.blessed
        new.chips = self.chips
        new.inc_tokens = self.inc_tokens
        new.incarnated = self.incarnated
        new.wounded_turn = self.wounded_turn
        new.armor_used = self.armor_used
        new.armor_turn = self.armor_turn
        new.modifiers = self.modifiers
        new.used = self.used
        new.no_move_turn = self.no_move_turn
        new.anti_air_until = self.anti_air_until
        new.next_roll = self.next_roll
        new.dash_turn = self.dash_turn
        new.first_strike_turn = self.first_strike_turn
        new.last_hit = self.last_hit
        return new

    def to_list(self) -> list[Any]:
        return [getattr(self, name) for name in CardState.__slots__]

    @classmethod
    def from_list(cls, data: list[Any]) -> CardState:
        new = cls.__new__(cls)
        for name, value in zip(cls.__slots__, data, strict=True):
            setattr(new, name, _tuplify(value))
        return new

    @property
    def on_battlefield(self) -> bool:
        return self.zone in BATTLEFIELD


@dataclass(slots=True)
class PlayerState:
    """One seat: crystals, the deck and deal, the squad and the discard zones."""
    gold: int = 0
    silver: int = 0
    redeals: int = 0
    deck: tuple[str | None, ...] = ()
    deal: tuple[str | None, ...] = ()
    selected: tuple[int, ...] = ()
    squad: tuple[int, ...] = ()
    grave: tuple[int, ...] = ()
    exile: tuple[int, ...] = ()
    taken: tuple[int, ...] = ()      # deal indices taken «до набора отряда» (cannot be put back)
    extra: tuple[int, ...] = ()      # deal indices bought at the higher price of a `purchase_option`
    dealt: tuple[str | None, ...] = ()   # the deal the squad was bought from, until the deployment (Лазутчица)
    peeked: tuple[str | None, ...] = ()  # the opponent's deal cards this seat looked at (Лазутчица)

    def clone(self) -> PlayerState:
        return PlayerState(self.gold, self.silver, self.redeals, self.deck, self.deal, self.selected,
                           self.squad, self.grave, self.exile, self.taken, self.extra, self.dealt, self.peeked)

    def to_list(self) -> list[Any]:
        return [getattr(self, f.name) for f in fields(self)]


class GameState:
    """The whole game. Mutated only through `rules.apply`; `clone()` before speculating."""

    __slots__ = ("db", "rules", "geo", "seats", "phase", "first", "active", "turn", "winner", "stalled", "pending",
                 "tasks", "stack", "rolls", "cards", "grid", "players", "order_rolls", "seq", "legal_cache",
                 "blocker_cache")

    def __init__(self, db: Any, rules: Rules) -> None:
        self.db = db                      # cards.loader.CardDB (not part of the state proper)
        self.rules = rules
        self.geo = rules.geometry         # the rules' geometry and seats, read on every hot path
        self.seats = rules.seats
        self.phase = "order"              # order | purchase | deploy | reveal | battle | over
        self.first = -1                   # seat that goes first
        self.active = -1                  # seat whose turn it is
        self.turn = 0                     # 1 = the first player's first turn
        self.winner = -1                  # the winning team (the seat in a duel), DRAW, or -1 while playing
        self.stalled = False
        self.pending = NO_DECISION
        self.tasks: list[tuple] = []      # continuation stack (last = next)
        self.stack: list[Item] = []       # declared actions and instants
        self.rolls: tuple[int, ...] = ()  # dice of the resolution in progress
        self.cards: list[CardState] = []
        self.grid: list[int] = [-1] * rules.geometry.cells
        self.players = [PlayerState() for _ in range(rules.seats.count)]
        self.order_rolls: tuple[int, ...] = ()
        self.seq = 0                      # actions applied
        self.legal_cache: tuple | None = None   # (pending, legal actions); not part of the state
        # (cards counted, whether one of them can make a cell occupied with a marker): `cells.blocked_cells`;
        # worked out from the cards once a game, not part of the state
        self.blocker_cache: tuple[int, bool] | None = None

    # --- access -------------------------------------------------------------------
    def card(self, uid: int) -> CardState:
        return self.cards[uid]

    def cdef(self, uid: int) -> CardDef | None:
        cid = self.cards[uid].card_id
        return None if cid is None else self.db.cards[cid]

    def at(self, cell: int) -> int:
        return self.grid[cell]

    def is_first(self, seat: int) -> bool:
        return seat == self.first

    def place(self, seat: int) -> int:
        """The seat's place in the turn order, counted from the first player: the area it plays in."""
        return self.seats.places[self.first][seat]

    def next_turn(self, seat: int) -> int:
        """The number of `seat`'s next turn (after this one if it is his now): the turns pass in the seats'
        order, so in the duel it is `turn + 2` in his own turn and `turn + 1` in the opponent's."""
        return self.turn + (self.seats.places[self.active][seat] or self.seats.count)

    def next_enemy_turn(self, seat: int, now: bool) -> int:
        """The number of the next turn of an opponent of `seat`: this one if it is an opponent's and `now`."""
        order, teams, k = self.seats.rounds[self.active], self.seats.teams, 0 if now else 1
        while teams[order[k % self.seats.count]] == teams[seat]:
            k += 1
        return self.turn + k

    @property
    def over(self) -> bool:
        return self.winner != -1

    # --- copying and encoding ---------------------------------------------------------
    def clone(self) -> GameState:
        new = GameState.__new__(GameState)
        new.db = self.db
        new.rules = self.rules
        new.geo = self.geo
        new.seats = self.seats
        new.phase = self.phase
        new.first = self.first
        new.active = self.active
        new.turn = self.turn
        new.winner = self.winner
        new.stalled = self.stalled
        new.pending = self.pending
        new.tasks = self.tasks.copy()
        new.stack = self.stack.copy()
        new.rolls = self.rolls
        new.cards = [c.clone() for c in self.cards]
        new.grid = self.grid.copy()
        new.players = [p.clone() for p in self.players]
        new.order_rolls = self.order_rolls
        new.seq = self.seq
        new.legal_cache = None
        new.blocker_cache = self.blocker_cache
        return new

    def to_list(self) -> list[Any]:
        return [
            FORMAT_VERSION,
            self.rules.to_list(),
            self.phase, self.first, self.active, self.turn, self.winner, self.stalled,
            [*self.pending[:2], pack(tuple(self.pending.data))], [pack(t) for t in self.tasks],
            [list(i) for i in self.stack],
            self.rolls,
            [c.to_list() for c in self.cards], self.grid, [p.to_list() for p in self.players],
            self.order_rolls, self.seq,
        ]

    def to_bytes(self) -> bytes:
        return msgpack.packb(self.to_list(), use_bin_type=True)

    @classmethod
    def from_bytes(cls, data: bytes, db: Any, rulebook: Rulebook = CLASSIC_RULEBOOK) -> GameState:
        """Decode `to_bytes` output, a game driven by `rulebook`; raises ValueError on anything malformed."""
        try:
            raw = msgpack.unpackb(data, raw=False, strict_map_key=True, ext_hook=unpack_ext)
        except Exception as exc:  # msgpack raises many types; all mean "not a state"
            raise ValueError(f"not a saved game state: {exc}") from exc
        if not isinstance(raw, list) or not raw or raw[0] != FORMAT_VERSION:
            version = raw[0] if isinstance(raw, list) and raw else None
            raise ValueError(f"saved state format {version!r}, this version reads {FORMAT_VERSION}")
        try:
            return cls._decode(raw, db, rulebook)
        except ValueError:
            raise
        except (TypeError, IndexError, KeyError, AttributeError) as exc:
            raise ValueError(f"corrupt saved game state: {exc}") from exc

    @classmethod
    def _decode(cls, raw: list[Any], db: Any, rulebook: Rulebook) -> GameState:
        (_version, rules, phase, first, active, turn, winner, stalled, pending, tasks, stack, rolls,
         cards, grid, players, order_rolls, seq) = raw
        new = cls(db, Rules.from_list(rules, rulebook))
        new.phase, new.first, new.active, new.turn = phase, first, active, turn
        new.winner, new.stalled, new.seq = winner, stalled, seq
        record = MACHINE_RECORDS.get(pending[1]) or rulebook.records[pending[1]]    # the kind's record type
        new.pending = Decision(pending[0], pending[1], record(*_tuplify(pending[2])))
        new.tasks = [_tuplify(t) for t in tasks]
        new.stack = [Item(*i) for i in stack]
        new.rolls = tuple(rolls)
        new.cards = [CardState.from_list(c) for c in cards]
        new.grid = list(grid)
        if len(new.grid) != new.geo.cells or any(not isinstance(x, int) for x in new.grid):
            raise ValueError(f"the grid must hold {new.geo.cells} card references")
        new.players = [PlayerState(*(_tuplify(v) for v in p)) for p in players]
        if len(new.players) != new.seats.count:
            raise ValueError(f"{len(new.players)} players for {new.seats.count} seats")
        new.order_rolls = tuple(order_rolls)
        scalars = (new.first, new.active, new.turn, new.winner, new.seq, *new.grid, *new.rolls, *new.order_rolls)
        if not isinstance(new.phase, str) or not all(type(x) is int for x in scalars):
            raise ValueError("fields of the wrong type")
        for c in new.cards:
            if not isinstance(c.zone, str) or type(c.wounds) is not int or type(c.cell) is not int \
                    or not isinstance(c.modifiers, tuple):
                raise ValueError(f"card {c.uid} has fields of the wrong type")
        for cid in {c.card_id for c in new.cards} | {x for p in new.players for x in p.deck + p.deal}:
            if cid is not None and cid not in db.cards:
                raise ValueError(f"saved state names unknown card {cid!r}")
        for c in new.cards:
            bad = next((m for m in c.modifiers if not valid_entry(new, m)), None)
            if bad is not None:
                raise ValueError(f"card {c.uid} has a malformed modifier {bad!r}")
        return new

    def state_hash(self) -> str:
        return hashlib.sha256(self.to_bytes()).hexdigest()


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value
