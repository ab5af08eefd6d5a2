"""Canonical msgpack encoding, safe decoding and the schema of a signed message envelope."""

from __future__ import annotations

import hashlib
import reprlib
from typing import Any, NamedTuple

import msgpack

PROTOCOL_VERSION = 1
MAX_MESSAGE_BYTES = 256 * 1024
MAX_DEPTH = 32            # nesting of lists and maps in one frame, record or file (a game body needs 3)
MAX_BODY_DEPTH = MAX_DEPTH - 2  # a body sits inside the frame (or record) and the envelope
MAX_KIND_CHARS = 64
SESSION_ID_BYTES = 16
HASH_BYTES = 32
SIGNATURE_BYTES = 64
MAX_SEQ = 2**63 - 1
NO_HASH = bytes(HASH_BYTES)  # prev_hash of a sender's first envelope


class ProtocolError(ValueError):
    """Input from the wire (or a file) that does not follow the protocol; the message says why and
    `code` names the kind of problem for programs (see `Session`'s error events)."""

    def __init__(self, message: str, code: str = "protocol") -> None:
        super().__init__(message)
        self.code = code


def _canonical(obj: Any) -> Any:
    """The value with every dict's keys sorted and tuples as lists; sets and other types are refused."""
    if isinstance(obj, dict):
        if not all(isinstance(k, str) for k in obj):
            raise TypeError("canonical maps need str keys")
        return {k: _canonical(obj[k]) for k in sorted(obj)}
    if isinstance(obj, list | tuple):
        return [_canonical(v) for v in obj]
    if obj is None or isinstance(obj, bool | int | float | str | bytes):
        return obj
    raise TypeError(f"cannot encode {type(obj).__name__} canonically")


_BRIEF = reprlib.Repr()
_BRIEF.maxlevel, _BRIEF.maxlist, _BRIEF.maxdict, _BRIEF.maxstring, _BRIEF.maxother = 2, 4, 4, 40, 40
BRIEF_CHARS = 80


def brief(value: Any) -> str:
    """A short repr of an untrusted value for a message: bounded in length and nesting, printable."""
    text = _BRIEF.repr(value)
    return text if len(text) <= BRIEF_CHARS else text[:BRIEF_CHARS - 1] + "…"


def check_tree(obj: Any, max_depth: int = MAX_DEPTH) -> Any:
    """obj if it is a tree of msgpack values with string map keys, nested at most `max_depth` lists and
    maps deep; ProtocolError naming the first problem otherwise. Iterative: untrusted depth costs no stack."""
    stack = [(obj, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, list | dict):
            require(depth <= max_depth, f"nested deeper than {max_depth} levels")
            if isinstance(value, dict):
                for key in value:
                    require(isinstance(key, str), f"a map key is {type(key).__name__} {brief(key)}, not a string")
                stack.extend((v, depth + 1) for v in value.values())
            else:
                stack.extend((v, depth + 1) for v in value)
        elif not (value is None or isinstance(value, bool | int | float | str | bytes)):
            raise ProtocolError(f"a value of type {type(value).__name__} is not allowed")
    return obj


def pack(obj: Any) -> bytes:
    """Canonical msgpack bytes of obj (lists, str-keyed dicts with sorted keys, scalars, bytes)."""
    return msgpack.packb(_canonical(obj), use_bin_type=True)


UNPACK_LIMITS = {"max_str_len": MAX_MESSAGE_BYTES, "max_bin_len": MAX_MESSAGE_BYTES, "max_array_len": MAX_MESSAGE_BYTES,
                 "max_map_len": MAX_MESSAGE_BYTES, "max_ext_len": 0}


def unpack(data: bytes) -> Any:
    """Decode one msgpack value with size, depth and type limits (`check_tree`); raise ProtocolError on
    malformed, oversized, too deep or ill-typed input."""
    if not isinstance(data, bytes):
        raise ProtocolError("frame must be bytes")
    if len(data) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"frame of {len(data)} bytes exceeds the limit of {MAX_MESSAGE_BYTES}")
    try:
        obj = msgpack.unpackb(data, raw=False, strict_map_key=True, use_list=True, **UNPACK_LIMITS)
    except msgpack.exceptions.StackError:
        raise ProtocolError(f"nested deeper than {MAX_DEPTH} levels") from None
    except Exception as exc:  # msgpack raises several unrelated types for bad input
        raise ProtocolError(f"malformed msgpack ({type(exc).__name__}: {exc})") from None
    return check_tree(obj)


def digest(data: bytes) -> bytes:
    """SHA-256 of data."""
    return hashlib.sha256(data).digest()


def require(ok: bool, message: str, code: str = "protocol") -> None:
    """Raise ProtocolError(message, code) unless ok."""
    if not ok:
        raise ProtocolError(message, code)


def check_int(value: Any, name: str, low: int, high: int) -> int:
    require(isinstance(value, int) and not isinstance(value, bool) and low <= value <= high,
            f"field {name} must be an integer in {low}..{high}")
    return value


def check_bytes(value: Any, name: str, size: int) -> bytes:
    require(isinstance(value, bytes) and len(value) == size, f"field {name} must be {size} bytes")
    return value


def check_str(value: Any, name: str, max_chars: int) -> str:
    require(isinstance(value, str) and 0 < len(value) <= max_chars and value.isprintable(),
            f"field {name} must be a string of 1..{max_chars} printable characters")
    return value


def check_version(value: Any) -> int:
    version = check_int(value, "version", 0, 2**31)
    require(version == PROTOCOL_VERSION, f"protocol version {version}, we speak {PROTOCOL_VERSION}")
    return version


class Envelope(NamedTuple):
    """One signed application message; the wire form is the list of these fields in this order."""

    version: int
    session_id: bytes
    sender: int        # seat: 0 host, 1 guest
    seq: int           # per sender, from 1
    prev_hash: bytes   # hash of the sender's previous envelope, NO_HASH before the first
    ack: int           # highest peer seq delivered in order when this was written
    kind: str
    body: Any
    signature: bytes   # Ed25519 over signed_bytes()

    def signed_bytes(self) -> bytes:
        """The canonical bytes the signature covers: every field but the signature."""
        return pack(["berserk-netplay envelope", *self[:8]])

    def to_bytes(self) -> bytes:
        return pack(list(self))

    def hash(self) -> bytes:
        """The chain hash the sender's next envelope carries as prev_hash."""
        return digest(self.to_bytes())


def parse_envelope(obj: Any) -> Envelope:
    """Validate a decoded envelope field by field; raise ProtocolError naming the first bad field."""
    require(isinstance(obj, list) and len(obj) == len(Envelope._fields), "envelope must be a list of 9 fields")
    version, session_id, sender, seq, prev_hash, ack, kind, body, signature = obj
    return Envelope(
        check_version(version),
        check_bytes(session_id, "session_id", SESSION_ID_BYTES),
        check_int(sender, "sender", 0, 1),
        check_int(seq, "seq", 1, MAX_SEQ),
        check_bytes(prev_hash, "prev_hash", HASH_BYTES),
        check_int(ack, "ack", 0, MAX_SEQ),
        check_str(kind, "kind", MAX_KIND_CHARS),
        body,
        check_bytes(signature, "signature", SIGNATURE_BYTES),
    )
