"""A rule set's completed rules (Ruleset.rules_documents: a Markdown file) as Telegram messages.

The documents use a small part of Markdown: headings (`#`, `##`), list items (`- `, `1. `) whose
continuation lines are indented, paragraphs hard-wrapped, **bold** and `code`. They become Telegram
HTML — a heading in bold, an item a line of its own («•» for a dash), a paragraph one line — split
at line breaks into messages under Telegram's limit, so no tag is ever cut in two.

A rule set of hidden rules (one that says what each player has been told: `Ruleset.told_rules`) keeps its
document for the master; a player in its game reads the paragraphs told to them (`told_messages`), anyone
else its public summary and a line saying the rules are told as the game goes (`hidden_summary`).
"""

from __future__ import annotations

import re
from html import escape

from engine.core import api
from engine.core.profile import PanelFact
from engine.core.ruleset import Ruleset, get_ruleset
from engine.core.state import GameState
from tgbot.i18n import t
from tgbot.render import Renderer
from tgbot.services.announce import split_text
from tgbot.ui import names
from tgbot.ui.panel import fact_text

HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
ITEM = re.compile(r"^(-|\d+\.)\s+(.*)$")
BOLD = re.compile(r"\*\*(.+?)\*\*")
CODE = re.compile(r"`([^`]+)`")


def inline(text: str) -> str:
    """One logical line: HTML-escaped, **bold** and `code` as tags."""
    return CODE.sub(r"<code>\1</code>", BOLD.sub(r"<b>\1</b>", escape(text, quote=False)))


def markdown_html(text: str) -> str:
    """The document as Telegram HTML: one line per heading, item and paragraph; a blank line between blocks."""
    blocks: list[str] = []  # logical lines; "" a break
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line.strip():
            if blocks and blocks[-1] != "":
                blocks.append("")
            continue
        heading, item = HEADING.match(line), ITEM.match(line)
        if heading:
            if blocks and blocks[-1] != "":
                blocks.append("")
            blocks += [f"<b>{inline(heading[2])}</b>", ""]
        elif item:
            mark = "•" if item[1] == "-" else item[1]
            blocks.append(f"{mark} {inline(item[2])}")
        elif blocks and blocks[-1] != "":
            blocks[-1] += " " + inline(line.strip())  # a wrapped line continues its paragraph or item
        else:
            blocks.append(inline(line.strip()))
    while blocks and blocks[-1] == "":
        blocks.pop()
    return "\n".join(blocks)


def rules_messages(lang: str, ruleset: str, limit: int | None = None) -> list[str] | None:
    """The completed rules of `ruleset` for a reader of `lang` as messages, or None when it has none.
    A document in another language comes after the summary in the reader's and a line saying so."""
    found = get_ruleset(ruleset).rules_document(lang)
    if found is None:
        return None
    doc_lang, path = found
    try:
        body = markdown_html(path.read_text(encoding="utf-8"))
    except OSError:
        return None
    if doc_lang != lang:
        summary = names.ruleset_rules(lang, ruleset)
        body = "\n\n".join(filter(None, [summary, t(lang, f"general.rules_document_in_{doc_lang}"), body]))
    return split_text(body, limit) if limit is not None else split_text(body)


def rules_hidden(ruleset: str) -> bool:
    """Whether the rule set tells its rules over the game (it says what each player has been told)."""
    return type(get_ruleset(ruleset)).told_rules is not Ruleset.told_rules


def hidden_summary(lang: str, ruleset: str) -> str:
    """What anyone but the master and the game's players reads of a rule set of hidden rules: its summary
    (`rules.<id>`) and a line saying that each player is told the rules as the game goes."""
    return "\n\n".join(filter(None, [names.ruleset_rules(lang, ruleset), t(lang, "general.rules_hidden")]))


def told_messages(state: GameState, pid: int, lang: str) -> list[str] | None:
    """The paragraphs of the rules told to this player so far (api.told_rules, each worded as a panel's
    line: its key, its params by name), and a line saying more will be told; None for open rules."""
    told = api.told_rules(state, pid)
    if told is None:
        return None
    r = Renderer(state, lang)
    paragraphs = [fact_text(r, PanelFact(key, params)) for key, params in told] or [t(lang, "general.rules_told_nothing")]
    body = "\n\n".join([t(lang, "general.rules_told_title"), *paragraphs, t(lang, "general.rules_told_more")])
    return split_text(body)
