"""«Мафия с личинами» through the real bot: /newgame guises, four characters sign up (two of them Герои:
the one public role any number may take), the game starts at the first night without deck building,
the abilities are used from the panel's buttons, the deadline resolves each phase, the day's vote ends
with the public list of who voted for whom, and the game ends with the reveal and the master's readable
record. No line of tgbot/ names
the rule set."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.driver import acts, choose_role
from tests.e2e.harness import Harness, make_harness, start_app
from tests.e2e.panel_play import deadline_passes, lines, panel, use, vote_against

ROLES = ["hero", "hero", "cook", "authority"]


async def sign_up(h: Harness) -> None:
    await h.feed(h.master.send("/newgame guises", h.log))
    await h.feed(h.master.send("/bind 1", h.public))
    for i, (user, role) in enumerate(zip(h.players, ROLES, strict=True)):
        await h.feed(user.start("join_1"))
        await h.feed(user.send(f"Герой {i + 1}" if role == "hero" else f"Игрок {i + 1}"))
        await choose_role(h, user, role)


async def test_a_game_of_guises_from_newgame_to_the_reveal_through_the_bot(tmp_path, database) -> None:
    h = await make_harness(tmp_path, database=database, players=4)
    try:
        await sign_up(h)
        await h.feed(h.master.send("/startgame", h.log))
        state = await h.app.service.state(1)
        assert (state.status, state.phase) == ("running", 1)
        assert [p.public_role for p in state.players] == ROLES, "two Герои: a role any number may take"
        names = {p.pid: p.name for p in state.players}
        boss = next(p.pid for p in state.players if p.secret_role == "boss")
        law = [p.pid for p in state.players if p.faction == "law"]
        assert len(law) == 3, "four players: one mafia (the Босс), three of the law"
        user = {p.pid: h.players[p.pid] for p in state.players}
        assert any("Ваша тайная роль: <b>Босс</b>" in t or "Ваша тайная роль: Босс" in t for t in h.texts(user[boss]))
        first = panel(h, user[boss])
        assert "Состояние: в строю." in (first.text or "")
        assert "🚫 Допрос" in [text for text, _a in acts(first)]

        # Night 1: the Босс blocks one of the law and learns two guises of another.
        blocked, watched = law[0], law[1]
        await use(h, user[boss], "🚫 Допрос", names[blocked])
        await use(h, user[boss], "🧠 Мозговой центр", names[watched])

        # The bot restarts mid-phase: the orders, the deadline and the game stand.
        await h.app.shutdown()
        h.app = await start_app(h.world, h.clock, h.database)
        assert {o.kind for o in (await h.app.service.state(1)).orders[boss]} == {"interrogate", "mastermind"}
        await deadline_passes(h)
        assert any("Вас заблокировали" in t for t in h.texts(user[blocked]))
        assert sum(f"{names[watched]} — личина:" in t for t in h.texts(user[boss])) >= 1
        assert "Началась фаза день 1." in lines(h, h.public)

        # Day 1: the Повар cooks (a day ability, announced at the end of the day); nobody votes, nobody dies.
        cook = 2
        cooked = law[0] if cook == boss else boss
        await use(h, user[cook], "🍲 Карательная кулинария", names[cooked])
        await deadline_passes(h)
        assert f"Цель Карательной кулинарии: {names[cooked]}" in lines(h, h.public)
        assert (await h.app.service.state(1)).players[boss].alive

        # Night 2: the cooked character lies in the hospital (a public status); the Босс reads a guise again
        # (Мозговой центр is «Г»: it works from the hospital too).
        night_post = next(text for text in reversed(h.texts(h.public)) if "Живы" in text)
        assert f"{names[cooked]} (госпиталь (Повар))" in night_post, "a public status on the public phase post"
        again = law[2]
        await use(h, user[boss], "🧠 Мозговой центр", names[again])
        await deadline_passes(h)

        # Day 2: the law votes the Босс out; the list of who voted for whom is public; the law wins.
        for pid in law:
            await vote_against(h, user[pid], names[boss])
        await deadline_passes(h)
        public = lines(h, h.public)
        assert "Голосование дня — кто за кого:" in public
        assert f"{names[law[0]]} → {names[boss]}" in public
        state = await h.app.service.state(1)
        assert state.status == "finished" and state.winners == ["law"]
        assert all(any(t.startswith("Игра окончена. Победа: Закон.") for t in h.texts(u)) for u in h.players)

        # The master's readable record of the game: every phase, each ability used with its target (by the
        # panel's label), the day's ballots, the public statuses while a phase ran, the final roles.
        document, page = h.world.documents_in(h.log)
        assert document.file_name == "game-1.json" and page.file_name == "game-1.html"
        html = page.data.decode("utf-8")
        for title in ("Начало игры: роли розданы", "Ночь 1", "День 1", "Ночь 2", "День 2"):
            assert f"<h2>{title}</h2>" in html
        assert "Сбор колод" not in html, "no deck building in this rule set"
        assert f"• {names[boss]}: 🚫 Допрос → {names[blocked]}" in html
        assert f"• {names[boss]}: 🧠 Мозговой центр → {names[watched]}" in html
        assert f"• {names[cook]}: 🍲 Карательная кулинария → {names[cooked]}" in html
        assert f"• {names[law[0]]}: голос: {names[boss]}" in html
        assert f"{names[law[0]]} → {names[boss]}" in html  # the public list of the ballots
        night2 = html[html.index("<h2>Ночь 2</h2>"):html.index("<h2>День 2</h2>")]
        assert "<h3>Статусы в эту фазу (видны всем)</h3>" in night2
        assert f"<li>{names[cooked]}: госпиталь (Повар)</li>" in night2
        assert "interrogate" not in html and "mastermind" not in html and "cook;" not in html
        for player in state.players:
            assert f"<td>{names[player.pid]}</td>" in html
        assert "<td>Босс</td><td>Мафия</td><td>нет в живых</td>" in html
    finally:
        await h.close()


async def test_the_table_is_a_setting_and_a_table_that_cannot_start_is_refused(tmp_path) -> None:
    h = await make_harness(tmp_path, players=5)
    try:
        await h.feed(h.master.send("/newgame guises", h.log))
        await h.feed(h.master.send("/bind 1", h.public))
        for i, user in enumerate(h.players):
            await h.app.service.join(1, user_id=user.id, name=f"Персонаж {i + 1}", public_role="hero", locale="ru")
        await h.feed(h.master.send("/set table 2/1", h.log))
        await h.feed(h.master.send("/startgame", h.log))
        assert "Игру нельзя начать с таким раскладом: мафии 2, закона 2, нейтралов 1." in lines(h, h.log)
        await h.feed(h.master.send("/set table 1/1", h.log))
        await h.feed(h.master.send("/startgame", h.log))
        state = await h.app.service.state(1)
        factions = sorted(p.faction for p in state.players)
        assert state.status == "running" and factions.count("mafia") == 1 and factions.count("law") == 3
    finally:
        await h.close()


async def test_the_table_is_read_at_the_start_so_a_later_change_is_refused_with_a_clear_answer(tmp_path) -> None:
    h = await make_harness(tmp_path, players=4)
    try:
        await h.feed(h.master.send("/newgame guises", h.log))
        await h.feed(h.master.send("/bind 1", h.public))
        for i, user in enumerate(h.players):
            await h.app.service.join(1, user_id=user.id, name=f"Персонаж {i + 1}", public_role="hero", locale="ru")
        await h.feed(h.master.send("/startgame", h.log))
        assert (await h.app.service.state(1)).status == "running"
        await h.feed(h.master.send("/set table 2/0", h.log))
        assert ("Настройка table действует только при старте игры: игра уже начата, изменить ее нельзя "
                "(настройка не изменена).") in lines(h, h.log)
        assert h.app.service.options(await h.app.service.game(1))["table"] is None
        await h.feed(h.master.send("/set early on", h.log))  # the other settings still change
        assert h.app.service.options(await h.app.service.game(1))["early"] is True
    finally:
        await h.close()

async def test_silence_a_public_group_post_by_the_silenced_is_reported_to_the_master(tmp_path) -> None:
    """Безмолвие forbids public messages too. The bot cannot stop a post in the public group, but it reads
    the group: a post by a character under Безмолвие is reported to the master's log as a violation (the
    master decides what follows); a post by anyone else, or before the silence begins, is not."""
    h = await make_harness(tmp_path, players=4)
    try:
        await sign_up(h)
        await h.feed(h.master.send("/startgame", h.log))
        state = await h.app.service.state(1)
        names = {p.pid: p.name for p in state.players}
        boss = next(p.pid for p in state.players if p.secret_role == "boss")
        law = [p.pid for p in state.players if p.faction == "law"]
        silenced, free = h.players[law[0]], h.players[law[1]]
        await use(h, h.players[boss], "🤐 Безмолвие", names[law[0]])
        await h.feed(silenced.send("Ночью я еще могу говорить", h.public))  # the silence starts with the next phase
        await deadline_passes(h)
        assert any("🤐 Безмолвие" in t for t in h.texts(silenced))
        await h.feed(silenced.send("Голосуйте против Игрока 4!", h.public))
        await h.feed(free.send("А мне можно", h.public))
        await h.deliver()
        log = lines(h, h.log)
        wrote = "написала" if state.player(law[0]).gender == "f" else "написал"
        assert (f"⚠ Нарушение: {names[law[0]]} по правилам сейчас не может писать публично, но {wrote} в "
                "публичной группе (День 1): Голосуйте против Игрока 4!") in log
        assert "Ночью я еще могу говорить" not in log and "А мне можно" not in log
    finally:
        await h.close()

async def test_rules_sends_the_completed_rules_document_in_telegram_sized_messages(tmp_path) -> None:
    """/rules in a game of a rule set with a rules document (Ruleset.rules_documents) sends the whole
    document, docs/rulesets/guises.md, as Telegram HTML split under the message limit; a reader of
    another language gets the summary in theirs first; a rule set without one keeps its summary."""
    h = await make_harness(tmp_path, players=4)
    try:
        await sign_up(h)
        player = h.players[0]
        before = len(h.texts(player))
        await h.feed(player.send("/rules"))
        parts = h.texts(player)[before:]
        assert len(parts) >= 2 and all(len(p) <= 4096 for p in parts)
        whole = "\n".join(parts)
        assert parts[0].startswith("Мафия с личинами — правила с решениями мастера")
        for heading in ("Стороны и победа", "ХП и статусы", "Личины", "Голосование", "Порядок разрешения фазы",
                        "Явные роли", "Тайные роли", "Общение"):
            assert f"\n{heading}\n" in whole, heading
        assert "• Мафия (Босс, Киллер, Агент, Предатель) побеждает, когда мертв весь Закон." in whole
        assert "**" not in whole and "`" not in whole, "the Markdown became formatting"
        document = (Path(__file__).parents[2] / "docs/rulesets/guises.md").read_text(encoding="utf-8")
        last = document.strip().splitlines()[-1].strip()
        assert last in whole.replace("\n", " "), "the document is sent to its end"

        before = len(h.texts(h.public))
        await h.feed(player.send("/rules", h.public))
        assert h.texts(h.public)[before].startswith("Мафия с личинами — правила")

        english = h.world.add_user("Reader", started=True, language_code="en")
        await h.feed(english.send("/rules guises"))
        said = h.texts(english)
        assert said[0].startswith("Mafia with guises: 4 to 14 players")
        assert "The completed rules, with every decision of the master, are in Russian:" in said[0]
        assert any("Порядок разрешения фазы" in text for text in said)

        await h.feed(player.send("/rules mafik"))
        assert (player.last_text or "").startswith("Мафик: 12–30 игроков"), "no document: the summary"
    finally:
        await h.close()
