"""A diagram an event carries (engine/core/diagram.py) as a PNG for Telegram, and as text where a picture
cannot go.

The picture: the nodes on a circle, each a disc with its label; its badges as numbered coloured chips
beside it, away from the centre; edges as lines between the discs (side by side when two join the same pair), with arrowheads
for `forward` (at `b`) and `both`; below, a legend of the badges and the edge kinds in the reader's
language (the rule set's `diagram.badge.<key>` / `diagram.edge.<key>`). 1080 px wide, for a phone
screen. Deterministic: the same diagram in the same language gives the same bytes (fixed layout, fixed
colours, no time stamp in the PNG).

The text: each node with its badges, then each edge «А → Б», «А ↔ Б», «А — Б» with its kind.
"""

from __future__ import annotations

import io
import logging
import math
from functools import cache, lru_cache
from html import escape
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from engine.core.diagram import Diagram, Edge
from engine.core.state import Event
from tgbot.i18n import has, t

log = logging.getLogger(__name__)

WIDTH = 1080
CENTRE = WIDTH // 2
NODE_R = 64  # a disc's radius, smaller when many nodes share the circle
RING = 400  # the circle the nodes sit on (a smaller one for a few)
ROW = 48  # a legend line
BACKGROUND = (250, 248, 243)
INK = (34, 34, 34)
NODE_FILL = (255, 255, 255)
# Badges and edge kinds take colours in the order they first appear, each from a palette of its own so
# that a chip is never taken for a line (the plain edge: ink).
BADGE_COLOURS = ((200, 60, 50), (200, 140, 20), (140, 70, 170), (190, 80, 140))
EDGE_COLOURS = ((40, 110, 190), (60, 150, 70), (20, 150, 160), (130, 130, 130))
FONT_FILES = (  # a sans serif with Cyrillic: DejaVu (Debian's fonts-dejavu-core; the Dockerfile installs it)
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
)
ARROW_TEXT = {"forward": "→", "both": "↔", "none": "—"}


def diagram_of(event: Event) -> Diagram | None:
    """The picture an event asks for (`params["diagram"]`), or None (also for one that is malformed: the
    event is then told in words only, and the fault logged)."""
    raw = event.params.get("diagram")
    if raw is None:
        return None
    try:
        return Diagram.from_json(raw)
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        log.error("event %s %s has a malformed diagram: %s", event.seq, event.kind, exc)
        return None


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for name in FONT_FILES:
        if Path(name).is_file():
            return ImageFont.truetype(name, size)
    return ImageFont.load_default(size)


def word(lang: str, family: str, key: str) -> str:
    """A badge's or an edge kind's word (`diagram.<family>.<key>`); the key itself if the rule set has none."""
    name = f"diagram.{family}.{key}"
    return t(lang, name) if has(lang, name) else key


def _colours(keys: list[str], palette: tuple[tuple[int, int, int], ...]) -> dict[str, tuple[int, int, int]]:
    return {key: palette[i % len(palette)] for i, key in enumerate(keys)}


def _badge_keys(diagram: Diagram) -> list[str]:
    return list(dict.fromkeys(b for n in diagram.nodes for b in n.badges))


def _edge_kinds(diagram: Diagram) -> list[str]:
    return list(dict.fromkeys(e.kind for e in diagram.edges if e.kind))


def _ring(count: int) -> float:
    return RING if count > 4 else RING * 0.7


def _radius(count: int) -> int:
    """The discs' radius: at most 64, and no more than a third of the arc between two nodes."""
    return min(NODE_R, int(math.pi * _ring(count) / max(count, 1) * 0.66))


def _positions(diagram: Diagram) -> dict[str, tuple[float, float]]:
    """The nodes on a circle, the first at the top, clockwise; one node alone in the centre."""
    count = len(diagram.nodes)
    if count == 1:
        return {diagram.nodes[0].id: (CENTRE, CENTRE)}
    ring = _ring(count)
    return {node.id: (CENTRE + ring * math.sin(2 * math.pi * i / count), CENTRE - ring * math.cos(2 * math.pi * i / count))
            for i, node in enumerate(diagram.nodes)}


