"""The card flow (tgbot/ui/flow.py) in private chat: started by playing a card (Мафик: from the Sleeve,
or "as" another card), by an action besides plays (FLOW_ACTIONS), a granted ability, the Маньяк's swap,
the kill boost or an order on one card (keeping a knocked-out card); then one press or one typed text a step; then submitted. Its screens
are tgbot/ui/flow_screens.py."""

from __future__ import annotations

import copy
from typing import Any

from aiogram import F, Router
from aiogram.filters import StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.types import CallbackQuery, Message

from engine.core import api
from engine.core.refusal import Refusal, refuse
from engine.core.state import GameState
from tgbot.i18n import t
from tgbot.routers.common import answer, edit, explain
from tgbot.routers.filters import Magic
from tgbot.routers.guard import NEED_GAME, Stale
from tgbot.routers.play.press import Pressed, show_panel
from tgbot.services.errors import ServiceError
from tgbot.services.games import GameService
from tgbot.states import PlayStates
from tgbot.ui import flow as fl
from tgbot.ui import panel as pn
from tgbot.ui.callbacks import Act, Code
from tgbot.ui.flow_input import answer_param, as_int, pay_press, step_refusal
from tgbot.ui.flow_screens import flow_screen, held, options_offered, settle

# ---------------------------------------------------------------- starting the flow


async def play(query: CallbackQuery, callback_data: Act, state: FSMContext, lang: str, gs: GameState,
               pid: int) -> None:
    cb = callback_data
    uid = as_int(cb.v)
    card, _zone = held(gs, pid, uid)
    refuse(api.playable(gs, pid, uid))  # refused before the first step, not after the last
    await start_flow(query, state, lang, gs, pid, fl.new_flow(cb.g, cb.p, "play", card=uid, spec=card.card))


async def play_as(query: CallbackQuery, callback_data: Act, state: FSMContext, lang: str, gs: GameState,
                  pid: int) -> None:
    """Мафик: a Sleeve card played as another card (Солдат, Врач…)."""
    cb = callback_data
    raw_uid, _dot, alias = cb.v.partition(".")
    card, _zone = held(gs, pid, as_int(raw_uid), sleeve=True)
    if alias not in pn.play_as(gs, pid):
        raise Refusal("not_allowed", what="as", card=alias)
    await start_flow(query, state, lang, gs, pid,
                     fl.new_flow(cb.g, cb.p, "play", card=card.uid, spec=card.card, alias=alias))


async def do_action(query: CallbackQuery, callback_data: Act, state: FSMContext, lang: str, gs: GameState,
                    pid: int) -> None:
    """Мафик: an order or instant action besides plays (FLOW_ACTIONS), through the same flow."""
    cb = callback_data
    action = fl.FLOW_ACTIONS.get(cb.v)
    if action is None:
        raise ServiceError("bad_button")
    await start_flow(query, state, lang, gs, pid, fl.new_flow(cb.g, cb.p, action.kind, action=cb.v))


async def use_ability(query: CallbackQuery, callback_data: Act, state: FSMContext, lang: str, gs: GameState,
                      pid: int) -> None:
    """Мафик: a granted ability ("every night you may…"), asked by its own params."""
    cb = callback_data
    if cb.v not in pn.abilities(gs, pid):
        raise Refusal("not_allowed", what="ability", card=cb.v)
    await start_flow(query, state, lang, gs, pid, fl.new_flow(cb.g, cb.p, "ability", spec=cb.v))


async def swap(query: CallbackQuery, callback_data: Act, state: FSMContext, lang: str, gs: GameState,
               pid: int) -> None:
    """The Маньяк's swap, begun from a Hand card or a Sleeve card: the other is asked."""
    cb = callback_data
    uid = as_int(cb.v)
    zone = "sleeve" if cb.a == Code.SWAP_WITH_HAND else "hand"
    held(gs, pid, uid, sleeve=zone == "sleeve")
    flow = fl.new_flow(cb.g, cb.p, "swap", action="swap")
    flow["params"][zone] = uid
    await start_flow(query, state, lang, gs, pid, flow)


