"""Drives Микромафик games played against the real bot process through the HTTP fake Telegram,
surviving the bot's crashes: every update a player or the master sends is followed until the bot
answers it, and if the bot died first, until the new process answers it or it is known lost (then,
unless the database shows it took effect, it is sent again — as a person would press again)."""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiogram.types import Update

from engine.core.state import GameState
from tests.reliability.chaos import Chaos
from tests.reliability.dbview import DbView
from tgbot import gamedata
from tgbot.i18n import keys, t
from tgbot.sandbox.faketg import FakeChat, FakeUser, World
from tgbot.ui.callbacks import Act, Signup
from tgbot.ui.resolve import phase_words

ACCEPTED = t("ru", "ui.accepted")
DEADLINE_MINUTES = 1  # a phase ended by its deadline lasts this long
DEADLINE_LATE_S = 30.0  # a deadline must have ended its phase this long after it fell due (a take-over included)


def _prefix(key: str) -> str:
    return t("ru", key).split("{")[0]


# Everything the bot answers a master's command with (its own answers and its refusals).
MASTER_ANSWERS = tuple(p for p in {_prefix(k) for k in keys("ru") if k.startswith(("master.", "error."))} if p)


async def until(predicate: Callable[[], bool], timeout: float) -> bool:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        if loop.time() > deadline:
            return False
        await asyncio.sleep(0.005)
    return True


@dataclass
class Net:
    world: World
    chaos: Chaos
    db: DbView
    resent: int = 0  # updates sent again because a crash lost them
    exchanges: int = 0

    def lost(self, update: Update) -> bool:
        """Lost with a dead process: confirmed (no longer queued) and never received by the live one."""
        pending = {int(u["update_id"]) for u in self.world.pending_updates}
        return update.update_id not in pending and self.chaos.received.get(update.update_id, -1) < self.chaos.generation

    async def exchange(self, send: Callable[[], Update], answered: Callable[[Update], bool], *, kind: str,
                       done: Callable[[], bool] | None = None, attempts: int = 12) -> Update | None:
        """Send an update and wait for the bot's answer, across crashes. The answered update, or
        None when it was lost but `done()` shows it took effect."""
        self.exchanges += 1
        for _attempt in range(attempts):
            self.chaos.in_flight[kind] += 1
            try:
                update = send()
                if kind == "resolve":
                    self.chaos.resolve_updates.add(update.update_id)
                generation = self.chaos.generation
                while True:
                    await until(lambda u=update, g=generation: answered(u) or self.chaos.generation != g, 60)
                    if answered(update):
                        self.chaos.progress += 1
                        return update
                    assert self.chaos.generation != generation, f"the bot never answered update {update.update_id}"
                    await asyncio.wait_for(self.chaos.ready.wait(), 120)
                    generation = self.chaos.generation
                    if self.lost(update):
                        break
            finally:
                self.chaos.in_flight[kind] -= 1
            if done is not None and done():
                return None
            self.resent += 1
        raise AssertionError(f"{kind}: no answer after {attempts} attempts")


def bot_replies(world: World, chat: FakeChat, after: int) -> list[str]:
    return [m.content or "" for m in world.messages_in(chat) if m.message_id > after]


