"""Plays a player's turn through the bot's buttons only, as a person would (for end-to-end tests);
the Мафик helpers shared by the end-to-end tests: buttons by label, the game's state (and a stacked
deal), the panel and a card's flow, the Вече, sign-up and the deck builder, private messages and rooms."""

from __future__ import annotations

import re

from aiogram.types import Update

from engine.core.state import GameState
from tests.e2e.harness import Harness, buttons
from tgbot.sandbox.agents import REFRESH as REFRESH
from tgbot.sandbox.agents import acts as acts
from tgbot.sandbox.agents import build_deck as build_deck
from tgbot.sandbox.agents import kill_vote as kill_vote
from tgbot.sandbox.agents import panel_of as panel_of
from tgbot.sandbox.agents import play_a_card as play_a_card
from tgbot.sandbox.agents import press_act as press_act
from tgbot.sandbox.agents import signup_buttons as signup_buttons
from tgbot.sandbox.agents import use_an_action as use_an_action
from tgbot.sandbox.agents import vote as vote
from tgbot.sandbox.agents import walk_flow as walk_flow
from tgbot.sandbox.faketg import FakeChat, FakeMessage, FakeUser
from tgbot.ui.callbacks import Act

TOTALS = re.compile(r"Обычные карты: (\d+)/(\d+)")


# ---------------------------------------------------------------- buttons by label

def answer_of(h: Harness, update: Update) -> str:
    assert update.callback_query is not None
    record = h.world.callbacks[update.callback_query.id]
    assert record.answered, "the button press was not answered"
    return record.text or ""


async def press(h: Harness, user: FakeUser, message: FakeMessage, data: str) -> str:
    """Press the button carrying this callback data; the answer shown to the player."""
    update = user.press(message, data)
    await h.feed(update)
    return answer_of(h, update)


def labels(message: FakeMessage) -> list[str]:
    return [b["text"] for b in buttons(message)]


async def tap(h: Harness, user: FakeUser, message: FakeMessage, label: str) -> str:
    """Press the button whose text is `label` (or, failing that, contains it); the answer shown."""
    found = [b for b in buttons(message) if label in (b["text"], b.get("callback_data"))] or \
        [b for b in buttons(message) if label in b["text"]]
    assert found, f"no button {label!r} in {labels(message)}\n{message.text}"
    update = user.press(message, found[0]["callback_data"])
    await h.feed(update)
    return answer_of(h, update)


# ---------------------------------------------------------------- Мафик: the state, the panel, the Вече

async def state_of(h: Harness) -> GameState:
    return await h.app.service.state(1)


async def save(h: Harness, state: GameState) -> None:
    async with h.app.repo.db.transaction() as conn:
        await h.app.repo.save_state(conn, 1, state, now=h.clock())


async def deal(h: Harness, pid: int, *, hand: list[str] | None = None, sleeve: list[str] | None = None) -> None:
    """Stack the deck: the player's Hand and/or Sleeve become these cards (new physical cards)."""
    state = await state_of(h)
    player = state.player(pid)
    if hand is not None:
        player.hand = [state.new_card(c) for c in hand]
        player.hand_at_phase_start = list(hand)
    if sleeve is not None:
        player.sleeve = [state.new_card(c) for c in sleeve]
    await save(h, state)


def name(pid: int) -> str:
    return f"Персонаж {pid + 1}"


def orders(state: GameState, pid: int, kind: str) -> list:
    return [o for o in state.orders.get(pid, []) if o.kind == kind]


async def fresh_panel(h: Harness, user: FakeUser) -> FakeMessage:
    """The current phase's panel message, showing the panel again (from a flow screen: its cancel)."""
    phase = (await state_of(h)).phase
    for message in reversed(h.world.messages_in(user.chat)):
        back = [a for _t, a in acts(message) if a.p == phase and a.a == "panel"]
        if back:
            await tap(h, user, message, back[0].pack())
            return message
    raise AssertionError(f"{user.first_name} has no panel of phase {phase}")


async def play(h: Harness, user: FakeUser, card: str, *steps: str) -> tuple[FakeMessage, str]:
    """From the panel: open `card`, then press each of `steps` in turn; the message and the last answer."""
    message = await fresh_panel(h, user)
    answer = await tap(h, user, message, card)
    for step in steps:
        answer = await tap(h, user, message, step)
    return message, answer


