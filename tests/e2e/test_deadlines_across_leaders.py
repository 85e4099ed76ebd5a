"""Deadlines when the leadership changes hands (tgbot/leader.py): only the leader arms them, it arms what
another instance changed from the database, and a deadline fired by the old leader and the new one
resolves its phase once."""

from __future__ import annotations

import asyncio

from apscheduler.schedulers.asyncio import AsyncIOScheduler

from tests.e2e.test_deadlines import started
from tgbot.deadlines import Deadlines


def new_leaders_deadlines(h) -> Deadlines:
    """The deadlines of another instance (its own scheduler) over the same game service."""
    return Deadlines(h.app.service, AsyncIOScheduler(timezone="UTC"), clock=h.clock)


async def test_a_deadline_fired_by_the_old_and_the_new_leader_resolves_its_phase_once(tmp_path):
    h = await started(tmp_path)
    try:
        old = h.app.deadlines
        new = new_leaders_deadlines(h)
        assert await new.rearm() == 1  # the new leader re-armed the night's deadline from the database
        h.clock.advance(30 * 60)
        await asyncio.gather(old.fire(1), new.fire(1))  # both fire around the take-over
        await new.fire(1)  # and once more, late: the day's deadline is ahead, nothing to resolve
        assert not await h.app.service.resolve(1, 1)  # a firing that read the night before it was resolved
        await h.deliver()
        assert (await h.app.service.state(1)).phase == 2
        assert sum("Началась фаза день 1" in text for text in h.texts(h.public)) == 1
    finally:
        await h.close()


async def test_an_instance_that_does_not_lead_arms_no_deadline(tmp_path):
    h = await started(tmp_path)
    try:
        follower = new_leaders_deadlines(h)  # takes the service's hook, as another instance's would
        follower.leading = False
        await h.app.service.extend(1, user_id=h.master.id, minutes=10)
        assert follower.scheduler.get_jobs() == []
    finally:
        await h.close()


async def test_the_leader_arms_a_deadline_another_instance_moved_from_the_database(tmp_path):
    h = await started(tmp_path)
    try:
        leader = h.app.deadlines
        follower = new_leaders_deadlines(h)  # the master's change goes through the other instance
        follower.leading = False
        at = await h.app.service.extend(1, user_id=h.master.id, minutes=10)
        job = h.app.scheduler.get_job("g1:deadline")
        assert job is not None and leader.armed[1] != at  # the leader has not heard of it
        assert await leader.sync() == 1
        assert leader.armed[1] == at
        assert await leader.sync() == 0  # nothing more changed
    finally:
        await h.close()
