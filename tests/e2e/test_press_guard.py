"""A game's button press is checked once before its handler (tgbot/routers/guard.py) and a refusal is
answered by the error handlers (tgbot/routers/errors.py): buttons sent before a deploy keep working, a
dead character's old button says so, and a refused press changes nothing."""

from __future__ import annotations

from engine.core import api
from tests.e2e.driver import acts, panel_of
from tests.e2e.test_bad_input import press_data, running_game
from tgbot.ui.callbacks import Act


async def test_a_button_packed_before_the_deploy_still_works(tmp_path):
    h = await running_game(tmp_path)
    try:
        user = h.players[0]
        state = await h.app.service.state(1)
        uid = state.player(0).hand[0].uid
        answer = await press_data(h, user, f"a:1:{state.phase}:disc:{uid}")  # the wire format as sent so far
        assert answer == "✅ Заявка принята."
        assert [o.kind for o in (await h.app.service.state(1)).orders[0]] == ["discard"]
    finally:
        await h.close()


async def test_a_dead_characters_old_button_says_the_character_is_dead(tmp_path):
    h = await running_game(tmp_path)
    try:
        user = h.players[4]
        old_panel = panel_of(h, user)
        assert old_panel is not None
        card_button = next(a for _t, a in acts(old_panel) if a.a == "card")
        await h.feed(h.master.send("/modkill 5", h.log))
        await h.resolve()
        before = api.dump(await h.app.service.state(1))
        # the panel lost its buttons with the character: the old button is pressed as a client still shows it
        assert await press_data(h, user, card_button.pack()) == "Ваш персонаж мёртв и больше не действует."
        assert api.dump(await h.app.service.state(1)) == before
    finally:
        await h.close()


async def test_a_refused_press_is_answered_with_its_reason_and_changes_nothing(tmp_path):
    h = await running_game(tmp_path)
    try:
        user = h.players[1]
        state = await h.app.service.state(1)
        before = api.dump(state)
        answer = await press_data(h, user, Act(g=1, p=state.phase, a="up", v="999999").pack())
        assert "999999" in answer or "руке" in answer, answer
        assert api.dump(await h.app.service.state(1)) == before
    finally:
        await h.close()
