"""Hostile msgpack: mutations of real frames and unsigned frames of each type, as raw bytes.

Frames are built with a small encoder of our own (`encode`), because msgpack's packer refuses
what an attacker sends freely: nesting 1,000 deep, maps with bytes keys next to str keys.
"""

from __future__ import annotations

import random
from typing import Any

import msgpack

DEPTH = (700, 1000)          # the nesting the issue names
FRAME_TYPES = ("hello", "welcome", "msg", "ack", "reject", "bye")   # "bye" is no frame type at all
KINDS = ("bitflip", "truncate", "junk", "splice", "bytes_key", "deep", "huge_int", "wrong_type", "unsigned")
HUGE_INTS = (2**63, 2**64 - 1, 2**63 - 1, -(2**63), -1, 0, 2**31, 2**32)
Path = tuple[Any, ...]


class Raw(bytes):
    """Bytes that are already msgpack, inserted as they are."""


def _header(n: int, small: int, codes: tuple[int, int]) -> bytes:
    if n < 16:
        return bytes([small | n])
    if n < 2**16:
        return bytes([codes[0]]) + n.to_bytes(2, "big")
    return bytes([codes[1]]) + n.to_bytes(4, "big")


def encode(obj: Any) -> bytes:
    """msgpack of obj, with Raw parts as they are and maps with keys of any type, in their order."""
    if isinstance(obj, Raw):
        return bytes(obj)
    if isinstance(obj, list | tuple):
        return _header(len(obj), 0x90, (0xDC, 0xDD)) + b"".join(encode(v) for v in obj)
    if isinstance(obj, dict):
        return _header(len(obj), 0x80, (0xDE, 0xDF)) + b"".join(encode(k) + encode(v) for k, v in obj.items())
    return msgpack.packb(obj, use_bin_type=True)


def deep(depth: int, as_map: bool) -> Raw:
    """A list (or str-keyed map) nested `depth` deep around nil."""
    return Raw((b"\x81\xa1k" if as_map else b"\x91") * depth + b"\xc0")


def decode(data: bytes) -> Any:
    return msgpack.unpackb(data, raw=False, strict_map_key=False)


def _paths(obj: Any, path: Path = ()) -> list[Path]:
    """Every node of obj, the root first."""
    out = [path]
    if isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _paths(v, (*path, i))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, (*path, k))
    return out


def _get(obj: Any, path: Path) -> Any:
    for step in path:
        obj = obj[step]
    return obj


