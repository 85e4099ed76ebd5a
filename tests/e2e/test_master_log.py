"""The master's log group tells what happened in a Микромафик game: a drafted deck as one line (not a
message per offer), and each resolved phase as one "who did what" message naming every submission."""

from __future__ import annotations

import random

from tests.e2e.driver import build_deck, kill_vote, play_a_card
from tests.e2e.harness import Harness, make_harness
from tests.e2e.test_micromafik_game import sign_up_everyone
from tgbot import gamedata


async def start_and_build(h: Harness) -> list[str]:
    """Sign-up, /startgame, every deck built by buttons; the log messages sent while the decks were built."""
    await sign_up_everyone(h)
    await h.feed(h.master.send("/startgame", h.log))
    before = len(h.texts(h.log))
    for user in h.players:
        await build_deck(h, user)
    return h.texts(h.log)[before:]


async def test_draft_offers_reach_the_log_as_one_summary_per_law_player(tmp_path):
    h = await make_harness(tmp_path)
    try:
        building = await start_and_build(h)
        state = await h.app.service.state(1)
        assert state.status == "running"
        assert not [t for t in building if "Выбор " in t], "no message per draft offer"
        law = [p for p in state.players if p.faction == "law"]
        assert len(law) == 6
        for player in law:
            (summary,) = [t for t in building if f"{player.name} — колода собрана" in t]
            names = [gamedata.card_name("micromafik", c, "ru") for c in player.deck_choice]
            assert ", ".join(names) in summary and "Предлагалось" in summary
        assert len(building) == len(state.players), "one log message a deck"
    finally:
        await h.close()


async def test_a_resolved_phase_is_one_who_did_what_message(tmp_path):
    h = await make_harness(tmp_path)
    rnd = random.Random(3)
    try:
        await start_and_build(h)
        for pid, user in enumerate(h.players):
            state = await h.app.service.state(1)
            if state.player(pid).faction == "mafia":
                await kill_vote(h, user, rnd)
            await play_a_card(h, user, rnd)
        state = (await h.app.service.state(1)).model_copy(deep=True)
        assert any(o.kind == "play" for orders in state.orders.values() for o in orders)
        await h.feed(h.master.send("/resolve", h.log))
        confirm = h.world.last_message(h.log)
        assert confirm is not None and confirm.inline_keyboard
        before = len(h.texts(h.log))
        await h.press(h.master, confirm, confirm.inline_keyboard[0][0]["callback_data"])
        new = h.texts(h.log)[before:]
        (account,) = [t for t in new if "кто что сделал" in t]
        assert account.startswith("📜 Игра #1 · Ночь 1: кто что сделал\nЗаявки:")
        assert not [t for t in new if t.startswith("📜") and t != account], "the phase's events are in it too"
        for pid, orders in state.orders.items():
            player = state.player(pid)
            held = {c.uid: gamedata.card_name("micromafik", c.card, "ru") for c in player.hand}
            for order in orders:
                if order.kind == "play":
                    line = f"• {player.name}: «{held[order.card]}»"
                    target = order.params.get("target")
                    if isinstance(target, int):
                        line += f" → {state.player(target).name}"
                    assert line in account, line
                    for uid in order.payment.cards:
                        assert held[uid] in account[account.index(line):].split("\n")[0]
                elif order.kind == "kill_vote":
                    assert f"• {player.name}: голос мафии: {state.player(order.params['target']).name}" in account
        assert "📢 Карт в руке" in account[account.index("Что произошло:"):], "then the effects, with audiences"
    finally:
        await h.close()
