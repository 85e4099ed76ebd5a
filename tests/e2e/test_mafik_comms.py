"""Мафик's day communication through the fake Telegram: private messages (the panel's "✉ Приват"),
chat-room proposals confirmed in the public group, rooms in a pool group (title, join requests, the
copy to the master's log, everyone out at the end) and relayed rooms in private chats, and the
refusals a player meets (second message, wrong phase, dead target, outsider confirming, room
conflicts, Изгнание), each with the message they get.
"""

from __future__ import annotations

from tests.e2e.driver import (
    add_pool_group,
    answer_of,
    back_to_panel,
    comms_panel,
    confirm,
    labels,
    log_texts,
    propose,
    room_board,
    save,
    send_private,
    state_of,
    tap,
)
from tests.e2e.harness import Harness, buttons, make_harness, start_app
from tgbot.sandbox.faketg import FakeMessage, FakeUser, server_error
from tgbot.sandbox.faketg.models import admin_rights
from tgbot.ui.comms import Comms, Confirm

# pid 0 is the Сплетник (two private messages a day); the others have perks that act only when asked.
ROLES = ["gossip", "cultist", "politician", "prosecutor", "bureaucrat", "revolutionary", "geek", "lucky",
         "paranoiac", "bloodhound", "guard", "scientist", "undertaker"]


# ---------------------------------------------------------------- helpers (also used by test_master_tools)

async def mafik_game(tmp_path, *, players: int = 13, database=None) -> Harness:
    """A Мафик game of 13, past the deck phase (the master's /resolve builds random legal decks): night 1."""
    h = await make_harness(tmp_path, players=players, database=database)
    await h.feed(h.master.send("/newgame mafik", h.log))
    await h.feed(h.master.send("/bind 1", h.public))
    for i, user in enumerate(h.players):
        await h.app.service.join(1, user_id=user.id, name=f"Персонаж {i + 1}", public_role=ROLES[i], locale="ru")
    await h.feed(h.master.send("/startgame", h.log))
    await h.resolve()
    assert (await state_of(h)).phase == 1
    return h


async def to_day(h: Harness) -> None:
    """Resolve until a day begins."""
    for _ in range(2):
        if (await state_of(h)).is_day:
            return
        await h.resolve()
    assert (await state_of(h)).is_day


async def end_day(h: Harness, scapegoat: int = 12) -> None:
    """Everyone alive votes for the scapegoat (Персонаж 13, in no room of these tests), then the day ends:
    without votes each votes for themself and the tie would punish the highest public role."""
    state = await state_of(h)
    assert state.is_day
    for pid, user in enumerate(h.players):
        if state.player(pid).alive:
            await h.app.service.submit(1, user_id=user.id, kind="vote", params={"target": scapegoat})
    await h.resolve()


async def press_data(h: Harness, user: FakeUser, message: FakeMessage, data: str) -> str:
    """A button carrying `data` pressed on `message` (as an old or forged button would be)."""
    original = message.reply_markup
    forged = {"inline_keyboard": [[{"text": "forged", "callback_data": data}]]}
    message.reply_markup = forged
    update = user.press(message, "forged")
    await h.feed(update)
    if message.reply_markup is forged:  # not edited by the answer: as it was
        message.reply_markup = original
    return answer_of(h, update)


async def room_of_three(h: Harness) -> None:
    """Персонаж 2 proposes a room with Персонаж 3 and 4; both confirm; the day ends."""
    await propose(h, h.players[1], ["Персонаж 3", "Персонаж 4"])
    board = room_board(h)
    await confirm(h, h.players[2], board)
    await confirm(h, h.players[3], board)
    await end_day(h)


# ---------------------------------------------------------------- private messages

