"""Join codes: length, round trip, derived keys, typos and versions."""

from __future__ import annotations

import ipaddress
import os

import pytest
import zmq
from hypothesis import given
from hypothesis import strategies as st
from zmq.utils import z85

from netplay.joincode import SECRET_BYTES, JoinCode, JoinCodeError, hello_token, server_keypair

FIXED = JoinCode("10.0.0.7", 5555, bytes(range(SECRET_BYTES)))
# A real code of version 1 (address, port, CURVE public key, secret, checksum), as the old program showed it.
OLD_CODE = ("BRK1-AR7Q-AAAB-THPV-AF36-TM4L-53KZ-CKWJ-22WH-CLRM-WZVQ-ULQY-ROBD-YYHY-"
            "NNPS-RJBR-WFJP-OGNW-MILJ-ALOZ-IQX6-JPXM-HTTH")


@pytest.mark.parametrize("host", ["192.168.1.20", "127.0.0.1", "game-box.local", "example.org"])
def test_round_trip(host: str) -> None:
    code = JoinCode(host, 40123, os.urandom(SECRET_BYTES))
    text = code.encode()
    assert text.startswith("BRK2-")
    assert set(text) <= set("BRK2-ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    assert JoinCode.decode(text) == code
    assert JoinCode.decode(f"  {text.lower().replace('-', ' ')} ") == code
    assert JoinCode.decode(text.replace("-", "")) == code


@given(st.integers(0, 2**32 - 1), st.integers(1, 65535), st.binary(min_size=SECRET_BYTES, max_size=SECRET_BYTES))
def test_an_ipv4_code_has_45_characters_in_groups_of_5(address: int, port: int, secret: bytes) -> None:
    code = JoinCode(str(ipaddress.IPv4Address(address)), port, secret)
    text = code.encode()
    assert len(text) == 45
    head, *groups = text.split("-")
    assert head == "BRK2" and all(len(g) == 5 for g in groups[:-1]) and 0 < len(groups[-1]) <= 5
    assert JoinCode.decode(text) == code


def test_both_sides_derive_the_same_host_keys_from_the_code() -> None:
    code = JoinCode.decode(FIXED.encode())
    pair = server_keypair(code.secret)
    assert code.server_key == pair.public == server_keypair(FIXED.secret).public
    assert z85.decode(zmq.curve_public(z85.encode(pair.secret))) == pair.public
    other = JoinCode("10.0.0.7", 5555, bytes(SECRET_BYTES))
    assert other.server_key != code.server_key and other.token != code.token
    assert len({pair.public, pair.secret, hello_token(code.secret)}) == 3


def test_every_typo_is_caught_by_the_checksum() -> None:
    text = FIXED.encode()
    for pos in range(5, len(text)):
        if text[pos] == "-":
            continue
        for typo in (text[:pos] + ("A" if text[pos] != "A" else "B") + text[pos + 1:], text[:pos] + text[pos + 1:]):
            with pytest.raises(JoinCodeError, match="mistyped") as caught:
                JoinCode.decode(typo)
            assert caught.value.reason == "mistyped"


@pytest.mark.parametrize(("text", "reason", "params"), [
    ("", "empty", {}),
    ("HELLO", "prefix", {"expected": "BRK2"}),
    ("BRK", "prefix", {"expected": "BRK2"}),
    (OLD_CODE, "version", {"version": "BRK1", "expected": "BRK2"}),
    ("BRK3-AAAAA-BBBBB", "version", {"version": "BRK3", "expected": "BRK2"}),
    ("BRK2-AB!D-A1", "characters", {"chars": "! 1"}),
    ("BRK2-AAAA", "mistyped", {}),
])
def test_unreadable_codes_name_their_reason(text: str, reason: str, params: dict[str, str]) -> None:
    with pytest.raises(JoinCodeError) as caught:
        JoinCode.decode(text)
    assert (caught.value.reason, caught.value.params) == (reason, params)


def test_an_old_code_is_refused_by_name() -> None:
    with pytest.raises(JoinCodeError, match="this is a BRK1 join code from another version of the program; "
                                            "this one reads BRK2 codes"):
        JoinCode.decode(OLD_CODE)


def test_a_host_name_too_long_for_a_code() -> None:
    with pytest.raises(JoinCodeError) as caught:
        JoinCode("a" * 300, 1, bytes(SECRET_BYTES)).encode()
    assert caught.value.reason == "host_name"
