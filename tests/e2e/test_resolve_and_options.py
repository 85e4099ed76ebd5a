"""The master's /resolve names the phase it ends (a confirmation whose button carries the phase; a press
once that phase is over is refused); /set lists and explains the options; reminders are settable and
reach only those who have not submitted; `show_waiting` shows the players who has not submitted yet."""

from __future__ import annotations

from tests.e2e.driver import answer_of, panel_of, press_act
from tests.e2e.harness import Harness
from tests.e2e.test_deadlines import started, wait_until
from tgbot.services.options import DEFAULTS

NOT_MASTER = "Это может сделать только мастер игры."


def last_log(h: Harness) -> str:
    return h.world.last_text(h.log) or ""


async def ask_to_resolve(h: Harness):
    """/resolve: the confirmation message (its one button names the phase)."""
    await h.feed(h.master.send("/resolve", h.log))
    confirm = h.world.last_message(h.log)
    assert confirm is not None and confirm.inline_keyboard
    return confirm


async def test_resolve_asks_and_ends_exactly_the_phase_named(tmp_path):
    h = await started(tmp_path)
    try:
        confirm = await ask_to_resolve(h)
        assert confirm.buttons == [["✅ Подвести итоги: Ночь 1"]]
        assert (await h.app.service.state(1)).phase == 1  # asking changes nothing
        keyboard = confirm.reply_markup
        await h.feed(h.master.press(confirm, confirm.inline_keyboard[0][0]["callback_data"]))
        assert (await h.app.service.state(1)).phase == 2
        assert confirm.content == "Итоги подведены: Ночь 1." and not confirm.inline_keyboard
        # The same button once more (a client still showing it): night 1 is over, day 1 is not ended by it.
        confirm.reply_markup = keyboard
        again = h.master.press(confirm, confirm.inline_keyboard[0][0]["callback_data"])
        await h.feed(again)
        assert "сейчас идёт фаза «День 1», а не «Ночь 1»" in answer_of(h, again)
        assert (await h.app.service.state(1)).phase == 2
    finally:
        await h.close()


async def test_a_confirmation_pressed_after_the_phase_resolved_by_itself_is_refused(tmp_path):
    h = await started(tmp_path, early=True)
    try:
        confirm = await ask_to_resolve(h)  # the master means night 1…
        state = await h.app.service.state(1)
        for pid, user in enumerate(h.players):  # …which ends by itself: everyone has submitted
            await h.app.service.submit(1, user_id=user.id, kind="discard", card=state.player(pid).hand[0].uid)

        async def day() -> bool:
            return (await h.app.service.state(1)).phase == 2

        assert await wait_until(day)
        before = (await h.app.service.state(1)).model_dump_json()
        update = h.master.press(confirm, confirm.inline_keyboard[0][0]["callback_data"])
        await h.feed(update)
        assert "сейчас идёт фаза «День 1», а не «Ночь 1»" in answer_of(h, update)
        assert (await h.app.service.state(1)).model_dump_json() == before  # day 1 goes on, untouched
    finally:
        await h.close()


async def test_only_the_master_may_press_the_confirmation(tmp_path):
    h = await started(tmp_path)
    try:
        confirm = await ask_to_resolve(h)
        player = h.players[0]
        h.world.set_member(h.log, player, "member")
        update = player.press(confirm, confirm.inline_keyboard[0][0]["callback_data"])
        await h.feed(update)
        assert answer_of(h, update) == NOT_MASTER
        assert (await h.app.service.state(1)).phase == 1
    finally:
        await h.close()


async def test_resolve_with_the_phase_in_words_ends_it_only_if_it_is_current(tmp_path):
    h = await started(tmp_path)
    try:
        await h.feed(h.master.send("/resolve день 1", h.log))
        assert "сейчас идёт фаза «Ночь 1», а не «День 1»" in last_log(h)
        await h.feed(h.master.send("/resolve потом", h.log))
        assert "/resolve ночь 3" in last_log(h)
        assert (await h.app.service.state(1)).phase == 1
        await h.feed(h.master.send("/resolve ночь 1", h.log))
        # the answer and the log's account of the phase, in whichever order they arrive
        assert any("Итоги подведены: Ночь 1" in text for text in h.texts(h.log)[-2:])
        assert (await h.app.service.state(1)).phase == 2
        await h.feed(h.master.send("/resolve ночь 1", h.log))  # sent twice: day 1 stays
        assert "а не «Ночь 1»" in last_log(h)
        assert (await h.app.service.state(1)).phase == 2
    finally:
        await h.close()


