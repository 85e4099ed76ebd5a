"""The mail cards of issue 15 through the fake Telegram: RSVP with a typed message, Безлимитный тариф, Отбор,
Цензура with typed words, Свобода слова (night 1); RSVP's answer and Безлимитный тариф's message — abilities
with a typed text, offered on the panel the next phase —, Взлом Почты. naming two characters, Кража личности by the mafia, private messages
past the day's limit, the master's /report of a public message (day 1); the master's question about the
forbidden word, Гнев клана as Великое ограбление naming two roles (night 2) and the violation's announcement
(day 2) — and what each player is told.

Cards are dealt (`deal`, a stacked deck) so nothing depends on the random decks.
"""

from __future__ import annotations

from engine.rulesets.mafik.roles import SECRET_ROLES
from tests.e2e.driver import (
    deal,
    fresh_panel,
    labels,
    log_texts,
    name,
    play,
    play_accepted,
    resolve_running,
    send_private,
    state_of,
    tap,
    told,
)
from tests.e2e.harness import PLAIN_ROLES as ROLES
from tests.e2e.harness import make_harness, start_mafik

FILL = ["dummy"] * 5
OK = "✅ Заявка принята."


async def typed(h, user, text: str):  # type: ignore[no-untyped-def]
    """Type a text the dialogue asked for; the screen that follows."""
    await h.feed(user.send(text))
    return h.last_with_buttons(user)


