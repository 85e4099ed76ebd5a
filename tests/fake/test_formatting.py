"""Telegram's HTML parse mode and automatic entities."""

from __future__ import annotations

import pytest

from tgbot.sandbox.faketg import TelegramError
from tgbot.sandbox.faketg.formatting import detect_entities, format_text, parse_html, utf16_len


def test_html_tags_and_references() -> None:
    text, entities = parse_html('<b>Bold</b> &lt;x&gt; &amp; <a href="https://t.me/x?a=1&amp;b=2">link</a> &#128512;')
    assert text == "Bold <x> & link 😀"
    assert entities == [
        {"type": "bold", "offset": 0, "length": 4},
        {"type": "text_link", "offset": 11, "length": 4, "url": "https://t.me/x?a=1&b=2"},
    ]


def test_offsets_are_utf16() -> None:
    text, entities = parse_html("😀 <i>ночь</i>")
    assert utf16_len("😀 ") == 3
    assert entities == [{"type": "italic", "offset": 3, "length": 4}]
    assert text == "😀 ночь"


def test_nested_and_pre_with_language() -> None:
    _, entities = parse_html('<b>a<i>b</i></b><pre><code class="language-python">x=1</code></pre><tg-spoiler>s</tg-spoiler>')
    assert entities == [
        {"type": "bold", "offset": 0, "length": 2},
        {"type": "italic", "offset": 1, "length": 1},
        {"type": "pre", "offset": 2, "length": 3, "language": "python"},
        {"type": "spoiler", "offset": 5, "length": 1},
    ]


@pytest.mark.parametrize(
    ("source", "detail"),
    [
        ("Alice <3", "Unclosed start tag at byte offset 6"),
        ("a < b", 'Unsupported start tag "" at byte offset 2'),
        ("Игрок <3 >", 'Unsupported start tag "3" at byte offset 11'),
        ("<b>bold", 'Can\'t find end tag corresponding to start tag "b"'),
        ("<b><i>x</b></i>", 'Unmatched end tag at byte offset 7, expected "</i>", found "</b>"'),
        ("<div>x</div>", 'Unsupported start tag "div" at byte offset 0'),
        ("x</b>", "Unexpected end tag at byte offset 1"),
    ],
)
def test_bad_html_is_rejected(source: str, detail: str) -> None:
    with pytest.raises(TelegramError) as error:
        parse_html(source)
    assert error.value.description == f"Bad Request: can't parse entities: {detail}"


def test_whitespace_is_trimmed_and_entities_shift() -> None:
    text, entities = format_text("  <b>hi</b>  ", "HTML", None)
    assert text == "hi" and entities == [{"type": "bold", "offset": 0, "length": 2}]


def test_auto_entities() -> None:
    kinds = [(e["type"], e["offset"], e["length"]) for e in detect_entities("/vote@mafik_bot @alice_b #day1 https://t.me/x")]
    assert kinds == [("bot_command", 0, 15), ("mention", 16, 8), ("hashtag", 25, 5), ("url", 31, 14)]


def test_markdown_kept_as_sent() -> None:
    assert format_text("*bold*", "MarkdownV2", None) == ("*bold*", [])
    with pytest.raises(TelegramError, match="unsupported parse_mode"):
        format_text("x", "BBCode", None)
