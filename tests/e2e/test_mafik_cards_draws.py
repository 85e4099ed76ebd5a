"""The draw cards of issue 14 through the fake Telegram: Безумие with its two extra Hand cards, Кофе, Кровотечение,
Гуманитарная помощь, Маэстро (night 1); Все под контролем with its option (day 1); Маэстро's ability — a
choice of Hand cards — and Кофе's extra card (night 2) — and what each player is told.

Cards are dealt (`deal`, a stacked deck) so nothing depends on the random decks.
"""

from __future__ import annotations

from tests.e2e.driver import deal, fresh_panel, name, orders, play, play_accepted, resolve_running, state_of, tap, told, vote_and_punish
from tests.e2e.harness import PLAIN_ROLES as ROLES
from tests.e2e.harness import make_harness, start_mafik

FILL = ["dummy"] * 5
OK = "✅ Заявка принята."





async def test_draw_cards_through_telegram(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await start_mafik(h, ROLES)
        state = await state_of(h)
        boss = next(p.pid for p in state.players if p.secret_role == "boss")
        law = [p.pid for p in state.players if p.faction == "law" and p.pid > 1]
        rest = [p.pid for p in state.players if p.pid > 1 and p.pid != boss and p.secret_role != "maniac"
                and p.pid not in law[:2]]
        maestro, friend = law[:2]  # law: they draw nothing while Все под контролем lasts
        mad, victim, coffee, bleeder, bled, giver, poor = rest[:7]
        u = h.players
        cast = {boss, mad, victim, coffee, friend, bleeder, bled, maestro, giver, poor}
        bystanders = [p.pid for p in state.players if p.pid not in cast]

        # ---- night 1
        await deal(h, mad, hand=["madness", "martial_arts", "pistol", "dummy", "dummy"])
        await play_accepted(h, u[mad], "🃏 Безумие", "▶ Сыграть", "✅ Подтвердить")
        await play_accepted(h, u[mad], "🃏 Боевое искусство", "▶ Сыграть", name(victim), "Пропустить", "✅ Подтвердить")
        await play_accepted(h, u[mad], "🃏 Пистолет", "▶ Сыграть", name(victim), "Пропустить", "✅ Подтвердить")
        assert len(orders(await state_of(h), mad, "play")) == 3
        await deal(h, coffee, hand=["coffee", *FILL])
        await play_accepted(h, u[coffee], "🃏 Кофе", "▶ Сыграть", name(friend), "✅ Подтвердить")
        await deal(h, bleeder, hand=["bleeding", *FILL])
        await play_accepted(h, u[bleeder], "🃏 Кровотечение", "▶ Сыграть", name(bled), "Пропустить", "✅ Подтвердить")
        await deal(h, maestro, hand=["maestro", *FILL], sleeve=["dummy"] * 4)
        message, _ = await play(h, u[maestro], "🃏 Маэстро", "▶ Сыграть")
        for _ in range(4):
            await tap(h, u[maestro], message, "🎴 Пустышка")
        await tap(h, u[maestro], message, "✅ Подтвердить")
        assert await tap(h, u[maestro], message, "✅ Подтвердить") == OK
        await deal(h, poor, hand=["dummy"] * 3)
        await deal(h, giver, hand=["humanitarian_aid", *FILL])
        await play_accepted(h, u[giver], "🃏 Гуманитарная помощь", "▶ Сыграть", name(poor), "Пропустить", "✅ Подтвердить")
        state = await resolve_running(h)  # ---------------------------------------------------------------- day 1
        assert len(state.player(mad).hand) == 3  # 5 − 3 + Безумие's own replacement
        assert "Кофе: следующей ночью вы можете сыграть одну дополнительную карту из руки." in told(h, friend)
        assert "Кровотечение: следующие 2 фазы вы не добираете карты" in told(h, bled)
        assert [c.card for c in state.player(poor).sleeve] == ["dummy", "dummy"]

        # ---- day 1: Все под контролем, the mafia still drawing
        await deal(h, boss, sleeve=["boss_all_under_control"])
        message, _ = await play(h, u[boss], "🎴 Все под контролем", "▶ Сыграть")
        text = message.text or ""
        await tap(h, u[boss], message, "Да")
        assert await tap(h, u[boss], message, "✅ Подтвердить") == OK, text
        (order,) = orders(await state_of(h), boss, "play")
        assert order.params["mafia_draws"] is True
        await vote_and_punish(h, bystanders[:3], bystanders[-1], "казнь")
        state = await resolve_running(h)  # ---------------------------------------------------------------- night 2
        assert "Все под контролем: в эту и следующую фазу никто не добирает карты." in "\n".join(h.texts(h.public))
        assert "Мафия в эти фазы добирает карты как обычно" in told(h, boss)

        # ---- night 2: Маэстро's ability, a choice of two Hand cards; Кофе's second Hand card
        await deal(h, maestro, hand=["pistol", "bunker", "dummy", "dummy", "dummy"])
        message = await fresh_panel(h, u[maestro])
        await tap(h, u[maestro], message, "✨ Маэстро")
        assert "Способность «Маэстро»" in (message.text or "")
        await tap(h, u[maestro], message, "Пистолет")
        await tap(h, u[maestro], message, "Бункер")
        await tap(h, u[maestro], message, "Готово")
        assert await tap(h, u[maestro], message, "✅ Подтвердить") == OK
        (ability,) = orders(await state_of(h), maestro, "ability")
        assert ability.params["ability"] == "maestro" and len(ability.params["cards"]) == 2
        await deal(h, friend, hand=["martial_arts", "pistol", "dummy", "dummy"])
        await play_accepted(h, u[friend], "🃏 Боевое искусство", "▶ Сыграть", name(victim), "Пропустить", "✅ Подтвердить")
        await play_accepted(h, u[friend], "🃏 Пистолет", "▶ Сыграть", name(victim), "Пропустить", "✅ Подтвердить")
        state = await resolve_running(h)  # ---------------------------------------------------------------- day 2
        hand = [c.card for c in state.player(maestro).hand]
        assert len(hand) == 3 and "pistol" not in hand and "bunker" not in hand  # no draws: Все под контролем
        assert len(state.player(friend).hand) == 2  # two played, none drawn (nobody draws this night)
    finally:
        await h.close()