async def test_private_message_is_delivered_at_once_with_a_copy_to_the_master(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        await to_day(h)
        a, b = h.players[1], h.players[2]
        panel = comms_panel(h, a)
        assert "✉ Приват (1)" in labels(panel)
        reply = await send_private(h, a, "Персонаж 3", "Встретимся <ночью>")
        assert "Приват доставлен, адресат — Персонаж 3. Осталось сегодня: 0." in reply
        # No resolution in between: delivered at once, with the sender's character name.
        assert "✉️ Приват · Персонаж 2: Встретимся <ночью>" in (b.last_text or "")
        assert "Персонаж 2 → Персонаж 3: Встретимся <ночью>" in log_texts(h)
        assert "Встретимся" not in "\n".join(h.texts(h.public))

        # The second one the same day: the panel's button says why at once…
        assert "✉ Приват (0)" in labels(await back_to_panel(h, a))
        answer = await tap(h, a, comms_panel(h, a), "✉ Приват")
        assert "Лимит исчерпан" in answer and "один в день" in answer
        # …and the engine refuses it too when it comes by an old button.
        await press_data(h, a, comms_panel(h, a), Comms(g=1, p=2, a="pmto", v="3").pack())
        await h.feed(a.send("ещё одно"))
        assert "Лимит исчерпан" in (a.last_text or "")
        assert "ещё одно" not in "\n".join(h.texts(h.players[3]))

        # The end of the day: the public group learns who spent one (not to whom).
        await h.resolve()
        public = "\n".join(h.texts(h.public))
        assert "Приваты сегодня потратили: Персонаж 2." in public
    finally:
        await h.close()


async def test_gossip_has_two_and_refusals_are_explained(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        gossip, other = h.players[0], h.players[4]
        # At night there is no ✉ button, and an old one is refused: only by day.
        assert not any(str(b.get("callback_data", "")).startswith("cm:") for m in h.world.messages_in(gossip.chat)
                       for b in buttons(m))
        night_panel = h.world.last_message(gossip.chat)
        assert night_panel is not None
        answer = await press_data(h, gossip, night_panel, Comms(g=1, p=1, a="pm").pack())
        assert "не та фаза" in answer and "только днём" in answer

        await to_day(h)
        assert "✉ Приват (2)" in labels(comms_panel(h, gossip))
        assert "адресат — Персонаж 2. Осталось сегодня: 1." in await send_private(h, gossip, "Персонаж 2", "раз")
        assert "адресат — Персонаж 3. Осталось сегодня: 0." in await send_private(h, gossip, "Персонаж 3", "два")
        assert "Лимит исчерпан" in await send_private(h, gossip, "Персонаж 4", "три")

        # A dead character is not offered, and an old button to it is refused with the reason.
        await h.feed(h.master.send("/modkill 6", h.log))
        panel = comms_panel(h, other)
        await tap(h, other, panel, "✉ Приват")
        assert "Персонаж 6" not in labels(panel)
        answer = await press_data(h, other, panel, Comms(g=1, p=2, a="pmto", v="5").pack())
        assert "Эта цель недоступна" in answer and "цель мертва" in answer
        # Writing to oneself is no target either.
        answer = await press_data(h, other, panel, Comms(g=1, p=2, a="pmto", v="4").pack())
        assert "нельзя выбрать себя" in answer
        # A button of a day that is over.
        await h.resolve()
        answer = await press_data(h, other, comms_panel(h, other), Comms(g=1, p=2, a="pm").pack())
        assert "устарела" in answer
    finally:
        await h.close()


async def test_the_text_may_not_be_too_long_and_nothing_is_spent(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        await to_day(h)
        a = h.players[1]
        panel = comms_panel(h, a)
        await tap(h, a, panel, "✉ Приват")
        await tap(h, a, panel, "Персонаж 3")
        await h.feed(a.send("я" * 4001))
        assert "Слишком длинно" in (a.last_text or "")
        await h.feed(a.send("коротко"))
        assert "доставлен" in (a.last_text or "")
    finally:
        await h.close()


# ---------------------------------------------------------------- proposals and confirmations

async def test_only_the_named_members_may_confirm_a_room(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        await to_day(h)
        answer = await propose(h, h.players[1], ["Персонаж 3", "Персонаж 4"])
        assert "Предложение опубликовано" in answer
        assert "на доске чат-комнат под номером 1" in (h.world.last_text(h.players[1].chat) or "")
        board = room_board(h)
        assert "1. Персонаж 2 предлагает чат-комнату: Персонаж 2, Персонаж 3, Персонаж 4" in (board.text or "")
        assert "Ждём: Персонаж 3, Персонаж 4." in (board.text or "")
        assert labels(board) == ["✅ 1: Персонаж 2, Персонаж 3, Персонаж 4"]

        outsider = h.players[5]
        answer = await confirm(h, outsider, board)
        assert "Это не ваша комната: подтвердить могут только Персонаж 2, Персонаж 3, Персонаж 4" in answer
        stranger = h.world.add_user("Зритель", started=True)
        h.world.set_member(h.public, stranger, "member")
        assert "не играете в этой игре" in await confirm(h, stranger, board)

        assert "Вы подтвердили" in await confirm(h, h.players[2], board)
        assert "подтверждает участие" not in "\n".join(h.texts(h.public))  # the board says it, no post
        assert room_board(h) is board
        assert "Подтвердили: Персонаж 2, Персонаж 3." in (board.text or "")
        assert "Вы уже подтвердили" in await confirm(h, h.players[2], board)
        assert "Вы уже подтвердили" in await confirm(h, h.players[1], board)  # the proposer confirmed by proposing

        await h.resolve()  # Персонаж 4 never confirmed
        assert "Комната не создана — не подтвердили: Персонаж 4." in (board.text or "") and not board.inline_keyboard
        assert "Создана чат-комната" not in "\n".join(h.texts(h.public))
        # A button of a day that is over.
        answer = await press_data(h, h.players[3], board, Confirm(g=1, p=2, r=1).pack())
        assert "день закончился" in answer
    finally:
        await h.close()


async def test_room_conflicts_first_come_first_served_and_exile(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        await to_day(h)
        await propose(h, h.players[1], ["Персонаж 3"])
        board = room_board(h)
        await confirm(h, h.players[2], board)
        await propose(h, h.players[3], ["Персонаж 3"])  # Персонаж 3 in a second room the same day
        assert room_board(h) is board, "the second proposal is on the same board"
        await confirm(h, h.players[2], board, 2)

        # Изгнание keeps a character out of rooms: the proposal is refused with the name.
        state = await state_of(h)
        state.add_effect("exile", target=6, start=state.phase, end=state.phase + 2)
        await save(h, state)
        answer = await propose(h, h.players[1], ["Персонаж 7"])
        assert "Персонаж 7 сейчас не может быть в чат-комнате" in answer

        await end_day(h)
        first, second = (board.text or "").split("\n\n")[1:]
        assert first.startswith("1. Персонаж 2 предлагает") and "Комната создана" in first
        assert second.startswith("2. Персонаж 4 предлагает")
        assert "Комната не создана — уже в другой комнате этого дня: Персонаж 3." in second
        assert "Создана чат-комната: Персонаж 2, Персонаж 3." in "\n".join(h.texts(h.public))
        assert len([e for e in (await state_of(h)).effects if e.kind == "room"]) == 1
    finally:
        await h.close()


# ---------------------------------------------------------------- a room in a pool group

async def test_pool_needs_the_rights_and_a_master(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        plain = h.world.create_group("Без прав", owner=h.master, bot="member")
        await h.feed(h.master.send("/pool add", plain))
        assert "Не хватает прав: я не администратор" in (h.world.last_text(plain) or "")
        weak = h.world.create_group("Слабые права", owner=h.master,
                                    bot_rights=admin_rights(can_invite_users=False, can_change_info=False))
        await h.feed(h.master.send("/pool add", weak))
        text = h.world.last_text(weak) or ""
        assert "приглашать пользователей" in text and "изменять профиль группы" in text
        assert "блокировать" not in text
        stranger = h.world.add_user("Чужой", started=True)
        theirs = h.world.create_group("Чужая", owner=stranger)
        await h.feed(stranger.send("/pool add", theirs))
        assert "только мастер" in (h.world.last_text(theirs) or "")
        await h.feed(h.master.send("/pool add", h.public))
        assert "публичная группа игры #1" in (h.world.last_text(h.public) or "")
        group = await add_pool_group(h)
        await h.feed(h.master.send("/pool add", group))
        assert "уже в пуле" in (h.world.last_text(group) or "")
        await h.feed(h.master.send("/pool", h.log))
        assert "Пул чат-комнат: групп — 1, свободно — 1." in (h.world.last_text(h.log) or "")
        await h.feed(h.players[0].send("/pool"))
        assert "работает в группе" in (h.players[0].last_text or "")
    finally:
        await h.close()


async def test_room_in_a_pool_group_from_formation_to_the_end(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        group = await add_pool_group(h)
        await to_day(h)
        await room_of_three(h)
        assert (await state_of(h)).phase == 3
        assert group.title == "Комната 1: Персонаж 2, Персонаж 3, Персонаж 4"
        assert "Комната 1 (Персонаж 2, Персонаж 3, Персонаж 4) — в группе" in log_texts(h)
        members = h.players[1:4]
        links = []
        for user in members:
            invite = next(m for m in reversed(h.world.messages_in(user.chat)) if "Чат-комната 1 открыта" in (m.text or ""))
            url = next(b["url"] for b in buttons(invite) if b.get("url"))
            links.append(url)
        assert len(set(links)) == 1 and h.world.find_invite(links[0]).creates_join_request

        for user in members:
            await h.feed(user.request_join(links[0]))
            assert group.member(user.id).is_present
        outsider = h.players[6]
        await h.feed(outsider.request_join(links[0]))
        assert not group.member(outsider.id).is_present and outsider.id not in group.join_requests
        assert "отклонил заявку на вход — не участник комнаты: Персонаж 7 (профиль в Telegram)." in log_texts(h)
        assert str(outsider.id) not in log_texts(h)
        assert "👋 Персонаж 3 в комнате." in h.texts(group)

        await h.feed(members[0].send("Я за Персонажа 5 не голосовал", group))
        assert "💬 Комната 1 · Персонаж 2: Я за Персонажа 5 не голосовал" in log_texts(h)
        await h.feed(h.master.send("/status", h.log))
        assert "Комната 1 (группа): Персонаж 2, Персонаж 3, Персонаж 4" in (h.world.last_text(h.log) or "")
        await h.feed(h.master.send("/pool remove", group))
        assert "сейчас идёт чат-комната" in (h.world.last_text(group) or "")

        await h.resolve()  # the night is over: the room ends
        assert (await state_of(h)).phase == 4
        for user in members:
            assert group.member(user.id).status == "left"
            assert "Чат-комната 1 закрыта" in (user.last_text or "") or any(
                "Чат-комната 1 закрыта" in t for t in h.texts(user))
        assert h.world.find_invite(links[0]).is_revoked
        assert group.title == "Запасная"
        assert (await h.app.rooms.pool())[0]["busy"] == 0
        assert "Комната 1 закрыта" in log_texts(h)
        await h.feed(h.master.send("/pool remove", group))
        assert "Группа убрана из пула" in (h.world.last_text(group) or "")
        assert await h.app.rooms.pool() == []
    finally:
        await h.close()


async def test_a_lost_group_falls_back_to_a_relay(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        group = await add_pool_group(h)
        await to_day(h)
        h.world.set_member(group, h.world.bot.id, "member")  # the bot lost its rights meanwhile
        await room_of_three(h)
        assert "нельзя использовать" in log_texts(h)
        assert "Свободной группы нет, поэтому комнату веду я" in (h.players[1].last_text or "")
        assert await h.app.rooms.pool() == []
    finally:
        await h.close()


async def test_telegram_unreachable_relays_the_room_and_keeps_the_group(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        group = await add_pool_group(h)
        await to_day(h)
        waits: list[float] = []

        async def no_wait(seconds: float) -> None:
            waits.append(seconds)

        assert h.app.rooms is not None
        h.app.rooms.sleep = no_wait
        h.world.faults.fail("createChatInviteLink", server_error(), times=3)  # every retry fails
        await room_of_three(h)
        assert waits == [1.0, 2.0]
        assert "Свободной группы нет, поэтому комнату веду я" in (h.players[1].last_text or "")
        assert [c["busy"] for c in await h.app.rooms.pool()] == [0]  # still in the pool, free
        assert group.title == "Запасная"  # set before the failure, then restored
    finally:
        await h.close()


# ---------------------------------------------------------------- a relayed room

async def test_relayed_room_forwards_under_the_character_name_and_has_a_way_out(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        await to_day(h)
        await room_of_three(h)
        a, b, c = h.players[1:4]
        intro = h.world.last_message(a.chat)
        assert intro is not None and "Вы в чат-комнате 1: вы, Персонаж 3, Персонаж 4" in (intro.text or "")
        assert "🚪 Выйти из комнаты" in labels(intro)
        assert "Комната 1 (Персонаж 2, Персонаж 3, Персонаж 4) — свободной группы нет" in log_texts(h)

        await h.feed(a.send("Кто мафия?"))
        assert b.last_text == "💬 Комната 1 · Персонаж 2: Кто мафия?"
        assert c.last_text == "💬 Комната 1 · Персонаж 2: Кто мафия?"
        assert "💬 Комната 1 · Персонаж 2: Кто мафия?" in log_texts(h)
        assert "Кто мафия?" not in "\n".join(h.texts(h.players[5]))

        await h.feed(b.send("/room"))
        assert "Вы в чат-комнате 1: Персонаж 2, Персонаж 3, Персонаж 4" in (b.last_text or "")

        c_intro = next(m for m in h.world.messages_in(c.chat) if "Вы в чат-комнате 1" in (m.text or ""))
        answer = await tap(h, c, c_intro, "🚪 Выйти из комнаты")
        assert "Вы вышли из комнаты 1" in answer
        assert "Персонаж 4 покидает комнату 1" in (a.last_text or "")
        await h.feed(c.send("меня уже нет"))
        assert "меня уже нет" not in (a.last_text or "") and "Не понимаю" in (c.last_text or "")
        await h.feed(b.send("а я тут"))
        assert a.last_text == "💬 Комната 1 · Персонаж 3: а я тут"
        assert "а я тут" not in (c.last_text or "")
        await h.feed(c.send("/leave_room"))
        assert "не в чат-комнате" in (c.last_text or "")
        # Not a member: nothing relayed, the usual answer.
        await h.feed(h.players[6].send("привет"))
        assert "Не понимаю" in (h.players[6].last_text or "")

        await h.resolve()
        assert "Чат-комната 1 закрыта" in (a.last_text or "")
        await h.feed(a.send("ещё тут?"))
        assert "Не понимаю" in (a.last_text or "")
    finally:
        await h.close()


async def test_rooms_follow_the_game_across_a_restart(tmp_path, database):
    """A crash after the day's resolution, before its room was opened: the restart opens it; the next
    resolution (after another restart) closes it and frees the group."""
    h = await mafik_game(tmp_path, database=database)
    try:
        group = await add_pool_group(h)
        await to_day(h)
        h.app.service.on_state.clear()  # the process dies before the hook runs
        await room_of_three(h)
        assert group.title == "Запасная"
        await h.app.shutdown()
        h.app = await start_app(h.world, h.clock, h.database)
        await h.deliver()
        assert group.title.startswith("Комната 1")
        assert any("Чат-комната 1 открыта" in t for t in h.texts(h.players[1]))
        invite = next(m for m in h.world.messages_in(h.players[1].chat) if "Чат-комната 1 открыта" in (m.text or ""))
        await h.feed(h.players[1].request_join(next(b["url"] for b in buttons(invite) if b.get("url"))))
        assert group.member(h.players[1].id).is_present

        await h.app.shutdown()
        h.app = await start_app(h.world, h.clock, h.database)
        assert group.title.startswith("Комната 1")  # still its night: nothing to do
        await h.resolve()
        assert group.member(h.players[1].id).status == "left" and group.title == "Запасная"
    finally:
        await h.close()


async def test_a_room_that_never_ends_stays_open(tmp_path):
    """Rooms without an end (Иллюминаты) are not closed by the phases; only the game's end closes them."""
    h = await mafik_game(tmp_path)
    try:
        state = await state_of(h)
        law = [p.pid for p in state.players if p.faction == "law" and p.pid not in (1, 12)]
        state.add_effect("room", start=state.phase, end=None, members=law[:2])
        await save(h, state)
        await h.app.service.changed(1)
        await h.deliver()
        one, two = h.players[law[0]], h.players[law[1]]
        assert "Комната работает, пока её участники живы" in (one.last_text or "")
        await h.resolve()
        await end_day(h)
        await h.resolve()
        assert (await state_of(h)).phase == 4
        await h.feed(one.send("всё ещё здесь"))
        assert two.last_text == f"💬 Комната 1 · Персонаж {law[0] + 1}: всё ещё здесь"

        # The game's end closes it: the master removes everyone who is not of the law.
        state = await state_of(h)
        for p in state.players:
            if p.alive and p.faction != "law":
                await h.feed(h.master.send(f"/modkill {p.pid + 1}", h.log))
        await end_day(h, scapegoat=law[2])
        assert (await state_of(h)).status == "finished"
        assert "Чат-комната 1 закрыта" in "\n".join(h.texts(two))
        await h.feed(one.send("а теперь?"))
        assert "а теперь?" not in (two.last_text or "")
    finally:
        await h.close()
