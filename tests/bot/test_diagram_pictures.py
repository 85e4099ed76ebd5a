"""A diagram an event carries (engine/core/diagram.py): drawn as a PNG, told as text, queued as a photo with
the event's words as its caption, and delivered — or its words, where Telegram refuses the picture."""

from __future__ import annotations

import io

from PIL import Image

from engine.core.diagram import Diagram, Edge, Node
from engine.core.state import Event
from tests.bot.test_delivery import queue, setup  # noqa: F401 (the fixture)
from tgbot.services.announce import CAPTION_LIMIT, chat_messages, picture_messages
from tgbot.storage import Database, OutboxMessage, Repository
from tgbot.ui.diagram import WIDTH, as_text, draw_png

SOULS = (Node("a", "А", ("seal",)), Node("b", "Б"), Node("c", "В", ("seal", "mark")), Node("d", "Г"))


def stone(*edges: Edge) -> Diagram:
    return Diagram(SOULS, edges)


def size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        return image.size


def event(seq: int, kind: str, diagram: Diagram | None = None) -> Event:
    return Event(seq=seq, phase=1, kind=kind, to="public", params={"diagram": diagram.to_json()} if diagram else {})


def test_the_same_diagram_draws_the_same_bytes() -> None:
    diagram = stone(Edge("a", "b", "forward"), Edge("c", "d", "both", "weak"))
    fresh = draw_png.__wrapped__  # not the kept copy: drawn twice
    assert fresh(diagram, "ru") == fresh(Diagram.from_json(diagram.to_json()), "ru")


def test_a_diagram_is_a_phone_wide_png_with_a_legend_line_per_badge_and_edge_kind() -> None:
    plain = size(draw_png(Diagram((Node("a", "А"), Node("b", "Б")), (Edge("a", "b"),)), "ru"))
    legend = size(draw_png(stone(Edge("a", "b", kind="weak"), Edge("b", "c")), "ru"))  # seal, mark, weak
    assert plain == (WIDTH, WIDTH)
    assert legend[0] == WIDTH and legend[1] - plain[1] == 3 * 48 + 40


def test_an_arrow_is_drawn_at_the_end_it_points_to_and_at_both_for_both() -> None:
    none, forward, back, both = (draw_png(stone(edge), "ru") for edge in (
        Edge("a", "c"), Edge("a", "c", "forward"), Edge("c", "a", "forward"), Edge("a", "c", "both")))
    assert len({none, forward, back, both}) == 4


def test_a_diagram_as_text_lists_the_nodes_with_badges_and_each_edge_with_its_arrow() -> None:
    text = as_text(stone(Edge("a", "b", "forward"), Edge("c", "d"), Edge("b", "c", "both", "weak")), "ru")
    assert text.splitlines() == ["• А — seal", "• Б", "• В — seal, mark", "• Г", "Связи:",
                                 "А → Б", "В — Г", "Б ↔ В (weak)"]
    assert as_text(stone(), "en").splitlines()[-1] == "No links."


def test_a_diagram_as_text_escapes_its_labels() -> None:
    assert as_text(Diagram((Node("x", "<b>"),)), "ru").startswith("• &lt;b&gt;")


def test_an_event_with_a_diagram_is_a_photo_in_its_place_among_the_texts_its_words_the_caption() -> None:
    events = [event(1, "before"), event(2, "stone", stone(Edge("a", "b", "forward"))), event(3, "after")]
    out = chat_messages(7, 100, events, lambda e: f"<i>{e.kind}</i>", "ru", "g7:e1-3:public")
    assert [(m.op, m.text) for m in out] == [("send", "<i>before</i>"), ("photo", "<i>stone</i>"), ("send", "<i>after</i>")]
    photo = out[1]
    assert photo.document == draw_png(stone(Edge("a", "b", "forward")), "ru") and photo.chat_id == 100
    assert photo.fallback == "<i>stone</i>\n" + as_text(stone(Edge("a", "b", "forward")), "ru")
    assert len({m.dedup_key for m in out}) == 3


