"""The one source of randomness of a game: a small seeded generator kept in the state.

SplitMix64 (Steele, Lea & Flood 2014). Its whole state is one 64-bit integer, so a
copy is free, it serialises as a number, and the same seed gives the same stream on
every Python version (unlike ``random.Random.shuffle``, whose algorithm is not
promised to stay fixed).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """Seeded SplitMix64 generator with the few draws the games need."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi] (both ends included)."""
        return lo + self.below(hi - lo + 1)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (advances this one)."""
        return Rng(self.next64())


def as_rng(source: object) -> Rng:
    """Turn an int seed, a ``Rng`` or a ``random.Random`` into a fresh ``Rng``."""
    if isinstance(source, Rng):
        return source.spawn()
    if isinstance(source, int):
        return Rng(source)
    getrandbits = getattr(source, "getrandbits", None)
    if getrandbits is not None:
        return Rng(int(getrandbits(64)))
    raise TypeError(f"cannot make an Rng from {type(source).__name__}")
