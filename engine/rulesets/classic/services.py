"""Day orders («заказы», 1.5, 4.2): by day anyone may order a service of another role for a target («себе или
другому игроку»); «Заказы ходом не являются. Прием заказов завершается за 30 минут до окончания дня.» At the
day's resolution the order is passed on («через ведущего передаются исполнителям») to whoever holds the role
and is in the game: he learns the service and its target (decision: not who ordered). The coins are taken
from the customer when the executor's module says the order is fulfilled (`fulfil`: «снимается с заказчика»),
and go to the executor. The executors' modules read their orders for the night with `orders_for`.

Decisions: one order a day per character; an order to a role nobody in the game holds is accepted and not
passed on (nobody learns that); the customer must have the price when ordering and when it is fulfilled.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from engine.core.extensions import edit, read
from engine.core.refusal import Refusal
from engine.core.state import GameState
from engine.rulesets.classic.economy import can_pay, transfer
from engine.rulesets.classic.model import Town, in_play


@dataclass(frozen=True)
class Service:
    id: str
    roles: tuple[str, ...]  # who carries it out
    price: int
    words: str  # the text's


# Every service the text prices (Врач's orders: not in this edition).
SERVICES: dict[str, Service] = {s.id: s for s in (
    Service("cover", ("sheriff", "investigator"), 2, "копы: «Прикрытие… Можно заказать за 2 монеты»"),
    Service("heal", ("nurse",), 2, "Медсестра: «Принимает заказы на лечение от игроков за 2 монеты»"),
    Service("drink", ("drunkard",), 2, "Пьяница: «Можно отправить на дом себе или другому игроку за 2 монеты»"),
    Service("seduce", ("harlot",), 2, "Шмара: «Любой игрок может сделать Шмаре заказ соблазнить игрока… 2 монеты»"),
    Service("guard", ("bodyguard",), 2, "Телохранитель: «Можно заказать за 2 монеты»"),
    Service("special_guard", ("bodyguard",), 4, "Телохранитель: «За 4 монеты можно заказать особую защиту»"),
    Service("tour", ("tour_operator",), 3, "Туроператор: «Заказ Тура или экскурсии = 3 монеты»"),
    Service("excursion", ("tour_operator",), 3, "Туроператор: «Заказ Тура или экскурсии = 3 монеты»"),
)}


class DayOrder(BaseModel):
    """An order passed on: for the night after the day it was made in."""

    oid: int
    service: str
    by: int  # the customer
    target: int
    to: list[int]  # the executors it was passed to
    night: int  # the phase of the night it is for
    done: bool = False


def price_of(state: GameState, by: int, service: str) -> int:
    """What the customer pays: the text's price, unless a role's rule says otherwise (the query `order_price`:
    the Депутат «Заказ Шмаре не оплачивает»)."""
    from engine.rulesets.classic.moves import MOVES

    price: int = MOVES.queries.ask("order_price", state, SERVICES[service].price, by=by, service=service)
    return max(0, price)


def may_order(state: GameState, pid: int, service: str) -> None:
    if service not in SERVICES:
        raise Refusal("bad_param", param="service", kind="choice", reason="choice")
    if not can_pay(state, pid, price_of(state, pid, service)):
        raise Refusal("not_allowed", what="day_order", reason="no_coins")


def pass_on(state: GameState, oid: int, by: int, service: str, target: int) -> DayOrder | None:
    """The order to the role's holders in the game (none: not passed on)."""
    from engine.rulesets.classic.moves import MOVES

    executors = [p.pid for p in state.players if p.secret_role in SERVICES[service].roles and in_play(state, p.pid)]
    executors = [p for p in executors if MOVES.queries.ask("pass_order", state, True, executor=p, by=by,
                                                          service=service)]
    if not executors:
        return None
    order = DayOrder(oid=oid, service=service, by=by, target=target, to=executors, night=state.phase + 1)
    with edit(Town, state) as town:
        town.day_orders = [*town.day_orders, order.model_dump(mode="json")]
    for pid in executors:
        state.emit("order_received", "player", pid, service=service, target=target, price=price_of(state, by, service))
    return order


def orders_for(state: GameState, pid: int, service: str | None = None) -> list[DayOrder]:
    """The orders passed to him for this night (of one service, if named), not yet fulfilled."""
    found = [DayOrder.model_validate(o) for o in read(Town, state).day_orders]
    return [o for o in found if pid in o.to and o.night == state.phase and not o.done
            and (service is None or o.service == service)]


def fulfil(state: GameState, order: DayOrder, executor: int) -> bool:
    """The order carried out: its price from the customer to the executor (False, and not done, when the
    customer can no longer pay)."""
    if not transfer(state, order.by, executor, price_of(state, order.by, order.service), "order"):
        return False
    with edit(Town, state) as town:
        town.day_orders = [{**o, "done": True} if o["oid"] == order.oid else o for o in town.day_orders]
    state.emit("order_fulfilled", "player", order.by, service=order.service, target=order.target)
    return True


def forget(state: GameState) -> None:
    """The orders of a night that is over."""
    with edit(Town, state) as town:
        town.day_orders = [o for o in town.day_orders if int(o["night"]) > state.phase]
