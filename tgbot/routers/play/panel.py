"""The panel and what it opens without a dialogue: a card's screen (Hand or Sleeve), the night
discard, the submissions and their withdrawal, the order of the hand, and a reply to a message."""

from __future__ import annotations

from html import escape, unescape

from aiogram import F, Router
from aiogram.filters import StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.types import CallbackQuery, Message

from engine.core import api
from engine.core.actions import Action
from engine.core.refusal import Refusal
from engine.core.state import GameState
from engine.core.views import player_view
from tgbot import gamedata
from tgbot.i18n import t
from tgbot.routers.common import answer, edit, explain
from tgbot.routers.filters import Magic
from tgbot.routers.guard import NEED_GAME
from tgbot.routers.play.press import Pressed, back_row, player_buttons, show_panel, submit_simple
from tgbot.services.games import GameService
from tgbot.states import PlayStates
from tgbot.ui import panel as pn
from tgbot.ui.callbacks import Act, Code
from tgbot.ui.flow_input import as_int
from tgbot.ui.flow_screens import card_head, held
from tgbot.ui.panel import button, describe_order, held_names, markup


async def open_panel(query: CallbackQuery, callback_data: Act, service: GameService, state: FSMContext,
                     lang: str) -> None:
    await state.set_state(None)
    await show_panel(query, service, callback_data.g, lang)


async def card_screen(query: CallbackQuery, callback_data: Act, lang: str, gs: GameState, pid: int) -> None:
    """A Hand or Sleeve card: its text, its cost now, and what may be done with it now (api.actions)."""
    cb = callback_data
    uid = as_int(cb.v)
    card, zone = held(gs, pid, uid)
    cost = t(lang, "ui.cost_now", cost=api.play_cost(gs, pid, uid))
    lines = [card_head(gs, card.card, lang)]
    lines += ["", t(lang, "ui.zone_" + zone) + " · " + cost] if len(api.view_profile(gs.ruleset).zones) > 1 else [cost]
    if card.free:
        lines.append(t(lang, "ui.free_copy"))
    why = api.playable(gs, pid, uid)
    rows = [] if why is not None else \
        [[button(t(lang, "btn.play_sleeve" if zone == "sleeve" else "btn.play"), cb.g, cb.p, Code.PLAY, uid)]]
    if why is not None:
        lines.append(_unplayable(lang, why))
    if zone == "sleeve":
        for alias in pn.play_as(gs, pid):
            name = gamedata.card_name(gs.ruleset, alias, lang)
            rows.append([button(t(lang, "btn.play_as", card=name), cb.g, cb.p, Code.PLAY_AS, f"{uid}.{alias}")])
    actions = [a for a in api.actions(gs, pid) if a.available]
    available = {a.id for a in actions}
    if "swap" in available:
        other = "btn.swap_with_hand" if zone == "sleeve" else "btn.swap_with_sleeve"
        code = Code.SWAP_WITH_HAND if zone == "sleeve" else Code.SWAP_WITH_SLEEVE
        rows.append([button(t(lang, other), cb.g, cb.p, code, uid)])
    if "discard" in available:
        rows.append([button(t(lang, "btn.discard"), cb.g, cb.p, Code.DISCARD, uid)])
    rows += [[button(t(lang, a.label_key), cb.g, cb.p, Code.KEEP, f"{uid}.{a.id}")]
             for a in actions if a.screen == "card_order" and on_card(gs, pid, a, uid)]
    rows.append(back_row(cb, lang))
    await edit(query, "\n".join(lines), markup(rows))


def on_card(gs: GameState, pid: int, action: Action, uid: int) -> bool:
    """Does an order on one card (screen "card_order") apply to this card? The engine's check of the
    order on it says (its payment, chosen later, aside)."""
    try:
        api.check(gs, pid, action.kind, card=uid, params=dict(action.preset))
    except Refusal:
        return False
    return True


def _unplayable(lang: str, why: Refusal) -> str:
    """Why the card cannot be played now, on its screen (its play button is left out)."""
    return "🚫 " + escape(explain(lang, why))


async def discard(query: CallbackQuery, callback_data: Act, service: GameService, lang: str) -> None:
    await submit_simple(query, callback_data, service, lang, "discard", card=as_int(callback_data.v))


async def orders_screen(query: CallbackQuery, callback_data: Act, lang: str, gs: GameState, pid: int) -> None:
    cb = callback_data
    view = player_view(gs, pid, events=False)
    names = held_names(gs, pid, lang)
    rows = [[button("✖ " + unescape(describe_order(gs, o, names, lang, pid))[:48], cb.g, cb.p, Code.WITHDRAW,
                    o["oid"])] for o in view["orders"]]
    rows.append(back_row(cb, lang))
    text = t(lang, "ui.withdraw_hint") if view["orders"] else t(lang, "ui.no_orders")
    await edit(query, text, markup(rows))