async def boost(query: CallbackQuery, callback_data: Act, state: FSMContext, lang: str, gs: GameState,
                pid: int) -> None:
    await start_flow(query, state, lang, gs, pid, fl.new_flow(callback_data.g, callback_data.p, "kill_boost"))


async def card_order(query: CallbackQuery, callback_data: Act, state: FSMContext, lang: str, gs: GameState,
                     pid: int) -> None:
    """An order on one held card (an action of screen "card_order", e.g. keeping a knocked-out card),
    begun from the card's screen (`v`: uid.action id): then paid and confirmed through the flow."""
    cb = callback_data
    raw_uid, _dot, key = cb.v.partition(".")
    uid = as_int(raw_uid)
    held(gs, pid, uid)
    offered = [a for a in api.actions(gs, pid) if a.screen == "card_order"]
    # a button sent before the value named the action (`v`: the uid alone) meant the only one there is
    action = next((a for a in offered if a.id == key or (not key and len(offered) == 1)), None)
    if action is None:
        raise ServiceError("bad_button")
    if action.why is not None:
        raise action.why
    await start_flow(query, state, lang, gs, pid, fl.new_flow(cb.g, cb.p, action.kind, card=uid))


async def start_flow(query: CallbackQuery, fsm: FSMContext, lang: str, gs: GameState, pid: int,
                     flow: dict[str, Any]) -> None:
    await fsm.update_data(flow=flow)  # data first: a crash in between leaves no state without it
    await fsm.set_state(PlayStates.flow)
    await render_flow(query, lang, gs, pid, flow)


async def render_flow(query: CallbackQuery, lang: str, gs: GameState, pid: int, flow: dict[str, Any]) -> None:
    text, keyboard = flow_screen(gs, pid, flow, lang)
    await edit(query, text, keyboard)


# ---------------------------------------------------------------- a step


async def flow_step(query: CallbackQuery, callback_data: Act, service: GameService, state: FSMContext, lang: str,
                    gs: GameState, pid: int) -> None:
    cb = callback_data
    data = await state.get_data()
    flow = data.get("flow")
    if not flow or flow["game"] != cb.g or flow["phase"] != cb.p:
        raise ServiceError("old_screen")  # the flow was submitted or cancelled (a double click, an old message)
    value = cb.v
    if value == "noop":
        return
    flow.setdefault("picked", None)
    flow.setdefault("roles", [])
    flow["error"] = None
    settle(gs, pid, flow)
    if flow["stage"] == "params":
        q = fl.next_question(gs, pid, flow)
        assert q is not None
        before = copy.deepcopy(flow)
        answer_param(flow, q, value)
        refusal = step_refusal(gs, pid, flow)
        if refusal is not None:  # the wrong step is undone and refused now, with the reason
            flow = before
            flow["error"] = explain(lang, refusal)
            await answer(query, flow["error"][:200], show_alert=True)
    elif flow["stage"] == "pay":
        pay_press(gs, pid, flow, value)
    elif flow["stage"] == "confirm":
        if value.startswith("opt=") and value[4:] in {option.name for option in options_offered(gs, pid, flow)}:
            name = value[4:]
            flow["options"][name] = not flow["options"].get(name)
        elif value == "ok":
            await state.update_data(flow=flow)
            await _submit_flow(query, service, state, lang, gs, pid, flow)
            return
        else:
            raise ServiceError("bad_button")
    await state.update_data(flow=flow)
    await render_flow(query, lang, gs, pid, flow)


