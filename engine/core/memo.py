"""Answers kept for the length of one pass that changes nothing in the state (a validation of orders).

Validating a set of orders asks the same questions several times — a player's stance for each card's cost,
for his hand limit and for each card's parameters; a card's cost for its payment and again for the limit of
plays. Inside `unchanging()` a function marked `@remembered` answers each set of arguments once. Arguments
are told apart by identity (a state, a spec, a params dict), and the memo holds them until the pass ends, so
an identity is never reused by another object while it counts. Outside a pass nothing is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

_memo: dict[tuple[Any, ...], tuple[Any, tuple[Any, ...]]] | None = None


@contextmanager
def unchanging() -> Iterator[None]:
    """A pass in which nothing changes the state; nested passes share the outermost one's memo."""
    global _memo
    if _memo is not None:
        yield
        return
    _memo = {}
    try:
        yield
    finally:
        _memo = None


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