def test_a_batch_without_diagrams_is_one_message_under_its_old_key() -> None:
    out = chat_messages(7, 100, [event(1, "a"), event(2, "b")], lambda e: e.kind, "ru", "g7:e1-2:p0")
    assert [(m.op, m.text, m.dedup_key) for m in out] == [("send", "a\nb", "g7:e1-2:p0:0")]


def test_a_text_too_long_for_a_caption_follows_its_picture() -> None:
    long = "я" * (CAPTION_LIMIT + 1)
    photo, *rest = picture_messages(7, 100, long, stone(), "ru", "k")
    assert photo.op == "photo" and photo.text is None and photo.fallback == as_text(stone(), "ru")
    assert [m.text for m in rest] == [long]


def test_a_malformed_diagram_is_told_in_words_only() -> None:
    broken = Event(seq=1, phase=1, kind="stone", to="public", params={"diagram": {"nodes": [], "edges": [{"a": "x", "b": "y"}]}})
    out = chat_messages(7, 100, [broken], lambda e: e.kind, "ru", "k")
    assert [(m.op, m.text) for m in out] == [("send", "stone")]


async def test_delivery_sends_a_photo_with_its_caption(setup) -> None:  # noqa: F811
    world, repo, clock, delivery = setup
    alice = world.add_user("Alice", started=True)
    picture = draw_png(stone(Edge("a", "b", "forward")), "ru")
    await queue(repo, clock, picture_messages(7, alice.id, "<b>Камень душ</b>", stone(Edge("a", "b", "forward")), "ru", "k"))
    await delivery().drain()
    [message] = world.messages_in(alice)
    assert message.photo is not None and message.photo.data == picture and message.caption == "Камень душ"


async def test_delivery_sends_the_words_of_a_picture_telegram_refuses(setup) -> None:  # noqa: F811
    world, repo, clock, delivery = setup
    alice = world.add_user("Alice", started=True)
    out = io.BytesIO()
    Image.new("RGB", (2100, 100)).save(out, format="PNG")  # sides over 20 to 1: PHOTO_INVALID_DIMENSIONS
    await queue(repo, clock, [OutboxMessage(chat_id=alice.id, op="photo", document=out.getvalue(), text="Камень",
                                            fallback="Камень\n• А\nА → Б")])
    await delivery().drain()
    assert world.photos_in(alice) == [] and world.texts_in(alice) == ["Камень\n• А\nА → Б"]
    assert await repo.pending_count() == 0


async def test_a_queued_photo_survives_a_restart(tmp_path, setup) -> None:  # noqa: F811
    world, _repo, clock, _delivery = setup
    alice = world.add_user("Alice", started=True)
    first = await Database.open(tmp_path / "restart.sqlite3")
    await queue(Repository(first), clock, picture_messages(7, alice.id, "Камень", stone(), "ru", "k"))
    await first.close()
    again = await Database.open(tmp_path / "restart.sqlite3")
    try:
        [pending] = await Repository(again).pending()
        assert (pending.op, pending.text, pending.fallback) == ("photo", "Камень", "Камень\n" + as_text(stone(), "ru"))
        assert pending.document == draw_png(stone(), "ru")
    finally:
        await again.close()


def test_a_diagram_that_cannot_be_drawn_is_told_as_text_after_its_words(monkeypatch) -> None:
    def broken(diagram: Diagram, lang: str) -> bytes:
        raise OSError("no font")

    monkeypatch.setattr("tgbot.services.announce.draw_png", broken)
    out = picture_messages(7, 100, "Камень", stone(Edge("a", "b", "forward")), "ru", "k")
    assert [(m.op, m.text) for m in out] == [("send", "Камень\n" + as_text(stone(Edge("a", "b", "forward")), "ru"))]
