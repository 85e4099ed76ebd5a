"""«Классическая форумная мафия» through the real bot: a question to a player — the Вербовщик's offer. By night the
Вербовщик recruits a peaceful citizen from the panel; the citizen is asked in his private chat and answers with a
button by day; at the day's end he becomes a Ученик клана and the Вербовщик learns it."""

from __future__ import annotations

from tests.e2e.classic_game import playing, send_on_the_job
from tests.e2e.driver import labels, tap
from tests.e2e.panel_play import deadline_passes, lines, use

RECRUITING = "table boss,recruiter,soldier,boss,soldier,soldier,sheriff,citizen"


async def test_a_recruitment_offer_is_asked_and_answered_with_a_button_in_the_private_chat(tmp_path) -> None:
    async with playing(tmp_path, RECRUITING) as (h, cast):
        recruiter, citizen = cast.one("recruiter"), cast.one("citizen")
        boss = next(p for p in cast.of(cast.side[recruiter]) if cast.role[p] == "boss")
        await send_on_the_job(h, cast.user[boss], cast.names[recruiter])  # 1.6: the Босс sends the clan's moves
        await use(h, cast.user[recruiter], "🤝 Вербовка", cast.names[citizen])
        await deadline_passes(h)  # day 1: the offer is asked
        user = cast.user[citizen]
        question = next(m for m in reversed(h.world.messages_in(user.chat)) if "Вопрос вам" in (m.text or ""))
        assert "предложение вступить в клан" in (question.text or "")
        assert labels(question) == ["согласиться", "отказаться"]
        assert "Если не ответить до дедлайна — отказаться." in (question.text or "")
        await tap(h, user, question, "согласиться")
        assert "✅ Ваш ответ: согласиться. Изменить его можно до конца фазы." in (question.text or "")
        assert labels(question) == ["✅ согласиться", "отказаться"]
        await deadline_passes(h)  # night 2: the answer counts at the day's end

        state = await h.app.service.state(1)
        assert state.player(citizen).secret_role == "apprentice", "«этот игрок становится учеником клана»"
        assert f"🤝 Вербовка удачна: {cast.names[citizen]} — ученик клана." in lines(h, cast.user[recruiter])
        assert "🤝 Вы — ученик клана." in lines(h, user)