@dataclass
class GameDriver:
    net: Net
    rnd: random.Random
    index: int
    size: int = 6
    game_id: int = 0
    master: FakeUser = field(init=False)
    players: list[FakeUser] = field(init=False)
    log: FakeChat = field(init=False)
    public: FakeChat = field(init=False)
    # (phase, pid, kind) -> (card, params) of the last submission the bot answered "accepted"
    accepted: dict[tuple[int, int, str], tuple[Any, dict[str, Any]]] = field(default_factory=dict)
    picks: Counter[tuple[int, str]] = field(default_factory=Counter)
    submissions: int = 0  # accepted answers
    verified: int = 0  # accepted submissions found in the committed state
    lost: list[str] = field(default_factory=list)
    refused: int = 0
    resolutions: int = 0
    double_resolutions: int = 0
    phases: list[int] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)
    seat: dict[int, FakeUser] = field(default_factory=dict)  # pid -> user (the order they joined in)
    # The night and day phases end by their deadline (`DEADLINE_MINUTES` long), fired by whichever instance
    # runs the deadlines, instead of by the master's /resolve (the sign-up's deck phase still ends by it).
    by_deadline: bool = False
    deadline_at: float | None = None  # the deadline this driver waits for now (UNIX time), if any
    # Per phase ended by its deadline: (the deadline, when the phase was seen ended), UNIX times.
    by_deadline_ended: list[tuple[float, float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        world = self.net.world
        self.master = world.add_user(f"Мастер{self.index}", started=True)
        self.players = [world.add_user(f"И{self.index}_{i}", started=True) for i in range(self.size)]
        self.log = world.create_group(f"Лог {self.index}", owner=self.master)
        self.public = world.create_group(f"Игра {self.index}", owner=self.master, members=self.players)

    # ------------------------------------------------------------------ the master
    def _game(self) -> dict[str, Any] | None:
        return self.net.db.game(self.game_id) if self.game_id else None

    async def command(self, text: str, chat: FakeChat, *, kind: str = "command",
                      done: Callable[[], bool] | None = None) -> str | None:
        def answered(update: Update) -> bool:
            assert update.message is not None
            return any(r.startswith(MASTER_ANSWERS) for r in bot_replies(self.net.world, chat, update.message.message_id))

        update = await self.net.exchange(lambda: self.master.send(text, chat), answered, kind=kind, done=done)
        if update is None:
            return None
        assert update.message is not None
        return next(r for r in bot_replies(self.net.world, chat, update.message.message_id) if r.startswith(MASTER_ANSWERS))

    def _created(self) -> bool:
        found = [g for g in self.net.db.games() if g["log_chat_id"] == self.log.id]
        if found:
            self.game_id = int(found[-1]["id"])
        return bool(found)

    async def create(self) -> None:
        await self.command("/newgame micromafik", self.log, done=self._created)
        assert self._created()

    async def bind(self) -> None:
        await self.command(f"/bind {self.game_id}", self.public,
                           done=lambda: (self._game() or {}).get("public_chat_id") == self.public.id)
        assert (self._game() or {}).get("public_chat_id") == self.public.id

    # ------------------------------------------------------------------ sign-up
    def _joined(self, user: FakeUser) -> bool:
        return any(p["user_id"] == user.id for p in self.net.db.players(self.game_id))

    async def signup(self, i: int) -> None:
        user = self.players[i]
        world = self.net.world
        for _ in range(30):
            if self._joined(user):
                return
            step = await self.net.exchange(
                lambda: user.start(f"join_{self.game_id}"),
                lambda u: any(bot_replies(world, user.chat, u.message.message_id)) if u.message else False,
                kind="command")
            assert step is not None and step.message is not None
            # A person takes a moment to type a name; and the bot keeps a private chat to one message
            # a second (Telegram's limit), so an instant answer would wait for its turn anyway.
            await asyncio.sleep(1.0)
            step = await self.net.exchange(
                lambda: user.send(f"Персонаж {self.index}-{i}"),
                lambda u: any(bot_replies(world, user.chat, u.message.message_id)) if u.message else False,
                kind="command")
            assert step is not None and step.message is not None
            menus = [m for m in world.messages_in(user.chat) if m.message_id > step.message.message_id
                     and any(b.get("callback_data", "").startswith("s:") for row in m.inline_keyboard for b in row)]
            if not menus:
                self.trace.append(f"no menu: {bot_replies(world, user.chat, 0)[-3:]}")
                continue  # the name went to a process that died before asking for the role: start over
            menu = menus[-1]
            choices = [b["callback_data"] for row in menu.inline_keyboard for b in row]
            data = choices[i % len(choices)]  # players signing up at once pick different roles
            assert Signup.unpack(data).g == self.game_id
            pressed = await self.net.exchange(lambda m=menu, d=data: user.press(m, d), self._answered, kind="press",
                                              done=lambda: self._joined(user))
            if pressed is not None and not self._joined(user):
                self.trace.append(f"role press answered {self._answer(pressed)!r}")
        assert self._joined(user), f"{user.first_name} could not sign up: {self.trace}"

    # ------------------------------------------------------------------ presses
    def _answered(self, update: Update) -> bool:
        assert update.callback_query is not None
        return self.net.world.callbacks[update.callback_query.id].answered

    def _answer(self, update: Update) -> str:
        assert update.callback_query is not None
        return self.net.world.callbacks[update.callback_query.id].text or ""

    async def press(self, user: FakeUser, data: str) -> str:
        """Press a button carrying `data` (put on the player's latest message from the bot)."""
        world = self.net.world

        def send() -> Update:
            message = world.last_message(user.chat)
            assert message is not None
            message.reply_markup = {"inline_keyboard": [[{"text": "·", "callback_data": data}]]}
            return user.press(message, data)

        update = await self.net.exchange(send, self._answered, kind="press")
        assert update is not None
        return self._answer(update)

    async def submit(self, pid: int, phase: int, kind: str, action: str, value: Any, *,
                     card: Any = None, params: dict[str, Any] | None = None) -> None:
        answer = await self.press(self.seat[pid], Act(g=self.game_id, p=phase, a=action, v=str(value)).pack())
        if answer == ACCEPTED:
            self.submissions += 1
            self.accepted[(phase, pid, kind)] = (card, params or {})
        else:
            self.refused += 1

    # ------------------------------------------------------------------ the game
    def state(self) -> GameState:
        state = self.net.db.state(self.game_id)
        assert state is not None
        return state

    def seats(self) -> dict[int, FakeUser]:
        by_id = {u.id: u for u in self.players}
        return {int(p["pid"]): by_id[p["user_id"]] for p in self.net.db.players(self.game_id) if p["pid"] is not None}

    async def deck(self) -> None:
        state = self.state()
        for pid, player in enumerate(state.players):
            building = player.building
            if building is None or building.mode != "draft" or self.rnd.random() < 0.3:
                continue
            for _ in range(self.rnd.randint(1, 3)):
                offer = self.state().player(pid).building
                assert offer is not None
                if offer.done or not offer.offer:
                    break
                card = offer.offer[0]
                answer = await self.press(self.seat[pid], Act(g=self.game_id, p=0, a="pick", v=card).pack())
                if answer == gamedata.card_name("micromafik", card, "ru"):
                    self.submissions += 1
                    self.picks[(pid, card)] += 1
        state = self.state()
        for (pid, card), count in self.picks.items():
            building = state.player(pid).building
            assert building is not None
            have = building.picks.count(card)
            self.verified += min(have, count)
            if have < count:
                self.lost.append(f"game {self.game_id}: pick {card} of player {pid}")

    async def phase(self) -> None:
        state = self.state()
        p = state.phase
        for pid in range(len(state.players)):
            me = state.player(pid)
            if not me.alive:
                continue
            others = [q.pid for q in state.living() if q.pid != pid]
            if state.is_night:
                if me.faction == "mafia" and others:
                    target = self.rnd.choice(others)
                    await self.submit(pid, p, "kill_vote", "kill", target, params={"target": target})
                if me.hand and self.rnd.random() < 0.6:
                    uid = self.rnd.choice(me.hand).uid
                    await self.submit(pid, p, "discard", "disc", uid, card=uid)
                elif me.public_role == "businessman" and self.rnd.random() < 0.5:
                    await self.submit(pid, p, "businessman_point", "perk", "businessman_point")
            else:
                target = self.rnd.choice([q.pid for q in state.living()])
                await self.submit(pid, p, "vote", "vote", target, params={"target": target})
                choice = self.rnd.choice(["execution", "beating"])
                await self.submit(pid, p, "punishment", "pun", choice, params={"choice": choice})
        self.verify_orders(p)

    def verify_orders(self, phase: int) -> None:
        """Every submission answered "accepted" is in the committed state (the last one of a kind)."""
        state = self.state()
        assert state.phase == phase
        for (p, pid, kind), (card, params) in self.accepted.items():
            if p != phase:
                continue
            found = [o for o in state.orders.get(pid, []) if o.kind == kind and o.card == card
                     and all(o.params.get(k) == v for k, v in params.items())]
            if found:
                self.verified += 1
            else:
                self.lost.append(f"game {self.game_id} phase {phase}: {kind} {card} {params} of player {pid}")

    def _advanced(self, phase: int) -> Callable[[], bool]:
        def advanced() -> bool:
            game = self.net.db.game(self.game_id)
            return game is not None and (int(game["phase"]) != phase or game["status"] == "finished")
        return advanced

    def _resolved(self, phase: int) -> None:
        after = self.net.db.game(self.game_id)
        assert after is not None
        self.resolutions += 1
        self.phases.append(int(after["phase"]))
        if int(after["phase"]) > phase + 1:
            self.double_resolutions += 1

    async def resolve(self) -> None:
        before = self.net.db.game(self.game_id)
        assert before is not None
        phase = int(before["phase"])
        advanced = self._advanced(phase)
        # The phase named: a /resolve retried after a crash cannot end the next phase too.
        await self.command(f"/resolve {phase_words('ru', phase)}", self.log, kind="resolve", done=advanced)
        assert await until(advanced, 30)
        self._resolved(phase)

    async def set_deadlines(self) -> None:
        """Short phases (the shortest a master may set); /set is idempotent, so an update delivered twice
        after a crash sets the same."""
        for key in ("night_minutes", "day_minutes"):
            answer = await self.command(f"/set {key} {DEADLINE_MINUTES}", self.log)
            assert answer is None or answer.startswith(_prefix("master.option_set")), answer

    async def await_deadline(self) -> None:
        """Nobody resolves the phase: its deadline does, fired by the instance that leads when it falls due
        (or by the next leader, who re-arms it from the database). It must end once, and within seconds."""
        before = self.net.db.game(self.game_id)
        assert before is not None and before["deadline_at"] is not None
        phase, at = int(before["phase"]), float(before["deadline_at"])
        advanced = self._advanced(phase)
        self.deadline_at = at
        try:
            assert await until(advanced, max(0.0, at - time.time()) + DEADLINE_LATE_S), \
                f"game {self.game_id}: phase {phase} not ended {DEADLINE_LATE_S} s after its deadline"
        finally:
            self.deadline_at = None
        self.by_deadline_ended.append((at, time.time()))
        self._resolved(phase)

    async def play(self, max_phases: int) -> None:
        await self.create()
        await self.bind()
        if self.by_deadline:
            await self.set_deadlines()
        await asyncio.gather(*(self.signup(i) for i in range(self.size)))  # players sign up at once
        await self.command("/startgame", self.log, done=lambda: (self._game() or {}).get("status") != "signup")
        self.seat = self.seats()
        assert len(self.seat) == self.size
        await self.deck()
        await self.resolve()
        while True:
            game = self._game()
            assert game is not None
            if game["status"] == "finished" or int(game["phase"]) > max_phases:
                return
            await self.phase()
            await (self.await_deadline() if self.by_deadline else self.resolve())
