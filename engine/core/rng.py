"""A tiny deterministic RNG whose whole state is one integer kept in the game state.

SplitMix64: fast, well distributed, and trivially serialisable, so a JSON round trip of the
game state carries the RNG with it and the same seed always gives the same game.
"""

from __future__ import annotations

import functools
import operator
import struct
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
        """Fisher–Yates: for each i from the last position down to 1, swap it with `below(i + 1)`. Every draw
        advances the state by the same step, so all of a shuffle's draws are known at once (`draws_at_once`,
        a deck's hundred and more in a few operations on one integer); `below` would reject none of them unless
        one is within `len(items)` of the largest 64-bit number (`below(n)` rejects only draws of at least
        `2**64 - n`), and then the shuffle draws one at a time. The same permutation and the same state after
        it either way (tests/engine/test_core.py)."""
        count = len(items) - 1  # one draw for each i from the last down to 1
        if count < 1:
            return
        start = self._holder.rng
        drawn = draws_at_once(start, count)
        if max(drawn) > _MASK - len(items):  # `below` might reject one of them (about never)
            self.shuffle_one_by_one(items)
            return
        for i, j in zip(range(count, 0, -1), map(operator.mod, drawn, range(count + 1, 1, -1)), strict=True):
            items[i], items[j] = items[j], items[i]
        self._holder.rng = (start + count * _GOLDEN) & _MASK

    def shuffle_one_by_one(self, items: MutableSequence[T]) -> None:
        """The shuffle as its rule says it: `below(i + 1)` for each i from the last down, swapped in."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


_LANE = 128  # bits a draw takes in `draws_at_once`: a 64-bit number times a 64-bit constant, and room to spare


@functools.lru_cache(maxsize=1024)
def _lanes(count: int) -> tuple[int, int, int]:
    """For `count` lanes of `_LANE` bits: a 1 in each lane, 2**64 - 1 in each (the mask), and the steps
    `t * _GOLDEN mod 2**64` for t = 1..count (lane t - 1)."""
    ones = sum(1 << (_LANE * t) for t in range(count))
    steps = sum(((t + 1) * _GOLDEN & _MASK) << (_LANE * t) for t in range(count))
    return ones, ones * _MASK, steps


def draws_at_once(state: int, count: int) -> tuple[int, ...]:
    """The `count` numbers `next_u64` gives one after another from `state`, computed side by side: the
    states after each step (`state + t * _GOLDEN`) laid in lanes of one integer, 128 bits apart, and the
    mixing done on them all at once. A lane is cut back to 64 bits after each shift (which brings the next
    lane's low bits into its upper half) and after each product (below 2**128: it never reaches the next
    lane), so each lane goes through exactly `next_u64`'s steps (tests/engine/test_core.py)."""
    ones, mask, steps = _lanes(count)
    z = (state * ones + steps) & mask
    z = ((z ^ (z >> 30)) & mask) * _MIX1 & mask
    z = ((z ^ (z >> 27)) & mask) * _MIX2 & mask
    z = (z ^ (z >> 31)) & mask
    return struct.unpack(f"<{2 * count}Q", z.to_bytes(_LANE // 8 * count, "little"))[::2]


def seed_state(seed: int) -> int:
    """The initial RNG state for a seed (any integer, reduced to 64 bits)."""
    return seed & _MASK
