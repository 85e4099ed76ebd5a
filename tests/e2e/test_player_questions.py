"""Questions to players through the fake Telegram, with «Сброс» (tests/engine/question_plugins/asker/):
when a phase resolves, each player is asked in private which two of their four tokens to discard; the
player marks two (✅) and presses «Готово», may change the answer until the deadline, and the next
resolution discards the pick; a player who does not answer gets the default and is told; a stale, foreign
or forged press is refused; the master's log shows the questions and the answers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.driver import labels, state_of, tap
from tests.e2e.harness import Harness, make_harness
from tests.e2e.plugins import plugged_in
from tests.e2e.test_bad_input import press_data
from tests.engine.plugin_path import QUESTION_PLUGINS
from tgbot.sandbox.faketg import FakeMessage, FakeUser
from tgbot.ui.callbacks import Answer

TOKENS = ["stone", "leaf", "shell", "feather"]


@pytest.fixture
def asker(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """«Сброс» among the bot's rule sets (its roles and strings its own)."""
    with plugged_in(monkeypatch, QUESTION_PLUGINS, "asker"):
        yield


async def asked(tmp_path: Path) -> Harness:
    """A game of «Сброс» of three whose first night has resolved: everyone has been asked."""
    h = await make_harness(tmp_path, players=3)
    await h.feed(h.master.send("/newgame asker", h.log))
    await h.feed(h.master.send("/bind 1", h.public))
    for i, user in enumerate(h.players):
        await h.app.service.join(1, user_id=user.id, name=f"Персонаж {i + 1}", public_role=f"holder{i + 1}",
                                 locale="ru")
    await h.feed(h.master.send("/startgame", h.log))
    assert (await state_of(h)).phase == 1  # no deck building: straight into the first night
    await h.resolve()
    assert (await state_of(h)).phase == 2
    return h


def questions_to(h: Harness, user: FakeUser) -> list[FakeMessage]:
    return [m for m in h.world.messages_in(user.chat) if "вопрос вам" in (m.text or "")]


def question_message(h: Harness, user: FakeUser) -> FakeMessage:
    """The player's one question message (the first phase's)."""
    found = questions_to(h, user)
    assert len(found) == 1, [m.text for m in found]
    return found[0]


def held(state, pid: int) -> list[str]:
    return [c.card for c in state.player(pid).hand]


async def test_the_player_marks_two_presses_done_and_the_next_resolution_discards_them(tmp_path, asker):
    h = await asked(tmp_path)
    try:
        user = h.players[0]
        message = question_message(h, user)
        text = message.text or ""
        assert "❓ Вопрос вам: какие две фишки сбросить\nВарианты: stone, leaf, shell, feather." in text
        assert "Если не ответить до дедлайна — stone, leaf." in text
        assert "Отметьте 2 варианта и нажмите «Готово»." in text
        assert labels(message) == [*TOKENS, "✔️ Готово"]

        assert await tap(h, user, message, "shell") == "Отмечено 1 из 2."
        assert await tap(h, user, message, "feather") == "Отмечено 2 из 2."
        assert labels(message) == ["stone", "leaf", "✅ shell", "✅ feather", "✔️ Готово"]
        assert (await state_of(h)).questions["discard-0-2"].choice is None, "a mark records nothing"
        assert await tap(h, user, message, "✔️ Готово") == "Записано: shell, feather."
        assert "✅ Ваш ответ: shell, feather. Изменить его можно до конца фазы." in (message.text or "")

        # changed before the deadline: the last answer counts
        assert await tap(h, user, message, "✅ feather") == "Отмечено 1 из 2."
        assert await tap(h, user, message, "leaf") == "Отмечено 2 из 2."
        assert await tap(h, user, message, "✔️ Готово") == "Записано: leaf, shell."

        await h.resolve()
        state = await state_of(h)
        assert held(state, 0) == ["stone", "feather"]
        assert (message.text or "").endswith("🔒 Ваш ответ: leaf, shell. Фаза закончилась.")
        assert not message.inline_keyboard, "a closed question has no buttons"
        log = "\n".join(h.texts(h.log))
        assert "👤 Персонаж 1 ❓ Вопрос вам: какие две фишки сбросить" in log
        assert "✍️ Персонаж 1 ответил — shell, feather: какие две фишки сбросить" in log
        assert "✍️ Персонаж 1 ответил — leaf, shell: какие две фишки сбросить" in log
    finally:
        await h.close()


async def test_a_player_who_does_not_answer_gets_the_default_and_is_told(tmp_path, asker):
    h = await asked(tmp_path)
    try:
        user = h.players[1]
        message = question_message(h, user)
        await h.resolve()
        assert held(await state_of(h), 1) == ["shell", "feather"]
        told = "⏰ Вы не ответили до дедлайна, по умолчанию — stone, leaf: какие две фишки сбросить"
        assert any(told in text for text in h.texts(user))
        assert (message.text or "").endswith("🔒 По умолчанию: stone, leaf — вы не ответили до конца фазы.")
        assert f"👤 Персонаж 2 {told}" in "\n".join(h.texts(h.log)), "the master sees the default applied"
        _first, second = questions_to(h, user)
        assert "Если не ответить до дедлайна — shell, feather." in (second.text or ""), "the next phase asks anew"
    finally:
        await h.close()


async def test_a_stale_foreign_or_forged_press_is_refused_and_changes_nothing(tmp_path, asker):
    h = await asked(tmp_path)
    try:
        user, other = h.players[0], h.players[1]
        message = question_message(h, user)
        before = (await state_of(h)).model_dump_json()
        assert await tap(h, user, message, "stone") == "Отмечено 1 из 2."
        assert await tap(h, user, message, "✔️ Готово") == "Нужно выбрать ровно 2 варианта."
        assert await press_data(h, other, Answer(g=1, p=2, k="discard-0-2", m=3).pack()) == "Этот вопрос задан не вам."
        assert await press_data(h, user, Answer(g=1, p=2, k="discard-0-9", m=3).pack()) == \
            "Такого вопроса к мастеру нет (кнопка устарела?)."
        assert await press_data(h, user, Answer(g=1, p=2, k="discard-0-2", m=1 << 9).pack()) == "Эта кнопка не работает."
        assert await press_data(h, user, Answer(g=1, p=2, k="discard-0-2", i=7).pack()) == "Эта кнопка не работает."
        assert (await state_of(h)).model_dump_json() == before, "a refused press changed the game"

        old = message.inline_keyboard[0][0]["callback_data"]
        await h.resolve()
        assert await press_data(h, user, old) == "На этот вопрос уже нельзя ответить. (его фаза закончилась)"
    finally:
        await h.close()