async def vote_and_punish(h: Harness, voters: list[int], target: int, punishment: str) -> None:
    for pid in voters:
        user = h.players[pid]
        message = await fresh_panel(h, user)
        await tap(h, user, message, "🗳 Голос")
        assert "Без голоса вы голосуете за себя" in (message.text or "")
        assert "Ваш голос" not in (message.text or "")
        assert "Ваш голос сейчас" not in (message.text or "")
        assert await tap(h, user, message, name(target)) == "✅ Заявка принята."
        await tap(h, user, message, "⚖ Наказание")
        assert "открытое голосование" in (message.text or "")
        assert await tap(h, user, message, punishment) == "✅ Заявка принята."


# ---------------------------------------------------------------- Мафик: sign-up and the deck builder

async def choose_role(h: Harness, user: FakeUser, role: str) -> None:
    """Page through the role list to `role`, read its perk, take it."""
    message = h.last_with_buttons(user)
    for _ in range(6):
        found = [s for _t, s in signup_buttons(message) if s.role == role and s.a == "info"]
        if found:
            break
        nxt = next(b["callback_data"] for b in buttons(message) if b["text"] == "▶")
        await press(h, user, message, nxt)
    else:
        raise AssertionError(f"role {role} not offered")
    await press(h, user, message, found[0].pack())
    assert "Взять роль" in " ".join(b["text"] for b in buttons(message))
    take = next(s for _t, s in signup_buttons(message) if s.role == role and s.a == "")
    await press(h, user, message, take.pack())


def builder_of(h: Harness, user: FakeUser) -> FakeMessage:
    """The player's latest deck builder message."""
    for message in reversed(h.world.messages_in(user.chat)):
        if any(a.a in ("bsave", "bback") for _t, a in acts(message)):
            return message
    raise AssertionError(f"{user.first_name} has no deck builder")


def totals(message: FakeMessage) -> tuple[int, int]:
    found = TOTALS.search(message.text or "")
    assert found, message.text
    return int(found.group(1)), int(found.group(2))


def plus_buttons(message: FakeMessage) -> list[Act]:
    return [a for _t, a in acts(message) if a.a == "badd"]


async def fill_by_buttons(h: Harness, user: FakeUser, message: FakeMessage) -> None:
    """Press "+" (twice a card, free cards skipped) through the tabs in their order — own colours,
    then neutral, then the rest — and their pages, until the regular cards are complete."""
    tabs = [a for _t, a in acts(message) if a.a == "bcol" and a.v != "search"]
    for tab in tabs:
        await press(h, user, message, tab.pack())
        label = next((t_ for t_, a in acts(message) if a.a == "bpg" and "/" in t_), "1/1")
        for _page in range(int(label.split("/")[1])):
            names = {a.v: t_ for t_, a in acts(message) if a.a == "bcard"}
            for plus in plus_buttons(message):
                if "☆" in names.get(plus.v, ""):
                    continue
                for _copy in range(2):
                    have, need = totals(message)
                    if have >= need:
                        return
                    await press(h, user, message, plus.pack())
            nxt = [a for t_, a in acts(message) if a.a == "bpg" and t_ == "▶"]
            if nxt:
                await press(h, user, message, nxt[0].pack())
    raise AssertionError("could not fill the deck")


async def build_engineer(h: Harness, user: FakeUser) -> list[str]:
    message = builder_of(h, user)
    assert "Инженер — карты первой сдачи: не выбраны" in (message.text or "")
    await fill_by_buttons(h, user, message)
    await press(h, user, message, Act(g=1, p=0, a="beng").pack())
    toggles = [a for _t, a in acts(message) if a.a == "btog"]
    picks = [toggles[0].v, toggles[-1].v]
    for card in picks:
        await press(h, user, message, Act(g=1, p=0, a="btog", v=card).pack())
    third = await press(h, user, message, toggles[1].pack())
    assert "Инженер выбирает ровно 2 карты" in third
    await press(h, user, message, Act(g=1, p=0, a="bback").pack())
    assert "Колода сохранена" in await press(h, user, message, Act(g=1, p=0, a="bsave").pack())
    return picks


