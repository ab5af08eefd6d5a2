"""Join codes: round trip, typos and versions."""

from __future__ import annotations

import os

import pytest

from netplay.joincode import JoinCode, JoinCodeError


@pytest.mark.parametrize("host", ["192.168.1.20", "127.0.0.1", "game-box.local", "example.org"])
def test_round_trip(host: str) -> None:
    code = JoinCode(host, 40123, os.urandom(32), os.urandom(12))
    text = code.encode()
    assert text.startswith("BRK1-")
    assert set(text) <= set("BRK1-ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    assert JoinCode.decode(text) == code
    assert JoinCode.decode(f"  {text.lower().replace('-', ' ')} ".replace("brk1 ", "brk1-", 1)) == code


def test_a_mistyped_code_fails_its_checksum() -> None:
    text = JoinCode("10.0.0.7", 5555, os.urandom(32), os.urandom(12)).encode()
    for pos in range(5, len(text)):
        if text[pos] == "-":
            continue
        typo = text[:pos] + ("A" if text[pos] != "A" else "B") + text[pos + 1:]
        with pytest.raises(JoinCodeError, match="mistyped|length|address"):
            JoinCode.decode(typo)


@pytest.mark.parametrize(("text", "words"), [
    ("BRK2-AAAA-BBBB", "version '2' is not supported"),
    ("HELLO", "starts with BRK1-"),
    ("BRK1-AB!D", "cannot be part of it"),
    ("BRK1-AAAA", "mistyped"),
])
def test_unreadable_codes(text: str, words: str) -> None:
    with pytest.raises(JoinCodeError, match=words):
        JoinCode.decode(text)
