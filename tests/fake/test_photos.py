"""In-process: sendPhoto with a picture's bytes, re-sending by file_id, and what Telegram refuses."""

from __future__ import annotations

import io

import pytest
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import BufferedInputFile
from PIL import Image

from tgbot.sandbox.faketg import FakeTelegram, World


def png(width: int, height: int, kind: str = "PNG") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (255, 255, 255)).save(out, format=kind)
    return out.getvalue()


async def test_send_photo_keeps_bytes_size_and_caption(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice", started=True)
    picture = png(1080, 1200)
    sent = await tg.bot.send_photo(alice.id, BufferedInputFile(picture, filename="stone.png"),
                                   caption="<b>Камень душ</b>", parse_mode="HTML")
    assert sent.photo is not None and (sent.photo[-1].width, sent.photo[-1].height) == (1080, 1200)
    [stored] = world.photos_in(alice)
    assert stored.data == picture and world.documents_in(alice) == []
    message = world.last_message(alice)
    assert message is not None and message.caption == "Камень душ" and message.caption_entities[0]["type"] == "bold"

    again = await tg.bot.send_photo(alice.id, sent.photo[-1].file_id)
    assert again.photo is not None and again.photo[-1].file_unique_id == sent.photo[-1].file_unique_id


async def test_send_photo_refuses_what_is_not_a_picture(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice", started=True)
    with pytest.raises(TelegramBadRequest, match="IMAGE_PROCESS_FAILED"):
        await tg.bot.send_photo(alice.id, BufferedInputFile(b"not a picture", filename="x.png"))
    assert world.photos_in(alice) == []


async def test_send_photo_refuses_a_picture_too_long_or_too_large(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice", started=True)
    for width, height in ((2100, 100), (6000, 4100)):
        with pytest.raises(TelegramBadRequest, match="PHOTO_INVALID_DIMENSIONS"):
            await tg.bot.send_photo(alice.id, BufferedInputFile(png(width, height), filename="x.png"))


async def test_send_photo_refuses_a_caption_over_1024(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice", started=True)
    with pytest.raises(TelegramBadRequest, match="caption is too long"):
        await tg.bot.send_photo(alice.id, BufferedInputFile(png(10, 10), filename="x.png"), caption="я" * 1025)


async def test_send_photo_reads_a_jpeg_size(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice", started=True)
    sent = await tg.bot.send_photo(alice.id, BufferedInputFile(png(640, 480, "JPEG"), filename="x.jpg"))
    assert sent.photo is not None and (sent.photo[-1].width, sent.photo[-1].height) == (640, 480)
