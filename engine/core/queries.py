"""Queries: values folded through every registered modifier in a fixed layer order.

A query answers a question such as "what does this card cost this player now?" or "may this
player target that one?". Rulesets register modifiers per query name; each modifier looks at
the active effects in the state and returns the (possibly changed) value. Adding a new card that
changes costs means registering one more modifier, never touching the callers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.core.state import GameState

Modifier = Callable[..., Any]


class Queries:
    def __init__(self) -> None:
        self._modifiers: dict[str, list[tuple[int, int, Modifier]]] = {}
        # the modifiers of each query that carry a flag (by query name, then flag)
        self._flagged: dict[str, dict[str, set[Modifier]]] = {}

    def modifier(self, name: str, *, layer: int = 50, flags: Iterable[str] = ()) -> Callable[[Modifier], Modifier]:
        """Register a modifier of query `name` at `layer`; `flags` mark it for `ask_flagged` (e.g. a
        disguise that deceives even an undeceivable check: engine/core/checks.py)."""

        def register(fn: Modifier) -> Modifier:
            entries = self._modifiers.setdefault(name, [])
            entries.append((layer, len(entries), fn))
            entries.sort(key=lambda item: (item[0], item[1]))
            for flag in flags:
                self._flagged.setdefault(name, {}).setdefault(flag, set()).add(fn)
            return fn

        return register

    def ask(self, name: str, state: GameState, value: Any, **context: Any) -> Any:
        for _layer, _order, fn in self._modifiers.get(name, ()):
            value = fn(state, value, **context)
        return value

    def ask_flagged(self, name: str, flag: str, state: GameState, value: Any, **context: Any) -> Any:
        """`ask`, through only the modifiers registered with `flag` (in their layer order)."""
        chosen = self._flagged.get(name, {}).get(flag, set())
        for _layer, _order, fn in self._modifiers.get(name, ()):
            if fn in chosen:
                value = fn(state, value, **context)
        return value
