"""Actions: every input to the engine, from a die roll to ending a turn.

Actions are small immutable tuples; `to_wire`/`from_wire` give their canonical msgpack form.
Card references are instance ids (uid); cells are numbered by the rules' geometry (0..29 in a duel, see geometry.py).
"""

from collections.abc import Iterable
from typing import NamedTuple, TypeVar, get_type_hints


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


class Show(NamedTuple):
    """«До набора отряда» show the opponent card `index` of the deal, `card_id` (Лазутчица): it is taken into the
    squad, and the opponent's program reveals cards of his deal to the deciding player."""
    index: int
    card_id: str


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
    Roll | Shuffle | ChooseOrder | Redeal | Buy | BuyExtra | Recruit | Show | Unbuy | Confirm | Place | Unplace | Seat
    | Move | Strike | Use | TakeChip | AntiAir | EndTurn | Defend | Pass | Choose | Target | PickCell | Skip | Reveal
    | FromDeck
)

A = TypeVar("A", bound=tuple)


def made(cls: type[A], rows: Iterable[tuple]) -> list[A]:
    """`[cls(*row) for row in rows]`, without a NamedTuple constructor's Python call for each action (a
    deployment decision lists up to a hundred of them)."""
    new = tuple.__new__
    return [new(cls, row) for row in rows]


def _same_action(self: tuple, other: object) -> bool:
    """Actions are equal only if they are of the same type (plain tuples ignore the type)."""
    return type(self) is type(other) and tuple.__eq__(self, other)


def _different_action(self: tuple, other: object) -> bool:
    return not _same_action(self, other)


ACTION_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        Roll, Shuffle, ChooseOrder, Redeal, Buy, BuyExtra, Recruit, Show, Unbuy, Confirm, Place, Unplace, Seat, Move,
        Strike, Use, TakeChip, AntiAir, EndTurn, Defend, Pass, Choose, Target, PickCell, Skip, Reveal, FromDeck,
    )
}


# the declared type of every field, in field order: an action is well formed only if its fields have exactly these types
FIELD_TYPES: dict[type, tuple[type, ...]] = {
    cls: tuple(get_type_hints(cls)[name] for name in cls._fields) for cls in ACTION_TYPES.values()
}
SHOWN_CHARS = 60   # a value in a message is cut to this many characters


def malformed(action: object) -> str | None:
    """None if `action` is an instance of exactly one action class whose fields have exactly their declared types
    (an int field takes no bool or float); else what is wrong with it."""
    types = FIELD_TYPES.get(type(action))
    if types is not None and tuple(map(type, action)) == types:
        return None
    if types is None:
        return f"not an action: {shown(action)}"
    cls, values = type(action), tuple(action)
    if len(values) != len(types):
        return f"{cls.__name__} takes {len(types)} fields, got {len(values)}"
    name, value, want = next(f for f in zip(cls._fields, values, types, strict=True) if type(f[1]) is not f[2])
    return f"{cls.__name__}.{name} must be {want.__name__}, got {shown(value)}"


def shown(value: object) -> str:
    """A short repr for a message, cut to SHOWN_CHARS; it never raises (an int of over 4300 digits has no repr)."""
    cls = type(value)
    if cls in FIELD_TYPES and len(value) == len(cls._fields):
        return f"{cls.__name__}({', '.join(f'{n}={shown(v)}' for n, v in zip(cls._fields, value, strict=True))})"
    try:
        text = repr(value)
    except Exception:   # any repr may fail: a huge int, a nesting too deep, a hostile object
        return f"<{cls.__name__}>"
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS - 1] + "…"


def to_wire(action: Action) -> list:
    """Canonical list form: [type name, *fields]."""
    return [type(action).__name__, *action]


def from_wire(data: object) -> Action:
    """Parse the wire form; raises ValueError on anything malformed (the check of `malformed`)."""
    if not isinstance(data, (list, tuple)) or not data or not isinstance(data[0], str):
        raise ValueError(f"malformed action: {shown(data)}")
    cls = ACTION_TYPES.get(data[0])
    if cls is None:
        raise ValueError(f"unknown action type {shown(data[0])}")
    action = tuple.__new__(cls, data[1:])
    if (why := malformed(action)) is not None:
        raise ValueError(why)
    return action

for _cls in ACTION_TYPES.values():
    _cls.__eq__ = _same_action      # type: ignore[method-assign]
    _cls.__ne__ = _different_action  # type: ignore[method-assign]
