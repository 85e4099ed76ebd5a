"""The paced delivery queue against the fake Telegram that enforces Telegram's flood limits."""

from __future__ import annotations

import asyncio

import pytest

from tgbot.delivery import REREAD_S, Delivery, Limits
from tgbot.sandbox.faketg import FakeTelegram, ManualClock, World
from tgbot.services.announce import TELEGRAM_LIMIT, split_text
from tgbot.storage import Database, OutboxMessage, Repository


@pytest.fixture
async def setup(tmp_path):
    clock = ManualClock(1_800_000_000.0)
    world = World(clock=clock, rate_limits=True)
    tg = FakeTelegram(world=world)
    db = await Database.open(tmp_path / "bot.sqlite3")
    repo = Repository(db)

    async def sleep(seconds: float) -> None:
        clock.advance(max(seconds, 0.001))
        await asyncio.sleep(0)

    def delivery(limits: Limits | None = None) -> Delivery:
        return Delivery(tg.bot, repo, limits=limits, monotonic=clock, wall=clock, sleep=sleep)

    yield world, repo, clock, delivery
    await db.close()
    await tg.close()


async def queue(repo: Repository, clock: ManualClock, messages: list[OutboxMessage]) -> None:
    async with repo.db.transaction() as conn:
        for message in messages:
            await repo.enqueue(conn, message, now=clock())


async def test_delivery_paces_a_private_chat_to_one_message_a_second(setup):
    world, repo, clock, delivery = setup
    alice = world.add_user("Alice", started=True)
    await queue(repo, clock, [OutboxMessage(chat_id=alice.id, text=f"m{i}") for i in range(5)])
    start = clock()
    sender = delivery()
    await sender.drain()
    assert world.texts_in(alice) == [f"m{i}" for i in range(5)]  # all delivered, in order
    assert world.limits.rejected["private_chat"] == 0  # no 429 at all
    assert 4.0 <= clock() - start < 6.0


async def test_delivery_keeps_a_group_under_twenty_a_minute(setup):
    world, repo, clock, delivery = setup
    owner = world.add_user("Owner", started=True)
    group = world.create_group("Игра", owner=owner)
    await queue(repo, clock, [OutboxMessage(chat_id=group.id, text=f"g{i}") for i in range(25)])
    await delivery().drain(timeout=600)
    assert len(world.texts_in(group)) == 25
    assert world.limits.rejected["group_chat"] == 0


async def test_delivery_retries_after_a_429_and_loses_nothing(setup):
    world, repo, clock, delivery = setup
    alice = world.add_user("Alice", started=True)
    await queue(repo, clock, [OutboxMessage(chat_id=alice.id, text=f"m{i}") for i in range(4)])
    reckless = delivery(Limits(global_per_s=1000, private_interval_s=0.0, group_per_min=1000))
    await reckless.drain()
    assert world.texts_in(alice) == ["m0", "m1", "m2", "m3"]
    assert reckless.retry_after_count >= 1
    assert await repo.pending_count() == 0


async def test_delivery_gives_up_on_a_user_who_never_started_the_bot_and_says_so(setup):
    world, repo, clock, delivery = setup
    stranger = world.add_user("Bob", started=False)
    await queue(repo, clock, [OutboxMessage(chat_id=stranger.id, text="hi", game_id=7)])
    told: list[tuple[int, int]] = []
    sender = delivery()

    async def unreachable(game_id: int, chat_id: int) -> None:
        told.append((game_id, chat_id))

    sender.on_unreachable = unreachable
    await sender.drain()
    assert await repo.pending_count() == 0
    assert told == [(7, stranger.id)]


async def test_delivery_edits_the_message_kept_in_a_slot(setup):
    world, repo, clock, delivery = setup
    owner = world.add_user("Owner", started=True)
    group = world.create_group("Игра", owner=owner)
    await queue(repo, clock, [OutboxMessage(chat_id=group.id, text="записалось: 1", op="send", slot="signup", game_id=1)])
    await delivery().drain()
    await queue(repo, clock, [OutboxMessage(chat_id=group.id, text="записалось: 2", op="edit", slot="signup", game_id=1)])
    await delivery().drain()
    assert world.texts_in(group) == ["записалось: 2"]


async def test_delivery_sends_only_the_latest_of_queued_edits_of_a_slot(setup):
    world, repo, clock, delivery = setup
    owner = world.add_user("Owner", started=True)
    group = world.create_group("Игра", owner=owner)
    await queue(repo, clock, [OutboxMessage(chat_id=group.id, text=f"голосов: {n}", op="edit", slot="votes2", game_id=1,
                                            dedup_key=f"v{n}") for n in range(1, 6)])
    sender = delivery()
    await sender.drain()
    assert world.texts_in(group) == ["голосов: 5"]
    assert sender.sent_count == 1  # one message sent, no edits of texts already replaced
    await queue(repo, clock, [OutboxMessage(chat_id=group.id, text="голосов: 6", op="edit", slot="votes2", game_id=1,
                                            dedup_key="v6")])
    await delivery().drain()  # a new process: the slot in the database still names the board
    assert world.texts_in(group) == ["голосов: 6"]


async def test_delivery_sends_documents(setup):
    world, repo, clock, delivery = setup
    owner = world.add_user("Owner", started=True)
    group = world.create_group("Лог", owner=owner)
    await queue(repo, clock, [OutboxMessage(chat_id=group.id, op="document", document=b"{}", document_name="game-1.json")])
    await delivery().drain()
    (stored,) = world.documents_in(group)
    assert stored.data == b"{}" and stored.file_name == "game-1.json"


