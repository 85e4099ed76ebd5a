"""In-process: sendDocument with bytes, re-sending by file_id, getFile and download."""

from __future__ import annotations

import io

import pytest
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import BufferedInputFile

from tgbot.sandbox.faketg import FakeTelegram, World


async def test_send_document_keeps_name_and_bytes(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice", started=True)
    payload = "Протокол партии\nДень 1: казнён Боб\n".encode()
    sent = await tg.bot.send_document(
        alice.id, BufferedInputFile(payload, filename="game-7.txt"), caption="<i>Итоги</i>", parse_mode="HTML"
    )
    assert sent.document is not None and sent.document.file_name == "game-7.txt"
    assert sent.document.file_size == len(payload) and sent.document.mime_type == "text/plain"

    [stored] = world.documents_in(alice)
    assert stored.data == payload and stored.text.startswith("Протокол")
    message = world.last_message(alice)
    assert message is not None and message.caption == "Итоги" and message.caption_entities[0]["type"] == "italic"
    assert alice.last_text == "Итоги"

    again = await tg.bot.send_document(alice.id, sent.document.file_id)
    assert again.document is not None and again.document.file_unique_id == sent.document.file_unique_id

    file = await tg.bot.get_file(sent.document.file_id)
    buffer = io.BytesIO()
    await tg.bot.download(file, destination=buffer)
    assert buffer.getvalue() == payload


async def test_document_errors(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice", started=True)
    with pytest.raises(TelegramBadRequest, match="wrong file identifier"):
        await tg.bot.send_document(alice.id, "no-such-file-id")
    with pytest.raises(TelegramBadRequest, match="file must be non-empty"):
        await tg.bot.send_document(alice.id, BufferedInputFile(b"", filename="empty.txt"))
