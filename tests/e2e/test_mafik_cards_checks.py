"""The check cards through the fake Telegram (cards/checks.py): each played from the panel with its
params (a target, a named card, a Hand card to turn into a Пустышка, nothing), then what the player is
told when the phase resolves — in Russian, with the exact colours, cards and names.

Hands are dealt (`deal`) so that every random pick has one possible answer.
"""

from __future__ import annotations

from tests.e2e.driver import deal, name, orders, play, save, state_of, tap
from tests.e2e.harness import PLAIN_ROLES as ROLES
from tests.e2e.harness import Harness, buttons, make_harness, start_mafik
from tgbot.sandbox.faketg import FakeMessage, FakeUser

# Passive public roles only, so that nothing else acts (as in test_mafik_phase.py).
DUMMIES = ["dummy"] * 5


async def accepted(h: Harness, user: FakeUser, message: FakeMessage, *steps: str) -> None:
    for step in steps[:-1]:
        await tap(h, user, message, step)
    assert await tap(h, user, message, steps[-1]) == "✅ Заявка принята.", message.text


def told(h: Harness, pid: int, text: str) -> bool:
    return any(text in t for t in h.texts(h.players[pid]))


async def test_check_cards_through_telegram(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await start_mafik(h, ROLES)
        state = await state_of(h)
        assert state.phase == 1
        plain = [p.pid for p in state.players if p.faction == "law" and p.pid not in (1, 6, 7)]
        a, b, c, d, e, f, g = plain[:7]
        u = h.players

        # Взятие показаний: a target
        await deal(h, a, hand=["testimony", *DUMMIES])
        await deal(h, b, hand=["pistol"] * 6)
        message, _ = await play(h, u[a], "🃏 Взятие показаний", "▶ Сыграть")
        await accepted(h, u[a], message, name(b), "✅ Подтвердить")

        # Досмотр: a target and a named card
        await deal(h, c, hand=["inspection", *DUMMIES])
        await deal(h, d, sleeve=["bunker"])
        message, _ = await play(h, u[c], "🃏 Досмотр", "▶ Сыграть", name(d))
        await accepted(h, u[c], message, "Защита", "Бункер", "✅ Подтвердить")
        assert orders(await state_of(h), c, "play")[0].params == {"target": d, "card": "bunker"}

        # Дедуктивный метод: a target and the Hand card that becomes a Пустышка
        await deal(h, e, hand=["deductive_method", "kick", *DUMMIES[:4]])
        message, _ = await play(h, u[e], "🃏 Дедуктивный метод", "▶ Сыграть", name(b))
        await accepted(h, u[e], message, "Удар ногой", "Готово", "✅ Подтвердить")

        # Зеркало (no params) on f, and g checks f: g reads its own Hand
        await deal(h, f, hand=["mirror", *DUMMIES])
        message, _ = await play(h, u[f], "🃏 Зеркало", "▶ Сыграть")
        await accepted(h, u[f], message, "✅ Подтвердить")
        await deal(h, g, hand=["testimony", "bunker", "bunker", "bunker", "bunker", "bunker"])
        message, _ = await play(h, u[g], "🃏 Взятие показаний", "▶ Сыграть")
        await accepted(h, u[g], message, name(f), "✅ Подтвердить")

        await h.resolve()
        assert told(h, a, f"Взятие показаний ({name(a)}): {name(b)} — цвета карт в руке: Урон, Урон.")
        assert told(h, c, f"Досмотр: {name(d)} — «Бункер» в рукаве есть.")
        assert told(h, e, f"Дедуктивный метод ({name(e)}): {name(b)} — цвета карт в руке: Урон.")
        assert told(h, e, "Дедуктивный метод: ваша карта «Удар ногой» стала Пустышкой.")
        assert told(h, g, f"Взятие показаний ({name(g)}): {name(f)} — цвета карт в руке: Защита, Защита.")
        state = await state_of(h)
        assert [c.card for c in state.player(e).sleeve] == ["testimony"]
        assert "kick" not in [c.card for c in state.player(e).hand]
        assert [(r.observer, r.aimed_at, r.read) for r in state.checks if r.card == "testimony"] == [(a, b, b), (g, f, g)]
    finally:
        await h.close()


async def test_paid_checks_and_counter_checks_through_telegram(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await start_mafik(h, ROLES)
        state = await state_of(h)
        plain = [p.pid for p in state.players if p.faction == "law" and p.pid not in (1, 6, 7)]
        a, b, c, d = plain[:4]
        boss = next(p.pid for p in state.players if p.secret_role == "boss")
        u = h.players

        # Оракул: Цена 4, paid with four Sleeve cards; the exact role
        await deal(h, a, hand=["oracle", *DUMMIES], sleeve=["dummy"] * 4)
        message, _ = await play(h, u[a], "🃏 Оракул", "▶ Сыграть", name(boss))
        assert "Оплата: цена 4" in (message.text or "")
        for button in [bt for bt in buttons(message) if bt["text"] == "🎴 Пустышка"]:
            await tap(h, u[a], message, button["callback_data"])
        await accepted(h, u[a], message, "✅ Подтвердить", "✅ Подтвердить")

        # Психоанализ with its optional stance: a flag
        await deal(h, b, hand=["psychoanalysis", *DUMMIES], sleeve=["dummy"])
        message, _ = await play(h, u[b], "🃏 Психоанализ", "▶ Сыграть", name(boss), "Да")
        for button in [bt for bt in buttons(message) if bt["text"] == "🎴 Пустышка"]:
            await tap(h, u[b], message, button["callback_data"])
        await accepted(h, u[b], message, "✅ Подтвердить", "✅ Подтвердить")
        assert orders(await state_of(h), b, "play")[0].params == {"target": boss, "upper": True}

        # Мимикрия on c, and d checks c
        await deal(h, c, hand=["mimicry", *DUMMIES])
        message, _ = await play(h, u[c], "🃏 Мимикрия", "▶ Сыграть")
        await accepted(h, u[c], message, "✅ Подтвердить")
        await deal(h, d, hand=["testimony", "pistol", "pistol", "pistol", "pistol", "pistol"])
        state = await state_of(h)
        state.player(d).deck = [state.new_card("pistol") for _ in range(10)]  # its refill is a Пистолет too
        await save(h, state)
        message, _ = await play(h, u[d], "🃏 Взятие показаний", "▶ Сыграть")
        await accepted(h, u[d], message, name(c), "✅ Подтвердить")

        await h.resolve()
        boss_name = "Босс"
        assert told(h, a, f"Оракул ({name(a)}): {name(boss)} — тайная роль {boss_name}.")
        assert told(h, b, f"Психоанализ: {name(boss)} — один из цветов тайной роли: «Контроль».") or \
            told(h, b, f"Психоанализ: {name(boss)} — один из цветов тайной роли: «Хаос».")
        assert told(h, c, "Мимикрия: вас проверяли; случайная карта в руке проверявшего — цвета «Урон».")
        state = await state_of(h)
        assert state.player(a).sleeve == []
        assert [x.params["stance"] for x in state.effects if x.kind == "stance" and x.target == b] == ["upper"]
    finally:
        await h.close()
