"""The block step: "Во время фазы персонаж может быть заблокирован. В таком случае в эту фазу
считается, что персонаж не объявлял никаких действий. Персонаж узнает об этом, но не о том, что его
заблокировало. Способности, помеченные буквой «Б», не могут быть заблокированы" («Мафия с личинами»).

It works on the phase's valid orders by player, `res.scratch["orders"]` (as a rule set's first step
leaves them), before anything else of the phase reads them. Every block of the phase takes effect at
once — the abilities that block are «Б» themselves in the rules, so no block undoes another — then
the blocked players' orders, but those of unblockable abilities, count as not made.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.abilities import AbilityCatalogue
from engine.core.resolution import Resolution
from engine.core.state import Order

BLOCKED = "blocked"  # the event a blocked player gets (to "player", with nothing about who)


def block_step(catalogue: AbilityCatalogue) -> Callable[[Resolution], None]:
    """A pipeline step: the targets of this phase's orders of abilities tagged "blocks" are blocked;
    orders of abilities tagged "unblockable" stand."""

    def blocks(res: Resolution) -> None:
        blocked: set[int] = set()
        for orders in res.scratch["orders"].values():
            for order in orders:
                ability = catalogue.of_order(order)
                if ability is not None and ability.has("blocks"):
                    blocked.update(ability.targets_in(order.params))
        drop_orders(res, blocked, keeps=lambda order: _unblockable(catalogue, order))

    return blocks


def drop_orders(res: Resolution, blocked: set[int], *, keeps: Callable[[Order], bool] = lambda _o: False) -> None:
    """The blocked players' orders of this phase count as not made (but those `keeps` says stand); each
    blocked living player learns it, and not by whom."""
    orders: dict[int, list[Order]] = res.scratch["orders"]
    for pid in sorted(blocked):
        if not res.state.player(pid).alive:
            continue
        orders[pid] = [o for o in orders.get(pid, []) if keeps(o)]
        res.state.emit(BLOCKED, "player", pid)


def _unblockable(catalogue: AbilityCatalogue, order: Order) -> bool:
    ability = catalogue.of_order(order)
    return ability is not None and ability.has("unblockable")
