""""Сообщение не должно содержать ссылок (в т.ч. и косвенных…)" (seeds/000_…): whether a card message is a
link is the master's call. Through the fake Telegram: the question appears in the log group with a button
per option as the card is played; only the master may answer; a withheld message never reaches its target
and its sender is told; an unanswered question is settled by the default (deliver) at the deadline, and
the log says so. With `/set review_messages off` nothing is asked."""

from __future__ import annotations

from engine.core.state import GameState
from tests.e2e.driver import answer_of, deal, labels, name, play, state_of, tap
from tests.e2e.harness import Harness, make_harness, start_mafik
from tests.e2e.test_deadlines import wait_until
from tgbot.sandbox.faketg import FakeMessage
from tgbot.ui.callbacks import Decide

ROLES = ["mentor", "cultist", "politician", "prosecutor", "bureaucrat", "revolutionary", "geek", "lucky",
         "paranoiac", "bloodhound", "guard", "scientist"]
SENDER, TARGET = 2, 3
TEXT = "загляни в пост 5 ветки обсуждения"


async def start_reviewed(h: Harness) -> None:
    """A Мафик game whose master reviews card messages (`/set review_messages on`; off by default)."""
    await h.feed(h.master.send("/newgame mafik", h.log))
    await h.feed(h.master.send("/set review_messages on", h.log))
    await start_mafik(h, ROLES)  # (creates no second game: the first one is still open)
    assert (await state_of(h)).settings["review_messages"] is True


async def play_contract(h: Harness, text: str = TEXT) -> None:
    """The sender plays Заказ on the target with a message, by buttons and typed text."""
    user = h.players[SENDER]
    await deal(h, SENDER, hand=["contract", "dummy", "dummy", "dummy", "dummy", "dummy"])
    await play(h, user, "🃏 Заказ", "▶ Сыграть", name(TARGET))
    await h.feed(user.send(text))
    assert await tap(h, user, h.last_with_buttons(user), "✅ Подтвердить") == "✅ Заявка принята."


def question_message(h: Harness) -> FakeMessage:
    found = [m for m in h.world.messages_in(h.log) if m.inline_keyboard and "Вопрос мастеру" in (m.text or "")]
    assert len(found) == 1, [m.text for m in found]
    return found[0]


async def pass_deadline(h: Harness) -> GameState:
    """The phase's deadline passes: the scheduler's job resolves it."""
    game = await h.app.service.game(1)
    phase = int(game["phase"])
    h.clock.advance(float(game["deadline_at"]) - h.clock() + 1)
    await h.app.deadlines.arm(1, game["deadline_at"])

    async def resolved() -> bool:
        return (await state_of(h)).phase == phase + 1

    assert await wait_until(resolved), "the deadline did not resolve the phase"
    await h.deliver()
    return await state_of(h)


