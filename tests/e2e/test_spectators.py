"""Spectators through the real bot and the fake Telegram: /spectate N in private chat, the master's
`/set spectators off|on|after`, the public group's events as they happen, never a private one, the whole
record after the end, and nothing for a player of the game («Мертвые … не получают сообщений»)."""

from __future__ import annotations

from tests.e2e.harness import Harness, make_harness, start_app, start_game
from tgbot.sandbox.faketg import FakeUser

ROLES = ["croupier", "paranoiac", "businessman", "alien", "magician", "banker", "lazybones", "strongman"]
HEAD = "👁 <b>Игра #1</b>"


async def watched_game(h: Harness, option: str) -> FakeUser:
    """A running Микромафик game whose master set `spectators option`, and a guest (no player) in it."""
    await start_game(h, "micromafik", ROLES)
    await h.feed(h.master.send(f"/set spectators {option}", h.log))
    return h.world.add_user("Гость", started=True)


def bodies(h: Harness, guest: FakeUser) -> list[str]:
    """The guest's messages from the game, each without the line naming the game."""
    out = []
    for message in h.world.messages_in(guest.chat):
        text = message.content or ""
        if text.startswith("👁 Игра #1\n") or text.startswith(f"{HEAD}\n"):
            text = text.split("\n", 1)[1]
        out.append(text)
    return out


async def finish_by_modkills(h: Harness) -> None:
    """The master removes the mafia, and the next resolution ends the game: the law wins."""
    state = await h.app.service.state(1)
    for player in state.players:
        if player.faction == "mafia":
            await h.feed(h.master.send(f"/modkill {player.pid + 1}", h.log))
    await h.resolve()
    assert (await h.app.service.state(1)).status == "finished"


async def test_spectate_gets_the_public_groups_posts_as_they_happen_and_no_private_event(tmp_path):
    h = await make_harness(tmp_path)
    try:
        guest = await watched_game(h, "on")
        await h.feed(guest.send("/spectate 1"))
        assert "Вы смотрите игру #1" in (guest.last_text or "")
        group_before = len(h.world.messages_in(h.public))
        await h.resolve()
        await h.resolve()
        new_public = [m.content or "" for m in h.world.messages_in(h.public)[group_before:]]
        phase_posts = [text for text in new_public if "Живы" in text]
        assert len(phase_posts) == 2, "two phases began"
        seen = bodies(h, guest)
        for post in phase_posts:
            assert post in seen, "each phase's post reaches the spectator as the group reads it"
        assert all(text in new_public for text in seen[1:]), "the spectator gets nothing the group does not"
        for user in h.players:  # a player's own messages are private: none reaches the spectator
            private = {m.content for m in h.world.messages_in(user.chat) if m.content}
            assert not private & set(seen[1:])
        assert not any("тайная роль" in text for text in seen)
    finally:
        await h.close()


async def test_a_spectators_posts_survive_a_restart_in_the_outbox(tmp_path):
    h = await make_harness(tmp_path)
    try:
        guest = await watched_game(h, "on")
        await h.feed(guest.send("/spectate 1"))
        count = len(h.world.messages_in(guest.chat))
        await h.app.delivery.stop()  # the process is going down: nothing more is sent
        phase = (await h.app.service.state(1)).phase
        assert await h.app.service.resolve(1, phase)
        await h.app.shutdown()
        assert len(h.world.messages_in(guest.chat)) == count
        h.app = await start_app(h.world, h.clock, tmp_path / "bot.sqlite3")
        await h.deliver()
        assert len(h.world.messages_in(guest.chat)) > count
        assert (guest.last_text or "").startswith("👁 Игра #1")
    finally:
        await h.close()


async def test_a_spectator_is_told_which_game_a_post_is_from(tmp_path):
    h = await make_harness(tmp_path)
    try:
        guest = await watched_game(h, "on")
        await h.feed(guest.send("/spectate 1"))
        await h.resolve()
        assert (guest.last_text or "").startswith("👁 Игра #1")
    finally:
        await h.close()


async def test_spectators_are_off_unless_the_master_lets_them_in(tmp_path):
    h = await make_harness(tmp_path)
    try:
        await start_game(h, "micromafik", ROLES)
        guest = h.world.add_user("Гость", started=True)
        await h.feed(guest.send("/spectate 1"))
        assert guest.last_text == "Мастер игры #1 не пускает зрителей."
        count = len(h.world.messages_in(guest.chat))
        await h.resolve()
        assert len(h.world.messages_in(guest.chat)) == count
    finally:
        await h.close()


async def test_the_master_closing_the_door_stops_the_posts(tmp_path):
    h = await make_harness(tmp_path)
    try:
        guest = await watched_game(h, "on")
        await h.feed(guest.send("/spectate 1"))
        await h.feed(h.master.send("/set spectators off", h.log))
        count = len(h.world.messages_in(guest.chat))
        await h.resolve()
        assert len(h.world.messages_in(guest.chat)) == count
    finally:
        await h.close()


