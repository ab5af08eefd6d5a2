"""The record of a game event: its kind (an event kind of cards.terms.triggers) and its facts.

A `GameEvent` travels with the trigger it set off (`("trigger", uid, index, event)` on `state.tasks`) and
with the decisions and tasks of that trigger's effect, which read its facts: the card a target word names
(`card`), the cell a card died on, the wounds taken. Facts a kind does not use are None. In the canonical
encoding (state.py) an event is the msgpack extension `EXT_CODE` around the array of its fields.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import msgpack

from cards.terms.triggers import ROLES

from .geometry import NO_CELL

EXT_CODE = 1


class GameEvent(NamedTuple):
    """Something that happened in the battle, as the triggers it sets off see it."""
    kind: str
    subject: int | None = None      # the card it happened to
    actor: int | None = None        # the card that did it: the attacker, the killer, the mover
    source: int | None = None       # the card it was for: the summoner, the card whose ability was paid for
    other: int | None = None        # a second card: the guard arrived next to, the earlier of a pair
    cell: int | None = None         # where: the cell of the dead, of the card struck, the cell arrived on
    from_cell: int | None = None    # the cell left
    attack: str | None = None       # the kind of the attack (or of the wounds)
    level: int | None = None        # the level of a hit (dice.WEAK ... dice.STRONG)
    amount: int | None = None       # wounds, a heal, an attack's value, a roll, a count of openings
    regen: int | None = None        # a dead creature's regeneration
    lives: int | None = None        # a dead creature's extra lives
    cause: str | None = None        # how: step / jump / teleport, a status, the cause of a death, "counter"


def card(event: GameEvent | None, word: str) -> int:
    """The card the target word `word` («атакованное существо», «то существо») names in `event`, or -1."""
    if event is None:
        return -1
    fact = ROLES[event.kind].get(word)
    uid = getattr(event, fact) if fact else None
    return -1 if uid is None else uid


def spot(cell: int) -> int | None:
    """A cell as a fact of an event: None for no cell (NO_CELL)."""
    return None if cell == NO_CELL else cell


def pack(value: Any) -> Any:
    """`value` (a task or a decision's data) with each event in it as its msgpack extension."""
    if type(value) is GameEvent:
        return msgpack.ExtType(EXT_CODE, msgpack.packb(list(value), use_bin_type=True))
    if type(value) is tuple and any(type(v) in (GameEvent, tuple) for v in value):
        return [pack(v) for v in value]
    return value


def unpack_ext(code: int, data: bytes) -> GameEvent:
    """The msgpack `ext_hook` of the state's encoding: an event back from its extension."""
    if code != EXT_CODE:
        raise ValueError(f"unknown msgpack extension {code}")
    fields = msgpack.unpackb(data, raw=False)
    if not isinstance(fields, list) or not fields or fields[0] not in ROLES \
            or not all(v is None or type(v) in (int, str) for v in fields):
        raise ValueError("malformed game event")
    return GameEvent(*fields)
