"""The leadership (tgbot/leader.py) with leases that need no Redis: the single process's, and one whose
store fails."""

from __future__ import annotations

import pytest

from tgbot.leader import Leadership, SoleLease


class Duties:
    def __init__(self) -> None:
        self.log: list[str] = []

    async def lead(self) -> None:
        self.log.append("lead")

    async def follow(self) -> None:
        self.log.append("follow")


async def test_a_sole_process_leads_as_soon_as_it_starts_and_ends_its_duties_when_it_stops():
    duties = Duties()
    leadership = Leadership(SoleLease(), on_lead=duties.lead, on_follow=duties.follow, every=0.01)
    await leadership.start()
    assert leadership.leading and duties.log == ["lead"]
    await leadership.tick()
    assert duties.log == ["lead"]  # renewed: the duties are not started twice
    await leadership.stop()
    assert not leadership.leading and duties.log == ["lead", "follow"]


class FailingLease(SoleLease):
    def __init__(self) -> None:
        self.reachable = True

    async def renew(self) -> bool:
        if not self.reachable:
            raise ConnectionError("the lease's store is down")
        return True


async def test_a_leader_that_cannot_reach_its_lease_steps_down_and_leads_again_when_it_can():
    duties = Duties()
    lease = FailingLease()
    leadership = Leadership(lease, on_lead=duties.lead, on_follow=duties.follow)
    await leadership.tick()
    lease.reachable = False
    await leadership.tick()
    assert not leadership.leading and duties.log == ["lead", "follow"]
    lease.reachable = True
    await leadership.tick()
    assert leadership.leading and duties.log == ["lead", "follow", "lead"]


async def test_duties_that_fail_to_start_are_ended_and_the_lease_given_up():
    duties = Duties()
    released: list[bool] = []

    class Lease(SoleLease):
        async def release(self) -> None:
            released.append(True)

    async def failing_lead() -> None:
        duties.log.append("lead")
        raise OSError("the database is unreachable")

    leadership = Leadership(Lease(), on_lead=failing_lead, on_follow=duties.follow)
    with pytest.raises(OSError):
        await leadership.tick()
    assert not leadership.leading and duties.log == ["lead", "follow"] and released == [True]
