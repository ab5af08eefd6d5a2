"""Actions: every input to the engine, from a die roll to ending a turn.

Actions are small immutable tuples; `to_wire`/`from_wire` give their canonical msgpack form.
Card references are instance ids (uid); cells are 0..29 (see board.py).
"""

from typing import NamedTuple


class Roll(NamedTuple):
    """Chance outcome: a die shows `value`."""
    value: int


class Shuffle(NamedTuple):
    """Chance outcome: a deck is shuffled with permutation seed `seed`."""
    seed: int


class ChooseOrder(NamedTuple):
    """The order-roll winner goes first (True) or second (False)."""
    first: bool


class Redeal(NamedTuple):
    """Shuffle the deal back and deal again (пересдача)."""


class Buy(NamedTuple):
    """Take card `index` of the deal into the squad."""
    index: int


class BuyExtra(NamedTuple):
    """Take card `index` of the deal into the squad at the higher price of its purchase option."""
    index: int


class Recruit(NamedTuple):
    """«До набора отряда»: take card `index` of the deal into the squad by its own ability, before the purchase."""
    index: int


class Unbuy(NamedTuple):
    """Put card `index` of the deal back."""
    index: int


class Confirm(NamedTuple):
    """Finish the current step (squad purchase, deployment)."""


class Place(NamedTuple):
    """Deploy squad card `uid` face down on `cell`."""
    uid: int
    cell: int


class Unplace(NamedTuple):
    """Take the card on `cell` back into the hand of undeployed cards."""
    cell: int


class Seat(NamedTuple):
    """Seat the pending symbiont on creature `host`."""
    host: int


class Move(NamedTuple):
    """Move creature `uid` one cell (or jump/teleport) to `cell`."""
    uid: int
    cell: int


class Strike(NamedTuple):
    """Simple strike by `uid` at `target`."""
    uid: int
    target: int


class Use(NamedTuple):
    """Use ability number `ability` of card `uid`; `target` is a uid or -1."""
    uid: int
    ability: int
    target: int = -1


class TakeChip(NamedTuple):
    """Close `uid` to gain a chip."""
    uid: int


class AntiAir(NamedTuple):
    """Close `uid` to gain one simple strike at a flyer (only flyers remain)."""
    uid: int


class EndTurn(NamedTuple):
    """End the active player's turn."""


class Defend(NamedTuple):
    """Assign `uid` as the defender against the simple strike being declared."""
    uid: int


class Pass(NamedTuple):
    """Declare nothing in a response window."""


class Choose(NamedTuple):
    """Pick option `option` of the pending choice (0 = no / keep, 1 = yes / reduce, ...)."""
    option: int


class Target(NamedTuple):
    """Pick card `uid` for the pending effect."""
    uid: int


class PickCell(NamedTuple):
    """Pick `cell` for the pending effect."""
    cell: int


class Skip(NamedTuple):
    """Decline an optional effect."""


class Reveal(NamedTuple):
    """The owner reveals the identity `card_id` of face-down card `uid` (peer-to-peer input)."""
    uid: int
    card_id: str


class FromDeck(NamedTuple):
    """Take or show a card `card_id` of the deciding player's deck (summon, prophecy)."""
    card_id: str


Action = (
    Roll | Shuffle | ChooseOrder | Redeal | Buy | BuyExtra | Recruit | Unbuy | Confirm | Place | Unplace | Seat | Move
    | Strike | Use | TakeChip | AntiAir | EndTurn | Defend | Pass | Choose | Target | PickCell | Skip | Reveal
    | FromDeck
)

def _same_action(self: tuple, other: object) -> bool:
    """Actions are equal only if they are of the same type (plain tuples ignore the type)."""
    return type(self) is type(other) and tuple.__eq__(self, other)


def _different_action(self: tuple, other: object) -> bool:
    return not _same_action(self, other)


ACTION_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        Roll, Shuffle, ChooseOrder, Redeal, Buy, BuyExtra, Recruit, Unbuy, Confirm, Place, Unplace, Seat, Move, Strike,
        Use, TakeChip, AntiAir, EndTurn, Defend, Pass, Choose, Target, PickCell, Skip, Reveal, FromDeck,
    )
}


def to_wire(action: Action) -> list:
    """Canonical list form: [type name, *fields]."""
    return [type(action).__name__, *action]


def from_wire(data: object) -> Action:
    """Parse the wire form; raises ValueError on anything malformed."""
    if not isinstance(data, (list, tuple)) or not data or not isinstance(data[0], str):
        raise ValueError(f"malformed action: {data!r}")
    cls = ACTION_TYPES.get(data[0])
    if cls is None:
        raise ValueError(f"unknown action type {data[0]!r}")
    fields = cls._fields
    args = list(data[1:])
    if len(args) != len(fields):
        raise ValueError(f"{data[0]} takes {len(fields)} fields, got {len(args)}")
    for name, value in zip(fields, args, strict=True):
        want = cls.__annotations__[name]
        if type(value) is not want:
            raise ValueError(f"{data[0]}.{name} must be {want.__name__}, got {value!r}")
    return cls(*args)

for _cls in ACTION_TYPES.values():
    _cls.__eq__ = _same_action      # type: ignore[method-assign]
    _cls.__ne__ = _different_action  # type: ignore[method-assign]