async def test_set_without_argument_lists_every_option_with_its_value_and_how_to_change_it(tmp_path):
    h = await started(tmp_path)
    try:
        await h.feed(h.master.send("/set", h.log))
        text = last_log(h)
        assert "Неверная настройка" not in text
        for key in DEFAULTS:
            assert key in text, key
        assert "• night_minutes = 30 — сколько минут длится ночь" in text
        assert "• reminders = 60,10 — " in text and "• early = выкл — " in text
        assert "/set КЛЮЧ ЗНАЧЕНИЕ" in text
        await h.feed(h.master.send("/set reminders", h.log))
        assert "минуты через запятую" in last_log(h) and "/set reminders 60,10" in last_log(h)
    finally:
        await h.close()


async def test_bad_set_explains_the_option_and_changes_nothing(tmp_path):
    h = await started(tmp_path)
    try:
        before = (await h.app.service.game(1))["settings_json"]
        for bad in ("/set reminders 10,abc", "/set reminders 1,2,3,4,5,6", "/set show_waiting maybe",
                    "/set colour red"):
            await h.feed(h.master.send(bad, h.log))
            assert "Неверная настройка" in last_log(h), bad
        assert "/set КЛЮЧ" in last_log(h)  # an unknown option: how to see them all
        await h.feed(h.master.send("/set reminders 10,abc", h.log))
        assert "минуты через запятую" in last_log(h)  # a known one: what it takes
        assert (await h.app.service.game(1))["settings_json"] == before
    finally:
        await h.close()


def reminder_jobs(h: Harness) -> set[str]:
    return {job.id for job in h.app.scheduler.get_jobs() if job.id.startswith("g1:remind")}


async def test_reminders_are_settable_and_rearmed_at_once(tmp_path):
    h = await started(tmp_path)  # a 30-minute night: the 60-minute reminder has passed already
    try:
        assert reminder_jobs(h) == {"g1:remind10"}
        await h.feed(h.master.send("/set reminders 20, 5", h.log))
        assert "reminders = 20,5" in last_log(h)
        assert reminder_jobs(h) == {"g1:remind20", "g1:remind5"}
        await h.feed(h.master.send("/set reminders off", h.log))
        assert reminder_jobs(h) == set()
        assert h.app.scheduler.get_job("g1:deadline") is not None  # the deadline itself stays
    finally:
        await h.close()


async def test_a_reminder_reaches_only_those_who_have_not_submitted_when_its_time_comes(tmp_path):
    h = await started(tmp_path)
    try:
        await h.feed(h.master.send("/set reminders 15", h.log))
        first = h.players[0]
        panel = panel_of(h, first)
        assert panel is not None
        assert await press_act(h, first, panel, "card") and await press_act(h, first, panel, "disc")
        assert any(o for o in (await h.app.service.state(1)).orders.get(0, []))
        h.clock.advance(15 * 60 - 0.05)  # the service's clock: 15 minutes (less a moment) before the deadline
        game = await h.app.service.game(1)
        await h.app.deadlines.arm(1, game["deadline_at"])

        async def reminded() -> bool:
            await h.deliver()
            return any("До конца фазы 15 мин" in (u.last_text or "") for u in h.players)

        assert await wait_until(reminded)
        got = [u for u in h.players if "До конца фазы 15 мин" in (u.last_text or "")]
        assert first not in got and len(got) == len(h.players) - 1
    finally:
        await h.close()


async def test_show_waiting_lists_who_has_not_submitted_names_only(tmp_path):
    h = await started(tmp_path)
    try:
        state = await h.app.service.state(1)
        first, second = h.players[0], h.players[1]
        await h.app.service.submit(1, user_id=first.id, kind="discard", card=state.player(0).hand[0].uid)
        panel = panel_of(h, second)
        assert panel is not None
        await h.press(second, panel, "🔄 Обновить")
        assert "Ещё не подали заявок" not in (panel_of(h, second).content or "")  # off by default
        await h.feed(h.master.send("/set show_waiting on", h.log))
        await h.press(second, panel_of(h, second), "🔄 Обновить")
        line = next(x for x in (panel_of(h, second).content or "").split("\n") if "Ещё не подали заявок" in x)
        names = [p.name for p in state.players]
        assert names[0] not in line and all(name in line for name in names[1:])
        assert line == "⏳ Ещё не подали заявок: " + ", ".join(names[1:]) + "."  # nothing but the names
    finally:
        await h.close()
