"""The screens of actions that ask for no more than one thing (ActionDef.screen): "instant" (one press),
"hand_card" (one Hand card: the order's card) and "amount" (a number paid in the cost currency). The
panel's button carries the action's id; a pick carries "<action id>.<value>"."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery, InlineKeyboardButton

from engine.core import api
from engine.core.actions import Action
from engine.core.state import GameState
from tgbot import gamedata
from tgbot.i18n import has, t
from tgbot.routers.common import edit
from tgbot.routers.guard import NEED_GAME
from tgbot.routers.play.press import Pressed, back_row, submit_simple
from tgbot.services.errors import ServiceError
from tgbot.services.games import GameService
from tgbot.ui.callbacks import Act, Code
from tgbot.ui.flow_input import as_int
from tgbot.ui.panel import button, markup

PER_ROW = 5  # numbers on a row of the amount screen


async def instant_perk(query: CallbackQuery, callback_data: Act, service: GameService, lang: str,
                       gs: GameState) -> None:
    """An action of one press (declared with the screen "instant", e.g. the Бизнесмен's point): submitted
    as it is; the engine refuses it if it may not be taken now."""
    action = api.catalog(gs.ruleset).actions.get(callback_data.v)
    if action is None or action.screen != "instant":
        raise ServiceError("bad_button")
    await submit_simple(query, callback_data, service, lang, action.kind)


def screen_action(gs: GameState, pid: int, action_id: str, screen: str) -> Action:
    """The action `action_id` as the player has it now (api.actions, else as declared), which must be
    declared with `screen`; without an id (a button sent before ids were carried), the rule set's one
    action with that screen."""
    declared = api.catalog(gs.ruleset).actions
    if not action_id:
        own = [a.id for a in declared.values() if a.screen == screen]
        if len(own) != 1:
            raise ServiceError("bad_button")
        action_id = own[0]
    action = next((a for a in api.actions(gs, pid) if a.id == action_id), None) or declared.get(action_id)
    if action is None or action.screen != screen:
        raise ServiceError("bad_button")
    return action


def split_pick(value: str) -> tuple[str, int]:
    """A pick's value, "<action id>.<n>" (or a bare "<n>" of an older button), as (action id, n)."""
    action_id, _, n = value.rpartition(".")
    return action_id, as_int(n)


def head(lang: str, action: Action, generic: str) -> str:
    """A screen's head: the action's own question (`ask.<action id>`, in the rule set's locales), else
    the generic one."""
    own = f"ask.{action.id}"
    return t(lang, own if has(lang, own) else generic)


async def hand_card_screen(query: CallbackQuery, callback_data: Act, lang: str, gs: GameState, pid: int) -> None:
    cb = callback_data
    action = screen_action(gs, pid, cb.v, "hand_card")
    rows = [[button(gamedata.card_name(gs.ruleset, c.card, lang), cb.g, cb.p, Code.HAND_CARD_PICK,
                    f"{action.id}.{c.uid}")] for c in gs.player(pid).hand]
    rows.append(back_row(cb, lang))
    await edit(query, head(lang, action, "ui.choose_hand_card"), markup(rows))


async def hand_card_pick(query: CallbackQuery, callback_data: Act, service: GameService, lang: str,
                         gs: GameState, pid: int) -> None:
    action_id, uid = split_pick(callback_data.v)
    action = screen_action(gs, pid, action_id, "hand_card")
    await submit_simple(query, callback_data, service, lang, action.kind, card=uid)


def amount_param(action: Action) -> str:
    """The name of the action's one number param (what the amount is submitted as)."""
    names = [p.name for p in action.params if p.kind == "number"]
    if len(names) != 1:
        raise ServiceError("bad_button")
    return names[0]


def amounts(gs: GameState, pid: int, action: Action) -> range:
    """The numbers the player could pay now: from the param's least (1) to its most, within the points
    they hold, where points may pay at all (api.payment_options)."""
    spec = next(p for p in action.params if p.name == amount_param(action))
    held = gs.player(pid).points if api.payment_options(gs, pid).points_per_cost else 0
    most = held if spec.max is None else min(held, spec.max)
    return range(max(1, spec.min or 1), most + 1)


async def amount_screen(query: CallbackQuery, callback_data: Act, lang: str, gs: GameState, pid: int) -> None:
    cb = callback_data
    action = screen_action(gs, pid, cb.v, "amount")
    buttons: list[InlineKeyboardButton] = [button(str(n), cb.g, cb.p, Code.AMOUNT_PICK, f"{action.id}.{n}")
                                           for n in amounts(gs, pid, action)]
    rows = [buttons[i:i + PER_ROW] for i in range(0, len(buttons), PER_ROW)]
    rows.append(back_row(cb, lang))
    await edit(query, head(lang, action, "ui.choose_amount"), markup(rows))


async def amount_pick(query: CallbackQuery, callback_data: Act, service: GameService, lang: str,
                      gs: GameState, pid: int) -> None:
    action_id, amount = split_pick(callback_data.v)
    action = screen_action(gs, pid, action_id, "amount")
    await submit_simple(query, callback_data, service, lang, action.kind, params={amount_param(action): amount},
                        payment={"points": amount})


def make_router() -> Router:
    router = Router(name="play.perks")
    router.callback_query.register(instant_perk, Pressed(Code.PERK), flags=NEED_GAME)
    router.callback_query.register(hand_card_screen, Pressed(Code.HAND_CARD), flags=NEED_GAME)
    router.callback_query.register(hand_card_pick, Pressed(Code.HAND_CARD_PICK), flags=NEED_GAME)
    router.callback_query.register(amount_screen, Pressed(Code.AMOUNT), flags=NEED_GAME)
    router.callback_query.register(amount_pick, Pressed(Code.AMOUNT_PICK), flags=NEED_GAME)
    return router