async def test_mail_cards_through_telegram(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await start_mafik(h, ROLES)
        state = await state_of(h)
        thief = next(p.pid for p in state.players if p.faction == "mafia" and p.pid > 1)
        people = [p.pid for p in state.players if p.pid > 1 and p.secret_role != "maniac" and p.pid != thief]
        sender, answerer, plan, planned, selector, censor, free, hacker = people[:8]
        u = h.players
        bystanders = [p.pid for p in state.players if p.pid not in people[:8] and p.secret_role != "maniac"
                      and p.pid != thief]

        # ---- night 1
        await deal(h, sender, hand=["rsvp", *FILL])
        message, _ = await play(h, u[sender], "🃏 RSVP", "▶ Сыграть", name(answerer), "Готово")
        assert f"Напишите сообщение, адресат — {name(answerer)}." in (message.text or "")
        screen = await typed(h, u[sender], "Кто ты?")
        assert await tap(h, u[sender], screen, "✅ Подтвердить") == OK
        await deal(h, plan, hand=["unlimited_plan", *FILL])
        await play_accepted(h, u[plan], "🃏 Безлимитный тариф", "▶ Сыграть", "✅ Подтвердить")
        await deal(h, selector, hand=["selection", *FILL])
        message, _ = await play(h, u[selector], "🃏 Отбор", "▶ Сыграть", name(bystanders[0]), name(bystanders[1]),
                                name(bystanders[2]), "Готово")
        screen = await typed(h, u[selector], "Вы избраны.")
        assert await tap(h, u[selector], screen, "✅ Подтвердить") == OK
        await deal(h, censor, hand=["censorship", *FILL])
        message, _ = await play(h, u[censor], "🃏 Цензура", "▶ Сыграть")
        screen = await typed(h, u[censor], "Шериф")
        assert await tap(h, u[censor], screen, "✅ Подтвердить") == OK
        await deal(h, free, hand=["freedom_of_speech", *FILL], sleeve=["dummy", "dummy"])
        message, _ = await play(h, u[free], "🃏 Свобода слова", "▶ Сыграть", "🎴 Пустышка", "🎴 Пустышка")
        await tap(h, u[free], message, "✅ Подтвердить")
        assert await tap(h, u[free], message, "✅ Подтвердить") == OK
        state = await resolve_running(h)  # ---------------------------------------------------------------- day 1
        public = "\n".join(h.texts(h.public))
        assert "Цензура: в следующую фазу (день 1) в общей ветке и в приватах нельзя писать «шериф»" in public
        assert f"Свобода слова: {name(free)} следующим днём может отправлять сколько угодно приватов." in public
        assert "Сообщение: Кто ты?" in told(h, answerer) and name(sender) not in told(h, answerer)
        assert "RSVP: вам пришло анонимное сообщение." in told(h, answerer)
        dummies = [b for b in bystanders[:3] if [c.card for c in state.player(b).sleeve] == ["dummy"]]
        assert len(dummies) == 1
        assert "Отбор: кто-то выбрал вас, и жребий выпал на вас" in told(h, dummies[0])
        assert all(f"Сообщение — {name(selector)}: Вы избраны." in told(h, b) for b in bystanders[:3] if b not in dummies)

        # ---- day 1: the answer to the RSVP, Безлимитный тариф's message, Взлом Почты., privates past the limit
        message = await fresh_panel(h, u[answerer])
        await tap(h, u[answerer], message, "✨ RSVP")
        screen = await typed(h, u[answerer], "Я — никто.")
        assert await tap(h, u[answerer], screen, "✅ Подтвердить") == OK
        message = await fresh_panel(h, u[plan])
        await tap(h, u[plan], message, "✨ Безлимитный тариф")
        await tap(h, u[plan], message, name(planned))
        screen = await typed(h, u[plan], "Днём, подписано.")
        assert await tap(h, u[plan], screen, "✅ Подтвердить") == OK
        await deal(h, hacker, hand=["mail_hack", *FILL])
        await play_accepted(h, u[hacker], "🃏 Взлом Почты.", "▶ Сыграть", name(plan), name(planned), "✅ Подтвердить")
        # Кража личности by the mafia, naming the target's role: the target's messages go to the mafia
        robbed = state.player(bystanders[0])
        assert robbed.faction == "law"
        await deal(h, thief, hand=["identity_theft", *FILL])
        message, _ = await play(h, u[thief], "🃏 Кража личности", "▶ Сыграть", name(robbed.pid))
        assert SECRET_ROLES[robbed.secret_role].name in labels(message)
        await tap(h, u[thief], message, SECRET_ROLES[robbed.secret_role].name)
        assert await tap(h, u[thief], message, "✅ Подтвердить") == OK
        for i in range(3):
            await send_private(h, u[free], name(bystanders[0]), f"Приват {i + 1}.")
        assert "Приват · " in told(h, bystanders[0]) and "Приват 3." in told(h, bystanders[0])
        await send_private(h, u[bystanders[1]], name(bystanders[2]), "Я знаю, кто шериф.")
        # the public thread: the master reports what a player wrote there
        await h.feed(h.master.send(f"/report {bystanders[2] + 1} Шерифа надо беречь!", h.log))
        assert f"Сообщение {name(bystanders[2])} передано правилам" in log_texts(h)
        state = await resolve_running(h)  # ---------------------------------------------------------------- night 2
        assert f"Сообщение — {name(answerer)}: Я — никто." in told(h, sender)
        assert f"Сообщение — {name(plan)}: Днём, подписано." in told(h, planned)
        assert f"Взлом Почты. (день 1): {name(plan)} → {name(planned)}: «Днём, подписано.»" in told(h, hacker)
        assert "нарушение Цензуры" in log_texts(h) and "Я знаю, кто шериф." in log_texts(h)
        assert f"Кража личности: вы угадали роль {name(robbed.pid)}." in told(h, thief)
        assert f"Кража личности (день 1): {name(free)} → {name(robbed.pid)}: «Приват 2.»" in told(h, thief)

        # ---- night 2: Безлимитный тариф by night too; the master does not answer: a violation
        message = await fresh_panel(h, u[plan])
        await tap(h, u[plan], message, "✨ Безлимитный тариф")
        await tap(h, u[plan], message, name(planned))
        screen = await typed(h, u[plan], "И ночью.")
        assert await tap(h, u[plan], screen, "✅ Подтвердить") == OK
        # Гнев клана by the mafia, as Великое ограбление, naming two roles: the second is right
        heisted = state.player(bystanders[1])
        await deal(h, heisted.pid, sleeve=["pistol", "bunker"])
        await deal(h, thief, hand=["clan_wrath", *FILL], sleeve=["dummy"])
        message, _ = await play(h, u[thief], "🃏 Гнев клана", "▶ Сыграть", "как «Великое ограбление»", name(heisted.pid))
        wrong = next(r for r in SECRET_ROLES.values() if r.id != heisted.secret_role)
        await tap(h, u[thief], message, wrong.name)
        await tap(h, u[thief], message, SECRET_ROLES[heisted.secret_role].name)
        await tap(h, u[thief], message, "🎴 Пустышка")
        await tap(h, u[thief], message, "✅ Подтвердить")
        assert await tap(h, u[thief], message, "✅ Подтвердить") == OK, message.text
        state = await resolve_running(h)  # ---------------------------------------------------------------- day 2
        assert f"Сообщение — {name(plan)}: И ночью." in told(h, planned)
        public = "\n".join(h.texts(h.public))
        assert f"Цензура: {name(bystanders[1])} " in public and "запрет на «шериф»" in public
        assert f"Цензура: {name(bystanders[2])} " in public
        assert f"Великое ограбление: вы угадали — {name(heisted.pid)}" in told(h, thief)
        assert [c.card for c in state.player(thief).sleeve] == ["pistol", "bunker"]
    finally:
        await h.close()
