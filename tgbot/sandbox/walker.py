"""The screen walker: carries out one decision of the simulator's agent (`engine.sim.Decision`: an order, an
instant action, a deck, the hand's order) through the bot's screens, pressing the buttons a person would
press to make it. It knows the bot's screens (the callback codes, the generic parameter flow), no rule set:
which screen makes an order is read from the engine's description of the player's actions (`api.actions`,
`Action.screen`), and the parameter flow's next question from the bot's own flow (tgbot/ui/flow.py), kept
beside the real one as a mirror of the presses made."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from aiogram.exceptions import TelegramAPIError

from engine.core import api
from engine.core.actions import Action
from engine.core.state import GameState, Order
from engine.sim import Decision
from tgbot.sandbox.agents import REFRESH, acts, buttons
from tgbot.sandbox.faketg import FakeMessage, FakeUser, WorldError
from tgbot.sandbox.table import Table
from tgbot.services.errors import ServiceError
from tgbot.ui import flow as fl
from tgbot.ui.callbacks import Code
from tgbot.ui.comms import Comms, Confirm
from tgbot.ui.flow_input import answer_param, pay_press
from tgbot.ui.flow_screens import options_offered, settle

log = logging.getLogger(__name__)
REFUSED = "⚠️"  # how a flow screen begins when the bot refused the last step
MOST_STEPS = 80  # presses of one flow before the walker gives up on it
# The screens of one pick (by ActionDef.screen): the panel's press that opens it, the pick's code, the param it gives.
PICK_SCREENS = {"vote": (Code.VOTES, Code.VOTE, "target"), "kill_vote": (Code.KILLS, Code.KILL, "target"),
                "punishment": (Code.PUNISHMENTS, Code.PUNISHMENT, "choice")}
MOST_PAGES = 30  # pages of one deck builder's tab the walker turns


def is_panel(message: FakeMessage) -> bool:
    return any(b.get("text") == REFRESH for b in buttons(message))


class Unwalkable(Exception):
    """The decision cannot be made through the screens as they are (a button is missing, a step refused)."""


@dataclass
class Seat:
    """One player's private chat with the bot in a game: where the walker presses."""

    table: Table
    user: FakeUser
    game: int

    async def state(self) -> GameState:
        return await self.table.app.service.state(self.game)

    async def pid(self) -> int:
        return int(await self.table.app.service.seat_of(self.game, self.user.id))

    async def press(self, message: FakeMessage, code: str, value: object = "") -> None:
        """Press the button of `message` whose Act has this code and value; Unwalkable if it has none."""
        for _text, act in acts(message):
            if act.g == self.game and act.a == code and act.v == str(value):
                await self.table.press(self.user, message, act.pack())
                return
        raise Unwalkable(f"no button {code}:{value}")

    async def press_comms(self, message: FakeMessage, phase: int, step: str, value: object = "") -> None:
        """Press a button of the day's communication (tgbot/ui/comms.py) on `message`."""
        data = Comms(g=self.game, p=phase, a=step, v=str(value)).pack()
        if not any(b.get("callback_data") == data for b in buttons(message)):
            raise Unwalkable(f"no button {data}")
        await self.table.press(self.user, message, data)

    def has(self, message: FakeMessage, code: str, value: object = "") -> bool:
        return any(act.a == code and act.v == str(value) for _t, act in acts(message))

    async def type(self, text: str) -> FakeMessage:
        """Write `text` in the private chat; the screen the bot answers with."""
        await self.table.feed(self.user.send(text))
        return self.table.last_with_buttons(self.user)

    async def panel(self, phase: int) -> FakeMessage:
        """The newest screen of this phase in the chat, as the panel (a screen left open is closed first)."""
        for message in reversed(self.table.world.messages_in(self.user.chat)):
            back = [act for _t, act in acts(message) if act.g == self.game and act.p == phase and act.a == Code.PANEL]
            if back:
                if not is_panel(message):
                    await self.table.press(self.user, message, back[0].pack())
                return message
        raise Unwalkable("no panel of this phase")

    async def back_to_panel(self, message: FakeMessage) -> None:
        """Leave whatever screen `message` shows for the panel (its back or cancel button)."""
        if is_panel(message):
            return
        back = [act for _t, act in acts(message) if act.a == Code.PANEL]
        if back:
            await self.table.press(self.user, message, back[0].pack())


