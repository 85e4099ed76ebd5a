"""Random players that act through the bot's buttons only, as a person would: sign up, build a deck,
vote, play cards and use actions by pressing what the bot shows them. The sandbox's demo seats and the
end-to-end tests both use them; they know the bot's callback kinds (`Act`, `Signup`), no rule set."""

from __future__ import annotations

import random
from typing import Any, Protocol

from aiogram.types import Update

from tgbot.gamedata import OTHER_ROLE
from tgbot.sandbox.faketg import FakeMessage, FakeUser, World
from tgbot.ui.callbacks import Act, Signup

REFRESH = "🔄 Обновить"


class Table(Protocol):
    """Where agents act: the fake world and a bot that takes their updates."""

    world: World

    async def feed(self, update: Update) -> None: ...

    async def press(self, user: FakeUser, message: FakeMessage, button: str) -> None: ...

    def last_with_buttons(self, user: FakeUser) -> FakeMessage: ...


def buttons(message: FakeMessage) -> list[dict[str, Any]]:
    return [b for row in message.inline_keyboard for b in row]


def panel_of(h: Table, user: FakeUser) -> FakeMessage | None:
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


def signup_buttons(message: FakeMessage) -> list[tuple[str, Signup]]:
    return [(b["text"], Signup.unpack(b["callback_data"])) for b in buttons(message)
            if str(b.get("callback_data", "")).startswith("s:")]


async def sign_up(h: Table, user: FakeUser, game_id: int, name: str, rnd: random.Random) -> bool:
    """Open the sign-up link, give `name`, take a random free role (reading its perk first on a long
    list); True once signed up."""
    await h.feed(user.start(f"join_{game_id}"))
    await h.feed(user.send(name))
    for _ in range(4):
        message = h.world.last_message(user.chat)
        if message is None:
            return False
        # (Другой) would ask for a typed title: agents take a named role
        choices = [s for _t, s in signup_buttons(message) if s.a in ("", "info") and s.role != OTHER_ROLE]
        takes = [s for s in choices if s.a == ""]
        if not choices:
            return any(s.a == "gender" for _t, s in signup_buttons(message))
        await h.press(user, message, rnd.choice(takes or choices).pack())
    return False


def _deck_message(h: Table, user: FakeUser) -> FakeMessage | None:
    for message in reversed(h.world.messages_in(user.chat)):
        if any(a.a in ("pick", "bauto") for _t, a in acts(message)):
            return message
    return None


async def build_deck(h: Table, user: FakeUser) -> None:
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


async def press_act(h: Table, user: FakeUser, message: FakeMessage, action: str, value: str | None = None) -> bool:
    for _text, a in acts(message):
        if a.a == action and (value is None or a.v == value):
            await h.press(user, message, a.pack())
            return True
    return False


async def vote(h: Table, user: FakeUser, rnd: random.Random) -> None:
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


async def kill_vote(h: Table, user: FakeUser, rnd: random.Random) -> None:
    panel = panel_of(h, user)
    if panel is not None and await press_act(h, user, panel, "kills"):
        targets = [a for _t, a in acts(panel) if a.a == "kill"]
        await h.press(user, panel, rnd.choice(targets).pack())


async def play_a_card(h: Table, user: FakeUser, rnd: random.Random, uid: int | None = None) -> bool:
    """Open a card of the panel (`uid`, else a random one) and walk the flow to the end with random
    choices; True if it was accepted."""
    panel = panel_of(h, user)
    if panel is None:
        return False
    cards = [a for _t, a in acts(panel) if a.a == "card" and (uid is None or a.v == str(uid))]
    if not cards:
        return False
    await h.press(user, panel, rnd.choice(cards).pack())
    if not await press_act(h, user, panel, "play"):
        return False
    return await walk_flow(h, user, panel, rnd)


async def use_an_action(h: Table, user: FakeUser, rnd: random.Random) -> bool:
    """Open one of the panel's actions (a rule set's ability: the `do` buttons) at random and walk its
    flow to the end with random choices; True if it was accepted."""
    panel = panel_of(h, user)
    if panel is None:
        return False
    actions = [a for _t, a in acts(panel) if a.a == "do"]
    if not actions:
        return False
    await h.press(user, panel, rnd.choice(actions).pack())
    return await walk_flow(h, user, panel, rnd)


async def walk_flow(h: Table, user: FakeUser, panel: FakeMessage, rnd: random.Random) -> bool:
    """Walk an open flow (its screen is `panel`) to the end with random choices; True if accepted."""
    for _ in range(40):
        text = panel.text or ""
        if "Заявка принята" in text:
            return True
        if any(prompt in text for prompt in ("Напишите текст", "Напишите сообщение, адресат —")):
            await h.feed(user.send("Привет всем"))  # two words: Цензура forbids a phrase of at most two
            panel = h.last_with_buttons(user)
            continue
        options = [(t, a) for t, a in acts(panel) if a.a == "f"]
        if not options:
            return False
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


async def take_turn(h: Table, user: FakeUser, rnd: random.Random) -> int:
    """One phase of a random player: a deck if one is asked for, the day's votes or the night's kill
    vote (whichever the panel offers), then a card or an action now and then; the orders accepted."""
    await build_deck(h, user)
    await vote(h, user, rnd)
    await kill_vote(h, user, rnd)
    accepted = 0
    if rnd.random() < 0.8:
        accepted += await play_a_card(h, user, rnd)
    if rnd.random() < 0.5:
        accepted += await use_an_action(h, user, rnd)
    return accepted
