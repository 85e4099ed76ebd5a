"""«Классическая форумная мафия» through the real bot, by day: the vote screen (public, final, not against oneself
nor a prisoner), each vote in the public group as it is cast, a second vote refused; the penalties for not voting
and for silence shown on the panel with their reason and counted in the tally; the master marking the silent
(/silent) where the bot does not read the group; a paid day order passed to its executor and paid when done."""

from __future__ import annotations

from tests.e2e.classic_game import playing
from tests.e2e.driver import labels, press_act, tap
from tests.e2e.panel_play import deadline_passes, lines, panel, use, vote_against


async def test_the_vote_is_public_final_and_never_against_oneself_or_a_prisoner(tmp_path) -> None:
    async with playing(tmp_path) as (h, cast):
        await deadline_passes(h)  # day 1
        citizen, sheriff = cast.one("citizen"), cast.one("sheriff")
        red = cast.of("mafia_red")
        for pid in (citizen, *red):
            await vote_against(h, cast.user[pid], cast.names[sheriff])
        assert f"🗳 {cast.names[citizen]} проголосовал против: {cast.names[sheriff]}." in lines(h, h.public), \
            "each vote is public as it is cast"
        assert "🗳 Голос" not in labels(panel(h, cast.user[citizen])), "one vote a day"
        await deadline_passes(h)  # night 2: the Шериф is in prison
        assert f"🔒 {cast.names[sheriff]} посажен в тюрьму." in lines(h, h.public)
        await deadline_passes(h)  # day 2

        user = cast.user[citizen]
        screen = panel(h, user)
        assert await press_act(h, user, screen, "votes")
        assert (screen.text or "").startswith("За кого вы голосуете? Голос публичный")
        offered = labels(screen)
        assert cast.names[citizen] not in offered, "not against oneself"
        assert cast.names[sheriff] not in offered, "not against a prisoner"
        await tap(h, user, screen, cast.names[red[0]])
        state = await h.app.service.state(1)
        assert [o.params["target"] for o in state.orders[citizen] if o.kind == "vote"] == [red[0]]


async def test_penalties_are_shown_with_their_reason_and_the_master_marks_the_silent(tmp_path) -> None:
    async with playing(tmp_path, "silent_penalty on") as (h, cast):
        await h.feed(h.master.send("/silent", h.log))
        assert "Молчавших отмечают днем" in lines(h, h.log), "a night has no posts to count"
        await deadline_passes(h)  # day 1
        citizen, sheriff = cast.one("citizen"), cast.one("sheriff")
        green = cast.of("mafia_green")
        await vote_against(h, cast.user[citizen], cast.names[green[0]])
        await vote_against(h, cast.user[sheriff], cast.names[green[0]])
        await h.feed(cast.user[citizen].send("Я мирный, голосую против зеленых", h.public))
        await h.feed(h.master.send(f"/silent {sheriff + 1}", h.log))
        assert (f"🤐 Отмечено: сегодня в группе игры ничего не написали {cast.names[sheriff]}; остальные персонажи в "
                "игре засчитаны как писавшие.") in lines(h, h.log)
        await h.feed(h.master.send("/silent 99", h.log))
        assert "Нет игрока с номером 99" in lines(h, h.log)
        await deadline_passes(h)  # night 2

        assert "⚠ Штраф" not in (panel(h, cast.user[citizen]).text or ""), "he voted and wrote"
        assert ("⚠ Штраф: завтра против вас +1 голос — вы ничего не написали в группе игры."
                in (panel(h, cast.user[sheriff]).text or ""))
        idle = cast.one("soldier", "mafia_red")
        assert "⚠ Штраф: завтра против вас +1 голос — вы не проголосовали." in (panel(h, cast.user[idle]).text or "")
        await deadline_passes(h)  # day 2
        assert "⚠ Штраф: сегодня против вас +1 голос" in (panel(h, cast.user[sheriff]).text or "")
        await deadline_passes(h)  # night 3: the tally counts the penalties
        assert f"⚠ {cast.names[sheriff]}: +1 голос штрафа (вчера ни одного поста)." in lines(h, h.public)


async def test_a_day_order_reaches_its_executor_and_is_paid_when_done(tmp_path) -> None:
    async with playing(tmp_path) as (h, cast):
        citizen, sheriff = cast.one("citizen"), cast.one("sheriff")
        await use(h, cast.user[citizen], "🏠 Сижу дома")
        await deadline_passes(h)  # day 1
        await use(h, cast.user[citizen], "📨 Заказ", "Прикрытие (2 мон.)", cast.names[citizen])
        await deadline_passes(h)  # night 2
        assert f"📨 Вам заказ: Прикрытие (2 мон.). Цель: {cast.names[citizen]}." in lines(h, cast.user[sheriff])
        await use(h, cast.user[sheriff], "🛡 Прикрытие", cast.names[citizen])
        await deadline_passes(h)  # day 2
        assert f"📨 Ваш заказ выполнен: Прикрытие (2 мон.). Цель: {cast.names[citizen]}." in lines(h, cast.user[citizen])
        assert "💰 Монет: 2" in (panel(h, cast.user[citizen]).text or ""), "the order's 2 coins, taken when done"
        assert "💰 Монет: 8" in (panel(h, cast.user[sheriff]).text or ""), "4 + the order's 2 + the move's 2"