async def test_master_withholds_a_card_message_as_a_link(tmp_path):
    h = await make_harness(tmp_path, players=12)
    try:
        await start_reviewed(h)
        await play_contract(h)
        message = question_message(h)
        text = message.text or ""
        assert "доставить цели сообщение карты?" in text and f"Текст: «{TEXT}»" in text
        assert f"От: {name(SENDER)}" in text and f"Кому: {name(TARGET)}" in text and "Карта: Заказ" in text
        assert "Если не ответить до дедлайна — Доставить." in text
        assert labels(message) == ["Доставить", "Не доставлять"]
        assert all(Decide.unpack(b["callback_data"]).p == 1 for row in message.inline_keyboard for b in row)

        # someone else in the log group (here the sender) cannot answer
        h.world.set_member(h.log, h.players[SENDER], "member")
        assert await tap(h, h.players[SENDER], message, "Не доставлять") == "Это может сделать только мастер игры."
        assert all(q.choice is None for q in (await state_of(h)).questions.values())

        # the master can, and may change their mind until the deadline
        assert await tap(h, h.master, message, "Не доставлять") == "Записано: Не доставлять."
        assert await tap(h, h.master, message, "Доставить") == "Записано: Доставить."
        assert "✅ Доставить — выбрано мастером" in (message.text or "")
        assert await tap(h, h.master, message, "Не доставлять") == "Записано: Не доставлять."
        assert "✅ Не доставлять — выбрано мастером" in (message.text or "")
        assert labels(message) == ["Доставить", "✅ Не доставлять"]
        [question] = (await state_of(h)).questions.values()
        assert question.choice == "withhold"
        assert "🎩 Мастер решил — Не доставлять" in "\n".join(h.texts(h.log))

        stale = next(b["callback_data"] for row in message.inline_keyboard for b in row)
        await pass_deadline(h)
        assert not any(TEXT in t for t in h.texts(h.players[TARGET])), "the target got the withheld message"
        assert any("Мастер не передал ваше сообщение" in t and TEXT in t for t in h.texts(h.players[SENDER]))
        assert not any("по умолчанию" in t for t in h.texts(h.log))
        # the question in the log loses its buttons and says what was decided
        assert not message.inline_keyboard
        assert "🔒 Не доставлять — решение мастера. Фаза закончилась." in (message.text or "")

        # the phase is over: a button still shown somewhere is stale
        message.reply_markup = {"inline_keyboard": [[{"text": "Доставить", "callback_data": stale}]]}
        update = h.master.press(message, "Доставить")
        await h.feed(update)
        assert answer_of(h, update) == "Эта фаза уже закончилась — кнопка устарела."
    finally:
        await h.close()


async def test_unanswered_question_delivers_by_default_at_the_deadline(tmp_path):
    h = await make_harness(tmp_path, players=12)
    try:
        await start_reviewed(h)
        await play_contract(h)
        message = question_message(h)
        await pass_deadline(h)
        assert any(TEXT in t for t in h.texts(h.players[TARGET]))
        assert not message.inline_keyboard
        assert "🔒 Доставить — по умолчанию: мастер не ответил до конца фазы." in (message.text or "")
        log = "\n".join(h.texts(h.log))
        assert "⏰ Мастер не ответил до дедлайна, по умолчанию — Доставить" in log and TEXT in log
        assert not any("Мастер не передал" in t for t in h.texts(h.players[SENDER]))
    finally:
        await h.close()


async def test_no_question_when_the_master_turns_the_review_off(tmp_path):
    h = await make_harness(tmp_path, players=12)
    try:
        await h.feed(h.master.send("/newgame mafik", h.log))
        await h.feed(h.master.send("/set review_messages off", h.log))
        assert "review_messages = выкл" in (h.world.last_text(h.log) or "")
        await start_mafik(h, ROLES)  # (creates no second game: the first one is still open)
        assert (await state_of(h)).settings["review_messages"] is False
        await play_contract(h)
        assert not any(m.inline_keyboard for m in h.world.messages_in(h.log))
        await pass_deadline(h)
        assert any(TEXT in t for t in h.texts(h.players[TARGET]))
        # turned on again during the game: from now on messages are asked about
        await h.feed(h.master.send("/set review_messages on", h.log))
        await h.deliver()
        assert (await state_of(h)).settings["review_messages"] is True
        assert "⚙️ Настройка игры review_messages: вкл." in "\n".join(h.texts(h.log))
    finally:
        await h.close()


async def test_question_of_a_withdrawn_play_is_dropped_when_the_phase_ends(tmp_path):
    h = await make_harness(tmp_path, players=12)
    try:
        await start_reviewed(h)
        await play_contract(h)
        message = question_message(h)
        order = next(o for o in (await state_of(h)).orders[SENDER] if o.kind == "play")
        await h.app.service.withdraw(1, user_id=h.players[SENDER].id, oid=order.oid)
        await pass_deadline(h)
        assert not any(TEXT in t for t in h.texts(h.players[TARGET]))
        assert not message.inline_keyboard
        assert "🔒 Вопрос снят: заявку отозвали или изменили до конца фазы." in (message.text or "")
    finally:
        await h.close()
