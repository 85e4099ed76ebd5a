"""A phase in private chat: the panel, playing a card through the generic flow, votes, perks,
replies, the order of the hand, and withdrawing submissions. Мафик adds the Sleeve (plays from it,
"as" another card, payment from it), the night discard of two, the open punishment vote, the
Маньяк's and the Предатель's actions, granted abilities and the public roles' orders and instant
actions — every one of them walked by the same flow (tgbot/ui/flow.py)."""

from __future__ import annotations

import copy
from html import escape
from typing import Any

from aiogram import F, Router
from aiogram.filters import StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from engine.core import api
from engine.core.cards import CardSpec
from engine.core.refusal import Refusal
from engine.core.state import CardInstance, GameState
from engine.core.views import player_view
from tgbot import gamedata
from tgbot.i18n import t
from tgbot.routers.common import answer, answer_once, edit, explain
from tgbot.routers.filters import Magic
from tgbot.services.errors import ServiceError
from tgbot.services.games import GameService
from tgbot.states import PlayStates
from tgbot.ui import flow as fl
from tgbot.ui import panel as pn
from tgbot.ui.callbacks import Act
from tgbot.ui.panel import button, markup, panel

DECK_ACTIONS = {"pick", "bcol", "badd", "bdel", "btext", "bsave", "bauto"}
MAFIK = "mafik"


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
        await answer(query, t(lang, "refusal.dead" if await _is_dead(service, cb.g, query.from_user.id) else "error.stale"),
                     show_alert=True)
        return
    except (Refusal, ServiceError) as error:
        await answer(query, explain(lang, error)[:200], show_alert=True)
        return
    await answer_once(query)


async def _is_dead(service: GameService, game_id: int, user_id: int) -> bool:
    """Is this user's character dead (a running game's old button then says so, not just "too late")?"""
    try:
        pid = await service.seat_of(game_id, user_id)
        state = await service.state(game_id)
    except ServiceError:
        return False
    return state.status == "running" and not state.player(pid).alive


def _held(gs: GameState, pid: int, uid: int, *, sleeve: bool | None = None) -> tuple[CardInstance, str]:
    """The card with this uid in the player's Hand (or, Мафик, Sleeve), and its zone."""
    player = gs.player(pid)
    zones = {"hand": player.hand, "sleeve": player.sleeve}
    if sleeve is True:
        zones = {"sleeve": player.sleeve}
    elif sleeve is False or gs.ruleset != MAFIK:
        zones = {"hand": player.hand}
    for zone, cards in zones.items():
        card = next((c for c in cards if c.uid == uid), None)
        if card is not None:
            return card, zone
    raise Refusal("card_not_in_hand", uid=uid)


