"""The zone cards of issue 14 through the fake Telegram, with their new kinds of input: one pool of Hand
and Sleeve cards (Жучок, Подарок), a multiset of card names (Угон: a card named twice), and the instant
actions the cards grant in a later phase (Ловкость рук's N↔N swap, Укол стимулятора's Sleeve → Hand,
Халатность's take) — and what each player is told.

Cards are dealt (`deal`, a stacked deck) so nothing depends on the random decks.
"""

from __future__ import annotations

from engine.core.state import GameState
from tests.e2e.driver import deal, fresh_panel, labels, name, play, play_accepted, resolve_running, state_of, tap, told, vote_and_punish
from tests.e2e.harness import PLAIN_ROLES as ROLES
from tests.e2e.harness import Harness, make_harness, start_mafik
from tgbot.sandbox.faketg import FakeUser

FILL = ["dummy"] * 5
DONE = "✅ Готово."  # an instant action's answer



async def instant(h: Harness, user: FakeUser, *steps: str) -> None:
    message = await fresh_panel(h, user)
    for step in steps[:-1]:
        await tap(h, user, message, step)
    assert await tap(h, user, message, steps[-1]) == DONE, message.text




def cards(state: GameState, pid: int, zone: str) -> list[str]:
    return [c.card for c in getattr(state.player(pid), zone)]


async def test_zone_cards_through_telegram(tmp_path):
    h = await make_harness(tmp_path, players=13)
    try:
        await start_mafik(h, ROLES)
        state = await state_of(h)
        mafia = next(p.pid for p in state.players if p.faction == "mafia" and p.pid > 1)
        law = [p.pid for p in state.players if p.pid > 1 and p.faction == "law"]
        bugger, bugged, slick, shot, thief, robbed, gifter = law[:7]
        hijacked, gifted = robbed, bugged
        u = h.players
        cast = {mafia, *law[:7]}
        bystanders = [p.pid for p in state.players if p.pid not in cast]

        # ---- night 1
        await deal(h, bugger, hand=["bug", "pistol", *FILL])
        await deal(h, bugged, sleeve=[])
        text = await play_accepted(h, u[bugger], "🃏 Жучок", "▶ Сыграть", name(bugged), "Пистолет", "Готово", "Пропустить",
                              "✅ Подтвердить")
        assert "Пистолет" in text
        await deal(h, slick, hand=["sleight_of_hand", *FILL], sleeve=["bunker", "dummy"])
        await play_accepted(h, u[slick], "🃏 Ловкость рук", "▶ Сыграть", "🎴 Пустышка", "✅ Подтвердить", "✅ Подтвердить")
        await deal(h, shot, hand=["stimulant_shot", *FILL], sleeve=["first_aid"])
        await play_accepted(h, u[shot], "🃏 Укол стимулятора", "▶ Сыграть", name(shot), "✅ Подтвердить")
        await deal(h, thief, hand=["negligence", *FILL])
        await deal(h, robbed, sleeve=["shiv", "bunker"])
        await play_accepted(h, u[thief], "🃏 Халатность", "▶ Сыграть", name(robbed), "✅ Подтвердить")
        await deal(h, hijacked, hand=["pistol", "kick", "pistol"])
        await deal(h, mafia, hand=["hijack", *FILL], sleeve=[])
        message, _ = await play(h, u[mafia], "🃏 Угон", "▶ Сыграть", name(hijacked), "Урон", "Пистолет", "Удар ногой")
        await tap(h, u[mafia], message, "Пистолет")
        assert "×2 Пистолет" in labels(message), labels(message)
        await tap(h, u[mafia], message, "Готово")
        assert await tap(h, u[mafia], message, "✅ Подтвердить") == "✅ Заявка принята."
        state = await resolve_running(h)  # ---------------------------------------------------------------- day 1
        assert cards(state, bugged, "sleeve") == ["pistol"] and "pistol" not in cards(state, bugger, "hand")
        assert f"Жучок — {name(bugged)}: карта легла в рукав; других карт рядом с ней нет." in told(h, bugger)
        assert sorted(cards(state, mafia, "sleeve")) == ["kick", "pistol", "pistol"]
        assert f"Угон: вы угадали руку {name(hijacked)} — вам в рукав копии:" in told(h, mafia)
        assert "Вы стали целью карты «Укол стимулятора»" in told(h, shot)

        # ---- day 1: the instant actions the cards granted; Подарок from the Hand and the Sleeve
        await instant(h, u[slick], "🤹 Ловкость рук: обмен", "Пустышка", "Готово", "Бункер", "Готово", "✅ Подтвердить")
        state = await state_of(h)
        assert "bunker" in cards(state, slick, "hand") and cards(state, slick, "sleeve") == ["dummy"]
        await instant(h, u[shot], "💉 Укол: рукав → рука", "Первая помощь", "✅ Подтвердить")
        await instant(h, u[thief], "🫳 Халатность: забрать карту", "✅ Подтвердить")
        state = await state_of(h)
        assert "first_aid" in cards(state, shot, "hand") and cards(state, shot, "sleeve") == []
        assert cards(state, thief, "sleeve") == ["shiv"] and cards(state, robbed, "sleeve") == ["bunker"]
        assert "Халатность" in told(h, thief) and "Заточка" in told(h, thief)
        await deal(h, gifter, hand=["gift", "pistol", *FILL], sleeve=["bunker"])
        await deal(h, gifted, sleeve=[])
        await play_accepted(h, u[gifter], "🃏 Подарок", "▶ Сыграть", name(gifted), "Пистолет", "Бункер", "Готово",
                       "✅ Подтвердить")
        await vote_and_punish(h, [*bystanders[:2], bugger, slick], bystanders[-1], "казнь")
        state = await resolve_running(h)  # ---------------------------------------------------------------- night 2
        assert cards(state, gifted, "sleeve") == ["pistol", "bunker"] and cards(state, gifter, "sleeve") == []
        assert "Вам подарили карты — они в вашем рукаве: Пистолет, Бункер." in told(h, gifted)
        assert len(state.player(gifter).hand) == 6, "Подарок refilled, the Pistol given away not"
    finally:
        await h.close()
