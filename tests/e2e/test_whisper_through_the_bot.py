"""«Шёпот» (tests/engine/hidden_plugins/whisper/), a rule set of hidden rules that lives in the tests, played
through the real bot: no line of tgbot/ names it. /rules shows each reader what they may know (a player
what they have been told, the master the whole document, anyone else the summary); the panel shows the
player's world and grows when an ability is told, which is announced; after each night the stone reaches
the public group and the master's log as a picture (and the game's record at the end), and a restart
mid-phase sends it once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from engine.core.diagram import Diagram
from tests.e2e.driver import acts, tap
from tests.e2e.harness import Harness, make_harness, start_app
from tests.e2e.plugins import plugged_in
from tests.e2e.test_duel_through_the_bot import deadline_passes, lines, panel, use
from tests.engine.plugin_path import HIDDEN_PLUGINS
from tgbot.sandbox.faketg import FakeChat, FakeUser
from tgbot.ui.diagram import draw_png

WHOLE = "Со второй ночи вместо того, чтобы слушать"  # a line of the whole document only
HIDDEN = "🔒 В этой игре правила не открыты заранее"
MORE = "🔒 Это не все правила"


@pytest.fixture
def whisper(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with plugged_in(monkeypatch, HIDDEN_PLUGINS, "whisper"):
        yield


async def sign_up(h: Harness) -> None:
    await h.feed(h.master.send("/newgame whisper", h.log))
    await h.feed(h.master.send("/bind 1", h.public))
    for i, user in enumerate(h.players):
        await h.feed(user.start("join_1"))
        await h.feed(user.send(f"Слушатель {i + 1}"))
        await tap(h, user, h.last(user), "Слушатель")
        assert HIDDEN in h.texts(user)[-1], "the sign-up says the rules are told as the game goes"


async def rules(h: Harness, user: FakeUser, chat: FakeChat | None = None, arg: str = "") -> str:
    """What /rules answers `user` in `chat` (their private chat by default)."""
    where = chat or user.chat
    before = len(h.world.messages_in(where))
    await h.feed(user.send(f"/rules {arg}".strip(), where) if chat else user.send(f"/rules {arg}".strip()))
    return "\n".join(m.content or "" for m in h.world.messages_in(where)[before:])


async def test_a_game_of_hidden_rules_through_the_bot(tmp_path, whisper) -> None:
    h = await make_harness(tmp_path, players=3)
    one, two, three = h.players
    stranger = h.world.add_user("Прохожий", started=True)
    try:
        await sign_up(h)
        outside = await rules(h, stranger, arg="whisper")
        assert "Шёпот" in outside and HIDDEN in outside and WHOLE not in outside
        await h.feed(h.master.send("/startgame", h.log))

        # /rules: the player in private reads what they have been told; the group, the summary; the master, all.
        mine = await rules(h, one)
        assert "Правила, которые вам уже рассказаны" in mine and "Вы — Слушатель 1, слушатель." in mine
        assert "«Слушать»" in mine and "«Метка»" not in mine and MORE in mine and WHOLE not in mine
        public = await rules(h, one, h.public)
        assert HIDDEN in public and "«Слушать»" not in public
        assert WHOLE in await rules(h, h.master, h.log)
        assert WHOLE not in await rules(h, h.master, h.public), "the master's /rules in the players' group"
        assert WHOLE in await rules(h, h.master, arg="whisper")
        assert WHOLE not in await rules(h, stranger, arg="whisper")

        # The panel: the player's world, and only what has been told.
        first = panel(h, one)
        assert "🌍 Мир: живых" in (first.text or "")
        assert [text for text, _a in acts(first)] == ["👂 Слушать", "📋 Заявки", "🔄 Обновить"]

        # Night 1: everyone listens; the stone reaches the public group and the log as a picture.
        await use(h, one, "👂 Слушать", "Слушатель 2")
        await use(h, two, "👂 Слушать", "Слушатель 1")
        await use(h, three, "👂 Слушать", "Слушатель 1")
        await deadline_passes(h)
        [public_stone] = [m for m in h.world.messages_in(h.public) if m.photo is not None]
        assert public_stone.caption == "🪨 Камень после ночи 1."
        state = await h.app.service.state(1)
        event = next(e for e in state.events if e.kind == "whisper_stone")
        assert public_stone.photo is not None and public_stone.photo.data == draw_png(Diagram.from_json(event.params["diagram"]), "ru")
        [log_stone] = [m for m in h.world.messages_in(h.log) if m.photo is not None]
        assert "🪨 Камень после ночи 1." in (log_stone.caption or "")
        assert not any(m.photo for u in h.players for m in h.world.messages_in(u.chat)), "the stone is the group's"

        # Day 1 ends: at the second night «Метка» is told — announced, on the panel, in /rules.
        await deadline_passes(h)
        assert any(text.startswith("📜 Вам рассказано новое правило.\n«Метка»") for text in h.texts(two))
        assert [text for text, _a in acts(panel(h, two))] == ["👂 Слушать", "✴ Метка", "📋 Заявки", "🔄 Обновить"]
        assert "«Метка»" in await rules(h, two)

        # Night 2: Слушатель 2 marks Слушатель 3; the process dies before the stone goes out.
        await use(h, two, "✴ Метка", "Слушатель 3")
        await h.app.delivery.stop()
        state = await h.app.service.state(1)
        assert await h.app.service.resolve(1, state.phase)
        await h.app.shutdown()
        h.app = await start_app(h.world, h.clock, h.database)
        await h.app.delivery.drain()
        captions = [m.caption for m in h.world.messages_in(h.public) if m.photo is not None]
        assert captions == ["🪨 Камень после ночи 1.", "🪨 Камень после ночи 2."], "each stone once"
        assert Counter(h.texts(h.public))["🪨 Камень после ночи 2."] == 1
        assert "Вас отметили: вы уходите в мир духов." in lines(h, three)
        assert "👻 Мир: духов" in (panel(h, three).text or "")

        # Day 2, night 3: the game ends.
        await deadline_passes(h)
        await deadline_passes(h)
        assert (await h.app.service.state(1)).status == "finished"
        assert len([m for m in h.world.messages_in(h.public) if m.photo is not None]) == 3
        [record] = [d for d in h.world.documents_in(h.log) if (d.file_name or "").endswith(".html")]
        assert record.text.count('<img src="data:image/png;base64,') == 3, "the record shows each stone"
    finally:
        await h.close()
