"""Мафик's phases through the fake Telegram, by buttons and typed text only: plays from the Hand and
from the Sleeve (paid from the Sleeve, by the Культист from the Hand, "as" another card), an
accusation, stance changes, the night discard of two, the Маньяк's swap and blood, a granted ability,
the public roles' orders and instant actions, the secret vote and each of the four punishments over
four days, and the refusals a player meets (over the limit, unpayable cost, wrong phase, dead target,
a barred punishment, Изгнание) with the message they get.

The deck phase is resolved by the master (random legal decks); then the test deals chosen cards to
some players (`deal`, a stacked deck), so that what is tested never depends on the random decks.
"""

from __future__ import annotations

from engine.core.state import GameState
from tests.e2e.driver import (
    answer_of,
    deal,
    fresh_panel,
    labels,
    name,
    orders,
    panel_of,
    play,
    state_of,
    tap,
    vote_and_punish,
)
from tests.e2e.harness import PLAIN_ROLES as ROLES
from tests.e2e.harness import Harness, buttons, make_harness, start_mafik
from tgbot.sandbox.faketg import FakeMessage, FakeUser
from tgbot.ui.callbacks import Act

# The public roles of the 13 players, pid 0…12 (active perks only, so nothing acts unasked).


# ---------------------------------------------------------------- helpers

async def forged(h: Harness, user: FakeUser, data: str) -> str:
    """A button carrying `data` pressed on the player's last message (as an old or forged button would)."""
    message = h.world.last_message(user.chat)
    assert message is not None
    kept = message.reply_markup
    message.reply_markup = {"inline_keyboard": [[{"text": "forged", "callback_data": data}]]}
    update = user.press(message, "forged")
    await h.feed(update)
    message.reply_markup = kept
    return answer_of(h, update)


def panel(h: Harness, user: FakeUser) -> FakeMessage:
    """The player's latest panel (as it was last shown: a flow screen may have replaced it since)."""
    message = panel_of(h, user)
    assert message is not None, f"{user.first_name} has no panel"
    return message


async def resolve(h: Harness) -> GameState:
    before = (await state_of(h)).phase
    await h.resolve()
    state = await state_of(h)
    assert state.phase == before + 1 and state.status == "running", (state.phase, state.status, state.winners)
    return state


# ---------------------------------------------------------------- the game

