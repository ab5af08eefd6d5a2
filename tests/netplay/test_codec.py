"""Canonical encoding, safe decoding and the envelope schema."""

from __future__ import annotations

import msgpack
import pytest

from netplay.codec import (
    MAX_MESSAGE_BYTES,
    NO_HASH,
    PROTOCOL_VERSION,
    Envelope,
    ProtocolError,
    pack,
    parse_envelope,
    unpack,
)


def envelope(**fields) -> list:
    base = Envelope(PROTOCOL_VERSION, bytes(16), 0, 1, NO_HASH, 0, "move", {"x": 1}, bytes(64))
    return list(base._replace(**fields))


def test_pack_is_canonical() -> None:
    assert pack({"b": 1, "a": [1, (2, 3)]}) == pack({"a": [1, [2, 3]], "b": 1})
    assert unpack(pack({"b": b"\x00", "a": "я"})) == {"a": "я", "b": b"\x00"}


def test_pack_refuses_what_has_no_canonical_form() -> None:
    with pytest.raises(TypeError):
        pack({1, 2})
    with pytest.raises(TypeError):
        pack({1: "int key"})


@pytest.mark.parametrize(("data", "words"), [
    (b"\xc1", "malformed"),
    (b"\x92\x01", "malformed"),                              # truncated array
    (pack([1]) + b"\x00", "malformed"),                      # trailing bytes
    (msgpack.packb(msgpack.ExtType(5, b"x")), "max_ext_len"),
    (msgpack.packb({1: 2}), "malformed"),                    # non-str map key
    (b"\x00" * (MAX_MESSAGE_BYTES + 1), "exceeds the limit"),
])
def test_unpack_rejects_hostile_input(data: bytes, words: str) -> None:
    with pytest.raises(ProtocolError, match=words):
        unpack(data)


def test_parse_envelope_accepts_a_good_one() -> None:
    env = parse_envelope(envelope())
    assert env.kind == "move" and env.body == {"x": 1}
    assert parse_envelope(unpack(env.to_bytes())) == env


@pytest.mark.parametrize(("fields", "words"), [
    ({"version": 2}, "protocol version 2, we speak 1"),
    ({"session_id": b"short"}, "field session_id must be 16 bytes"),
    ({"sender": 2}, "field sender must be an integer"),
    ({"seq": 0}, "field seq must be an integer"),
    ({"seq": True}, "field seq must be an integer"),
    ({"prev_hash": "text"}, "field prev_hash must be 32 bytes"),
    ({"ack": -1}, "field ack must be an integer"),
    ({"kind": ""}, "field kind must be a string"),
    ({"kind": "k" * 65}, "field kind must be a string"),
    ({"signature": bytes(63)}, "field signature must be 64 bytes"),
])
def test_parse_envelope_names_the_bad_field(fields: dict, words: str) -> None:
    with pytest.raises(ProtocolError, match=words):
        parse_envelope(envelope(**fields))


def test_parse_envelope_needs_nine_fields() -> None:
    with pytest.raises(ProtocolError, match="list of 9 fields"):
        parse_envelope(envelope()[:8])
    with pytest.raises(ProtocolError, match="list of 9 fields"):
        parse_envelope({"seq": 1})
