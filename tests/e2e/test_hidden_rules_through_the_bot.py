"""«Мафия по скрытым правилам» through the real bot: /newgame hidden_rules, a table given as a setting (one
that cannot start refused first), the abilities told phase by phase (each announcement a message; the panel
offers only what was told), a meditation into the spirit world, a restart mid-phase, the soul stone read
with labels from the panel's buttons, a karmic shadow and the day's vote that ends the game, and the master's
readable record. No line of tgbot/ names the rule set."""

from __future__ import annotations

from engine.rulesets.hidden_rules.model import label_of
from tests.e2e.driver import acts, press_act, tap
from tests.e2e.harness import Harness, make_harness, start_app
from tests.e2e.test_duel_through_the_bot import deadline_passes, lines
from tests.e2e.test_guises_through_the_bot import panel, use
from tgbot.sandbox.faketg import FakeUser

TABLE = "shaman_b,shaman_a,shaman_a,shaman_a,judge,protector,cultist,shaman_a"


async def sign_up(h: Harness) -> None:
    await h.feed(h.master.send("/newgame hidden_rules", h.log))
    await h.feed(h.master.send("/bind 1", h.public))
    for i, user in enumerate(h.players):
        await h.app.service.join(1, user_id=user.id, name=f"Персонаж {i + 1}", public_role="character", locale="ru")


def said(h: Harness, user: FakeUser) -> str:
    return "\n".join(h.texts(user))


async def test_a_game_of_hidden_rules_from_newgame_to_the_end_through_the_bot(tmp_path) -> None:
    h = await make_harness(tmp_path, players=8)
    try:
        await sign_up(h)
        await h.feed(h.master.send("/set table " + TABLE.replace("judge", "cultist"), h.log))
        await h.feed(h.master.send("/startgame", h.log))
        assert "Игру нельзя начать с таким раскладом: мафии 2, закона 6, нейтралов 0." in lines(h, h.log)
        await h.feed(h.master.send("/set table " + TABLE, h.log))
        await h.feed(h.master.send("/startgame", h.log))
        state = await h.app.service.state(1)
        assert (state.status, state.phase) == ("running", 1)
        names = {p.pid: p.name for p in state.players}
        user = {p.pid: h.players[p.pid] for p in state.players}
        group = {p.pid: p.ext.get("group", "") for p in state.players}
        shaman_b = next(p.pid for p in state.players if group[p.pid] == "b")
        shaman_a = next(p.pid for p in state.players if group[p.pid] == "a")
        cultist = next(p.pid for p in state.players if p.secret_role == "cultist")

        # Night 1: each is told his first abilities; the panel offers only those.
        assert "Вы чувствуете зов иного мира." in said(h, user[shaman_a])
        assert "Кармическая тень" not in said(h, user[shaman_a]), "group А learns the shadow only later"
        offered = [text for text, _a in acts(panel(h, user[shaman_a]))]
        assert "🧘 Медитация" in offered and "🌑 Кармическая тень" not in offered
        await use(h, user[shaman_b], "🌑 Кармическая тень", names[cultist])
        await use(h, user[shaman_a], "🧘 Медитация")

        # The bot restarts mid-phase: the orders stand.
        await h.app.shutdown()
        h.app = await start_app(h.world, h.clock, tmp_path / "bot.sqlite3")
        assert {o.kind for o in (await h.app.service.state(1)).orders[shaman_a]} == {"shaman_meditate"}
        await deadline_passes(h)
        assert "Вы переходите в мир духов." in said(h, user[shaman_a])
        assert "Вы впервые в мире духов." in said(h, user[shaman_a])
        assert "Началась фаза день 1." in lines(h, h.public)

        # Day 1: the shaman reads the stone (the link the shadow drew last night); the town votes the shadowed
        # Культист out.
        state = await h.app.service.state(1)
        one, two = label_of(state, shaman_b), label_of(state, cultist)
        screen = panel(h, user[shaman_a])
        await tap(h, user[shaman_a], screen, "🕸 Связь")
        await tap(h, user[shaman_a], screen, one)
        await tap(h, user[shaman_a], screen, two)
        await tap(h, user[shaman_a], screen, "Готово")
        assert "Заявка принята" in await tap(h, user[shaman_a], screen, "✅ Подтвердить")
        for pid in (p for p in user if p != cultist):
            screen = panel(h, user[pid])
            assert await press_act(h, user[pid], screen, "votes")
            await tap(h, user[pid], screen, names[cultist])
        await deadline_passes(h)
        stone_line = next(t for t in h.texts(user[shaman_a]) if "Камень душ" in t)
        assert f"{min(one, two)}–{max(one, two)}" in stone_line
        stone = next(m for m in h.world.messages_in(user[shaman_a]) if m.photo is not None)
        assert "Камень душ" in (stone.caption or ""), "the stone he saw comes as a picture, its words the caption"
        assert stone.photo is not None and stone.photo.data.startswith(b"\x89PNG")
        state = await h.app.service.state(1)
        assert not state.player(cultist).alive
        assert state.status == "finished" and state.winners == ["town"]

        _document, page = h.world.documents_in(h.log)
        html = page.data.decode("utf-8")
        for title in ("Ночь 1", "День 1"):
            assert f"<h2>{title}</h2>" in html
        assert f"• {names[shaman_b]}: 🌑 Кармическая тень → {names[cultist]}" in html
    finally:
        await h.close()


async def test_a_saved_soul_dies_publicly_and_goes_on_acting_from_the_spirit_world(tmp_path) -> None:
    """Спасение души: the death is public as any, and the dead character still has a panel with his
    spirit-world abilities (not Вернуться) — the bot asks the engine who acts (api.may_act)."""
    h = await make_harness(tmp_path, players=8)
    try:
        await sign_up(h)
        await h.feed(h.master.send("/set table shaman_b,shaman_a,shaman_a,shaman_a,warlock,cultist,protector,shaman_a",
                                   h.log))
        await h.feed(h.master.send("/startgame", h.log))
        state = await h.app.service.state(1)
        names = {p.pid: p.name for p in state.players}
        user = {p.pid: h.players[p.pid] for p in state.players}
        role = {p.secret_role: p.pid for p in state.players}
        victim = next(p.pid for p in state.players if p.ext.get("group") == "a")
        await deadline_passes(h)  # night 1

        screen = panel(h, user[role["warlock"]])  # day 1: the Колдун's Знак смерти
        await tap(h, user[role["warlock"]], screen, "☠ Знак смерти")
        await tap(h, user[role["warlock"]], screen, names[victim])
        await tap(h, user[role["warlock"]], screen, "Готово")
        assert "Заявка принята" in await tap(h, user[role["warlock"]], screen, "✅ Подтвердить")
        await deadline_passes(h)

        await use(h, user[role["cultist"]], "🗡 Убийство", names[victim])  # night 2
        await use(h, user[role["protector"]], "🕊 Спасение души", names[victim])
        await deadline_passes(h)
        state = await h.app.service.state(1)
        assert not state.player(victim).alive
        assert f"{names[victim]} погиб" in lines(h, h.public) or f"{names[victim]} погибла" in lines(h, h.public)
        assert "ваша душа спасена" in said(h, user[victim])
        ghost = panel(h, user[victim])
        offered = [text for text, _a in acts(ghost)]
        assert "🕸 Связь" in offered and "↩ Вернуться" not in offered
        assert "Вы мертвы в реальном мире" in (ghost.text or "")
    finally:
        await h.close()
