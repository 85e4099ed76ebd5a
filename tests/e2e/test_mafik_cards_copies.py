"""The cards of one copy at a time (cards/copies.py) through the fake Telegram: Даркнет, Саботаж paid from the
Sleeve, Мародёрство naming 10−X cards (X: the dead), MacGyver naming a card, Скрытое ношение / Дубликат /
Улучшение choosing a Hand card, Эксгумация choosing a corpse, Анализ слабостей choosing Hand cards (night
1); the Долг's mode and its payment (no RSVP offered), a reorder that keeps it at the bottom (engine API),
and the night discard of a Долг refused with its reason (night 2); Дубликат — and what each player is told.

Cards are dealt (`deal`, a stacked deck) so nothing depends on the random decks.
"""

from __future__ import annotations

from engine.core import api
from tests.e2e.driver import (
    deal,
    fresh_panel,
    labels,
    name,
    orders,
    play,
    resolve_running,
    save,
    state_of,
    tap,
    tap_accepted,
    told,
    vote_and_punish,
)
from tests.e2e.harness import PLAIN_ROLES as ROLES
from tests.e2e.harness import make_harness, start_mafik

FILL = ["dummy"] * 5





async def test_copy_cards_through_telegram(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await start_mafik(h, ROLES)
        state = await state_of(h)
        dead = [p.pid for p in state.players if p.faction == "law" and p.pid > 1][:2]
        cast = [p.pid for p in state.players if p.secret_role != "maniac" and p.pid > 1 and p.pid not in dead]
        dark, saboteur, sabotaged, looter, mac, carrier, upgrader, digger = cast[:8]
        analyst = looter
        for pid in dead:
            state.player(pid).alive = False
            state.player(pid).died = 0
        state.player(dead[0]).sleeve = [state.new_card("tank"), state.new_card("bunker")]
        await save(h, state)
        u = h.players

        # ---- night 1
        await deal(h, dark, hand=["darknet", *FILL])
        message, _ = await play(h, u[dark], "🃏 Даркнет", "▶ Сыграть")
        await tap_accepted(h, u[dark], message, "✅ Подтвердить")

        await deal(h, saboteur, hand=["sabotage", *FILL], sleeve=["dummy"])
        await deal(h, sabotaged, hand=["kick"] * 6)
        message, _ = await play(h, u[saboteur], "🃏 Саботаж", "▶ Сыграть", name(sabotaged), "Пропустить")
        await tap(h, u[saboteur], message, "Нет")  # no upper stance
        await tap_accepted(h, u[saboteur], message, "🎴 Пустышка", "✅ Подтвердить", "✅ Подтвердить")

        # Мародёрство: 10 − 2 dead = 8 names
        await deal(h, looter, hand=["looting", *FILL])
        message, _ = await play(h, u[looter], "🃏 Мародёрство", "▶ Сыграть")
        for card in ("Бункер", "Танк", "Благословение", "Лампа", "Двойник", "Врач", "Отражение", "Телохранитель"):
            await tap(h, u[looter], message, "Защита")
            await tap(h, u[looter], message, card)
        assert "Назовите карты (8)" in (message.text or "")
        await tap_accepted(h, u[looter], message, "Готово", "✅ Подтвердить")
        (order,) = orders(await state_of(h), looter, "play")
        assert len(order.params["cards"]) == 8

        await deal(h, mac, hand=["macgyver", *FILL])
        message, _ = await play(h, u[mac], "🃏 MacGyver", "▶ Сыграть", "Защита", "Бункер")
        await tap_accepted(h, u[mac], message, "✅ Подтвердить")

        await deal(h, carrier, hand=["concealed_carry", "kick", *FILL[:4]])
        message, _ = await play(h, u[carrier], "🃏 Скрытое ношение", "▶ Сыграть")
        await tap_accepted(h, u[carrier], message, "Удар ногой", "Готово", "✅ Подтвердить")

        await deal(h, upgrader, hand=["upgrade", "bunker", *FILL[:4]], sleeve=["dummy"])
        message, _ = await play(h, u[upgrader], "🃏 Улучшение", "▶ Сыграть")
        await tap_accepted(h, u[upgrader], message, "Бункер", "Готово", "🎴 Пустышка", "✅ Подтвердить", "✅ Подтвердить")

        await deal(h, digger, hand=["exhumation", *FILL])
        message, _ = await play(h, u[digger], "🃏 Эксгумация", "▶ Сыграть")
        await tap_accepted(h, u[digger], message, name(dead[0]), "✅ Подтвердить")

        state = await resolve_running(h)  # ---------------------------------------------------------------- day 1
        public = "\n".join(h.texts(h.public))
        assert "Даркнет: каждый получает в рукав карту «RSVP»" in public
        assert f"Улучшение — {name(upgrader)}: в руке есть карта «Бункер», теперь она мирная." in public
        assert all("rsvp" in [c.card for c in p.sleeve] for p in state.living())
        assert "Саботаж: 3 карты в вашей руке превратились в «Пустышки»." in told(h, sabotaged)
        assert sorted(c.card for c in state.player(sabotaged).hand) == ["dummy"] * 3 + ["kick"] * 3
        looted = [c.card for c in state.player(looter).sleeve if c.card != "rsvp"]
        assert len(looted) == 1 and looted[0] in order.params["cards"]
        assert "Мародёрство: в ваш рукав попала карта" in told(h, looter)
        assert sorted(c.card for c in state.player(mac).sleeve) == ["bunker", "rsvp"]
        assert sorted(c.card for c in state.player(carrier).sleeve) == ["kick", "rsvp"]
        assert f"Эксгумация — {name(dead[0])}: в ваш рукав добавлены копии карт: Танк, Бункер." in told(h, digger)

        # ---- day 1: Дубликат is a night card; the Долг by day, mode Цена 1 paid from the Sleeve
        await deal(h, analyst, hand=["debt", *FILL], sleeve=["dummy"])
        message, _ = await play(h, u[analyst], "🃏 Долг", "▶ Сыграть")
        assert "Цена 0: до конца игры ваши карты с Ценой дороже на 1" in str(message.reply_markup)
        await tap(h, u[analyst], message, "Цена 1: ничего не делает")
        assert "🎴 Пустышка" in labels(message) and not any("RSVP" in label for label in labels(message))
        await tap_accepted(h, u[analyst], message, "🎴 Пустышка", "✅ Подтвердить", "✅ Подтвердить")
        (order,) = orders(await state_of(h), analyst, "play")
        assert order.params == {"mode": "cost_1_nothing"} and len(order.payment.cards) == 1
        await deal(h, carrier, hand=["dummy", "debt", *FILL[:4]])
        state = await state_of(h)
        hand = state.player(carrier).hand
        api.reorder_hand(state, carrier, [hand[1].uid, *[c.uid for c in hand if c.uid != hand[1].uid]])
        assert state.player(carrier).hand[-1].card == "debt"
        await vote_and_punish(h, [p.pid for p in state.living()], sabotaged, "казнь")
        state = await resolve_running(h)  # ---------------------------------------------------------------- night 2

        # ---- night 2: Дубликат; the night discard of a Долг is refused with its reason
        await deal(h, mac, hand=["duplicate", "kick", *FILL[:4]])
        message, _ = await play(h, u[mac], "🃏 Дубликат", "▶ Сыграть")
        await tap_accepted(h, u[mac], message, "Удар ногой", "Готово", "✅ Подтвердить")
        message = await fresh_panel(h, u[carrier])
        await tap(h, u[carrier], message, "🗑 Сбросить 2 карты")
        await tap(h, u[carrier], message, "Долг")
        await tap(h, u[carrier], message, "Пустышка")
        assert labels(message)[-3] == "✅ Долг"  # the Hand's order: the Долг at the bottom
        refused = await tap(h, u[carrier], message, "Готово")
        assert refused == "Неверный параметр карты. (эту карту нельзя сбросить из руки)"
        assert not orders(await state_of(h), carrier, "night_discard")
        state = await resolve_running(h)
        assert "Дубликат: у кого-то в руке теперь на одну карту «Удар ногой» больше." in "\n".join(h.texts(h.public))
        assert [c.card for c in state.player(mac).hand].count("kick") == 2
    finally:
        await h.close()
