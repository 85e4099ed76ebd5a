"""Every bad input gets a clear answer in the player's language and changes nothing."""

from __future__ import annotations

import random

from aiogram.types import Update

from engine.core import api
from tests.e2e.driver import acts, build_deck, panel_of
from tests.e2e.harness import Harness, make_harness
from tests.e2e.test_micromafik_game import sign_up_everyone
from tgbot.sandbox.faketg import FakeUser
from tgbot.ui.callbacks import Act


async def running_game(tmp_path) -> Harness:
    h = await make_harness(tmp_path)
    await sign_up_everyone(h)
    await h.feed(h.master.send("/startgame", h.log))
    for user in h.players:
        await build_deck(h, user)
    return h


def answer_of(h: Harness, update: Update) -> str:
    assert update.callback_query is not None
    record = h.world.callbacks[update.callback_query.id]
    assert record.answered, "the button press was not answered"
    return record.text or ""


async def press_data(h: Harness, user: FakeUser, data: str) -> str:
    """Press a button carrying `data` (forged: put on the user's last bot message)."""
    message = h.world.last_message(user.chat)
    assert message is not None
    message.reply_markup = {"inline_keyboard": [[{"text": "forged", "callback_data": data}]]}
    update = user.press(message, "forged")
    await h.feed(update)
    return answer_of(h, update)


async def test_stale_button_after_the_phase_is_answered_and_changes_nothing(tmp_path):
    h = await running_game(tmp_path)
    try:
        user = h.players[0]
        old_panel = panel_of(h, user)
        assert old_panel is not None
        vote_button = next(a for _t, a in acts(old_panel) if a.a in ("kills", "card"))
        await h.resolve()
        before = api.dump(await h.app.service.state(1))
        update = user.press(old_panel, vote_button.pack())
        await h.feed(update)
        assert "фаза уже закончилась" in answer_of(h, update)
        assert api.dump(await h.app.service.state(1)) == before
    finally:
        await h.close()


async def test_forged_buttons_of_another_game_or_malformed_change_nothing(tmp_path):
    h = await running_game(tmp_path)
    try:
        user = h.players[1]
        before = api.dump(await h.app.service.state(1))
        assert "не найдена" in await press_data(h, user, Act(g=99, p=1, a="vote", v="0").pack())
        assert "не работает" in await press_data(h, user, Act(g=1, p=1, a="explode", v="0").pack())
        assert await press_data(h, user, "a:1:1:card:not-a-number")  # answered, whatever it says
        assert await press_data(h, user, "garbage")
        assert await press_data(h, user, Act(g=1, p=1, a="card", v="999999").pack())
        assert api.dump(await h.app.service.state(1)) == before
    finally:
        await h.close()


async def test_outsider_cannot_act_in_a_game(tmp_path):
    h = await running_game(tmp_path)
    try:
        outsider = h.world.add_user("Чужой", started=True)
        before = api.dump(await h.app.service.state(1))
        answer = await press_data(h, outsider, Act(g=1, p=1, a="kill", v="0").pack()) \
            if h.world.last_message(outsider.chat) else None
        if answer is None:
            await h.feed(outsider.send("/start"))
            answer = await press_data(h, outsider, Act(g=1, p=1, a="kill", v="0").pack())
        assert "не участвуете" in answer
        assert api.dump(await h.app.service.state(1)) == before
    finally:
        await h.close()


async def test_wrong_phase_action_is_refused_with_the_reason(tmp_path):
    h = await running_game(tmp_path)
    try:
        state = await h.app.service.state(1)
        law = next(pid for pid, p in enumerate(state.players) if p.faction == "law")
        answer = await press_data(h, h.players[law], Act(g=1, p=1, a="vote", v="0").pack())
        assert "не та фаза" in answer
    finally:
        await h.close()


async def test_dead_player_is_told_so(tmp_path):
    h = await running_game(tmp_path)
    try:
        state = await h.app.service.state(1)
        state.players[2].alive = False
        async with h.app.repo.db.transaction() as conn:
            await h.app.repo.save_state(conn, 1, state, now=h.clock())
        answer = await press_data(h, h.players[2], Act(g=1, p=1, a="perk", v="businessman_point").pack())
        assert "мёртв" in answer
    finally:
        await h.close()


async def test_master_commands_from_a_player_are_refused(tmp_path):
    h = await running_game(tmp_path)
    try:
        h.world.set_member(h.log, h.players[0], "member")
        before = api.dump(await h.app.service.state(1))
        await h.feed(h.players[0].send("/resolve", h.log))
        assert "только мастер" in (h.world.last_text(h.log) or "")
        assert api.dump(await h.app.service.state(1)) == before
    finally:
        await h.close()


async def test_master_command_in_private_chat_says_where_it_works(tmp_path):
    h = await make_harness(tmp_path)
    try:
        await h.feed(h.master.send("/startgame"))
        assert "работает в группе" in (h.master.last_text or "")
        await h.feed(h.master.send("просто текст"))
        assert "Не понимаю" in (h.master.last_text or "")
    finally:
        await h.close()


async def test_long_and_odd_text_in_a_card_message_is_kept_escaped(tmp_path):
    h = await make_harness(tmp_path)
    try:
        await sign_up_everyone(h)
        player = h.players[0]
        await h.feed(player.send("/card <b>Письмо</b>"))
        assert "Такой карты не нашлось" in (player.last_text or "")
        await h.feed(player.send("/card письмо"))
        assert "Пришлите цели любое сообщение" in (player.last_text or "")
    finally:
        await h.close()


async def test_two_games_at_once_do_not_mix(tmp_path):
    h = await make_harness(tmp_path, players=8)
    try:
        await sign_up_everyone(h)
        master2 = h.world.add_user("Мастер2", started=True)
        log2 = h.world.create_group("Лог 2", owner=master2)
        public2 = h.world.create_group("Игра 2", owner=master2, members=h.players)
        await h.feed(master2.send("/newgame micromafik", log2))
        assert "Игра #2" in (h.world.last_text(log2) or "")
        await h.feed(master2.send("/bind 2", public2))
        for i, user in enumerate(h.players):
            await h.feed(user.start("join_2"))
            await h.feed(user.send(f"Второй {i}"))
            roles = h.last(user)
            await h.press(user, roles, roles.inline_keyboard[-1][0]["text"])
        await h.feed(h.master.send("/startgame", h.log))
        await h.feed(master2.send("/startgame", log2))
        for user in h.players:
            await build_deck(h, user)
            await build_deck(h, user)
        one, two = await h.app.service.state(1), await h.app.service.state(2)
        assert one.status == two.status == "running"
        assert [p.name for p in one.players] != [p.name for p in two.players]
        await h.resolve()
        assert (await h.app.service.state(1)).phase == 2
        assert (await h.app.service.state(2)).phase == 1
        rnd = random.Random(1)
        assert rnd  # the games are independent: resolving one left the other in its night
    finally:
        await h.close()
