"""The Вече cards of issue 15 through the fake Telegram: Устрашение, Все средства хороши, Право вето (night 1);
the banned vote refused, Право вето's ability (a new button, no choices), Шантаж (a target and the character
it must vote for), Дипломатический перевес (day 1) — and what each player and the city are told.

Cards are dealt (`deal`, a stacked deck) so nothing depends on the random decks.
"""

from __future__ import annotations

from tests.e2e.driver import (
    deal,
    fresh_panel,
    labels,
    name,
    orders,
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
OK = "✅ Заявка принята."
PAY = "🎴 Пустышка"
CONFIRM = "✅ Подтвердить"


async def test_veche_cards_through_telegram(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await start_mafik(h, ROLES)
        state = await state_of(h)
        law = [p.pid for p in state.players if p.faction == "law" and p.pid > 1]
        intimidator, intimidated, banner, banned, vetoer, vetoed, blackmailed = law[:7]
        blackmailer = intimidator  # his night card is played; by day he has a Hand card to play
        u = h.players
        cast = {intimidator, intimidated, banner, banned, vetoer, vetoed, blackmailed}
        bystanders = [p.pid for p in state.players if p.pid not in cast and p.faction != "mafia"]

        # ---- night 1
        await deal(h, intimidator, hand=["intimidation", *FILL])
        await play_accepted(h, u[intimidator], "🃏 Устрашение", "▶ Сыграть", name(intimidated), CONFIRM)
        await deal(h, banner, hand=["any_means", *FILL], sleeve=["dummy", "dummy"])
        await play_accepted(h, u[banner], "🃏 Все средства хороши", "▶ Сыграть", name(banned), PAY, PAY, CONFIRM, CONFIRM)
        await deal(h, vetoer, hand=["veto", *FILL])
        await play_accepted(h, u[vetoer], "🃏 Право вето", "▶ Сыграть", name(vetoed), CONFIRM)
        await resolve_running(h)  # ---------------------------------------------------------------- day 1
        public = "\n".join(h.texts(h.public))
        assert f"«Устрашение» — {name(intimidated)}: на следующем голосовании каждый, кто проголосует за этого " \
            "персонажа, получит 2 урона." in public
        assert "вы не можете голосовать против этого персонажа" in told(h, banned)
        assert name(banner) in told(h, banned)

        # ---- day 1: the banned vote is not offered; the veto's right used; Шантаж; Дипломатический перевес
        message = await fresh_panel(h, u[banned])
        await tap(h, u[banned], message, "🗳 Голос")
        offered = labels(message)
        assert name(banner) not in offered, "«не может голосовать против этого персонажа»: no button for him"
        message = await fresh_panel(h, u[vetoer])
        await tap(h, u[vetoer], message, "✨ Право вето")
        assert await tap(h, u[vetoer], message, CONFIRM) == OK
        (ability,) = orders(await state_of(h), vetoer, "ability")
        assert ability.params["ability"] == "veto"
        await deal(h, blackmailer, hand=["blackmail", *FILL], sleeve=["dummy"])
        await play_accepted(h, u[blackmailer], "🃏 Шантаж", "▶ Сыграть", name(blackmailed), name(intimidated), PAY,
                            CONFIRM, CONFIRM)
        (order,) = orders(await state_of(h), blackmailer, "play")
        assert order.params == {"target": blackmailed, "vote_for": intimidated}
        await deal(h, banner, hand=["diplomatic_leverage", *FILL], sleeve=["dummy", "dummy"])
        await play_accepted(h, u[banner], "🃏 Дипломатический перевес", "▶ Сыграть", name(vetoed), PAY, PAY, CONFIRM,
                            CONFIRM)
        # the intimidated: the banned one's vote (law: hit), the blackmailed one's (forced) and his own; the
        # vetoed: his own, a bystander's, + 2 + 2 (the blackmailed one's vote was forced away)
        await vote_and_punish(h, [banned], intimidated, "казнь")
        await vote_and_punish(h, [blackmailed, bystanders[0]], vetoed, "казнь")
        state = await resolve_running(h)  # ---------------------------------------------------------------- night 2
        verdict = next(e for e in reversed(state.events) if e.kind == "council_verdict")
        assert verdict.params["punished"] == vetoed
        assert f"«Устрашение» — {name(intimidated)}: вы голосовали за этого персонажа и получаете 2 урона." in told(h, banned)
        assert f"«Устрашение» — {name(intimidated)}: вы голосовали за этого персонажа и получаете 2 урона." in told(h, blackmailed)
        assert "и получаете 2 урона" not in told(h, bystanders[0])
    finally:
        await h.close()


def test_death_penalty_verdict_and_announcement_in_russian():
    """Смертная казнь's words: the announcement when played and the verdict with the death it imposed."""
    from tests.engine.mafik.conftest import MafikScenario
    from tgbot.render import render

    g = MafikScenario.night(3).player("A", hand=["death_penalty", "dummy"]).player("B", hand=8) \
        .player("C", hand=8).player("Z", secret="killer", hand=30)
    g.play("A", "death_penalty").resolve()
    (announced,) = g.public("death_sentence")
    assert render(g.state, announced, "ru").startswith("«Смертная казнь»: на вече (день 3) будет убит тот, кого накажут, —")
    g.vote("A", "B").vote("C", "B").vote("B", "C").vote("Z", "B").resolve()
    verdict = g.public("council_verdict")[-1]
    assert render(g.state, verdict, "ru").endswith(
        "Наказание — B: смерть. Меру наказания не выбирали: её назначила сыгранная карта — смерть.")
