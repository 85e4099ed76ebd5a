"""A whole 13-player Мафик game through the fake Telegram, every step an update, from `/newgame mafik`
to the final reveal: sign-up with public roles (one "(Другой)" with a typed title), every deck built by
buttons (the Инженер's two cards; refused choices with their reasons), plays from the Hand and from the
Sleeve with costs paid from the Sleeve, an accusation, stance changes (the Наставник's, whose upper stance
allows one more Damage card, and Демоническая форма's), the Вече with each of the four punishments over four days (the open
punishment vote announced as cast), a private message, a room in a pool group (join requests approved
for members only) and a relayed one (no free group left), a player replaced by the master, and the end:
the master removes the last of the mafia and the Маньяк, the law wins, every role is revealed and the
master gets the log file.

What each step asserts is what the public group, the players and the master's log received. The deal
is stacked (`deal`) only where a step needs particular cards, so that nothing depends on random decks;
who is mafia is read from the state after the (seeded) roles are dealt, and the cast adapts to it.
"""

from __future__ import annotations

import json
import re

from engine.core.state import GameState
from tests.e2e.driver import (
    acts,
    add_pool_group,
    build_engineer,
    builder_of,
    choose_role,
    confirm,
    deal,
    fill_by_buttons,
    fresh_panel,
    labels,
    log_texts,
    name,
    orders,
    panel_of,
    play,
    plus_buttons,
    press,
    propose,
    room_board,
    send_private,
    state_of,
    tap,
    totals,
    vote_and_punish,
)
from tests.e2e.harness import Harness, buttons, make_harness
from tgbot.gamedata import role_name
from tgbot.sandbox.faketg import FakeUser
from tgbot.ui.callbacks import Act

# The public roles of pid 0…12 in sign-up order: passive perks (nothing acts unasked, no armour, no
# extra cards that would keep an executed character alive), the Инженер, the Наставник, and "(Другой)".
ROLES = ["engineer", "mentor", "genius", "croupier", "authority", "monk", "psychic", "banker", "rich",
         "cardsharp", "gossip", "medium", "other"]
ENGINEER, MENTOR, OTHER = 0, 1, 12
TITLE = "Лесник"


def public(h: Harness) -> str:
    return "\n".join(h.texts(h.public))


def texts_of(h: Harness, user: FakeUser) -> str:
    return "\n".join(h.texts(user))


async def resolve(h: Harness) -> GameState:
    """The master ends the phase (`/resolve` in the log group)."""
    before = (await state_of(h)).phase
    await h.resolve()
    state = await state_of(h)
    assert state.phase == before + 1 or state.status == "finished", (state.phase, state.status)
    return state


def verdict(h: Harness) -> str:
    return next(t for t in reversed(h.texts(h.public)) if "Итоги вече" in t)


async def council(h: Harness, target: int, punishment: str, *, besides: tuple[int, ...] = ()) -> None:
    """Every living character but the target (and `besides`) votes for the target and for the punishment,
    by the panel's buttons; the first punishment vote shows on the day's board in the public group as it is cast."""
    state = await state_of(h)
    voters = [p.pid for p in state.living() if p.pid not in (target, *besides)]
    await vote_and_punish(h, voters[:1], target, punishment)
    board = h.world.last_text(h.public) or ""
    assert "Голосование за меру наказания" in board and f"{punishment}: {name(voters[0])}" in board
    await vote_and_punish(h, voters[1:], target, punishment)


# ---------------------------------------------------------------- sign-up and decks

async def sign_up(h: Harness) -> None:
    await h.feed(h.master.send("/newgame mafik", h.log))
    assert "Игра #1 (Мафик)" in (h.world.last_text(h.log) or "")
    await h.feed(h.master.send("/bind 1", h.public))
    for i, (user, role) in enumerate(zip(h.players, ROLES, strict=True)):
        await h.feed(user.start("join_1"))
        assert "Как зовут вашего персонажа" in (user.last_text or "")
        await h.feed(user.send(name(i)))
        await choose_role(h, user, role)
        if role == "other":
            assert "название своей роли" in (user.last_text or "")
            await h.feed(user.send("Наставник"))  # a role of the list: refused
            assert "Такая роль уже есть" in (user.last_text or "")
            await h.feed(user.send(TITLE))
            assert f"Готово: {name(i)} — {TITLE}" in (user.last_text or "")
        else:
            assert f"Готово: {name(i)}" in (user.last_text or "")
    board = h.world.last_message(h.public)
    assert board is not None and "Записалось: 13" in (board.text or "")
    assert f"{name(OTHER)} — {TITLE}" in (board.text or "") and f"{name(ENGINEER)} — Инженер" in (board.text or "")
    assert f"{name(MENTOR)} — Наставник" in (board.text or "")


