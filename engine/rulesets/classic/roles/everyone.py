"""Everyone's moves: «сижу дома», the bar «Голубая устрица» (1.9) and the shop (4.1: «поход в магазин
любого персонажа»)."""

from __future__ import annotations

from typing import Any

from engine.core.durations import THIS_PHASE
from engine.core.extensions import edit
from engine.core.refusal import Refusal
from engine.core.state import GameState
from engine.rulesets.classic import order as o
from engine.rulesets.classic.economy import buy, can_pay, may_buy, pay
from engine.rulesets.classic.model import BAR_FEE, BAR_LIMIT, IN_BAR, Citizen, cit
from engine.rulesets.classic.moves import MOVES, Move


@MOVES.move("home", step=o.STEP_CITIZEN, paid=False)
def home(move: Move) -> None:
    """«сижу дома»: nothing happens, nothing is earned."""
    move.done()


@MOVES.rule("bar")
def _bar_allowed(state: GameState, pid: int, what: str) -> None:
    if cit(state, pid).bar_visits >= BAR_LIMIT:
        raise Refusal("limit_reached", what=what, max=BAR_LIMIT)
    if not can_pay(state, pid, BAR_FEE):
        raise Refusal("not_allowed", what=what, reason="no_coins")


@MOVES.move("bar", step=o.STEP_BAR, paid=False)
def bar(move: Move) -> None:
    """1.9: «Вход в бар 2 монеты… персонаж не может быть подвергнут никаким внешним воздействиям… наутро все
    знают, что персонаж был в баре. В бар нельзя пойти более 2-х раз за партию.»"""
    state = move.state
    if not pay(state, move.actor, BAR_FEE, "bar"):
        move.fail("no_coins")
        return
    with edit(Citizen, state.player(move.actor)) as me:
        me.bar_visits += 1
    state.add_effect(IN_BAR, target=move.actor, during=THIS_PHASE)
    state.emit("went_to_bar", "master", None, pid=move.actor)  # the morning header tells everyone
    move.done()


@MOVES.rule("buy")
def _buy_allowed(state: GameState, pid: int, what: str) -> None:
    """The shop is open (economy.shop_is_open)."""
    from engine.rulesets.classic.economy import shop_is_open

    if not shop_is_open(state):
        raise Refusal("not_allowed", what=what, reason="shop_closed")


def item_of(params: dict[str, Any]) -> str:
    """The item a purchase names (the choice's value is buy_<item>, worded choice.buy_<item> with its price)."""
    return str(params.get("item")).removeprefix("buy_")


def _buy_check(state: GameState, pid: int, params: dict[str, Any]) -> None:
    may_buy(state, pid, item_of(params))


@MOVES.move("buy", step=o.STEP_SHOP, check=_buy_check)
def shop(move: Move) -> None:
    """The purchase: paid now, the item acts from the next game day; refused now (the price, the stock) it
    fails («неудачно»), and the move is still a move."""
    kind = item_of(move.params)
    try:
        may_buy(move.state, move.actor, kind)
    except Refusal as why:
        move.fail(str(why.params.get("reason", "interfered")))
        return
    buy(move.state, move.actor, kind)
    move.done()


def _order_check(state: GameState, pid: int, params: dict[str, Any]) -> None:
    from engine.rulesets.classic.services import may_order

    may_order(state, pid, str(params.get("service")).removeprefix("service_"))


@MOVES.move("day_order", step=o.STEP_DAY_MOVES, paid=False, free=True, check=_order_check)
def day_order(move: Move) -> None:
    """A day order passed on to the role's holders (services.pass_on); the customer is told nothing more until
    it is fulfilled."""
    from engine.rulesets.classic.services import pass_on

    service = str(move.params["service"]).removeprefix("service_")  # the choice's word is choice.service_<id>
    pass_on(move.state, move.order.oid, move.actor, service, move.target)
