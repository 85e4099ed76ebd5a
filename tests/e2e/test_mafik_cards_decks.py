"""The deck cards through the fake Telegram (cards/decks.py): each played from the panel with its params —
a colour of one's own or not one's own (only those offered), three colours, a target and a colour, a
named card, two named cards, Sleeve cards and a flag — then what the player is told and shown.

Hands are dealt (`deal`) and decks stacked so that every answer is known.
"""

from __future__ import annotations

from engine.rulesets.mafik.registry import COLOURS
from engine.rulesets.mafik.roles import colours_of
from tests.e2e.driver import (
    acts,
    deal,
    fill_by_buttons,
    fresh_panel,
    labels,
    name,
    orders,
    play,
    press,
    save,
    state_of,
    tap,
    tap_accepted,
    told,
    vote_and_punish,
)
from tests.e2e.harness import PLAIN_ROLES as ROLES
from tests.e2e.harness import make_harness, start_mafik
from tgbot.ui.callbacks import Act

DUMMIES = ["dummy"] * 5
WORD = {"damage": "Урон", "defence": "Защита", "intel": "Разведка", "disguise": "Маскировка",
        "control": "Контроль", "chaos": "Хаос", "support": "Поддержка", "boost": "Усиление"}




async def test_deck_cards_through_telegram(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await start_mafik(h, ROLES)
        state = await state_of(h)
        law = [p.pid for p in state.players if p.faction == "law" and p.pid not in (0, 1, 6, 7)]
        a, b, c, d, e, f = law[:6]
        g = next(p.pid for p in state.players if p.faction == "mafia" and p.pid > 1)
        u = h.players
        for pid, cards in ((b, ["tank", "house_search", "pistol"]), (d, ["tank", "bunker", "house_search", "lamp"]),
                           (g, ["kick", "bunker", "tank", "lamp"])):
            state.player(pid).deck = [state.new_card(card) for card in cards]
        await save(h, state)
        own = colours_of(state, a)
        other = next(c for c in COLOURS if c not in own)

        # Смена IP: «один из своих цветов» — only those offered; the new one: only the others
        await deal(h, a, hand=["ip_change", *DUMMIES])
        message, _ = await play(h, u[a], "🃏 Смена IP", "▶ Сыграть")
        offered = labels(message)
        assert all(WORD[c] in offered for c in own) and WORD[other] not in offered
        await tap(h, u[a], message, WORD[own[0]])
        offered = labels(message)
        assert WORD[other] in offered and not any(WORD[c] in offered for c in own)
        await tap_accepted(h, u[a], message, WORD[other], "✅ Подтвердить")
        assert orders(await state_of(h), a, "play")[0].params == {"old": own[0], "new": other}

        # Оптимизм: three colours, one by one (a colour may repeat)
        await deal(h, b, hand=["optimism", *DUMMIES])
        message, _ = await play(h, u[b], "🃏 Оптимизм", "▶ Сыграть", "Защита", "Защита")
        await tap_accepted(h, u[b], message, "Урон", "✅ Подтвердить")

        # Промывание мозгов: a target and a colour, paid from the Sleeve
        await deal(h, c, hand=["brainwashing", *DUMMIES], sleeve=["dummy"])
        message, _ = await play(h, u[c], "🃏 Промывание мозгов", "▶ Сыграть", name(d))
        await tap_accepted(h, u[c], message, "Защита", "🎴 Пустышка", "✅ Подтвердить", "✅ Подтвердить")

        # Убеждение: a target and two named cards (on the deck Промывание мозгов empties of Защита)
        await deal(h, e, hand=["persuasion", *DUMMIES], sleeve=["dummy"])
        message, _ = await play(h, u[e], "🃏 Убеждение", "▶ Сыграть", name(b), "Урон", "Пистолет", "Средь бела дня")
        assert "Выбрано: 2" in (message.text or "")
        await tap(h, u[e], message, "Готово")
        await tap_accepted(h, u[e], message, "🎴 Пустышка", "✅ Подтвердить", "✅ Подтвердить")
        assert orders(await state_of(h), e, "play")[0].params["cards"] == ["pistol", "broad_daylight"]

        # Интуиция (Мафия: Цена 1): then the panel shows the top and the bottom card of the deck
        await deal(h, g, hand=["intuition", *DUMMIES], sleeve=["dummy"])
        message, _ = await play(h, u[g], "🃏 Интуиция", "▶ Сыграть")
        await tap_accepted(h, u[g], message, "🎴 Пустышка", "✅ Подтвердить", "✅ Подтвердить")

        # Хитрый план: Sleeve cards and the upper stance
        await deal(h, f, hand=["cunning_plan", *DUMMIES], sleeve=["tank", "lamp"])
        message, _ = await play(h, u[f], "🃏 Хитрый план", "▶ Сыграть", "Танк", "Готово")
        await tap_accepted(h, u[f], message, "Да", "✅ Подтвердить")

        await h.resolve()  # ------------------------------------------------------------------ day 1
        state = await state_of(h)
        assert state.phase == 2 and state.status == "running"
        assert "Оптимизм: 1 ошибка." in told(h, b)  # Танк (Защита) and Пистолет (Урон) right, the Обыск not
        assert f"Промывание мозгов — {name(d)}: из колоды цели уничтожены карты цвета «Защита»." in told(h, c)
        assert [card.card for card in state.player(d).deck] == ["house_search"]
        # Убеждение turned B's top two (after Оптимизм looked); B's refill then drew the first of them
        assert [card.card for card in state.player(b).deck] == ["broad_daylight", "pistol"]
        assert [card.card for card in state.player(f).sleeve] == ["lamp"]
        assert any(x.card == "tank" and x.free for x in state.player(f).deck + state.player(f).hand)
        panel = await fresh_panel(h, u[g])  # the refill took the Удар ногой: Бункер on top, Лампа at the bottom
        assert "Верх колоды: Бункер" in (panel.text or "") and "Низ колоды: Лампа" in (panel.text or "")
        await tap(h, u[g], panel, "🂠 Сбросить нижнюю карту колоды")
        assert "Подтвердите — действие сработает сразу." in (panel.text or "")
        await tap(h, u[g], panel, "✅ Подтвердить")
        assert "Интуиция: нижняя карта колоды — «Лампа» — сброшена." in told(h, g)
        assert [x.card for x in (await state_of(h)).player(g).deck] == ["bunker", "tank"]

        # Маска (Дневная): only the player's own colours are offered
        await deal(h, a, hand=["mask", *DUMMIES])
        message, _ = await play(h, u[a], "🃏 Маска", "▶ Сыграть")
        assert WORD[other] not in labels(message)
        await tap_accepted(h, u[a], message, WORD[own[-1]], "✅ Подтвердить")
        voters = [p.pid for p in state.living()][:3]
        await vote_and_punish(h, voters, law[-1], "казнь")
        await h.resolve()  # ------------------------------------------------------------------ night 2
        state = await state_of(h)
        assert state.status == "running"
        assert any(ef.params.get("colour") == own[-1] for ef in state.effects_of("mask", target=a))

        # Кейкаку: at the next new deck the builder asks for up to 3 cards to make Свободные
        state.add_effect("keikaku", target=c, source=c, next_build=True, count=3)
        state.player(c).discard.extend(state.player(c).deck)
        state.player(c).deck = []
        await save(h, state)
        panel = await fresh_panel(h, u[c])
        await press(h, u[c], panel, next(a for _t, a in acts(panel) if a.a == "rb").pack())
        assert "Кейкаку — Свободные карты новой колоды: не выбраны (можно выбрать 3" in (panel.text or "")
        await fill_by_buttons(h, u[c], panel)
        await press(h, u[c], panel, Act(g=1, p=state.phase, a="beng").pack())
        assert "Кейкаку: отметьте до 3 карт новой колоды" in (panel.text or "")
        toggles = [a for _t, a in acts(panel) if a.a == "btog"]
        for toggle in toggles[:3]:
            await press(h, u[c], panel, toggle.pack())
        assert "столько Свободных карт выбрать нельзя" in await press(h, u[c], panel, toggles[3].pack())
        await press(h, u[c], panel, Act(g=1, p=state.phase, a="bback").pack())
        assert "Колода сохранена" in await press(h, u[c], panel, Act(g=1, p=state.phase, a="bsave").pack())
        state = await state_of(h)
        free = sorted(x.card for x in state.player(c).deck if x.free)
        assert free == sorted(t.v for t in toggles[:3])
        assert not state.effects_of("keikaku", target=c)
    finally:
        await h.close()
