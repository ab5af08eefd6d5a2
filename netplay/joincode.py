"""The join code: everything a guest needs to reach and authenticate to a host, as typable text.

Version 2 carries the host's address and port and a 96-bit random secret. The host's CURVE
keypair and the token the guest shows in its hello are derived from the secret (HKDF-SHA256),
so the code needs no public key. Layout (before base32): address kind (4 = IPv4, 0 = host name),
the address (4 bytes, or a length byte and the IDNA name), the port (2 bytes, big endian), the
secret (12) and a 2-byte checksum (SHA-256 of the rest). Text: ``BRK2-`` and base32 in groups
of 5, 45 characters for an IPv4 address. Why these sizes are enough: docs/protocol.md.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import ipaddress
from typing import NamedTuple

from cryptography.hazmat.primitives.hashes import SHA256
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from netplay.keys import CurveKeypair

PREFIX = "BRK"
VERSION = 2
SECRET_BYTES = 12
TOKEN_BYTES = 32
CHECKSUM_BYTES = 2
MAX_HOST_BYTES = 253
GROUP = 5
ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")


class JoinCodeError(ValueError):
    """A join code that cannot be read or made. `reason` names the problem for a message catalogue
    ("empty", "prefix", "version", "characters", "mistyped", "damaged", "host_name") and `params`
    fill its message; str() is an English sentence (for the command line)."""

    def __init__(self, reason: str, text: str, **params: str) -> None:
        super().__init__(text)
        self.reason = reason
        self.params = params


def _derive(secret: bytes, label: bytes) -> bytes:
    return HKDF(SHA256(), 32, salt=None, info=b"berserk-netplay join code v2: " + label).derive(secret)


def server_keypair(secret: bytes) -> CurveKeypair:
    """The host's CURVE keypair of this secret."""
    return CurveKeypair.from_secret(_derive(secret, b"curve server key"))


def hello_token(secret: bytes) -> bytes:
    """What the guest's hello shows the host (inside the encrypted link) to prove it holds the code."""
    return _derive(secret, b"hello token")


class JoinCode(NamedTuple):
    host: str
    port: int
    secret: bytes      # shown to nobody but the invited player

    @property
    def server_key(self) -> bytes:
        """The host's CURVE public key."""
        return server_keypair(self.secret).public

    @property
    def token(self) -> bytes:
        return hello_token(self.secret)

    def encode(self) -> str:
        """The text form, e.g. ``BRK2-AQAAA-AB6ZI-…``."""
        data = _address(self.host) + self.port.to_bytes(2, "big") + self.secret
        data += hashlib.sha256(data).digest()[:CHECKSUM_BYTES]
        text = base64.b32encode(data).decode("ascii").rstrip("=")
        return "-".join([f"{PREFIX}{VERSION}", *(text[i:i + GROUP] for i in range(0, len(text), GROUP))])

    @classmethod
    def decode(cls, text: str) -> JoinCode:
        """Parse a typed or pasted code (case, spaces and dashes do not matter)."""
        clean = "".join(text.split()).upper().replace("-", "")
        if not clean:
            raise JoinCodeError("empty", "no join code was given")
        if not clean.startswith(PREFIX) or len(clean) == len(PREFIX):
            raise JoinCodeError("prefix", f"a join code starts with {PREFIX}{VERSION}-", expected=f"{PREFIX}{VERSION}")
        version, body = clean[len(PREFIX)], clean[len(PREFIX) + 1:]
        if version != str(VERSION):
            raise JoinCodeError("version", f"this is a {PREFIX}{version} join code from another version of the "
                                f"program; this one reads {PREFIX}{VERSION} codes (both players need the same "
                                "version)", version=f"{PREFIX}{version}", expected=f"{PREFIX}{VERSION}")
        wrong = sorted(set(body) - ALPHABET)
        if wrong:
            raise JoinCodeError("characters", f"join code contains characters that cannot be part of it: "
                                f"{' '.join(wrong)} (only A-Z and 2-7)", chars=" ".join(wrong))
        try:
            data = base64.b32decode(body + "=" * (-len(body) % 8))
        except (binascii.Error, ValueError):
            data = b""      # a length base32 never makes: a character too many or too few
        if len(data) <= CHECKSUM_BYTES or \
                hashlib.sha256(data[:-CHECKSUM_BYTES]).digest()[:CHECKSUM_BYTES] != data[-CHECKSUM_BYTES:]:
            raise JoinCodeError("mistyped", "join code is mistyped (checksum mismatch); copy it again")
        return _parse(data[:-CHECKSUM_BYTES])


def _address(host: str) -> bytes:
    try:
        return b"\x04" + ipaddress.IPv4Address(host).packed
    except ValueError:
        try:
            name = host.encode("idna")
        except UnicodeError:
            name = b""
        if not 0 < len(name) <= MAX_HOST_BYTES:
            raise JoinCodeError("host_name", f"host name {host!r} cannot go into a join code", host=host) from None
        return b"\x00" + bytes([len(name)]) + name


def _damaged(what: str) -> JoinCodeError:
    return JoinCodeError("damaged", f"join code is damaged ({what}); copy it again")


def _parse(data: bytes) -> JoinCode:
    if data[:1] == b"\x04":
        host, pos = str(ipaddress.IPv4Address(data[1:5])), 5
    elif data[:1] == b"\x00" and len(data) > 1:
        pos = 2 + data[1]
        try:
            host = data[2:pos].decode("idna")
        except UnicodeError:
            raise _damaged("unreadable host name") from None
    else:
        raise _damaged("unknown address kind")
    if len(data) != pos + 2 + SECRET_BYTES:
        raise _damaged("wrong length")
    return JoinCode(host, int.from_bytes(data[pos:pos + 2], "big"), data[pos + 2:])
