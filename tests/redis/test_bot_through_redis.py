"""The whole bot with REDIS_URL: its dialogues live in Redis and a game is played through them as without."""

from __future__ import annotations

from tests.e2e.driver import build_deck
from tests.e2e.harness import make_harness
from tests.e2e.test_micromafik_game import sign_up_everyone


async def test_sign_up_and_deck_dialogues_run_on_the_fsm_in_redis(redis, redis_server, tmp_path):
    h = await make_harness(tmp_path, redis_url=redis_server.url)
    try:
        assert h.app.leading  # the only instance: it leads, and its delivery sends the queue
        await sign_up_everyone(h)  # name → role: two steps of a dialogue each
        await h.feed(h.master.send("/startgame", h.log))
        for user in h.players:
            await build_deck(h, user)
        state = await h.app.service.state(1)
        assert len(state.players) == 8 and state.phase == 1
        assert await redis.keys("tgbot:fsm:*")  # the dialogues were kept in Redis
        assert await redis.get("tgbot:leader") is not None
    finally:
        await h.close()
