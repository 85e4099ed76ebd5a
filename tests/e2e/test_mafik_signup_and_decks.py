"""Мафик through the fake Telegram: sign-up with public roles (one "(Другой)" with a typed title), every
deck built by buttons (some through search, the Инженер's two cards, refused choices with their
reasons), the first night, a new deck when one runs out; /card, inline look-ups and /rules."""

from __future__ import annotations

import re

from engine.core.state import GameState
from tests.e2e.driver import (
    acts,
    build_engineer,
    builder_of,
    choose_role,
    fill_by_buttons,
    plus_buttons,
    press,
    totals,
)
from tests.e2e.harness import Harness, buttons, make_harness
from tgbot.sandbox.faketg import FakeUser
from tgbot.ui.callbacks import Act

# The public roles the 13 players take, in sign-up order ("other" types its title).
ROLES = ["engineer", "genius", "croupier", "avenger", "authority", "lawyer", "monk", "highlander",
         "lazybones", "psychic", "sociopath", "banker", "other"]
TITLE = "Лесник"


async def sign_up(h: Harness) -> None:
    await h.feed(h.master.send("/newgame mafik", h.log))
    assert "Игра #1 (Мафик)" in (h.world.last_text(h.log) or "")
    await h.feed(h.master.send("/bind 1", h.public))
    for i, (user, role) in enumerate(zip(h.players, ROLES, strict=True)):
        await h.feed(user.start("join_1"))
        await h.feed(user.send(f"Персонаж {i + 1}"))
        roles = h.last_with_buttons(user)
        assert "выберите явную роль" in (roles.text or "") and "страница 1/" in (roles.text or "")
        assert len(buttons(roles)) <= 13, "a long role list comes in pages"
        await choose_role(h, user, role)
        if role == "other":
            assert "название своей роли" in (user.last_text or "")
            await h.feed(user.send("Инженер"))  # a role of the list: refused
            assert "Такая роль уже есть" in (user.last_text or "")
            await h.feed(user.send(TITLE))
            assert f"Готово: Персонаж {i + 1} — {TITLE}" in (user.last_text or "")
        else:
            assert f"Готово: Персонаж {i + 1}" in (user.last_text or "")
        assert "Мафик" in (user.last_text or ""), "the rules summary follows the sign-up"
    board = h.world.last_message(h.public)
    assert board is not None and "Записалось: 13" in (board.text or "")
    assert f"Персонаж 13 — {TITLE}" in (board.text or "") and "Персонаж 1 — Инженер" in (board.text or "")


async def build_through_search(h: Harness, user: FakeUser, state: GameState, pid: int) -> None:
    """Search by typed name, see a refused third copy (or, for the Киллер, a third Пистолет taken), save
    too early (refused with the reason), then fill and save."""
    await h.feed(user.send("снайпер"))
    found = builder_of(h, user)
    assert "Поиск «снайпер»: найдено 2" in (found.text or "")
    assert {a.v for a in plus_buttons(found)} == {"sniper", "sniper_rifle"}
    await h.feed(user.send("пистол"))  # one card found: its full text at once
    found = builder_of(h, user)
    assert "Пистолет" in (found.text or "") and "В колоде: 0" in (found.text or "")
    pistol = Act(g=1, p=0, a="badd", v="pistol").pack()
    assert "Пистолет" in (await press(h, user, found, pistol))
    await press(h, user, found, pistol)
    assert "В колоде: 2" in (found.text or "")
    third = await press(h, user, found, pistol)
    if state.player(pid).secret_role == "killer":
        assert "В колоде: 3" in (found.text or ""), "the Киллер may take 5 Пистолеты"
    else:
        assert "Не больше 2 копий одной карты" in third
        assert "⚠️" in (found.text or "") and "Не больше 2 копий" in (found.text or "")
    await press(h, user, found, Act(g=1, p=0, a="bback").pack())
    assert re.search(r"Выбрано: .*Пистолет ×[23]", found.text or "")
    refused = await press(h, user, found, Act(g=1, p=0, a="bsave").pack())
    assert "Колода не соответствует правилам" in refused and "Обычных карт должно быть ровно 15" in refused
    # a look-up chosen in inline mode arrives as the card's text: its first line is the name
    await h.feed(user.send("Маллиган\nНейтральные · Дневная · Мирная\nСбросьте любое количество карт"))
    card = builder_of(h, user)
    assert "Маллиган" in (card.text or "") and "В колоде: 0" in (card.text or "")
    await press(h, user, card, Act(g=1, p=0, a="badd", v="mulligan").pack())
    assert "В колоде: 1" in (card.text or "")
    await press(h, user, card, Act(g=1, p=0, a="bback").pack())
    await fill_by_buttons(h, user, card)
    assert "Колода сохранена" in await press(h, user, card, Act(g=1, p=0, a="bsave").pack())


