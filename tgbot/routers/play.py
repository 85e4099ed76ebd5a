"""A phase in private chat: the panel, playing a card through the generic flow, votes, perks,
replies, the order of the hand, and withdrawing submissions."""

from __future__ import annotations

import contextlib
from html import escape
from typing import Any

from aiogram import F, Router
from aiogram.exceptions import TelegramBadRequest
from aiogram.fsm.context import FSMContext
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.state import GameState
from engine.core.views import player_view
from tgbot import gamedata
from tgbot.i18n import t
from tgbot.routers.common import edit, explain
from tgbot.services.errors import ServiceError
from tgbot.services.games import GameService
from tgbot.states import PlayStates
from tgbot.ui import flow as fl
from tgbot.ui.callbacks import Act
from tgbot.ui.panel import button, markup, panel

DECK_ACTIONS = {"pick", "bcol", "badd", "bdel", "btext", "bsave", "bauto"}


class Stale(Exception):
    """The button belongs to a phase (or game) that is over."""


async def context(query: CallbackQuery, cb: Act, service: GameService) -> tuple[dict[str, Any], GameState, int]:
    game = await service.game(cb.g)
    pid = await service.seat_of(cb.g, query.from_user.id)
    state = await service.state(cb.g)
    if state.phase != cb.p or game["status"] not in ("setup", "running"):
        raise Stale
    return game, state, pid


async def show_panel(query: CallbackQuery, service: GameService, game_id: int, lang: str, note: str = "") -> None:
    game = await service.game(game_id)
    state = await service.state(game_id)
    pid = await service.seat_of(game_id, query.from_user.id)
    text, keyboard = panel(game, state, pid, lang)
    await edit(query, (note + "\n\n" if note else "") + text, keyboard)


async def on_action(query: CallbackQuery, callback_data: Act, service: GameService, state: FSMContext,
                    lang: str) -> None:
    cb = callback_data
    try:
        _game, gs, pid = await context(query, cb, service)
        handler = ACTIONS.get(cb.a)
        if handler is None:
            raise ServiceError("bad_button")
        await handler(query, cb, service, state, lang, gs, pid)
    except Stale:
        await query.answer(t(lang, "error.stale"), show_alert=True)
        return
    except (Refusal, ServiceError) as error:
        await query.answer(explain(lang, error)[:200], show_alert=True)
        return
    with contextlib.suppress(TelegramBadRequest):
        await query.answer()


# ---------------------------------------------------------------- simple actions

async def _panel(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                 gs: GameState, pid: int) -> None:
    await fsm.set_state(None)
    await show_panel(query, service, cb.g, lang)


