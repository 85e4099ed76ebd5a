"""Заметание следов through the fake Telegram: the new kinds of choice — up to 5 past phases (buttons named
«день 1», «ночь 2», then «Готово»), then a card for each chosen phase, phase by phase — the summary shows the
pairs, the Цена 1 is paid from the Sleeve, the fake records are written, and when another player's Флешбек
looks into that past, the player reads who looked and with which card."""

from __future__ import annotations

from tests.e2e.driver import deal, fresh_panel, labels, name, state_of, tap
from tests.e2e.test_mafik_cards_records import game_at


async def test_covering_tracks_asks_past_phases_then_a_card_for_each_and_tells_who_looked(tmp_path):
    h = await game_at(tmp_path, 5)  # night 3
    try:
        await deal(h, 0, hand=["covering_tracks", "dummy", "dummy"], sleeve=["dummy"])
        user = h.players[0]
        message = await fresh_panel(h, user)
        await tap(h, user, message, "Заметание следов")
        await tap(h, user, message, "Сыграть")
        assert "Выберите до 4 прошедших фаз" in (message.text or "")
        assert [b for b in labels(message) if b.startswith(("день", "ночь"))] == ["день 2", "ночь 2", "день 1", "ночь 1"]
        await tap(h, user, message, "день 1")
        await tap(h, user, message, "ночь 2")
        await tap(h, user, message, "Готово")
        assert "Фазы: день 1, ночь 2" in (message.text or "")
        assert "Какую карту вы «применяли» в фазу «день 1»?" in (message.text or "")
        await tap(h, user, message, "Защита")
        await tap(h, user, message, "Боевое искусство")
        assert "в фазу «ночь 2»?" in (message.text or "")
        await tap(h, user, message, "Бункер")
        assert "Карты по фазам: день 1 — Боевое искусство; ночь 2 — Бункер" in (message.text or "")
        await tap(h, user, message, "Пустышка")  # Цена 1, paid from the Sleeve
        await tap(h, user, message, "Подтвердить")  # the payment
        assert await tap(h, user, message, "Подтвердить") == "✅ Заявка принята."
        (order,) = [o for o in (await state_of(h)).orders[0] if o.kind == "play"]
        assert order.params == {"phases": [2, 3], "cards": ["martial_arts", "bunker"]}
        assert len(order.payment.cards) == 1
        await h.resolve()  # → day 3
        state = await state_of(h)
        assert [(r.phase, r.card) for r in state.history if r.fake and r.actor == 0] == [(2, "martial_arts"),
                                                                                        (3, "bunker")]
        assert any("Заметание следов: в записях теперь есть 2" in text for text in h.texts(user))
        await h.resolve()  # → night 4: Персонаж 2 looks into what Персонаж 1 did on day 1
        await deal(h, 1, hand=["flashback", "dummy", "dummy"])
        other = h.players[1]
        panel = await fresh_panel(h, other)
        await tap(h, other, panel, "Флешбек")
        await tap(h, other, panel, "Сыграть")
        await tap(h, other, panel, "день 1")
        await tap(h, other, panel, name(0))
        await tap(h, other, panel, "Защита")
        await tap(h, other, panel, "Боевое искусство")
        assert await tap(h, other, panel, "Подтвердить") == "✅ Заявка принята."
        await h.resolve()
        assert any("Флешбек: Персонаж 1" in text and "«Боевое искусство» в фазу «день 1»" in text
                   for text in h.texts(other))
        told = [text for text in h.texts(user) if text.startswith("Заметание следов: Персонаж 2")]
        assert told and "«Флешбек»" in told[0]
    finally:
        await h.close()