async def carry_out(seat: Seat, decision: Decision) -> bool:
    """Make `decision` through the screens; True if the game then holds it as the agent chose it."""
    pid = await seat.pid()
    before = (await seat.state()).model_copy(deep=True)  # the service keeps the game it changes
    message: FakeMessage | None = None
    try:
        if decision.call.startswith("deck_"):
            message = _deck_message(seat)
            await _deck(seat, message, decision)
        else:
            message = await seat.panel(before.phase)
            if decision.call == "reorder_hand":
                await _reorder(seat, message, decision)
            else:
                await _order(seat, message, before, pid, decision)
    except (Unwalkable, ServiceError, LookupError, ValueError, WorldError, TelegramAPIError) as exc:
        # whatever went wrong on the way, the decision is not made (a random press of its sort replaces it)
        log.info("%s could not make %s through the screens: %s", seat.user.first_name, decision, exc)
        if message is not None:
            await seat.back_to_panel(message)
        return False
    held = held_as_chosen(before, await seat.state(), pid, decision)
    if not held:
        log.info("%s made %s through the screens, but the game holds something else", seat.user.first_name, decision)
    return held


def held_as_chosen(before: GameState, after: GameState, pid: int, d: Decision) -> bool:
    """Does the game hold the decision as the agent made it? An order: one of the player's with its kind,
    card, params and payment; a deck: its cards; the hand: its order; an instant action or a pick: the
    game changed."""
    if d.call == "submit":
        paid = d.payment or {}
        return any(o.kind == d.kind and o.card == d.card and chosen(o.params) == chosen(d.params)
                   and o.payment.points == int(paid.get("points") or 0)
                   and sorted(o.payment.cards) == sorted(paid.get("cards") or [])
                   for o in orders_of_phase(after, pid, before.phase))
    if d.call == "deck_build":
        return sorted(after.player(pid).deck_choice) == sorted(d.cards)
    if d.call == "reorder_hand":
        return [c.uid for c in after.player(pid).hand] == wanted_hand(before, pid, d.cards)
    return after.model_dump() != before.model_dump()


def chosen(params: dict[str, Any]) -> dict[str, Any]:
    """The params that choose something: an empty list (no past phase to name) is the same choice as none."""
    return {k: v for k, v in params.items() if v is not None and v != []}


def wanted_hand(state: GameState, pid: int, uids: list[int]) -> list[int]:
    """The Hand's order the rule set makes of the order asked for (a card pinned to the bottom stays there)."""
    trial = state.model_copy(deep=True)
    api.reorder_hand(trial, pid, uids)
    return [c.uid for c in trial.player(pid).hand]


def orders_of_phase(state: GameState, pid: int, phase: int) -> list[Order]:
    """The player's orders of `phase`: standing, or (the phase has resolved: early, once everyone had
    submitted) as the phase's record kept them."""
    if state.phase == phase and state.status == "running":
        return list(state.orders.get(pid, []))
    record = next((e for e in reversed(state.events) if e.kind == "phase_orders" and e.phase == phase), None)
    kept = record.params.get("orders", {}) if record is not None else {}
    mine = kept.get(str(pid), []) if isinstance(kept, dict) else []
    return [Order.model_validate(o) for o in mine] if isinstance(mine, list) else []


# ---------------------------------------------------------------- orders and actions


def _action(gs: GameState, pid: int, d: Decision) -> Action:
    """The action of the player's panel that makes this order (its kind, the params its choice fixes)."""
    for action in api.actions(gs, pid):
        if action.kind == d.kind and action.available and action.kind != "play" \
                and all(d.params.get(k) == v for k, v in action.preset):
            return action
    raise Unwalkable(f"no action {d.kind}")


