"""A rule set's own typed state, beside the core's: hit points, coins, items, worlds, statuses…

The state keeps an extension as plain JSON (`GameState.ext`, `PlayerState.ext`), so a dump is still
primitives only and an old dump without it loads with an empty one. The rule set declares a pydantic
model for each (`Ruleset.game_ext`, `Ruleset.player_ext`); code reads and changes an extension through
that model, so every value is checked as it is written:

    with edit(HeroExt, state.player(pid)) as hero:
        hero.hp -= 1
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol, TypeVar

from pydantic import BaseModel, ConfigDict

from engine.core.state import JsonValue


class Extension(BaseModel):
    """The empty extension (a rule set that needs none); declared ones subclass it."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class HasExt(Protocol):
    ext: dict[str, JsonValue]


M = TypeVar("M", bound=BaseModel)


def read(model: type[M], holder: HasExt) -> M:
    """The extension of a game or a player, as the rule set's model (a copy: changes need `edit`)."""
    return model.model_validate(holder.ext)


@contextmanager
def edit(model: type[M], holder: HasExt) -> Iterator[M]:
    """Change an extension through its model; written back (as JSON) when the block ends without error."""
    value = read(model, holder)
    yield value
    holder.ext = value.model_dump(mode="json")
