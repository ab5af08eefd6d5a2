"""Message kinds of the fair-play protocol, the one schema of their bodies, and strict reading.

A message is ``(kind, body)``; a body is a dict with str keys holding ints, str, bytes and lists
(msgpack-able; lists, never tuples, so a body equals itself after a round trip). A schema declares
every kind's fields exactly: `LOCKSTEP` those of the lockstep, which knows no game, and `SCHEMA` the
classic game's, the lockstep's extended by the fields and kinds of its secrets policy. `Body` refuses a
body with a missing, unknown or mistyped field, so the live peer and the verifier (which goes through
the same `receive`) accept the same messages.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from berserk_tui.engine.actions import Action, from_wire, to_wire

from .commitments import HASH_BYTES, SECRET_BYTES
from .errors import ProtocolViolation

Message = tuple[str, dict[str, Any]]

# the lockstep's kinds
HELLO = "hello"              # commitments: master secret, head of the dice chain (and the game's: the deck)
CHANCE = "chance"            # this seat's chain element for chance node k
ACT = "act"                  # this seat's decision(s): one action, or a private batch (a purchase)
RESIGN = "resign"            # the sender gives up (only on his own decision, rules decision 30)
FINAL = "final"              # at the end: the master secret (and the game's: the deck list, an unopened placement)
TIMEOUT = "timeout"          # the sender claims the win: the opponent ran out of time (field "received")
CLOCK = "clock"              # the host's hello only: the time control, [allowance, reserve] in seconds
GAME = "game"                # a hello: the game's name (absent: the classic game; a guest: the game it insists on)

# the classic game's secrets policy's kinds
DEPLOY_COMMIT = "deploy_commit"  # commitments to the placement and to every placed card
DEPLOY_OPEN = "deploy_open"  # the placement itself (+ the hidden-row symbionts of the second player)
REVEAL = "reveal"            # the identity of a face-down card turning face up
PLACEMENT = "placement"      # final: the sender's deployment actions if committed and never opened

MAX_INT = 2**63 - 1
MAX_TEXT = 64                # card ids and action names are short
MAX_LIST = 64                # a list inside an action (the cards of a mulligan)

_short = reprlib.Repr()
_short.maxlevel, _short.maxstring, _short.maxother, _short.maxlist, _short.maxdict = 2, 40, 40, 4, 4


def short(value: object) -> str:
    """A bounded repr of anything the opponent sent, for an error message."""
    return _short.repr(value)


def actions(items: Iterable[Action]) -> list[list]:
    """Actions in their wire form, as a message carries them."""
    return [to_wire(a) for a in items]


class Field(NamedTuple):
    """What one field holds: `read` returns the value (parsed, for actions) or raises ValueError saying
    what is wrong; an `optional` field may be absent (when it must be there is the peer's check)."""
    read: Callable[[object], Any]
    optional: bool = False


def _exact(want: str, fits: Callable[[object], bool]) -> Callable[[object], Any]:
    def read(value: object) -> Any:
        if not fits(value):
            raise ValueError(f"must be {want}, got {short(value)}")
        return value
    return read


def list_of(item: Callable[[object], Any]) -> Callable[[object], list]:
    def read(value: object) -> list:
        if type(value) is not list:
            raise ValueError(f"must be a list, got {short(value)}")
        out = []
        for index, element in enumerate(value):
            try:
                out.append(item(element))
            except ValueError as exc:
                raise ValueError(f"item {index} {exc}") from None
        return out
    return read


def _int(value: object) -> bool:
    return type(value) is int and 0 <= value <= MAX_INT


def _text(value: object) -> bool:
    return type(value) is str and len(value) <= MAX_TEXT


def _action(value: object) -> Any:
    if type(value) is not list or not all(type(v) is int or type(v) is bool or _text(v) for v in value):
        raise ValueError(f"must be an action [name, int or bool or str…], got {short(value)}")
    try:
        return from_wire(value)
    except ValueError as exc:
        raise ValueError(f"is not an action: {str(exc)[:200]}") from None


def actions_field(parse: Callable[[object], Any]) -> Field:
    """A list of a game's actions in their wire form ([name, int or bool or str or list of ints…]), each parsed by
    the game's `parse` (the classic game's is `ACTIONS`)."""
    def item(value: object) -> bool:
        return type(value) is int or type(value) is bool or _text(value) or (
            type(value) is list and len(value) <= MAX_LIST and all(_int(v) for v in value))

    def read(value: object) -> Any:
        if type(value) is not list or not value or not all(item(v) for v in value):
            raise ValueError(f"must be an action [name, int or bool or str or list of ints…], got {short(value)}")
        try:
            return parse(value)
        except ValueError as exc:
            raise ValueError(f"is not an action: {str(exc)[:200]}") from None
    return Field(list_of(read))


def _reveal(value: object) -> tuple[int, str, bytes]:
    if not (type(value) is list and len(value) == 3 and _int(value[0]) and _text(value[1]) and _secret(value[2])):
        raise ValueError(f"must be [uid, card_id, {SECRET_BYTES}-byte salt], got {short(value)}")
    return value[0], value[1], value[2]


def _hash(value: object) -> bool:
    return type(value) is bytes and len(value) == HASH_BYTES


def _secret(value: object) -> bool:
    return type(value) is bytes and len(value) == SECRET_BYTES


INT = Field(_exact(f"an int in 0..{MAX_INT}", _int))
TEXT = Field(_exact(f"a string of at most {MAX_TEXT} characters", _text))
HASH = Field(_exact(f"{HASH_BYTES} bytes", _hash))
SECRET = Field(_exact(f"{SECRET_BYTES} bytes", _secret))
HASHES = Field(list_of(HASH.read))
TEXTS = Field(list_of(TEXT.read))
ACTIONS = Field(list_of(_action))
REVEALS = Field(list_of(_reveal))
MARK = {"seq": INT, "hash": HASH}      # the lockstep fields: the seq and public hash a message was sent at
Schema = dict[str, dict[str, Field]]


def extend(base: Schema, more: Schema) -> Schema:
    """`base` with the kinds and fields of `more` added (a kind of both gets the fields of both)."""
    out = {kind: dict(fields) for kind, fields in base.items()}
    for kind, fields in more.items():
        out.setdefault(kind, {}).update(fields)
    return out


# every field of every kind; adding a kind or a field is one entry here (and its use in the peer)
LOCKSTEP: Schema = {
    HELLO: {"version": INT, "seat": INT, "master": HASH, "chain_head": HASH, "chain_length": INT,
            CLOCK: Field(list_of(INT.read), optional=True),    # see Lockstep._on_hello
            GAME: TEXT._replace(optional=True)},                # see Lockstep._agree_game
    CHANCE: {**MARK, "k": INT, "share": HASH, "next": HASH._replace(optional=True)},
    ACT: {**MARK, "actions": ACTIONS},
    RESIGN: {},
    FINAL: {"master": SECRET},
    TIMEOUT: {"received": INT},
}
SCHEMA: Schema = extend(LOCKSTEP, {    # the classic game's: its secrets policy is `FairPeer`
    HELLO: {"deck_size": INT, "deck": HASH},
    DEPLOY_COMMIT: {**MARK, "placement": HASH, "cards": HASHES},
    DEPLOY_OPEN: {**MARK, "salt": SECRET, "actions": ACTIONS, "reveals": REVEALS},
    REVEAL: {"seq": INT, "uid": INT, "card_id": TEXT, "salt": SECRET},
    FINAL: {"deck": TEXTS, PLACEMENT: ACTIONS._replace(optional=True)},   # see FairPeer._open_final
})


class Body:
    """One received message checked against a schema (the classic game's `SCHEMA` by default) on construction:
    exactly the declared fields, each of its declared type (actions parsed); every failure is a
    ProtocolViolation naming the kind and field."""

    def __init__(self, kind: object, body: object, schema: Schema = SCHEMA) -> None:
        if type(kind) is not str or kind not in schema:
            raise ProtocolViolation(f"unknown message kind {short(kind)}")
        if type(body) is not dict or not all(type(k) is str for k in body):
            raise ProtocolViolation(f"malformed {kind} message: the body must be a map with str keys, "
                                    f"got {short(body)}")
        fields = schema[kind]
        unknown = next((name for name in body if name not in fields), None)
        if unknown is not None:
            raise ProtocolViolation(f"malformed {kind} message: unknown field {short(unknown)}")
        self.kind = kind
        self.fields: dict[str, Any] = {}
        for name, field in fields.items():
            if name not in body:
                if not field.optional:
                    raise ProtocolViolation(f"malformed {kind} message: no field {name!r}")
                continue
            try:
                self.fields[name] = field.read(body[name])
            except ValueError as exc:
                raise ProtocolViolation(f"malformed {kind} message: {name} {exc}") from None

    def __getitem__(self, name: str) -> Any:
        return self.fields[name]

    def __contains__(self, name: str) -> bool:
        return name in self.fields

    def number(self, name: str, low: int, high: int) -> int:
        """An int field that must also lie in `low`..`high`."""
        value = self.fields[name]
        if not low <= value <= high:
            raise ProtocolViolation(f"malformed {self.kind} message: {name} must be in {low}..{high}, got {value}")
        return value
