"""GameService: every change to a game goes through here, one game at a time.

A per-game asyncio lock serialises all work on a game (a deadline firing while a player clicks
cannot race). Each change commits the engine state, the new events and the announcements they
cause in one database transaction, so a crash never loses or half-sends a phase result.
Resolution is idempotent: `resolve(game_id, phase)` does nothing unless that phase is current.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from html import escape
from typing import Any

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.ruleset import get_ruleset, ruleset_names
from engine.core.state import GameState, Order
from tgbot.i18n import GENDERS, t
from tgbot.logs import bind
from tgbot.services import results, spectators
from tgbot.services.announce import closed_questions, event_messages
from tgbot.services.chats import chat_use, chat_uses, taken
from tgbot.services.chronicle import game_record
from tgbot.services.errors import ServiceError
from tgbot.services.options import DEADLINE_OPTIONS, ENGINE_OPTIONS, START_OPTIONS, deadline_after, options_of, parse_option
from tgbot.storage.game_lock import GameLock
from tgbot.storage.repo import OutboxMessage, Repository

log = logging.getLogger("tgbot.games")
MAX_NAME = 32
MAX_EXTEND_MINUTES = 60 * 24 * 30  # a deadline moves by a month at most
Clock = Callable[[], float]
# Called with (game_id, deadline_at or None) whenever a game's deadline changes.
DeadlineHook = Callable[[int, float | None], Awaitable[None] | None]
# Builds the per-player phase panel (text, reply_markup) — provided by the UI layer.
def panel_slot(pid: int) -> str:
    """The slot keeping a player's latest phase panel message (edited when the character dies)."""
    return f"panel{pid}"


PanelBuilder = Callable[[dict[str, Any], GameState, int, str], tuple[str, dict[str, Any] | None]]
# Called with (game_id, state) after a phase is resolved or the master changed the game (chat rooms
# follow the state); outside the game's lock, so a hook must read what it needs before it awaits.
StateHook = Callable[[int, GameState], Awaitable[None]]


def roles_shared(ruleset: str) -> bool:
    """Whether players may take the same public role: when the rule set has fewer than its seats."""
    rules = get_ruleset(ruleset)
    return len(rules.public_roles()) < int(rules.max_players)


