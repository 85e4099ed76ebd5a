"""The card dialogue refuses at the step that is wrong, not at the end: a card that cannot be played
now is marked on the panel and its first tap says why; only the steps the choices call for are asked,
a required one without «Пропустить»; a wrong choice is refused when chosen, naming it and the reason.
And a Микромафик mafioso sees his partner's kill vote."""

from __future__ import annotations

from tests.e2e.driver import deal, fresh_panel, labels, name, orders, save, state_of, tap
from tests.e2e.harness import Harness, make_harness, start_mafik
from tests.e2e.test_bad_input import running_game

SKIP = "Пропустить"


async def day_one(tmp_path) -> Harness:
    """A Микромафик game at day 1 (the first night resolved with nothing played)."""
    h = await running_game(tmp_path)
    await h.resolve()
    assert (await state_of(h)).phase == 2
    return h


async def set_points(h: Harness, pid: int, points: int) -> None:
    state = await state_of(h)
    state.player(pid).points = points
    await save(h, state)


async def test_disinformation_asks_only_what_the_imitation_needs_and_is_accepted(tmp_path):
    h = await day_one(tmp_path)
    try:
        user = h.players[0]
        await deal(h, 0, hand=["disinformation", "autopsy"])
        message = await fresh_panel(h, user)
        await tap(h, user, message, "Дезинформация")
        await tap(h, user, message, "Сыграть")
        await tap(h, user, message, "Гласность")
        assert "Назовите карты" in (message.text or "")
        assert SKIP not in labels(message), "the card Гласность needs was offered to be skipped"
        await tap(h, user, message, "Пистолет")
        await tap(h, user, message, "Готово")
        assert "Подтвердите заявку" in (message.text or ""), "a character was asked for an imitated Гласность"
        assert await tap(h, user, message, "Подтвердить") == "✅ Заявка принята."
        (order,) = (await state_of(h)).orders[0]
        assert order.params == {"imitate": "glasnost", "cards": ["pistol"]}
    finally:
        await h.close()


async def test_disinformation_of_an_alibi_asks_for_the_character_only(tmp_path):
    h = await day_one(tmp_path)
    try:
        user = h.players[0]
        await deal(h, 0, hand=["disinformation", "autopsy"])
        message = await fresh_panel(h, user)
        for step in ("Дезинформация", "Сыграть", "Алиби"):
            await tap(h, user, message, step)
        assert "Выберите персонажа" in (message.text or "") and SKIP not in labels(message)
        await tap(h, user, message, name(1))
        assert await tap(h, user, message, "Подтвердить") == "✅ Заявка принята."
    finally:
        await h.close()


async def test_night_only_card_is_marked_by_day_and_its_first_tap_says_so(tmp_path):
    h = await day_one(tmp_path)
    try:
        user = h.players[0]
        await deal(h, 0, hand=["alibi", "letter"])
        message = await fresh_panel(h, user)
        assert "🃏 Алиби 🚫" in labels(message) and "🃏 Письмо" in labels(message)
        await tap(h, user, message, "Алиби")
        assert "(карта только для ночи)" in (message.text or "")
        assert not [b for b in labels(message) if "Сыграть" in b]
    finally:
        await h.close()


async def test_unaffordable_card_says_there_is_nothing_to_pay_with_at_once(tmp_path):
    h = await day_one(tmp_path)
    try:
        user = h.players[0]
        await deal(h, 0, hand=["glasnost"])
        await set_points(h, 0, 0)
        message = await fresh_panel(h, user)
        assert "🃏 Гласность 🚫" in labels(message)
        await tap(h, user, message, "Гласность")
        assert "Вам нечем заплатить" in (message.text or "")
        assert not [b for b in labels(message) if "Сыграть" in b]
    finally:
        await h.close()


async def test_a_wrong_target_is_refused_when_chosen_with_the_reason(tmp_path):
    h = await day_one(tmp_path)
    try:
        user = h.players[0]
        await deal(h, 0, hand=["letter", "autopsy"])
        state = await state_of(h)
        state.player(1).public_role = "sociopath"  # untouchable the first night and day
        await save(h, state)
        message = await fresh_panel(h, user)
        await tap(h, user, message, "Письмо")
        await tap(h, user, message, "Сыграть")
        answer = await tap(h, user, message, name(1))
        assert "Эта цель недоступна" in answer and "(у цели иммунитет)" in answer
        assert "⚠️" in (message.text or "") and "Выберите цель" in (message.text or "")
        await tap(h, user, message, name(2))
        assert "Напишите" in (message.text or "")
    finally:
        await h.close()


async def test_a_mafioso_sees_his_partners_kill_vote(tmp_path):
    h = await running_game(tmp_path)
    try:
        state = await state_of(h)
        first, second = [p.pid for p in state.players if p.faction == "mafia"]
        victim = next(p.pid for p in state.players if p.faction == "law")
        panel = await fresh_panel(h, h.players[first])
        assert f"Напарник {name(second)} ещё не голосовал за убийство" in (panel.text or "")
        message = await fresh_panel(h, h.players[second])
        await tap(h, h.players[second], message, "🔪 Голос мафии")
        assert await tap(h, h.players[second], message, name(victim)) == "✅ Заявка принята."
        told = f"Ваш напарник {name(second)} теперь голосует за убийство: {name(victim)}"
        assert any(told in text for text in h.texts(h.players[first]))
        assert not any(told in text for text in h.texts(h.players[second]))
        panel = await fresh_panel(h, h.players[first])
        assert f"Напарник {name(second)} голосует за убийство: {name(victim)}" in (panel.text or "")
    finally:
        await h.close()


