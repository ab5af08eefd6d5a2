"""The append-only transcript: a header, then every envelope sent and every envelope delivered.

The file is a stream of canonical msgpack records:
``["header", version, app, app_version, session_id, [key_seat0, key_seat1], own_seat, signature]`` first, then
``["sent", envelope]`` / ``["recv", envelope]``. `verify` checks all of it and returns the messages.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, NamedTuple

import msgpack

from netplay.codec import (
    MAX_DEPTH,
    MAX_MESSAGE_BYTES,
    NO_HASH,
    SESSION_ID_BYTES,
    UNPACK_LIMITS,
    Envelope,
    ProtocolError,
    check_bytes,
    check_int,
    check_str,
    check_tree,
    check_version,
    pack,
    parse_envelope,
    require,
)
from netplay.keys import KEY_BYTES, verify_signature

DIRECTIONS = ("sent", "recv")
MAX_RECORD_BYTES = MAX_MESSAGE_BYTES + 64   # an envelope (the session keeps it under MAX_MESSAGE_BYTES) and its tag
MAX_TRANSCRIPT_BYTES = 64 * 1024 * 1024     # a whole game writes well under 1 MiB


class TranscriptError(ValueError):
    """A transcript that fails verification; the message names the first bad record."""


class Header(NamedTuple):
    version: int
    app: str
    app_version: int
    session_id: bytes
    keys: tuple[bytes, bytes]  # Ed25519 public keys by seat
    seat: int                  # the seat of the side that wrote the file
    signature: bytes = b""     # by the writer's key, over everything above

    def to_wire(self) -> list[Any]:
        return ["header", self.version, self.app, self.app_version, self.session_id, list(self.keys), self.seat,
                self.signature]

    def signed_bytes(self) -> bytes:
        return pack(["berserk-netplay transcript", *self.to_wire()[:-1]])


def parse_header(obj: Any, signatures: bool = True) -> Header:
    """Validate the header record, its writer's signature included (unless `signatures` is False)."""
    require(isinstance(obj, list) and len(obj) == 8 and obj[0] == "header", "the first record must be the header")
    _, version, app, app_version, session_id, keys, seat, signature = obj
    require(isinstance(keys, list) and len(keys) == 2, "field keys must hold two public keys")
    header = Header(check_version(version), check_str(app, "app", 64),
                    check_int(app_version, "app_version", 0, 2**31), check_bytes(session_id, "session_id",
                                                                                 SESSION_ID_BYTES),
                    (check_bytes(keys[0], "keys[0]", KEY_BYTES), check_bytes(keys[1], "keys[1]", KEY_BYTES)),
                    check_int(seat, "seat", 0, 1), check_bytes(signature, "signature", 64))
    require(not signatures or verify_signature(header.keys[header.seat], header.signature, header.signed_bytes()),
            "bad header signature")
    return header


class Verified(NamedTuple):
    """A verified transcript: its header and each seat's envelopes in seq order."""

    header: Header
    messages: tuple[list[Envelope], list[Envelope]]


class TranscriptWriter:
    """Appends records durably (flush + fdatasync per record or batch)."""

    def __init__(self, path: Path, header: Header | None = None) -> None:
        self.path = Path(path)
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        self._file = os.fdopen(fd, "ab")
        if header is not None:
            self._write(header.to_wire(), sync=True)

    def append(self, direction: str, envelope: Envelope, sync: bool = True) -> None:
        self._write([direction, list(envelope)], sync)

    def _write(self, record: list[Any], sync: bool) -> None:
        self._file.write(pack(record))
        if sync:
            self.sync()

    def sync(self) -> None:
        self._file.flush()
        os.fdatasync(self._file.fileno())

    def close(self) -> None:
        self._file.close()


def _read(path: Path) -> bytes:
    with Path(path).open("rb") as file:
        data = file.read(MAX_TRANSCRIPT_BYTES + 1)
    if len(data) > MAX_TRANSCRIPT_BYTES:
        raise TranscriptError(f"the file is over {MAX_TRANSCRIPT_BYTES} bytes, more than any session writes")
    return data


def _records(path: Path) -> list[tuple[int, Any]]:
    """(index, record) pairs; every record must be canonical msgpack, byte for byte, within `unpack`'s limits."""
    data = _read(path)
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, max_buffer_size=max(len(data), 1), **UNPACK_LIMITS)
    unpacker.feed(data)
    out, start = [], 0
    while start < len(data):
        index = len(out)
        try:
            record = unpacker.unpack()
        except msgpack.OutOfData:
            raise TranscriptError(f"record {index}: truncated at byte {start}") from None
        except msgpack.exceptions.StackError:
            raise TranscriptError(f"record {index}: nested deeper than {MAX_DEPTH} levels") from None
        except Exception as exc:
            raise TranscriptError(f"record {index}: malformed msgpack at byte {start} ({exc})") from None
        end = unpacker.tell()
        try:
            require(end - start <= MAX_RECORD_BYTES, f"over {MAX_RECORD_BYTES} bytes")
            check_tree(record)
        except ProtocolError as exc:
            raise TranscriptError(f"record {index}: {exc}") from None
        if pack(record) != data[start:end]:
            raise TranscriptError(f"record {index}: not in canonical form")
        out.append((index, record))
        start = end
    return out


def verify(path: Path, *, signatures: bool = True) -> Verified:
    """Check the header, every signature, both hash chains, seq continuity and acks; raise TranscriptError.
    `signatures=False` skips the Ed25519 checks (about 8 times faster): a quick look, e.g. to list
    sessions, never to trust a file."""
    records = _records(path)
    if not records:
        raise TranscriptError("record 0: the transcript is empty")
    try:
        header = parse_header(records[0][1], signatures)
    except ProtocolError as exc:
        raise TranscriptError(f"record 0 (header): {exc}") from None
    messages: tuple[list[Envelope], list[Envelope]] = ([], [])
    last_hash = [NO_HASH, NO_HASH]
    for index, record in records[1:]:
        seat, seq = "?", "?"
        try:
            require(isinstance(record, list) and len(record) == 2 and record[0] in DIRECTIONS,
                    "a record must be [\"sent\"|\"recv\", envelope]")
            env = parse_envelope(record[1])
            seat, seq = env.sender + 1, env.seq
            own = header.seat if record[0] == "sent" else 1 - header.seat
            require(env.sender == own, f"a {record[0]} envelope must come from seat {own + 1}")
            require(env.session_id == header.session_id, "session id differs from the header")
            require(env.seq == len(messages[env.sender]) + 1, f"seq {env.seq} breaks the sequence")
            require(env.prev_hash == last_hash[env.sender], "prev_hash breaks the hash chain")
            require(not signatures or verify_signature(header.keys[env.sender], env.signature, env.signed_bytes()),
                    "bad signature")
            require(env.ack <= len(messages[1 - env.sender]) if record[0] == "recv"
                    else env.ack == len(messages[1 - env.sender]), f"ack {env.ack} does not match the record")
        except ProtocolError as exc:
            raise TranscriptError(f"record {index} (seat {seat}, seq {seq}): {exc}") from None
        messages[env.sender].append(env)
        last_hash[env.sender] = env.hash()
    return Verified(header, messages)
