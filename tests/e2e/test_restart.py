"""A restart mid-phase on the same database loses nothing and sends nothing twice."""

from __future__ import annotations

import random
from collections import Counter

from tests.e2e.driver import build_deck, kill_vote, play_a_card
from tests.e2e.harness import make_harness, start_app
from tests.e2e.test_micromafik_game import sign_up_everyone


async def test_restart_mid_phase_keeps_submissions_deadline_and_announcements(tmp_path, database):
    h = await make_harness(tmp_path, database=database)
    rnd = random.Random(3)
    try:
        await sign_up_everyone(h)
        await h.feed(h.master.send("/startgame", h.log))
        for user in h.players:
            await build_deck(h, user)
        state = await h.app.service.state(1)
        for pid, user in enumerate(h.players):
            if state.player(pid).faction == "mafia":
                await kill_vote(h, user, rnd)
            await play_a_card(h, user, rnd)
        before = (await h.app.service.state(1)).model_copy(deep=True)
        game = await h.app.service.game(1)
        assert any(before.orders.values()), "nobody submitted anything"

        # The phase resolves, and the process dies before a single announcement goes out.
        await h.app.delivery.stop()
        assert await h.app.service.resolve(1, before.phase)
        pending = await h.app.repo.pending_count()
        assert pending > 0
        await h.app.shutdown()
        public_before = len(h.texts(h.public))

        # A new process on the same database.
        h.app = await start_app(h.world, h.clock, h.database)
        await h.app.delivery.drain()
        assert await h.app.repo.pending_count() == 0
        after = await h.app.service.state(1)
        assert after.phase == before.phase + 1
        assert [r.card for r in after.history] == [r.card for r in after.history if r.phase == before.phase]
        played = {r.actor for r in after.history}
        assert played == {pid for pid, orders in before.orders.items() if any(o.kind == "play" for o in orders)}
        public = h.texts(h.public)
        assert len(public) > public_before
        assert all(count == 1 for count in Counter(public[public_before:]).values()), "an announcement went twice"

        # The new phase's deadline is stored and armed; a restart before it fires keeps it.
        game = await h.app.service.game(1)
        assert game["deadline_at"] > h.clock()
        assert h.app.scheduler.get_job("g1:deadline") is not None
        await h.app.shutdown()
        h.app = await start_app(h.world, h.clock, h.database)
        assert (await h.app.service.game(1))["deadline_at"] == game["deadline_at"]
        assert h.app.scheduler.get_job("g1:deadline") is not None

        # A deadline missed while the bot was down resolves at once on start-up, exactly once.
        await h.app.shutdown()
        h.clock.advance(game["deadline_at"] - h.clock() + 60)
        h.app = await start_app(h.world, h.clock, h.database)
        await h.app.deadlines.fire(1)
        await h.app.deadlines.fire(1)
        resolved = await h.app.service.state(1)
        assert resolved.phase == after.phase + 1
    finally:
        await h.app.shutdown()