async def test_a_player_of_the_game_cannot_spectate_it_alive_or_dead(tmp_path):
    h = await make_harness(tmp_path)
    try:
        await watched_game(h, "on")
        alive, dead = h.players[0], h.players[1]
        await h.feed(alive.send("/spectate 1"))
        assert alive.last_text == "Вы участник игры #1: пока она идёт, смотреть её как зритель нельзя."
        await h.feed(h.master.send("/modkill 2", h.log))
        await h.feed(dead.send("/spectate 1"))
        assert dead.last_text == "Вы участник игры #1: пока она идёт, смотреть её как зритель нельзя."
        count = len(h.world.messages_in(dead.chat))
        await h.resolve()
        assert len(h.world.messages_in(dead.chat)) == count, "the dead get no messages"
        assert await h.app.repo.spectators(1) == []
    finally:
        await h.close()


async def test_after_the_end_the_spectator_gets_the_whole_record_when_the_master_allows(tmp_path):
    h = await make_harness(tmp_path)
    try:
        guest = await watched_game(h, "after")
        await h.feed(guest.send("/spectate 1"))
        assert "Когда игра кончится, пришлю её полную запись." in (guest.last_text or "")
        await finish_by_modkills(h)
        assert any("Игра окончена" in text for text in bodies(h, guest))
        records = h.world.documents_in(guest.chat)
        assert [d.file_name for d in records] == ["game-1.html"]
        html = records[0].data.decode("utf-8")
        assert "Ваша тайная роль" in html, "the record holds what each player was told"
    finally:
        await h.close()


async def test_a_finished_game_is_sent_whole_on_spectate_with_after(tmp_path):
    h = await make_harness(tmp_path)
    try:
        guest = await watched_game(h, "after")
        await finish_by_modkills(h)
        await h.feed(guest.send("/spectate 1"))
        assert "Игра #1 окончена — присылаю её полную запись." in h.texts(guest)
        assert [d.file_name for d in h.world.documents_in(guest.chat)] == ["game-1.html"]
    finally:
        await h.close()


async def test_a_finished_game_is_not_sent_without_after(tmp_path):
    h = await make_harness(tmp_path)
    try:
        guest = await watched_game(h, "on")
        await finish_by_modkills(h)
        await h.feed(guest.send("/spectate 1"))
        assert guest.last_text == "Игра #1 окончена, а мастер не открыл её запись зрителям."
        assert h.world.documents_in(guest.chat) == []
    finally:
        await h.close()


async def test_unspectate_stops_the_posts(tmp_path):
    h = await make_harness(tmp_path)
    try:
        guest = await watched_game(h, "on")
        await h.feed(guest.send("/spectate 1"))
        await h.feed(guest.send("/unspectate"))
        assert guest.last_text == "Больше не присылаю события игр: #1."
        count = len(h.world.messages_in(guest.chat))
        await h.resolve()
        assert len(h.world.messages_in(guest.chat)) == count
        await h.feed(guest.send("/unspectate"))
        assert guest.last_text == "Вы не смотрите ни одной игры."
    finally:
        await h.close()


async def test_bad_spectate_input_gets_an_answer_and_changes_nothing(tmp_path):
    h = await make_harness(tmp_path)
    try:
        guest = await watched_game(h, "on")
        await h.feed(guest.send("/spectate"))
        assert guest.last_text == "Напишите номер игры: /spectate N."
        await h.feed(guest.send("/spectate abc"))
        assert guest.last_text == "Напишите номер игры: /spectate N."
        await h.feed(guest.send("/spectate 99"))
        assert guest.last_text == "Игра #99 не найдена."
        await h.feed(guest.send("/spectate 1"))
        await h.feed(guest.send("/spectate 1"))
        assert guest.last_text == "Вы уже смотрите игру #1."
        await h.feed(h.players[0].send("/spectate 1", h.public))
        assert h.world.last_text(h.public) == "Смотреть игру можно в личном чате со мной: /spectate N."
        await h.feed(h.players[0].send("/unspectate", h.public))
        assert h.world.last_text(h.public) == "Смотреть игру можно в личном чате со мной: /spectate N."
        assert await h.app.repo.spectated(guest.id) == [1]
    finally:
        await h.close()


async def test_stats_after_a_game_for_the_player_and_for_the_group(tmp_path):
    h = await make_harness(tmp_path)
    try:
        await watched_game(h, "off")
        await finish_by_modkills(h)
        state = await h.app.service.state(1)
        winner = next(p for p in state.players if p.faction == "law")
        user = h.players[winner.pid]
        await h.feed(user.send("/stats"))
        text = user.last_text or ""
        assert "Сыграно игр: 1." in text and "Побед: 1 из 1 (100%)." in text
        assert "Закон — 1 из 1 (100%)" in text and "Законник — 1 из 1 (100%)" in text
        await h.feed(h.master.send("/stats", h.public))
        group = h.world.last_text(h.public) or ""
        assert "Статистика игр этой группы" in group
        assert "Закон — 1 из 1 (100%)" in group and "Мафия — 0 из 1 (0%)" in group
        assert "Дожили до конца игры: 6 из 8 (75%)." in group
        guest = h.world.add_user("Новичок", started=True)
        await h.feed(guest.send("/stats"))
        assert "Оконченных игр пока нет." in (guest.last_text or "")
    finally:
        await h.close()
