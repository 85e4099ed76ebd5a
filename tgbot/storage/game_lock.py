"""One game's lock: this process's own, then the database's (several processes may share it)."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from types import TracebackType

from tgbot.storage.repo import Repository


class GameLock:
    """`async with` it to change a game: the process's `asyncio.Lock` of the game first (its own
    coroutines queue here, holding no database connection), then the database's lock of the game
    (`Database.hold_game`; other processes), after which the repository's cache of the game is the
    stored one (`Repository.sync_version`)."""

    def __init__(self, local: asyncio.Lock, repo: Repository, game_id: int) -> None:
        self._local, self._repo, self._game_id = local, repo, game_id
        self._held = AsyncExitStack()

    def locked(self) -> bool:
        return self._local.locked()

    async def __aenter__(self) -> None:
        await self._local.acquire()
        try:
            version = await self._held.enter_async_context(self._repo.db.hold_game(self._game_id))
            self._repo.sync_version(self._game_id, version)
        except BaseException:
            await self._held.aclose()
            self._local.release()
            raise

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        try:
            await self._held.__aexit__(kind, exc, tb)
        finally:
            self._local.release()