async def test_mafik_sign_up_decks_first_night_and_a_new_deck(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await sign_up(h)
        await h.feed(h.master.send("/startgame", h.log))
        state = await h.app.service.state(1)
        other = next(p for p in state.players if p.public_role == "other")
        assert other.role_title == TITLE
        for pid, user in enumerate(h.players):
            texts = "\n".join(h.texts(user))
            assert "Ваша тайная роль" in texts and "Явная роль" in texts and "Цвета:" in texts
            faction = state.player(pid).faction
            if faction == "mafia":
                assert "Мафия — вы знаете друг друга" in texts
                assert all(state.player(m).name in texts for m in range(13) if state.player(m).faction == "mafia")
            elif faction == "maniac":
                assert "очко Крови" in texts and "оплатить 1 Цены — 2" in texts
            else:
                assert "Вы — Закон" in texts

        engineer = h.players[ROLES.index("engineer")]
        picks = await build_engineer(h, engineer)
        genius = h.players[ROLES.index("genius")]
        assert totals(builder_of(h, genius))[1] == 12, "the Гений's deck has 12 regular cards"
        searchers = {ROLES.index("croupier"), ROLES.index("monk"), ROLES.index("other")}
        killer = next(p.pid for p in state.players if p.secret_role == "killer")
        searchers.add(killer if killer != ROLES.index("engineer") else ROLES.index("lawyer"))
        for pid, user in enumerate(h.players):
            if user is engineer:
                continue
            if pid in searchers:
                await build_through_search(h, user, state, pid)
            else:
                message = builder_of(h, user)
                await fill_by_buttons(h, user, message)
                assert "Колода сохранена" in await press(h, user, message, Act(g=1, p=0, a="bsave").pack())

        state = await h.app.service.state(1)
        assert state.status == "running" and state.phase == 1, "the game reaches the first night"
        e = ROLES.index("engineer")
        assert state.player(e).building is not None and state.player(e).building.guaranteed == picks
        hand = [c.card for c in state.player(e).hand]
        assert all(hand.count(c) >= picks.count(c) for c in picks), "the Инженер's cards are dealt"
        for pid, user in enumerate(h.players):
            if state.player(pid).faction == "mafia":
                texts = "\n".join(h.texts(user))
                assert "начало первой ночи" in texts and ("рукав:" in texts or "рукав пуст." in texts)

        # a deck runs out: the player builds a new one through the same builder
        pid = ROLES.index("monk")
        user = h.players[pid]
        player = state.player(pid)
        player.discard.extend(player.deck)
        player.deck = []
        async with h.app.repo.db.transaction() as conn:
            await h.app.repo.save_state(conn, 1, state, now=h.clock())
        panel = next(m for m in reversed(h.world.messages_in(user.chat))
                     if any(a.a == "panel" for _t, a in acts(m)))
        await press(h, user, panel, next(a for _t, a in acts(panel) if a.a == "panel").pack())
        rebuild = next((a for _t, a in acts(panel) if a.a == "rb"), None)
        assert rebuild is not None, "the panel offers a new deck"
        await press(h, user, panel, rebuild.pack())
        assert "Новая колода" in (panel.text or "")
        refused = await press(h, user, panel, Act(g=1, p=1, a="bsave").pack())
        assert "Обычных карт должно быть ровно 15 (сейчас 0)" in refused
        await h.feed(user.send("Заточка"))
        found = builder_of(h, user)
        assert "Заточка" in (found.text or "")
        await press(h, user, found, Act(g=1, p=1, a="badd", v="shiv").pack())
        await press(h, user, found, Act(g=1, p=1, a="bback").pack())
        await fill_by_buttons(h, user, found)
        assert "Колода сохранена" in await press(h, user, found, Act(g=1, p=1, a="bsave").pack())
        assert "Новая колода №2 собрана" in (found.text or "")
        state = await h.app.service.state(1)
        assert len(state.player(pid).deck) == 16 and state.player(pid).flags["decks_built"] == 2
        assert any(a.a == "panel" for _t, a in acts(found)), "back to the panel"
    finally:
        await h.close()


async def test_card_look_ups_and_rules_per_rule_set(tmp_path):
    h = await make_harness(tmp_path, players=2)
    try:
        await h.feed(h.master.send("/newgame mafik", h.log))
        await h.feed(h.master.send("/bind 1", h.public))
        player = h.players[0]
        await h.feed(player.start("join_1"))
        await h.feed(player.send("Анна"))
        await choose_role(h, player, "engineer")

        await h.feed(player.send("/card пистолет", h.public))
        text = h.world.last_text(h.public) or ""
        assert text.index("Мафик") < text.index("Микромафик"), "the game's rule set first, both named"
        assert text.count("Пистолет") == 2
        await h.feed(player.send("/card Заточка"))
        text = player.last_text or ""
        assert text.startswith("Заточка") and "Свободная" in text and "Микромафик" not in text
        await h.feed(player.send("/card пистолт"))  # a typo
        assert (player.last_text or "").startswith("Пистолет")
        await h.feed(player.send("/card Shiv"))
        assert (player.last_text or "").startswith("Заточка")
        await h.feed(player.send("/card Письмо"))
        assert "Пришлите цели любое сообщение" in (player.last_text or "")
        await h.feed(player.send("/card нет такой карты"))
        assert "Такой карты не нашлось" in (player.last_text or "")

        update = player.inline_query("пистолет")
        await h.feed(update)
        assert update.inline_query is not None
        results = h.world.inline_queries[update.inline_query.id].results
        ids = [r["id"] for r in results]
        assert ids[:2] == ["mafik:pistol", "micromafik:pistol"]
        assert "(Мафик)" in results[0]["title"]
        assert results[0]["input_message_content"]["message_text"].startswith("<b>Пистолет</b>")
        update = h.players[1].inline_query("sniper rifle")
        await h.feed(update)
        assert update.inline_query is not None
        ids = [r["id"] for r in h.world.inline_queries[update.inline_query.id].results]
        assert ids[0] == "micromafik:sniper_rifle" and "mafik:sniper_rifle" in ids

        await h.feed(player.send("/rules", h.public))
        assert (h.world.last_text(h.public) or "").startswith("Мафик: 12–30 игроков")
        await h.feed(player.send("/rules"))
        assert (player.last_text or "").startswith("Мафик")
        await h.feed(h.players[1].send("/rules"))
        both = h.players[1].last_text or ""
        assert "Микромафик:" in both and "Мафик: 12–30" in both, "no game: both summaries"
        await h.feed(h.players[1].send("/rules mafik"))
        assert (h.players[1].last_text or "").startswith("Мафик")

        master2 = h.world.add_user("Мастер2", started=True)
        log2 = h.world.create_group("Лог 2", owner=master2)
        await h.feed(master2.send("/newgame micromafik", log2))
        await h.feed(master2.send("/rules", log2))
        assert (h.world.last_text(log2) or "").startswith("Микромафик")
        await h.feed(h.master.send("/rules", h.log))
        assert (h.world.last_text(h.log) or "").startswith("Мафик")

        await h.feed(player.send("/language"))
        await h.feed(player.press(h.last_with_buttons(player), "en"))
        await h.feed(player.send("/card pistol"))
        assert (player.last_text or "").startswith("Pistol\nMafik · Damage")
        await h.feed(player.send("/rules"))
        assert (player.last_text or "").startswith("Mafik: 12–30 players")
    finally:
        await h.close()
