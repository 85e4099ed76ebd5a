"""The goals cards through the fake Telegram: Цель's list of goals, Gangstalking's three modes (a target or
three targets, by the mode chosen), the Шпион's panel with everyone's Gangstalking points, and Властный
голос's 3–5 targets and message — what the players are asked and told."""

from __future__ import annotations

from tests.e2e.driver import deal, fresh_panel, labels, name, orders, play, save, state_of, tap
from tests.e2e.harness import PLAIN_ROLES as ROLES
from tests.e2e.harness import make_harness, start_mafik

# Public roles with no perk that acts unasked.
ACCEPTED = "✅ Заявка принята."
FILL = ["dummy"] * 5


async def test_goals_cards_ask_what_the_engine_says_and_tell_what_happens(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await start_mafik(h, ROLES)
        state = await state_of(h)
        assert state.phase == 1
        law = [p.pid for p in state.players if p.faction == "law" and p.pid > 1]
        spy = next(p.pid for p in state.players if p.faction == "mafia")
        state.player(spy).secret_role = "spy"
        await save(h, state)
        goal, a, b, c, spreader, target = law[:6]
        x, y, z = [p.pid for p in state.players if p.pid not in (goal, a, b, c, spreader, target, spy)][:3]

        # ---- Цель: the list of goals
        await deal(h, goal, hand=["goal", *FILL])
        user = h.players[goal]
        message, _ = await play(h, user, "🃏 Цель", "▶ Сыграть")
        await tap(h, user, message, "Нанести 6 урона за 2 суток")
        assert await tap(h, user, message, "✅ Подтвердить") == ACCEPTED
        (order,) = orders(await state_of(h), goal, "play")
        assert order.params == {"goal": "deal_6_damage"}

        # ---- Gangstalking, 2 points each: three players on one target reach 6
        for pid in (a, b, c):
            await deal(h, pid, hand=["gangstalking", *FILL])
            user = h.players[pid]
            message, _ = await play(h, user, "🃏 Gangstalking", "▶ Сыграть", "Цель получает 2 очка Gangstalking")
            assert "Пропустить" not in labels(message)  # the target is required in this mode
            await tap(h, user, message, name(target))
            assert await tap(h, user, message, "✅ Подтвердить") == ACCEPTED
            (order,) = orders(await state_of(h), pid, "play")
            assert order.params == {"mode": "add_points", "target": target}

        # ---- Gangstalking, spread: three targets instead of one
        await deal(h, spreader, hand=["gangstalking", *FILL])
        user = h.players[spreader]
        message, _ = await play(h, user, "🃏 Gangstalking", "▶ Сыграть", "Замешать трём целям по 2 Gangstalking в колоду",
                                name(x), name(y), name(z))
        await tap(h, user, message, "Готово")
        assert await tap(h, user, message, "✅ Подтвердить") == ACCEPTED
        (order,) = orders(await state_of(h), spreader, "play")
        assert order.params == {"mode": "spread", "targets": [x, y, z]}

        await h.resolve()
        for pid in (a, b, c):
            text = "\n".join(h.texts(h.players[pid]))
            assert f"Gangstalking: {name(target)} — уже 6 очков, тайная роль" in text
        assert "Цель: нанесите другим персонажам 6 урона до конца фазы" in "\n".join(h.texts(h.players[goal]))
        assert "в колоду каждому" in "\n".join(h.texts(h.players[spreader]))
        state = await state_of(h)
        assert [c.card for c in state.player(x).deck].count("gangstalking") >= 1
        spy_panel = await fresh_panel(h, h.players[spy])
        assert f"👁 Gangstalking: {name(target)} — 6 очков" in (spy_panel.text or "")
        law_panel = await fresh_panel(h, h.players[a])
        assert "👁 Gangstalking" not in (law_panel.text or "")

        # ---- day 1: Властный голос, 3 to 5 targets and the message
        await deal(h, a, hand=["commanding_voice", *FILL])
        user = h.players[a]
        message, _ = await play(h, user, "🃏 Властный голос", "▶ Сыграть", name(b), name(c), name(x))
        await tap(h, user, message, "Готово")
        assert "Напишите" in (message.text or "")
        await h.feed(user.send("Все играем Защиту"))
        message = h.last_with_buttons(user)
        assert await tap(h, user, message, "✅ Подтвердить") == ACCEPTED
        (order,) = orders(await state_of(h), a, "play")
        assert order.params == {"targets": [b, c, x], "message": "Все играем Защиту"}
        await h.resolve()
        for pid in (b, c, x):
            assert any("Все играем Защиту" in t for t in h.texts(h.players[pid]))
    finally:
        await h.close()