# ---------------------------------------------------------------- Мафик: private messages and chat rooms

def comms_panel(h: Harness, user: FakeUser) -> FakeMessage:
    """The user's latest message with the day's communication row."""
    for message in reversed(h.world.messages_in(user.chat)):
        if any(str(b.get("callback_data", "")).startswith("cm:") for b in buttons(message)):
            return message
    raise AssertionError(f"{user.first_name} has no panel with ✉ Приват")


async def back_to_panel(h: Harness, user: FakeUser) -> FakeMessage:
    """Press "⬅ Назад" under the bot's last message: the panel again."""
    message = h.world.last_message(user.chat)
    assert message is not None
    await tap(h, user, message, "⬅ Назад")
    return comms_panel(h, user)


async def panel_now(h: Harness, user: FakeUser) -> FakeMessage:
    """The panel, going back to it if the last screen was another one."""
    last = h.world.last_message(user.chat)
    if last is not None and "⬅ Назад" in labels(last) and "✉ Приват" not in " ".join(labels(last)):
        return await back_to_panel(h, user)
    return comms_panel(h, user)


async def send_private(h: Harness, user: FakeUser, to: str, text: str) -> str:
    panel = await panel_now(h, user)
    answer = await tap(h, user, panel, "✉ Приват")
    if answer:
        return answer
    await tap(h, user, panel, to)
    assert "Напишите приват одним сообщением, адресат —" in (panel.text or "")
    await h.feed(user.send(text))
    return user.last_text or ""


async def propose(h: Harness, user: FakeUser, members: list[str]) -> str:
    panel = await panel_now(h, user)
    await tap(h, user, panel, "👥 Комната")
    for member in members:
        await tap(h, user, panel, member)
    return await tap(h, user, panel, "📣 Предложить комнату")


def room_boards(h: Harness) -> list[FakeMessage]:
    """The chat-room boards in the public group (one a day), oldest first."""
    return [m for m in h.world.messages_in(h.public) if "Чат-комнаты — день" in (m.text or "")]


def room_board(h: Harness) -> FakeMessage:
    """The latest day's chat-room board."""
    boards = room_boards(h)
    assert boards, "no chat-room board in the public group"
    return boards[-1]


async def confirm(h: Harness, user: FakeUser, board: FakeMessage, number: int = 1) -> str:
    """Press proposal `number`'s «✅ N: …» on the board."""
    return await tap(h, user, board, f"✅ {number}: ")


async def add_pool_group(h: Harness, title: str = "Запасная") -> FakeChat:
    group = h.world.create_group(title, owner=h.master)
    await h.feed(h.master.send("/pool add", group))
    assert "Группа в пуле" in (h.world.last_text(group) or "")
    return group


def log_texts(h: Harness) -> str:
    return "\n".join(h.texts(h.log))


# ---------------------------------------------------------------- a card's dialogue to the end, a phase, what one was told

ACCEPTED = "✅ Заявка принята."


async def play_accepted(h: Harness, user: FakeUser, card: str, *steps: str) -> str:
    """Open `card` on the panel, tap `steps`, the last of which submits: the order is accepted."""
    message, _ = await play(h, user, card, *steps[:-1])
    answer = await tap(h, user, message, steps[-1])
    assert answer == ACCEPTED, (answer, message.text)
    return message.text or ""


async def tap_accepted(h: Harness, user: FakeUser, message: FakeMessage, *steps: str) -> None:
    """On an open dialogue, tap `steps`, the last of which submits: the order is accepted."""
    answer = ""
    for step in steps:
        answer = await tap(h, user, message, step)
    assert answer == ACCEPTED, (answer, message.text)


async def resolve_running(h: Harness) -> GameState:
    """The master ends the phase: the next one runs."""
    before = (await state_of(h)).phase
    await h.resolve()
    state = await state_of(h)
    assert state.phase == before + 1 and state.status == "running", (state.phase, state.status, state.winners)
    return state


def told(h: Harness, pid: int) -> str:
    """Everything the player's private chat holds, one text."""
    return "\n".join(h.texts(h.players[pid]))
