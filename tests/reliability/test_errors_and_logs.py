"""The error handler and structured logs: every exception is logged once with its context (update,
user, chat, game) and the user is told, in their language, that something went wrong — and
nothing of the exception itself; the handler never fails, even when the apology cannot be sent.
JSON logs carry the same fields."""

from __future__ import annotations

import json
import logging

from tests.reliability.inproc import answer_of, log_records, make_bot, press_update
from tgbot.i18n import t
from tgbot.logs import ContextFilter, JsonFormatter, TextFormatter, log_fields
from tgbot.sandbox.faketg import bad_request
from tgbot.ui.callbacks import Act

SECRET = "internal detail 0xDEADBEEF"


async def _broken_submit(*args, **kwargs):
    raise RuntimeError(SECRET)


async def test_a_failing_button_is_logged_with_context_and_the_player_told_in_their_language(tmp_path, monkeypatch):
    bot = await make_bot(tmp_path)
    try:
        game = await bot.new_game(5, lang="en")
        await bot.drain()
        monkeypatch.setattr(bot.app.service, "submit", _broken_submit)
        user = game.users[0]
        state = await bot.state(game.id)
        with log_records() as records:
            update = press_update(bot.world, user, Act(g=game.id, p=state.phase, a="vote", v="1").pack())
            # a vote at night is refused by the engine before submit; a discard reaches the broken service
            update = press_update(bot.world, user, Act(g=game.id, p=state.phase, a="disc",
                                                       v=str(state.player(0).hand[0].uid)).pack())
            await bot.feed(update)
        answer = answer_of(bot.world, update)
        assert answer.answered and answer.text == t("en", "error.internal")
        assert SECRET not in (answer.text or "")
        (error,) = records.errors()
        assert error.exc_info is not None and SECRET in str(error.exc_info[1])
        assert (error.update_id, error.user_id, error.game_id) == (update.update_id, user.id, game.id)  # type: ignore[attr-defined]
        line = json.loads(JsonFormatter().format(error))
        assert line["level"] == "ERROR" and line["game_id"] == game.id and line["update_id"] == update.update_id
        assert SECRET in line["exception"]
        assert f"game={game.id}" in TextFormatter().format(error)
    finally:
        await bot.close()


async def test_the_error_handler_survives_when_the_apology_cannot_be_delivered(tmp_path, monkeypatch):
    bot = await make_bot(tmp_path)
    try:
        game = await bot.new_game(5)
        await bot.drain()
        monkeypatch.setattr(bot.app.service, "submit", _broken_submit)
        user = game.users[1]
        state = await bot.state(game.id)
        bot.world.faults.fail("answerCallbackQuery", bad_request("query is too old and response timeout expired"))
        with log_records() as records:
            update = press_update(bot.world, user, Act(g=game.id, p=state.phase, a="disc",
                                                       v=str(state.player(1).hand[0].uid)).pack())
            await bot.feed(update)  # must not raise
        assert len(records.errors()) == 1
        assert bot.world.last_text(user.chat) == t("ru", "error.internal")  # said in the private chat instead
        # And when nothing at all can be sent, the failure is logged, not raised.
        bot.world.faults.fail("answerCallbackQuery", bad_request("query is too old and response timeout expired"))
        bot.world.faults.fail("sendMessage", bad_request("chat not found"))
        with log_records() as records:
            await bot.feed(press_update(bot.world, user, Act(g=game.id, p=state.phase, a="disc",
                                                             v=str(state.player(1).hand[0].uid)).pack()))
        assert len(records.errors()) == 1
        assert any("could not tell" in r.getMessage() for r in records.records)
    finally:
        await bot.close()


async def test_a_failing_command_gets_a_reply_and_the_master_language(tmp_path, monkeypatch):
    bot = await make_bot(tmp_path)
    try:
        game = await bot.new_game(5)
        await bot.drain()

        async def broken(*args, **kwargs):
            raise KeyError(SECRET)

        monkeypatch.setattr(bot.app.service, "resolve_now", broken)
        with log_records() as records:
            await bot.feed(game.master.send("/resolve ночь 1", game.log))
        assert bot.world.last_text(game.log) == t("ru", "error.internal")
        (error,) = records.errors()
        assert error.chat_id == game.log.id and error.user_id == game.master.id  # type: ignore[attr-defined]
    finally:
        await bot.close()


async def test_service_and_delivery_logs_carry_the_game(tmp_path):
    bot = await make_bot(tmp_path)
    try:
        game = await bot.new_game(5)
        blocked = game.users[2]
        blocked.blocked = True
        await bot.app.service.resolve(game.id, (await bot.state(game.id)).phase)
        with log_records() as records:
            await bot.drain()
        given_up = [r for r in records.records if "giving up" in r.getMessage()]
        assert given_up and all(getattr(r, "game_id", None) == game.id for r in given_up)
        assert all(getattr(r, "chat_id", None) == blocked.id for r in given_up)
    finally:
        await bot.close()


def test_log_context_reaches_records_through_the_filter():
    record = logging.LogRecord("tgbot", logging.INFO, __file__, 1, "hello", None, None)
    with log_fields(game_id=7, update_id=11):
        ContextFilter().filter(record)
    line = json.loads(JsonFormatter().format(record))
    assert (line["game_id"], line["update_id"]) == (7, 11)
    plain = logging.LogRecord("tgbot", logging.INFO, __file__, 1, "hello", None, None)
    ContextFilter().filter(plain)
    assert "game_id" not in json.loads(JsonFormatter().format(plain))
