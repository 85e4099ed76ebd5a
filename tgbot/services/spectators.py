"""Spectators: guests who follow a game in their private chat (`/spectate N`, `/unspectate`).

The master's option `spectators` says what they get: `off` (the default) nothing; `on` the public group's
events as they happen; `after` those and, once the game is over, the whole game record (every private
event too: the HTML page the master's log gets). A spectator never sees a private event while the game
runs. A player of the game — alive or dead — gets nothing as a spectator of it while it runs (the rules:
«Мертвые персонажи … не получают сообщений»); the option is read at each delivery, so the master may
close the door mid-game. Messages go through the outbox like every other, in the same transaction as
the events they tell.
"""

from __future__ import annotations

from typing import Any

from engine.core.state import Event, GameState
from tgbot.i18n import t
from tgbot.services.announce import BOARD_EVENTS, chat_messages, public_text
from tgbot.services.chronicle import game_record
from tgbot.services.errors import ServiceError
from tgbot.services.options import options_of
from tgbot.storage.repo import OutboxMessage, Repository

OPTION = "spectators"
VALUES = ("off", "on", "after")
MAX_SPECTATED = 10  # games one user may watch at once


def live(game: dict[str, Any]) -> bool:
    return options_of(game)[OPTION] in ("on", "after")


def record_allowed(game: dict[str, Any]) -> bool:
    return options_of(game)[OPTION] == "after"


def _lang(game: dict[str, Any], watcher: dict[str, Any]) -> str:
    return str(watcher.get("locale") or game["locale"])


def spectator_messages(game: dict[str, Any], state: GameState, events: list[Event], players: list[dict[str, Any]],
                       watchers: list[dict[str, Any]]) -> list[OutboxMessage]:
    """Each spectator's share of a batch of events: the public ones (the group's boards, edited in place
    there, are summed up by the phase result), under a line naming the game."""
    public = [e for e in events if e.to == "public" and e.kind not in BOARD_EVENTS]
    if not public or not watchers or not live(game):
        return []
    game_id = int(game["id"])
    seated = {int(p["user_id"]) for p in players}
    span = f"g{game_id}:e{public[0].seq}-{public[-1].seq}"
    out: list[OutboxMessage] = []
    for watcher in watchers:
        user_id = int(watcher["user_id"])
        if user_id in seated:
            continue
        lang = _lang(game, watcher)
        head = t(lang, "spectate.from_game", game=game_id)

        def word(event: Event, lang: str = lang, head: str = head) -> str:
            text = public_text(game, state, event, lang)
            return f"{head}\n{text}" if event is public[0] else text

        out += chat_messages(game_id, user_id, public, word, lang, f"{span}:s{user_id}")
    return out


def record_messages(game: dict[str, Any], state: GameState, watchers: list[dict[str, Any]]) -> list[OutboxMessage]:
    """The whole game record for each spectator, in their language, once the game is over (option `after`)."""
    if state.status != "finished" or not record_allowed(game):
        return []
    game_id = int(game["id"])
    return [
        OutboxMessage(chat_id=int(w["user_id"]), op="document", game_id=game_id,
                      text=t(_lang(game, w), "spectate.record", game=game_id),
                      document_name=f"game-{game_id}.html",
                      document=game_record(game_id, state, _lang(game, w)).encode("utf-8"),
                      dedup_key=f"g{game_id}:record:s{w['user_id']}")
        for w in watchers
    ]


async def spectate(repo: Repository, game: dict[str, Any], user_id: int, *, now: float) -> list[OutboxMessage]:
    """Start watching `game` (ServiceError with the reason when not allowed). A finished game whose master
    allows it is sent whole at once: the messages to queue."""
    game_id = int(game["id"])
    if game["status"] == "finished":
        if not record_allowed(game):
            raise ServiceError("spectate_over", game=game_id)
        state = await repo.load_state(game_id)
        if state is None:
            raise ServiceError("spectate_over", game=game_id)
        user = await repo.user(user_id) or {}
        return record_messages(game, state, [{"user_id": user_id, "locale": user.get("locale")}])
    if not live(game):
        raise ServiceError("spectate_closed", game=game_id)
    if any(int(p["user_id"]) == user_id for p in await repo.players(game_id)):
        raise ServiceError("spectate_player", game=game_id)
    watching = await repo.spectated(user_id)
    if game_id in watching:
        raise ServiceError("spectate_already", game=game_id)
    if len(watching) >= MAX_SPECTATED:
        raise ServiceError("spectate_too_many", n=MAX_SPECTATED)
    async with repo.db.batch() as conn:
        await repo.add_spectator(conn, game_id, user_id, now=now)
    return []