def _fit(draw: ImageDraw.ImageDraw, text: str, width: int, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The largest font up to `size` in which `text` fits `width` (down to a legible 18)."""
    while size > 18 and draw.textlength(text, font=_font(size)) > width:
        size -= 2
    return _font(size)


def _arrowhead(draw: ImageDraw.ImageDraw, tip: tuple[float, float], back: tuple[float, float],
               colour: tuple[int, int, int]) -> None:
    angle = math.atan2(tip[1] - back[1], tip[0] - back[0])
    size, spread = 26, 0.42
    left = (tip[0] - size * math.cos(angle - spread), tip[1] - size * math.sin(angle - spread))
    right = (tip[0] - size * math.cos(angle + spread), tip[1] - size * math.sin(angle + spread))
    draw.polygon([tip, left, right], fill=colour)


def _draw_edge(draw: ImageDraw.ImageDraw, edge: Edge, start: tuple[float, float], end: tuple[float, float],
               offset: float, colour: tuple[int, int, int], r: int) -> None:
    if edge.a == edge.b:  # a loop: a small ring against the disc, on the side of the centre
        x, y = start
        inward = math.atan2(CENTRE - y, CENTRE - x) if (x, y) != (CENTRE, CENTRE) else -math.pi / 2
        lx, ly = x + (r + 14) * math.cos(inward), y + (r + 14) * math.sin(inward)
        draw.ellipse((lx - 20, ly - 20, lx + 20, ly + 20), outline=colour, width=5)
        if edge.arrow != "none":
            side = (lx + 20 * math.cos(inward + math.pi / 2), ly + 20 * math.sin(inward + math.pi / 2))
            _arrowhead(draw, side, (side[0] + 10 * math.cos(inward), side[1] + 10 * math.sin(inward)), colour)
        return
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    px, py = -uy * offset, ux * offset  # side by side with the pair's other edges
    a = (start[0] + ux * (r + 4) + px, start[1] + uy * (r + 4) + py)
    b = (end[0] - ux * (r + 4) + px, end[1] - uy * (r + 4) + py)
    draw.line([a, b], fill=colour, width=5)
    if edge.arrow in ("forward", "both"):
        _arrowhead(draw, b, a, colour)
    if edge.arrow == "both":
        _arrowhead(draw, a, b, colour)


def _offsets(diagram: Diagram) -> list[float]:
    """How far each edge lies beside the line of its pair of nodes, so that edges of one pair do not overlap."""
    pairs: dict[frozenset[str], list[int]] = {}
    for i, edge in enumerate(diagram.edges):
        pairs.setdefault(frozenset((edge.a, edge.b)), []).append(i)
    out = [0.0] * len(diagram.edges)
    for indices in pairs.values():
        for k, i in enumerate(indices):
            edge = diagram.edges[i]
            sign = 1 if edge.a <= edge.b else -1  # the same side seen from either end
            out[i] = sign * (k - (len(indices) - 1) / 2) * 24
    return out


def _legend(lang: str, diagram: Diagram, badges: dict[str, tuple[int, int, int]],
            kinds: dict[str, tuple[int, int, int]]) -> list[tuple[str, str, tuple[int, int, int], str]]:
    """(marker kind, chip text, colour, words) per legend line: each badge, then each edge kind."""
    lines = [("chip", str(i + 1), colour, word(lang, "badge", key)) for i, (key, colour) in enumerate(badges.items())]
    lines += [("line", "", colour, word(lang, "edge", key)) for key, colour in kinds.items()]
    return lines


@lru_cache(maxsize=32)
def draw_png(diagram: Diagram, lang: str) -> bytes:
    """The diagram as a PNG (see the module's doc). Kept for a while: one picture goes to the group and
    the log, or to a faction's members, and drawing takes tens of milliseconds."""
    badges = _colours(_badge_keys(diagram), BADGE_COLOURS)
    kinds = _colours(_edge_kinds(diagram), EDGE_COLOURS)
    legend = _legend(lang, diagram, badges, kinds)
    height = WIDTH + (len(legend) * ROW + 40 if legend else 0)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    where, r = _positions(diagram), _radius(len(diagram.nodes))
    for edge, offset in zip(diagram.edges, _offsets(diagram), strict=True):
        _draw_edge(draw, edge, where[edge.a], where[edge.b], offset, kinds.get(edge.kind, INK), r)
    badge_number = {key: i + 1 for i, key in enumerate(badges)}
    chip = _font(26)
    for node in diagram.nodes:
        x, y = where[node.id]
        draw.ellipse((x - r, y - r, x + r, y + r), fill=NODE_FILL, outline=INK, width=4)
        draw.text((x, y), node.label, fill=INK, anchor="mm", font=_fit(draw, node.label, 2 * r - 12, 40))
        count = len(node.badges)
        away = math.atan2(y - CENTRE, x - CENTRE) if (x, y) != (CENTRE, CENTRE) else math.pi / 2
        bx, by = x + (r + 22) * math.cos(away), y + (r + 22) * math.sin(away)
        for k, badge in enumerate(node.badges):  # numbered chips in a row outside the disc, away from the centre
            shift = (k - (count - 1) / 2) * 40
            cx, cy = bx - shift * math.sin(away), by + shift * math.cos(away)
            draw.ellipse((cx - 18, cy - 18, cx + 18, cy + 18), fill=badges[badge])
            draw.text((cx, cy), str(badge_number[badge]), fill=(255, 255, 255), anchor="mm", font=chip)
    top = WIDTH + 10
    for i, (marker, label, colour, words) in enumerate(legend):
        y = top + i * ROW + ROW // 2
        if marker == "chip":
            draw.ellipse((60 - 18, y - 18, 60 + 18, y + 18), fill=colour)
            draw.text((60, y), label, fill=(255, 255, 255), anchor="mm", font=chip)
        else:
            draw.line([(36, y), (84, y)], fill=colour, width=6)
        draw.text((110, y), words, fill=INK, anchor="lm", font=_fit(draw, words, WIDTH - 150, 30))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def as_text(diagram: Diagram, lang: str) -> str:
    """The diagram as lines of Telegram HTML: each node with its badges, then each edge with its kind."""
    labels = {n.id: escape(n.label) for n in diagram.nodes}
    lines = [f"• {labels[n.id]}" + (f" — {', '.join(escape(word(lang, 'badge', b)) for b in n.badges)}" if n.badges else "")
             for n in diagram.nodes]
    if diagram.edges:
        lines.append(t(lang, "ui.diagram_edges"))
        lines += [f"{labels[e.a]} {ARROW_TEXT[e.arrow]} {labels[e.b]}"
                  + (f" ({escape(word(lang, 'edge', e.kind))})" if e.kind else "") for e in diagram.edges]
    else:
        lines.append(t(lang, "ui.diagram_no_edges"))
    return "\n".join(lines)
