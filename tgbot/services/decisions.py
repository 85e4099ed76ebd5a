"""The master's side of the questions the rules leave to them (engine/core/rulings.py), and the game
options that are engine settings.

An answer is one engine call (`api.rule`) made through `GameService.master_change`: under the game's
lock, saved with its event and its log line in one transaction. The options that are engine settings
(options.ENGINE_OPTIONS) reach the engine when the game starts (GameService.start) and whenever the
master changes one later (`sync_settings`).
"""

from __future__ import annotations

from engine.core import api
from engine.core.state import GameState, MasterQuestion
from tgbot.services.games import GameService
from tgbot.services.options import ENGINE_OPTIONS


async def rule(service: GameService, game_id: int, *, user_id: int, key: str, option: str) -> MasterQuestion:
    """The master's answer; ServiceError("not_master") for anyone else, a Refusal for a stale or bad one."""
    state, _ = await service.master_change(game_id, user_id=user_id, change=lambda s: api.rule(s, key, option))
    return state.questions[key].model_copy(deep=True)


async def sync_settings(service: GameService, game_id: int, *, user_id: int) -> None:
    """Put the game's options that are engine settings into its engine state (nothing before the start,
    after the end, or when they agree already)."""
    game = await service.game(game_id)
    if game["status"] not in ("setup", "running"):
        return
    options = service.options(game)
    wanted = {key: bool(options[key]) for key in ENGINE_OPTIONS}
    state = await service.state(game_id)
    if all(state.settings.get(key) == value for key, value in wanted.items()):
        return

    def change(state: GameState) -> None:
        for key, value in wanted.items():
            api.configure(state, key, value)

    await service.master_change(game_id, user_id=user_id, change=change)
