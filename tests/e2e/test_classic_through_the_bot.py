"""«Классическая форумная мафия» through the real bot: /newgame classic, eight characters sign up (one public role
for all, «Житель»), the game starts at night 1, the day's votes are cast from the panel and shown in the public
group as they are cast, the most voted goes to prison, night moves (a purchase in the shop, the clans' kills with
the Босс sending his soldier on the job, the bar) are made from the panel's buttons, the bot restarts mid-phase,
a clan writes to its members, a day order and the clan's Диплом are used, and the game ends with a clan's win,
the reveal and the master's readable record. The shop, items, «сижу дома», the day's vote, penalties and paid
orders in detail: test_classic_shop.py, test_classic_day.py. No line of tgbot/ names the rule set."""

from __future__ import annotations

from tests.e2e.classic_game import playing, send_on_the_job
from tests.e2e.driver import acts, tap
from tests.e2e.harness import start_app
from tests.e2e.panel_play import deadline_passes, lines, panel, use, vote_against


async def test_a_game_of_classic_from_newgame_to_the_reveal_through_the_bot(tmp_path, database) -> None:
    async with playing(tmp_path, database=database) as (h, cast):
        await h.feed(h.master.send("/set", h.log))
        assert "silent_penalty" in h.texts(h.log)[-1], "/set lists the rule set's own settings"
        state = await h.app.service.state(1)
        assert state.settings["vote_tie"] == "nobody", "a rule set's own setting reaches the engine at the start"
        names, user, role = cast.names, cast.user, cast.role
        sheriff, citizen = cast.one("sheriff"), cast.one("citizen")
        red, green = cast.of("mafia_red"), cast.of("mafia_green")
        assert any("Игра начинается с ночи." in t for t in h.texts(user[citizen])), "the summary says night 1 first"
        assert any("Ваша роль: Шериф" in t for t in h.texts(user[sheriff]))
        assert "💰 Монет: 4" in (panel(h, user[sheriff]).text or "")

        # Night 1: the red clan kills a green soldier; a citizen buys garlic; the bot restarts mid-phase.
        shooter = next(p for p in red if role[p] == "soldier")
        red_boss = next(p for p in red if role[p] == "boss")
        victim = next(p for p in green if role[p] == "soldier")
        await send_on_the_job(h, user[red_boss], names[shooter])  # 1.6: the Босс sends the clan's moves
        await use(h, user[shooter], "🔫 Убийство", names[victim])
        await use(h, user[citizen], "🛒 Магазин и ларек", "Чеснок")
        await h.app.shutdown()
        h.app = await start_app(h.world, h.clock, h.database)
        assert {o.kind for o in (await h.app.service.state(1)).orders[citizen]} == {"buy"}
        await deadline_passes(h)
        assert any("Ваш ход «🔫 Убийство»: удачно." in t for t in h.texts(user[shooter]))
        assert any("У вас теперь есть: Чеснок." in t for t in h.texts(user[citizen]))
        public = lines(h, h.public)
        assert f"Роль {names[victim]}: Рядовой мафиози." in public
        assert "☀ Утро дня 1." in public and "Куплено: Чеснок." in public
        assert f"Выбыли из игры: {names[victim]}." in public
        assert "Чеснок" in (panel(h, user[citizen]).text or "")

        # The master gives the Шериф's seat to a newcomer: he is told the role and the team again.
        novice = h.world.add_user("Новичок", username="Novice")
        await h.feed(novice.start())
        await h.feed(h.master.send(f"/replace {sheriff + 1} @novice", h.log))
        assert any("Ваша роль: Шериф" in text for text in h.texts(novice))
        user[sheriff] = novice

        # Day 1: the bot reads the public group (the «сухари» rule counts posts); everyone votes the Шериф into
        # prison; each vote is public as it is cast.
        await h.feed(user[citizen].send("Я мирный житель, честно", h.public))
        from engine.rulesets.classic.model import cit

        state = await h.app.service.state(1)
        assert cit(state, citizen).posted_phase == state.phase
        for pid in names:
            if pid not in (sheriff, victim):
                await vote_against(h, user[pid], names[sheriff])
        assert f"{names[citizen]} проголосовал против: {names[sheriff]}." in lines(h, h.public)
        await deadline_passes(h)
        assert f"{names[sheriff]} посажен в тюрьму." in lines(h, h.public)
        state = await h.app.service.state(1)
        assert state.is_night and state.players[sheriff].alive

        # Night 2: a citizen goes to the bar (2 coins; everyone learns it in the morning).
        other = citizen  # (2 coins left after the garlic and a move's pay)
        await use(h, user[other], "🍸 Бар «Голубая устрица»")
        await deadline_passes(h)
        assert f"Ночь в баре «Голубая устрица»: {names[other]}." in lines(h, h.public)

        # Day 2: the red boss writes to his clan, orders the cops' cover for himself and uses the clan's Диплом;
        # the green boss goes to prison.
        screen = panel(h, user[red_boss])
        await tap(h, user[red_boss], screen, "👥 Сообщение своим")
        await h.feed(user[red_boss].send("Сегодня сажаем зеленого босса"))
        screen = h.last_with_buttons(user[red_boss])
        await tap(h, user[red_boss], screen, "✅ Подтвердить")
        assert any("Сегодня сажаем зеленого босса" in t for t in h.texts(user[shooter]))
        assert not any("Сегодня сажаем" in lines(h, user[p]) for p in green), "the other clan does not read it"
        assert "Сегодня сажаем" not in lines(h, h.public)
        await use(h, user[red_boss], "📨 Заказ", "Прикрытие", names[red_boss])
        await use(h, user[red_boss], "🎓 Диплом")
        green_boss = next(p for p in green if role[p] == "boss")
        for pid in names:
            if pid not in (green_boss, sheriff, victim):
                await vote_against(h, user[pid], names[green_boss])
        await deadline_passes(h)
        last = next(p for p in green if p not in (green_boss, victim))
        await send_on_the_job(h, user[red_boss], names[shooter])
        await use(h, user[shooter], "🔫 Убийство", names[last])
        await deadline_passes(h)
        state = await h.app.service.state(1)
        assert state.status == "finished" and state.winners == ["mafia_red"]
        assert all(any(t.startswith("Игра окончена. Победа: Красный клан мафии") for t in h.texts(u)) for u in user.values())

        # The master's readable record: the phases, the orders with their targets, the final roles.
        _document, page = h.world.documents_in(h.log)
        html = page.data.decode("utf-8")
        for title in ("Ночь 1", "День 1", "Ночь 2", "День 2", "Ночь 3"):
            assert f"<h2>{title}</h2>" in html
        assert f"• {names[shooter]}: 🔫 Убийство → {names[victim]}" in html
        assert acts  # (the panel's buttons are read through the driver)
