"""A rule set's rules document (Markdown) as Telegram HTML messages (tgbot/ui/rules_doc.py)."""

from __future__ import annotations

from engine.core.ruleset import get_ruleset, ruleset_names
from tgbot.sandbox.faketg.formatting import parse_html
from tgbot.ui.rules_doc import markdown_html, rules_messages


def test_rules_document_markdown_becomes_one_line_per_heading_item_and_paragraph() -> None:
    text = ("# Title\n\nA paragraph\nwrapped <here> & there.\n\n## Part\n- an item\n  continued with **bold**\n"
            "- `code` item\n1. first\n2. second\n")
    assert markdown_html(text) == (
        "<b>Title</b>\n\nA paragraph wrapped &lt;here&gt; &amp; there.\n\n<b>Part</b>\n\n"
        "• an item continued with <b>bold</b>\n• <code>code</code> item\n1. first\n2. second")


def test_rules_document_of_every_rule_set_that_has_one_is_valid_telegram_html_under_the_limit() -> None:
    having = [name for name in ruleset_names() if get_ruleset(name).rules_documents]
    assert "guises" in having
    for name in having:
        for lang in ("ru", "en"):
            parts = rules_messages(lang, name)
            assert parts
            for part in parts:
                assert len(part) <= 3900
                parse_html(part)  # raises on a tag cut in two
    assert rules_messages("ru", "mafik") is None
