"""Queries: values folded through every registered modifier in a fixed layer order.

A query answers a question such as "what does this card cost this player now?" or "may this
player target that one?". Rulesets register modifiers per query name; each modifier looks at
the active effects in the state and returns the (possibly changed) value. Adding a new card that
changes costs means registering one more modifier, never touching the callers.

A modifier may be scoped to one card (`card=`): it answers only questions about that card (the
context's `spec`), such as a card's own cost rule, and is not even called for the others — a query
asked about every card of every Hand then costs what the cards in play need, not what the whole
collection declares. And a modifier that can change an answer only while an effect of some kind is in
force says so (`@only_while(kind, …)`): a question asked when no effect of those kinds exists skips it.
A modifier a card declares (its `owner`) is skipped in a resolution of a game where that card cannot
matter (engine/core/presence.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Set
from typing import Any

from engine.core.presence import Presence, current
from engine.core.state import GameState

Modifier = Callable[..., Any]
_Link = tuple[frozenset[str] | None, str | None, Modifier]  # a compiled chain's entry (see Queries._compiled)
# a compiled chain, and when every modifier in it waits for effect kinds, all the kinds they wait for
_Compiled = tuple[tuple[_Link, ...], frozenset[str] | None]
WHILE = "__only_while__"  # the effect kinds a modifier needs (set by `only_while`)


def only_while(*kinds: str) -> Callable[[Modifier], Modifier]:
    """Mark a modifier as a no-op unless the state holds an effect of one of `kinds` (active or not:
    the modifier itself still reads which are in force)."""

    def mark(fn: Modifier) -> Modifier:
        setattr(fn, WHILE, frozenset(kinds))
        return fn

    return mark


class _Chains(dict[str, Any]):
    """A registry of modifier lists that forgets the compiled chains whenever an entry is set or removed
    (a test that swaps a query's modifiers in and out included)."""

    def __init__(self, forget: Callable[[], None]) -> None:
        super().__init__()
        self._forget = forget

    def __setitem__(self, key: str, value: Any) -> None:
        self._forget()
        super().__setitem__(key, value)

    def __delitem__(self, key: str) -> None:
        self._forget()
        super().__delitem__(key)

    def setdefault(self, key: str, default: Any = None) -> Any:
        self._forget()
        return super().setdefault(key, default)

    def pop(self, key: str, *default: Any) -> Any:
        self._forget()
        return super().pop(key, *default)


def _kinds_of(state: GameState, found: Presence | None) -> Set[str]:
    """The kinds of the effects a state holds (in a resolution, known already: engine/core/presence.py)."""
    return state.held_kinds() if found is None else found.kinds


class Queries:
    def __init__(self) -> None:
        # each question's chain as it runs: (the effect kinds a modifier needs or None, the card that declared
        # it or None, modifier), by query name (a query with modifiers scoped to cards: by name and card id, ""
        # for a question about no card), with the kinds its modifiers all wait for (None when one waits for
        # none); compiled on first ask, forgotten on any change
        self._compiled: dict[str | tuple[str, str], _Compiled] = {}
        # each modifier's owner: the card that declared it, or None (a rule's, or one shared by several)
        self._owners: dict[Modifier, str | None] = {}
        # (layer, registration number, modifier), in the order they run: the modifiers for every card
        self._modifiers: dict[str, list[tuple[int, int, Modifier]]] = _Chains(self._compiled.clear)
        # the modifiers scoped to one card, by query name and card id
        self._scoped: dict[str, dict[str, list[tuple[int, int, Modifier]]]] = _Chains(self._compiled.clear)
        # the modifiers of each query that carry a flag (by query name, then flag)
        self._flagged: dict[str, dict[str, set[Modifier]]] = {}
        self._registered = 0
        # by query name: the effect kinds its modifiers wait for (`only_while`), or None once one waits for none
        self.waits: dict[str, frozenset[str] | None] = {}

    def modifier(self, name: str, *, layer: int = 50, flags: Iterable[str] = (),
                 card: str | None = None, owner: str | None = None) -> Callable[[Modifier], Modifier]:
        """Register a modifier of query `name` at `layer`; `flags` mark it for `ask_flagged` (e.g. a
        disguise that deceives even an undeceivable check: engine/core/checks.py); `card` scopes it to
        the questions about that card (the context's `spec`); `owner` is the card that declared it."""

        def register(fn: Modifier) -> Modifier:
            kinds: frozenset[str] | None = getattr(fn, WHILE, None)
            known = self.waits.get(name, frozenset())
            self.waits[name] = None if kinds is None or known is None else known | kinds
            self._owners[fn] = owner if self._owners.get(fn, owner) == owner else None
            scoped = self._scoped.setdefault(name, {})
            entries = self._modifiers.setdefault(name, []) if card is None else scoped.setdefault(card, [])
            entries.append((layer, self._registered, fn))
            self._registered += 1
            entries.sort(key=lambda item: (item[0], item[1]))
            self._compiled.clear()
            for flag in flags:
                self._flagged.setdefault(name, {}).setdefault(flag, set()).add(fn)
            return fn

        return register

    def _chain(self, name: str, context: dict[str, Any]) -> list[tuple[int, int, Modifier]]:
        """The modifiers a question runs through: the general ones, and those scoped to its card."""
        general = self._modifiers.get(name, [])
        scoped = self._scoped.get(name)
        spec = context.get("spec") if scoped else None
        own = scoped.get(getattr(spec, "id", ""), []) if scoped and spec is not None else []
        return sorted([*general, *own], key=lambda item: (item[0], item[1])) if own else general

    def _compiled_chain(self, name: str, context: dict[str, Any]) -> tuple[_Link, ...]:
        return self._compiled_entry(name, context)[0]

    def _compiled_entry(self, name: str, context: dict[str, Any]) -> _Compiled:
        """The question's compiled chain: kept by the query's name alone when no modifier of it is scoped to a
        card (every question of it runs the same chain), else by name and card id."""
        key: str | tuple[str, str]
        if self._scoped.get(name):
            spec = context.get("spec")
            key = (name, getattr(spec, "id", "") if spec is not None else "")
        else:
            key = name
        entry = self._compiled.get(key)
        if entry is None:
            chain = tuple((getattr(fn, WHILE, None), self._owners.get(fn), fn)
                          for _layer, _order, fn in self._chain(name, context))
            gated = [needs for needs, _owner, _fn in chain if needs is not None]
            entry = self._compiled[key] = (chain, frozenset().union(*gated) if len(gated) == len(chain) else None)
        return entry

    def idle(self, state: GameState, names: Iterable[str]) -> bool:
        """Would every modifier of these queries do nothing in this state (each waits for effect kinds the state
        holds none of)? Then their answers are the values asked with, whatever else the state holds."""
        waited: set[str] = set()
        for name in names:
            kinds = self.waits.get(name, frozenset())
            if kinds is None:
                return False
            waited |= kinds
        return waited.isdisjoint(state.held_kinds())

    def ask(self, name: str, state: GameState, value: Any, **context: Any) -> Any:
        # (the look-up of `_compiled_entry` and `_kinds_of` written out: a game asks some four thousand questions,
        # most of them answered before any modifier runs)
        entry = self._compiled.get(name)
        chain, waited = entry if entry is not None else self._compiled_entry(name, context)
        if not chain:
            return value
        found = current(state)  # a resolution's pass: which cards can matter, which effect kinds it has held
        present: Set[str] | None = None  # the state's effect kinds, looked at once, when the first gated modifier comes
        if waited is not None:  # every modifier waits for some kind: when the state holds none of them, none runs
            present = state.held_kinds() if found is None else found.kinds
            if waited.isdisjoint(present):
                return value
        for needs, owner, fn in chain:
            if needs is not None:
                if present is None:
                    present = _kinds_of(state, found)
                if needs.isdisjoint(present):
                    continue
            if owner is not None and found is not None and owner not in found.owners:
                continue
            value = fn(state, value, **context)
        return value

    def ask_each(self, name: str, state: GameState, questions: Iterable[tuple[Any, dict[str, Any]]]) -> list[Any]:
        """`ask` for many questions of one query (each a value and its context) about a state none of them
        changes, as a rule set asks about every card of its collection: the state's effect kinds are looked
        at once for all, and each card's chain is cut down to the modifiers they let run once for all its questions."""
        found = current(state)
        present: Set[str] | None = None
        live: dict[str, tuple[Modifier, ...]] = {}  # by card id: the modifiers the state's effect kinds let run
        answers = []
        for value, context in questions:
            spec = context.get("spec")
            card = getattr(spec, "id", "") if spec is not None else ""
            chain = live.get(card)
            if chain is None:
                links = self._compiled_chain(name, context)
                if present is None and any(needs is not None for needs, _owner, _fn in links):
                    present = _kinds_of(state, found)
                chain = live[card] = tuple(fn for needs, owner, fn in links
                                           if (needs is None or (present is not None and not needs.isdisjoint(present)))
                                           and (owner is None or found is None or owner in found.owners))
            for fn in chain:
                value = fn(state, value, **context)
            answers.append(value)
        return answers

    def ask_flagged(self, name: str, flag: str, state: GameState, value: Any, **context: Any) -> Any:
        """`ask`, through only the modifiers registered with `flag` (in their layer order)."""
        chosen = self._flagged.get(name, {}).get(flag, set())
        for _layer, _order, fn in self._chain(name, context):
            if fn in chosen:
                value = fn(state, value, **context)
        return value
