"""«Классическая форумная мафия» through the real bot: the shop and the kiosk in the private chat — the list with
each item's price and the stock left, what the chosen item does before the purchase is confirmed, a purchase the
buyer cannot pay refused with a clear answer, the inventory on the panel with what each item does, the balance
after the purchase and the move's pay, and an item used from the panel with a confirmation."""

from __future__ import annotations

from tests.e2e.classic_game import playing
from tests.e2e.driver import labels, tap
from tests.e2e.panel_play import deadline_passes, lines, panel, use


async def test_the_shop_lists_prices_and_stock_and_says_what_the_chosen_item_does_before_the_purchase(tmp_path) -> None:
    async with playing(tmp_path) as (h, cast):
        citizen = cast.one("citizen")
        user = cast.user[citizen]
        screen = panel(h, user)
        assert "💰 Монет: 4" in (screen.text or "")
        await tap(h, user, screen, "🛒 Магазин и ларек")
        offered = labels(screen)
        assert "Чеснок — 4 мон." in offered and "Святая вода — 3 мон. (осталось 3 шт.)" in offered
        assert "Указ президента — 4 мон. (осталось 1 шт.)" in offered

        answer = await tap(h, user, screen, "Капкан — 7 мон.")
        assert answer == "Это действие вам недоступно. (не хватает монет)", "4 coins do not pay for a trap: refused at once"
        assert not (await h.app.service.state(1)).orders.get(citizen)

        await tap(h, user, screen, "Святая вода")
        assert "Вариант: Святая вода — 3 мон. (осталось 3 шт.)\nПомогает изгнать Духа." in (screen.text or "")
        assert "Подтвердите заявку" in (screen.text or "")
        assert "Заявка принята" in await tap(h, user, screen, "✅ Подтвердить")
        await deadline_passes(h)

        assert "☀ Утро дня 1." in lines(h, h.public) and "Куплено: Святая вода." in lines(h, h.public)
        told = lines(h, user)
        assert "💰 −3 монеты (покупка). Осталось: 1." in told and "💰 +2 монеты (за ход). Теперь: 3." in told
        day = panel(h, user).text or ""
        assert "💰 Монет: 3" in day
        assert "🎒 Святая вода (зарядов: 1) — Помогает изгнать Духа." in day, "the inventory says what each item does"

        await deadline_passes(h)  # night 2: one holy water less in the shop
        screen = panel(h, user)
        await tap(h, user, screen, "🛒 Магазин и ларек")
        assert "Святая вода — 3 мон. (осталось 2 шт.)" in labels(screen)


async def test_an_item_is_used_from_the_panel_with_a_confirmation_and_home_is_a_move_without_pay(tmp_path) -> None:
    async with playing(tmp_path) as (h, cast):
        citizen, sheriff = cast.one("citizen"), cast.one("sheriff")
        user = cast.user[citizen]
        assert "🎒 Клизма (зарядов: 1) — Ночью вылечить себя от яда и ранения." in (panel(h, user).text or ""), \
            "the start's item of a peaceful one (this deal's)"
        screen = panel(h, user)
        await tap(h, user, screen, "🩺 Принять клизму")
        assert "Клизма (не ход): этой ночью вы лечите себя" in (screen.text or "")
        assert "Заявка принята" in await tap(h, user, screen, "✅ Подтвердить")
        await use(h, cast.user[sheriff], "🏠 Сижу дома")
        await deadline_passes(h)

        assert "Клизма" not in (panel(h, user).text or ""), "taken, the enema is spent"
        assert "💰 Монет: 4" in (panel(h, cast.user[sheriff]).text or ""), "«сижу дома» is not paid"
        assert "Ваш ход «🏠 Сижу дома»: удачно." in lines(h, cast.user[sheriff])