def _int(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise ServiceError("bad_button") from None


# ---------------------------------------------------------------- simple actions

async def _panel(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                 gs: GameState, pid: int) -> None:
    await fsm.set_state(None)
    await show_panel(query, service, cb.g, lang)


def _card_head(gs: GameState, card_id: str, lang: str) -> str:
    data = gamedata.card(gs.ruleset, card_id)
    colour = t(lang, f"colour.{data['colour']}")
    return f"<b>{escape(gamedata.card_name(gs.ruleset, card_id, lang))}</b> ({colour})\n" \
           f"{escape(gamedata.card_text(gs.ruleset, card_id, lang))}"


async def _card(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    uid = _int(cb.v)
    if gs.ruleset == MAFIK:
        await _mafik_card(query, cb, lang, gs, pid, uid)
        return
    card, _zone = _held(gs, pid, uid)
    cost = api.play_cost(gs, pid, uid)
    lines = [f"<b>{escape(gamedata.card_name(gs.ruleset, card.card, lang))}</b>",
             escape(gamedata.card_text(gs.ruleset, card.card, lang)), t(lang, "ui.cost_now", cost=cost)]
    why = api.playable(gs, pid, uid)
    rows = [] if why is not None else [[button(t(lang, "btn.play"), cb.g, cb.p, "play", uid)]]
    if why is not None:
        lines.append(_unplayable(lang, why))
    if gs.is_night:
        rows.append([button(t(lang, "btn.discard"), cb.g, cb.p, "disc", uid)])
    if any(e["kind"] == "knockout" and e["start"] <= gs.phase for e in player_view(gs, pid, events=False)["me"]["effects"]):
        rows.append([button(t(lang, "btn.keep"), cb.g, cb.p, "keep", uid)])
    rows.append([button(t(lang, "btn.back"), cb.g, cb.p, "panel")])
    await edit(query, "\n".join(lines), markup(rows))


async def _mafik_card(query: CallbackQuery, cb: Act, lang: str, gs: GameState, pid: int, uid: int) -> None:
    """A Hand or Sleeve card: its text, its cost now, and what may be done with it."""
    from engine.rulesets.mafik.costs import exiled

    card, zone = _held(gs, pid, uid)
    player = gs.player(pid)
    lines = [_card_head(gs, card.card, lang), "",
             t(lang, "ui.zone_" + zone) + " · " + t(lang, "ui.cost_now", cost=api.play_cost(gs, pid, uid))]
    if card.free:
        lines.append(t(lang, "ui.free_copy"))
    why = api.playable(gs, pid, uid)
    rows = [] if why is not None else \
        [[button(t(lang, "btn.play_sleeve" if zone == "sleeve" else "btn.play"), cb.g, cb.p, "play", uid)]]
    if why is not None:
        lines.append(_unplayable(lang, why))
    if zone == "sleeve":
        for alias in pn.play_as(gs, pid):
            name = gamedata.card_name(gs.ruleset, alias, lang)
            rows.append([button(t(lang, "btn.play_as", card=name), cb.g, cb.p, "plas", f"{uid}.{alias}")])
    if player.secret_role == "maniac" and not exiled(gs, pid) and player.hand and player.sleeve:
        other = "btn.swap_with_hand" if zone == "sleeve" else "btn.swap_with_sleeve"
        rows.append([button(t(lang, other), cb.g, cb.p, "sws" if zone == "sleeve" else "swh", uid)])
    rows.append([button(t(lang, "btn.back"), cb.g, cb.p, "panel")])
    await edit(query, "\n".join(lines), markup(rows))


def _unplayable(lang: str, why: Refusal) -> str:
    """Why the card cannot be played now, on its screen (its play button is left out)."""
    return "🚫 " + escape(explain(lang, why))


async def _submit_simple(query: CallbackQuery, cb: Act, service: GameService, lang: str, kind: str,
                         **kwargs: Any) -> None:
    await service.submit(cb.g, user_id=query.from_user.id, kind=kind, **kwargs)
    await answer(query, t(lang, "ui.accepted"))
    await show_panel(query, service, cb.g, lang)


async def _discard(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                   gs: GameState, pid: int) -> None:
    await _submit_simple(query, cb, service, lang, "discard", card=_int(cb.v))


def _player_buttons(gs: GameState, cb: Act, action: str, pids: list[int],
                    mark: int | None = None) -> list[list[InlineKeyboardButton]]:
    buttons = [button(("✅ " if p == mark else "") + gs.player(p).name, cb.g, cb.p, action, p) for p in pids]
    return [buttons[i:i + 2] for i in range(0, len(buttons), 2)]


def _my_order(gs: GameState, pid: int, kind: str) -> dict[str, Any] | None:
    return next((o.params for o in gs.orders.get(pid, []) if o.kind == kind), None)


async def _votes(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                 gs: GameState, pid: int) -> None:
    if gs.ruleset != MAFIK:
        rows = _player_buttons(gs, cb, "vote", [p.pid for p in gs.living()])
        rows.append([button(t(lang, "btn.back"), cb.g, cb.p, "panel")])
        await edit(query, t(lang, "ui.choose_vote"), markup(rows))
        return
    current = _my_order(gs, pid, "vote")
    target = int(current["target"]) if current else None
    lines = [t(lang, "ui.choose_vote_mafik")]
    lines.append(t(lang, "ui.your_vote", target=escape(gs.player(target).name)) if target is not None
                 else t(lang, "ui.vote_self_default"))
    rows = _player_buttons(gs, cb, "vote", [p.pid for p in gs.living()], mark=target)
    rows.append([button(t(lang, "btn.back"), cb.g, cb.p, "panel")])
    await edit(query, "\n".join(lines), markup(rows))


async def _vote(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    await _submit_simple(query, cb, service, lang, "vote", params={"target": _int(cb.v)})


def punishments(gs: GameState) -> tuple[str, ...]:
    if gs.ruleset == MAFIK:
        from engine.rulesets.mafik.orders import PUNISHMENTS

        return PUNISHMENTS
    return ("execution", "beating")


async def _puns(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    if gs.ruleset != MAFIK:
        rows = [[button(t(lang, f"punishment.{c}"), cb.g, cb.p, "pun", c) for c in punishments(gs)],
                [button(t(lang, "btn.back"), cb.g, cb.p, "panel")]]
        await edit(query, t(lang, "ui.choose_punishment"), markup(rows))
        return
    from engine.rulesets.mafik.orders import barred

    current = _my_order(gs, pid, "punishment")
    chosen = current["choice"] if current else None
    lines = [t(lang, "ui.choose_punishment_mafik")]
    rows = []
    for choice in punishments(gs):
        line = f"• <b>{t(lang, f'punishment.{choice}')}</b> — {t(lang, f'pun_about.{choice}')}"
        if barred(gs, choice):
            line += " " + t(lang, "ui.barred")
        lines.append(line)
        mark = "✅ " if choice == chosen else "🚫 " if barred(gs, choice) else ""
        rows.append([button(mark + t(lang, f"punishment.{choice}"), cb.g, cb.p, "pun", choice)])
    rows.append([button(t(lang, "btn.back"), cb.g, cb.p, "panel")])
    await edit(query, "\n".join(lines), markup(rows))


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
    await _submit_simple(query, cb, service, lang, "kill_vote", params={"target": _int(cb.v)})


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
    await _submit_simple(query, cb, service, lang, "croupier_swap", card=_int(cb.v))


async def _paranoid(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                    gs: GameState, pid: int) -> None:
    points = gs.player(pid).points
    buttons = [button(str(n), cb.g, cb.p, "para", n) for n in range(1, points + 1)]
    rows = [buttons[i:i + 5] for i in range(0, len(buttons), 5)]
    rows.append([button(t(lang, "btn.back"), cb.g, cb.p, "panel")])
    await edit(query, t(lang, "ui.choose_paranoid"), markup(rows))


async def _para(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    amount = _int(cb.v)
    await _submit_simple(query, cb, service, lang, "paranoid_armor", params={"amount": amount},
                         payment={"points": amount})


async def _orders(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                  gs: GameState, pid: int) -> None:
    from html import unescape

    from tgbot.ui.panel import describe_order, held_names

    view = player_view(gs, pid, events=False)
    names = held_names(gs, pid, lang)
    rows = [[button("✖ " + unescape(describe_order(gs, o, names, lang, pid))[:48], cb.g, cb.p, "wd", o["oid"])]
            for o in view["orders"]]
    rows.append([button(t(lang, "btn.back"), cb.g, cb.p, "panel")])
    text = t(lang, "ui.withdraw_hint") if view["orders"] else t(lang, "ui.no_orders")
    await edit(query, text, markup(rows))


async def _withdraw(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                    gs: GameState, pid: int) -> None:
    await service.withdraw(cb.g, user_id=query.from_user.id, oid=_int(cb.v))
    await answer(query, t(lang, "ui.withdrawn"))
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
    uid = _int(cb.v)
    if uid not in uids:
        raise Refusal("card_not_in_hand", uid=uid)
    i = uids.index(uid)
    if i > 0:
        uids[i - 1], uids[i] = uids[i], uids[i - 1]
        await service.reorder(cb.g, user_id=query.from_user.id, uids=uids)
    await _reorder(query, cb, service, fsm, lang, await service.state(cb.g), pid)


async def _noop(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    await answer(query)


async def _replies(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                   gs: GameState, pid: int) -> None:
    effects = player_view(gs, pid, events=False)["me"]["effects"]
    targets = sorted({e["source"] for e in effects if e["kind"] == "may_message" and e["start"] <= gs.phase})
    rows = _player_buttons(gs, cb, "reply", targets)
    rows.append([button(t(lang, "btn.back"), cb.g, cb.p, "panel")])
    await edit(query, t(lang, "ui.choose_reply"), markup(rows))


async def _reply(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                 gs: GameState, pid: int) -> None:
    await fsm.update_data(reply={"game": cb.g, "phase": cb.p, "to": _int(cb.v)})  # data first (crash-safe)
    await fsm.set_state(PlayStates.reply_text)
    await edit(query, t(lang, "ui.type_reply", to=escape(gs.player(_int(cb.v)).name)),
               markup([[button(t(lang, "btn.cancel"), cb.g, cb.p, "panel")]]))


# ---------------------------------------------------------------- starting the card flow

async def _play(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    uid = _int(cb.v)
    card, _zone = _held(gs, pid, uid)
    why = api.playable(gs, pid, uid)
    if why is not None:  # refused before the first step, not after the last
        raise why
    await start_flow(query, fsm, lang, gs, pid, fl.new_flow(cb.g, cb.p, "play", card=uid, spec=card.card))


async def _play_as(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                   gs: GameState, pid: int) -> None:
    """Мафик: a Sleeve card played as another card (Солдат, Врач…)."""
    raw_uid, _dot, alias = cb.v.partition(".")
    card, _zone = _held(gs, pid, _int(raw_uid), sleeve=True)
    if alias not in pn.play_as(gs, pid):
        raise Refusal("not_allowed", what="as", card=alias)
    await start_flow(query, fsm, lang, gs, pid,
                     fl.new_flow(cb.g, cb.p, "play", card=card.uid, spec=card.card, alias=alias))


async def _do(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
              gs: GameState, pid: int) -> None:
    """Мафик: an order or instant action besides plays (MAFIK_ACTIONS), through the same flow."""
    action = fl.MAFIK_ACTIONS.get(cb.v)
    if action is None:
        raise ServiceError("bad_button")
    await start_flow(query, fsm, lang, gs, pid, fl.new_flow(cb.g, cb.p, action.kind, action=cb.v))


async def _ability(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                   gs: GameState, pid: int) -> None:
    """Мафик: a granted ability ("every night you may…"), asked by its own params."""
    if cb.v not in pn.abilities(gs, pid):
        raise Refusal("not_allowed", what="ability", card=cb.v)
    await start_flow(query, fsm, lang, gs, pid, fl.new_flow(cb.g, cb.p, "ability", spec=cb.v))


async def _swap_from(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                     gs: GameState, pid: int) -> None:
    """The Маньяк's swap, begun from a Hand card (swh) or a Sleeve card (sws): the other is asked."""
    uid = _int(cb.v)
    zone = "sleeve" if cb.a == "sws" else "hand"
    _held(gs, pid, uid, sleeve=zone == "sleeve")
    flow = fl.new_flow(cb.g, cb.p, "swap", action="swap")
    flow["params"][zone] = uid
    await start_flow(query, fsm, lang, gs, pid, flow)


async def _boost(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                 gs: GameState, pid: int) -> None:
    await start_flow(query, fsm, lang, gs, pid, fl.new_flow(cb.g, cb.p, "kill_boost"))


async def _keep(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    await start_flow(query, fsm, lang, gs, pid, fl.new_flow(cb.g, cb.p, "keep", card=_int(cb.v)))


async def start_flow(query: CallbackQuery, fsm: FSMContext, lang: str, gs: GameState, pid: int,
                     flow: dict[str, Any]) -> None:
    await fsm.update_data(flow=flow)  # data first: a crash in between leaves no state without it
    await fsm.set_state(PlayStates.flow)
    await render_flow(query, lang, gs, pid, flow)


# ---------------------------------------------------------------- the flow's screens

def flow_cost(gs: GameState, pid: int, flow: dict[str, Any]) -> int:
    if flow["kind"] == "play":
        params = fl.clean(flow["params"])
        if flow.get("alias"):
            params["as"] = flow["alias"]
        return api.play_cost(gs, pid, int(flow["card"]), params)
    return 0 if gs.ruleset == MAFIK else 1


def _flow_keyboard(gs: GameState, flow: dict[str, Any], rows: list[list[InlineKeyboardButton]],
                   lang: str) -> InlineKeyboardMarkup:
    rows.append([button(t(lang, "btn.cancel"), flow["game"], flow["phase"], "panel")])
    return markup(rows)


def _fb(text: str, flow: dict[str, Any], value: str) -> InlineKeyboardButton:
    return button(text, flow["game"], flow["phase"], "f", value)


def _summary(gs: GameState, pid: int, flow: dict[str, Any], lang: str) -> str:
    ruleset = gs.ruleset
    if flow["kind"] == "play":
        card, zone = _held(gs, pid, int(flow["card"]))
        if flow.get("alias"):
            head = t(lang, "ui.play_as_head", card=escape(gamedata.card_name(ruleset, card.card, lang)),
                     alias=escape(gamedata.card_name(ruleset, flow["alias"], lang)))
            head += "\n" + _card_head(gs, flow["alias"], lang)
        else:
            head = _card_head(gs, card.card, lang) if ruleset == MAFIK else \
                f"<b>{escape(gamedata.card_name(ruleset, card.card, lang))}</b>\n" \
                f"{escape(gamedata.card_text(ruleset, card.card, lang))}"
            if zone == "sleeve":
                head = t(lang, "ui.from_sleeve") + "\n" + head
    elif flow["kind"] == "ability":
        head = t(lang, "ui.ability_head", card=escape(gamedata.card_name(ruleset, flow["spec"], lang))) + "\n" + \
            escape(gamedata.card_text(ruleset, flow["spec"], lang))
    elif flow.get("action"):
        head = f"<b>{t(lang, 'act.' + flow['action'])}</b>\n{t(lang, 'act_about.' + flow['action'])}"
    else:
        head = "<b>" + t(lang, "ui.flow_" + str(flow["kind"])) + "</b>"
    spec = fl.flow_spec(gs, flow)
    chosen = describe_params(gs, pid, spec, flow["params"], lang) if spec is not None else ""
    if flow.get("error"):
        head = "⚠️ " + escape(str(flow["error"])) + "\n\n" + head
    return head + ("\n\n" + chosen if chosen else "")


def describe_params(gs: GameState, pid: int, spec: CardSpec, params: dict[str, Any], lang: str) -> str:
    """What has been chosen so far, one line a parameter, by the parameter's kind."""
    from engine.core.ruleset import get_ruleset

    lines = []
    for param in spec.params:
        value = params.get(param.name)
        if param.name not in params or value is None:
            continue
        if param.kind == "card_effect" and isinstance(value, dict):
            inner_spec = get_ruleset(gs.ruleset).catalog[value["card"]]
            inner = describe_params(gs, pid, inner_spec, value["params"], lang)
            text = escape(gamedata.card_name(gs.ruleset, value["card"], lang)) + (f" ({inner})" if inner else "")
        else:
            text = value_text(gs, pid, param.kind, value, lang)
        lines.append(f"{t(lang, 'label.' + param.kind)}: {text}")
    return "\n".join(lines)


def value_text(gs: GameState, pid: int, kind: str, value: Any, lang: str) -> str:
    def name(p: Any) -> str:
        return escape(gs.player(int(p)).name)

    def card_name(c: Any) -> str:
        return escape(gamedata.card_name(gs.ruleset, str(c), lang))

    player = gs.player(pid)
    held = {c.uid: c.card for c in [*player.hand, *player.sleeve, *player.discard]}
    values = value if isinstance(value, list) else [value]
    if kind in ("target", "any_living", "dead_target", "targets", "dead_targets"):
        return ", ".join(name(v) for v in values)
    if kind in ("card_names", "card_name", "card_effect", "accusation"):
        return ", ".join(card_name(v) for v in values)
    if kind in ("hand_cards", "sleeve_cards", "give", "hand_card", "sleeve_card"):
        return ", ".join(card_name(held[v]) if v in held else "?" for v in values)
    if kind in ("colour", "colours"):
        return ", ".join(t(lang, f"colour.{v}") for v in values)
    if kind in ("secret_role", "secret_roles"):
        return ", ".join(escape(gamedata.role_name(gs.ruleset, str(v), lang)) for v in values)
    if kind == "role_map" and isinstance(value, dict):
        return ", ".join(f"{name(p)} — {escape(gamedata.role_name(gs.ruleset, str(r), lang))}" for p, r in value.items())
    if kind == "stance":
        return t(lang, f"stance.{value}")
    if kind == "choice":
        return t(lang, f"choice.{value}")
    if kind == "blood_use":
        return t(lang, f"blood.{value}")
    if kind == "flag":
        return t(lang, "btn.yes" if value else "btn.no")
    if kind == "chat_room":
        return _room_label(gs, int(value))
    return escape(str(value))


def _room_label(gs: GameState, eid: int) -> str:
    room = next((e for e in gs.effects if e.eid == eid), None)
    if room is None:
        return str(eid)
    return ", ".join(escape(gs.player(int(m)).name) for m in room.params.get("members", []))


async def render_flow(query: CallbackQuery, lang: str, gs: GameState, pid: int, flow: dict[str, Any]) -> None:
    text, keyboard = flow_screen(gs, pid, flow, lang)
    await edit(query, text, keyboard)


def settle(gs: GameState, pid: int, flow: dict[str, Any]) -> None:
    """Move past the stages with nothing to do: no parameter left to ask, no cost to pay."""
    if flow["stage"] == "params" and fl.next_question(gs, pid, flow) is None:
        flow["stage"] = "pay"
    if flow["stage"] == "pay" and (flow["kind"] == "paranoid" or flow_cost(gs, pid, flow) <= 0):
        flow["stage"] = "confirm"


def flow_screen(gs: GameState, pid: int, flow: dict[str, Any], lang: str) -> tuple[str, InlineKeyboardMarkup]:
    settle(gs, pid, flow)
    summary = _summary(gs, pid, flow, lang)
    q = fl.next_question(gs, pid, flow) if flow["stage"] == "params" else None
    rows: list[list[InlineKeyboardButton]] = []
    if q is not None:
        prompt = _prompt(gs, flow, q, lang)
        if q.spec.kind not in fl.TEXT_KINDS:
            rows = _question_rows(gs, pid, flow, q, lang)
            if not q.options:  # never an empty choice: say so (only skipping or cancelling is left)
                prompt = t(lang, "ui.nothing_to_choose")
        if q.spec.optional and not flow["roles"] and flow.get("picked") is None:
            rows.append([_fb(t(lang, "btn.skip"), flow, "s")])
        return f"{summary}\n\n{prompt}", _flow_keyboard(gs, flow, rows, lang)
    if flow["stage"] == "pay":
        return _pay_screen(gs, pid, flow, flow_cost(gs, pid, flow), summary, lang)
    lines = [summary, "", t(lang, "ui.confirm_instant" if fl.is_instant(flow) else "ui.confirm")]
    for name in _options_offered(gs, pid, flow):
        on = bool(flow["options"].get(name))
        rows.append([_fb(("✅ " if on else "") + t(lang, f"btn.{name}"), flow, f"opt={name}")])
    rows.append([_fb(t(lang, "btn.confirm"), flow, "ok")])
    return "\n".join(lines), _flow_keyboard(gs, flow, rows, lang)


def _prompt(gs: GameState, flow: dict[str, Any], q: fl.Question, lang: str) -> str:
    kind = q.spec.kind
    if kind == "messages":
        targets = fl._slot(flow, q.path).get("targets") or []
        return t(lang, "ask.messages", to=escape(gs.player(targets[len(flow["pending"])]).name))
    if q.subject is not None:  # naming the role of one character (secret_roles, role_map)
        return t(lang, "ask.role_for", subject=escape(gs.player(q.subject).name))
    prompt = t(lang, f"ask.{kind}", need=q.need, least=q.least)
    if q.multi and flow["pending"]:
        prompt += "\n" + t(lang, "ui.picked", n=len(flow["pending"]))
    return prompt


def _options_offered(gs: GameState, pid: int, flow: dict[str, Any]) -> list[str]:
    """Options of the order at the confirm step: Фокусник and Страховка (Микромафик), Миротворческая
    операция's armor instead of damage (Мафик)."""
    out = []
    if gs.ruleset == MAFIK:
        if flow["kind"] == "play" and gs.is_night and gs.effects_of("peacekeeping", target=pid):
            spec = fl.flow_spec(gs, flow)
            if spec is not None and any(p.kind in ("target", "targets", "any_living") for p in spec.params):
                out.append("armor_instead")
        return out
    if flow["kind"] == "play" and gs.player(pid).public_role == "magician" \
            and not gs.player(pid).flags.get("used_magician"):
        out.append("magician")
    if _may_bluff(gs, pid, flow):
        out.append("insurance_bluff")
    return out


def _pay_screen(gs: GameState, pid: int, flow: dict[str, Any], cost: int, summary: str,
                lang: str) -> tuple[str, InlineKeyboardMarkup]:
    pay = flow["payment"]
    player = gs.player(pid)
    rows: list[list[InlineKeyboardButton]] = []
    chosen = fl.paid(gs, pid, flow)
    if gs.ruleset == MAFIK:
        lines = [summary, "", t(lang, "ui.pay_mafik", cost=cost, chosen=chosen)]
        if fl.point_step(gs, pid):
            lines.append(t(lang, "ui.pay_blood", blood=player.points))
        if player.public_role == "cultist":
            lines.append(t(lang, "ui.pay_cultist"))
        hand = {c.uid for c in player.hand}
        cards = {c.uid: c for c in [*player.hand, *player.sleeve]}
        options = fl.payment_cards(gs, pid, flow)
        step = fl.point_step(gs, pid)
        if len(options) + (player.points // step if step else 0) < cost:
            lines.append(t(lang, "ui.pay_short", cost=cost, cards=len(options)))
        for uid in options:
            mark = "✅ " if uid in pay["cards"] else ""
            where = "✋ " if uid in hand else "🎴 "
            rows.append([_fb(mark + where + gamedata.card_name(gs.ruleset, cards[uid].card, lang), flow, f"pc={uid}")])
        if fl.point_step(gs, pid):
            rows.append([_fb(t(lang, "btn.blood_minus"), flow, "pp=-1"), _fb(str(pay["points"]), flow, "noop"),
                         _fb(t(lang, "btn.blood_plus"), flow, "pp=1")])
    else:
        lines = [summary, "", t(lang, "ui.pay", cost=cost, points=player.points, chosen=chosen)]
        if player.points + len(fl.payment_cards(gs, pid, flow)) < cost:
            lines.append(t(lang, "ui.pay_nothing"))
        for uid in fl.payment_cards(gs, pid, flow):
            card = next(c for c in player.hand if c.uid == uid)
            mark = "✅ " if uid in pay["cards"] else ""
            rows.append([_fb(mark + gamedata.card_name(gs.ruleset, card.card, lang), flow, f"pc={uid}")])
        rows.append([_fb("− " + t(lang, "btn.point"), flow, "pp=-1"), _fb(str(pay["points"]), flow, "noop"),
                     _fb("+ " + t(lang, "btn.point"), flow, "pp=1")])
    if chosen == cost:
        rows.append([_fb(t(lang, "btn.confirm"), flow, "ok")])
    return "\n".join(lines), _flow_keyboard(gs, flow, rows, lang)


def _may_bluff(gs: GameState, pid: int, flow: dict[str, Any]) -> bool:
    if gs.player(pid).faction != "mafia":
        return False
    paying = set(flow["payment"]["cards"])
    return any(c.uid in paying and c.card == "insurance" for c in gs.player(pid).hand)


def _label(gs: GameState, pid: int, q: fl.Question, value: Any, lang: str) -> str:
    kind = q.spec.kind
    player = gs.player(pid)
    if kind in ("target", "any_living", "dead_target", "targets", "dead_targets", "role_map") and q.subject is None:
        return gs.player(int(value)).name
    if kind in ("card_names", "card_name", "card_effect", "accusation"):
        return gamedata.card_name(gs.ruleset, str(value), lang)
    if kind in ("hand_cards", "sleeve_cards", "hand_card", "sleeve_card"):
        held = {c.uid: c.card for c in [*player.hand, *player.sleeve]}
        return gamedata.card_name(gs.ruleset, held[value], lang)
    if kind in ("colour", "colours"):
        return t(lang, f"colour.{value}")
    if kind in ("secret_role", "secret_roles", "role_map"):
        return gamedata.role_name(gs.ruleset, str(value), lang)
    if kind == "choice":
        return t(lang, f"choice.{value}")
    if kind == "stance":
        return t(lang, f"stance.{value}")
    if kind == "blood_use":
        return t(lang, f"blood.{value}")
    if kind == "flag":
        return t(lang, "btn.yes" if value else "btn.no")
    if kind == "chat_room":
        from html import unescape

        return unescape(_room_label(gs, int(value)))
    return str(value)


def _question_rows(gs: GameState, pid: int, flow: dict[str, Any], q: fl.Question,
                   lang: str) -> list[list[InlineKeyboardButton]]:
    kind = q.spec.kind
    pending = flow["pending"]
    rows: list[list[InlineKeyboardButton]] = []
    prefix = "t=" if q.multi else "p="
    options = q.options
    if kind in ("card_names", "card_name", "card_effect", "accusation"):
        from engine.core.ruleset import get_ruleset

        catalog = get_ruleset(gs.ruleset).catalog
        tabs = list(dict.fromkeys(catalog[c].colour for c in q.options))
        tab = flow.get("tab") if flow.get("tab") in tabs else (tabs[0] if tabs else None)
        tab_buttons = [_fb(("• " if c == tab else "") + t(lang, f"colour.{c}"), flow, f"tab={c}") for c in tabs]
        rows += [tab_buttons[i:i + 4] for i in range(0, len(tab_buttons), 4)]
        options = [c for c in q.options if catalog[c].colour == tab]
    buttons = []
    for value in options:
        raw = "1" if value is True else "0" if value is False else str(value)
        if q.repeats:
            count = pending.count(value)
            mark = f"×{count} " if count else ""
        else:
            mark = "✅ " if q.multi and value in pending else ""
        buttons.append(_fb(mark + _label(gs, pid, q, value, lang), flow, f"{prefix}{raw}"))
    per_row = 1 if kind in ("choice", "blood_use", "chat_room", "hand_cards", "sleeve_cards", "hand_card",
                            "sleeve_card") else 4 if kind == "number" else 2
    rows += [buttons[i:i + per_row] for i in range(0, len(buttons), per_row)]
    if q.repeats and pending:
        rows.append([_fb(t(lang, "btn.reset"), flow, "r")])
    if q.multi and q.least <= len(pending) <= q.need:
        rows.append([_fb(t(lang, "btn.done"), flow, "d")])
    return rows


INT_KINDS = ("target", "any_living", "dead_target", "targets", "dead_targets", "hand_cards", "sleeve_cards",
             "hand_card", "sleeve_card", "number", "chat_room")


def _parse(q: fl.Question, raw: str) -> Any:
    kind = q.spec.kind
    if kind == "role_map" and q.subject is None:
        return _int(raw)
    if kind in INT_KINDS:
        return _int(raw)
    if kind == "flag":
        return raw == "1"
    return raw


def _answer_param(flow: dict[str, Any], q: fl.Question, value: str) -> None:
    """One press while a parameter is asked."""
    if value == "s" and q.spec.optional:
        fl.skip(flow, q)
    elif value.startswith("tab="):
        flow["tab"] = value[4:]
    elif value.startswith("p="):
        chosen = _parse(q, value[2:])
        if chosen not in q.options:
            raise ServiceError("bad_button")
        if q.subject is not None:
            fl.name_role(flow, q, str(chosen))
        else:
            fl.answer(flow, q, chosen)
    elif value.startswith("t=") and q.multi:
        chosen = _parse(q, value[2:])
        if chosen not in q.options:
            raise ServiceError("bad_button")
        fl.toggle(flow, q, chosen)
    elif value == "r" and q.repeats:
        flow["pending"] = []
    elif value == "d" and q.multi and q.least <= len(flow["pending"]) <= q.need:
        fl.done(flow, q)
    else:
        raise ServiceError("bad_button")


async def _flow(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                gs: GameState, pid: int) -> None:
    data = await fsm.get_data()
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
        _answer_param(flow, q, value)
        refusal = step_refusal(gs, pid, flow)
        if refusal is not None:  # the wrong step is undone and refused now, with the reason
            flow = before
            flow["error"] = explain(lang, refusal)
            await answer(query, flow["error"][:200], show_alert=True)
    elif flow["stage"] == "pay":
        pay = flow["payment"]
        if value.startswith("pc="):
            uid = _int(value[3:])
            if uid in pay["cards"]:
                pay["cards"].remove(uid)
            elif uid in fl.payment_cards(gs, pid, flow):
                pay["cards"].append(uid)
        elif value.startswith("pp="):
            step = fl.point_step(gs, pid)
            pay["points"] = max(0, min(gs.player(pid).points, pay["points"] + step * _int(value[3:])))
            if step > 1:
                pay["points"] -= pay["points"] % step
        elif value == "ok" and fl.paid(gs, pid, flow) == flow_cost(gs, pid, flow):
            flow["stage"] = "confirm"
        else:
            raise ServiceError("bad_button")
    elif flow["stage"] == "confirm":
        if value.startswith("opt=") and value[4:] in _options_offered(gs, pid, flow):
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


def step_refusal(gs: GameState, pid: int, flow: dict[str, Any]) -> Refusal | None:
    """The engine's verdict on a card's params chosen so far (api.check), None when nothing is wrong yet."""
    if flow["kind"] != "play" or fl.action_of(flow) is not None:
        return None
    try:
        api.check(gs, pid, "play", card=flow.get("card"), params=fl.order_params(flow))
    except Refusal as refusal:
        return refusal
    return None


async def _submit_flow(query: CallbackQuery, service: GameService, fsm: FSMContext, lang: str, pid: int,
                       flow: dict[str, Any]) -> None:
    params = fl.order_params(flow)
    payment: dict[str, Any] = {"points": flow["payment"]["points"], "cards": list(flow["payment"]["cards"])}
    if flow["options"].get("magician"):
        params["magician_copy"] = True
    if flow["options"].get("insurance_bluff"):
        payment["options"] = {"insurance_bluff": True}
    action = fl.action_of(flow)
    try:
        if action is not None and action.instant:
            await service.act(flow["game"], user_id=query.from_user.id, action=action.kind, params=params)
        elif action is not None:
            await service.submit(flow["game"], user_id=query.from_user.id, kind=action.kind, params=params)
        else:
            await service.submit(flow["game"], user_id=query.from_user.id, kind=flow["kind"], card=flow.get("card"),
                                 params=params, payment=payment)
    except (Refusal, ServiceError) as error:
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


async def reply_text(message: Message, service: GameService, state: FSMContext, lang: str) -> None:
    data = await state.get_data()
    reply = data.get("reply")
    if not reply or message.from_user is None:
        await state.set_state(None)
        await message.answer(t(lang, "ui.use_buttons"))
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
    # Мафик
    "plas": _play_as, "do": _do, "ab": _ability, "swh": _swap_from, "sws": _swap_from,
}


def make_router() -> Router:
    """A fresh router (each bot instance gets its own)."""
    router = Router(name="play")
    router.callback_query.filter(Magic(F.message.chat.type == "private"))
    router.callback_query.register(on_action, Act.filter(~F.a.in_(DECK_ACTIONS)))
    router.message.register(flow_text, StateFilter(PlayStates.flow), Magic(F.chat.type == "private"), Magic(F.text))
    router.message.register(reply_text, StateFilter(PlayStates.reply_text), Magic(F.chat.type == "private"), Magic(F.text))
    return router