async def test_mafik_phases_through_telegram(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await start_mafik(h, ROLES)
        state = await state_of(h)
        assert state.ruleset == "mafik" and state.status == "running" and state.phase == 1
        maniac = next(p.pid for p in state.players if p.secret_role == "maniac")
        mentor, cultist, geek, lucky = 0, 1, 6, 7  # seats by public role (ROLES)
        cast = [pid for pid in range(2, 13) if pid not in (maniac, geek, lucky)]
        shooter, vested, discarder, late, soldier, demon, spare = cast[:7]
        for user in h.players:
            first = panel(h, user).text or ""
            assert "Рука (сбрасывается сверху вниз)" in first and "Рукав:" in first and "стойка: обычная" in first

        # ---- the Маньяк: swap at once, blood he cannot pay, blood he can
        await deal(h, maniac, hand=["pistol", "dummy", "dummy", "dummy", "dummy", "dummy"], sleeve=["shiv"])
        message = await fresh_panel(h, h.players[maniac])
        assert "🩸 Кровь: 2" in (message.text or "")
        await tap(h, h.players[maniac], message, "🃏 Пистолет")
        await tap(h, h.players[maniac], message, "🔁 Поменять с картой рукава")
        await tap(h, h.players[maniac], message, "Заточка")
        assert "сработает сразу" in (message.text or "")
        assert await tap(h, h.players[maniac], message, "✅ Подтвердить") == "✅ Готово."
        state = await state_of(h)
        assert [c.card for c in state.player(maniac).sleeve] == ["pistol"]
        assert state.player(maniac).hand[0].card == "shiv"
        await tap(h, h.players[maniac], message, "🩸 Кровь")
        await tap(h, h.players[maniac], message, "🔪 2 урона цели — 3 крови (ночью)")
        refused = await tap(h, h.players[maniac], message, name(spare))  # refused when chosen, not at the end
        assert refused == "Цена оплачена неверно. (не хватает крови: есть 2, нужно 3)"
        assert "⚠️" in (message.text or "") and "Выберите цель" in (message.text or "")
        assert not orders(await state_of(h), maniac, "blood")
        await tap(h, h.players[maniac], message, "✖ Отмена")
        await tap(h, h.players[maniac], message, "🩸 Кровь")
        await tap(h, h.players[maniac], message, "🔪 1 урона цели — 2 крови (ночью)")
        await tap(h, h.players[maniac], message, name(spare))
        assert await tap(h, h.players[maniac], message, "✅ Подтвердить") == "✅ Заявка принята."
        assert f"кровь: 🔪 1 урона цели — 2 крови (ночью) → {name(spare)}" in (message.text or "")

        # ---- night 1: a play from the Hand with a target and an accusation
        await deal(h, shooter, hand=["pistol", "kick", "dummy", "dummy", "dummy", "dummy"])
        message, _ = await play(h, h.players[shooter], "🃏 Пистолет", "▶ Сыграть", name(spare))
        assert "Обвинение (по желанию)" in (message.text or "")
        assert "Удар ногой" in labels(message)
        await tap(h, h.players[shooter], message, "Удар ногой")
        assert "Выбрано: 1" in (message.text or "")
        await tap(h, h.players[shooter], message, "Готово")
        assert "Обвинение: Удар ногой" in (message.text or "") and f"Цель: {name(spare)}" in (message.text or "")
        assert await tap(h, h.players[shooter], message, "✅ Подтвердить") == "✅ Заявка принята."
        (order,) = orders(await state_of(h), shooter, "play")
        assert order.params == {"target": spare, "accuse": ["kick"]}
        assert f"сыграть «Пистолет» → {name(spare)}" in (message.text or "")

        # ---- a play from the Sleeve paid from the Sleeve, then one more Sleeve card: over the limit
        await deal(h, vested, sleeve=["bulletproof_vest", "dummy", "bunker"])
        message, _ = await play(h, h.players[vested], "🎴 Бронежилет", "▶ Сыграть из рукава", name(vested))
        assert "Оплата: цена 1" in (message.text or "") and "Из рукава" in (message.text or "")
        assert "✅ Подтвердить" not in labels(message)
        await tap(h, h.players[vested], message, "🎴 Пустышка")
        await tap(h, h.players[vested], message, "✅ Подтвердить")
        assert "Всё готово" in (message.text or "")
        assert await tap(h, h.players[vested], message, "✅ Подтвердить") == "✅ Заявка принята."
        state = await state_of(h)
        (order,) = orders(state, vested, "play")
        sleeve = {c.card: c.uid for c in state.player(vested).sleeve}
        assert order.card == sleeve["bulletproof_vest"] and order.payment.cards == [sleeve["dummy"]]
        assert "из рукава; оплата 1" in (message.text or "")
        message, _ = await play(h, h.players[vested], "🎴 Бункер", "▶ Сыграть из рукава")
        refused = await tap(h, h.players[vested], message, "✅ Подтвердить")
        assert refused.startswith("Лимит исчерпан. За фазу можно сыграть карт из руки: 1, из рукава: 1")
        assert "⚠️ Лимит исчерпан" in (message.text or ""), "the refusal stays on the screen"
        assert len(orders(await state_of(h), vested, "play")) == 1

        # ---- the Культист pays from the Hand; a player with an empty Sleeve cannot pay
        await deal(h, cultist, hand=["bulletproof_vest", "dummy", "kick", "dummy", "dummy", "dummy"], sleeve=[])
        message, _ = await play(h, h.players[cultist], "🃏 Бронежилет", "▶ Сыграть", name(cultist))
        assert "Культист: до 2 карт" in (message.text or "")
        await tap(h, h.players[cultist], message, "✋ Удар ногой")
        await tap(h, h.players[cultist], message, "✅ Подтвердить")
        assert await tap(h, h.players[cultist], message, "✅ Подтвердить") == "✅ Заявка принята."
        await deal(h, late, hand=["bulletproof_vest", "dummy", "dummy", "dummy", "dummy", "dummy"], sleeve=[])
        message = await fresh_panel(h, h.players[late])
        assert "🃏 Бронежилет 🚫" in labels(message), "a card nothing could pay for is marked on the panel"
        await tap(h, h.players[late], message, "🃏 Бронежилет")
        assert "Вам нечем заплатить цену этой карты (1)" in (message.text or ""), "said at the first tap"
        assert "▶ Сыграть" not in labels(message)
        await tap(h, h.players[late], message, "⬅ Назад")

        # ---- the wrong phase: a day-only card at night, marked and refused at the first tap
        await deal(h, late, hand=["they_will_come_for_you", "dummy", "dummy", "dummy", "dummy", "dummy"])
        message = await fresh_panel(h, h.players[late])
        assert "🃏 За вами придут! 🚫" in labels(message)
        await tap(h, h.players[late], message, "🃏 За вами придут!")
        assert "Сейчас не та фаза для этого действия. (только днём)" in (message.text or "")
        assert "▶ Сыграть" not in labels(message)

        # ---- the night discard of two, then a play besides it: refused
        await deal(h, discarder, hand=["pistol", "dummy", "kick", "dummy", "dummy", "dummy"])
        message = await fresh_panel(h, h.players[discarder])
        await tap(h, h.players[discarder], message, "🗑 Сбросить 2 карты")
        assert "вместо розыгрыша карт" in (message.text or "")
        await tap(h, h.players[discarder], message, "Удар ногой")
        assert "Готово" not in labels(message)
        await tap(h, h.players[discarder], message, "Пистолет")
        await tap(h, h.players[discarder], message, "Готово")
        assert await tap(h, h.players[discarder], message, "✅ Подтвердить") == "✅ Заявка принята."
        assert "сбросить две карты: Пистолет, Удар ногой" in (message.text or "") or \
            "сбросить две карты: Удар ногой, Пистолет" in (message.text or "")
        message, _ = await play(h, h.players[discarder], "🃏 Пустышка", "▶ Сыграть")
        refused = await tap(h, h.players[discarder], message, "✅ Подтвердить")
        assert "Ночью сбросить две карты можно только вместо розыгрыша карт" in refused

        # ---- the Наставник's stance, Солдат (play-as from the next phase), instant perks
        message = await fresh_panel(h, h.players[mentor])
        await tap(h, h.players[mentor], message, "🧘 Наставник: стойка")
        await tap(h, h.players[mentor], message, "верхняя")
        assert await tap(h, h.players[mentor], message, "✅ Подтвердить") == "✅ Готово."
        assert "стойка: верхняя" in (message.text or "")
        await deal(h, soldier, hand=["soldier", "dummy", "dummy", "dummy", "dummy", "dummy"], sleeve=["dummy"])
        message, answer = await play(h, h.players[soldier], "🃏 Солдат", "▶ Сыграть", "✅ Подтвердить")
        assert answer == "✅ Заявка принята."
        if lucky != maniac:  # the Везунчик redraws only before any order of his
            message = await fresh_panel(h, h.players[lucky])
            before = [c.uid for c in (await state_of(h)).player(lucky).hand]
            await tap(h, h.players[lucky], message, "🍀 Пересдать руку")
            assert await tap(h, h.players[lucky], message, "✅ Подтвердить") == "✅ Готово."
            assert [c.uid for c in (await state_of(h)).player(lucky).hand] != before
            assert any("Везунчик: ваша новая рука" in text for text in h.texts(h.players[lucky]))
        message = await fresh_panel(h, h.players[geek])
        await tap(h, h.players[geek], message, "🤓 Гик: карта в рукав")
        await tap(h, h.players[geek], message, "Защита")
        await tap(h, h.players[geek], message, "Бункер")
        assert await tap(h, h.players[geek], message, "✅ Подтвердить") == "✅ Готово."
        assert "• Бункер" in (message.text or "") and "🤓 Гик" not in " ".join(labels(message))

        state = await resolve(h)  # ---------------------------------------------------------------- day 1
        assert any("Началась фаза день 1" in text for text in h.texts(h.public))
        mentor_panel = panel(h, h.players[mentor]).text or ""
        assert "стойка: верхняя" in mentor_panel and "Пока вы не проголосовали, ваш голос — за себя" in mentor_panel

        # the wrong phase by day; a stance-changing card (Демоническая форма, paid 3 from the Sleeve)
        await deal(h, shooter, hand=["pistol", "dummy", "dummy", "dummy", "dummy", "dummy"])
        message, _ = await play(h, h.players[shooter], "🃏 Пистолет 🚫")
        assert "Сейчас не та фаза для этого действия. (карта только для ночи)" in (message.text or "")
        assert "▶ Сыграть" not in labels(message)
        await deal(h, demon, hand=["demonic_form", "dummy", "dummy", "dummy", "dummy", "dummy"],
                   sleeve=["dummy", "kick", "shiv"])
        message, _ = await play(h, h.players[demon], "🃏 Демоническая форма", "▶ Сыграть", "Да", "Пропустить")
        assert "Оплата: цена 3" in (message.text or "")
        for card in ("Пустышка", "Удар ногой", "Заточка"):
            await tap(h, h.players[demon], message, card)
        await tap(h, h.players[demon], message, "✅ Подтвердить")
        assert await tap(h, h.players[demon], message, "✅ Подтвердить") == "✅ Заявка принята."

        # the vote and the open punishment vote: execution
        victims: list[int] = []
        first = next(p for p in (12, 11, 10, 9) if p not in (maniac, demon, soldier) and state.player(p).alive)
        victims.append(first)
        await vote_and_punish(h, [0, 1, 2, 3, 4], first, "казнь")
        public = h.texts(h.public)
        assert any("Голосование за меру наказания" in t and f"казнь: {name(0)}" in t for t in public), \
            "the punishment vote is open"
        state = await resolve(h)  # ---------------------------------------------------------------- night 2
        verdict = next(t for t in reversed(h.texts(h.public)) if "Итоги вече" in t)
        assert f"Наказание — {name(first)}: казнь" in verdict

        # the stance from Демоническая форма and its ability; Солдат's play-as
        message = await fresh_panel(h, h.players[demon])
        assert "стойка: верхняя" in (message.text or "")
        await tap(h, h.players[demon], message, "✨ Демоническая форма")
        assert "Способность «Демоническая форма»" in (message.text or "")
        await tap(h, h.players[demon], message, name(spare))
        await tap(h, h.players[demon], message, "Пропустить")
        assert await tap(h, h.players[demon], message, "✅ Подтвердить") == "✅ Заявка принята."
        assert (await state_of(h)).orders[demon][0].params == {"ability": "demonic_form", "target": spare}
        message = await fresh_panel(h, h.players[soldier])
        assert "Карты рукава можно играть как: Пистолет" in (message.text or "")
        await tap(h, h.players[soldier], message, "🎴 Пустышка")
        await tap(h, h.players[soldier], message, "▶ Сыграть как «Пистолет»")
        assert "из рукава — как «Пистолет»" in (message.text or "")
        await tap(h, h.players[soldier], message, name(spare))
        await tap(h, h.players[soldier], message, "Пропустить")
        assert await tap(h, h.players[soldier], message, "✅ Подтвердить") == "✅ Заявка принята."
        (order,) = orders(await state_of(h), soldier, "play")
        assert order.params == {"target": spare, "as": "pistol"}
        assert "из рукава; как «Пистолет»" in (message.text or "")

        state = await resolve(h)  # ---------------------------------------------------------------- day 2
        # a dead target (an old or forged button): refused with the reason; a barred punishment
        dead = next(p.pid for p in state.players if not p.alive)
        assert await forged(h, h.players[0], Act(g=1, p=state.phase, a="vote", v=str(dead)).pack()) == \
            "Эта цель недоступна. (цель мертва)"
        second = next(p for p in (12, 11, 10, 9, 8) if p not in (maniac, *victims) and state.player(p).alive)
        victims.append(second)
        message = await fresh_panel(h, h.players[0])
        await tap(h, h.players[0], message, "⚖ Наказание")
        refused = await tap(h, h.players[0], message, "🚫 казнь")
        assert refused == "Это действие вам недоступно. (эту меру наказания применяли недавно — 3 дня она недоступна)"
        await vote_and_punish(h, [p for p in range(6) if state.player(p).alive], second, "аутодафе")
        state = await resolve(h)  # night 3
        verdict = next(t for t in reversed(h.texts(h.public)) if "Итоги вече" in t)
        assert f"Наказание — {name(second)}: аутодафе" in verdict
        state = await resolve(h)  # ---------------------------------------------------------------- day 3
        third = next(p for p in (12, 11, 10, 9, 8, 7) if p not in (maniac, *victims) and state.player(p).alive)
        victims.append(third)
        await vote_and_punish(h, [p for p in range(7) if state.player(p).alive], third, "пытки")
        state = await resolve(h)  # night 4
        assert any(f"Пытки: {name(third)} — тайная роль" in text for text in h.texts(h.public))
        state = await resolve(h)  # ---------------------------------------------------------------- day 4
        fourth = next(p for p in (12, 11, 10, 9, 8, 7, 6) if p not in (maniac, *victims) and state.player(p).alive)
        await vote_and_punish(h, [p for p in range(7) if state.player(p).alive], fourth, "изгнание")
        state = await resolve(h)  # night 5
        verdict = next(t for t in reversed(h.texts(h.public)) if "Итоги вече" in t)
        assert f"Наказание — {name(fourth)}: изгнание" in verdict

        # Изгнание: the panel says so, and a Sleeve card is refused
        await deal(h, fourth, sleeve=["bunker"])
        message = await fresh_panel(h, h.players[fourth])
        assert "🚫 Изгнание: рукав и чат-комнаты вам недоступны." in (message.text or "")
        assert "изгнание" in (message.text or "")
        assert "🎴 Бункер 🚫" in labels(message)
        await tap(h, h.players[fourth], message, "🎴 Бункер")
        assert "Это действие вам недоступно. (Изгнание: рукав недоступен)" in (message.text or "")
        assert "▶ Сыграть из рукава" not in labels(message)
    finally:
        await h.close()



# ---------------------------------------------------------------- every kind of parameter, the Предатель, the perks

# pid 0…15; with the seed below the Предатель and the Маньяк sit at 0 and 15 (passive roles), so every
# perk's seat is free for its scene (a scene is skipped if its seat is theirs).
ROLES_16 = ["authority", "politician", "bureaucrat", "revolutionary", "paranoiac", "bloodhound", "guard",
            "scientist", "undertaker", "addict", "looter", "secretary", "alien", "fortune_teller", "ripper",
            "lawyer"]
SEED_16 = 30


async def accepted(h: Harness, user: FakeUser, message: FakeMessage, *steps: str, answer: str = "✅ Заявка принята.") -> None:
    for step in steps[:-1]:
        await tap(h, user, message, step)
    assert await tap(h, user, message, steps[-1]) == answer, message.text


async def test_mafik_parameters_traitor_and_perks_through_telegram(tmp_path):
    h = await make_harness(tmp_path, players=16, seed=SEED_16)
    try:
        await start_mafik(h, ROLES_16)
        state = await state_of(h)
        traitor = next(p.pid for p in state.players if p.secret_role == "traitor")
        maniac = next(p.pid for p in state.players if p.secret_role == "maniac")
        special = {traitor, maniac}
        assert special == {0, 15}, "the seed seats the Предатель and the Маньяк on the passive roles"
        cast = [p for p in (1, 2, 3, 8, 10, 11, 4, 5, 6, 12, 13, 14) if p not in special]
        law = next(p for p in cast if state.player(p).faction == "law")
        cast.remove(law)
        a, b, c, d, e, f = cast[:6]
        others = [p for p in range(16) if p not in (a, maniac)]
        u = h.players

        # ---- the Предатель: three colours, and any Hand cards discarded
        await deal(h, traitor, hand=["pistol", "kick", "shiv", "dummy", "dummy", "dummy"])
        message = await fresh_panel(h, u[traitor])
        await accepted(h, u[traitor], message, "🎨 Сменить цвета", "Урон", "Разведка", "Контроль", "Готово",
                       "✅ Подтвердить")
        await accepted(h, u[traitor], message, "🗑 Сбросить карты (Предатель)", "Удар ногой", "Заточка", "Готово",
                       "✅ Подтвердить")
        assert "Предатель: цвета Урон, Разведка, Контроль" in (message.text or "")

        # ---- a target and a secret role; a number; colours; a named card (not peaceful)
        await deal(h, a, hand=["confrontation", "dummy", "dummy", "dummy", "dummy", "dummy"])
        message, _ = await play(h, u[a], "🃏 Очная ставка", "▶ Сыграть", name(b))
        assert "Назовите тайную роль" in (message.text or "") and "Предатель" in labels(message)
        await accepted(h, u[a], message, "Босс", "✅ Подтвердить")
        assert orders(await state_of(h), a, "play")[0].params == {"target": b, "role": "boss"}
        await deal(h, b, hand=["street_fight", "mugging", "dummy", "dummy", "dummy", "dummy"])
        message, _ = await play(h, u[b], "🃏 Уличная драка", "▶ Сыграть", name(c))
        assert labels(message)[:3] == ["1", "2", "3"]
        await accepted(h, u[b], message, "2", "✅ Подтвердить")
        message, _ = await play(h, u[b], "🃏 Гоп-стоп", "▶ Сыграть", name(c))
        await accepted(h, u[b], message, "Урон", "Готово", "✅ Подтвердить")
        assert [o.params for o in orders(await state_of(h), b, "play")] == \
            [{"target": c, "amount": 2}, {"target": c, "colours": ["damage"]}]
        await deal(h, c, hand=["murder", "dummy", "dummy", "dummy", "dummy", "dummy"])
        message, _ = await play(h, u[c], "🃏 Убийство", "▶ Сыграть", name(d))
        assert "Пистолет" not in labels(message), "a peaceful card cannot be named"
        await accepted(h, u[c], message, "Защита", "Бункер", "✅ Подтвердить")

        # ---- Цена X (a number), the same target twice (repeats), paid with two Sleeve cards
        await deal(h, d, hand=["chainsaw_massacre", "dummy", "dummy", "dummy", "dummy", "dummy"],
                   sleeve=["dummy", "dummy"])
        message, _ = await play(h, u[d], "🃏 Резня бензопилой", "▶ Сыграть", "2", name(e), name(e))
        assert f"×2 {name(e)}" in labels(message)
        await tap(h, u[d], message, "Готово")
        assert "Оплата: цена 2" in (message.text or "")
        pay = [bt for bt in buttons(message) if bt["text"] == "🎴 Пустышка"]
        for bt in pay:
            await tap(h, u[d], message, bt["callback_data"])
        await accepted(h, u[d], message, "✅ Подтвердить", "✅ Подтвердить")
        (order,) = orders(await state_of(h), d, "play")
        assert order.params == {"x": 2, "targets": [e, e]} and len(order.payment.cards) == 2

        # ---- three targets and a secret role for each (Кровавая баня, Киллер or Маньяк)
        await deal(h, maniac, hand=["blood_bath", "dummy", "dummy", "dummy", "dummy", "dummy"])
        victims = others[:3]
        message, _ = await play(h, u[maniac], "🃏 Кровавая баня", "▶ Сыграть", *[name(v) for v in victims], "Готово")
        assert f"{name(victims[0])} — какая тайная роль?" in (message.text or "")
        await tap(h, u[maniac], message, "Шериф")
        assert f"{name(victims[1])} — какая тайная роль?" in (message.text or "")
        await tap(h, u[maniac], message, "Босс")
        await accepted(h, u[maniac], message, "Шпион", "✅ Подтвердить")
        assert orders(await state_of(h), maniac, "play")[0].params == \
            {"targets": victims, "roles": ["sheriff", "boss", "spy"]}

        # ---- a role map (Пролом, by the law: the mafia's roles); Hand cards chosen (Метание карты)
        await deal(h, law, hand=["breach", "dummy", "dummy", "dummy", "dummy", "dummy"])
        message, _ = await play(h, u[law], "🃏 Пролом", "▶ Сыграть", name(e), name(f), "Готово")
        assert labels(message)[:4] == ["Босс", "Советник", "Шпион", "Киллер"], "the law names mafia roles"
        await accepted(h, u[law], message, "Киллер", "Босс", "✅ Подтвердить")
        assert orders(await state_of(h), law, "play")[0].params == {"mafia_roles": {str(e): "killer", str(f): "boss"}}
        await deal(h, e, hand=["card_throw", "kick", "dummy", "dummy", "dummy", "dummy"])
        message, _ = await play(h, u[e], "🃏 Метание карты", "▶ Сыграть", name(f), "Удар ногой", "Готово")
        await accepted(h, u[e], message, "✅ Подтвердить")

        # ---- the public roles' night orders and instant actions
        perks = {4: ("🛡 Параноик: 3 брони",), 6: ("💂 Охранник", name(6)), 12: ("👽 Пришелец: кредиты",),
                 13: ("🔮 Гадалка", name(a)), 5: ("🐕 Ищейка", name(a))}
        for pid, steps in perks.items():
            message = await fresh_panel(h, u[pid])
            await accepted(h, u[pid], message, *steps, "✅ Подтвердить")
        # the Учёный
        await deal(h, 7, hand=["pistol", "kick", "dummy", "dummy", "dummy", "dummy"])
        message = await fresh_panel(h, u[7])
        await accepted(h, u[7], message, "🔬 Учёный: сбросить 2", "Пистолет", "Удар ногой", "Готово", "✅ Подтвердить")
        # the Потрошитель: only a character with 1 card in hand
        message = await fresh_panel(h, u[14])
        await tap(h, u[14], message, "🔪 Потрошитель")
        assert await tap(h, u[14], message, name(a)) == "Эта цель недоступна. (у цели не 1 карта в руке)"
        assert "Выберите цель" in (message.text or "") and "✅ Подтвердить" not in labels(message)
        # the Наркоман: Sleeve cards into the Hand at once
        await deal(h, 9, sleeve=["bunker", "shiv"])
        message = await fresh_panel(h, u[9])
        await accepted(h, u[9], message, "💊 Наркоман: рукав → рука", "Бункер", "Заточка", "Готово", "✅ Подтвердить",
                       answer="✅ Готово.")
        assert {"bunker", "shiv"} <= {cd.card for cd in (await state_of(h)).player(9).hand}
        assert "💊" not in " ".join(labels(message)), "once a game"

        # ---- a submission withdrawn
        message = await fresh_panel(h, u[a])
        await tap(h, u[a], message, "📋 Заявки")
        assert "Нажмите на заявку, чтобы отменить её" in (message.text or "")
        assert await tap(h, u[a], message, "✖ сыграть «Очная ставка»") == "Заявка отменена."
        assert not orders(await state_of(h), a, "play")

        state = await resolve(h)  # ---------------------------------------------------------------- day 1
        assert "Ваши цвета: Урон, Разведка, Контроль" in (panel(h, u[traitor]).text or "")
        # day perks: Политик, Бюрократ (a voter and a vote), Революционер (a target and Hand cards)
        living = [p.pid for p in state.living()]
        target = next(p for p in reversed(living) if p not in (*special, 8, 10, 11))
        for pid, steps in {1: ("🎩 Политик",), 2: ("📎 Бюрократ", name(a), name(target))}.items():
            message = await fresh_panel(h, u[pid])
            await accepted(h, u[pid], message, *steps, "✅ Подтвердить")
        await deal(h, 3, hand=["pistol", "kick", "dummy", "dummy", "dummy", "dummy"])
        message = await fresh_panel(h, u[3])
        await accepted(h, u[3], message, "✊ Революция", name(target), "Пистолет", "Удар ногой", "Готово",
                       "✅ Подтвердить")
        # day cards: Hand cards (Маллиган), Sleeve cards (Концентрация, from the Sleeve), a typed message (Звонок)
        g = next(p for p in living if p not in (*special, 3, 8, 10, 11))
        await deal(h, g, hand=["mulligan", "phone_call", "dummy", "dummy", "dummy", "dummy"],
                   sleeve=["concentration", "pistol"])
        message, _ = await play(h, u[g], "🃏 Маллиган", "▶ Сыграть", "Пустышка")
        await accepted(h, u[g], message, "Готово", "✅ Подтвердить")
        message, _ = await play(h, u[g], "🃏 Звонок", "▶ Сыграть", name(target))
        assert "Напишите текст сообщения" in (message.text or "")
        await h.feed(u[g].send("Я знаю, кто ты."))
        screen = h.last_with_buttons(u[g])
        assert "Сообщение: Я знаю, кто ты." in (screen.text or "")
        await accepted(h, u[g], screen, "✅ Подтвердить")
        message, _ = await play(h, u[g], "🎴 Концентрация", "▶ Сыграть из рукава", "Пропустить")
        assert "Концентрация" not in labels(message), "the card played is not offered as its own parameter"
        await accepted(h, u[g], message, "Пистолет", "Готово", "✅ Подтвердить")
        state = await state_of(h)
        held = {cd.uid: cd.card for cd in [*state.player(g).hand, *state.player(g).sleeve]}
        assert sorted(held[o.card] for o in orders(state, g, "play")) == ["concentration", "mulligan", "phone_call"]
        (concentration,) = [o for o in orders(state, g, "play") if held[o.card] == "concentration"]
        assert [held[uid] for uid in concentration.params["sleeve"]] == ["pistol"]
        # the Маньяк pays a cost with blood, 2 a cost
        await deal(h, maniac, hand=["legal_defence", "dummy", "dummy", "dummy", "dummy", "dummy"], sleeve=[])
        message, _ = await play(h, u[maniac], "🃏 Адвокатская защита", "▶ Сыграть", name(a))
        assert "Оплата: цена 1" in (message.text or "") and "Или кровью: 2 крови = 1 цены (у вас 2)" in (message.text or "")
        assert "✅ Подтвердить" not in labels(message)
        await tap(h, u[maniac], message, "+ 2 крови")
        await accepted(h, u[maniac], message, "✅ Подтвердить", "✅ Подтвердить")
        (order,) = orders(await state_of(h), maniac, "play")
        assert order.payment.points == 2 and order.payment.cards == []
        # the vote: everybody alive votes for the target, who is executed
        await vote_and_punish(h, [p for p in living if p != target][:8], target, "казнь")
        state = await resolve(h)  # ---------------------------------------------------------------- night 2
        assert not state.player(target).alive
        assert any(f"Революционер {name(3)}: {name(target)} получает ещё 1 голос против себя" in text
                   for text in h.texts(h.public))
        assert all(state.player(p).alive for p in (8, 10, 11)), "the Гробовщик, the Мародер, the Секретарша"

        # the Гробовщик (dead characters chosen) and the Мародер (a dead character's Sleeve), at once
        message = await fresh_panel(h, u[8])
        await accepted(h, u[8], message, "⚰ Гробовщик", name(target), "Готово", "✅ Подтвердить", answer="✅ Готово.")
        assert any(f"Гробовщик: {name(target)} — " in text for text in h.texts(u[8]))
        await deal(h, target, sleeve=["bunker"])
        message = await fresh_panel(h, u[10])
        await accepted(h, u[10], message, "💰 Мародёр", name(target), "✅ Подтвердить", answer="✅ Готово.")
        assert "bunker" in {cd.card for cd in (await state_of(h)).player(10).sleeve}
        state = await resolve(h)  # day 2
        state = await resolve(h)  # ---------------------------------------------------------------- night 3
        # the Секретарша, from the third night: on, then off again
        message = await fresh_panel(h, u[11])
        await accepted(h, u[11], message, "📋 Секретарша: +1 карта", "✅ Подтвердить", answer="✅ Готово.")
        assert "секретарша: +1 карта" in (message.text or "")
        await accepted(h, u[11], message, "📋 Отменить Секретаршу", "✅ Подтвердить", answer="✅ Готово.")
        assert "📋 Секретарша: +1 карта" in labels(message)
    finally:
        await h.close()