async def withdraw(query: CallbackQuery, callback_data: Act, service: GameService, lang: str) -> None:
    await service.withdraw(callback_data.g, user_id=query.from_user.id, oid=as_int(callback_data.v))
    await answer(query, t(lang, "ui.withdrawn"))
    await show_panel(query, service, callback_data.g, lang)


async def reorder_screen(query: CallbackQuery, callback_data: Act, lang: str, gs: GameState, pid: int) -> None:
    cb = callback_data
    hand = gs.player(pid).hand
    rows = [[button(f"{i}. {gamedata.card_name(gs.ruleset, c.card, lang)}", cb.g, cb.p, Code.NOOP, c.uid),
             button("⬆", cb.g, cb.p, Code.UP, c.uid)] for i, c in enumerate(hand, start=1)]
    rows.append(back_row(cb, lang))
    await edit(query, t(lang, "ui.reorder_hint"), markup(rows))


async def move_up(query: CallbackQuery, callback_data: Act, service: GameService, lang: str, gs: GameState,
                  pid: int) -> None:
    cb = callback_data
    uids = [c.uid for c in gs.player(pid).hand]
    uid = as_int(cb.v)
    if uid not in uids:
        raise Refusal("card_not_in_hand", uid=uid)
    i = uids.index(uid)
    if i > 0:
        uids[i - 1], uids[i] = uids[i], uids[i - 1]
        await service.reorder(cb.g, user_id=query.from_user.id, uids=uids)
    await reorder_screen(query, cb, lang, await service.state(cb.g), pid)


async def noop(query: CallbackQuery) -> None:
    await answer(query)


async def replies_screen(query: CallbackQuery, callback_data: Act, lang: str, gs: GameState, pid: int) -> None:
    effects = player_view(gs, pid, events=False)["me"].get("effects", [])  # a rule set's view may have none
    targets = sorted({e["source"] for e in effects if e["kind"] == "may_message" and e["start"] <= gs.phase})
    rows = player_buttons(gs, callback_data, Code.REPLY, targets)
    rows.append(back_row(callback_data, lang))
    await edit(query, t(lang, "ui.choose_reply"), markup(rows))


async def reply_to(query: CallbackQuery, callback_data: Act, state: FSMContext, lang: str, gs: GameState) -> None:
    cb = callback_data
    await state.update_data(reply={"game": cb.g, "phase": cb.p, "to": as_int(cb.v)})  # data first (crash-safe)
    await state.set_state(PlayStates.reply_text)
    await edit(query, t(lang, "ui.type_reply", to=escape(gs.player(as_int(cb.v)).name)),
               markup([[button(t(lang, "btn.cancel"), cb.g, cb.p, Code.PANEL)]]))


async def reply_text(message: Message, service: GameService, state: FSMContext, lang: str) -> None:
    data = await state.get_data()
    reply = data.get("reply")
    if not reply or message.from_user is None:
        await state.set_state(None)
        await message.answer(t(lang, "ui.use_buttons"))
        return
    await service.submit(reply["game"], user_id=message.from_user.id, kind="message",
                         params={"to": reply["to"], "text": message.text or ""})
    await state.set_state(None)
    await message.answer(t(lang, "ui.accepted"))


def make_router() -> Router:
    router = Router(name="play.panel")
    router.callback_query.register(open_panel, Pressed(Code.PANEL), flags=NEED_GAME)
    router.callback_query.register(card_screen, Pressed(Code.CARD), flags=NEED_GAME)
    router.callback_query.register(discard, Pressed(Code.DISCARD), flags=NEED_GAME)
    router.callback_query.register(orders_screen, Pressed(Code.ORDERS), flags=NEED_GAME)
    router.callback_query.register(withdraw, Pressed(Code.WITHDRAW), flags=NEED_GAME)
    router.callback_query.register(reorder_screen, Pressed(Code.REORDER), flags=NEED_GAME)
    router.callback_query.register(move_up, Pressed(Code.UP), flags=NEED_GAME)
    router.callback_query.register(noop, Pressed(Code.NOOP), flags=NEED_GAME)
    router.callback_query.register(replies_screen, Pressed(Code.REPLIES), flags=NEED_GAME)
    router.callback_query.register(reply_to, Pressed(Code.REPLY), flags=NEED_GAME)
    router.message.register(reply_text, StateFilter(PlayStates.reply_text), Magic(F.chat.type == "private"), Magic(F.text))
    return router
