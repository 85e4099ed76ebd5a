"""The room rules and statuses of issue 15 (cards/rooms.py) through the fake Telegram: each card played from
the panel with its params (several characters, a named card, nothing), then what the players are told —
the refusals of a room Организатор forbids, of a vote in Временная смерть, of a banned card — and the
Иллюминаты' room kept for the rest of the game.

Hands are dealt (`deal`) so nothing depends on the random decks.
"""

from __future__ import annotations

from tests.e2e.driver import (
    deal,
    fresh_panel,
    labels,
    name,
    play,
    propose,
    resolve_running,
    state_of,
    tap,
    told,
    vote_and_punish,
)
from tests.e2e.harness import PLAIN_ROLES as ROLES
from tests.e2e.harness import Harness, buttons, make_harness, start_mafik
from tgbot.sandbox.faketg import FakeMessage, FakeUser

DUMMIES = ["dummy"] * 5
ACCEPTED = "✅ Заявка принята."


async def pay_and_confirm(h: Harness, user: FakeUser, message: FakeMessage, cost: int) -> None:
    """On the payment screen: `cost` Пустышки from the Sleeve, then confirm until accepted."""
    for button in [b for b in buttons(message) if b["text"] == "🎴 Пустышка"][:cost]:
        await tap(h, user, message, button["callback_data"])
    answer = ""
    for _ in range(3):
        answer = await tap(h, user, message, "✅ Подтвердить")
        if answer == ACCEPTED:
            return
    raise AssertionError((answer, message.text))


def public_text(h: Harness) -> str:
    return "\n".join(h.texts(h.public))


async def test_room_and_status_cards_through_telegram(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await start_mafik(h, ROLES)
        state = await state_of(h)
        plain = [p.pid for p in state.players if p.faction == "law" and p.pid not in (1, 6, 7)]
        a, b, c, d, e, f, g = plain[:7]
        boss = next(p.pid for p in state.players if p.secret_role == "boss")
        u = h.players

        # ---- night 1
        # Организатор: three characters, «Готово»
        await deal(h, a, hand=["organizer", *DUMMIES])
        message, _ = await play(h, u[a], "🃏 Организатор", "▶ Сыграть", name(b), name(c), name(d))
        await tap(h, u[a], message, "Готово")
        assert await tap(h, u[a], message, "✅ Подтвердить") == ACCEPTED, message.text
        # Временная смерть: no params, Цена 1 from the Sleeve
        await deal(h, e, hand=["temporary_death", *DUMMIES], sleeve=["dummy"])
        message, _ = await play(h, u[e], "🃏 Временная смерть", "▶ Сыграть")
        await pay_and_confirm(h, u[e], message, 1)
        # Запрет: a target and a named card (Обвинение skipped)
        await deal(h, f, hand=["ban", *DUMMIES])
        await deal(h, g, hand=["pistol", *DUMMIES])
        message, _ = await play(h, u[f], "🃏 Запрет", "▶ Сыграть", name(g), "Урон", "Пистолет")
        for step in ("Готово", "Пропустить"):
            if step in " ".join(labels(message)):
                await tap(h, u[f], message, step)
        assert await tap(h, u[f], message, "✅ Подтвердить") == ACCEPTED, message.text
        # Метка боли: a target
        await deal(h, b, hand=["pain_mark", *DUMMIES])
        message, _ = await play(h, u[b], "🃏 Метка боли", "▶ Сыграть", name(boss))
        assert await tap(h, u[b], message, "✅ Подтвердить") == ACCEPTED, message.text
        state = await resolve_running(h)  # ---------------------------------------------------------------- day 1

        assert "Организатор: завтра вы можете попасть в чат только с этими игроками" in told(h, c)
        assert f"Временная смерть: завтра днём {name(e)} не может общаться" in public_text(h)
        assert "Запрет: 1 сутки со следующей фазы вы не можете играть Пистолет." in told(h, g)
        assert "Метка боли: от карт того, кто её поставил, вы получаете на 1 урона больше." in told(h, boss)

        # ---- day 1: Организатор's chosen may not gather a room with others; the temporarily dead may not vote
        answer = await propose(h, u[c], [name(g)])
        assert answer == "Это действие вам недоступно. (так велит карта «Организатор»)", answer
        panel = await fresh_panel(h, u[e])
        answer = await tap(h, u[e], panel, "🗳 Голос")
        answer = await tap(h, u[e], panel, name(boss))
        assert answer == "Это действие вам недоступно. (Временная смерть: сегодня вы не общаетесь, не голосуете и не играете карт)"

        # Иллюминаты by day: two characters, Цена 1
        await deal(h, d, hand=["illuminati", *DUMMIES], sleeve=["dummy"])
        message, _ = await play(h, u[d], "🃏 Иллюминаты", "▶ Сыграть", name(a), name(g))
        await tap(h, u[d], message, "Готово")
        await pay_and_confirm(h, u[d], message, 1)
        voters = [p.pid for p in state.living() if p.pid not in (e, boss)]
        await vote_and_punish(h, voters, boss, "казнь")
        state = await resolve_running(h)  # ---------------------------------------------------------------- night 2
        assert "Иллюминаты: создана вечная чат-комната" in public_text(h)
        room = [eff for eff in state.effects if eff.kind == "room"]
        assert [eff.params["members"] for eff in room] == [sorted([a, d, g])] and room[0].end is None

        # ---- night 2: the banned Пистолет is marked on the panel; its first tap says why
        panel = await fresh_panel(h, u[g])
        assert "🃏 Пистолет 🚫" in labels(panel), labels(panel)
        await tap(h, u[g], panel, "Пистолет")
        assert "Это действие вам недоступно. (Запрет: карту «Пистолет» вам сейчас играть нельзя)" in (panel.text or "")
        assert not [b for b in labels(panel) if "Сыграть" in b]
    finally:
        await h.close()
