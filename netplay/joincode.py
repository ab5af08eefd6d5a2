"""The join code: everything a guest needs to reach and authenticate to a host, as typable text.

Layout (before base32): address kind (4 = IPv4, 0 = hostname), the address (4 bytes, or a length
byte and UTF-8 name), port (2 bytes, big endian), the host's CURVE public key (32), the join
secret (12) and a 4-byte checksum (SHA-256 of the rest). Text: ``BRK1-`` and base32 in groups of 4.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import ipaddress
from typing import NamedTuple

PREFIX = "BRK"
VERSION = 1
SECRET_BYTES = 12
KEY_BYTES = 32
CHECKSUM_BYTES = 4
MAX_HOST_BYTES = 253
GROUP = 4


class JoinCodeError(ValueError):
    """A join code that cannot be read; the message says what to do."""


class JoinCode(NamedTuple):
    host: str
    port: int
    server_key: bytes  # the host's CURVE public key, raw
    secret: bytes      # shown to nobody but the invited player

    def encode(self) -> str:
        """The text form, e.g. ``BRK1-ABCD-EFGH-...``."""
        data = _address(self.host) + self.port.to_bytes(2, "big") + self.server_key + self.secret
        data += hashlib.sha256(data).digest()[:CHECKSUM_BYTES]
        text = base64.b32encode(data).decode("ascii").rstrip("=")
        return "-".join([f"{PREFIX}{VERSION}", *(text[i:i + GROUP] for i in range(0, len(text), GROUP))])

    @classmethod
    def decode(cls, text: str) -> JoinCode:
        """Parse a typed or pasted code (case, spaces and dashes do not matter)."""
        clean = "".join(text.split()).upper()
        head, sep, rest = clean.partition("-")
        if not sep or not head.startswith(PREFIX):
            raise JoinCodeError(f"a join code starts with {PREFIX}{VERSION}-")
        if head != f"{PREFIX}{VERSION}":
            raise JoinCodeError(f"join code version {head[len(PREFIX):]!r} is not supported (this program reads "
                                f"{PREFIX}{VERSION})")
        body = rest.replace("-", "")
        try:
            data = base64.b32decode(body + "=" * (-len(body) % 8))
        except (binascii.Error, ValueError):
            raise JoinCodeError("join code contains characters that cannot be part of it (A-Z, 2-7)") from None
        if len(data) < CHECKSUM_BYTES or hashlib.sha256(data[:-CHECKSUM_BYTES]).digest()[:CHECKSUM_BYTES] != \
                data[-CHECKSUM_BYTES:]:
            raise JoinCodeError("join code is mistyped (checksum mismatch); copy it again")
        return _parse(data[:-CHECKSUM_BYTES])


def _address(host: str) -> bytes:
    try:
        return b"\x04" + ipaddress.IPv4Address(host).packed
    except ValueError:
        name = host.encode("idna")
        if not 0 < len(name) <= MAX_HOST_BYTES:
            raise JoinCodeError(f"host name {host!r} cannot go into a join code") from None
        return b"\x00" + bytes([len(name)]) + name


def _parse(data: bytes) -> JoinCode:
    if data[:1] == b"\x04":
        host, pos = str(ipaddress.IPv4Address(data[1:5])), 5
    elif data[:1] == b"\x00" and len(data) > 1:
        pos = 2 + data[1]
        try:
            host = data[2:pos].decode("idna")
        except UnicodeError:
            raise JoinCodeError("join code holds an unreadable host name") from None
    else:
        raise JoinCodeError("join code has an unknown address kind")
    if len(data) != pos + 2 + KEY_BYTES + SECRET_BYTES:
        raise JoinCodeError("join code has the wrong length")
    port = int.from_bytes(data[pos:pos + 2], "big")
    key = data[pos + 2:pos + 2 + KEY_BYTES]
    return JoinCode(host, port, key, data[pos + 2 + KEY_BYTES:])
