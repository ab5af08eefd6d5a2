"""Injected randomness. The engine itself never draws: its chance nodes take outcomes
from a `RandomSource` (a seeded generator, or later a fair peer protocol)."""

from __future__ import annotations

from typing import Protocol

_MASK = (1 << 64) - 1


class RandomSource(Protocol):
    def die(self) -> int:
        """A fair six-sided die: 1..6."""

    def shuffle_seed(self) -> int:
        """A 64-bit seed for a deck shuffle."""


class SplitMix64:
    """Small deterministic generator (SplitMix64): same seed, same stream, any process."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        limit = _MASK - (_MASK % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


class SeededSource:
    """A `RandomSource` from a seed."""

    def __init__(self, seed: int) -> None:
        self.gen = SplitMix64(seed)

    def die(self) -> int:
        return self.gen.below(6) + 1

    def shuffle_seed(self) -> int:
        return self.gen.next()


def permutation(seed: int, n: int) -> list[int]:
    """Fisher-Yates permutation of range(n) driven by `seed`."""
    gen = SplitMix64(seed)
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = gen.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order
