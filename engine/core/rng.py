"""A tiny deterministic RNG whose whole state is one integer kept in the game state.

SplitMix64: fast, well distributed, and trivially serialisable, so a JSON round trip of the
game state carries the RNG with it and the same seed always gives the same game.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


class _RngHolder(Protocol):
    rng: int


class Rng:
    """Draws numbers from, and advances, the integer state held by a holder object."""

    def __init__(self, holder: _RngHolder) -> None:
        self._holder = holder

    def next_u64(self) -> int:
        state = (self._holder.rng + _GOLDEN) & _MASK
        self._holder.rng = state
        z = state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
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
        """Fisher–Yates with `below(i + 1)` for each i from the last down: the draws of `next_u64` and
        `below` inlined on a local state, written back once (the holder is a pydantic model, and a
        deck's shuffle draws a hundred numbers) — the same numbers as a swap with `below(i + 1)` at each
        step (tests/engine/test_core.py holds them equal)."""
        state = self._holder.rng
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _MASK - (_MASK % n)
            while True:
                state = (state + _GOLDEN) & _MASK
                z = ((state ^ (state >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self._holder.rng = state





def seed_state(seed: int) -> int:
    """The initial RNG state for a seed (any integer, reduced to 64 bits)."""
    return seed & _MASK
