"""The cards that look back, through the fake Telegram: the two new kinds of choice — a past phase, shown
«ночь 1» / «день 1» (Флешбек, Шпионский автомат's earlier vote) and a dead character limited to those who died
last night (Дактилоскопия) — are offered as buttons, the order is accepted, and after the phase the player
reads what the card found."""

from __future__ import annotations

from engine.core.state import PlayRecord
from tests.e2e.driver import deal, fresh_panel, labels, name, save, state_of, tap
from tests.e2e.harness import Harness, make_harness, start_mafik
from tests.e2e.test_mafik_phase import ROLES


async def game_at(tmp_path, phase: int) -> Harness:
    h = await make_harness(tmp_path, players=13)
    await start_mafik(h, ROLES)
    state = await state_of(h)
    for player in state.players:  # nobody dies of the empty Вече on the way
        player.hand = [state.new_card("dummy") for _ in range(12)]
    await save(h, state)
    while (await state_of(h)).phase < phase:
        await h.resolve()
    assert (await state_of(h)).status == "running"
    return h


async def test_flashback_asks_a_past_phase_by_name_and_says_what_the_target_played(tmp_path):
    h = await game_at(tmp_path, 3)  # night 2
    try:
        state = await state_of(h)
        state.history.append(PlayRecord(phase=2, actor=1, card="martial_arts", targets=[0]))
        await save(h, state)
        await deal(h, 0, hand=["flashback", "dummy", "dummy"])
        user = h.players[0]
        message = await fresh_panel(h, user)
        await tap(h, user, message, "Флешбек")
        await tap(h, user, message, "Сыграть")
        assert "Выберите прошедшую фазу" in (message.text or "")
        assert [b for b in labels(message) if b in ("день 1", "ночь 1")] == ["день 1", "ночь 1"]
        await tap(h, user, message, "день 1")
        assert "Фаза: день 1" in (message.text or "")
        await tap(h, user, message, name(1))
        await tap(h, user, message, "Защита")
        await tap(h, user, message, "Боевое искусство")
        assert await tap(h, user, message, "Подтвердить") == "✅ Заявка принята."
        (order,) = [o for o in (await state_of(h)).orders[0] if o.kind == "play"]
        assert order.params == {"phase": 2, "target": 1, "card": "martial_arts"}
        await h.resolve()
        said = "\n".join(h.texts(user))
        assert "Флешбек: Персонаж 2" in said and "«Боевое искусство» в фазу «день 1»" in said
    finally:
        await h.close()


async def test_dactyloscopy_offers_only_last_nights_dead(tmp_path):
    h = await game_at(tmp_path, 4)  # day 2
    try:
        state = await state_of(h)
        for pid, died in ((5, 3), (6, 1)):  # 6 (Персонаж 6) died last night, 7 on night 1
            state.player(pid).alive = False
            state.player(pid).died = died
        await save(h, state)
        await deal(h, 0, hand=["dactyloscopy", "dummy", "dummy"])
        user = h.players[0]
        message = await fresh_panel(h, user)
        await tap(h, user, message, "Дактилоскопия")
        await tap(h, user, message, "Сыграть")
        await tap(h, user, message, name(1))
        assert name(5) in labels(message) and name(6) not in labels(message)
        await tap(h, user, message, name(5))
        if "Пропустить" in labels(message):  # the mafia's role guess, for a mafioso
            await tap(h, user, message, "Пропустить")
        assert await tap(h, user, message, "Подтвердить") == "✅ Заявка принята."
        await h.resolve()
        assert any("Дактилоскопия: Персонаж 2" in text and "Персонаж 6" in text for text in h.texts(user))
    finally:
        await h.close()


async def test_spy_machine_earlier_vote_costs_one_and_names_the_day(tmp_path):
    h = await game_at(tmp_path, 5)  # night 3: days 1 and 2 have voted (everyone for themselves)
    try:
        await deal(h, 0, hand=["spy_machine", "dummy"], sleeve=["dummy"])
        user = h.players[0]
        message = await fresh_panel(h, user)
        await tap(h, user, message, "Шпионский автомат")
        await tap(h, user, message, "Сыграть")
        await tap(h, user, message, name(1))
        await tap(h, user, message, "более раннем голосовании")
        assert [b for b in labels(message) if b.startswith(("день", "ночь"))] == ["день 2", "день 1"]
        await tap(h, user, message, "день 1")
        await tap(h, user, message, "Пустышка")  # Цена 1, paid from the Sleeve
        await tap(h, user, message, "Подтвердить")  # the payment
        assert await tap(h, user, message, "Подтвердить") == "✅ Заявка принята."
        (order,) = [o for o in (await state_of(h)).orders[0] if o.kind == "play"]
        assert order.params == {"target": 1, "mode": "earlier_vote", "vote": 2} and len(order.payment.cards) == 1
        await h.resolve()
        said = "\n".join(h.texts(user))
        assert "Шпионский автомат: на голосовании (день 1) Персонаж 2" in said
    finally:
        await h.close()
