"""A session's private keys file, `<transcript>.keys` (mode 0600): what a restarted process needs.

It is written when the session starts, before any transcript exists, so a process killed before
its first handshake can still resume. `SessionKeys.load` checks every field's type and size.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from netplay.codec import SESSION_ID_BYTES, ProtocolError, brief, check_bytes, check_int, check_str, require
from netplay.joincode import TOKEN_BYTES, JoinCode
from netplay.keys import KEY_BYTES, load_private, save_private

HOST_SEAT, GUEST_SEAT = 0, 1
MAX_CODE_CHARS = 1024    # a join code with the longest host name is about 500 characters
MAX_ROUTING_ID_BYTES = 255


@dataclass
class SessionKeys:
    """The keys file's record."""

    seat: int
    identity: bytes
    app: str
    app_version: int
    secret: bytes                       # the hello token of the join code
    session_id: bytes | None = None
    peer_key: bytes | None = None
    curve_public: bytes | None = None   # host
    curve_secret: bytes | None = None   # host
    bind: str | None = None             # host
    port: int | None = None             # host
    join_code: str | None = None        # guest (the host's own code, too)
    routing_id: bytes | None = None     # guest: its own; host: the bound guest's

    def save(self, transcript_path: Path) -> None:
        save_private(keys_path(transcript_path), asdict(self))

    @classmethod
    def load(cls, transcript_path: Path) -> SessionKeys:
        """The record of a transcript's keys file; OSError if it cannot be read, ValueError naming the
        file and the first wrong field if it is damaged."""
        path = keys_path(transcript_path)
        record = load_private(path)
        try:
            return cls(**_checked(record))
        except ProtocolError as exc:
            raise ValueError(f"{path}: {exc}") from None


def _routing_id(value: Any, name: str) -> bytes:
    require(isinstance(value, bytes) and 0 < len(value) <= MAX_ROUTING_ID_BYTES,
            f"field {name} must be 1..{MAX_ROUTING_ID_BYTES} bytes")
    return value


_CHECKS: dict[str, Callable[[Any, str], Any]] = {
    "identity": lambda v, n: check_bytes(v, n, KEY_BYTES),
    "app": lambda v, n: check_str(v, n, 64),
    "app_version": lambda v, n: check_int(v, n, 0, 2**31),
    "secret": lambda v, n: check_bytes(v, n, TOKEN_BYTES),
    "session_id": lambda v, n: check_bytes(v, n, SESSION_ID_BYTES),
    "peer_key": lambda v, n: check_bytes(v, n, KEY_BYTES),
    "curve_public": lambda v, n: check_bytes(v, n, KEY_BYTES),
    "curve_secret": lambda v, n: check_bytes(v, n, KEY_BYTES),
    "bind": lambda v, n: check_str(v, n, 255),
    "port": lambda v, n: check_int(v, n, 0, 65535),
    "join_code": lambda v, n: check_str(v, n, MAX_CODE_CHARS),
    "routing_id": _routing_id,
}
_NEEDED = {HOST_SEAT: ("curve_public", "curve_secret", "bind", "port"), GUEST_SEAT: ("join_code",)}


def _checked(record: dict[str, Any]) -> dict[str, Any]:
    """The record if every field has its type and size (the optional ones may be nil); ProtocolError
    naming the first that does not."""
    known = {field.name for field in fields(SessionKeys)}
    for name in record:
        require(name in known, f"unknown field {brief(name)}")
    seat = check_int(record.get("seat"), "seat", 0, 1)
    needed = {"identity", "app", "app_version", "secret", *_NEEDED[seat]}
    for name, check in _CHECKS.items():
        if record.get(name) is not None or name in needed:
            check(record.get(name), name)
    return record


def keys_path(transcript_path: Path) -> Path:
    return Path(f"{transcript_path}.keys")


def host_address(transcript_path: Path) -> str:
    """The host's "address:port" of a session, from the join code in its keys file. OSError or
    ValueError for a missing or damaged keys file, JoinCodeError for a code of another version."""
    keys = SessionKeys.load(transcript_path)
    if keys.join_code is None:
        raise ValueError(f"{keys_path(transcript_path)} holds no join code")
    join = JoinCode.decode(keys.join_code)
    return f"{join.host}:{join.port}"
