"""Transcript verification: a real transcript passes; any changed byte fails, naming the record."""

from __future__ import annotations

import random

import msgpack
import pytest

from netplay import TranscriptError, verify
from netplay.codec import pack
from tests.netplay import connect, messages, pump


@pytest.fixture(scope="module")
def transcript(tmp_path_factory) -> bytes:
    tmp_path = tmp_path_factory.mktemp("transcript")
    host, guest = connect(tmp_path)
    for i in range(5):
        host.send("move", {"n": i, "cells": [[1, 2], [3, 4]]})
        guest.send("reply", [i, b"\x01\x02"])
    log = pump([host, guest], lambda: len(messages(log[0])) == 5 and len(messages(log[1])) == 5, log=(log := {}))
    host.close()
    guest.close()
    return (tmp_path / "guest.tr").read_bytes()


def test_a_real_transcript_verifies(tmp_path, transcript: bytes) -> None:
    path = tmp_path / "t.tr"
    path.write_bytes(transcript)
    verified = verify(path)
    assert verified.header.seat == 1
    assert [e.body["n"] for e in verified.messages[0]] == list(range(5))
    assert [e.body[0] for e in verified.messages[1]] == list(range(5))


def test_every_changed_byte_is_rejected(tmp_path, transcript: bytes) -> None:
    path = tmp_path / "t.tr"
    rng = random.Random(1)
    positions = sorted(rng.sample(range(len(transcript)), min(len(transcript), 1000)))
    for pos in positions:
        data = bytearray(transcript)
        data[pos] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))
        with pytest.raises(TranscriptError, match=r"^record \d+"):
            verify(path)


@pytest.mark.parametrize(("cut", "words"), [(0, "empty"), (-3, "truncated")])
def test_truncated_transcripts(tmp_path, transcript: bytes, cut: int, words: str) -> None:
    path = tmp_path / "t.tr"
    path.write_bytes(transcript[:cut])
    with pytest.raises(TranscriptError, match=words):
        verify(path)


def test_a_dropped_record_breaks_the_chain(tmp_path, transcript: bytes) -> None:
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(transcript)
    records = list(unpacker)
    path = tmp_path / "t.tr"
    path.write_bytes(b"".join(pack(r) for i, r in enumerate(records) if i != 2))
    with pytest.raises(TranscriptError, match=r"record 2 \(seat [12], seq \d\): "):
        verify(path)


def test_seats_are_named_1_based(tmp_path, transcript: bytes) -> None:
    """Issue 36, hole 8: the verifier names the guest (sender 1 on the wire) seat 2, as the game does."""
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(transcript)
    records = list(unpacker)
    index = next(i for i, r in enumerate(records) if r[0] == "sent")   # the guest's own first envelope
    records[index][0] = "recv"
    path = tmp_path / "t.tr"
    path.write_bytes(b"".join(pack(r) for r in records))
    with pytest.raises(TranscriptError, match=rf"^record {index} \(seat 2, seq 1\): a recv envelope must come from "
                                              r"seat 1$"):
        verify(path)


def test_a_quick_look_skips_only_the_signatures(tmp_path, transcript: bytes) -> None:
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(transcript)
    records = list(unpacker)
    records[-1][1][8] = bytes(64)                 # a forged signature on the last envelope
    path = tmp_path / "t.tr"
    path.write_bytes(b"".join(pack(r) for r in records))
    with pytest.raises(TranscriptError, match="bad signature"):
        verify(path)
    quick = verify(path, signatures=False).messages
    assert [[e.body for e in stream] for stream in quick] == [[{"n": i, "cells": [[1, 2], [3, 4]]} for i in range(5)],
                                                              [[i, b"\x01\x02"] for i in range(5)]]
    records[-1][1][4] = b"\x01" * 32               # a broken chain is still found
    path.write_bytes(b"".join(pack(r) for r in records))
    with pytest.raises(TranscriptError, match="hash chain"):
        verify(path, signatures=False)


@pytest.mark.parametrize("depth", [33, 700, 1000, 5000])
def test_a_record_nested_too_deep_is_refused(tmp_path, transcript: bytes, depth: int) -> None:
    """Issue 36, hole 1 (files): a record nested 700 deep raised RecursionError out of verify."""
    path = tmp_path / "t.tr"
    path.write_bytes(transcript + b"\x92\xa4sent" + b"\x91" * depth + b"\x01")
    with pytest.raises(TranscriptError, match=r"^record \d+: nested deeper than 32 levels$"):
        verify(path)


def test_a_record_with_a_bytes_map_key_is_refused(tmp_path, transcript: bytes) -> None:
    path = tmp_path / "t.tr"
    path.write_bytes(transcript + msgpack.packb(["sent", {b"key": 1}], use_bin_type=True))
    with pytest.raises(TranscriptError, match=r"a map key is bytes b'key', not a string"):
        verify(path)
