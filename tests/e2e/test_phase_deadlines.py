"""A new phase shows its own deadline from its first moment: every player's first panel, the public
announcement (with who is alive) and the master's /status say the same time — after deck building
(by the last deck, or by /resolve), after a night, and after an early resolution."""

from __future__ import annotations

from tests.e2e.driver import panel_of
from tests.e2e.harness import Harness
from tests.e2e.test_deadlines import started, wait_until
from tests.e2e.test_mafik_comms import mafik_game
from tgbot.ui.panel import deadline_text


async def deadline_of_status(h: Harness) -> str:
    """The deadline line as /status shows it (and as every panel must)."""
    game = await h.app.service.game(1)
    expected = deadline_text("ru", game["deadline_at"], h.app.service.timezone)
    await h.feed(h.master.send("/status", h.log))
    assert expected and expected in (h.world.last_text(h.log) or "")
    return expected


def first_panels(h: Harness, phase_title: str) -> list[str]:
    """Each living player's first panel of the phase (no refresh pressed)."""
    out = []
    for user in h.players:
        panel = next((m for m in h.world.messages_in(user.chat) if m.content and phase_title in m.content
                      and m.inline_keyboard), None)
        if panel is not None:
            out.append(panel.content or "")
    return out


async def test_first_panels_of_night_1_after_the_last_deck_show_the_deadline_of_status(tmp_path):
    h = await started(tmp_path)  # the last deck built starts night 1 (30 minutes)
    try:
        expected = await deadline_of_status(h)
        panels = first_panels(h, "Ночь 1")
        assert len(panels) == len(h.players)
        assert all(expected in text for text in panels), (expected, panels[0])
        opening = next(text for text in h.texts(h.public) if "Началась фаза ночь 1" in text)
        assert expected in opening and f"Живы ({len(h.players)}): " in opening
    finally:
        await h.close()


async def test_first_panels_of_day_1_show_the_day_deadline_not_the_night_one(tmp_path):
    h = await started(tmp_path)
    try:
        night = await deadline_of_status(h)
        h.clock.advance(10 * 60)
        await h.resolve()
        day = await deadline_of_status(h)
        assert day != night
        panels = first_panels(h, "День 1")
        assert panels and all(day in text and night not in text for text in panels), (day, panels[0])
        opening = next(text for text in h.texts(h.public) if "Началась фаза день 1" in text)
        assert day in opening
        state = await h.app.service.state(1)
        assert f"Живы ({len(state.living())}): " in opening
        assert all(p.name in opening for p in state.living())
        assert all(p.name not in opening.split("Живы")[1] for p in state.players if not p.alive)
    finally:
        await h.close()


async def test_first_panels_after_an_early_resolution_show_the_new_deadline(tmp_path):
    h = await started(tmp_path, early=True)
    try:
        state = await h.app.service.state(1)
        for pid, user in enumerate(h.players):
            await h.app.service.submit(1, user_id=user.id, kind="discard", card=state.player(pid).hand[0].uid)

        async def resolved() -> bool:
            return (await h.app.service.state(1)).phase == 2

        assert await wait_until(resolved)
        await h.deliver()
        day = await deadline_of_status(h)
        panels = first_panels(h, "День 1")
        assert panels and all(day in text for text in panels), (day, panels[0])
    finally:
        await h.close()


async def test_mafik_first_panels_of_night_1_after_resolve_show_the_deadline_of_status(tmp_path):
    h = await mafik_game(tmp_path)  # the master's /resolve ended deck building
    try:
        expected = await deadline_of_status(h)
        for user in h.players:
            panel = panel_of(h, user)
            assert panel is not None and expected in (panel.content or ""), (expected, panel and panel.content)
    finally:
        await h.close()
