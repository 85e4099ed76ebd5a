"""The master's tools in the log group, through the fake Telegram: only the master (and the bot's
admins) may use them; pause and resume (no deadline while paused, buttons refused, the time left kept);
shortening the deadline; replacing a player (by @username, by reply; cards, orders and rooms go to the
newcomer, the old user loses access); modkill; prodding those who have not submitted; a player's state.
"""

from __future__ import annotations

from tests.e2e.driver import (
    add_pool_group,
    answer_of,
    comms_panel,
    confirm,
    labels,
    log_texts,
    propose,
    room_board,
    save,
    state_of,
    tap,
)
from tests.e2e.harness import buttons, make_harness
from tests.e2e.test_mafik_comms import ROLES, end_day, mafik_game, to_day
from tgbot.sandbox.faketg import FakeUser
from tgbot.ui.callbacks import Act

NOT_MASTER = "Это может сделать только мастер игры."


def last_log(h) -> str:
    return h.world.last_text(h.log) or ""


def refresh_button(h, user: FakeUser):
    """The user's latest panel (with its "🔄 Обновить")."""
    for message in reversed(h.world.messages_in(user.chat)):
        if "🔄 Обновить" in labels(message):
            return message
    raise AssertionError(f"{user.first_name} has no panel")


async def test_only_the_master_and_admins_may_use_the_tools(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        intruder = h.world.add_user("Игрок-хитрец", started=True)
        h.world.set_member(h.log, intruder, "member")
        before = await h.app.service.game(1)
        for command in ("/status", "/pause", "/resume", "/resolve", "/extend -30", "/replace 1 12345", "/modkill 1",
                        "/prod", "/state 1"):
            await h.feed(intruder.send(command, h.log))
            assert last_log(h) == NOT_MASTER, command
        after = await h.app.service.game(1)
        assert after["deadline_at"] == before["deadline_at"] and after["phase"] == before["phase"]
        assert all(p.alive for p in (await state_of(h)).players)
        # Admins named in the settings may.
        h.app.service.admins.add(intruder.id)
        await h.feed(intruder.send("/state 1", h.log))
        assert "1. Персонаж 1" in last_log(h)
        # In private chat the master's commands are explained.
        await h.feed(h.master.send("/pause"))
        assert "работает в группе" in (h.master.last_text or "")
    finally:
        await h.close()


async def test_shorten_the_deadline(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        before = (await h.app.service.game(1))["deadline_at"]
        await h.feed(h.master.send("/extend -30", h.log))
        assert "Новый дедлайн" in last_log(h)
        assert (await h.app.service.game(1))["deadline_at"] == before - 30 * 60
        assert h.app.scheduler.get_job("g1:deadline") is not None
    finally:
        await h.close()


async def test_pause_and_resume_keep_the_time_left(tmp_path, database):
    h = await mafik_game(tmp_path, database=database)
    try:
        await to_day(h)
        game = await h.app.service.game(1)
        left = game["deadline_at"] - h.clock()
        await h.feed(h.master.send("/pause", h.log))
        assert f"Пауза. До дедлайна оставалось ~{round(left / 60)} мин." in last_log(h)
        assert "Мастер поставил игру на паузу" in (h.world.last_text(h.public) or "")
        game = await h.app.service.game(1)
        assert game["deadline_at"] is None and h.app.scheduler.get_job("g1:deadline") is None
        await h.feed(h.master.send("/status", h.log))
        assert "⏸ пауза" in last_log(h)
        await h.feed(h.master.send("/pause", h.log))
        assert "уже на паузе" in last_log(h)

        # Every button of the game is refused, with the reason; nothing typed is accepted either.
        player = h.players[4]
        update = player.press(refresh_button(h, player), "🔄 Обновить")
        await h.feed(update)
        assert "Игра на паузе" in answer_of(h, update)
        assert "Игра на паузе" in await tap(h, player, comms_panel(h, player), "✉ Приват")
        card = h.world.last_message(h.players[1].chat)
        assert card is not None
        data = Act(g=1, p=game["phase"], a="votes").pack()
        card.reply_markup = {"inline_keyboard": [[{"text": "old", "callback_data": data}]]}
        update = h.players[1].press(card, "old")
        await h.feed(update)
        assert "Игра на паузе" in answer_of(h, update)
        await h.feed(h.master.send("/resolve", h.log))
        assert "сначала /resume" in last_log(h)
        assert (await state_of(h)).phase == 2

        # The master may change the time that will be left.
        await h.feed(h.master.send("/extend -30", h.log))
        assert f"останется ~{round(left / 60) - 30} мин." in last_log(h)
        h.clock.advance(3 * 3600)  # the pause lasts: the deadline does not run
        await h.feed(h.master.send("/resume", h.log))
        assert "Игра продолжается" in last_log(h)
        assert "Игра продолжается" in (h.world.last_text(h.public) or "")
        game = await h.app.service.game(1)
        assert game["deadline_at"] == h.clock() + left - 30 * 60
        assert h.app.scheduler.get_job("g1:deadline") is not None
        await h.feed(h.master.send("/resume", h.log))
        assert "не на паузе" in last_log(h)
        update = player.press(refresh_button(h, player), "🔄 Обновить")
        await h.feed(update)
        assert "Игра на паузе" not in answer_of(h, update)
    finally:
        await h.close()


async def test_replace_a_player_by_username_and_by_reply(tmp_path, database):
    h = await mafik_game(tmp_path, database=database)
    try:
        await to_day(h)
        old = h.players[2]
        await h.app.service.submit(1, user_id=old.id, kind="vote", params={"target": 12})
        novice = h.world.add_user("Новичок", username="Novice")
        await h.feed(novice.start())  # the bot learns the @username from any message
        await h.feed(h.master.send("/replace 3 @novice", h.log))
        assert "Персонаж 3: этого персонажа теперь играет" in last_log(h)
        assert any("ваш новый персонаж — Персонаж 3" in text for text in h.texts(novice))
        assert any("Ваша тайная роль" in text for text in h.texts(novice))
        assert "передал вашего персонажа (Персонаж 3) другому игроку" in (old.last_text or "")
        assert "Персонаж 3: этого персонажа теперь играет другой игрок" in (h.world.last_text(h.public) or "")

        # The character's cards and orders are the newcomer's; the old user has no access any more.
        state = await state_of(h)
        assert [o.kind for o in state.orders[2]] == ["vote"]
        panel = refresh_button(h, novice)
        assert "Рука" in (panel.text or "")
        update = old.press(refresh_button(h, old), "🔄 Обновить")
        await h.feed(update)
        assert "не участвуете" in answer_of(h, update)
        update = novice.press(panel, "🔄 Обновить")
        await h.feed(update)
        await h.app.service.submit(1, user_id=novice.id, kind="vote", params={"target": 11})
        assert (await state_of(h)).orders[2][0].params == {"target": 11}

        # Refusals: the same newcomer again, an unknown username, a wrong number, no one named.
        await h.feed(h.master.send("/replace 4 @novice", h.log))
        assert "уже играет в этой игре" in last_log(h)
        await h.feed(h.master.send("/replace 4 @ghost", h.log))
        assert "Не знаю пользователя @ghost" in last_log(h)
        await h.feed(h.master.send("/replace 99 @novice", h.log))
        assert "Нет игрока с номером 99" in last_log(h)
        await h.feed(h.master.send("/replace 4", h.log))
        assert "Использование: /replace" in last_log(h)

        # By reply to the newcomer's message in the log group.
        second = h.world.add_user("Второй", started=True)
        h.world.set_member(h.log, second, "member")
        await h.feed(second.send("я могу заменить", h.log))
        said = h.world.last_message(h.log, sender=second)
        assert said is not None
        await h.feed(h.master.send("/replace 4", h.log, reply_to=said))
        assert "Персонаж 4: этого персонажа теперь играет" in last_log(h)
        players = await h.app.repo.players(1)
        assert next(p for p in players if p["pid"] == 3)["user_id"] == second.id
    finally:
        await h.close()


async def test_a_replaced_member_leaves_the_room_and_the_newcomer_is_invited(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        group = await add_pool_group(h)
        await to_day(h)
        await propose(h, h.players[1], ["Персонаж 3"])
        await confirm(h, h.players[2], room_board(h))
        await end_day(h)
        old = h.players[2]
        invite = next(m for m in h.world.messages_in(old.chat) if "Чат-комната 1 открыта" in (m.text or ""))
        link = next(b["url"] for b in buttons(invite) if b.get("url"))
        await h.feed(old.request_join(link))
        assert group.member(old.id).is_present

        newcomer = h.world.add_user("Сменщик", started=True)
        await h.feed(h.master.send(f"/replace 3 {newcomer.id}", h.log))
        assert group.member(old.id).status == "left"
        assert any("Чат-комната 1 открыта" in text for text in h.texts(newcomer))
        await h.feed(newcomer.request_join(link))
        assert group.member(newcomer.id).is_present
        await h.feed(old.request_join(link))
        assert not group.member(old.id).is_present
        await h.feed(newcomer.send("это я, новый", group))
        assert "💬 Комната 1 · Персонаж 3: это я, новый" in log_texts(h)
    finally:
        await h.close()


async def test_modkill_kills_the_character(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        await to_day(h)
        victim = h.players[4]
        await h.app.service.submit(1, user_id=victim.id, kind="vote", params={"target": 12})
        assert (await state_of(h)).orders[4]
        before = len(h.texts(h.log))
        await h.feed(h.master.send("/modkill 5", h.log))
        # the reply and the queued log message race (the delivery loop runs while the handler ends)
        assert any("Персонаж 5: персонаж выведен из игры" in text for text in h.texts(h.log)[before:])
        public = h.world.last_text(h.public) or ""
        assert "Мастер выводит из игры: Персонаж 5." in public and "Персонаж 5 погиб." in public
        assert "мастер вывел вашего персонажа из игры" in (victim.last_text or "")
        state = await state_of(h)
        assert not state.player(4).alive and 4 not in state.orders
        await h.feed(h.master.send("/modkill 5", h.log))
        assert "уже мёртв" in last_log(h)
        await h.feed(h.master.send("/modkill 0", h.log))
        assert "Нет игрока с номером 0" in last_log(h)
        await h.feed(h.master.send("/status", h.log))
        assert "💀 5. Персонаж 5" in last_log(h)
    finally:
        await h.close()


async def test_prod_reminds_only_those_who_have_not_submitted(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        await to_day(h)
        done = h.players[:3]
        for user in done:
            await h.app.service.submit(1, user_id=user.id, kind="vote", params={"target": 12})
        await h.feed(h.master.send("/prod", h.log))
        text = last_log(h)
        assert text.startswith("⏰ Напомнил: Персонаж 4, ") and "Персонаж 1," not in text
        for user in h.players:
            reminded = "мастер напоминает" in (user.last_text or "")
            assert reminded == (user not in done), user.first_name
        await h.feed(h.master.send("/status", h.log))
        board = last_log(h)
        assert "✅ 1. Персонаж 1" in board and "⏳ 4. Персонаж 4" in board
        for user in h.players[3:]:
            await h.app.service.submit(1, user_id=user.id, kind="vote", params={"target": 12})
        await h.feed(h.master.send("/prod", h.log))
        assert last_log(h) == "Все уже сделали заявки."
    finally:
        await h.close()


async def test_silent_is_refused_in_a_game_that_does_not_count_posts(tmp_path):
    """/silent marks who wrote nothing in the public group for a rule set that counts posts; Мафик does not."""
    h = await mafik_game(tmp_path)
    try:
        await to_day(h)
        await h.feed(h.master.send("/silent 2", h.log))
        assert last_log(h) == "В этой игре посты в группе не считаются: отмечать молчавших не нужно."
    finally:
        await h.close()


async def test_state_of_a_player_goes_to_the_log_only(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        state = await state_of(h)
        await h.feed(h.master.send("/state 3", h.log))
        text = last_log(h)
        assert text.startswith("3. Персонаж 3 — в игре")
        assert "тайная:" in text and "Рука:" in text and "Рукав:" in text and f"Колода ({len(state.player(2).deck)}" in text
        assert "тайная" not in "\n".join(h.texts(h.public))
        await h.feed(h.master.send("/state 14", h.log))
        assert "Нет игрока с номером 14" in last_log(h)
    finally:
        await h.close()


async def test_status_and_state_show_names_not_ids(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await h.feed(h.master.send("/newgame mafik", h.log))
        assert last_log(h).startswith("Игра #1 (Мафик) создана")
        await h.feed(h.master.send("/bind 1", h.public))
        for i, user in enumerate(h.players):
            await h.app.service.join(1, user_id=user.id, name=f"Персонаж {i + 1}", public_role=ROLES[i], locale="ru")
        await h.feed(h.master.send("/status", h.log))
        assert last_log(h).startswith("Игра #1 (Мафик) — набор игроков")
        await h.feed(h.master.send("/startgame", h.log))
        await h.feed(h.master.send("/status", h.log))
        assert last_log(h).startswith("Игра #1 (Мафик) — сбор колод")
        await h.feed(h.master.send("/modkill 1", h.log))
        assert last_log(h) == "Сейчас это невозможно (статус игры: сбор колод)."
        await h.feed(h.master.send("/resolve", h.log))
        await to_day(h)
        await h.feed(h.master.send("/status", h.log))
        board = last_log(h)
        assert board.startswith("Игра #1 (Мафик) — идёт")

        player = h.players[2]
        await h.app.service.submit(1, user_id=player.id, kind="vote", params={"target": 12})
        state = await state_of(h)
        phase = state.phase  # day 1
        state.add_effect("coffee", target=2, start=phase + 1, end=phase + 1)
        state.add_effect("stance", target=2, start=phase, stance="upper")
        await save(h, state)
        await h.feed(h.master.send("/state 3", h.log))
        text = last_log(h)
        assert "Эффекты: Кофе (ночь 2), стойка (с фазы «день 1» до конца игры)" in text
        assert "Заявки: " in text and "Персонаж 13" in text
        assert text.split("\n")[0].endswith("игрок: профиль в Telegram")
        for raw in ("mafik", "running", "setup", "coffee", "stance", "vote", str(player.id), "{"):
            assert raw not in board + text, raw
    finally:
        await h.close()