async def _order(seat: Seat, panel: FakeMessage, gs: GameState, pid: int, d: Decision) -> None:
    params = dict(d.params)
    if d.call == "act" and d.kind in OWN_SCREENS:
        await OWN_SCREENS[d.kind](seat, panel, gs, d)
        return
    if d.call == "submit" and d.kind == "play" and d.card is not None:
        await seat.press(panel, Code.CARD, d.card)
        card = next(c for zone in api.view_profile(gs.ruleset).zones for c in getattr(gs.player(pid), zone)
                    if c.uid == d.card)
        alias = params.pop("as", None)
        if alias is not None:
            await seat.press(panel, Code.PLAY_AS, f"{d.card}.{alias}")
        else:
            await seat.press(panel, Code.PLAY, d.card)
        flow = fl.new_flow(seat.game, gs.phase, "play", card=d.card, spec=card.card, alias=alias)
        await walk_flow(seat, panel, flow, params, d.payment or {})
        return
    action = _action(gs, pid, d)
    if action.source == "ability" and action.card_id is not None:
        await seat.press(panel, Code.ABILITY, action.card_id)
        params.pop("ability", None)
        await walk_flow(seat, panel, fl.new_flow(seat.game, gs.phase, "ability", spec=action.card_id), params,
                        d.payment or {})
        return
    screen = action.screen
    if screen in PICK_SCREENS:
        opening, pick, name = PICK_SCREENS[screen]
        await seat.press(panel, opening)
        await seat.press(panel, pick, params[name])
    elif screen == "":
        await seat.press(panel, Code.DO, action.id)
        await walk_flow(seat, panel, fl.new_flow(seat.game, gs.phase, action.kind, action=action.id), params,
                        d.payment or {})
    elif screen == "instant":
        await seat.press(panel, Code.PERK, action.id)
    elif screen == "kill_boost":
        await seat.press(panel, Code.BOOST)
        await walk_flow(seat, panel, fl.new_flow(seat.game, gs.phase, action.kind), params, d.payment or {})
    elif screen == "amount":
        (number,) = [p.name for p in action.params if p.kind == "number"]
        await seat.press(panel, Code.AMOUNT, action.id)
        await seat.press(panel, Code.AMOUNT_PICK, f"{action.id}.{params[number]}")
    elif screen == "hand_card":
        await seat.press(panel, Code.HAND_CARD, action.id)
        await seat.press(panel, Code.HAND_CARD_PICK, f"{action.id}.{d.card}")
    elif screen == "discard":
        await seat.press(panel, Code.CARD, d.card)
        await seat.press(panel, Code.DISCARD, d.card)
    elif screen == "card_order":
        await seat.press(panel, Code.CARD, d.card)
        await seat.press(panel, Code.KEEP, f"{d.card}.{action.id}")
        await walk_flow(seat, panel, fl.new_flow(seat.game, gs.phase, action.kind, card=d.card), params,
                        d.payment or {})
    elif screen == "reply":
        await seat.press(panel, Code.REPLIES)
        await seat.press(panel, Code.REPLY, params["to"])
        await seat.type(str(params["text"]))
    else:
        raise Unwalkable(f"no walk for the screen {screen!r}")


async def _private_message(seat: Seat, panel: FakeMessage, gs: GameState, d: Decision) -> None:
    """The panel's ✉ row: whom to, then the text typed."""
    await seat.press_comms(panel, gs.phase, "pm")
    await seat.press_comms(panel, gs.phase, "pmto", d.params["to"])
    await seat.type(str(d.params["text"]))
    await seat.back_to_panel(seat.table.last_with_buttons(seat.user))


async def _room_propose(seat: Seat, panel: FakeMessage, gs: GameState, d: Decision) -> None:
    """The panel's 👥 row: each member ticked, then proposed."""
    await seat.press_comms(panel, gs.phase, "room")
    for member in d.params["members"]:
        await seat.press_comms(panel, gs.phase, "rt", member)
    await seat.press_comms(panel, gs.phase, "rok")
    await seat.back_to_panel(panel)