def test_long_texts_are_split_under_telegrams_limit():
    text = "\n".join(f"строка {i} " + "я" * 50 for i in range(400)) + "\n" + "ж" * 9000
    parts = split_text(text)
    assert all(0 < len(p) < TELEGRAM_LIMIT for p in parts)
    assert "".join(parts).replace("\n", "") == text.replace("\n", "")


async def test_a_polite_stop_lets_sends_under_way_finish_and_marks_them_sent(setup):
    """A stop that comes while a pump is reading the outbox waits for the sends it starts, and nothing
    is sent after it: a message Telegram accepted is never left unmarked (it would go out again after
    the restart)."""
    world, repo, clock, delivery = setup
    users = [world.add_user(f"U{i}", started=True) for i in range(3)]
    await queue(repo, clock, [OutboxMessage(chat_id=u.id, text=f"m{i}") for i, u in enumerate(users)])
    sender = delivery(Limits(global_per_s=1000, private_interval_s=0.0, group_per_min=1000))
    pumping = asyncio.create_task(sender.pump())
    await asyncio.sleep(0)  # the pump holds its lock, reading the outbox
    await sender.stop()
    accepted = sum(len(world.texts_in(u)) for u in users)
    assert accepted == 3 - await repo.pending_count()
    for _ in range(20):
        await asyncio.sleep(0)
    await pumping
    assert sum(len(world.texts_in(u)) for u in users) == accepted


async def test_a_pump_refused_by_the_bot_wide_budget_asks_for_no_other_chat(setup):
    world, repo, clock, delivery = setup
    users = [world.add_user(f"U{n}", started=True) for n in range(40)]
    await queue(repo, clock, [OutboxMessage(chat_id=user.id, text="night") for user in users])
    sender = delivery(Limits(global_per_s=5))
    asked: list[int] = []
    admit = sender.pacing.admit

    async def counting(chat_id: int, **options: bool) -> float:
        asked.append(chat_id)
        return await admit(chat_id, **options)

    sender.pacing.admit = counting  # type: ignore[method-assign]
    wait = await sender.pump()
    assert len(asked) == 6  # five admitted, the sixth refused: the 34 others are not asked in vain
    assert 0.9 < wait <= 1.0  # the pump looks again when the budget has room
    await sender.drain(timeout=60)
    assert all(world.texts_in(user) == ["night"] for user in users)  # all sent in the end
    assert sum(world.limits.rejected.values()) == 0


async def test_the_outbox_is_read_again_only_when_new_messages_may_be_there(setup):
    world, repo, clock, delivery = setup
    users = [world.add_user(f"U{n}", started=True) for n in range(4)]
    await queue(repo, clock, [OutboxMessage(chat_id=user.id, text="night") for user in users[:3]])
    sender = delivery(Limits(global_per_s=1))
    reads = 0
    pending = repo.pending

    async def counting(limit: int = 500) -> list[OutboxMessage]:
        nonlocal reads
        reads += 1
        return await pending(limit)

    repo.pending = counting  # type: ignore[method-assign]
    await sender.pump()
    await asyncio.gather(*sender._tasks)
    clock.advance(0.5)
    await sender.pump()  # a send ended and the limits let none more go: the last read will do
    assert reads == 1
    await queue(repo, clock, [OutboxMessage(chat_id=users[3].id, text="late")])
    sender.wake()  # what the service calls once it queued messages
    await sender.pump()
    assert reads == 2
    clock.advance(REREAD_S)
    await sender.pump()  # a nudge may be lost: the outbox is read at least every REREAD_S
    assert reads == 3
    await sender.drain(timeout=60)
    assert [world.texts_in(user) for user in users] == [["night"]] * 3 + [["late"]]


async def test_a_delivery_resumed_after_another_leader_sent_does_not_send_from_its_old_read(setup):
    world, repo, clock, delivery = setup
    owner = world.add_user("Owner", started=True)
    group = world.create_group("Игра", owner=owner)
    await queue(repo, clock, [OutboxMessage(chat_id=owner.id, text="first"), OutboxMessage(chat_id=group.id, text="board")])
    old_leader = delivery()
    old_leader.parallel = 1
    await old_leader.pump()  # the first goes; the board waits for a place
    await asyncio.gather(*old_leader._tasks)
    await old_leader.stop()
    other = delivery()  # another instance leads meanwhile and sends the board
    await other.drain()
    old_leader.resume()
    await old_leader.pump()  # at once: its last read still lists the board
    await asyncio.gather(*old_leader._tasks)
    assert world.texts_in(group) == ["board"]  # not twice


async def test_a_message_that_reaches_telegram_late_holds_its_chats_next_message_until_a_second_after_it(setup):
    """Telegram counts a message when it arrives; the pacer admits it before it leaves. The first message
    here reaches the fake 0.4 s after its admission (a busy process, a slow trip): the next one to the chat
    must still land a second after it, not a second after the admission (that was a 429)."""
    world, repo, clock, delivery = setup
    alice = world.add_user("Alice", started=True)
    await queue(repo, clock, [OutboxMessage(chat_id=alice.id, text=f"m{i}") for i in range(2)])
    sender = delivery()
    late = [0.4]

    async def in_flight(make_request, bot, method):
        if late:
            clock.advance(late.pop())
        return await make_request(bot, method)

    sender.bot.session.middleware(in_flight)
    await sender.drain()
    assert world.texts_in(alice) == ["m0", "m1"]
    assert world.limits.rejected["private_chat"] == 0
