"""Answers kept for the length of one pass that changes nothing in the state (a validation of orders).

Validating a set of orders asks the same questions several times — a player's stance for each card's cost,
for his hand limit and for each card's parameters; a card's cost for its payment and again for the limit of
plays. Inside `unchanging()` a function marked `@remembered` answers each set of arguments once. Arguments
are told apart by identity (a state, a spec, a params dict), and the memo holds them until the pass ends, so
an identity is never reused by another object while it counts. Outside a pass nothing is kept.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

_memo: dict[tuple[Any, ...], tuple[Any, tuple[Any, ...]]] | None = None


class _Pass:
    """The context manager `unchanging()` returns (a class, not a generator: a validation of orders opens
    one each time, and a generator's context manager costs more than the checks it spares)."""

    __slots__ = ("_outermost",)

    def __enter__(self) -> None:
        global _memo
        self._outermost = _memo is None
        if self._outermost:
            _memo = {}

    def __exit__(self, *exc: object) -> None:
        global _memo
        if self._outermost:
            _memo = None


def unchanging() -> _Pass:
    """A pass in which nothing changes the state; nested passes share the outermost one's memo."""
    return _Pass()


def remembered(fn: Callable[P, R]) -> Callable[P, R]:
    """Answer once per arguments (by identity; keyword arguments by name and identity) inside `unchanging()`."""

    @wraps(fn)
    def answer(*args: P.args, **kwargs: P.kwargs) -> R:
        if _memo is None:
            return fn(*args, **kwargs)
        key = (fn, *map(id, args), *sorted((name, id(value)) for name, value in kwargs.items())) if kwargs \
            else (fn, *map(id, args))
        kept = _memo.get(key)
        if kept is None:
            kept = _memo[key] = (fn(*args, **kwargs), (args, kwargs))
        result: R = kept[0]
        return result

    return answer
