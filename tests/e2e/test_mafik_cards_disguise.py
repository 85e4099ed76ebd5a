"""Мафик's Маскировка and guess cards through the fake Telegram: a guess card's role step offers only the
roles its `of` allows (Лжесвидетель: the law's), a guess aimed at a Безликий is refused when its role is
named, with the reason, Маскировка is played by day and paid from the Sleeve, and Симулянт's instant
cancel is offered on the panel while its effect lasts and works at once."""

from __future__ import annotations

from engine.core.durations import UNTIL_END
from engine.core.state import GameState
from tests.e2e.driver import deal, fresh_panel, labels, name, play, save, state_of, tap
from tests.e2e.harness import Harness, make_harness, start_mafik
from tests.e2e.test_mafik_phase import ROLES, resolve

LAW_ROLES = ["Офицер", "Шериф", "Комиссар", "Судья", "Вигиланте", "Полицейский", "Следователь", "Сыщик"]


async def game(tmp_path) -> Harness:
    h = await make_harness(tmp_path, players=13)
    await start_mafik(h, ROLES)
    return h


def seat(state: GameState, faction: str, *, skip: int = 0) -> int:
    return [p.pid for p in state.players if p.faction == faction][skip]


async def test_perjurer_offers_only_the_law_roles_and_is_accepted(tmp_path):
    h = await game(tmp_path)
    try:
        state = await state_of(h)
        mafioso, lawman = seat(state, "mafia"), seat(state, "law")
        await deal(h, mafioso, hand=["perjurer", "dummy"])
        user = h.players[mafioso]
        message, _ = await play(h, user, "🃏 Лжесвидетель", "▶ Сыграть", name(lawman))
        assert "Назовите тайную роль" in (message.text or "")
        assert [b for b in labels(message) if b != "✖ Отмена"] == LAW_ROLES
        await tap(h, user, message, "Судья")
        assert await tap(h, user, message, "✅ Подтвердить") == "✅ Заявка принята."
        (order,) = (await state_of(h)).orders[mafioso]
        assert order.params == {"target": lawman, "role": "judge"}
    finally:
        await h.close()


async def test_a_guess_at_a_faceless_character_is_refused_when_the_role_is_named(tmp_path):
    h = await game(tmp_path)
    try:
        state = await state_of(h)
        mafioso, lawman = seat(state, "mafia"), seat(state, "law")
        state.add_effect("faceless", target=lawman, during=UNTIL_END)
        await save(h, state)
        await deal(h, mafioso, hand=["sniper_rifle", "dummy"])
        user = h.players[mafioso]
        message, _ = await play(h, user, "🃏 Снайперская винтовка", "▶ Сыграть", name(lawman))
        answer = await tap(h, user, message, "Офицер")
        assert answer == "Эта цель недоступна. (этому персонажу нельзя назвать тайную роль — он Безликий)"
        assert (await state_of(h)).orders.get(mafioso, []) == []
    finally:
        await h.close()


async def test_disguise_by_day_paid_from_the_sleeve(tmp_path):
    h = await game(tmp_path)
    try:
        await resolve(h)  # day 1
        state = await state_of(h)
        lawman = seat(state, "law")
        await deal(h, lawman, hand=["disguise", "dummy"], sleeve=["dummy"])
        user = h.players[lawman]
        message, _ = await play(h, user, "🃏 Маскировка", "▶ Сыграть", "Шериф")
        await tap(h, user, message, "🎴 Пустышка")
        await tap(h, user, message, "✅ Подтвердить")
        assert await tap(h, user, message, "✅ Подтвердить") == "✅ Заявка принята."
        (order,) = [o for o in (await state_of(h)).orders[lawman] if o.kind == "play"]
        assert order.params == {"role": "sheriff"} and len(order.payment.cards) == 1
    finally:
        await h.close()


async def test_malingerer_shows_the_chosen_count_and_its_cancel_is_offered_and_instant(tmp_path):
    h = await game(tmp_path)
    try:
        state = await state_of(h)
        lawman = seat(state, "law", skip=1)
        await deal(h, lawman, hand=["malingerer", "dummy"], sleeve=["dummy"])
        user = h.players[lawman]
        message, _ = await play(h, user, "🃏 Симулянт", "▶ Сыграть", "9", "Пропустить", "🎴 Пустышка", "✅ Подтвердить")
        assert await tap(h, user, message, "✅ Подтвердить") == "✅ Заявка принята."
        state = await resolve(h)
        (counts,) = [e for e in state.events if e.kind == "hand_counts" and e.phase == 1]
        assert counts.params["counts"][str(lawman)] == 9
        message = await fresh_panel(h, user)
        assert "🤒 Отменить «Симулянта»" in labels(message)
        await tap(h, user, message, "🤒 Отменить «Симулянта»")
        assert await tap(h, user, message, "✅ Подтвердить") == "✅ Готово."
        state = await state_of(h)
        assert state.effects_of("malingerer", target=lawman) == []
        assert any(e.kind == "malingerer_cancelled" and e.who == lawman for e in state.events)
    finally:
        await h.close()


async def test_hunch_asks_the_traitor_for_as_many_roles_as_there_are_corpses(tmp_path):
    """Догадка (Предатель): «Назовите столько Тайных ролей, сколько сейчас трупов» — with two dead, the
    dialogue asks two roles one after the other (any roles), then the payment, and the order carries both."""
    h = await game(tmp_path)
    try:
        state = await state_of(h)
        traitor = seat(state, "traitor") if any(p.faction == "traitor" for p in state.players) else seat(state, "law")
        player = state.player(traitor)
        player.secret_role, player.faction = "traitor", "traitor"
        dead = [p.pid for p in state.players if p.pid != traitor and p.faction == "law"][:2]
        for pid in dead:
            state.player(pid).alive = False
        target = next(p.pid for p in state.players if p.alive and p.pid != traitor)
        await save(h, state)
        await deal(h, traitor, hand=["hunch", "dummy"], sleeve=["dummy"])
        user = h.players[traitor]
        message, _ = await play(h, user, "🃏 Догадка", "▶ Сыграть", name(target))
        await tap(h, user, message, "Судья")
        await tap(h, user, message, "Киллер")
        assert "Тайные роли: Судья, Киллер" in (message.text or "")
        await tap(h, user, message, "🎴 Пустышка")  # Цена 1, paid from the Sleeve
        await tap(h, user, message, "✅ Подтвердить")  # the payment
        answer = await tap(h, user, message, "✅ Подтвердить")  # the order
        assert answer == "✅ Заявка принята.", (answer, message.text)
        (order,) = (await state_of(h)).orders[traitor]
        assert order.params["roles"] == ["judge", "killer"] and order.params["target"] == target
    finally:
        await h.close()
