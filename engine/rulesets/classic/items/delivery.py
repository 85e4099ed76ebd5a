"""The Хозяин магазина's urgent delivery (5.1.15): «Может осуществить срочную доставку (цена выше на 4 монеты) -
если заказ принят, то товар будет доставлен вечером. При срочной доставке не может отдавать подделку(испорченный
оригинал).» 4.1: «Поздний вечер: … Хозяин магазина(срочный заказ/ закрытие магазина на учет)»; 4.2: «Заказы …
хозяину магазина принимаются в течении дня»; 3.1: «Директор магазина. Заработок за заказ - 1 монеты (снимается с
заказчика)».

Decisions: a day order to the shop (not a move), one a day, for oneself, naming the item; at the day's end it is
passed on to the Хозяин магазина in the game (he learns the item, not who ordered it; nobody in the game: it is
accepted and not passed on, nobody learns that). It is delivered at his step of the late evening — accepted when he
is then in the game, not dying nor blocked, the customer not jailed (by that day's vote), and the shop can sell it:
open, in stock, the customer allowed to buy it and able to pay. The price: the shop's list price + 4 (the night's
+1 does not add to it), of which 1 coin is the shopkeeper's («Заработок за заказ»). The item acts at once, this
very night; it is never a fake, and the shopkeeper's tricks of the night (the fake, the cheat) are for the night's
buyers, not for it. A delivery that cannot be made is told to the customer (why) and costs nothing.
"""

from __future__ import annotations

from typing import Any

from engine.core.durations import NEXT_NIGHT
from engine.core.refusal import Refusal
from engine.core.resolution import Resolution
from engine.core.state import GameState
from engine.core.wording import EventFormat, Line
from engine.rulesets.classic import order as o
from engine.rulesets.classic.economy import base_price, buy, earn, may_buy
from engine.rulesets.classic.model import ITEMS, SOLD, blocked, down, in_prison
from engine.rulesets.classic.moves import MOVES, Move
from engine.rulesets.classic.roles.town import shopkeepers

URGENT = 4  # «цена выше на 4 монеты»
WHY = ("interfered", "shop_closed", "out_of_stock", "no_coins", "not_for_you", "not_sold")  # why not delivered
FEE = 1  # «Директор магазина. Заработок за заказ - 1 монеты»
ORDERED = "urgent_order"  # on the customer, for the next night (param item); source: the shopkeeper


def item_of(params: dict[str, Any]) -> str:
    """The item an urgent order names (the choice's value is urgent_<item>, worded with its urgent price)."""
    return str(params.get("item")).removeprefix("urgent_")


def urgent_price(kind: str) -> int:
    return base_price(kind) + URGENT


def _check(state: GameState, pid: int, params: dict[str, Any]) -> None:
    kind = item_of(params)
    if kind not in SOLD:
        raise Refusal("bad_param", param="item", kind="choice", reason="not_sold")
    may_buy(state, pid, kind, cost=urgent_price(kind))


@MOVES.move("urgent_order", step=o.STEP_DAY_MOVES, paid=False, free=True, check=_check)
def urgent_order(move: Move) -> None:
    state = move.state
    kind = item_of(move.params)
    keepers = shopkeepers(state)
    if keepers:
        state.add_effect(ORDERED, target=move.actor, source=keepers[0], during=NEXT_NIGHT, item=kind)
        state.emit("urgent_order_received", "player", keepers[0], item=kind)
    move.done()


@MOVES.after_step(o.STEP_SHOPKEEPER)
def _deliver(res: Resolution) -> None:
    state = res.state
    for effect in sorted(state.effects_of(ORDERED), key=lambda e: e.target or 0):
        customer, keeper, kind = effect.target, effect.source, str(effect.params["item"])
        if customer is None or keeper is None or not state.player(customer).alive:
            continue
        why = _why_not(state, customer, keeper, kind)
        if why is None and buy(state, customer, kind, urgent=urgent_price(kind)):
            earn(state, keeper, FEE, "order")
            state.emit("urgent_delivered", "player", customer, item=kind)
        else:
            state.emit("urgent_not_delivered", "player", customer, item=kind, why=why or "interfered")


def _why_not(state: GameState, customer: int, keeper: int, kind: str) -> str | None:
    if keeper not in shopkeepers(state) or down(state, keeper) or blocked(state, keeper) or in_prison(state, customer):
        return "interfered"
    try:
        may_buy(state, customer, kind, cost=urgent_price(kind))
    except Refusal as refusal:
        return str(refusal.params.get("reason", "interfered"))
    return None


_ITEM = Line("classic_item.{item}", when={"item": tuple(ITEMS)})
MOVES.words(
    EventFormat("urgent_order_received", params={"item": _ITEM}),
    EventFormat("urgent_delivered", params={"item": _ITEM}),
    EventFormat("urgent_not_delivered", params={"item": _ITEM, "why": Line("classic_why.{why}", when={"why": WHY})}),
)
