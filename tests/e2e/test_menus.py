"""The bot sets its own command menus at start-up (private chats, groups, group administrators; ru, en
and a language-less one); Telegram refusing them does not stop the bot."""

from __future__ import annotations

import json
import logging

from tests.e2e.harness import START, start_app
from tgbot.sandbox.faketg import ManualClock, World, server_error

SCOPES = ("all_private_chats", "all_group_chats", "all_chat_administrators")


def menu(world: World, scope: str, language: str) -> dict[str, str]:
    key = (json.dumps({"type": scope}, sort_keys=True), language)
    return {c["command"]: c["description"] for c in world.bot.commands.get(key, [])}


async def test_the_bot_sets_its_command_menus_for_every_scope_and_language(tmp_path):
    clock = ManualClock(START)
    world = World(clock=clock)
    app = await start_app(world, clock, tmp_path / "bot.sqlite3")
    try:
        for scope in SCOPES:
            for language in ("ru", "en", ""):
                assert menu(world, scope, language), (scope, language)
        private_ru, private_en = menu(world, "all_private_chats", "ru"), menu(world, "all_private_chats", "en")
        assert {"start", "help", "rules", "card", "language"} <= set(private_ru)
        assert private_ru["rules"] == "правила игры" and private_en["rules"] == "the game's rules"
        assert "newgame" not in menu(world, "all_group_chats", "ru")
        admins = menu(world, "all_chat_administrators", "ru")
        assert admins["newgame"].startswith("создать игру") and {"bind", "status", "pool", "card"} <= set(admins)
        assert menu(world, "all_chat_administrators", "") == admins  # other languages: the default, ru
    finally:
        await app.shutdown()


async def test_menus_refused_by_telegram_are_logged_and_the_bot_still_answers(tmp_path, caplog):
    clock = ManualClock(START)
    world = World(clock=clock)
    user = world.add_user("Анна", started=True)
    world.faults.fail("setMyCommands", server_error(), times=None)
    with caplog.at_level(logging.WARNING, logger="tgbot"):
        app = await start_app(world, clock, tmp_path / "bot.sqlite3")
    try:
        assert any("command menus failed" in r.getMessage() for r in caplog.records)
        assert world.bot.commands == {}
        update = user.start()
        world.ack(update.update_id)
        await app.dp.feed_update(app.bot, update)
        await app.delivery.drain()
        assert "Микромафик" in (user.last_text or "")
    finally:
        await app.shutdown()


async def test_start_names_every_rule_set_and_help_gives_every_newgame_id(tmp_path):
    """/start lists the games the bot runs by their names and /help the ids /newgame takes — read from the
    engine's rule sets, so a new rule set appears without a word changed in the bot."""
    from engine.core.ruleset import ruleset_names
    from tests.e2e.harness import make_harness

    h = await make_harness(tmp_path, players=1)
    try:
        user = h.players[0]
        await h.feed(user.send("/start"))
        welcome = h.last(user).text or ""
        assert "Микромафик" in welcome and "Мафик" in welcome and "Мафия с личинами" in welcome
        await h.feed(user.send("/help"))
        assert f"/newgame {'|'.join(ruleset_names())}," in (h.last(user).text or "")
        assert {"micromafik", "mafik", "guises"} <= set(ruleset_names())
    finally:
        await h.close()
