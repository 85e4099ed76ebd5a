"""Suite 2 — flood and limits. The fake Telegram enforces Telegram's limits (30 messages/s in all,
1/s per private chat, 20/min per group; 429 with retry_after beyond them) on a manual clock.
Many games end their phase in the same second; while the burst drains, players keep clicking and
writing to the bot. Counted: messages lost (0), 429s (none beyond the first of a burst), clicks
and commands answered before the queue sent anything more (all)."""

from __future__ import annotations

import random
from collections import Counter

from tests.reliability.inproc import Bot, answer_of, log_records, make_bot, press_update
from tgbot.delivery import Limits
from tgbot.ui.callbacks import Act

GAMES = 10
PLAYERS = 8


def sent_keys(bot: Bot) -> Counter[tuple[int, str]]:
    found: Counter[tuple[int, str]] = Counter()
    for call in bot.world.calls:
        if call.ok and call.method in ("sendMessage", "sendDocument"):
            key = next(iter(call.files)) if call.method == "sendDocument" else str(call.params.get("text"))
            found[(int(call.params["chat_id"]), key)] += 1
    return found


async def burst(bot: Bot, rnd: random.Random) -> dict[str, int]:
    """Every game's phase ends now; the queue drains while players click and write."""
    deadlines = {float((await bot.app.service.game(g.id))["deadline_at"]) for g in bot.games}
    assert len(deadlines) == 1, "the games' deadlines should fall in the same second"
    bot.clock.advance(max(0.0, deadlines.pop() - bot.clock()))
    for game in bot.games:
        await bot.app.deadlines.fire(game.id)  # each game's deadline job
    queued = await bot.app.repo.pending_count()
    delivery = bot.app.delivery
    clicks = commands = prompt = 0
    while await bot.app.repo.pending_count():
        sent_before = delivery.sent_count
        # A player presses a button of their panel, another writes /help, while the queue drains.
        game = rnd.choice(bot.games)
        state = await bot.state(game.id)
        living = [p.pid for p in state.living()]
        if state.status == "running" and living:
            pid = rnd.choice(living)
            action = rnd.choice(["panel", "orders", "votes" if state.is_day else "kills"])
            update = press_update(bot.world, game.users[pid], Act(g=game.id, p=state.phase, a=action).pack())
            await bot.feed(update)
            clicks += 1
            prompt += answer_of(bot.world, update).answered and delivery.sent_count == sent_before
        user = rnd.choice(rnd.choice(bot.games).users)
        before = len(bot.world.messages_in(user.chat))
        await bot.feed(user.send("/help"))
        commands += 1
        prompt += len(bot.world.messages_in(user.chat)) == before + 1 and delivery.sent_count == sent_before
        delay = await delivery.pump()
        for task in list(delivery._tasks):
            await task
        await bot.sleep(min(max(delay, 0.001), 1.0))
    return {"queued": queued, "clicks": clicks, "commands": commands, "answered_before_the_queue_moved": prompt}


async def test_a_burst_of_phase_ends_drains_within_the_limits_and_clicks_stay_prompt(tmp_path, figures):
    rnd = random.Random(7)
    bot = await make_bot(tmp_path, limits=Limits(), rate_limits=True)
    with log_records() as logs:
        await _flood(bot, rnd, figures, logs)


async def _flood(bot: Bot, rnd: random.Random, figures, logs) -> None:
    try:
        for _ in range(GAMES):
            await bot.new_game(PLAYERS)
        await bot.drain()
        rejected_setup = sum(bot.world.limits.rejected.values())
        first = await burst(bot, rnd)   # the first night ends in every game at once
        await bot.drain()
        second = await burst(bot, rnd)  # and the first day
        await bot.drain()

        rows = [dict(r) for r in await (await bot.app.db.conn.execute("SELECT * FROM outbox")).fetchall()]
        expected = Counter((int(r["chat_id"]), str(r["document_name"] if r["op"] == "document" else r["text"]))
                           for r in rows if r["op"] != "edit")
        sent = sent_keys(bot)
        lost = sum(max(0, n - sent[key]) for key, n in expected.items())
        unsent = [r for r in rows if r["sent_at"] is None or (r["last_error"] or "").startswith("failed")]
        rejected = dict(bot.world.limits.rejected)
        total_429 = sum(rejected.values())
        figures("flood", games=GAMES, players_per_game=PLAYERS, bursts=2,
                messages_in_bursts=first["queued"] + second["queued"], messages_total=len(rows),
                lost=lost + len(unsent), too_many_requests=total_429, retry_after_seen_by_bot=bot.app.delivery.retry_after_count,
                clicks=first["clicks"] + second["clicks"], commands=first["commands"] + second["commands"],
                answered_before_the_queue_moved=first["answered_before_the_queue_moved"]
                + second["answered_before_the_queue_moved"], errors_logged=len(logs.errors()))
        assert rejected_setup == 0
        assert lost == 0 and not unsent
        assert total_429 <= 2, rejected  # at most the first of each burst
        answered = first["answered_before_the_queue_moved"] + second["answered_before_the_queue_moved"]
        assert answered == first["clicks"] + first["commands"] + second["clicks"] + second["commands"]
        assert not logs.errors(), [r.getMessage() for r in logs.errors()]
    finally:
        await bot.close()
