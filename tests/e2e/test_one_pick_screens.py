"""The screens of actions that ask for one thing, through the real bot with Микромафик's Крупье
(a Hand card) and Параноик (points turned into armour): the panel's button opens the action's screen
with its own question, a pick submits the action's own kind; a button sent before the buttons carried
the action's id still works."""

from __future__ import annotations

from tests.e2e.driver import acts, fresh_panel, labels, orders, press, save, state_of, tap
from tests.e2e.harness import Harness, make_harness, start_game
from tgbot import gamedata
from tgbot.sandbox.faketg import FakeMessage, FakeUser
from tgbot.ui.callbacks import Act

ROLES = ["croupier", "paranoiac", "businessman", "alien", "magician", "banker", "lazybones", "strongman"]


async def start_micromafik(h: Harness) -> None:
    await start_game(h, "micromafik", ROLES)


async def press_old(h: Harness, user: FakeUser, message: FakeMessage, action: str, value: str = "") -> None:
    """Press a button as an older bot sent it, with no action id (put on the message first)."""
    data = Act(g=1, p=(await state_of(h)).phase, a=action, v=value).pack()
    message.reply_markup["inline_keyboard"].append([{"text": "old", "callback_data": data}])
    await press(h, user, message, data)


async def test_the_croupiers_button_offers_his_hand_and_a_pick_swaps_that_card(tmp_path):
    h = await make_harness(tmp_path)
    try:
        await start_micromafik(h)
        croupier = h.players[0]
        panel = await fresh_panel(h, croupier)
        await tap(h, croupier, panel, "Заменить карту")
        assert panel.text == "Какую карту заменить?"
        hand = (await state_of(h)).player(0).hand
        assert labels(panel) == [gamedata.card_name("micromafik", c.card, "ru") for c in hand] + ["⬅ Назад"]
        picks = [a for _t, a in acts(panel) if a.a == "crou"]
        assert [a.v for a in picks] == [f"croupier_swap.{c.uid}" for c in hand]
        await tap(h, croupier, panel, picks[1].pack())
        [order] = orders(await state_of(h), 0, "croupier_swap")
        assert order.card == hand[1].uid
    finally:
        await h.close()


async def test_the_paranoiacs_button_offers_one_to_his_points_and_a_pick_pays_them(tmp_path):
    h = await make_harness(tmp_path)
    try:
        await start_micromafik(h)
        state = await state_of(h)
        state.player(1).points = 3
        await save(h, state)
        paranoiac = h.players[1]
        panel = await fresh_panel(h, paranoiac)
        await tap(h, paranoiac, panel, "Баллы в броню")
        assert panel.text == "Сколько баллов превратить в броню?"
        assert labels(panel) == ["1", "2", "3", "⬅ Назад"]
        await tap(h, paranoiac, panel, "2")
        [order] = orders(await state_of(h), 1, "paranoid_armor")
        assert order.params == {"amount": 2} and order.payment.points == 2
    finally:
        await h.close()


async def test_buttons_without_the_actions_id_open_and_pick_the_rule_sets_one_such_action(tmp_path):
    h = await make_harness(tmp_path)
    try:
        await start_micromafik(h)
        state = await state_of(h)
        state.player(1).points = 2
        await save(h, state)
        croupier, paranoiac = h.players[0], h.players[1]
        panel = await fresh_panel(h, croupier)
        await press_old(h, croupier, panel, "croupier")
        assert panel.text == "Какую карту заменить?"
        uid = state.player(0).hand[0].uid
        await press_old(h, croupier, panel, "crou", str(uid))
        assert [o.card for o in orders(await state_of(h), 0, "croupier_swap")] == [uid]
        panel = await fresh_panel(h, paranoiac)
        await press_old(h, paranoiac, panel, "paranoid")
        assert labels(panel) == ["1", "2", "⬅ Назад"]
        await press_old(h, paranoiac, panel, "para", "1")
        assert [o.params for o in orders(await state_of(h), 1, "paranoid_armor")] == [{"amount": 1}]
    finally:
        await h.close()
