"""The stance cards and the officials' exiles through the fake Telegram: targets asked each by its own words
(Похвальба: who goes upper, who goes lower; Весы преступлений: into exile, out of it, 4 damage), an
optional stance (Сенсей), a chosen stance (Курсы), and what the players are told and shown — the Сенсей's
view of every stance, on the panel too.

Cards are dealt (`deal`, a stacked deck) so nothing depends on the random decks.
"""

from __future__ import annotations

from engine.rulesets.mafik.costs import exiled, stance
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


async def test_stance_cards_through_telegram(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await start_mafik(h, ROLES)
        state = await state_of(h)
        law = [p.pid for p in state.players if p.pid > 1 and p.faction == "law"]
        bragger, sensei, student, judge, upper, lower, jailed = law[:7]
        mafia = [p.pid for p in state.players if p.faction == "mafia"]
        u = h.players

        # ---- night 1: Похвальба asks each target by its role; Сенсей with its optional stance; Курсы
        await deal(h, bragger, hand=["bragging", *FILL])
        message, _ = await play(h, u[bragger], "🃏 Похвальба", "▶ Сыграть")
        assert "Кто встанет в верхнюю стойку?" in (message.text or "")
        await tap(h, u[bragger], message, name(upper))
        assert "Кто встанет в нижнюю стойку?" in (message.text or "")
        await tap(h, u[bragger], message, name(lower))
        text = message.text or ""
        assert f"В верхнюю стойку: {name(upper)}" in text and f"В нижнюю стойку: {name(lower)}" in text
        await tap_accepted(h, u[bragger], message, "✅ Подтвердить")
        (order,) = orders(await state_of(h), bragger, "play")
        assert order.params == {"to_upper": upper, "to_lower": lower}

        await deal(h, sensei, hand=["sensei", *FILL], sleeve=["dummy", "dummy"])
        await play_accepted(h, u[sensei], "🃏 Сенсей", "▶ Сыграть", "нижняя", "🎴 Пустышка", "🎴 Пустышка",
                            "✅ Подтвердить", "✅ Подтвердить")
        await deal(h, student, hand=["courses", *FILL], sleeve=["dummy", "dummy", "dummy"])
        await play_accepted(h, u[student], "🃏 Курсы", "▶ Сыграть", "верхняя", "🎴 Пустышка", "🎴 Пустышка",
                            "🎴 Пустышка", "✅ Подтвердить", "✅ Подтвердить")

        state = await resolve_running(h)  # ---------------------------------------------------------------- day 1
        assert stance(state, upper) == "upper" and stance(state, lower) == "lower" and stance(state, sensei) == "lower"
        seen = told(h, sensei)
        assert f"Сенсей: в верхней стойке — {name(upper)}." in seen
        assert f"Сенсей: в нижней стойке — {name(lower)}." in seen
        panel = await fresh_panel(h, u[sensei])
        assert f"Сенсей: в верхней стойке — {name(upper)}." in (panel.text or "")
        assert "курсы" in (await fresh_panel(h, u[student])).text.lower()

        # ---- day 1: Весы преступлений — three targets, each asked by its role
        state = await state_of(h)
        state.player(judge).secret_role = "judge"
        state.add_effect("exile", target=jailed, start=1, end=3)
        await save(h, state)
        await deal(h, judge, hand=["judge_scales_of_crime", *FILL], sleeve=[])
        await deal(h, upper, sleeve=["pistol"])
        message, _ = await play(h, u[judge], "🃏 Весы преступлений", "▶ Сыграть")
        assert "Кого отправить в изгнание?" in (message.text or "")
        await tap(h, u[judge], message, name(upper))
        assert "Кого вернуть из изгнания?" in (message.text or "")
        await tap(h, u[judge], message, name(jailed))
        assert "Кому нанести 4 урона?" in (message.text or "")
        await tap(h, u[judge], message, name(lower))
        assert "Да или нет?" in (message.text or "")  # «(по желанию - забирает все карты из рукавов целей…)»
        await tap_accepted(h, u[judge], message, "Да", "✅ Подтвердить")
        voters = [p.pid for p in (await state_of(h)).living()]
        await vote_and_punish(h, voters, mafia[0], "казнь")
        state = await resolve_running(h)  # ---------------------------------------------------------------- night 2
        assert exiled(state, upper) and not exiled(state, jailed)
        assert [c.card for c in state.player(judge).sleeve] == ["pistol"]
        assert "Весы преступлений: в ваш рукав перешли карты из рукавов целей: Пистолет." in told(h, judge)
        assert "вас отправили в изгнание" in told(h, upper)
        assert "вас вернули из изгнания" in told(h, jailed)
    finally:
        await h.close()