async def build_decks(h: Harness, careful: int) -> list[str]:
    """Every deck by the builder's buttons: the Инженер picks his two cards (a third is refused); the
    `careful` player meets a refused third copy and a refused early save, each with its reason."""
    picks = await build_engineer(h, h.players[ENGINEER])
    for pid, user in enumerate(h.players):
        if pid == ENGINEER:
            continue
        message = builder_of(h, user)
        if pid == careful:
            free = {a.v for t_, a in acts(message) if a.a == "bcard" and "☆" in t_}
            # a regular card (the Киллер may take 5 Пистолетов)
            plus = next(a for a in plus_buttons(message) if a.v != "pistol" and a.v not in free)
            for _ in range(2):
                await press(h, user, message, plus.pack())
            assert "Не больше 2 копий одной карты" in await press(h, user, message, plus.pack())
            have, need = totals(message)
            assert have == 2
            refused = await press(h, user, message, Act(g=1, p=0, a="bsave").pack())
            assert refused == f"Колода не соответствует правилам. Обычных карт должно быть ровно {need} (сейчас 2)."
        await fill_by_buttons(h, user, message)
        assert "Колода сохранена" in await press(h, user, message, Act(g=1, p=0, a="bsave").pack())
    return picks


# ---------------------------------------------------------------- the game

