"""Ed25519 identities (who signs the messages) and CURVE keypairs (who may open the encrypted socket)."""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Any, NamedTuple

import zmq
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat, PublicFormat
from zmq.utils import z85

from netplay.codec import ProtocolError, pack, unpack

KEY_BYTES = 32
MAX_PRIVATE_BYTES = 16 * 1024   # a keys file holds well under 1 KiB


class Identity:
    """An Ed25519 signing key; public_key is the raw 32 bytes the peer verifies with."""

    def __init__(self, private: Ed25519PrivateKey) -> None:
        self._private = private
        self.public_key = private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)

    @classmethod
    def generate(cls) -> Identity:
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def from_private_bytes(cls, raw: bytes) -> Identity:
        return cls(Ed25519PrivateKey.from_private_bytes(raw))

    def private_bytes(self) -> bytes:
        return self._private.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())

    def sign(self, data: bytes) -> bytes:
        return self._private.sign(data)


@functools.lru_cache(maxsize=16)
def _public(raw: bytes) -> Ed25519PublicKey:
    return Ed25519PublicKey.from_public_bytes(raw)


def verify_signature(public_key: bytes, signature: bytes, data: bytes) -> bool:
    """True when signature is public_key's Ed25519 signature of data."""
    try:
        _public(public_key).verify(signature, data)
    except (InvalidSignature, ValueError):
        return False
    return True


class CurveKeypair(NamedTuple):
    """A CURVE (Curve25519) keypair as raw 32-byte keys."""

    public: bytes
    secret: bytes

    @classmethod
    def generate(cls) -> CurveKeypair:
        public, secret = zmq.curve_keypair()
        return cls(z85.decode(public), z85.decode(secret))

    @classmethod
    def from_secret(cls, secret: bytes) -> CurveKeypair:
        """The keypair of a given 32-byte secret key (libzmq computes its public key)."""
        return cls(z85.decode(zmq.curve_public(z85.encode(secret))), secret)


def z85_key(raw: bytes) -> bytes:
    """The Z85 text form libzmq's CURVE socket options take."""
    return z85.encode(raw)


def save_private(path: Path, record: dict[str, Any]) -> None:
    """Write record atomically to a file only its owner can read (mode 0600)."""
    tmp = Path(f"{path}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(pack(record))
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)


def load_private(path: Path) -> dict[str, Any]:
    """Read a record written by save_private: OSError if it cannot be read, ValueError naming the file if
    it is not a map of at most MAX_PRIVATE_BYTES (decoded with `unpack`'s limits)."""
    with Path(path).open("rb") as file:
        data = file.read(MAX_PRIVATE_BYTES + 1)
    if len(data) > MAX_PRIVATE_BYTES:
        raise ValueError(f"{path} is not a netplay keys file: over {MAX_PRIVATE_BYTES} bytes")
    try:
        record = unpack(data)
    except ProtocolError as exc:
        raise ValueError(f"{path} is not a netplay keys file: {exc}") from None
    if not isinstance(record, dict):
        raise ValueError(f"{path} is not a netplay keys file: not a map")
    return record