async def _card(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    uid = int(cb.v)
    card = next((c for c in gs.player(pid).hand if c.uid == uid), None)
    if card is None:
        raise Refusal("card_not_in_hand", uid=uid)
    cost = api.play_cost(gs, pid, uid)
    lines = [f"<b>{escape(gamedata.card_name(gs.ruleset, card.card, lang))}</b>",
             escape(gamedata.card_text(gs.ruleset, card.card, lang)), t(lang, "ui.cost_now", cost=cost)]
    rows = [[button(t(lang, "btn.play"), cb.g, cb.p, "play", uid)]]
    if gs.is_night:
        rows.append([button(t(lang, "btn.discard"), cb.g, cb.p, "disc", uid)])
    if any(e["kind"] == "knockout" and e["start"] <= gs.phase for e in player_view(gs, pid)["me"]["effects"]):
        rows.append([button(t(lang, "btn.keep"), cb.g, cb.p, "keep", uid)])
    rows.append([button(t(lang, "btn.back"), cb.g, cb.p, "panel")])
    await edit(query, "\n".join(lines), markup(rows))


async def _submit_simple(query: CallbackQuery, cb: Act, service: GameService, lang: str, kind: str,
                         **kwargs: Any) -> None:
    await service.submit(cb.g, user_id=query.from_user.id, kind=kind, **kwargs)
    await query.answer(t(lang, "ui.accepted"))
    await show_panel(query, service, cb.g, lang)


async def _discard(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                   gs: GameState, pid: int) -> None:
    await _submit_simple(query, cb, service, lang, "discard", card=int(cb.v))


def _player_buttons(gs: GameState, cb: Act, action: str, pids: list[int]) -> list[list[InlineKeyboardButton]]:
    buttons = [button(gs.player(p).name, cb.g, cb.p, action, p) for p in pids]
    return [buttons[i:i + 2] for i in range(0, len(buttons), 2)]


async def _votes(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                 gs: GameState, pid: int) -> None:
    rows = _player_buttons(gs, cb, "vote", [p.pid for p in gs.living()])
    rows.append([button(t(lang, "btn.back"), cb.g, cb.p, "panel")])
    await edit(query, t(lang, "ui.choose_vote"), markup(rows))


async def _vote(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    await _submit_simple(query, cb, service, lang, "vote", params={"target": int(cb.v)})


async def _puns(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    rows = [[button(t(lang, f"punishment.{c}"), cb.g, cb.p, "pun", c) for c in ("execution", "beating")],
            [button(t(lang, "btn.back"), cb.g, cb.p, "panel")]]
    await edit(query, t(lang, "ui.choose_punishment"), markup(rows))


async def _pun(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
               gs: GameState, pid: int) -> None:
    await _submit_simple(query, cb, service, lang, "punishment", params={"choice": cb.v})


async def _kills(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                 gs: GameState, pid: int) -> None:
    rows = _player_buttons(gs, cb, "kill", [p.pid for p in gs.living() if p.pid != pid])
    rows.append([button(t(lang, "btn.back"), cb.g, cb.p, "panel")])
    await edit(query, t(lang, "ui.choose_kill"), markup(rows))


async def _kill(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    await _submit_simple(query, cb, service, lang, "kill_vote", params={"target": int(cb.v)})


async def _perk(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    if cb.v != "businessman_point":
        raise ServiceError("bad_button")
    await _submit_simple(query, cb, service, lang, "businessman_point")


async def _croupier(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                    gs: GameState, pid: int) -> None:
    rows = [[button(gamedata.card_name(gs.ruleset, c.card, lang), cb.g, cb.p, "crou", c.uid)]
            for c in gs.player(pid).hand]
    rows.append([button(t(lang, "btn.back"), cb.g, cb.p, "panel")])
    await edit(query, t(lang, "ui.choose_croupier"), markup(rows))


async def _crou(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    await _submit_simple(query, cb, service, lang, "croupier_swap", card=int(cb.v))


async def _paranoid(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                    gs: GameState, pid: int) -> None:
    points = gs.player(pid).points
    buttons = [button(str(n), cb.g, cb.p, "para", n) for n in range(1, points + 1)]
    rows = [buttons[i:i + 5] for i in range(0, len(buttons), 5)]
    rows.append([button(t(lang, "btn.back"), cb.g, cb.p, "panel")])
    await edit(query, t(lang, "ui.choose_paranoid"), markup(rows))


async def _para(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    amount = int(cb.v)
    await _submit_simple(query, cb, service, lang, "paranoid_armor", params={"amount": amount},
                         payment={"points": amount})


async def _orders(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                  gs: GameState, pid: int) -> None:
    from tgbot.ui.panel import describe_order

    view = player_view(gs, pid)
    names = {c["uid"]: gamedata.card_name(gs.ruleset, c["card"], lang) for c in view["me"]["hand"]}
    rows = [[button("✖ " + describe_order(gs, o, names, lang)[:40], cb.g, cb.p, "wd", o["oid"])] for o in view["orders"]]
    rows.append([button(t(lang, "btn.back"), cb.g, cb.p, "panel")])
    text = t(lang, "ui.withdraw_hint") if view["orders"] else t(lang, "ui.no_orders")
    await edit(query, text, markup(rows))


async def _withdraw(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                    gs: GameState, pid: int) -> None:
    await service.withdraw(cb.g, user_id=query.from_user.id, oid=int(cb.v))
    await query.answer(t(lang, "ui.withdrawn"))
    await show_panel(query, service, cb.g, lang)


async def _reorder(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                   gs: GameState, pid: int) -> None:
    hand = gs.player(pid).hand
    rows = [[button(f"{i}. {gamedata.card_name(gs.ruleset, c.card, lang)}", cb.g, cb.p, "noop", c.uid),
             button("⬆", cb.g, cb.p, "up", c.uid)] for i, c in enumerate(hand, start=1)]
    rows.append([button(t(lang, "btn.back"), cb.g, cb.p, "panel")])
    await edit(query, t(lang, "ui.reorder_hint"), markup(rows))


async def _up(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
              gs: GameState, pid: int) -> None:
    uids = [c.uid for c in gs.player(pid).hand]
    uid = int(cb.v)
    if uid not in uids:
        raise Refusal("card_not_in_hand", uid=uid)
    i = uids.index(uid)
    if i > 0:
        uids[i - 1], uids[i] = uids[i], uids[i - 1]
        await service.reorder(cb.g, user_id=query.from_user.id, uids=uids)
    await _reorder(query, cb, service, fsm, lang, await service.state(cb.g), pid)


async def _noop(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    await query.answer()


async def _replies(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                   gs: GameState, pid: int) -> None:
    effects = player_view(gs, pid)["me"]["effects"]
    targets = sorted({e["source"] for e in effects if e["kind"] == "may_message" and e["start"] <= gs.phase})
    rows = _player_buttons(gs, cb, "reply", targets)
    rows.append([button(t(lang, "btn.back"), cb.g, cb.p, "panel")])
    await edit(query, t(lang, "ui.choose_reply"), markup(rows))


async def _reply(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                 gs: GameState, pid: int) -> None:
    await fsm.set_state(PlayStates.reply_text)
    await fsm.update_data(reply={"game": cb.g, "phase": cb.p, "to": int(cb.v)})
    await edit(query, t(lang, "ui.type_reply", to=escape(gs.player(int(cb.v)).name)),
               markup([[button(t(lang, "btn.cancel"), cb.g, cb.p, "panel")]]))


# ---------------------------------------------------------------- the card flow

async def _play(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    uid = int(cb.v)
    card = next((c for c in gs.player(pid).hand if c.uid == uid), None)
    if card is None:
        raise Refusal("card_not_in_hand", uid=uid)
    await start_flow(query, fsm, lang, gs, pid, fl.new_flow(cb.g, cb.p, "play", card=uid, spec=card.card))


async def _boost(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                 gs: GameState, pid: int) -> None:
    await start_flow(query, fsm, lang, gs, pid, fl.new_flow(cb.g, cb.p, "kill_boost"))


async def _keep(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    await start_flow(query, fsm, lang, gs, pid, fl.new_flow(cb.g, cb.p, "keep", card=int(cb.v)))


async def start_flow(query: CallbackQuery, fsm: FSMContext, lang: str, gs: GameState, pid: int,
                     flow: dict[str, Any]) -> None:
    await fsm.set_state(PlayStates.flow)
    await fsm.update_data(flow=flow)
    await render_flow(query, lang, gs, pid, flow)


def flow_cost(gs: GameState, pid: int, flow: dict[str, Any]) -> int:
    if flow["kind"] == "play":
        return api.play_cost(gs, pid, int(flow["card"]), fl.clean(flow["params"]))
    return 1


def _flow_keyboard(gs: GameState, flow: dict[str, Any], rows: list[list[InlineKeyboardButton]],
                   lang: str) -> InlineKeyboardMarkup:
    rows.append([button(t(lang, "btn.cancel"), flow["game"], flow["phase"], "panel")])
    return markup(rows)


def _fb(text: str, flow: dict[str, Any], value: str) -> InlineKeyboardButton:
    return button(text, flow["game"], flow["phase"], "f", value)


def _summary(gs: GameState, pid: int, flow: dict[str, Any], lang: str) -> str:
    ruleset = gs.ruleset
    if flow["kind"] == "play":
        card = next(c for c in gs.player(pid).hand if c.uid == flow["card"])
        head = f"<b>{escape(gamedata.card_name(ruleset, card.card, lang))}</b>\n" \
               f"{escape(gamedata.card_text(ruleset, card.card, lang))}"
    else:
        head = "<b>" + t(lang, "ui.flow_" + str(flow["kind"])) + "</b>"
    chosen = _describe_params(gs, flow["params"], lang)
    return head + ("\n" + chosen if chosen else "")


def _describe_params(gs: GameState, params: dict[str, Any], lang: str) -> str:
    parts = []
    for key, value in params.items():
        if value is None:
            continue
        if isinstance(value, dict) and "card" in value:
            inner = _describe_params(gs, value["params"], lang)
            parts.append(f"{key}: {gamedata.card_name(gs.ruleset, value['card'], lang)}" + (f" ({inner})" if inner else ""))
        else:
            parts.append(f"{key}: {_value_text(gs, key, value, lang)}")
    return "; ".join(parts)


def _value_text(gs: GameState, key: str, value: Any, lang: str) -> str:
    if key in ("target", "subject") and isinstance(value, int):
        return escape(gs.player(value).name)
    if key == "targets":
        return ", ".join(escape(gs.player(v).name) for v in value)
    if key == "cards" or key == "into":
        values = value if isinstance(value, list) else [value]
        return ", ".join(gamedata.card_name(gs.ruleset, v, lang) for v in values)
    if key == "give":
        return str(len(value))
    if key == "colour":
        return t(lang, f"colour.{value}")
    return escape(str(value))


async def render_flow(query: CallbackQuery, lang: str, gs: GameState, pid: int, flow: dict[str, Any]) -> None:
    text, keyboard = flow_screen(gs, pid, flow, lang)
    await edit(query, text, keyboard)


def flow_screen(gs: GameState, pid: int, flow: dict[str, Any], lang: str) -> tuple[str, InlineKeyboardMarkup]:
    summary = _summary(gs, pid, flow, lang)
    q = fl.next_question(gs, pid, flow) if flow["stage"] == "params" else None
    rows: list[list[InlineKeyboardButton]] = []
    if q is not None:
        prompt = t(lang, f"ask.{q.spec.kind}", need=q.need)
        if q.spec.kind in fl.TEXT_KINDS:
            index = len(fl._slot(flow, q.path).get(q.spec.name) or []) if q.spec.kind == "messages" else 0
            if q.spec.kind == "messages":
                targets = fl._slot(flow, q.path).get("targets") or []
                prompt = t(lang, "ask.messages", to=escape(gs.player(targets[len(flow["pending"])]).name))
            del index
        else:
            rows = _question_rows(gs, pid, flow, q, lang)
        if q.spec.optional:
            rows.append([_fb(t(lang, "btn.skip"), flow, "s")])
        return f"{summary}\n\n{prompt}", _flow_keyboard(gs, flow, rows, lang)
    if flow["stage"] == "params":
        flow["stage"] = "pay"
    if flow["stage"] == "pay":
        cost = flow_cost(gs, pid, flow) if flow["kind"] != "paranoid" else 0
        if cost > 0:
            pay = flow["payment"]
            spent = fl.spent_cards(flow)
            lines = [summary, "", t(lang, "ui.pay", cost=cost, points=gs.player(pid).points,
                                    chosen=pay["points"] + len(pay["cards"]))]
            for c in gs.player(pid).hand:
                if c.uid in spent:
                    continue
                mark = "✅ " if c.uid in pay["cards"] else ""
                rows.append([_fb(mark + gamedata.card_name(gs.ruleset, c.card, lang), flow, f"pc={c.uid}")])
            rows.append([_fb("− " + t(lang, "btn.point"), flow, "pp=-1"), _fb(str(pay["points"]), flow, "noop"),
                         _fb("+ " + t(lang, "btn.point"), flow, "pp=1")])
            if pay["points"] + len(pay["cards"]) == cost:
                rows.append([_fb(t(lang, "btn.confirm"), flow, "ok")])
            return "\n".join(lines), _flow_keyboard(gs, flow, rows, lang)
        flow["stage"] = "confirm"
    magician = flow["kind"] == "play" and gs.player(pid).public_role == "magician" \
        and not gs.player(pid).flags.get("used_magician")
    lines = [summary, "", t(lang, "ui.confirm")]
    if magician:
        on = bool(flow["options"].get("magician_copy"))
        rows.append([_fb(("✅ " if on else "") + t(lang, "btn.magician"), flow, "opt=magician_copy")])
    if _may_bluff(gs, pid, flow):
        on = bool(flow["options"].get("insurance_bluff"))
        rows.append([_fb(("✅ " if on else "") + t(lang, "btn.insurance_bluff"), flow, "opt=insurance_bluff")])
    rows.append([_fb(t(lang, "btn.confirm"), flow, "ok")])
    return "\n".join(lines), _flow_keyboard(gs, flow, rows, lang)


def _may_bluff(gs: GameState, pid: int, flow: dict[str, Any]) -> bool:
    if gs.player(pid).faction != "mafia":
        return False
    paying = set(flow["payment"]["cards"])
    return any(c.uid in paying and c.card == "insurance" for c in gs.player(pid).hand)


def _question_rows(gs: GameState, pid: int, flow: dict[str, Any], q: fl.Question,
                   lang: str) -> list[list[InlineKeyboardButton]]:
    kind = q.spec.kind
    pending = flow["pending"]
    rows: list[list[InlineKeyboardButton]] = []
    prefix = "t=" if q.multi else "p="
    if kind in ("target", "any_living", "dead_target", "targets"):
        buttons = [_fb(("✅ " if p in pending else "") + gs.player(p).name, flow, f"{prefix}{p}") for p in q.options]
        rows = [buttons[i:i + 2] for i in range(0, len(buttons), 2)]
    elif kind in ("card_names", "card_name", "card_effect"):
        from engine.core.ruleset import get_ruleset

        catalog = get_ruleset(gs.ruleset).catalog
        colours = list(dict.fromkeys(catalog[c].colour for c in q.options))
        tab = flow.get("tab") or colours[0]
        rows.append([_fb(("• " if c == tab else "") + t(lang, f"colour.{c}"), flow, f"tab={c}") for c in colours])
        cards = [c for c in q.options if catalog[c].colour == tab]
        buttons = [_fb(("✅ " if c in pending else "") + gamedata.card_name(gs.ruleset, c, lang), flow, f"{prefix}{c}")
                   for c in cards]
        rows += [buttons[i:i + 2] for i in range(0, len(buttons), 2)]
    elif kind == "colour":
        rows = [[_fb(t(lang, f"colour.{c}"), flow, f"p={c}") for c in q.options]]
    elif kind == "choice":
        rows = [[_fb(t(lang, f"choice.{c}"), flow, f"p={c}")] for c in q.options]
    elif kind == "flag":
        rows = [[_fb(t(lang, "btn.yes"), flow, "p=1"), _fb(t(lang, "btn.no"), flow, "p=0")]]
    elif kind == "hand_cards":
        hand = {c.uid: c for c in gs.player(pid).hand}
        rows = [[_fb(("✅ " if u in pending else "") + gamedata.card_name(gs.ruleset, hand[u].card, lang), flow,
                     f"t={u}")] for u in q.options]
    if q.multi and q.least <= len(pending) <= q.need:
        rows.append([_fb(t(lang, "btn.done"), flow, "d")])
    return rows


def _parse(kind: str, raw: str) -> Any:
    if kind in ("target", "any_living", "dead_target", "targets", "hand_cards"):
        return int(raw)
    if kind == "flag":
        return raw == "1"
    return raw


async def _flow(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    data = await fsm.get_data()
    flow = data.get("flow")
    if not flow or flow["game"] != cb.g or flow["phase"] != cb.p:
        raise Stale
    value = cb.v
    if value == "noop":
        return
    if flow["stage"] == "params":
        q = fl.next_question(gs, pid, flow)
        if q is None:
            flow["stage"] = "pay"
        elif value == "s" and q.spec.optional:
            fl.skip(flow, q)
        elif value.startswith("tab="):
            flow["tab"] = value[4:]
        elif value.startswith("p="):
            chosen = _parse(q.spec.kind, value[2:])
            if chosen not in q.options:
                raise ServiceError("bad_button")
            fl.answer(flow, q, chosen)
        elif value.startswith("t=") and q.multi:
            chosen = _parse(q.spec.kind, value[2:])
            if chosen not in q.options:
                raise ServiceError("bad_button")
            fl.toggle(flow, q, chosen)
        elif value == "d" and q.multi and q.least <= len(flow["pending"]) <= q.need:
            fl.answer(flow, q, list(flow["pending"]))
        else:
            raise ServiceError("bad_button")
    elif flow["stage"] == "pay":
        pay = flow["payment"]
        if value.startswith("pc="):
            uid = int(value[3:])
            if uid in pay["cards"]:
                pay["cards"].remove(uid)
            elif uid in {c.uid for c in gs.player(pid).hand} - fl.spent_cards(flow):
                pay["cards"].append(uid)
        elif value.startswith("pp="):
            pay["points"] = max(0, min(gs.player(pid).points, pay["points"] + int(value[3:])))
        elif value == "ok":
            flow["stage"] = "confirm"
        else:
            raise ServiceError("bad_button")
    elif flow["stage"] == "confirm":
        if value.startswith("opt="):
            name = value[4:]
            flow["options"][name] = not flow["options"].get(name)
        elif value == "ok":
            await fsm.update_data(flow=flow)
            await _submit_flow(query, service, fsm, lang, pid, flow)
            return
        else:
            raise ServiceError("bad_button")
    await fsm.update_data(flow=flow)
    await render_flow(query, lang, gs, pid, flow)


async def _submit_flow(query: CallbackQuery, service: GameService, fsm: FSMContext, lang: str, pid: int,
                       flow: dict[str, Any]) -> None:
    params = fl.clean(flow["params"])
    payment: dict[str, Any] = {"points": flow["payment"]["points"], "cards": list(flow["payment"]["cards"])}
    if flow["options"].get("magician_copy"):
        params["magician_copy"] = True
    if flow["options"].get("insurance_bluff"):
        payment["options"] = {"insurance_bluff": True}
    try:
        await service.submit(flow["game"], user_id=query.from_user.id, kind=flow["kind"], card=flow.get("card"),
                             params=params, payment=payment)
    except (Refusal, ServiceError) as error:
        flow["stage"] = "pay"
        flow["payment"] = {"points": 0, "cards": []}
        await fsm.update_data(flow=flow)
        await query.answer(explain(lang, error)[:200], show_alert=True)
        gs = await service.state(flow["game"])
        await render_flow(query, lang, gs, pid, flow)
        return
    await fsm.set_state(None)
    await fsm.update_data(flow=None)
    await query.answer(t(lang, "ui.accepted"))
    await show_panel(query, service, flow["game"], lang, note=t(lang, "ui.accepted"))


async def flow_text(message: Message, service: GameService, state: FSMContext, lang: str) -> None:
    """Text typed while the flow asks for a message (Письмо, Переписка, Блок…)."""
    data = await state.get_data()
    flow = data.get("flow")
    if not flow or message.from_user is None:
        return
    try:
        gs = await service.state(flow["game"])
        pid = await service.seat_of(flow["game"], message.from_user.id)
        if gs.phase != flow["phase"]:
            raise Stale
    except Stale:
        await message.answer(t(lang, "error.stale"))
        return
    except ServiceError as error:
        await message.answer(explain(lang, error))
        return
    q = fl.next_question(gs, pid, flow) if flow["stage"] == "params" else None
    if q is None or q.spec.kind not in fl.TEXT_KINDS:
        await message.answer(t(lang, "ui.use_buttons"))
        return
    text = (message.text or "").strip()
    if not text or len(text) > 2000:
        await message.answer(t(lang, "refusal.bad_param") + " " + t(lang, "reason.message_too_long"))
        return
    if q.spec.kind == "message":
        fl.answer(flow, q, text)
    else:
        flow["pending"].append(text)
        targets = fl._slot(flow, q.path).get("targets") or []
        if len(flow["pending"]) >= len(targets):
            fl.answer(flow, q, list(flow["pending"]))
    await state.update_data(flow=flow)
    screen, keyboard = flow_screen(gs, pid, flow, lang)
    await message.answer(screen, parse_mode="HTML", reply_markup=keyboard)


async def reply_text(message: Message, service: GameService, state: FSMContext, lang: str) -> None:
    data = await state.get_data()
    reply = data.get("reply")
    if not reply or message.from_user is None:
        return
    try:
        await service.submit(reply["game"], user_id=message.from_user.id, kind="message",
                             params={"to": reply["to"], "text": message.text or ""})
    except (Refusal, ServiceError) as error:
        await message.answer(explain(lang, error))
        return
    await state.set_state(None)
    await message.answer(t(lang, "ui.accepted"))


ACTIONS = {
    "panel": _panel, "card": _card, "disc": _discard, "votes": _votes, "vote": _vote, "puns": _puns, "pun": _pun,
    "kills": _kills, "kill": _kill, "perk": _perk, "croupier": _croupier, "crou": _crou, "paranoid": _paranoid,
    "para": _para, "orders": _orders, "wd": _withdraw, "reorder": _reorder, "up": _up, "noop": _noop,
    "replies": _replies, "reply": _reply, "play": _play, "boost": _boost, "keep": _keep, "f": _flow,
}


def make_router() -> Router:
    """A fresh router (each bot instance gets its own)."""
    router = Router(name="play")
    router.callback_query.filter(F.message.chat.type == "private")
    router.callback_query.register(on_action, Act.filter(~F.a.in_(DECK_ACTIONS)))
    router.message.register(flow_text, PlayStates.flow, F.chat.type == "private", F.text)
    router.message.register(reply_text, PlayStates.reply_text, F.chat.type == "private", F.text)
    return router
