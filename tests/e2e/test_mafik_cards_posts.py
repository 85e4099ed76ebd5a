"""The posts cards of issue 15 through the fake Telegram: Псевдоним with a typed alias, Анонимность paid from the
Sleeve, Усилитель сигнала, Размашистая Z, Оркестр with a typed message and a named card (night 1); Слепое
правосудие with its last word and a Звонок flipped to signed by Усилитель сигнала (day 1); Анонимность's ability
to the city, a Заказ signed by the alias, Оркестр's count (night 2) — and what the city and each player read.

Cards are dealt (`deal`, a stacked deck) so nothing depends on the random decks.
"""

from __future__ import annotations

from tests.e2e.driver import (
    deal,
    fresh_panel,
    name,
    orders,
    play,
    play_accepted,
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
FLIP = "📡 Сменить анонимность (Усилитель сигнала)"


async def test_posts_cards_through_telegram(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await start_mafik(h, ROLES)
        state = await state_of(h)
        law = [p.pid for p in state.players if p.faction == "law" and p.pid > 1]
        vig = law[0]
        state.player(vig).secret_role = "vigilante"  # the role of Слепое правосудие (any law role will do)
        await save(h, state)
        others = [p.pid for p in state.players if p.pid > 1 and p.pid != vig and p.secret_role != "maniac"
                  and p.faction != "mafia"]
        pseud, booster, zed, orch, victim, called = others[:6]
        mafia = next(p.pid for p in state.players if p.faction == "mafia")
        u = h.players
        cast = {vig, pseud, booster, zed, orch, victim, called, mafia}
        bystanders = [p.pid for p in state.players if p.pid not in cast]

        # ---- night 1
        await deal(h, victim, hand=["dummy"] * 12)
        await deal(h, pseud, hand=["pseudonym", "anonymity", *FILL[:4]], sleeve=["dummy"])
        message, _ = await play(h, u[pseud], "🃏 Псевдоним", "▶ Сыграть")
        assert "Напишите текст сообщения" in (message.text or "")
        await h.feed(u[pseud].send("Тень"))
        assert await tap(h, u[pseud], h.last_with_buttons(u[pseud]), "✅ Подтвердить") == "✅ Заявка принята."
        await play_accepted(h, u[pseud], "🃏 Анонимность", "▶ Сыграть", "🎴 Пустышка", "✅ Подтвердить", "✅ Подтвердить")
        await deal(h, booster, hand=["signal_booster", *FILL])
        await play_accepted(h, u[booster], "🃏 Усилитель сигнала", "▶ Сыграть", "✅ Подтвердить")
        await deal(h, zed, hand=["pistol", "sweeping_z", *FILL[:4]])
        await play_accepted(h, u[zed], "🃏 Пистолет", "▶ Сыграть", name(victim), "Пропустить", "✅ Подтвердить")
        await play_accepted(h, u[zed], "🃏 Размашистая Z", "▶ Сыграть", "✅ Подтвердить")
        await deal(h, orch, hand=["orchestra", *FILL])
        message, _ = await play(h, u[orch], "🃏 Оркестр", "▶ Сыграть")
        await h.feed(u[orch].send("Слушайте музыку!"))
        screen = h.last_with_buttons(u[orch])
        await tap(h, u[orch], screen, "Урон")
        await tap_accepted(h, u[orch], screen, "Пистолет", "✅ Подтвердить")
        state = await resolve_running(h)  # ---------------------------------------------------------------- day 1
        public = "\n".join(h.texts(h.public))
        assert f"📣 Сообщение городу («Размашистая Z») — {name(zed)}: сыгранные в эту фазу карты и их цели: " \
               f"«Пистолет» → {name(victim)}." in public
        assert "📣 Сообщение городу («Оркестр») — без подписи: Слушайте музыку!" in public
        assert "Псевдоним: теперь ваши анонимные сообщения подписаны «Тень»." in told(h, pseud)
        assert "Анонимность: до конца игры каждую ночь вы можете написать одно анонимное сообщение" in told(h, pseud)
        assert "Усилитель сигнала: со следующей фазы" in told(h, booster)

        # ---- day 1: Слепое правосудие's last word; a Звонок played signed through Усилитель сигнала
        await deal(h, vig, sleeve=["vigilante_blind_justice"])
        message, _ = await play(h, u[vig], "🎴 Слепое правосудие", "▶ Сыграть", name(mafia), "Готово", "Да")
        await h.feed(u[vig].send("Прощайте, город."))
        await tap_accepted(h, u[vig], h.last_with_buttons(u[vig]), "✅ Подтвердить")
        await deal(h, booster, hand=["phone_call", *FILL])
        message, _ = await play(h, u[booster], "🃏 Звонок", "▶ Сыграть", name(called))
        await h.feed(u[booster].send("Это я звоню."))
        screen = h.last_with_buttons(u[booster])
        await tap(h, u[booster], screen, FLIP)
        await tap_accepted(h, u[booster], screen, "✅ Подтвердить")
        (order,) = orders(await state_of(h), booster, "play")
        assert order.params["flip_anonymity"] is True
        await vote_and_punish(h, bystanders[:3], bystanders[-1], "казнь")
        state = await resolve_running(h)  # ---------------------------------------------------------------- night 2
        public = "\n".join(h.texts(h.public))
        assert f"📣 Сообщение городу («Слепое правосудие») — {name(vig)}: Прощайте, город." in public
        assert not state.player(vig).alive
        assert f"Сообщение — {name(booster)}: Это я звоню." in told(h, called)

        # ---- night 2: Анонимность to the city, signed by the alias; a Заказ signed by the alias; Оркестр counts
        message = await fresh_panel(h, u[pseud])
        await tap(h, u[pseud], message, "✨ Анонимность")
        await tap(h, u[pseud], message, "Городу (публично, анонимно)")
        await h.feed(u[pseud].send("Мафия среди нас."))
        await tap_accepted(h, u[pseud], h.last_with_buttons(u[pseud]), "✅ Подтвердить")
        await deal(h, pseud, hand=["contract", *FILL])
        message, _ = await play(h, u[pseud], "🃏 Заказ", "▶ Сыграть", name(victim))
        await h.feed(u[pseud].send("Берегись."))
        await tap_accepted(h, u[pseud], h.last_with_buttons(u[pseud]), "✅ Подтвердить")
        await deal(h, zed, hand=["pistol", *FILL])
        await play_accepted(h, u[zed], "🃏 Пистолет", "▶ Сыграть", name(victim), "Пропустить", "✅ Подтвердить")
        state = await resolve_running(h)  # ---------------------------------------------------------------- day 2
        public = "\n".join(h.texts(h.public))
        assert "📣 Сообщение городу («Анонимность») — подпись «Тень»: Мафия среди нас." in public
        assert "Сообщение — подпись «Тень»: Берегись." in told(h, victim)
        assert "Оркестр: этой ночью «Пистолет» сыграли 1 раз — в рукав пришла 1 карта." in told(h, orch)
        assert len(state.player(orch).sleeve) == 1
    finally:
        await h.close()
