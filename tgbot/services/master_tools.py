"""The master's tools beyond starting and resolving: pause and resume, replace a player, remove one
(modkill), prod those who have not submitted, and a player's whole state.

Each change runs under the game's lock (GameService.lock) and commits its state and its messages in one
transaction, like every other change; afterwards the state hooks (chat rooms) are told.
"""

from __future__ import annotations

from html import escape
from typing import Any

from engine.core import api
from engine.core.message_log import PUBLIC_MESSAGE
from engine.core.state import GameState
from tgbot import gamedata
from tgbot.i18n import t
from tgbot.render import render
from tgbot.services.announce import split_text
from tgbot.services.errors import ServiceError
from tgbot.services.games import GameService
from tgbot.storage.repo import OutboxMessage
from tgbot.ui import names
from tgbot.ui.panel import describe_order

LIVE = ("setup", "running")


class MasterTools:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.repo = service.repo

    async def _master_game(self, game_id: int, user_id: int, *, statuses: tuple[str, ...] = LIVE) -> dict[str, Any]:
        game = await self.service.game(game_id)
        self.service.require_master(game, user_id)
        if game["status"] not in statuses:
            raise ServiceError("wrong_status", status=game["status"])
        return game

    def _seat(self, state: GameState, seat: int) -> int:
        """A seat as the master numbers it (1…N, as on the status board) → the engine's pid."""
        if not 1 <= seat <= len(state.players):
            raise ServiceError("bad_seat", seat=seat, max=len(state.players))
        return seat - 1

    def _public(self, game: dict[str, Any], key: str, text: str) -> list[OutboxMessage]:
        if game["public_chat_id"] is None:
            return []
        return [OutboxMessage(chat_id=int(game["public_chat_id"]), text=text, game_id=int(game["id"]),
                              dedup_key=f"g{game['id']}:{key}")]

    # ---------------------------------------------------------------- pause and resume
    async def pause(self, game_id: int, *, user_id: int) -> float:
        """No deadline while paused (the time left is kept); players' actions are refused. The seconds left."""
        async with self.service.lock(game_id):
            game = await self._master_game(game_id, user_id)
            if game.get("paused_left") is not None:
                raise ServiceError("already_paused")
            if game["deadline_at"] is None:
                raise ServiceError("no_deadline")
            now = self.service.clock()
            left = max(0.0, float(game["deadline_at"]) - now)
            lang = str(game["locale"])
            async with self.repo.db.batch() as conn:
                await self.repo.update_game(conn, game_id, paused_left=left, deadline_at=None)
                await self.service._enqueue(conn, self._public(game, f"pause{now}", t(lang, "mtools.paused_public")))
        await self.service._deadline_changed(game_id, None)
        self.service._wake()
        return left

    async def resume(self, game_id: int, *, user_id: int) -> float:
        """The deadline again, with the time that was left when paused. The new deadline."""
        async with self.service.lock(game_id):
            game = await self._master_game(game_id, user_id)
            if game.get("paused_left") is None:
                raise ServiceError("not_paused")
            now = self.service.clock()
            deadline = now + float(game["paused_left"])
            lang = str(game["locale"])
            from tgbot.ui.panel import deadline_text

            text = t(lang, "mtools.resumed_public", deadline=deadline_text(lang, deadline, self.service.timezone))
            async with self.repo.db.batch() as conn:
                await self.repo.update_game(conn, game_id, paused_left=None, deadline_at=deadline)
                await self.service._enqueue(conn, self._public(game, f"resume{now}", text))
        await self.service._deadline_changed(game_id, deadline)
        self.service._wake()
        return deadline

    async def shift_paused(self, game_id: int, *, user_id: int, minutes: int) -> float:
        """/extend while paused changes the time that will be left on resume. The seconds left."""
        async with self.service.lock(game_id):
            game = await self._master_game(game_id, user_id)
            if game.get("paused_left") is None:
                raise ServiceError("not_paused")
            left = max(0.0, float(game["paused_left"]) + 60 * minutes)
            async with self.repo.db.batch() as conn:
                await self.repo.update_game(conn, game_id, paused_left=left)
            return left

    # ---------------------------------------------------------------- replace and remove
    async def replace(self, game_id: int, *, user_id: int, seat: int, newcomer: int) -> tuple[str, int]:
        """The newcomer plays the character from now on (its cards, its orders and votes, its rooms);
        the old user has no access any more. The character's name and the old user's id."""
        async with self.service.lock(game_id):
            game = await self._master_game(game_id, user_id)
            state = await self.service.state(game_id)
            pid = self._seat(state, seat)
            players = await self.repo.players(game_id)
            if any(int(p["user_id"]) == newcomer for p in players):
                raise ServiceError("already_player")
            old = next(p for p in players if p["pid"] == pid)
            stored = await self.repo.user(newcomer)
            locale = (stored or {}).get("locale") or None
            lang = str(locale or game["locale"])
            name = state.player(pid).name
            intro = {"role_assigned", *api.intro_kinds(state.ruleset)}
            mine = [e for e in state.events
                    if (e.to == "player" and e.who == pid and e.kind in intro)
                    or (e.to == "faction" and e.who == state.player(pid).faction and e.kind in ("mafia_team", "mafia_intel"))]
            welcome = "\n".join([t(lang, "mtools.replaced_you", game=game_id, name=escape(name)),
                                 *(render(state, e, lang) for e in mine)])
            now = self.service.clock()
            out = [OutboxMessage(chat_id=newcomer, text=part, game_id=game_id, dedup_key=f"g{game_id}:replace{now}:new:{i}")
                   for i, part in enumerate(split_text(welcome))]
            if self.service.panel is not None and state.player(pid).alive:
                text, markup = self.service.panel(game, state, pid, lang)
                out.append(OutboxMessage(chat_id=newcomer, text=text, reply_markup=markup, game_id=game_id,
                                         dedup_key=f"g{game_id}:replace{now}:panel"))
            old_lang = str(old["locale"] or game["locale"])
            out.append(OutboxMessage(chat_id=int(old["user_id"]), game_id=game_id,
                                     text=t(old_lang, "mtools.replaced_old", game=game_id, name=escape(name)),
                                     dedup_key=f"g{game_id}:replace{now}:old"))
            out += self._public(game, f"replace{now}", t(str(game["locale"]), "mtools.replaced_public", name=escape(name)))
            before = len(state.events)
            try:
                api.replaced(state, pid)  # what the rule set annuls for a replaced player (classic: the penalties)
            except Exception:
                self.repo.forget(game_id)
                raise
            async with self.repo.db.batch() as conn:
                await self.repo.replace_player(conn, game_id, pid, user_id=newcomer, locale=locale)
                if len(state.events) > before:
                    await self.repo.save_state(conn, game_id, state, now=now)
                    await self.service.announce(conn, game, state, state.events[before:], players)
                await self.repo.record_submission(conn, game_id, phase=state.phase, user_id=user_id, action="replace",
                                                  payload={"pid": pid, "old": int(old["user_id"]), "new": newcomer}, now=now)
                await self.service._enqueue(conn, out)
        self.service._wake()
        await self.service.changed(game_id)
        return name, int(old["user_id"])

    async def modkill(self, game_id: int, *, user_id: int, seat: int) -> str:
        """The character dies by the master's decision (its orders are void); the game's end is decided
        at the next resolution, as for any death. The character's name."""
        async with self.service.lock(game_id):
            game = await self._master_game(game_id, user_id, statuses=("running",))
            state = await self.service.state(game_id)
            pid = self._seat(state, seat)
            if not state.player(pid).alive:
                raise ServiceError("already_dead", name=state.player(pid).name)
            before = len(state.events)
            self.service._change(game_id, lambda: api.modkill(state, pid))
            players = await self.repo.players(game_id)
            now = self.service.clock()
            async with self.repo.db.batch() as conn:
                await self.repo.record_submission(conn, game_id, phase=state.phase, user_id=user_id, action="modkill",
                                                  payload={"pid": pid}, now=now)
                await self.repo.save_state(conn, game_id, state, now=now)
                await self.service.announce(conn, game, state, state.events[before:], players)
                await self.service._enqueue(conn, self.service.death_notices(game, state, state.events[before:], players))
                victim = next((p for p in players if p["pid"] == pid), None)
                if victim is not None:
                    lang = str(victim["locale"] or game["locale"])
                    await self.service._enqueue(conn, [OutboxMessage(
                        chat_id=int(victim["user_id"]), game_id=game_id, text=t(lang, "mtools.modkilled_you", game=game_id),
                        dedup_key=f"g{game_id}:modkill:p{pid}")])
            if state.status == "running":
                await self.service._maybe_early(game_id, state)
            name = state.player(pid).name
        self.service._wake()
        await self.service.changed(game_id)
        return name

    # ---------------------------------------------------------------- a public message, for the rules to judge
    async def report(self, game_id: int, *, user_id: int, seat: int, text: str) -> tuple[str, bool]:
        """/report N TEXT: what a player wrote in the game's public thread, as the master saw it, for the rule
        set to judge (engine/core/message_log.py PUBLIC_MESSAGE: Мафик's Цензура asks the master whether it
        breaks the forbidden word). The character's name, and whether the rules asked anything."""
        async with self.service.lock(game_id):
            game = await self._master_game(game_id, user_id, statuses=("running",))
            state = await self.service.state(game_id)
            pid = self._seat(state, seat)
            before = len(state.events)
            self.service._change(game_id, lambda: api.act(state, pid, PUBLIC_MESSAGE, {"text": text}))
            players = await self.repo.players(game_id)
            async with self.repo.db.batch() as conn:
                await self.repo.record_submission(conn, game_id, phase=state.phase, user_id=user_id, action="report",
                                                  payload={"pid": pid, "text": text}, now=self.service.clock())
                await self.service._save(conn, game, state, state.events[before:], players)
            asked = any(e.kind == "master_question" for e in state.events[before:])
            name = state.player(pid).name
        self.service._wake()
        return name, asked

    # ---------------------------------------------------------------- «сухари»: who wrote nothing today
    async def mark_silent(self, game_id: int, *, user_id: int, seats: list[int]) -> list[str]:
        """/silent [N …]: the master's word on who wrote nothing in the public group today, for a rule set that
        counts posts (api.counts_posts) where the bot does not read the group (it reads it only as one of its
        administrators): every other character in the game is counted as having written (api.public_post).
        The names of the silent."""
        async with self.service.lock(game_id):
            game = await self._master_game(game_id, user_id, statuses=("running",))
            state = await self.service.state(game_id)
            if not api.counts_posts(state.ruleset):
                raise ServiceError("posts_not_counted")
            if not state.is_day:
                raise ServiceError("posts_by_day")
            silent = sorted({self._seat(state, seat) for seat in seats})
            before = len(state.events)

            def count_the_others() -> None:
                for player in state.living():
                    if player.pid not in silent:
                        api.public_post(state, player.pid)

            self.service._change(game_id, count_the_others)
            players = await self.repo.players(game_id)
            async with self.repo.db.batch() as conn:
                await self.repo.record_submission(conn, game_id, phase=state.phase, user_id=user_id, action="silent",
                                                  payload={"pids": silent}, now=self.service.clock())
                await self.service._save(conn, game, state, state.events[before:], players)
        return [state.player(pid).name for pid in silent]

    # ---------------------------------------------------------------- prod and look
    async def waiting(self, game: dict[str, Any], state: GameState) -> list[int]:
        """Living players who have submitted nothing this phase (in deck building: no deck yet)."""
        if state.status == "setup":
            return [p.pid for p in state.players if p.building is not None and not p.building.done]
        return [pid for pid, done in api.submitted(state).items() if not done]

    async def prod(self, game_id: int, *, user_id: int) -> list[str]:
        """A reminder from the master to each player who has submitted nothing. Their characters' names."""
        async with self.service.lock(game_id):
            game = await self._master_game(game_id, user_id)
            state = await self.service.state(game_id)
            waiting = await self.waiting(game, state)
            players = {int(p["pid"]): p for p in await self.repo.players(game_id) if p["pid"] is not None}
            now = self.service.clock()
            out = [OutboxMessage(chat_id=int(players[pid]["user_id"]), game_id=game_id,
                                 text=t(str(players[pid]["locale"] or game["locale"]), "mtools.prod", game=game_id),
                                 dedup_key=f"g{game_id}:prod{now}:p{pid}")
                   for pid in waiting if pid in players]
            async with self.repo.db.batch() as conn:
                await self.service._enqueue(conn, out)
        self.service._wake()
        return [state.player(pid).name for pid in waiting]

    async def player_state(self, game_id: int, *, user_id: int, seat: int, lang: str) -> str:
        """Everything about one character, for the master's eyes only."""
        await self._master_game(game_id, user_id, statuses=("setup", "running", "finished"))
        state = await self.service.state(game_id)
        pid = self._seat(state, seat)
        p = state.player(pid)
        ruleset = state.ruleset
        user = next((int(row["user_id"]) for row in await self.repo.players(game_id) if row["pid"] == pid), None)
        who = await names.player_label(self.repo, lang, None, user) if user is not None else "—"

        def cards(zone: list[Any]) -> str:
            return ", ".join(escape(gamedata.card_name(ruleset, c.card, lang)) for c in zone) or "—"

        lines = [
            t(lang, "mtools.state_head", seat=seat, name=escape(p.name), user=who,
              alive=t(lang, "mtools.alive" if p.alive else "mtools.dead")),
            t(lang, "mtools.state_roles", public=escape(gamedata.role_name(ruleset, p.public_role.split(":")[0], lang)),
              secret=escape(gamedata.role_name(ruleset, p.secret_role, lang)) if p.secret_role else "—",
              faction=t(lang, f"faction.{p.faction}") if p.faction else "—"),
            t(lang, "mtools.state_hand", cards=cards(p.hand)),
        ]
        if p.sleeve or "sleeve" in api.view_profile(ruleset).zones:
            lines.append(t(lang, "mtools.state_sleeve", cards=cards(p.sleeve)))
        lines += [
            t(lang, "mtools.state_deck", n=len(p.deck), cards=cards(p.deck)),
            t(lang, "mtools.state_discard", n=len(p.discard)),
            t(lang, "mtools.state_points", points=p.points),
        ]
        effects = [e for e in state.effects if e.target == pid or pid in (e.params.get("members") or [])]
        if effects:
            lines.append(t(lang, "mtools.state_effects", effects=", ".join(
                names.effect_label(state, e, lang) for e in effects)))
        counters = api.counters(state, pid)
        if counters:
            lines.append(t(lang, "mtools.state_flags", flags="; ".join(
                names.counter_label(state, kind, params, lang) for kind, params in counters)))
        in_zones = {c.uid: escape(gamedata.card_name(ruleset, c.card, lang))
                    for zone in (p.hand, p.sleeve, p.deck, p.discard) for c in zone}
        lines.append(t(lang, "mtools.state_orders", orders="; ".join(
            describe_order(state, o.model_dump(), in_zones, lang, pid) for o in state.orders.get(pid, [])) or "—"))
        return "\n".join(lines)