async def _room_confirm(seat: Seat, panel: FakeMessage, gs: GameState, d: Decision) -> None:
    """The proposal's ✅ on the day's room board in the public group."""
    data = Confirm(g=seat.game, p=gs.phase, r=int(d.params["room"])).pack()
    for chat in seat.table.world.chats.values():
        if chat.is_private:
            continue
        for message in reversed(seat.table.world.messages_in(chat)):
            if any(b.get("callback_data") == data for b in buttons(message)):
                await seat.table.press(seat.user, message, data)
                return
    raise Unwalkable("no room board button")


async def _rebuild_deck(seat: Seat, panel: FakeMessage, gs: GameState, d: Decision) -> None:
    """The panel's new deck: the builder, each card added, saved."""
    await seat.press(panel, "rb")
    await _build(seat, panel, list(d.params["cards"]))


async def _reorder(seat: Seat, panel: FakeMessage, d: Decision) -> None:
    """The hand put in the chosen order with ⬆ presses, card by card from the top."""
    await seat.press(panel, Code.REORDER)
    pid = await seat.pid()
    for i, uid in enumerate(wanted_hand(await seat.state(), pid, d.cards)):
        hand = [c.uid for c in (await seat.state()).player(pid).hand]
        for _ in range(hand.index(uid) - i):
            await seat.press(panel, Code.UP, uid)
    await seat.back_to_panel(panel)


# The instant actions made on screens of their own rather than the panel's actions (by the action's kind).
OWN_SCREENS = {"private_message": _private_message, "room_propose": _room_propose, "room_confirm": _room_confirm,
               "rebuild_deck": _rebuild_deck}


# ---------------------------------------------------------------- the parameter flow


def _value(params: dict[str, Any], path: list[str]) -> tuple[bool, Any]:
    """The chosen value at a question's path (into a chosen card's own params), and whether there is one."""
    node: Any = params
    for key in path:
        if not isinstance(node, dict) or node.get(key) is None:
            return False, None
        node = node[key]
    return True, node


def _raw(value: Any) -> str:
    return "1" if value is True else "0" if value is False else str(value)


def _presses(q: fl.Question, flow: dict[str, Any], params: dict[str, Any]) -> list[str]:
    """The flow presses that answer this round of question `q` as the agent chose (a list's items and its
    «Готово»; one role, card or accusation of several, round by round)."""
    chosen, value = _value(params, q.path)
    kind = q.spec.kind
    if not chosen:
        if q.spec.optional:
            return ["s"]
        raise Unwalkable(f"no value for {q.path}")
    if kind == "card_effect":
        return [f"p={value['card']}"]
    if kind == "role_map":
        if q.subject is None:
            return [*(f"t={p}" for p in value), "d"]
        return [f"p={value[str(q.subject)]}"]
    if kind in ("secret_roles", "phase_cards"):  # one item a round
        return [f"p={value[len(flow['roles'])]}"]
    if kind == "accusations":
        return [*(f"t={c}" for c in value[len(flow["roles"])]), "d"]
    if q.multi:
        return [*(f"t={_raw(v)}" for v in value), "d"]
    return [f"p={_raw(value)}"]


async def _press_flow(seat: Seat, message: FakeMessage, flow: dict[str, Any], q: fl.Question, value: str) -> None:
    """One press of the flow on the real screen and on the mirror; a card's button on another tab is
    found by opening the tabs in turn."""
    if value.startswith(("p=", "t=")) and not seat.has(message, Code.FLOW, value):
        for tab in [a.v for _t, a in acts(message) if a.a == Code.FLOW and a.v.startswith("tab=")]:
            await seat.press(message, Code.FLOW, tab)
            answer_param(flow, q, tab)
            if seat.has(message, Code.FLOW, value):
                break
    await seat.press(message, Code.FLOW, value)
    answer_param(flow, q, value)
    if (message.text or "").startswith(REFUSED):
        raise Unwalkable(message.text)


