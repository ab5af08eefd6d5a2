"""The actions of «Берсерк. Герои», each a NamedTuple with a canonical wire form ([type name, *fields]).

The classic game's `Roll`, `Shuffle`, `Strike`, `Defend`, `Pass`, `Use`, `EndTurn`, `Choose`, `Target` and `Skip`
mean the same here and are reused; `FirstPlayer`, `Mulligan` and `Play` are this game's own. `malformed` and
`from_wire` accept only the classes of `ACTION_TYPES` with exactly their declared field types.
"""

from __future__ import annotations

from typing import NamedTuple

from ..actions import (
    Choose,
    Defend,
    EndTurn,
    Pass,
    Roll,
    Shuffle,
    Skip,
    Strike,
    Target,
    Use,
    _different_action,
    _same_action,
    shown,
)


class FirstPlayer(NamedTuple):
    """The player the die chose names the seat that goes first."""
    seat: int


class Mulligan(NamedTuple):
    """Put the hand cards `cards` (uids) under the deck in this order (the last one lowest) and draw as many;
    `Mulligan(())` keeps the hand."""
    cards: tuple[int, ...]


class Play(NamedTuple):
    """Play card `uid` from the hand, paying its cost by closing coins."""
    uid: int


HeroesAction = (Roll | Shuffle | FirstPlayer | Mulligan | Play | Strike | Defend | Pass | Use | EndTurn | Choose
                | Target | Skip)

ACTION_TYPES: dict[str, type] = {cls.__name__: cls for cls in (
    Roll, Shuffle, FirstPlayer, Mulligan, Play, Strike, Defend, Pass, Use, EndTurn, Choose, Target, Skip)}
FIELD_TYPES: dict[type, tuple[type, ...]] = {
    Roll: (int,), Shuffle: (int,), FirstPlayer: (int,), Mulligan: (tuple,), Play: (int,), Strike: (int, int),
    Defend: (int,), Pass: (), Use: (int, int, int), EndTurn: (), Choose: (int,), Target: (int,), Skip: (),
}


def malformed(action: object) -> str | None:
    """None if `action` is one of this game's actions with exactly its fields' types (a Mulligan's cards: ints)."""
    types = FIELD_TYPES.get(type(action))
    if types is None:
        return f"not an action of this game: {shown(action)}"
    values = tuple(action)  # type: ignore[arg-type]
    if len(values) != len(types):
        return f"{type(action).__name__} takes {len(types)} fields, got {len(values)}"
    for name, value, want in zip(type(action)._fields, values, types, strict=True):
        if type(value) is not want:
            return f"{type(action).__name__}.{name} must be {want.__name__}, got {shown(value)}"
    if type(action) is Mulligan and not all(type(u) is int for u in action.cards):
        return "Mulligan.cards must hold card numbers"
    return None


def to_wire(action: HeroesAction) -> list:
    """[type name, *fields]; a Mulligan's cards as a list."""
    return [type(action).__name__, *(list(v) if isinstance(v, tuple) else v for v in action)]


def from_wire(data: object) -> HeroesAction:
    """Parse the wire form; ValueError naming what is malformed."""
    if not isinstance(data, (list, tuple)) or not data or not isinstance(data[0], str):
        raise ValueError(f"malformed action: {shown(data)}")
    cls = ACTION_TYPES.get(data[0])
    if cls is None:
        raise ValueError(f"unknown action type {shown(data[0])}")
    fields = [tuple(v) if isinstance(v, list) else v for v in data[1:]]
    action = tuple.__new__(cls, fields)
    if (why := malformed(action)) is not None:
        raise ValueError(why)
    return action


for _cls in (FirstPlayer, Mulligan, Play):
    _cls.__eq__ = _same_action      # type: ignore[method-assign]
    _cls.__ne__ = _different_action  # type: ignore[method-assign]
