"""The misc cards of issue 13 through the fake Telegram: Шипы, Куратор спецслужб, Разыскная ориентировка,
Counter, Стероиды, Знакомства (night 1); Перехват paid by the mafia's Обвинение instead of its cost,
Повестка with a typed message (day 1); Зеркальное Измерение (night 2) — and what each player is told.

Cards are dealt (`deal`, a stacked deck) so nothing depends on the random decks.
"""

from __future__ import annotations

from tests.e2e.driver import deal, name, orders, play, play_accepted, resolve_running, state_of, tap, told, vote_and_punish
from tests.e2e.harness import PLAIN_ROLES as ROLES
from tests.e2e.harness import make_harness, start_mafik

FILL = ["dummy"] * 5





async def test_misc_cards_through_telegram(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await start_mafik(h, ROLES)
        state = await state_of(h)
        mafia = next(p.pid for p in state.players if p.faction == "mafia" and p.pid > 1)
        others = [p.pid for p in state.players if p.pid > 1 and p.pid != mafia and p.secret_role != "maniac"]
        spiker, spiked, handler, watched, wanted_by, wanted, countering, juiced, friendly, victim = others[:10]
        u = h.players
        cast = {mafia, spiker, spiked, handler, watched, wanted_by, wanted, countering, juiced, friendly, victim}
        bystanders = [p.pid for p in state.players if p.pid not in cast]
        voters = [*bystanders[:1], spiker, spiked]

        # ---- night 1
        await deal(h, spiker, hand=["spikes", *FILL])
        await play_accepted(h, u[spiker], "🃏 Шипы", "▶ Сыграть", name(spiked), "✅ Подтвердить")
        await deal(h, handler, hand=["secret_service_handler", *FILL])
        await play_accepted(h, u[handler], "🃏 Куратор спецслужб", "▶ Сыграть", name(watched), "Пропустить", "✅ Подтвердить")
        await deal(h, watched, hand=["kick", "bunker", "dummy", "dummy", "dummy", "dummy"])
        await play_accepted(h, u[watched], "🃏 Удар ногой", "▶ Сыграть", name(victim), "Пропустить", "✅ Подтвердить")
        await deal(h, wanted_by, hand=["wanted_notice", *FILL])
        await play_accepted(h, u[wanted_by], "🃏 Разыскная ориентировка", "▶ Сыграть", name(wanted), "✅ Подтвердить")
        await deal(h, countering, hand=["counter", *FILL])
        await play_accepted(h, u[countering], "🃏 Counter", "▶ Сыграть", "✅ Подтвердить")
        await deal(h, juiced, hand=["steroids", "pistol", "dummy", "dummy", "dummy", "dummy"])
        await play_accepted(h, u[juiced], "🃏 Стероиды", "▶ Сыграть", "✅ Подтвердить")
        await play_accepted(h, u[juiced], "🃏 Пистолет", "▶ Сыграть", name(victim), "Пропустить", "✅ Подтвердить")
        await deal(h, friendly, hand=["acquaintances", *FILL], sleeve=["dummy"])
        await play_accepted(h, u[friendly], "🃏 Знакомства", "▶ Сыграть", "🎴 Пустышка", "✅ Подтвердить", "✅ Подтвердить")
        state = await resolve_running(h)  # ---------------------------------------------------------------- day 1
        public = "\n".join(h.texts(h.public))
        assert f"{name(spiked)} получает статус «Шипы»." in public
        assert f"Разыскная ориентировка: {name(wanted)} — в розыске." in public
        assert "Вы стали целью карты «Куратор спецслужб»" in told(h, watched)
        assert "Знакомства: следующие две фазы вы и" in told(h, friendly)
        victim_hit = [e for e in state.events if e.kind == "damage_taken" and e.who == victim]
        pistol = {p.pid: 2 if p.faction == "mafia" else 1 for p in state.players}
        assert victim_hit and victim_hit[-1].params["amount"] == 1 + pistol[juiced] + 1  # Стероиды: +1

        # ---- day 1: the watched one plays from the Hand; Повестка with a typed message
        await play_accepted(h, u[watched], "🃏 Бункер", "▶ Сыграть", "✅ Подтвердить")
        await deal(h, countering, hand=["summons", *FILL])
        message, _ = await play(h, u[countering], "🃏 Повестка", "▶ Сыграть", name(juiced))
        assert "Напишите текст сообщения" in (message.text or "")
        await h.feed(u[countering].send("Явиться в комиссариат."))
        screen = h.last_with_buttons(u[countering])
        assert await tap(h, u[countering], screen, "✅ Подтвердить") == "✅ Заявка принята."
        await vote_and_punish(h, voters, bystanders[-1], "казнь")
        state = await resolve_running(h)  # ---------------------------------------------------------------- night 2
        handler_saw = told(h, handler)
        assert f"Куратор спецслужб: {name(watched)} сыграл из руки «Бункер»." in handler_saw \
            or f"Куратор спецслужб: {name(watched)} сыграла из руки «Бункер»." in handler_saw
        assert "Явиться в комиссариат." in told(h, juiced)

        # ---- night 2: Перехват by the mafia, paid by an Обвинение that hits (the watched one played an
        # Удар ногой); Повестка's copy
        await deal(h, mafia, hand=["interception", *FILL], sleeve=[])
        message, _ = await play(h, u[mafia], "🃏 Перехват", "▶ Сыграть", name(watched))
        assert "Обвинение (по желанию)" in (message.text or "")
        await tap(h, u[mafia], message, "Удар ногой")
        await tap(h, u[mafia], message, "Готово")
        assert "Оплата" not in (message.text or ""), "an Обвинение instead of the cost: nothing to pay"
        assert await tap(h, u[mafia], message, "✅ Подтвердить") == "✅ Заявка принята."
        (order,) = orders(await state_of(h), mafia, "play")
        assert order.params["accuse"] == ["kick"] and order.payment.cards == []
        await deal(h, spiker, hand=["pistol", *FILL])
        await play_accepted(h, u[spiker], "🃏 Пистолет", "▶ Сыграть", name(watched), "Пропустить", "✅ Подтвердить")
        await deal(h, juiced, hand=["pistol", *FILL])
        await play_accepted(h, u[juiced], "🃏 Пистолет", "▶ Сыграть", name(countering), "Пропустить", "✅ Подтвердить")
        state = await resolve_running(h)  # ---------------------------------------------------------------- day 2
        assert f"Перехват — {name(watched)}: в ваш рукав добавлены копии карт: Пистолет." in told(h, mafia)
        assert [c.card for c in state.player(mafia).sleeve] == ["pistol"]
        assert f"Повестка — {name(juiced)}: в ваш рукав добавлены копии карт, сыгранных на вас: Пистолет." \
            in told(h, countering)

        # ---- day 2: Зеркальное Измерение turns a Средь бела дня back on its player
        await deal(h, friendly, hand=["mirror_dimension", *FILL], sleeve=["dummy", "dummy", "dummy"])
        message, _ = await play(h, u[friendly], "🃏 Зеркальное Измерение", "▶ Сыграть")
        for _ in range(3):
            await tap(h, u[friendly], message, "🎴 Пустышка")
        await tap(h, u[friendly], message, "✅ Подтвердить")
        assert await tap(h, u[friendly], message, "✅ Подтвердить") == "✅ Заявка принята."
        await deal(h, spiker, hand=["broad_daylight", *FILL])
        await play_accepted(h, u[spiker], "🃏 Средь бела дня", "▶ Сыграть", name(victim), "Пропустить", "✅ Подтвердить")
        await vote_and_punish(h, voters, bystanders[-2], "изгнание")
        state = await resolve_running(h)
        hits = {e.who for e in state.events if e.kind == "damage_taken" and e.phase == 4}
        assert spiker in hits and victim not in hits, "the card came back to its player"
    finally:
        await h.close()