async def _type_answer(seat: Seat, flow: dict[str, Any], q: fl.Question, value: Any) -> FakeMessage:
    """A text parameter typed: one message, or one per target (the mirror as tgbot's flow_text keeps it)."""
    texts = [value] if q.spec.kind == "message" else list(value)
    screen = seat.table.last_with_buttons(seat.user)
    for text in texts:
        screen = await seat.type(str(text))
        if (screen.text or "").startswith(REFUSED):
            raise Unwalkable(screen.text)
    fl.answer(flow, q, value)
    return screen


async def walk_flow(seat: Seat, message: FakeMessage, flow: dict[str, Any], params: dict[str, Any],
                    payment: dict[str, Any]) -> None:
    """Answer each question of an open flow (its screen: `message`) with the agent's params, pay as it
    paid, set the options it chose and confirm."""
    pid = await seat.pid()
    for _ in range(MOST_STEPS):
        gs = await seat.state()
        settle(gs, pid, flow)
        if flow["stage"] == "params":
            q = fl.next_question(gs, pid, flow)
            if q is None:
                raise Unwalkable("no question")
            chosen, value = _value(params, q.path)
            if q.spec.kind in fl.TEXT_KINDS and chosen:
                message = await _type_answer(seat, flow, q, value)
                continue
            for press in _presses(q, flow, params):
                await _press_flow(seat, message, flow, q, press)
        elif flow["stage"] == "pay":
            await _pay(seat, message, gs, pid, flow, payment)
        else:
            for option in options_offered(gs, pid, flow):
                if params.get(option.name) or (payment.get("options") or {}).get(option.name):
                    await seat.press(message, Code.FLOW, f"opt={option.name}")
                    flow["options"][option.name] = True
            await seat.press(message, Code.FLOW, "ok")
            if any(a.a == Code.FLOW for _t, a in acts(message)):  # still on the flow's screens: refused
                raise Unwalkable(message.text)
            return
    raise Unwalkable("a flow too long")


async def _pay(seat: Seat, message: FakeMessage, gs: GameState, pid: int, flow: dict[str, Any],
               payment: dict[str, Any]) -> None:
    """The payment screen: the agent's cards in, its points up step by step, then on."""
    step = fl.point_step(gs, pid)
    points = int(payment.get("points") or 0)
    if points and (not step or points % step):
        raise Unwalkable("points this screen cannot pay")
    presses = [f"pc={uid}" for uid in payment.get("cards") or []] + ["pp=1"] * (points // step if step else 0)
    for value in [*presses, "ok"]:
        await seat.press(message, Code.FLOW, value)
        pay_press(gs, pid, flow, value)


# ---------------------------------------------------------------- decks


def _deck_message(seat: Seat) -> FakeMessage:
    for message in reversed(seat.table.world.messages_in(seat.user.chat)):
        if any(a.a in ("pick", "bauto", "bsave") for _t, a in acts(message)):
            return message
    raise Unwalkable("no deck screen")


async def _deck(seat: Seat, message: FakeMessage, d: Decision) -> None:
    if d.call == "deck_pick":
        await seat.press(message, "pick", d.cards[0])
    elif d.call == "deck_auto":
        await seat.press(message, "bauto")
    else:
        await _build(seat, message, d.cards)


async def _build(seat: Seat, message: FakeMessage, cards: list[str]) -> None:
    for card in cards:
        await _find_deck_button(seat, message, "badd", card)
        await seat.press(message, "badd", card)
    await seat.press(message, "bsave")


async def _find_deck_button(seat: Seat, message: FakeMessage, code: str, value: str) -> None:
    """Open the builder's tabs in turn, and each tab's pages (▶), until the button is on the screen."""
    if seat.has(message, code, value):
        return
    for tab in [a.v for _t, a in acts(message) if a.a == "bcol"]:
        await seat.press(message, "bcol", tab)
        for _ in range(MOST_PAGES):
            if seat.has(message, code, value):
                return
            pages = [a.v for _t, a in acts(message) if a.a == "bpg"]
            if len(pages) < 3 or pages[2] == "0":  # one page, or the last one: on to the next tab
                break
            await seat.press(message, "bpg", pages[2])
    if not seat.has(message, code, value):
        raise Unwalkable(f"no deck button {code}:{value}")