async def test_a_whole_mafik_game_through_telegram(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await sign_up(h)
        pool = await add_pool_group(h)
        await h.feed(h.master.send("/startgame", h.log))
        state = await state_of(h)
        assert state.phase == 0, state.status
        assert "Игра #1 началась: роли розданы, идёт сбор колод." in log_texts(h)
        board = h.world.last_message(h.public)
        assert board is not None and "запись закрыта, игра началась. Игроков: 13." in (board.text or "")
        assert not board.inline_keyboard, "no sign-up button once the game has begun"
        other = state.player(OTHER)
        assert other.public_role == "other" and other.role_title == TITLE
        for pid, user in enumerate(h.players):
            text = texts_of(h, user)
            assert "Ваша тайная роль" in text and "Явная роль" in text and "Цвета:" in text
            assert f"👤 {name(pid)} Ваша тайная роль" in log_texts(h), "the master's log gets a copy"
            faction = state.player(pid).faction
            if faction == "mafia":
                assert "Мафия — вы знаете друг друга" in text
            elif faction == "maniac":
                assert "очко Крови" in text
            else:
                assert "Вы — Закон" in text
        mafia = [p.pid for p in state.players if p.faction == "mafia"]
        maniac = next(p.pid for p in state.players if p.faction == "maniac")
        law = [p.pid for p in state.players if p.faction == "law" and p.pid not in (ENGINEER, MENTOR)]
        assert len(mafia) == 4 and len(law) >= 6

        # ---------------------------------------------------------------- decks, by buttons
        careful = law[0]
        picks = await build_decks(h, careful)
        state = await state_of(h)
        assert state.phase == 1, "every deck saved: the first night"
        hand = [c.card for c in state.player(ENGINEER).hand]
        assert all(hand.count(c) >= picks.count(c) for c in picks), "the Инженер's two cards are dealt"
        for pid in mafia:
            assert "начало первой ночи" in texts_of(h, h.players[pid]) and "рукав:" in texts_of(h, h.players[pid])
        for user in h.players:
            panel = panel_of(h, user)
            assert panel is not None and "Рука (сбрасывается сверху вниз)" in (panel.text or "")

        # the cast: law players act, the mafia are punished (one a day), the rest are modkilled at the end
        shooter, vested, demon, writer, reader, spare = law[:6]
        victims = mafia
        relayed = [shooter, vested]  # a room of two; spare proposes a room of three (one room a day each)
        room1 = [p for p in dict.fromkeys((ENGINEER, OTHER, MENTOR, maniac, *law[6:]))
                 if p not in (victims[0], spare, writer, *relayed)][:2]
        u = h.players

        # ---------------------------------------------------------------- night 1: plays
        # the Наставник: a second Hand card is refused in the normal stance, accepted in the upper one
        await deal(h, MENTOR, hand=["pistol", "kick", "dummy", "dummy", "dummy", "dummy"])
        message, answer = await play(h, u[MENTOR], "🃏 Пистолет", "▶ Сыграть", name(spare), "Пропустить", "✅ Подтвердить")
        assert answer == "✅ Заявка принята."
        message, _ = await play(h, u[MENTOR], "🃏 Удар ногой", "▶ Сыграть", name(spare), "Пропустить")
        refused = await tap(h, u[MENTOR], message, "✅ Подтвердить")
        assert refused.startswith("Лимит исчерпан. За фазу можно сыграть карт из руки: 1, из рукава: 1"), refused
        message = await fresh_panel(h, u[MENTOR])
        assert "стойка: обычная" in (message.text or "")
        await tap(h, u[MENTOR], message, "🧘 Наставник: стойка")
        await tap(h, u[MENTOR], message, "верхняя")
        assert await tap(h, u[MENTOR], message, "✅ Подтвердить") == "✅ Готово."
        assert "стойка: верхняя" in (message.text or "")
        message, answer = await play(h, u[MENTOR], "🃏 Удар ногой", "▶ Сыграть", name(spare), "Пропустить", "✅ Подтвердить")
        assert answer == "✅ Заявка принята.", "the upper stance allows one more Damage card"
        assert len(orders(await state_of(h), MENTOR, "play")) == 2

        # a play from the Hand with a target and an accusation (on the same target, whose Hand is stacked)
        await deal(h, spare, hand=["dummy", "dummy", "dummy", "dummy", "dummy", "dummy"])
        await deal(h, shooter, hand=["pistol", "kick", "dummy", "dummy", "dummy", "dummy"])
        message, _ = await play(h, u[shooter], "🃏 Пистолет", "▶ Сыграть", name(spare))
        assert "Обвинение (по желанию)" in (message.text or "")
        await tap(h, u[shooter], message, "Удар ногой")
        await tap(h, u[shooter], message, "Готово")
        assert "Обвинение: Удар ногой" in (message.text or "") and f"Цель: {name(spare)}" in (message.text or "")
        assert await tap(h, u[shooter], message, "✅ Подтвердить") == "✅ Заявка принята."
        (order,) = orders(await state_of(h), shooter, "play")
        assert order.params == {"target": spare, "accuse": ["kick"]}

        # a play from the Sleeve, its cost paid from the Sleeve
        await deal(h, vested, sleeve=["bulletproof_vest", "dummy", "bunker"])
        message, _ = await play(h, u[vested], "🎴 Бронежилет", "▶ Сыграть из рукава", name(vested))
        assert "Оплата: цена 1" in (message.text or "") and "✅ Подтвердить" not in labels(message)
        await tap(h, u[vested], message, "🎴 Пустышка")
        await tap(h, u[vested], message, "✅ Подтвердить")
        assert await tap(h, u[vested], message, "✅ Подтвердить") == "✅ Заявка принята."
        assert "из рукава; оплата 1" in (message.text or "")

        state = await resolve(h)  # ---------------------------------------------------------------- day 1
        assert "Началась фаза день 1" in public(h)
        # the master's log: one "who did what" message for the night, every submission by name
        (night,) = [t for t in h.texts(h.log) if "Ночь 1: кто что сделал" in t]
        assert f"• {name(vested)}: «Бронежилет» (из рукава) → {name(vested)}; оплата: карты Пустышка" in night
        assert f"• {name(shooter)}: «" in night and "Обвинение: Удар ногой" in night
        assert night.index("Заявки:") < night.index("Что произошло:") < night.index(
            f"👤 {name(spare)} Вы получили")
        left = len(state.player(spare).hand)
        assert state.player(spare).alive and 0 < left < 6
        counts = next(t for t in reversed(h.texts(h.public)) if t.startswith("Карт в руке"))
        assert f"Карт в руке: {name(0)}: 6," in counts and re.search(rf"{name(spare)}: {left}[,.]", counts)
        results = next(t for t in reversed(h.texts(u[spare])) if "урона" in t)
        damage = re.search(r"Вы получили (\d+) урона", results)
        assert damage and int(damage.group(1)) >= 4, "the target learns its damage…"
        assert name(shooter) not in results and name(MENTOR) not in results, "…not who dealt it"
        assert f"👤 {name(spare)} {damage.group(0)}" in log_texts(h)
        assert [c.card for c in state.player(vested).sleeve] == ["bunker"], "the Бронежилет and its payment spent"
        assert "броня каждую фазу" in (panel_of(h, u[vested]).text or "")

        # a stance-changing card from the Hand, its cost 3 paid from the Sleeve
        await deal(h, demon, hand=["demonic_form", "dummy", "dummy", "dummy", "dummy", "dummy"],
                   sleeve=["dummy", "kick", "shiv"])
        message, _ = await play(h, u[demon], "🃏 Демоническая форма", "▶ Сыграть", "Да", "Пропустить")
        assert "Оплата: цена 3" in (message.text or "")
        for card in ("Пустышка", "Удар ногой", "Заточка"):
            await tap(h, u[demon], message, card)
        await tap(h, u[demon], message, "✅ Подтвердить")
        assert await tap(h, u[demon], message, "✅ Подтвердить") == "✅ Заявка принята."

        # a private message: delivered at once under the character's name, a copy in the master's log
        reply = await send_private(h, u[writer], name(reader), "Встретимся ночью")
        left = 1 if ROLES[writer] == "gossip" else 0
        assert f"Приват доставлен, адресат — {name(reader)}. Осталось сегодня: {left}." in reply
        assert u[reader].last_text == f"✉️ Приват · {name(writer)}: Встретимся ночью"
        assert f"{name(writer)} → {name(reader)}: Встретимся ночью" in log_texts(h)
        assert log_texts(h).count("Встретимся ночью") == 1, "the master's log has the message once"
        assert "Встретимся" not in public(h)

        # two rooms proposed and confirmed in the public group
        assert "Предложение опубликовано" in await propose(h, u[spare], [name(p) for p in room1])
        board = room_board(h)
        assert f"1. {name(spare)} предлагает чат-комнату" in (board.text or "")
        for pid in room1[:-1]:
            assert "Вы подтвердили" in await confirm(h, u[pid], board, 1)
            assert name(pid) in (board.text or "").split("Подтвердили:")[1]  # the board, edited; no post
        assert "Вы подтвердили" in await confirm(h, u[room1[-1]], board, 1)
        assert "Подтвердили все участники." in (board.text or "")
        await propose(h, u[relayed[0]], [name(relayed[1])])
        assert room_board(h) is board, "the day's second proposal is on the same board"
        await confirm(h, u[relayed[1]], board, 2)

        # the Вече: execution
        await council(h, victims[0], "казнь")
        state = await resolve(h)  # ---------------------------------------------------------------- night 2
        assert f"Итоги вече: голоса получили {name(victims[0])}. Наказание — {name(victims[0])}: казнь." in verdict(h)
        assert f"{name(victims[0])} погиб." in public(h) and not state.player(victims[0]).alive
        assert f"Приваты сегодня потратили: {name(writer)}." in public(h)
        members1 = sorted([spare, *room1])
        assert f"Создана чат-комната: {', '.join(name(p) for p in members1)}." in public(h)
        assert f"Создана чат-комната: {', '.join(name(p) for p in sorted(relayed))}." in public(h)
        assert (board.text or "").count("Комната создана") == 2 and not board.inline_keyboard
        assert "стойка: верхняя" in (panel_of(h, u[demon]).text or ""), "Демоническая форма: the upper stance"
        assert "✨ Демоническая форма" in labels(panel_of(h, u[demon]))

        # the first room takes the pool group: title, a link creating join requests, members only
        names1 = ", ".join(name(p) for p in members1)
        assert pool.title == f"Комната 1: {names1}"
        assert f"Комната 1 ({names1}) — в группе" in log_texts(h)
        links = set()
        for pid in members1:
            invite = next(m for m in reversed(h.world.messages_in(u[pid].chat)) if "Чат-комната 1 открыта" in (m.text or ""))
            links |= {b["url"] for b in buttons(invite) if b.get("url")}
        (link,) = links
        assert h.world.find_invite(link).creates_join_request
        for pid in members1:
            await h.feed(u[pid].request_join(link))
            assert pool.member(u[pid].id).is_present
        await h.feed(u[writer].request_join(link))
        assert not pool.member(u[writer].id).is_present and u[writer].id not in pool.join_requests
        assert "отклонил заявку на вход" in log_texts(h)
        await h.feed(u[spare].send("Кто стрелял в меня?", pool))
        assert f"💬 Комната 1 · {name(spare)}: Кто стрелял в меня?" in log_texts(h)

        # the second is relayed in private chats (no free group left)
        assert f"Комната 2 ({', '.join(name(p) for p in sorted(relayed))}) — свободной группы нет" in log_texts(h)
        for one, other in (relayed, relayed[::-1]):
            assert f"Вы в чат-комнате 2: вы, {name(other)}" in texts_of(h, u[one])
            assert "Свободной группы нет, поэтому комнату веду я" in texts_of(h, u[one])
        await h.feed(u[relayed[0]].send("Я за мафию не голосовал"))
        assert u[relayed[1]].last_text == f"💬 Комната 2 · {name(relayed[0])}: Я за мафию не голосовал"
        assert f"💬 Комната 2 · {name(relayed[0])}: Я за мафию не голосовал" in log_texts(h)
        assert "Я за мафию" not in texts_of(h, u[spare]) and "Я за мафию" not in public(h)

        state = await resolve(h)  # ---------------------------------------------------------------- day 2
        for pid in members1:
            assert pool.member(u[pid].id).status == "left"
        assert h.world.find_invite(link).is_revoked and pool.title == "Запасная"
        assert "Комната 1 закрыта" in log_texts(h)
        assert "Чат-комната 2 закрыта" in texts_of(h, u[relayed[0]])

        # a player replaced by the master after the character's vote
        old = u[reader]
        message = await fresh_panel(h, old)
        await tap(h, old, message, "🗳 Голос")
        assert await tap(h, old, message, name(victims[1])) == "✅ Заявка принята."
        novice = h.world.add_user("Новичок", username="Novice")
        await h.feed(novice.start())
        await h.feed(h.master.send(f"/replace {reader + 1} @novice", h.log))
        assert f"{name(reader)}: этого персонажа теперь играет" in (h.world.last_text(h.log) or "")
        assert f"ваш новый персонаж — {name(reader)}" in texts_of(h, novice)
        assert "Ваша тайная роль" in texts_of(h, novice)
        assert f"передал вашего персонажа ({name(reader)}) другому игроку" in (old.last_text or "")
        assert f"{name(reader)}: этого персонажа теперь играет другой игрок" in public(h)
        u[reader] = novice
        state = await state_of(h)
        assert [o.params for o in orders(state, reader, "vote")] == [{"target": victims[1]}], "the vote goes with the seat"
        update = old.press(message, "🔄 Обновить")
        await h.feed(update)
        assert "не участвуете" in (h.world.callbacks[update.callback_query.id].text or "")
        # the newcomer finishes the character's Вече: a barred punishment, then аутодафе
        message = await fresh_panel(h, novice)
        assert "голос: " + name(victims[1]) in (message.text or "")
        await tap(h, novice, message, "⚖ Наказание")
        assert await tap(h, novice, message, "🚫 казнь") == \
            "Это действие вам недоступно. (эту меру наказания применяли недавно — 3 дня она недоступна)"
        assert await tap(h, novice, message, "аутодафе") == "✅ Заявка принята."
        board = h.world.last_text(h.public) or ""
        assert "Голосование за меру наказания" in board and name(reader) in board.split("аутодафе:")[1]
        await council(h, victims[1], "аутодафе", besides=(reader,))
        await deal(h, victims[1], sleeve=["dummy", "shiv", "bunker"])
        state = await resolve(h)  # ---------------------------------------------------------------- night 3
        assert f"Наказание — {name(victims[1])}: аутодафе." in verdict(h)
        assert "Вы получили 4 урона" in texts_of(h, u[victims[1]])
        assert [c.card for c in state.player(victims[1]).sleeve] == ["bunker"], "two Sleeve cards burnt"

        state = await resolve(h)  # ---------------------------------------------------------------- day 3
        await council(h, victims[2], "пытки")
        state = await resolve(h)  # ---------------------------------------------------------------- night 4
        assert f"Наказание — {name(victims[2])}: пытки." in verdict(h)
        role = role_name("mafik", state.player(victims[2]).secret_role, "ru")
        assert f"Пытки: {name(victims[2])} — тайная роль {role}." in public(h)
        # the tortured character's Hand plays are public for 4 phases
        await deal(h, victims[2], hand=["pistol", "dummy", "dummy", "dummy", "dummy", "dummy"])
        message, answer = await play(h, u[victims[2]], "🃏 Пистолет", "▶ Сыграть", name(writer), "Пропустить",
                                     "✅ Подтвердить")
        assert answer == "✅ Заявка принята."

        state = await resolve(h)  # ---------------------------------------------------------------- day 4
        assert f"Пытки: {name(victims[2])} сыграл из руки «Пистолет»." in public(h)
        await council(h, victims[3], "изгнание")
        state = await resolve(h)  # ---------------------------------------------------------------- night 5
        assert f"Наказание — {name(victims[3])}: изгнание." in verdict(h)
        assert "🚫 Изгнание: рукав и чат-комнаты вам недоступны." in (panel_of(h, u[victims[3]]).text or "")

        # ---------------------------------------------------------------- the end
        last = [p.pid for p in state.living() if p.faction != "law"]
        assert maniac in last
        for pid in last:
            before = len(h.texts(h.log))
            await h.feed(h.master.send(f"/modkill {pid + 1}", h.log))  # its reply races the queued log message
            assert any(f"{name(pid)}: персонаж выведен из игры" in text for text in h.texts(h.log)[before:])
            assert f"Мастер выводит из игры: {name(pid)}." in public(h)
        state = await resolve(h)
        assert state.status == "finished" and state.winners == ["law"]
        result = next(t for t in h.texts(h.public) if "Игра окончена." in t)  # the last phase's one message
        reveal = result[result.index("Игра окончена."):]
        assert reveal.startswith("Игра окончена. Победа: Закон.\nРоли:")
        sides = {"law": "Закон", "mafia": "Мафия", "maniac": "Маньяк"}
        for player in state.players:
            role = role_name("mafik", player.secret_role, "ru")
            assert f"{name(player.pid)} — {role} ({sides[player.faction]})" in reveal
        assert "📢 Игра окончена. Победа: Закон." in log_texts(h)
        document, page = h.world.documents_in(h.log)
        assert document.file_name == "game-1.json" and page.file_name == "game-1.html"
        html = page.data.decode("utf-8")
        assert html.startswith("<!DOCTYPE html>") and '<html lang="ru">' in html and "<style>" in html
        for title in ("Сбор колод", "Ночь 1", "День 1", f"Ночь {state.day_number}"):
            assert f"<h2>{title}</h2>" in html
        assert f"• {name(vested)}: «Бронежилет» (из рукава) → {name(vested)}; оплата: карты Пустышка" in html
        for player in state.players:  # the final roles
            assert (f"<td>{name(player.pid)}</td>" in html
                    and f"<td>{role_name('mafik', player.secret_role, 'ru')}</td>" in html)
        record = json.loads(document.data)
        assert record["status"] == "finished" and record["winners"] == ["law"]
        assert {e["kind"] for e in record["events"]} >= {"private_message", "council_verdict", "torture_reveal",
                                                        "modkill", "game_over"}
        # the players' panels of the last phase are dead buttons now
        update = u[ENGINEER].press(panel_of(h, u[ENGINEER]), "🔄 Обновить")
        await h.feed(update)
        assert "кнопка устарела" in (h.world.callbacks[update.callback_query.id].text or "")
    finally:
        await h.close()