def _replace(obj: Any, path: Path, value: Any) -> Any:
    """A copy of obj with the node at path replaced (the copy shares the untouched parts)."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(obj, list):
        return [_replace(v, rest, value) if i == head else v for i, v in enumerate(obj)]
    return {k: _replace(v, rest, value) if k == head else v for k, v in obj.items()}


def _type_class(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    return type(value).__name__


def hostile(rng: random.Random, avoid: str = "") -> Any:
    """One odd value (not of type class `avoid`)."""
    makers = {
        "int": lambda: rng.choice(HUGE_INTS),
        "float": lambda: rng.choice([1.5, float("nan"), float("inf"), -0.0, 4.0, 1e308]),
        "bool": lambda: rng.choice([True, False]),
        "NoneType": lambda: None,
        "str": lambda: rng.choice(["", "msg", "ack", "hello", "final", "act", "é" * 40, "x" * 70_000]),
        "bytes": lambda: rng.choice([b"", bytes(16), bytes(32), bytes(64), rng.randbytes(33), bytes(200_000)]),
        "list": lambda: rng.choice([[], [None], [hostile(rng)], list(range(20))]),
        "dict": lambda: rng.choice([{}, {"k": hostile(rng)}, {b"k": 1}, {1: 2}, {"seq": "1", "hash": 5}]),
        "ExtType": lambda: rng.choice([msgpack.ExtType(rng.randint(0, 5), b"x"), msgpack.Timestamp(0)]),
        "Raw": lambda: deep(rng.randint(*DEPTH), rng.random() < 0.5),
    }
    return makers[rng.choice([k for k in makers if k != avoid])]()


def _pick(rng: random.Random, obj: Any, want: type | None = None) -> Path:
    paths = _paths(obj)
    if want is not None:
        fitting = [p for p in paths if isinstance(_get(obj, p), want) and not isinstance(_get(obj, p), bool)]
        paths = fitting or paths
    return rng.choice(paths[1:] or paths)


def _label(path: Path) -> str:
    return "".join(f"[{step!r}]" for step in path)[:60] or "root"


def mutate(rng: random.Random, kind: str, frame: bytes, corpus: list[bytes], seat: int) -> tuple[bytes, str]:
    """A mutation of `kind` of the real frame `frame` (others of `corpus` may be spliced in); `seat` is
    the attacker's. Returns the bytes to send and a short description."""
    if kind == "bitflip":
        data = bytearray(frame)
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        return bytes(data), "bit flips"
    if kind == "truncate":
        cut = rng.randrange(len(frame))
        return frame[:cut], f"cut at {cut}/{len(frame)}"
    if kind == "junk":
        at = rng.randrange(len(frame) + 1)
        return frame[:at] + rng.randbytes(rng.randint(1, 64)) + frame[at:], f"junk at {at}"
    if kind == "unsigned":
        return unsigned(rng, corpus, seat)
    obj = decode(frame)
    if kind == "splice":
        other = decode(rng.choice(corpus))
        path, value = _pick(rng, obj), _get(other, _pick(rng, other))
    elif kind == "bytes_key":
        dicts = [p for p in _paths(obj) if isinstance(_get(obj, p), dict)]
        if dicts:
            path = rng.choice(dicts)
            node = _get(obj, path)
            key = rng.choice(list(node)) if node and rng.random() < 0.5 else "extra"
            value = {**node, (key.encode() if isinstance(key, str) else b"k"): node.get(key, 1)}
        else:
            path, value = _pick(rng, obj), {b"k": 1}
    elif kind == "deep":
        path, value = _pick(rng, obj), deep(rng.randint(*DEPTH), rng.random() < 0.5)
    elif kind == "huge_int":
        path, value = _pick(rng, obj, int), rng.choice(HUGE_INTS)
    else:   # wrong_type
        path = _pick(rng, obj)
        value = hostile(rng, avoid=_type_class(_get(obj, path)))
    return encode(_replace(obj, path, value)), f"{kind} at {_label(path)}"


def _envelopes(corpus: list[bytes]) -> list[list[Any]]:
    found = []
    for frame in corpus:
        obj = decode(frame)
        if isinstance(obj, list) and len(obj) == 3 and obj[1] == "msg":
            found.append(obj[2])
    return found


def unsigned(rng: random.Random, corpus: list[bytes], seat: int) -> tuple[bytes, str]:
    """A frame of a random type built from scratch: plausible fields, a bad or missing signature, and
    now and then one hostile field."""
    ftype = rng.choice(FRAME_TYPES)
    sig = rng.randbytes(64)
    envs = _envelopes(corpus)
    if ftype in ("hello", "welcome"):
        fields = [ftype, "berserk", 1, rng.randbytes(32), rng.randbytes(32), rng.randbytes(16), 0, sig]
    elif ftype == "msg":
        env = list(rng.choice(envs)) if envs else [1, rng.randbytes(16), seat, 1, bytes(32), 0, "act", {}, sig]
        top = max((e[3] for e in envs), default=0)
        env[3] = rng.choice([top + 1, top + 2, max(top, 1), 1, 2**63 - 1])
        env[7] = rng.choice([env[7], {}, {"seq": 1, "hash": bytes(32), "actions": [["EndTurn"]]}])
        env[8] = sig
        fields = ["msg", env]
    elif ftype == "ack":
        fields = ["ack", rng.choice([0, 1, 2**63 - 1, rng.randint(0, 400)])]
    elif ftype == "reject":
        fields = ["reject", rng.choice(["go away", ""]), rng.choice(["protocol", "taken", "secret", "nonsense"])]
    else:
        fields = [ftype, rng.randbytes(8)]
    if rng.random() < 0.3:
        at = rng.randrange(1, len(fields))
        fields[at] = hostile(rng)
        return encode([1, *fields]), f"unsigned {ftype}, field {at} hostile"
    return encode([1, *fields]), f"unsigned {ftype}"
