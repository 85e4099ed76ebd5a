"""The skeleton of a card game's order validation; each rule set brings its validators and set rules.

Every order kind has a validator that checks it alone, claims the cards it uses and returns the points
(or blood) it spends; then the whole set is checked together, and last whether the player can pay it
all. The same function runs when an order is made and again at resolution.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Set

from engine.core.memo import unchanging
from engine.core.queries import WHILE
from engine.core.refusal import Refusal
from engine.core.state import GameState, Order

Validator = Callable[[GameState, int, Order, set[int]], int]  # returns the points it spends
SetRule = Callable[[GameState, int, list[Order]], None]
READS = "__reads_orders__"  # the order kinds a set rule looks at (set by `reads_orders`)


def reads_orders(*kinds: str) -> Callable[[SetRule], SetRule]:
    """Mark a set rule as looking only at the orders of these kinds: a set holding none of them passes it
    unasked (most sets are a vote and a punishment, and most set rules look only at plays or abilities)."""

    def mark(fn: SetRule) -> SetRule:
        setattr(fn, READS, frozenset(kinds))
        return fn

    return mark


class SetRules:
    """A rule set's rules about a player's whole set of orders, in their registration order. A rule marked
    `reads_orders` is asked only of a set holding an order of its kinds; one marked `only_while`
    (engine/core/queries.py) only while the state holds an effect of its kinds."""

    def __init__(self) -> None:
        self._rules: list[tuple[frozenset[str] | None, frozenset[str] | None, SetRule]] = []
        # by the kinds of a set's orders: the rules `reads_orders` lets ask, with the effect kinds each waits
        # for; worked out on a set's first check, forgotten when a rule is added
        self._read_by: dict[frozenset[str], tuple[tuple[frozenset[str] | None, SetRule], ...]] = {}

    def add(self, declared: SetRule, run: SetRule) -> None:
        """Add a rule: `declared` as written (its marks are read), `run` what is called (it may be wrapped)."""
        self._rules.append((getattr(declared, READS, None), getattr(declared, WHILE, None), run))
        self._read_by.clear()

    def _reading(self, kinds: frozenset[str]) -> tuple[tuple[frozenset[str] | None, SetRule], ...]:
        """The rules a set holding orders of these kinds is asked (in their order), with what each waits for.
        A set's kinds are few (a vote, a punishment, a play…), so each combination is worked out once."""
        rules = self._read_by.get(kinds)
        if rules is None:
            rules = self._read_by[kinds] = tuple((needs, rule) for reads, needs, rule in self._rules
                                                 if reads is None or not reads.isdisjoint(kinds))
        return rules

    def check(self, state: GameState, pid: int, orders: list[Order]) -> None:
        effects: Set[str] | None = None
        for needs, rule in self._reading(frozenset([o.kind for o in orders])):
            if needs is not None:
                if effects is None:
                    effects = state.held_kinds()
                if needs.isdisjoint(effects):
                    continue
            rule(state, pid, orders)


def validate_orders(state: GameState, pid: int, orders: list[Order], validators: Mapping[str, Validator],
                    whole_set: SetRule, *, spends: str) -> None:
    """Refuse the orders unless the game runs, the player lives, each order passes its kind's validator,
    the set passes `whole_set`, and the points they spend (`spends`: what the refusal calls them) are had."""
    if state.status != "running":
        raise Refusal("game_not_running", status=state.status)
    player = state.player(pid)
    if not player.alive:
        raise Refusal("dead")
    used: set[int] = set()
    spent = 0
    with unchanging():  # each question asked again by another check is answered once (engine/core/memo.py)
        for order in orders:
            check = validators.get(order.kind)
            if check is None:
                raise Refusal("bad_param", param="kind", reason="unknown_order_kind")
            spent += check(state, pid, order, used)
        whole_set(state, pid, orders)
    if spent > player.points:
        raise Refusal("cost_unpayable", reason=spends, have=player.points, need=spent)
