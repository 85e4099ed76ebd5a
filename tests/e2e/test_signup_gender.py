"""The character's grammatical gender: guessed from the name at sign-up, asked when the name does not tell,
corrected with the buttons under the confirmation — before the start and during the game."""

from __future__ import annotations

from engine.core.state import Event
from tests.e2e.harness import buttons, make_harness
from tgbot.render import render

NAMES = ["Вера Павловна", "Саша", "Иван Петрович", "Анна", "Никита", "Ольга", "Пётр", "Мария"]


async def test_gender_is_guessed_asked_and_corrected_with_buttons(tmp_path):
    h = await make_harness(tmp_path)
    try:
        await h.feed(h.master.send("/newgame micromafik", h.log))
        await h.feed(h.master.send("/bind 1", h.public))
        confirmations = []
        for user, name in zip(h.players, NAMES, strict=True):
            await h.feed(user.start("join_1"))
            await h.feed(user.send(name))
            roles = h.last(user)
            await h.press(user, roles, buttons(roles)[0]["text"])
            confirmations.append(h.last(user))
        vera, sasha = confirmations[0], confirmations[1]
        assert "«она»: «погибла»" in (vera.text or "")
        assert "«он погиб» или «она погибла»?" in (sasha.text or "")
        assert [b["text"] for b in buttons(sasha)] == ["♂ Он", "♀ Она"]
        await h.press(h.players[1], sasha, "♀ Она")
        genders = [p["gender"] for p in await h.app.service.repo.players(1)]
        assert genders[:4] == ["f", "f", "m", "f"]

        await h.feed(h.master.send("/startgame", h.log))
        state = await h.app.service.state(1)
        assert [p.gender for p in state.players][:4] == ["f", "f", "m", "f"]
        death = Event(seq=1, phase=1, kind="death", to="public", params={"pid": 1})
        assert render(state, death, "ru") == "Саша погибла."

        await h.press(h.players[1], sasha, "♂ Он")  # a correction once the game has started
        state = await h.app.service.state(1)
        assert render(state, death, "ru") == "Саша погиб."
    finally:
        await h.close()
