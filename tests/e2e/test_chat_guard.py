"""A chat has one use: a game's public group, log group or a pool group never becomes another game's
log, public group or pool room; a log group is set up only by an administrator of that chat. The
master's commands sent in a public group or a room's group answer where they work; anyone else there
gets one short refusal."""

from __future__ import annotations

from aiogram.filters import Command

from tests.e2e.driver import add_pool_group, state_of
from tests.e2e.harness import Harness, make_harness
from tests.e2e.test_mafik_comms import mafik_game, room_of_three, to_day
from tgbot.routers import master
from tgbot.sandbox.faketg import FakeChat

NOT_MASTER = "Это может сделать только мастер игры."
NO_GAME = "В этом чате нет игры"
LOG_ONLY = "Эта команда работает в группе-логе мастера игры #1."
ARGS = {"set": "night_minutes 30", "lang": "en", "extend": "30", "replace": "1 123", "modkill": "1", "state": "1", "report": "1 текст"}


def log_commands() -> list[str]:
    """Every command of the master's router that works in the log group (all but /newgame and /bind)."""
    found: list[str] = []
    for handler in master.make_router().message.handlers:
        for flt in handler.filters or []:
            if isinstance(flt.callback, Command):
                found += [str(c) for c in flt.callback.commands]
    return [c for c in found if c not in ("newgame", "bind")]


async def micromafik_bound(tmp_path) -> Harness:
    h = await make_harness(tmp_path, players=4)
    await h.feed(h.master.send("/newgame micromafik", h.log))
    await h.feed(h.master.send("/bind 1", h.public))
    return h


async def games(h: Harness) -> list[tuple[int, int, int | None]]:
    return [(g["id"], g["log_chat_id"], g["public_chat_id"]) for g in await h.app.repo.games_where()]


def last(h: Harness, chat: FakeChat) -> str:
    return h.world.last_text(chat) or ""


async def test_a_player_cannot_make_the_public_group_another_games_log(tmp_path):
    h = await micromafik_bound(tmp_path)
    try:
        before = await games(h)
        player = h.players[0]
        await h.feed(player.send("/newgame micromafik", h.public))
        assert "публичная группа игры #1" in last(h, h.public)
        # Its master (an administrator there) cannot either: the public group would get the secrets.
        await h.feed(h.master.send("/newgame micromafik", h.public))
        assert "публичная группа игры #1" in last(h, h.public)
        assert await games(h) == before
        await h.feed(h.master.send("/status", h.log))  # game #1's master still runs it from the log
        assert last(h, h.log).startswith("Игра #1")
    finally:
        await h.close()


async def test_only_a_chat_administrator_may_make_it_a_log_group(tmp_path):
    h = await make_harness(tmp_path, players=2)
    try:
        member, admin = h.players
        group = h.world.create_group("Чужая группа", owner=h.master, members=[member], admins=[admin])
        await h.feed(member.send("/newgame micromafik", group))
        assert "только администратор этого чата" in last(h, group)
        assert await games(h) == []
        await h.feed(admin.send("/newgame micromafik", group))
        assert "Игра #1" in last(h, group)
        assert await games(h) == [(1, group.id, None)]
    finally:
        await h.close()


async def test_a_log_group_another_games_public_group_or_a_pool_group_cannot_be_bound(tmp_path):
    h = await micromafik_bound(tmp_path)
    try:
        master2 = h.world.add_user("Мастер2", started=True)
        log2 = h.world.create_group("Лог 2", owner=master2)
        await h.feed(master2.send("/newgame micromafik", log2))
        pool = h.world.create_group("Запасная", owner=master2)
        await h.feed(master2.send("/pool add", pool))
        assert "Группа в пуле" in last(h, pool)
        for chat in (h.log, h.public):
            h.world.set_member(chat, master2, "member")
        before = await games(h)

        await h.feed(master2.send("/bind 2", h.log))
        assert "лог мастера игры #1" in last(h, h.log)
        await h.feed(master2.send("/bind 2", h.public))
        assert "публичная группа игры #1" in last(h, h.public)
        await h.feed(master2.send("/bind 2", pool))
        assert "в пуле чат-комнат" in last(h, pool)
        assert await games(h) == before
        # A game's own public group may be bound again (the sign-up message is posted anew).
        await h.feed(h.master.send("/bind 1", h.public))
        assert await games(h) == before
        assert "лог мастера" not in last(h, h.public) and "публичная группа игры" not in last(h, h.public)
    finally:
        await h.close()


async def test_a_chat_a_game_uses_cannot_become_a_pool_room_nor_a_pool_group_a_log(tmp_path):
    h = await micromafik_bound(tmp_path)
    try:
        await h.feed(h.master.send("/pool add", h.log))
        assert "лог мастера игры #1" in last(h, h.log)
        await h.feed(h.master.send("/pool add", h.public))
        assert "публичная группа игры #1" in last(h, h.public)
        async with h.app.db.conn.execute("SELECT COUNT(*) FROM chats WHERE kind = 'pool'") as cur:
            assert (await cur.fetchone())[0] == 0
        pool = await add_pool_group(h)
        await h.feed(h.master.send("/newgame micromafik", pool))
        assert "в пуле чат-комнат" in last(h, pool)
        assert [g[0] for g in await games(h)] == [1]
    finally:
        await h.close()


async def test_master_commands_in_the_public_group_say_where_they_work(tmp_path):
    h = await micromafik_bound(tmp_path)
    try:
        before = await h.app.service.game(1)
        player = h.players[0]
        for command in log_commands():
            text = f"/{command} {ARGS.get(command, '')}".strip()
            seen = len(h.world.messages_in(h.public))
            await h.feed(h.master.send(text, h.public))
            replies = [m.text or "" for m in h.world.messages_in(h.public)[seen:]]
            assert len(replies) == 1 and replies[0].startswith(LOG_ONLY), (command, replies)  # /set adds its usage
            seen = len(h.world.messages_in(h.public))
            await h.feed(player.send(text, h.public))
            replies = [m.text or "" for m in h.world.messages_in(h.public)[seen:]]
            assert len(replies) == 1 and replies[0].startswith(NOT_MASTER), (command, replies)
        assert await h.app.service.game(1) == before
    finally:
        await h.close()


async def test_master_commands_in_a_pool_group_say_where_they_work_and_it_has_its_games_rules(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        group = await add_pool_group(h)
        await h.feed(h.master.send("/status", group))
        assert "в пуле чат-комнат, игры в ней нет" in last(h, group)
        await to_day(h)
        await room_of_three(h)  # the room takes the pool group
        phase = (await state_of(h)).phase
        await h.feed(h.master.send("/resolve", group))
        assert last(h, group) == LOG_ONLY
        h.world.set_member(group, h.players[1], "member")
        await h.feed(h.players[1].send("/status", group))
        assert last(h, group) == NOT_MASTER
        assert (await state_of(h)).phase == phase
        assert not any(NO_GAME in text for text in h.texts(group))
        await h.feed(h.master.send("/rules", group))  # the room's game's rules, not every rule set's
        assert last(h, group).startswith("Мафик: 12–30") and "Микромафик:" not in last(h, group)
    finally:
        await h.close()
