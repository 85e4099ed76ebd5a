"""Message text as Telegram stores it: plain text plus entities (offsets in UTF-16 code units).

``parse_mode="HTML"`` is parsed the way Telegram does it — only the supported tags, strict
nesting, ``&lt;``/``&gt;``/``&amp;``/``&quot;`` and numeric character references — and
malformed markup is rejected with ``Bad Request: can't parse entities: ...``, which is the
classic bug of a bot that forgets to escape a player's name. Markdown parse modes are not
parsed (the text is kept as sent); see the package docs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .errors import TelegramError, bad_request

Entity = dict[str, Any]

_HTML_TAGS = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
    "span": "spoiler",  # only with class="tg-spoiler"
    "code": "code",
    "pre": "pre",
    "a": "text_link",
    "blockquote": "blockquote",
    "tg-emoji": "custom_emoji",
}
_NAMED_REFS = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
_ATTR = re.compile(r"""\s*([a-zA-Z-]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?""")
_REF = re.compile(r"&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]+);")


def utf16_len(text: str) -> int:
    """Length in UTF-16 code units, the unit of Telegram's entity offsets."""
    return len(text.encode("utf-16-le")) // 2


@dataclass
class _Open:
    tag: str
    kind: str
    offset: int
    extra: dict[str, str]


def _entity_error(detail: str) -> TelegramError:
    return bad_request(f"can't parse entities: {detail}")


class _ByteOffset:
    """The UTF-8 byte offset of position `i`, as Telegram reports it — formatted only when an error
    message needs it (encoding the text before every tag made parsing quadratic)."""

    def __init__(self, source: str, i: int) -> None:
        self.source, self.i = source, i

    def __str__(self) -> str:
        return str(len(self.source[:self.i].encode()))


_SPECIAL = re.compile(r"[<&]")


def parse_html(source: str) -> tuple[str, list[Entity]]:
    """Turn Telegram-flavoured HTML into ``(text, entities)`` or raise the 400 Telegram gives."""
    out: list[str] = []
    pos16 = 0  # UTF-16 length of the text produced so far
    stack: list[_Open] = []
    entities: list[Entity] = []
    i = 0
    n = len(source)
    while i < n:
        ch = source[i]
        if ch == "<":
            byte_offset = _ByteOffset(source, i)  # only computed for an error message
            if source.startswith("</", i):
                name, i = _read_name(source, i + 2)
                while i < n and source[i].isspace():
                    i += 1
                if i >= n or source[i] != ">":
                    raise _entity_error(f"Unclosed end tag at byte offset {byte_offset}")
                i += 1
                if not stack:
                    raise _entity_error(f"Unexpected end tag at byte offset {byte_offset}")
                top = stack.pop()
                if name and top.tag != name:
                    raise _entity_error(f'Unmatched end tag at byte offset {byte_offset}, expected "</{top.tag}>", found "</{name}>"')
                _close(top, pos16, stack, entities)
                continue
            name, i = _read_name(source, i + 1)
            if i >= n:
                raise _entity_error(f"Unclosed start tag at byte offset {byte_offset}")
            kind = _HTML_TAGS.get(name)
            if kind is None:
                raise _entity_error(f'Unsupported start tag "{name}" at byte offset {byte_offset}')
            end = source.find(">", i)
            if end < 0:
                raise _entity_error(f"Unclosed start tag at byte offset {byte_offset}")
            attrs = {m.group(1).lower(): _unescape(m.group(2) or m.group(3) or m.group(4) or "") for m in _ATTR.finditer(source[i:end])}
            i = end + 1
            if name == "span" and attrs.get("class") != "tg-spoiler":
                raise _entity_error(f'Unsupported start tag "{name}" at byte offset {byte_offset}')
            if name == "tg-emoji" and "emoji-id" not in attrs:
                raise _entity_error(f'Can\'t find "emoji-id" attribute of the tag at byte offset {byte_offset}')
            if name == "blockquote" and "expandable" in attrs:
                kind = "expandable_blockquote"
            stack.append(_Open(name, kind, pos16, attrs))
            continue
        if ch == "&":
            ref = _REF.match(source, i)
            if ref is not None:
                decoded = _decode_ref(ref.group(1))
                if decoded is not None:
                    out.append(decoded)
                    pos16 += utf16_len(decoded)
                    i = ref.end()
                    continue
            out.append(ch)
            pos16 += 1
            i += 1
            continue
        special = _SPECIAL.search(source, i)  # plain text runs to the next tag or entity reference
        end = special.start() if special is not None else n
        chunk = source[i:end]
        out.append(chunk)
        pos16 += utf16_len(chunk)
        i = end
    if stack:
        raise _entity_error(f'Can\'t find end tag corresponding to start tag "{stack[-1].tag}"')
    entities.sort(key=lambda e: (e["offset"], -e["length"]))
    return "".join(out), entities


def _read_name(source: str, i: int) -> tuple[str, int]:
    """A tag name as Telegram reads it: everything up to whitespace or ``>``."""
    start = i
    while i < len(source) and not source[i].isspace() and source[i] != ">":
        i += 1
    return source[start:i].lower(), i


def _close(top: _Open, pos16: int, stack: list[_Open], entities: list[Entity]) -> None:
    if top.tag == "code" and stack and stack[-1].tag == "pre":
        language = top.extra.get("class", "")
        if language.startswith("language-"):
            stack[-1].extra["language"] = language.removeprefix("language-")
            return
    length = pos16 - top.offset
    if length <= 0:
        return
    entity: Entity = {"type": top.kind, "offset": top.offset, "length": length}
    if top.kind == "text_link":
        if "href" not in top.extra:
            return  # Telegram drops <a> without href and keeps its text
        entity["url"] = top.extra["href"]
    elif top.kind == "pre" and top.extra.get("language"):
        entity["language"] = top.extra["language"]
    elif top.kind == "custom_emoji":
        entity["custom_emoji_id"] = top.extra["emoji-id"]
    entities.append(entity)


def _decode_ref(body: str) -> str | None:
    if body.startswith(("#x", "#X")):
        code = int(body[2:], 16)
    elif body.startswith("#"):
        code = int(body[1:])
    else:
        return _NAMED_REFS.get(body.lower())
    return chr(code) if 0 < code <= 0x10FFFF else None


def _unescape(value: str) -> str:
    return _REF.sub(lambda m: _decode_ref(m.group(1)) or m.group(0), value)


def strip_text(text: str, entities: list[Entity]) -> tuple[str, list[Entity]]:
    """Trim surrounding whitespace like Telegram does, moving and clipping entities to match."""
    stripped = text.strip()
    if stripped == text:
        return text, entities
    head = utf16_len(text[: len(text) - len(text.lstrip())])
    size = utf16_len(stripped)
    kept: list[Entity] = []
    for entity in entities:
        start = max(entity["offset"] - head, 0)
        end = min(entity["offset"] + entity["length"] - head, size)
        if end > start:
            kept.append({**entity, "offset": start, "length": end - start})
    return stripped, kept


_AUTO_PATTERNS = (
    ("bot_command", re.compile(r"(?<![\w/])/[a-zA-Z0-9_]{1,32}(?:@[a-zA-Z0-9_]{3,32})?(?![\w@])")),
    ("mention", re.compile(r"(?<![\w@])@[a-zA-Z0-9_]{4,32}(?!\w)")),
    ("hashtag", re.compile(r"(?<![\w#])#\w*[^\W\d_]\w*")),
    ("url", re.compile(r"\bhttps?://[^\s<>\"]+[^\s<>\".,;:!?)\]]")),
)


def detect_entities(text: str) -> list[Entity]:
    """Entities Telegram finds by itself in plain text: commands, @mentions, #hashtags, links."""
    found: list[Entity] = []
    for kind, pattern in _AUTO_PATTERNS:
        for match in pattern.finditer(text):
            found.append({"type": kind, "offset": utf16_len(text[: match.start()]), "length": utf16_len(match.group(0))})
    found.sort(key=lambda e: e["offset"])
    return found


def format_text(text: str, parse_mode: str | None, entities: list[Entity] | None) -> tuple[str, list[Entity]]:
    """The stored form of a text or caption the bot sent: ``(plain_text, entities)``."""
    if parse_mode and entities:
        # Telegram ignores parse_mode when entities are given explicitly.
        parse_mode = None
    mode = (parse_mode or "").lower()
    if mode == "html":
        plain, parsed = parse_html(text)
    elif mode in ("", "markdown", "markdownv2"):
        plain, parsed = text, list(entities or [])
    else:
        raise bad_request("unsupported parse_mode")
    plain, parsed = strip_text(plain, parsed)
    if not entities and mode != "html":
        parsed = detect_entities(plain)
    else:
        auto = [e for e in detect_entities(plain) if not _overlaps(e, parsed)]
        parsed = sorted(parsed + auto, key=lambda e: (e["offset"], -e["length"]))
    return plain, parsed


def _overlaps(entity: Entity, others: list[Entity]) -> bool:
    start, end = entity["offset"], entity["offset"] + entity["length"]
    return any(o["offset"] < end and start < o["offset"] + o["length"] for o in others)
