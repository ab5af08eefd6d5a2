"""Fuzz tests of the files (issue 36): `netplay.verify` gets mutated transcripts and `SessionKeys.load`
mutated keys files (see `mutations.py`).

Invariants: verify raises nothing but TranscriptError, and never accepts a forgery: a file it accepts
holds the original header and, per seat, a prefix of the original messages (cutting whole records off
the end leaves a shorter true transcript; nothing else passes). A flipped bit is always refused. A
keys file loads or is a ValueError.
"""

from __future__ import annotations

from pathlib import Path

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from netplay import TranscriptError, Verified, verify
from netplay.keyfile import SessionKeys, keys_path
from tests.netplay import connect, messages, pump
from tests.netplay.mutations import mutated

FUZZ = settings(deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


class Original:
    """A real transcript and keys file, their records, and a scratch file to write mutations to."""

    def __init__(self, folder: Path) -> None:
        host, guest = connect(folder)
        for i in range(4):
            host.send("move", {"n": i, "cells": [[1, 2], [3, 4]], "salt": bytes(16)})
            guest.send("reply", [i, b"\x01\x02", None, -i, "Лирайн"])
        log = pump([host, guest], lambda: len(messages(log[0])) == len(messages(log[1])) == 4, log=(log := {}))
        host.close()
        guest.close()
        self.path = folder / "guest.tr"
        self.data = self.path.read_bytes()
        self.keys = keys_path(self.path).read_bytes()
        self.verified = verify(self.path)
        unpacker = msgpack.Unpacker(raw=False)
        unpacker.feed(self.data)
        self.records, start = [], 0
        for _ in unpacker:
            self.records.append(self.data[start:unpacker.tell()])
            start = unpacker.tell()
        self.scratch = folder / "mutated.tr"

    def write(self, data: bytes) -> Path:
        self.scratch.write_bytes(data)
        return self.scratch


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> Original:
    return Original(tmp_path_factory.mktemp("transcript"))


def forges_nothing(found: Verified, original: Original) -> None:
    assert found.header == original.verified.header
    for seat in (0, 1):
        mine, theirs = found.messages[seat], original.verified.messages[seat]
        assert mine == theirs[:len(mine)]


@settings(FUZZ, max_examples=500)
@given(at=st.integers(0, 10**6), bit=st.integers(0, 7))
def test_a_flipped_bit_anywhere_is_refused(original: Original, at: int, bit: int) -> None:
    data = bytearray(original.data)
    data[at % len(data)] ^= 1 << bit
    with pytest.raises(TranscriptError, match=r"^record \d+"):
        verify(original.write(bytes(data)))


@settings(FUZZ, max_examples=700)
@given(data=st.data())
def test_a_mutated_transcript_is_refused_or_a_true_prefix(original: Original, data: st.DataObject) -> None:
    index = data.draw(st.integers(0, len(original.records) - 1))
    records = list(original.records)
    records[index] = data.draw(mutated([records[index]]))
    path = original.write(b"".join(records))
    for signatures in (False, True):
        try:
            found = verify(path, signatures=signatures)
        except TranscriptError:
            continue
        if signatures:
            forges_nothing(found, original)


@settings(FUZZ, max_examples=400)
@given(data=st.data())
def test_a_mutated_keys_file_loads_or_is_a_value_error(original: Original, data: st.DataObject) -> None:
    keys = data.draw(mutated([original.keys]))
    keys_path(original.scratch).write_bytes(keys)
    try:
        SessionKeys.load(original.scratch)
    except ValueError as exc:
        assert str(exc).startswith(str(keys_path(original.scratch)))
