"""A game without cards played through the panel's buttons, as a person would (the end-to-end tests of
«Дуэль», «Мафия с личинами», «Классическая форумная мафия»): the panel, an action with its choices and the
confirmation, the day vote, the phase's deadline passing, what a chat was told."""

from __future__ import annotations

import asyncio

from tests.e2e.driver import panel_of, press_act, tap
from tests.e2e.harness import Harness
from tgbot.sandbox.faketg import FakeChat, FakeMessage, FakeUser


def panel(h: Harness, user: FakeUser) -> FakeMessage:
    found = panel_of(h, user)
    assert found is not None, f"{user.first_name} has no panel"
    return found


async def use(h: Harness, user: FakeUser, label: str, *choices: str) -> None:
    """From the panel: the action's button, each of its choices (a target, a variant…), the confirmation."""
    screen = panel(h, user)
    await tap(h, user, screen, label)
    for choice in choices:
        await tap(h, user, screen, choice)
    assert "Заявка принята" in await tap(h, user, screen, "✅ Подтвердить")


async def vote_against(h: Harness, user: FakeUser, target: str) -> None:
    """The day vote from the panel's vote screen."""
    screen = panel(h, user)
    assert await press_act(h, user, screen, "votes")
    await tap(h, user, screen, target)


async def deadline_passes(h: Harness) -> None:
    """The phase's deadline comes: the scheduler resolves it, as it would in a running bot."""
    game = await h.app.service.game(1)
    phase = (await h.app.service.state(1)).phase  # (the service's state is one object, changed in place)
    h.clock.advance(float(game["deadline_at"]) - h.clock())
    await h.app.deadlines.arm(1, game["deadline_at"])
    for _ in range(200):
        state = await h.app.service.state(1)
        if state.phase != phase or state.status != "running":
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError(f"phase {phase} was not resolved at its deadline")
    async with h.app.service.lock(1):  # the resolution has committed (it changes the state before)
        pass
    await h.deliver()


def lines(h: Harness, chat: FakeChat | FakeUser) -> str:
    """Everything a chat holds, one text."""
    return "\n".join(h.texts(chat))
