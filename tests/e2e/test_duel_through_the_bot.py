"""«Дуэль» (tests/engine/plugins/duel/), a rule set without cards that lives in the tests, played through
the real bot: no line of tgbot/ names it. The master creates the game, the fighters sign up, the game
starts at the first night without deck building, each fighter strikes or shields from the panel's
buttons, the deadline resolves the night, the day's vote takes a hit point, the panel shows the hit
points, fighters die and the winner is announced."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.e2e.driver import acts, tap
from tests.e2e.harness import Harness, make_harness
from tests.e2e.panel_play import deadline_passes, lines, panel, use
from tests.e2e.plugins import plugged_in
from tests.engine.plugin_path import PLUGINS


@pytest.fixture
def duel(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """«Дуэль» as if it were a package under engine/rulesets/ (as tests/engine/test_plugins.py does)."""
    with plugged_in(monkeypatch, PLUGINS, "duel"):
        yield


async def sign_up(h: Harness) -> None:
    """The master creates and binds the game; each fighter signs up as a person would."""
    await h.feed(h.master.send("/newgame duel", h.log))
    await h.feed(h.master.send("/bind 1", h.public))
    for i, user in enumerate(h.players):
        await h.feed(user.start("join_1"))
        await h.feed(user.send(f"Боец {i + 1}"))
        await tap(h, user, h.last(user), "Боец")
        assert f"Готово: Боец {i + 1} — Боец" in h.texts(user)[-1]


async def test_a_duel_is_signed_up_for_started_and_fought_to_its_winner_through_the_bot(tmp_path, duel) -> None:
    h = await make_harness(tmp_path, players=3)
    one, two, three = h.players
    try:
        await sign_up(h)
        await h.feed(h.master.send("/startgame", h.log))
        state = await h.app.service.state(1)
        assert (state.status, state.phase) == ("running", 1), "no deck building: straight into the first night"
        assert "Игра #1 началась: роли розданы." in lines(h, h.log)
        assert "Началась фаза ночь 1." in lines(h, h.public)
        first = panel(h, one)
        assert "❤ Здоровье: 3" in (first.text or "") and "Рука" not in (first.text or "")
        assert [text for text, _a in acts(first)] == ["🗡 Удар", "🛡 Щит", "📋 Заявки", "🔄 Обновить"]
        assert not any(a.a == "deck" or a.a.startswith("b") for u in h.players for m in h.world.messages_in(u.chat)
                       for _t, a in acts(m)), "no deck screens"

        # Night 1: Боец 1 shields, the others strike; the shield holds, Боец 3 loses a hit point.
        await use(h, one, "🛡 Щит")
        await use(h, two, "🗡 Удар", "Боец 3")
        await use(h, three, "🗡 Удар", "Боец 1")
        assert "• удар: Боец 3" in (panel(h, two).text or "")
        await deadline_passes(h)
        assert "Боец 1 отразил удар щитом." in lines(h, h.public)
        assert "Этой ночью вас ударил Боец 2." in lines(h, three)
        assert "❤ Здоровье: 2" in (panel(h, three).text or "")
        assert "❤ Здоровье: 3" in (panel(h, one).text or "")

        # Day 1: the vote takes a hit point from Боец 3.
        assert (await h.app.service.state(1)).is_day
        await use(h, one, "🗳 Голос", "Боец 3")
        await use(h, two, "🗳 Голос", "Боец 3")
        await use(h, three, "🗳 Голос", "Боец 2")
        await deadline_passes(h)
        assert "Очко здоровья теряет Боец 3." in lines(h, h.public)
        assert "❤ Здоровье: 1" in (panel(h, three).text or "")

        # Night 2: two strikes on Боец 3, who falls; Боец 3's own strike costs Боец 2 a hit point.
        await use(h, one, "🗡 Удар", "Боец 3")
        await use(h, two, "🗡 Удар", "Боец 3")
        await use(h, three, "🗡 Удар", "Боец 2")
        await deadline_passes(h)
        assert any("☠ Ваш персонаж Боец 3 погиб." in text for text in h.texts(three))
        assert not (await h.app.service.state(1)).player(2).alive
        assert "❤ Здоровье: 2" in (panel(h, two).text or "")

        # Day 2: Боец 1 alone votes: Боец 2 loses a hit point. Night 3: Боец 1 strikes the last one down.
        await use(h, one, "🗳 Голос", "Боец 2")
        await deadline_passes(h)
        assert "❤ Здоровье: 1" in (panel(h, two).text or "")
        await use(h, one, "🗡 Удар", "Боец 2")
        await use(h, two, "🗡 Удар", "Боец 1")
        await deadline_passes(h)

        state = await h.app.service.state(1)
        assert state.status == "finished" and [p.pid for p in state.living()] == [0]
        assert "Последним на ногах остался Боец 1." in lines(h, h.public)
        assert all(h.texts(user)[-1].startswith("Игра окончена. Победа: Дуэлянт.") for user in h.players)
    finally:
        await h.close()
