"""The chaos monkey of the crash suite: a fake Telegram that can SIGKILL the bot at chosen moments.

`ChaosAPI` wraps the fake's Bot API endpoint. Before or after any call it may kill the bot process
(so a kill can land exactly while a message is being sent, or right after Telegram accepted it and
before the bot heard back), and it notes which process generation received each update, so a
driver can tell an update lost with a dead process from one the new process will still handle.
`Chaos` arms one trigger at a time, restarts the bot after every kill on the same database, and
records what was going on at each kill.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tests.reliability.botproc import BotProcesses
from tests.reliability.dbview import DbView
from tgbot.sandbox.faketg import FakeBotAPI, World
from tgbot.sandbox.faketg.errors import ConnectionLost
from tgbot.sandbox.faketg.params import Upload

SENDS = frozenset({"sendmessage", "senddocument"})


@dataclass
class Trigger:
    label: str
    methods: frozenset[str] = frozenset()  # lower-case Bot API methods; empty: a timer
    nth: int = 1  # kill at the nth matching call
    after: bool = False  # let that call take effect first (Telegram accepted it; the bot never hears back)
    delay: float = 0.0  # timer: seconds; "resolve": seconds after /resolve was handed to the bot
    seen: int = 0


@dataclass
class Kill:
    number: int
    label: str
    in_flight: Counter[str]  # what the drivers were waiting for: press, resolve, command
    pending_outbox: int = 0  # announcements not yet sent when the process died
    sends_in_flight: int = 0  # messages Telegram accepted but the bot had not marked sent
    chats_in_flight: int = 0


@dataclass
class Chaos:
    procs: BotProcesses
    world: World
    db: DbView
    rnd: random.Random
    generation: int = 0
    kills: list[Kill] = field(default_factory=list)
    stops: list[Kill] = field(default_factory=list)  # polite stops (measured like kills)
    received: dict[int, int] = field(default_factory=dict)  # update id -> newest generation that got it
    in_flight: Counter[str] = field(default_factory=Counter)
    resolve_updates: set[int] = field(default_factory=set)  # update ids of the master's /resolve
    trigger: Trigger | None = None
    progress: int = 0  # updates the bot has answered (the drivers count them)
    cold_at: frozenset[int] = frozenset()  # kill numbers after which the restart is a cold `python -m tgbot`
    known_excess: Counter[tuple[int, str]] = field(default_factory=Counter)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    quiet: Callable[[], bool] = lambda: True  # the fake Telegram is handling nothing of the bot's (see ChaosAPI)
    _accept_ready: bool = False
    _killed: asyncio.Event = field(default_factory=asyncio.Event)

    # ------------------------------------------------------------------ hooks from the API
    def before(self, method: str) -> bool:
        """Called before a call is handled; True if the bot was killed (the call must not happen)."""
        if method == "getupdates" and self._accept_ready:
            self._accept_ready = False
            self.ready.set()
        return self._match(method, after=False)

    def after(self, method: str, result: Any, generation: int) -> None:
        if method == "getupdates" and isinstance(result, list):
            for update in result:
                uid = int(update["update_id"])
                self.received[uid] = max(self.received.get(uid, -1), generation)
                trigger = self.trigger
                if trigger is not None and trigger.label == "resolving" and uid in self.resolve_updates:
                    asyncio.get_running_loop().call_later(trigger.delay, self._fire_if, trigger)
        self._match(method, after=True)

    def _match(self, method: str, *, after: bool) -> bool:
        trigger = self.trigger
        if trigger is None or method not in trigger.methods or trigger.after != after:
            return False
        trigger.seen += 1
        if trigger.seen < trigger.nth:
            return False
        self.kill(trigger.label)
        return True

    def _fire_if(self, trigger: Trigger) -> None:
        if self.trigger is trigger:
            self.kill(trigger.label)

    # ------------------------------------------------------------------ killing
    def kill(self, label: str) -> None:
        if not self.ready.is_set():
            return  # already dead or starting
        self.procs.kill()
        self.trigger = None
        self.ready.clear()
        self.generation += 1
        self.kills.append(Kill(number=len(self.kills) + 1, label=label, in_flight=Counter(+self.in_flight)))
        self._killed.set()

    def sends(self) -> Counter[tuple[int, str]]:
        """(chat, text or file name) of every message Telegram accepted."""
        found: Counter[tuple[int, str]] = Counter()
        for call in self.world.calls:
            if call.ok and call.method.lower() in SENDS:
                chat = int(call.params["chat_id"])
                key = next(iter(call.files)) if call.method.lower() == "senddocument" else str(call.params.get("text"))
                found[(chat, key)] += 1
        return found

    def _measure(self, kill: Kill) -> None:
        """With the process dead, the database is still: what was left unsent, and what was in
        flight — messages Telegram accepted that the outbox does not list as sent (beyond the
        duplicates already counted at earlier crashes)."""
        kill.pending_outbox = self.db.pending()
        sent = self.db.sent_keys()
        accepted = self.sends()
        rows = self.db.rows("SELECT chat_id, op, text, document_name FROM outbox WHERE op != 'edit'")
        keys = {(int(r["chat_id"]), str(r["document_name"] if r["op"] == "document" else r["text"])) for r in rows}
        new: Counter[tuple[int, str]] = Counter()
        for key in keys:
            excess = accepted[key] - sent[key]
            if excess > self.known_excess[key]:
                new[key] = excess - self.known_excess[key]
                self.known_excess[key] = excess
        kill.sends_in_flight = sum(new.values())
        kill.chats_in_flight = len({chat for chat, _ in new})

    async def start(self, *, cold: bool = False) -> None:
        self._accept_ready = True
        await self.procs.start(cold=cold)
        await asyncio.wait_for(self.ready.wait(), 120)

    async def clean_restart(self) -> None:
        """Stop the bot politely and start it again (no crash). A polite stop that runs out of time ends
        in a kill (BotProcesses.stop_bot), so what was in flight then is measured as at a kill."""
        self.ready.clear()
        await self.procs.stop_bot()
        await until_quiet(self.quiet, 10.0)
        stop = Kill(number=0, label="polite stop", in_flight=Counter())
        self._measure(stop)
        self.stops.append(stop)
        await self.start()

    async def restart(self) -> None:
        await self.procs.wait_dead()
        # The dead process may have sent requests the fake has not read yet (a busy machine leaves
        # them in the socket): a send handled after the measurement would count at the next kill,
        # or at none. Measure once the fake has handled all the dead process sent.
        await until_quiet(self.quiet, 10.0)
        self._measure(self.kills[-1])
        await self.start(cold=len(self.kills) in self.cold_at)

    # ------------------------------------------------------------------ the monkey
    def arm(self) -> Trigger:
        """A random moment: while players submit, while the master resolves, while messages go out."""
        r = self.rnd
        kind = r.choice(["timer", "press", "press", "resolving", "sending", "sending"])
        if kind == "press":
            trigger = Trigger("submitting", frozenset({"answercallbackquery", "editmessagetext"}), nth=r.randint(1, 4),
                              after=r.random() < 0.5)
        elif kind == "resolving":
            trigger = Trigger("resolving", delay=r.uniform(0.0, 0.03))
        elif kind == "sending":
            trigger = Trigger("announcing", SENDS, nth=r.randint(1, 8), after=r.random() < 0.5)
        else:
            trigger = Trigger("timer", delay=r.uniform(0.05, 0.5))
        self.trigger = trigger
        return trigger

    async def monkey(self, kills: int, stop: asyncio.Event) -> None:
        """Kill the bot `kills` times (or until `stop`), restarting it after each kill."""
        while len(self.kills) < kills and not stop.is_set():
            # Let the games move between kills (a few answered updates), then pick a moment.
            target = self.progress + self.rnd.randint(1, 6)
            for _ in range(400):
                if self.progress >= target or stop.is_set():
                    break
                await asyncio.sleep(0.01)
            await asyncio.sleep(self.rnd.uniform(0.0, 0.1))
            self._killed.clear()
            trigger = self.arm()
            wait = trigger.delay if trigger.label == "timer" else 0.8
            waiting = [asyncio.ensure_future(self._killed.wait()), asyncio.ensure_future(stop.wait())]
            try:
                await asyncio.wait(waiting, timeout=wait, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for future in waiting:
                    future.cancel()
            if stop.is_set() and not self._killed.is_set():
                self.trigger = None
                break
            if not self._killed.is_set():
                self.kill(trigger.label if trigger.label == "timer" else f"{trigger.label} (timer)")
            await self.restart()
        self.trigger = None


async def until_quiet(quiet: Callable[[], bool], timeout: float) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not quiet() and loop.time() < deadline:
        await asyncio.sleep(0.005)


class ChaosAPI(FakeBotAPI):
    def __init__(self, world: World, chaos: Chaos) -> None:
        super().__init__(world)
        self.chaos = chaos
        self.polls = 0  # getUpdates calls in progress (a long poll outlives the process that made it)
        self.calls = 0  # other calls in progress

    def quiet(self, connections: int) -> bool:
        """Nothing is being handled but long polls: every connection open is one (a connection whose
        request is still being read, or handled, is not)."""
        return self.calls == 0 and connections <= self.polls

    async def call(self, token: str, method: str, values: Mapping[str, Any],
                   files: Mapping[str, Upload] | None = None) -> tuple[int, dict[str, Any]]:
        name = method.lower()
        generation = self.chaos.generation
        if self.chaos.before(name):
            raise ConnectionLost("killed")
        polling = name == "getupdates"
        self.polls += polling
        self.calls += not polling
        try:
            status, body = await super().call(token, method, values, files)
        finally:
            self.polls -= polling
            self.calls -= not polling
        self.chaos.after(name, body.get("result"), generation)
        return status, body