async def test_plan_b_for_colours_without_ten_cards_is_marked_and_refused_at_the_first_tap(tmp_path, monkeypatch):
    from engine.core.ruleset import get_ruleset
    from engine.rulesets.mafik.registry import REGISTRIES
    from engine.rulesets.mafik.roles import SECRET_ROLES
    from tests.e2e.harness import make_harness, start_mafik

    h = await make_harness(tmp_path, players=12)
    try:
        await start_mafik(h, ["other"] * 12)
        state = await state_of(h)
        ruleset = get_ruleset("mafik")
        # a law player whose colours have fewer than ten implemented cards: all but nine of them are taken out
        # of the registry for the test (once every colour is written, no role is short of them)
        pid = next(p.pid for p in state.players if p.faction == "law")
        colours = SECRET_ROLES[state.player(pid).secret_role].colours
        own = [c.id for c in ruleset.catalog if c.colour in colours and c.id in REGISTRIES.cards.behaviours]
        for card_id in own[9:]:
            monkeypatch.delitem(REGISTRIES.cards.behaviours, card_id)
        await deal(h, pid, hand=["plan_b", "dummy"])
        user = h.players[pid]
        message = await fresh_panel(h, user)
        assert "🃏 План В 🚫" in labels(message)
        await tap(h, user, message, "План В")
        assert "нет ни одного подходящего варианта" in (message.text or "")
        assert not [b for b in labels(message) if "Сыграть" in b]
    finally:
        await h.close()


async def test_the_magician_is_offered_his_copy_at_the_confirm_step_and_it_reaches_the_order(tmp_path):
    h = await day_one(tmp_path)
    try:
        user = h.players[0]
        await deal(h, 0, hand=["disinformation", "autopsy"])
        for pid, role in ((0, "magician"), (1, "hero")):
            state = await state_of(h)
            state.player(pid).public_role = role
            await save(h, state)
        message = await fresh_panel(h, user)
        for step in ("Дезинформация", "Сыграть", "Гласность", "Пистолет", "Готово"):
            await tap(h, user, message, step)
        assert "Фокусник: копия вместо добора" in labels(message)
        await tap(h, user, message, "Фокусник: копия вместо добора")
        assert "✅ Фокусник: копия вместо добора" in labels(message)
        assert await tap(h, user, message, "Подтвердить") == "✅ Заявка принята."
        (order,) = (await state_of(h)).orders[0]
        assert order.params.get("magician_copy") is True
        await deal(h, 1, hand=["disinformation", "autopsy"])
        other = await fresh_panel(h, h.players[1])
        for step in ("Дезинформация", "Сыграть", "Гласность", "Пистолет", "Готово"):
            await tap(h, h.players[1], other, step)
        assert "Подтвердите заявку" in (other.text or "")
        assert not [b for b in labels(other) if "Фокусник" in b], "a copy was offered to a player who is no Фокусник"
    finally:
        await h.close()


MAFIK_ROLES = ["mentor", "cultist", "politician", "prosecutor", "bureaucrat", "revolutionary", "geek", "lucky",
               "paranoiac", "bloodhound", "guard", "scientist", "undertaker"]


async def test_a_night_discard_of_a_card_already_played_is_refused_when_the_cards_are_chosen(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await start_mafik(h, MAFIK_ROLES)
        user = h.players[0]
        await deal(h, 0, hand=["pistol", "dummy", "kick", "dummy", "dummy", "dummy"])
        pistol = (await state_of(h)).player(0).hand[0].uid
        await h.app.service.submit(1, user_id=user.id, kind="play", card=pistol, params={"target": 2})
        message = await fresh_panel(h, user)
        await tap(h, user, message, "🗑 Сбросить 2 карты")
        await tap(h, user, message, "Пистолет")
        await tap(h, user, message, "Удар ногой")
        answer = await tap(h, user, message, "Готово")  # refused now, not at the confirmation
        assert answer == "Одна и та же карта использована дважды."
        assert "⚠️" in (message.text or "") and "Выберите карты из руки" in (message.text or ""), "asked again"
        assert "✅ Подтвердить" not in labels(message)
        assert not orders(await state_of(h), 0, "night_discard")
    finally:
        await h.close()


async def test_keeping_a_knocked_out_card_is_offered_on_the_cards_of_that_colour_only_and_paid(tmp_path):
    h = await day_one(tmp_path)
    try:
        user = h.players[0]
        await deal(h, 0, hand=["letter", "autopsy"])  # Письмо is an info card, Аутопсия a defence one
        state = await state_of(h)
        state.add_effect("knockout", target=0, source=1, start=state.phase, end=state.phase, colour="info")
        state.player(0).points = 1
        await save(h, state)
        message = await fresh_panel(h, user)
        await tap(h, user, message, "Аутопсия")
        assert "📌 Оставить (цена 1)" not in labels(message), "offered on a card of a colour not knocked out"
        await tap(h, user, message, "⬅ Назад")
        await tap(h, user, message, "Письмо")
        await tap(h, user, message, "📌 Оставить (цена 1)")
        assert "Оплата: цена 1" in (message.text or "")
        await tap(h, user, message, "+ балл")
        await tap(h, user, message, "✅ Подтвердить")
        assert await tap(h, user, message, "✅ Подтвердить") == "✅ Заявка принята."
        (order,) = orders(await state_of(h), 0, "keep")
        assert order.card == (await state_of(h)).player(0).hand[0].uid and order.payment.points == 1
    finally:
        await h.close()
