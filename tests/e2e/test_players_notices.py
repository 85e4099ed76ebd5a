"""What players see of votes and deaths (issue 11, "Players"), through the fake Telegram: the day's
punishment votes on one public board edited in place, the day's room proposals on one board edited
as members confirm (a button per proposal, no post per confirmation), the tie and default of the punishment explained, and a dying player
told privately, their panel turned read-only.
"""

from __future__ import annotations

from tests.e2e.driver import confirm, deal, labels, propose, room_board, room_boards, state_of
from tests.e2e.harness import Harness, start_app
from tests.e2e.test_mafik_comms import end_day, mafik_game, press_data, to_day
from tgbot.ui.callbacks import Act
from tgbot.ui.comms import Confirm

BOARD_TITLE = "⚖ Голосование за меру наказания"


async def punish_vote(h: Harness, pid: int, choice: str) -> None:
    await h.app.service.submit(1, user_id=h.players[pid].id, kind="punishment", params={"choice": choice})
    await h.deliver()


def boards(h: Harness) -> list[str]:
    return [text for text in h.texts(h.public) if BOARD_TITLE in text]


async def test_punishment_votes_edit_one_board_message_a_day(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        await to_day(h)
        before = len(h.texts(h.public))
        await punish_vote(h, 0, "torture")
        await punish_vote(h, 1, "torture")
        await punish_vote(h, 3, "exile")
        await punish_vote(h, 4, "execution")
        await punish_vote(h, 4, "exile")  # a changed vote: the board changes, no new post
        assert len(h.texts(h.public)) == before + 1
        [board] = boards(h)
        assert "день 1" in board
        assert "пытки: Персонаж 1, Персонаж 2" in board and "изгнание: Персонаж 4, Персонаж 5" in board
        assert "казнь" not in board
        assert not any("голосует за меру наказания" in text for text in h.texts(h.public))

        await end_day(h)
        verdict = next(text for text in reversed(h.texts(h.public)) if "Итоги вече" in text)
        # Культист (Персонаж 2) is the highest public role among the voters of the tied choices
        assert "пытки и изгнание — по 2; решил голос Персонаж 2 (Культист)" in verdict
        await h.resolve()  # night 2 → day 2
        await punish_vote(h, 0, "execution")
        assert len(boards(h)) == 2 and "день 2" in boards(h)[-1]
    finally:
        await h.close()


async def test_withdrawn_punishment_vote_leaves_the_board(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        await to_day(h)
        await punish_vote(h, 0, "torture")
        state = await state_of(h)
        [order] = [o for o in state.orders[0] if o.kind == "punishment"]
        await h.app.service.withdraw(1, user_id=h.players[0].id, oid=order.oid)
        await h.deliver()
        [board] = boards(h)
        assert "Пока никто не голосовал" in board
    finally:
        await h.close()


async def test_room_proposals_of_a_day_share_one_board_edited_as_members_confirm(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        await to_day(h)
        day = (await state_of(h)).phase
        before = len(h.world.messages_in(h.public))
        await propose(h, h.players[1], ["Персонаж 3", "Персонаж 4"])
        await propose(h, h.players[5], ["Персонаж 7"])
        [board] = room_boards(h)
        assert len(h.world.messages_in(h.public)) == before + 1, "one board, no post per proposal"
        assert "Чат-комнаты — день 1" in (board.text or "")
        assert "создают предложенную раньше" in (board.text or "") and "живёт следующую ночь" in (board.text or "")
        assert labels(board) == ["✅ 1: Персонаж 2, Персонаж 3, Персонаж 4", "✅ 2: Персонаж 6, Персонаж 7"]

        assert "Вы подтвердили" in await confirm(h, h.players[2], board, 1)
        assert "Вы подтвердили" in await confirm(h, h.players[6], board, 2)  # proposal 2: everyone has
        assert room_board(h) is board and len(h.world.messages_in(h.public)) == before + 1
        first, second = (board.text or "").split("\n\n")[1:]
        assert first == ("1. Персонаж 2 предлагает чат-комнату: Персонаж 2, Персонаж 3, Персонаж 4.\n"
                         "Подтвердили: Персонаж 2, Персонаж 3.\nЖдём: Персонаж 4.")
        assert second == "2. Персонаж 6 предлагает чат-комнату: Персонаж 6, Персонаж 7.\nПодтвердили все участники."
        assert labels(board) == ["✅ 1: Персонаж 2, Персонаж 3, Персонаж 4"], "nothing left to press for 2"
        assert not any("подтверждает участие" in text or "предлагает чат-комнату" in text
                       for m in h.world.messages_in(h.public) if m is not board for text in [m.text or ""])

        await end_day(h)
        assert room_boards(h) == [board] and not board.inline_keyboard
        first, second = (board.text or "").split("\n\n")[1:]
        assert first.endswith("❌ Комната не создана — не подтвердили: Персонаж 4.")
        assert second.endswith("✅ Комната создана — она открыта этой ночью.")
        # The board of a day that is over: its buttons are refused (as an old copy would still have them).
        answer = await press_data(h, h.players[3], board, Confirm(g=1, p=day, r=1).pack())
        assert "день закончился" in answer
        assert not [e for e in (await state_of(h)).effects if e.kind == "room" and 3 in e.params["members"]]

        await h.resolve()  # night 2 → day 2: a new day, a new board
        await propose(h, h.players[1], ["Персонаж 3"])
        assert len(room_boards(h)) == 2 and "день 2" in (room_board(h).text or "")
        assert room_board(h).message_id != board.message_id
    finally:
        await h.close()


async def test_the_room_board_is_edited_after_a_restart(tmp_path):
    """The board's message id is in the database (its slot): after a restart a confirmation edits the
    same message, and a retried delivery posts nothing twice."""
    h = await mafik_game(tmp_path)
    try:
        await to_day(h)
        await propose(h, h.players[1], ["Персонаж 3"])
        [board] = room_boards(h)
        await h.app.shutdown()
        h.app = await start_app(h.world, h.clock, h.database)
        await propose(h, h.players[4], ["Персонаж 6"])
        assert "Вы подтвердили" in await confirm(h, h.players[2], board, 1)
        assert room_boards(h) == [board]
        assert "2. Персонаж 5 предлагает чат-комнату: Персонаж 5, Персонаж 6." in (board.text or "")
        assert labels(board) == ["✅ 2: Персонаж 5, Персонаж 6"]
    finally:
        await h.close()


async def test_dying_player_is_told_privately_and_their_panel_loses_its_buttons(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        await to_day(h)
        victim = h.players[12]
        await deal(h, 12, hand=["pistol"])
        panel = h.last_with_buttons(victim)
        day = (await state_of(h)).phase
        assert any(b.get("callback_data", "").startswith(f"a:1:{day}:") for row in panel.inline_keyboard for b in row)
        await end_day(h)  # everyone votes for Персонаж 13; no punishment votes: execution, 6 damage
        assert not (await state_of(h)).player(12).alive
        assert any("☠ Ваш персонаж Персонаж 13 погиб" in text for text in h.texts(victim))
        assert panel.inline_keyboard == [] and "погиб" in (panel.text or "")
        later = [b for m in h.world.messages_in(victim.chat) for row in m.inline_keyboard for b in row
                 if b.get("callback_data", "").startswith(f"a:1:{day + 1}:")]
        assert later == [], "the dead get no panel of the next phase"
        verdict = next(text for text in reversed(h.texts(h.public)) if "Итоги вече" in text)
        assert "За меру наказания никто не голосовал" in verdict and "казнь" in verdict
        answer = await press_data(h, victim, panel, Act.data(1, day, "votes", ""))
        assert "мёртв" in answer
        assert not (await state_of(h)).player(12).alive
    finally:
        await h.close()


async def test_the_room_board_says_so_when_the_game_ends_on_its_day(tmp_path):
    h = await mafik_game(tmp_path)
    try:
        await to_day(h)
        state = await state_of(h)
        law = [p.pid for p in state.players if p.faction == "law"]
        await propose(h, h.players[law[0]], [f"Персонаж {law[1] + 1}"])
        board = room_board(h)
        await confirm(h, h.players[law[1]], board)
        for p in state.players:
            if p.alive and p.faction != "law":
                await h.feed(h.master.send(f"/modkill {p.pid + 1}", h.log))
        await end_day(h, scapegoat=law[2])
        assert (await state_of(h)).status == "finished"
        assert room_boards(h) == [board] and not board.inline_keyboard
        assert (board.text or "").endswith("❌ Комната не создана — игра окончена.")
    finally:
        await h.close()
