"""The death cards of issue 15 through the fake Telegram: Последняя записка (a typed note to chosen
addressees; its text changed in a later phase by an instant action; delivered when its author dies by the
Вече), Месть (the strike offered only in the phase after a night with a death), Обещание (the Sleeve of the
dead), Черная метка (the target is told), Героическое Самопожертвование (a role named by its button),
Игнорирование фактов, Русская рулетка, Герой боевика, Из последних сил (the public status) — and what each
player is told.

Cards are dealt (`deal`, a stacked deck) so nothing depends on the random decks.
"""

from __future__ import annotations

from engine.rulesets.mafik.roles import SECRET_ROLES
from tests.e2e.driver import (
    deal,
    fresh_panel,
    labels,
    name,
    play,
    play_accepted,
    resolve_running,
    state_of,
    tap,
    told,
    vote_and_punish,
)
from tests.e2e.harness import PLAIN_ROLES as ROLES
from tests.e2e.harness import make_harness, start_mafik

FILL = ["dummy"] * 5
DONE = "✅ Готово."  # an instant action's answer
REVENGE = "🃏 Месть"


async def test_death_cards_through_telegram(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await start_mafik(h, ROLES)
        state = await state_of(h)
        others = [p.pid for p in state.players if p.pid > 1 and p.faction == "law"]
        writer, reader, avenger, victim, promiser, marker, struck = others[:7]
        u = h.players
        cast = {writer, reader, avenger, victim, promiser, marker, struck}
        bystanders = [p.pid for p in state.players if p.pid not in cast]

        # ---- night 1
        await deal(h, writer, hand=["last_note", *FILL], sleeve=["pistol", "bunker"])
        message, _ = await play(h, u[writer], "🃏 Последняя записка", "▶ Сыграть")
        assert "Напишите текст сообщения" in (message.text or "")
        await h.feed(u[writer].send("Это был не я."))
        screen = h.last_with_buttons(u[writer])
        await tap(h, u[writer], screen, name(reader))
        await tap(h, u[writer], screen, "Готово")
        await tap(h, u[writer], screen, "Пропустить")  # not Free
        assert await tap(h, u[writer], screen, "✅ Подтвердить") == "✅ Заявка принята."
        await deal(h, avenger, hand=["revenge", *FILL], sleeve=["dummy"])
        await play_accepted(h, u[avenger], REVENGE, "▶ Сыграть", "🎴 Пустышка", "✅ Подтвердить", "✅ Подтвердить")
        await deal(h, promiser, hand=["promise", *FILL])
        await play_accepted(h, u[promiser], "🃏 Обещание", "▶ Сыграть", name(writer), "✅ Подтвердить")
        await deal(h, marker, hand=["black_spot", *FILL])
        await play_accepted(h, u[marker], "🃏 Черная метка", "▶ Сыграть", name(struck), "Пропустить", "✅ Подтвердить")
        await deal(h, victim, hand=[])  # 0 cards at the end of the night: a death
        state = await resolve_running(h)  # ---------------------------------------------------------------- day 1
        assert not state.player(victim).alive
        assert "«Последняя записка» написана: после вашей смерти её получат 1 персонаж." in told(h, writer)
        assert f"{name(promiser)} применил на вас «Обещание»" in told(h, writer) \
            or f"{name(promiser)} применила на вас «Обещание»" in told(h, writer)
        assert "Вы стали целью карты «Черная метка»." in told(h, struck)
        assert "«Месть»: этой ночью кто-то умер — в эту фазу вы можете нанести 2 урона любой цели." in told(h, avenger)

        # ---- day 1: the note rewritten (an instant action with a typed text); the strike of Месть
        panel = await fresh_panel(h, u[writer])
        await tap(h, u[writer], panel, "✉️ Изменить «Последнюю записку»")
        await h.feed(u[writer].send("Это был Персонаж 1."))
        screen = h.last_with_buttons(u[writer])
        assert await tap(h, u[writer], screen, "✅ Подтвердить") == DONE
        assert "Текст «Последней записки» изменён." in told(h, writer)
        panel = await fresh_panel(h, u[avenger])
        strike = [label for label in labels(panel) if "Месть" in label and label != REVENGE]
        assert strike, labels(panel)
        await tap(h, u[avenger], panel, strike[0])
        await tap(h, u[avenger], panel, name(struck))
        assert await tap(h, u[avenger], panel, "✅ Подтвердить") == "✅ Заявка принята."
        await deal(h, writer, hand=["dummy"])
        await vote_and_punish(h, [*bystanders, reader, avenger, promiser, marker], writer, "казнь")
        state = await resolve_running(h)  # ---------------------------------------------------------------- night 2
        assert not state.player(writer).alive
        assert "Это был Персонаж 1." in told(h, reader) and "Это был не я." not in told(h, reader)
        assert sorted(c.card for c in state.player(promiser).sleeve) == ["bunker", "pistol"]
        assert "«Обещание»:" in told(h, promiser)
        assert any(e.kind == "damage_taken" and e.who == struck and e.phase == 2
                   and e.params["amount"] == 2 for e in state.events)

        # ---- night 2: Героическое Самопожертвование takes the Черная метка's 3 damage off the one it would
        # kill (the role named by its button); Игнорирование фактов on oneself; Русская рулетка; Герой боевика
        role = SECRET_ROLES[state.player(struck).secret_role].name
        await deal(h, struck, hand=["dummy", "dummy"])
        await deal(h, avenger, hand=["heroic_self_sacrifice", *FILL, *FILL])
        await play_accepted(h, u[avenger], "🃏 Героическое Самопожертвование", "▶ Сыграть", name(struck), role,
                            "✅ Подтвердить")
        await deal(h, marker, hand=["ignoring_facts", *FILL], sleeve=["dummy", "dummy", "dummy"])
        message, _ = await play(h, u[marker], "🃏 Игнорирование фактов", "▶ Сыграть", name(marker))
        for _ in range(3):
            await tap(h, u[marker], message, "🎴 Пустышка")
        await tap(h, u[marker], message, "✅ Подтвердить")
        assert await tap(h, u[marker], message, "✅ Подтвердить") == "✅ Заявка принята."
        await deal(h, promiser, hand=["russian_roulette", *FILL])
        await play_accepted(h, u[promiser], "🃏 Русская рулетка", "▶ Сыграть", "✅ Подтвердить")
        await deal(h, reader, hand=["action_hero", *FILL])
        await play_accepted(h, u[reader], "🃏 Герой боевика", "▶ Сыграть", "✅ Подтвердить")
        state = await resolve_running(h)  # ---------------------------------------------------------------- day 2
        assert state.player(struck).alive and len(state.player(struck).hand) == 2
        assert f"«Героическое Самопожертвование»: вы угадали и приняли удар на себя — {name(struck)}" in told(h, avenger)
        assert len(state.player(avenger).hand) == 10 + 1 - 6
        assert "«Русская рулетка»: на кубике" not in told(h, promiser), "from the next phase"

        # ---- day 2: Из последних сил against the аутодафе (4 damage): one card kept, the public status
        await deal(h, reader, hand=["last_strength", "dummy"])
        await play_accepted(h, u[reader], "🃏 Из последних сил", "▶ Сыграть", "✅ Подтвердить")
        await vote_and_punish(h, [*bystanders, reader, avenger, promiser, marker], reader, "аутодафе")
        state = await resolve_running(h)  # ---------------------------------------------------------------- night 3
        assert state.player(reader).alive and len(state.player(reader).hand) == 1
        public = "\n".join(h.texts(h.public))
        assert f"{name(reader)} смертельно ранен" in public
        assert "«Русская рулетка»: на кубике" in told(h, promiser)
    finally:
        await h.close()