async def _submit_flow(query: CallbackQuery, service: GameService, fsm: FSMContext, lang: str, gs: GameState,
                       pid: int, flow: dict[str, Any]) -> None:
    params = fl.order_params(flow)
    payment: dict[str, Any] = {"points": flow["payment"]["points"], "cards": list(flow["payment"]["cards"])}
    fl.with_options(gs, pid, flow, params, payment)
    action = fl.action_of(flow)
    try:
        if action is not None and action.instant:
            await service.act(flow["game"], user_id=query.from_user.id, action=action.kind, params=params)
        elif action is not None:
            await service.submit(flow["game"], user_id=query.from_user.id, kind=action.kind, params=params)
        else:
            await service.submit(flow["game"], user_id=query.from_user.id, kind=flow["kind"], card=flow.get("card"),
                                 params=params, payment=payment)
    except (Refusal, ServiceError) as error:  # the screen is redrawn with the refusal: back to paying
        message = explain(lang, error)
        flow["stage"] = "pay"
        flow["payment"] = {"points": 0, "cards": []}
        flow["error"] = message
        await fsm.update_data(flow=flow)
        await answer(query, message[:200], show_alert=True)
        gs = await service.state(flow["game"])
        await render_flow(query, lang, gs, pid, flow)
        return
    await fsm.set_state(None)
    await fsm.update_data(flow=None)
    note = t(lang, "ui.done_instant" if action is not None and action.instant else "ui.accepted")
    await answer(query, note)
    await show_panel(query, service, flow["game"], lang, note=note)


async def flow_text(message: Message, service: GameService, state: FSMContext, lang: str) -> None:
    """Text typed while the flow asks for a message (Письмо, Переписка, Блок…)."""
    data = await state.get_data()
    flow = data.get("flow")
    if not flow or message.from_user is None:
        await state.set_state(None)
        await message.answer(t(lang, "ui.use_buttons"))
        return
    gs = await service.state(flow["game"])
    pid = await service.seat_of(flow["game"], message.from_user.id)
    if gs.phase != flow["phase"]:
        raise Stale(flow["game"])
    flow.setdefault("picked", None)
    flow.setdefault("roles", [])
    q = fl.next_question(gs, pid, flow) if flow["stage"] == "params" else None
    if q is None or q.spec.kind not in fl.TEXT_KINDS:
        await message.answer(t(lang, "ui.use_buttons"))
        return
    text = (message.text or "").strip()
    if not text or len(text) > 2000:
        await message.answer(t(lang, "refusal.bad_param") + " " + t(lang, "reason.message_too_long"))
        return
    before = copy.deepcopy(flow)
    if q.spec.kind == "message":
        fl.answer(flow, q, text)
    else:
        flow["pending"].append(text)
        targets = fl._slot(flow, q.path).get("targets") or []
        if len(flow["pending"]) >= len(targets):
            fl.answer(flow, q, list(flow["pending"]))
    refusal = step_refusal(gs, pid, flow)
    if refusal is not None:
        flow = before
        flow["error"] = explain(lang, refusal)
    await state.update_data(flow=flow)
    screen, keyboard = flow_screen(gs, pid, flow, lang)
    await message.answer(screen, parse_mode="HTML", reply_markup=keyboard)


def make_router() -> Router:
    router = Router(name="play.flow")
    router.callback_query.register(play, Pressed(Code.PLAY), flags=NEED_GAME)
    router.callback_query.register(play_as, Pressed(Code.PLAY_AS), flags=NEED_GAME)
    router.callback_query.register(do_action, Pressed(Code.DO), flags=NEED_GAME)
    router.callback_query.register(use_ability, Pressed(Code.ABILITY), flags=NEED_GAME)
    router.callback_query.register(swap, Pressed(Code.SWAP_WITH_SLEEVE, Code.SWAP_WITH_HAND), flags=NEED_GAME)
    router.callback_query.register(boost, Pressed(Code.BOOST), flags=NEED_GAME)
    router.callback_query.register(card_order, Pressed(Code.KEEP), flags=NEED_GAME)
    router.callback_query.register(flow_step, Pressed(Code.FLOW), flags=NEED_GAME)
    router.message.register(flow_text, StateFilter(PlayStates.flow), Magic(F.chat.type == "private"), Magic(F.text))
    return router
