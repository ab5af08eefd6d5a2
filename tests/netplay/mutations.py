"""Hypothesis strategies that damage msgpack frames and files the way a hostile peer or a broken disk
could: random bytes, bit flips, cuts, inserted values, and fields replaced by hostile values (deep
nesting, bytes map keys, huge integers, floats, wrong types)."""

from __future__ import annotations

import copy
from typing import Any

import msgpack
from hypothesis import strategies as st

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-2**63, 2**64 - 1), st.floats(), st.text(max_size=8),
    st.binary(max_size=70),
    st.sampled_from([2**64 - 1, -2**63, 2**63, float("nan"), float("inf"), bytes(16), bytes(32), bytes(64),
                     "x" * 70, "\x1b[2J", "msg", "ack", "hello", "welcome", "reject", 1, 0, -1]),
)


def nested(depth: int, leaf: Any = 1) -> Any:
    """leaf inside `depth` lists."""
    for _ in range(depth):
        leaf = [leaf]
    return leaf


# around the codec's limit of 32, and the depths that broke Python's recursion before it had one
DEPTHS = st.integers(0, 40) | st.sampled_from([100, 700, 1000, 1023, 1100])
HOSTILE = st.one_of(
    SCALARS,
    st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=3)
                 | st.dictionaries(st.text(max_size=4) | st.binary(max_size=4), kids, max_size=3), max_leaves=8),
    DEPTHS.map(nested),
    DEPTHS.map(lambda depth: nested(depth, {b"key": 1})),
)
DEEP = st.integers(0, 5000).map(lambda depth: b"\x91" * depth + b"\x01")   # past msgpack's own decoding limit


def _header(size: int, small: int, short: int) -> bytes:
    """A msgpack array or map header: fixarray/fixmap, then the 16- and 32-bit forms."""
    if size < 16:
        return bytes([small | size])
    return bytes([short]) + size.to_bytes(2, "big") if size < 2**16 else bytes([short + 1]) + size.to_bytes(4, "big")


def raw(obj: Any) -> bytes:
    """msgpack bytes as a hostile peer may write them: no canonical order, bytes keys allowed, any depth
    (msgpack's own packer stops at 511 levels, so lists and maps are written here, iteratively)."""
    out = bytearray()
    todo = [obj]
    while todo:
        item = todo.pop()
        if isinstance(item, list):
            out += _header(len(item), 0x90, 0xDC)
            todo += reversed(item)
        elif isinstance(item, dict):
            out += _header(len(item), 0x80, 0xDE)
            todo += [part for pair in reversed(item.items()) for part in reversed(pair)]
        else:
            out += msgpack.packb(item, use_bin_type=True)
    return bytes(out)


def _flip(data: bytes, at: int, bit: int) -> bytes:
    out = bytearray(data)
    out[at % len(out)] ^= 1 << bit
    return bytes(out)


@st.composite
def replaced(draw: st.DrawFn, obj: Any) -> bytes:
    """obj with one of its elements (any, at any depth) replaced by a hostile value, or, for a map, given
    a bytes key."""
    root = [copy.deepcopy(obj)]
    places: list[tuple[Any, Any]] = []
    todo: list[tuple[Any, Any]] = [(root, 0)]
    while todo:
        holder, key = todo.pop()
        places.append((holder, key))
        node = holder[key]
        if isinstance(node, list):
            todo += [(node, index) for index in range(len(node))]
        elif isinstance(node, dict):
            todo += [(node, name) for name in sorted(node)]
    holder, key = draw(st.sampled_from(places))
    if isinstance(holder[key], dict) and draw(st.booleans()):
        holder[key][draw(st.binary(max_size=4))] = draw(HOSTILE)
    else:
        holder[key] = draw(HOSTILE)
    return raw(root[0])


def _insert(data: bytes, at: int, value: bytes) -> bytes:
    at %= len(data)
    return data[:at] + value + data[at:]


def mutated(frames: list[bytes]) -> st.SearchStrategy[bytes]:
    """A damaged version of one of `frames` (each valid msgpack), or random bytes. Half of them keep the
    frame's structure and change one value: those get past the decoder to the checks behind it."""
    base = st.sampled_from(frames)
    structured = base.flatmap(lambda data: replaced(msgpack.unpackb(data, raw=False, strict_map_key=False)))
    return st.one_of(
        st.binary(max_size=300),
        st.builds(_flip, base, st.integers(0, 10**6), st.integers(0, 7)),
        st.builds(lambda data, cut: data[:cut % len(data)], base, st.integers(0, 10**6)),
        st.builds(_insert, base, st.integers(0, 10**6), HOSTILE.map(raw) | DEEP),
        structured, structured, structured, structured,
    )
