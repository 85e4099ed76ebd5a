"""Plays a player's turn through the bot's buttons only, as a person would (for end-to-end tests)."""

from __future__ import annotations

import random

from tests.e2e.harness import Harness, buttons
from tgbot.fake import FakeMessage, FakeUser
from tgbot.ui.callbacks import Act

REFRESH = "🔄 Обновить"


def panel_of(h: Harness, user: FakeUser) -> FakeMessage | None:
    for message in reversed(h.world.messages_in(user.chat)):
        if any(b.get("text") == REFRESH for b in buttons(message)):
            return message
    return None


def acts(message: FakeMessage) -> list[tuple[str, Act]]:
    out = []
    for b in buttons(message):
        data = b.get("callback_data")
        if data and data.startswith("a:"):
            out.append((b["text"], Act.unpack(data)))
    return out


def _deck_message(h: Harness, user: FakeUser) -> FakeMessage | None:
    for message in reversed(h.world.messages_in(user.chat)):
        if any(a.a in ("pick", "bauto") for _t, a in acts(message)):
            return message
    return None


async def build_deck(h: Harness, user: FakeUser) -> None:
    for _ in range(30):
        message = _deck_message(h, user)
        if message is None:
            return
        options = acts(message)
        auto = [text for text, a in options if a.a == "bauto"]
        picks = [text for text, a in options if a.a == "pick"]
        if auto:
            await h.press(user, message, auto[0])
        elif picks:
            await h.press(user, message, picks[0])
        else:
            return


async def press_act(h: Harness, user: FakeUser, message: FakeMessage, action: str, value: str | None = None) -> bool:
    for _text, a in acts(message):
        if a.a == action and (value is None or a.v == value):
            await h.press(user, message, a.pack())
            return True
    return False


async def vote(h: Harness, user: FakeUser, rnd: random.Random) -> None:
    panel = panel_of(h, user)
    if panel is None:
        return
    if await press_act(h, user, panel, "votes"):
        targets = [a for _t, a in acts(panel) if a.a == "vote"]
        await h.press(user, panel, rnd.choice(targets).pack())
    panel = panel_of(h, user)
    if panel is not None and await press_act(h, user, panel, "puns"):
        choices = [a for _t, a in acts(panel) if a.a == "pun"]
        await h.press(user, panel, rnd.choice(choices).pack())


async def kill_vote(h: Harness, user: FakeUser, rnd: random.Random) -> None:
    panel = panel_of(h, user)
    if panel is not None and await press_act(h, user, panel, "kills"):
        targets = [a for _t, a in acts(panel) if a.a == "kill"]
        await h.press(user, panel, rnd.choice(targets).pack())


async def play_a_card(h: Harness, user: FakeUser, rnd: random.Random) -> bool:
    """Open a random card of the hand and walk the flow to the end; True if it was accepted."""
    panel = panel_of(h, user)
    if panel is None:
        return False
    cards = [a for _t, a in acts(panel) if a.a == "card"]
    if not cards:
        return False
    await h.press(user, panel, rnd.choice(cards).pack())
    if not await press_act(h, user, panel, "play"):
        return False
    for _ in range(40):
        text = panel.text or ""
        if "Заявка принята" in text:
            return True
        options = [(t, a) for t, a in acts(panel) if a.a == "f"]
        if not options:
            return False
        if any(prompt in text for prompt in ("Напишите текст", "Напишите сообщение для")):
            await h.feed(user.send("Привет от e2e"))
            panel = h.last_with_buttons(user)
            continue
        values = [a.v for _t, a in options]
        pick = next((v for v in values if v == "ok"), None) or next((v for v in values if v == "d"), None)
        if pick is None:
            answers = [v for v in values if v.startswith(("p=", "t="))]
            payment = [v for _t, a in options for v in [a.v] if v.startswith("pc=") and not _t.startswith("✅")]
            if answers:
                pick = rnd.choice(answers)
            elif payment:
                pick = payment[0]
            elif "pp=1" in values:
                pick = "pp=1"
            elif "s" in values:
                pick = "s"
            else:
                break
        before = panel.text
        await h.press(user, panel, next(a.pack() for _t, a in options if a.v == pick))
        if panel.text == before and pick in ("ok",):
            break
    await press_act(h, user, panel, "panel")
    return False
