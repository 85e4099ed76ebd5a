"""The intel cards' new kinds of input through the fake Telegram: one accusation per target (Разгром
кулаков.), a count by stance (Камера наблюдения in the upper stance: 2 targets), a count by role
(Криминалист: up to 5 corpses for the Предатель), and what the players are told after the night."""

from __future__ import annotations

from tests.e2e.driver import deal, fresh_panel, labels, name, orders, play, save, state_of, tap
from tests.e2e.harness import PLAIN_ROLES as ROLES
from tests.e2e.harness import make_harness, start_mafik

# Public roles with no perk that acts unasked.


async def test_intel_cards_ask_what_the_engine_says_and_tell_what_they_learn(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await start_mafik(h, ROLES)
        state = await state_of(h)
        assert state.phase == 1
        law = [p.pid for p in state.players if p.faction == "law"]
        kulak, cam, traitor = [pid for pid in law if pid > 1][:3]  # not the Наставник, not the Культист
        state.player(traitor).secret_role = state.player(traitor).faction = "traitor"  # the Предатель's count
        await save(h, state)
        b, c = [p.pid for p in state.players if p.pid not in (kulak, cam, traitor, 0, 1)][:2]

        # ---- Разгром кулаков.: two targets, then an accusation for each, target by target
        await deal(h, kulak, hand=["crushing_the_kulaks", "dummy", "dummy", "dummy", "dummy", "dummy"])
        user = h.players[kulak]
        message, _ = await play(h, user, "🃏 Разгром кулаков.", "▶ Сыграть", name(b), name(c))
        assert "до 2" in (message.text or "")
        await tap(h, user, message, "Готово")
        assert f"Обвинение — {name(b)}" in (message.text or "")
        assert "Пропустить" in labels(message)
        await tap(h, user, message, "Защита")
        await tap(h, user, message, "Бункер")
        await tap(h, user, message, "Готово")
        assert f"Обвинение — {name(c)}" in (message.text or "")
        assert "Пропустить" not in labels(message)  # an accusation for one target only is not one
        await tap(h, user, message, "Защита")
        await tap(h, user, message, "Танк")
        await tap(h, user, message, "Готово")
        text = message.text or ""
        assert f"Обвинения: {name(b)} — Бункер; {name(c)} — Танк" in text
        assert await tap(h, user, message, "✅ Подтвердить") == "✅ Заявка принята."
        (order,) = orders(await state_of(h), kulak, "play")
        assert order.params == {"targets": [b, c], "accuse": [["bunker"], ["tank"]]}

        # ---- Камера наблюдения in the upper stance: two targets
        state = await state_of(h)
        state.add_effect("stance", target=cam, stance="upper")
        await save(h, state)
        await deal(h, cam, hand=["surveillance_camera", "dummy", "dummy", "dummy", "dummy", "dummy"], sleeve=["dummy"])
        user = h.players[cam]
        message, _ = await play(h, user, "🃏 Камера наблюдения", "▶ Сыграть", name(b), name(c))
        assert "до 2" in (message.text or "")
        await tap(h, user, message, "Готово")
        await tap(h, user, message, "🎴 Пустышка")
        await tap(h, user, message, "✅ Подтвердить")
        assert await tap(h, user, message, "✅ Подтвердить") == "✅ Заявка принята."
        (order,) = orders(await state_of(h), cam, "play")
        assert order.params == {"targets": [b, c]}

        # ---- Криминалист: up to 3 corpses, up to 5 for the Предатель
        state = await state_of(h)
        corpses = [p.pid for p in state.players if p.pid not in (kulak, cam, traitor, b, c)][:5]
        for pid in corpses:
            state.player(pid).alive = False
        await save(h, state)
        await deal(h, traitor, hand=["criminalist", "dummy", "dummy", "dummy", "dummy", "dummy"], sleeve=["dummy"])
        user = h.players[traitor]
        message, _ = await play(h, user, "🃏 Криминалист", "▶ Сыграть")
        assert "до 5" in (message.text or "")
        await fresh_panel(h, user)

        # ---- the night resolves: what they learn
        await h.resolve()
        kulak_text = "\n".join(h.texts(h.players[kulak]))
        assert f"Разгром кулаков: {name(b)} в эту фазу не" in kulak_text
        assert f"Разгром кулаков: {name(c)} в эту фазу не" in kulak_text
        cam_text = "\n".join(h.texts(h.players[cam]))
        assert f"Камера наблюдения: {name(b)} — этой ночью на этого персонажа сыграны карты: Разгром кулаков., " \
               "Камера наблюдения" in cam_text
    finally:
        await h.close()
