"""Deadlines, reminders and early resolution, with the real scheduler."""

from __future__ import annotations

import asyncio

from tests.e2e.driver import build_deck
from tests.e2e.harness import Harness, make_harness
from tests.e2e.test_micromafik_game import sign_up_everyone


async def started(tmp_path, *, early: bool = False, database=None) -> Harness:
    h = await make_harness(tmp_path, database=database)
    await sign_up_everyone(h)
    if early:
        await h.feed(h.master.send("/set early on", h.log))
        assert "early = вкл" in (h.world.last_text(h.log) or "")
    await h.feed(h.master.send("/set night_minutes 30", h.log))
    await h.feed(h.master.send("/startgame", h.log))
    for user in h.players:
        await build_deck(h, user)
    return h


async def wait_until(predicate, timeout: float = 10.0) -> bool:
    for _ in range(int(timeout / 0.05)):
        if await predicate():
            return True
        await asyncio.sleep(0.05)
    return False


async def test_deadline_is_armed_and_resolves_the_phase_when_it_passes(tmp_path, database):
    h = await started(tmp_path, database=database)
    try:
        game = await h.app.service.game(1)
        assert game["deadline_at"] == h.clock() + 30 * 60
        job = h.app.scheduler.get_job("g1:deadline")
        assert job is not None
        h.clock.advance(30 * 60)  # the service's clock passes the deadline: the job, re-armed, fires now
        await h.app.deadlines.arm(1, game["deadline_at"])

        async def night_over() -> bool:
            return (await h.app.service.state(1)).phase == 2

        assert await wait_until(night_over)
        await h.deliver()
        assert any("Началась фаза день 1" in text for text in h.texts(h.public))
    finally:
        await h.close()


async def test_reminder_goes_only_to_those_who_have_not_submitted(tmp_path, database):
    h = await started(tmp_path, database=database)
    try:
        state = await h.app.service.state(1)
        law = [pid for pid, p in enumerate(state.players) if p.faction == "law"]
        first = h.players[law[0]]
        panel = next(m for m in reversed(h.world.messages_in(first.chat)) if m.inline_keyboard)
        from tests.e2e.driver import press_act

        await press_act(h, first, panel, "card")
        await press_act(h, first, panel, "disc")
        await h.app.service.remind(1, 1, 10)
        await h.deliver()
        reminded = [u for u in h.players if "До конца фазы 10 мин" in (u.last_text or "")]
        assert first not in reminded
        assert len(reminded) == len(h.players) - 1
    finally:
        await h.close()


async def test_early_resolution_when_everyone_has_submitted(tmp_path, database):
    h = await started(tmp_path, early=True, database=database)
    try:
        state = await h.app.service.state(1)
        for pid, user in enumerate(h.players):
            hand = state.player(pid).hand
            await h.app.service.submit(1, user_id=user.id, kind="discard", card=hand[0].uid)

        async def resolved() -> bool:
            return (await h.app.service.state(1)).phase == 2

        assert await wait_until(resolved), "the phase did not resolve early"
    finally:
        await h.close()
