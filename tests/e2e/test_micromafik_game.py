"""A whole Микромафик game played through Telegram updates, from /newgame to the final reveal."""

from __future__ import annotations

import random

from tests.e2e.driver import build_deck, kill_vote, panel_of, play_a_card, vote
from tests.e2e.harness import Harness, buttons, make_harness
from tgbot import gamedata
from tgbot.i18n import t
from tgbot.ui.panel import phase_title

MAX_PHASES = 40


async def sign_up_everyone(h: Harness) -> None:
    await h.feed(h.master.send("/newgame micromafik", h.log))
    assert "Игра #1" in (h.world.last_text(h.log) or "")
    await h.feed(h.master.send("/bind 1", h.public))
    board = h.world.last_message(h.public)
    assert board is not None and any("start=join_1" in str(b.get("url")) for b in buttons(board))
    for i, user in enumerate(h.players):
        await h.feed(user.start("join_1"))
        assert "Как зовут вашего персонажа" in (user.last_text or "")
        await h.feed(user.send(f"Персонаж {i + 1}"))
        roles = h.last(user)
        await h.press(user, roles, buttons(roles)[0]["text"])
        assert "Готово: Персонаж" in (user.last_text or "")


async def test_full_micromafik_game_through_telegram(tmp_path, database):
    h = await make_harness(tmp_path, database=database)
    rnd = random.Random(5)
    try:
        await sign_up_everyone(h)
        board = h.world.last_message(h.public)
        assert board is not None and "Записалось: 8" in (board.text or "")
        assert all(f"Персонаж {i}" in (board.text or "") for i in range(1, 9))

        await h.feed(h.master.send("/startgame", h.log))
        for user in h.players:
            assert any("Ваша тайная роль" in text for text in h.texts(user))
            await build_deck(h, user)
        state = await h.app.service.state(1)
        assert state.status == "running" and state.phase == 1
        for user in h.players:
            assert panel_of(h, user) is not None, f"{user.first_name} got no phase panel"

        accepted = 0
        while state.status == "running" and state.phase < MAX_PHASES:
            for pid, user in enumerate(h.players):
                if not state.player(pid).alive:
                    continue
                if state.is_day:
                    await vote(h, user, rnd)
                elif state.player(pid).faction == "mafia":
                    await kill_vote(h, user, rnd)
                if rnd.random() < 0.8:
                    accepted += await play_a_card(h, user, rnd)
            await h.resolve()
            state = await h.app.service.state(1)

        assert state.status == "finished", f"the game did not end in {MAX_PHASES} phases"
        assert accepted > 0, "no card was ever played through the flow"
        public = h.texts(h.public)
        assert any("Итоги вече" in text for text in public)
        assert any("Карт в руке" in text for text in public)
        assert any("Игра окончена" in text for text in public)
        log = h.texts(h.log)
        assert any("📜 Игра #1" in text for text in log)
        names = [d.file_name for d in h.world.documents_in(h.log)]
        assert names == ["game-1.json", "game-1.html"], "the master gets the log file and the readable record"
        html = h.world.documents_in(h.log)[1].data.decode("utf-8")
        assert '<html lang="ru">' in html
        for phase in range(1, state.phase + 1):  # every phase, with its submissions
            assert f"<h2>{phase_title('ru', phase)}</h2>" in html
        assert html.count("<h3>Заявки:</h3>") == state.phase
        for player in state.players:
            assert f"<td>{player.name}</td><td>" in html
            assert f"<td>{gamedata.role_name('micromafik', player.secret_role, 'ru')}</td>" in html
        history = state.history
        assert len(history) >= accepted
        role = t("ru", "event.role_assigned").split(":")[0]
        for user in h.players:  # each player, the dead too, learned their role and how it ended
            assert any(role in text for text in h.texts(user))
            assert "Игра окончена" in (user.last_text or "")
    finally:
        await h.close()