class GameService:
    def __init__(self, repo: Repository, *, clock: Clock, timezone: str = "Europe/Moscow",
                 admins: tuple[int, ...] = (), panel: PanelBuilder | None = None,
                 seeds: Callable[[], int] = lambda: secrets.randbits(48)) -> None:
        self.repo = repo
        self.clock = clock
        self.timezone = timezone
        self.admins = set(admins)
        self.panel = panel
        self.seeds = seeds  # a game's seed (random in production; fixed in tests for reproducible games)
        self.on_deadline: DeadlineHook | None = None
        self.on_outbox: Callable[[], None] | None = None  # wakes the delivery queue
        self.on_state: list[StateHook] = []
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, game_id: int) -> GameLock:
        """The game's lock (this process's, then the shared database's); whoever takes it works on this game, so their logs name it."""
        bind(game_id=game_id)
        return GameLock(self._locks.setdefault(game_id, asyncio.Lock()), self.repo, game_id)

    # ---------------------------------------------------------------- helpers
    async def game(self, game_id: int) -> dict[str, Any]:
        """The game's row, with the bot's time zone (its deadlines are shown in it)."""
        game = await self.repo.game(game_id)
        if game is None:
            raise ServiceError("no_game", game=game_id)
        return {**game, "timezone": self.timezone}

    def options(self, game: dict[str, Any]) -> dict[str, Any]:
        return options_of(game)

    def is_master(self, game: dict[str, Any], user_id: int) -> bool:
        return user_id == game["master_user_id"] or user_id in self.admins

    def require_master(self, game: dict[str, Any], user_id: int) -> None:
        if not self.is_master(game, user_id):
            raise ServiceError("not_master")

    async def seat_of(self, game_id: int, user_id: int) -> int:
        for player in await self.repo.players(game_id):
            if player["user_id"] == user_id and player["pid"] is not None:
                return int(player["pid"])
        raise ServiceError("not_player", game=game_id)

    async def state(self, game_id: int) -> GameState:
        """The game's live state: read it, never change it (changes go through this service's methods);
        copy it (`model_copy(deep=True)`) to keep a picture of a moment."""
        state = await self.repo.load_state(game_id)
        if state is None:
            raise ServiceError("not_started", game=game_id)
        return state

    async def _deadline_changed(self, game_id: int, at: float | None) -> None:
        if self.on_deadline is not None:
            result = self.on_deadline(game_id, at)
            if asyncio.iscoroutine(result):
                await result

    def _wake(self) -> None:
        if self.on_outbox is not None:
            self.on_outbox()

    async def _enqueue(self, conn: Any, messages: list[OutboxMessage]) -> None:
        now = self.clock()
        for message in messages:
            await self.repo.enqueue(conn, message, now=now)

    # ---------------------------------------------------------------- the master
    async def create_game(self, *, master_user_id: int, log_chat_id: int, ruleset: str, locale: str,
                          chat_admin: bool) -> int:
        """A new game whose log group is `log_chat_id`: a chat no game uses yet, set up by one of its
        administrators (`chat_admin`, as Telegram says): the log receives every secret of the game."""
        if ruleset not in ruleset_names():
            raise ServiceError("unknown_ruleset", ruleset=ruleset, known=", ".join(ruleset_names()))
        use = await chat_use(self.repo, log_chat_id)
        if use is not None and use.role == "log":
            raise ServiceError("log_chat_busy", game=use.game["id"] if use.game else "—")
        if use is not None:
            raise taken(use)
        if not chat_admin:
            raise ServiceError("log_not_admin")
        async with self.repo.db.transaction() as conn:
            return await self.repo.create_game(conn, ruleset=ruleset, master_user_id=master_user_id,
                                               log_chat_id=log_chat_id, now=self.clock(), locale=locale)

    async def bind_public(self, game_id: int, *, user_id: int, chat_id: int) -> dict[str, Any]:
        async with self.lock(game_id):
            game = await self.game(game_id)
            self.require_master(game, user_id)
            if chat_id == game["log_chat_id"]:
                raise ServiceError("public_is_log")
            if game["status"] != "signup":
                raise ServiceError("wrong_status", status=game["status"])
            for use in await chat_uses(self.repo, chat_id):  # its own public group may be bound again
                if use.role != "public" or use.game is None or use.game["id"] != game_id:
                    raise taken(use)
            async with self.repo.db.batch() as conn:
                await self.repo.update_game(conn, game_id, public_chat_id=chat_id)
            return await self.game(game_id)

    async def set_option(self, game_id: int, *, user_id: int, key: str, raw: str) -> Any:
        async with self.lock(game_id):
            game = await self.game(game_id)
            self.require_master(game, user_id)
            own = api.start_settings(game["ruleset"])
            value = parse_option(key, raw, own)
            if (key in START_OPTIONS or key in own) and game["status"] != "signup":  # read once, at the start
                raise ServiceError("start_only_option", key=key, status=game["status"])
            options = json.loads(game["settings_json"] or "{}")
            options[key] = value
            async with self.repo.db.batch() as conn:
                await self.repo.update_game(conn, game_id, settings_json=json.dumps(options))
            if key in DEADLINE_OPTIONS and game["deadline_at"] is not None:  # reminders follow at once
                await self._deadline_changed(game_id, float(game["deadline_at"]))
            return value

    async def set_locale(self, game_id: int, *, user_id: int, locale: str) -> None:
        async with self.lock(game_id):
            game = await self.game(game_id)
            self.require_master(game, user_id)
            async with self.repo.db.batch() as conn:
                await self.repo.update_game(conn, game_id, locale=locale)

    # ---------------------------------------------------------------- sign-up
    def free_roles(self, game: dict[str, Any], players: list[dict[str, Any]]) -> list[str]:
        """Public roles still free (one each; "(Другой)" is always free: each names their own, and so is a role
        the rule set lets any number take, its `shared_public_roles`). A rule set with fewer public roles than
        seats could never fill its table so: there every role is shared."""
        rules = get_ruleset(game["ruleset"])
        roles = [r["id"] for r in rules.public_roles()]
        if roles_shared(str(game["ruleset"])):
            return roles
        taken = {p["public_role"] for p in players} - rules.shared_public_roles
        return [role for role in roles if role not in taken]

    def _role_title(self, game: dict[str, Any], players: list[dict[str, Any]], title: str | None) -> str:
        """A "(Другой)" role's title: 1..MAX_NAME characters, unlike every role and every other title."""
        from tgbot import gamedata

        title = " ".join((title or "").split())
        if not 1 <= len(title) <= MAX_NAME or ":" in title:
            raise ServiceError("bad_title", max=MAX_NAME)
        others = {gamedata.normal(gamedata.split_public_role(p["public_role"])[1]) for p in players}
        if gamedata.normal(title) in others | gamedata.role_names(game["ruleset"]):
            raise ServiceError("title_taken")
        return title

    async def join(self, game_id: int, *, user_id: int, name: str, public_role: str,
                   locale: str | None = None, title: str | None = None, gender: str | None = None) -> None:
        """Sign up; a "(Другой)" public role carries its `title`, stored as "other:<title>" (the engine
        takes it so at `new_game`, for the tie order)."""
        async with self.lock(game_id):
            game = await self.game(game_id)
            if game["status"] != "signup":
                raise ServiceError("signup_closed")
            players = await self.repo.players(game_id)
            if any(p["user_id"] == user_id for p in players):
                raise ServiceError("already_joined")
            name = " ".join(name.split())
            if not 1 <= len(name) <= MAX_NAME:
                raise ServiceError("bad_name", max=MAX_NAME)
            if any(p["name"].casefold() == name.casefold() for p in players):
                raise ServiceError("name_taken")
            if public_role not in self.free_roles(game, players):
                raise ServiceError("role_taken")
            if len(players) >= int(get_ruleset(game["ruleset"]).max_players):
                raise ServiceError("game_full")
            if public_role == "other":
                public_role = f"other:{self._role_title(game, players, title or name)}"
            async with self.repo.db.batch() as conn:
                await self.repo.add_player(conn, game_id, user_id=user_id, name=name, public_role=public_role,
                                           locale=locale, gender=gender)

    async def leave(self, game_id: int, *, user_id: int) -> None:
        async with self.lock(game_id):
            game = await self.game(game_id)
            if game["status"] != "signup":
                raise ServiceError("signup_closed")
            if not any(p["user_id"] == user_id for p in await self.repo.players(game_id)):
                raise ServiceError("not_player", game=game_id)
            async with self.repo.db.batch() as conn:
                await self.repo.remove_player(conn, game_id, user_id)

    # ---------------------------------------------------------------- start and deck building
    async def start(self, game_id: int, *, user_id: int) -> GameState:
        async with self.lock(game_id):
            game = await self.game(game_id)
            self.require_master(game, user_id)
            if game["status"] != "signup":
                raise ServiceError("wrong_status", status=game["status"])
            if game["public_chat_id"] is None:
                raise ServiceError("no_public_chat")
            players = await self.repo.players(game_id)
            try:
                options = self.options(game)
                settings = {key: options[key] for key in ENGINE_OPTIONS} | \
                    {key: options[key] for key in START_OPTIONS if options[key] is not None} | \
                    {key: options[key] for key in api.start_settings(game["ruleset"]) if key in options}
                state = api.new_game(game["ruleset"], [(p["name"], p["public_role"]) for p in players],
                                     seed=self.seeds(), settings=settings)
            except Refusal as refusal:
                if refusal.params.get("reason") == "table":  # a table that cannot start (the `table` option)
                    raise ServiceError("cannot_start_table", mafia=refusal.params.get("mafia"),
                                       law=refusal.params.get("law"), neutral=refusal.params.get("neutral")) from None
                raise ServiceError("cannot_start", **refusal.params) from None
            for seat, player in zip(state.players, players, strict=True):
                seat.gender = str(player["gender"] or "")
            now = self.clock()
            deadline = deadline_after(self.options(game), phase=0, now=now, timezone=self.timezone)
            async with self.repo.db.batch() as conn:
                for pid, player in enumerate(players):
                    await self.repo.seat(conn, game_id, player["user_id"], pid)
                if state.status == "setup":  # deck building first
                    await self.repo.update_game(conn, game_id, status="setup", deadline_at=deadline)
                    current, key = {**game, "status": "setup", "deadline_at": deadline}, f"g{game_id}:deck"
                else:  # a game without deck building has begun its first phase
                    current, key = await self._enter_next(conn, game, state, resolved=0), f"g{game_id}:phase{state.phase}"
                    deadline = current["deadline_at"]
                await self.repo.save_state(conn, game_id, state, now=now)
                seated = [{**p, "pid": i} for i, p in enumerate(players)]
                await self.announce(conn, current, state, state.events, seated)
                await self._enqueue(conn, self._panels(current, state, seated, key=key))
            await self._deadline_changed(game_id, deadline)
            self._wake()
            return state

    def _panels(self, game: dict[str, Any], state: GameState, players: list[dict[str, Any]],
                *, key: str) -> list[OutboxMessage]:
        """A fresh panel (hand, choices, buttons) for every living player."""
        if self.panel is None:
            return []
        out = []
        for player in players:
            pid = player["pid"]
            if pid is None or not (state.player(int(pid)).alive or api.may_act(state, int(pid))):
                continue
            lang = str(player["locale"] or game["locale"])
            text, markup = self.panel(game, state, int(pid), lang)
            out.append(OutboxMessage(chat_id=int(player["user_id"]), text=text, reply_markup=markup,
                                     game_id=int(game["id"]), dedup_key=f"{key}:p{pid}", slot=panel_slot(int(pid))))
        return out

    def death_notices(self, game: dict[str, Any], state: GameState, events: list[Any],
                      players: list[dict[str, Any]]) -> list[OutboxMessage]:
        """Each character who died in `events` is told so privately (a modkill has its own message), and
        their last phase panel (kept under its slot) becomes the read-only panel of the dead: no buttons."""
        out: list[OutboxMessage] = []
        seats = {int(p["pid"]): p for p in players if p["pid"] is not None}
        for event in events:
            player = seats.get(int(event.params.get("pid", -1))) if event.kind == "death" else None
            if player is None:
                continue
            pid, lang, chat = int(player["pid"]), str(player["locale"] or game["locale"]), int(player["user_id"])
            key = f"g{game['id']}:died:p{pid}"
            if event.params.get("cause") != "modkill":
                out.append(OutboxMessage(chat_id=chat, game_id=int(game["id"]), dedup_key=key,
                                         text=t(lang, "death.you_died", name=escape(state.player(pid).name))))
            if self.panel is not None:
                text, markup = self.panel(game, state, pid, lang)
                out.append(OutboxMessage(chat_id=chat, game_id=int(game["id"]), op="edit", slot=panel_slot(pid),
                                         text=text, reply_markup=markup, dedup_key=f"{key}:panel"))
        return out

    def _change(self, game_id: int, change: Callable[[], Any]) -> Any:
        """Run one change of the game's cached engine state: a Refusal changes nothing; any other error
        may have left it half-changed, so the cache drops it (the database still has the last commit)."""
        try:
            return change()
        except Refusal:
            raise
        except Exception:
            self.repo.forget(game_id)
            raise

    async def announce(self, conn: Any, game: dict[str, Any], state: GameState, events: list[Any],
                       players: list[dict[str, Any]]) -> None:
        """Queue the announcements of new events: the group, each player, the log (tgbot/services/announce.py),
        and the game's spectators (tgbot/services/spectators.py)."""
        watchers = await self.repo.spectators(int(game["id"])) if spectators.live(game) else []
        await self._enqueue(conn, event_messages(game, state, events, players)
                            + spectators.spectator_messages(game, state, events, players, watchers))

    async def _finished(self, conn: Any, game: dict[str, Any], state: GameState, players: list[dict[str, Any]]) -> None:
        """The end of a game: each seat's result (for /stats), and the record for the spectators if allowed."""
        await self.repo.save_results(conn, int(game["id"]), results.seat_results(state, players))
        if spectators.record_allowed(game):
            watchers = await self.repo.spectators(int(game["id"]))
            await self._enqueue(conn, spectators.record_messages(game, state, watchers))

    async def _save(self, conn: Any, game: dict[str, Any], state: GameState, events: list[Any],
                    players: list[dict[str, Any]]) -> None:
        """The changed state and the announcements of its new events, in the caller's transaction."""
        await self.repo.save_state(conn, int(game["id"]), state, now=self.clock())
        await self.announce(conn, game, state, events, players)

    async def _act(self, game_id: int, user_id: int, action: str, payload: dict[str, Any],
                   change: Callable[[GameState, int], Any], *, statuses: tuple[str, ...]) -> tuple[GameState, Any]:
        """Apply one player action to the engine and commit it (with any events it caused)."""
        game = await self.game(game_id)
        if game["status"] not in statuses:
            raise ServiceError("wrong_status", status=game["status"])
        if game.get("paused_left") is not None:
            raise ServiceError("paused")
        pid = await self.seat_of(game_id, user_id)
        state = await self.state(game_id)
        before = len(state.events)
        result = self._change(game_id, lambda: change(state, pid))
        players = await self.repo.players(game_id)
        begins = state.status == "running" and game["status"] == "setup"
        async with self.repo.db.batch() as conn:
            await self.repo.record_submission(conn, game_id, phase=state.phase, user_id=user_id, action=action,
                                              payload=payload, now=self.clock())
            current = await self._enter_next(conn, game, state, resolved=0) if begins else game
            await self._save(conn, current, state, state.events[before:], players)
            if begins:
                await self._enqueue(conn, self._panels(current, state, players, key=f"g{game_id}:phase{state.phase}"))
        if begins:
            await self._deadline_changed(game_id, current["deadline_at"])
        self._wake()
        return state, result

    async def deck_pick(self, game_id: int, *, user_id: int, card: str) -> GameState:
        async with self.lock(game_id):
            state, _ = await self._act(game_id, user_id, "deck_pick", {"card": card},
                                       lambda s, pid: api.deck_pick(s, pid, card), statuses=("setup",))
            return state

    async def deck_build(self, game_id: int, *, user_id: int, cards: list[str]) -> GameState:
        async with self.lock(game_id):
            state, _ = await self._act(game_id, user_id, "deck_build", {"cards": cards},
                                       lambda s, pid: api.deck_build(s, pid, cards), statuses=("setup",))
            return state

    # ---------------------------------------------------------------- phases
    async def submit(self, game_id: int, *, user_id: int, kind: str, card: int | None = None,
                     params: dict[str, Any] | None = None, payment: dict[str, Any] | None = None,
                     replace: int | None = None) -> Order:
        async with self.lock(game_id):
            payload = {"kind": kind, "card": card, "params": params or {}, "payment": payment or {},
                       "replace": replace}
            state, order = await self._act(
                game_id, user_id, "submit", payload,
                lambda s, pid: api.submit(s, pid, kind, card=card, params=params, payment=payment, replace=replace),
                statuses=("running",),
            )
            await self._maybe_early(game_id, state)
            assert isinstance(order, Order)
            return order

    async def act(self, game_id: int, *, user_id: int, action: str, params: dict[str, Any] | None = None) -> GameState:
        """An instant action (a private message, the Маньяк's swap, a new deck…): it takes effect now,
        and whatever it tells anyone is announced at once."""
        async with self.lock(game_id):
            state, _ = await self._act(game_id, user_id, action, {"action": action, "params": params or {}},
                                       lambda s, pid: api.act(s, pid, action, params),
                                       statuses=("setup", "running"))
            return state

    async def public_post(self, game_id: int, *, user_id: int) -> None:
        """A player's post in the game's public group, told to a rule set that counts posts (api.public_post)."""
        async with self.lock(game_id):
            await self._act(game_id, user_id, "public_post", {}, lambda s, pid: api.public_post(s, pid),
                            statuses=("running",))

    async def withdraw(self, game_id: int, *, user_id: int, oid: int) -> None:
        async with self.lock(game_id):
            await self._act(game_id, user_id, "withdraw", {"oid": oid},
                            lambda s, pid: api.withdraw(s, pid, oid), statuses=("running",))

    async def reorder(self, game_id: int, *, user_id: int, uids: list[int]) -> None:
        async with self.lock(game_id):
            await self._act(game_id, user_id, "reorder", {"uids": uids},
                            lambda s, pid: api.reorder_hand(s, pid, uids), statuses=("running",))

    async def answer(self, game_id: int, *, user_id: int, key: str, picks: list[Any]) -> GameState:
        """The player's answer to a question the rules asked them (engine/core/rulings.py): recorded like
        a submission, announced to the master's log; a Refusal for a stale, foreign or wrong one."""
        async with self.lock(game_id):
            state, _ = await self._act(game_id, user_id, "answer", {"key": key, "picks": picks},
                                       lambda s, pid: api.answer(s, pid, key, picks), statuses=("running",))
            return state

    async def _maybe_early(self, game_id: int, state: GameState) -> None:
        game = await self.game(game_id)
        if self.options(game)["early"] and state.status == "running" and all(api.submitted(state).values()):
            async with self.repo.db.batch() as conn:
                await self.repo.update_game(conn, game_id, deadline_at=self.clock())
            await self._deadline_changed(game_id, self.clock())

    async def resolve(self, game_id: int, phase: int) -> bool:
        """Close phase `phase` of a game (its deadline passed, or the master said so); idempotent."""
        done = await self._resolve(game_id, phase)
        if done:
            await self.changed(game_id)
        return done

    async def changed(self, game_id: int) -> None:
        """Tell the state hooks (chat rooms…) that the game has changed."""
        state = await self.repo.load_state(game_id)
        if state is None:
            return
        for hook in list(self.on_state):
            await hook(game_id, state)

    async def _resolve(self, game_id: int, phase: int) -> bool:
        async with self.lock(game_id):
            game = await self.game(game_id)
            state = await self.repo.load_state(game_id)
            if state is None or state.phase != phase or game["status"] not in ("setup", "running"):
                return False
            before = len(state.events)
            try:
                if game["status"] == "setup":
                    api.deck_auto_all(state)
                else:
                    api.resolve(state)
            except Exception:
                self.repo.forget(game_id)
                raise
            players = await self.repo.players(game_id)
            async with self.repo.db.batch() as conn:
                current = await self._enter_next(conn, game, state, resolved=phase)
                await self._save(conn, current, state, state.events[before:], players)
                await self._enqueue(conn, closed_questions(current, state, phase, players))
                await self._enqueue(conn, self.death_notices(current, state, state.events[before:], players))
                if state.status == "finished":
                    await self._enqueue(conn, [self._log_file(current, state), *self._record_file(current, state),
                                               *self._finale(current, state, players)])
                    await self._finished(conn, current, state, players)
                else:
                    await self._enqueue(conn, self._panels(current, state, players, key=f"g{game_id}:phase{state.phase}"))
            await self._deadline_changed(game_id, current["deadline_at"])
            self._wake()
            return True

    async def _enter_next(self, conn: Any, game: dict[str, Any], state: GameState, *, resolved: int) -> dict[str, Any]:
        """Phase `resolved` is over (deck building ended, or a phase resolved): the game is finished or in
        its next phase, with that phase's deadline. Written in the caller's transaction; the game as it
        is now, so the phase's announcement and its panels show the new deadline from the first moment."""
        if state.status == "finished":
            status, deadline = "finished", None
        else:
            status = "running"
            deadline = deadline_after(self.options(game), phase=state.phase, now=self.clock(), timezone=self.timezone)
        await self.repo.update_game(conn, int(game["id"]), status=status, deadline_at=deadline, resolved_phase=resolved)
        return {**game, "status": status, "deadline_at": deadline, "resolved_phase": resolved, "phase": state.phase}

    def _finale(self, game: dict[str, Any], state: GameState, players: list[dict[str, Any]]) -> list[OutboxMessage]:
        """Every player, the dead too, is told privately how the game ended and who was who."""
        from tgbot.render import render

        final = next((e for e in reversed(state.events) if e.kind == "game_over"), None)
        if final is None:
            return []
        return [
            OutboxMessage(chat_id=int(p["user_id"]), game_id=int(game["id"]),
                          text=render(state, final, str(p["locale"] or game["locale"])),
                          dedup_key=f"g{game['id']}:finale:p{p['pid']}")
            for p in players if p["pid"] is not None
        ]

    def _log_file(self, game: dict[str, Any], state: GameState) -> OutboxMessage:
        """The whole game (state with every event) as a JSON file for the master."""
        body = json.dumps(state.model_dump(), ensure_ascii=False, indent=1).encode("utf-8")
        return OutboxMessage(chat_id=int(game["log_chat_id"]), op="document", game_id=int(game["id"]),
                             document_name=f"game-{game['id']}.json", document=body,
                             dedup_key=f"g{game['id']}:logfile")

    def _record_file(self, game: dict[str, Any], state: GameState) -> list[OutboxMessage]:
        """The whole game as a readable HTML page for the master, in the game's language; a record that
        fails to build is logged and left out (the JSON file still has everything), never stopping the end."""
        try:
            body = game_record(int(game["id"]), state, str(game["locale"])).encode("utf-8")
        except Exception:
            log.exception("the HTML record of game %s failed", game["id"])
            return []
        return [OutboxMessage(chat_id=int(game["log_chat_id"]), op="document", game_id=int(game["id"]),
                             document_name=f"game-{game['id']}.html", document=body,
                             dedup_key=f"g{game['id']}:recordfile")]

    async def extend(self, game_id: int, *, user_id: int, minutes: int) -> float:
        async with self.lock(game_id):
            game = await self.game(game_id)
            self.require_master(game, user_id)
            if game["deadline_at"] is None:
                raise ServiceError("no_deadline")
            if abs(minutes) > MAX_EXTEND_MINUTES:
                raise ServiceError("bad_option", key="extend")
            deadline = max(self.clock(), float(game["deadline_at"]) + 60 * minutes)
            async with self.repo.db.batch() as conn:
                await self.repo.update_game(conn, game_id, deadline_at=deadline)
        await self._deadline_changed(game_id, deadline)
        return deadline

    async def resolvable(self, game_id: int, *, user_id: int) -> int:
        """The phase the master may end now; refused for others, while paused, or with no phase open.
        Read under the game's lock: that is where a row another instance changed is read again
        (`Repository.sync_version`), and a stale "sign-up" must not refuse a game that started."""
        async with self.lock(game_id):
            game = await self.game(game_id)
        self.require_master(game, user_id)
        if game["status"] not in ("setup", "running"):
            raise ServiceError("nothing_to_resolve")
        if game.get("paused_left") is not None:
            raise ServiceError("paused_master")
        return int(game["phase"])

    async def resolve_now(self, game_id: int, *, user_id: int, phase: int) -> None:
        """The master ends phase `phase` now. It must be the current phase: a confirmation pressed after
        its phase resolved by itself (early, or at its deadline) must not end the next one."""
        current = await self.resolvable(game_id, user_id=user_id)
        if current != phase or not await self.resolve(game_id, phase):
            raise ServiceError("phase_over", phase=phase, current=int((await self.game(game_id))["phase"]))

    async def unreachable(self, game_id: int, user_id: int) -> None:
        """A player who never started the bot (or blocked it) is told how, in the public group, once."""
        from tgbot.i18n import t

        game = await self.game(game_id)
        player = next((p for p in await self.repo.players(game_id) if p["user_id"] == user_id), None)
        if player is None or game["public_chat_id"] is None:
            return
        from html import escape

        text = t(str(game["locale"]), "ui.unreachable", name=escape(player["name"]), user=user_id)
        async with self.repo.db.batch() as conn:
            await self.repo.enqueue(conn, OutboxMessage(chat_id=int(game["public_chat_id"]), text=text, game_id=game_id,
                                                        dedup_key=f"g{game_id}:unreachable:{user_id}"), now=self.clock())
        self._wake()

    async def remind(self, game_id: int, phase: int, minutes: int) -> None:
        """Remind the living players who have submitted nothing this phase."""
        async with self.lock(game_id):
            game = await self.game(game_id)
            state = await self.repo.load_state(game_id)
            if state is None or state.phase != phase or game["status"] != "running":
                return
            waiting = [pid for pid, done in api.submitted(state).items() if not done]
            players = {int(p["pid"]): p for p in await self.repo.players(game_id) if p["pid"] is not None}
            from tgbot.i18n import t

            messages = [
                OutboxMessage(chat_id=int(players[pid]["user_id"]), game_id=game_id,
                              text=t(str(players[pid]["locale"] or game["locale"]), "ui.reminder", minutes=minutes),
                              dedup_key=f"g{game_id}:remind{phase}:{minutes}:p{pid}")
                for pid in waiting if pid in players
            ]
            async with self.repo.db.batch() as conn:
                await self._enqueue(conn, messages)
            self._wake()

    async def master_change(self, game_id: int, *, user_id: int,
                            change: Callable[[GameState], Any]) -> tuple[GameState, Any]:
        """One change the master makes to the engine state (answering a question the rules leave to them,
        a setting): under the game's lock, saved with its events and their announcements in one
        transaction. A Refusal changes nothing."""
        async with self.lock(game_id):
            game = await self.game(game_id)
            self.require_master(game, user_id)
            state = await self.state(game_id)
            before = len(state.events)
            result = self._change(game_id, lambda: change(state))
            players = await self.repo.players(game_id)
            async with self.repo.db.batch() as conn:  # as `_act` commits
                await self._save(conn, game, state, state.events[before:], players)
            self._wake()
            return state, result

    async def set_gender(self, game_id: int, *, user_id: int, gender: str) -> None:
        """The player's correction of their character's grammatical gender: in sign-up, or in the game's
        state too once it has started (only the texts read it)."""
        if gender not in GENDERS:
            raise ServiceError("bad_button")
        async with self.lock(game_id):
            game = await self.game(game_id)
            player = next((p for p in await self.repo.players(game_id) if p["user_id"] == user_id), None)
            if player is None:
                raise ServiceError("not_player", game=game_id)
            state = await self.state(game_id) if player["pid"] is not None else None
            async with self.repo.db.batch() as conn:
                await self.repo.set_player_gender(conn, game_id, user_id, gender)
                if state is not None:
                    state.player(int(player["pid"])).gender = gender
                    await self.repo.save_state(conn, int(game["id"]), state, now=self.clock())
