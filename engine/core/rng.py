"""A tiny deterministic RNG whose whole state is one integer kept in the game state.

SplitMix64: fast, well distributed, and trivially serialisable, so a JSON round trip of the
game state carries the RNG with it and the same seed always gives the same game.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


class _RngHolder(Protocol):
    rng: int


class Rng:
    """Draws numbers from, and advances, the integer state held by a holder object."""

    def __init__(self, holder: _RngHolder) -> None:
        self._holder = holder

    def next_u64(self) -> int:
        state = (self._holder.rng + 0x9E3779B97F4A7C15) & _MASK
        self._holder.rng = state
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        if n > _MASK:  # every 64-bit draw would be rejected below: never loop forever
            if n == _MASK + 1:
                return self.next_u64()
            raise ValueError("n must be at most 2**64")
        limit = _MASK - (_MASK % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]




def seed_state(seed: int) -> int:
    """The initial RNG state for a seed (any integer, reduced to 64 bits)."""
    return seed & _MASK
