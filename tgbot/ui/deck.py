"""Deck building screens: the law's draft (one of two cards, ten times) and the mafia's builder."""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import Any

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from engine.core.ruleset import get_ruleset
from engine.core.state import GameState
from tgbot import gamedata
from tgbot.i18n import t
from tgbot.ui.panel import button, markup, phase_title


def card_line(ruleset: str, card_id: str, lang: str) -> str:
    data = gamedata.card(ruleset, card_id)
    name = escape(gamedata.card_name(ruleset, card_id, lang))
    colour = t(lang, f"colour.{data['colour']}")
    return f"<b>{name}</b> ({colour}): {escape(gamedata.card_text(ruleset, card_id, lang))}"


def deck_panel(game: dict[str, Any], state: GameState, pid: int, lang: str) -> tuple[str, InlineKeyboardMarkup | None]:
    player = state.player(pid)
    building = player.building
    gid = int(game["id"])
    head = f"<b>{t(lang, 'ui.game', game=gid)} · {phase_title(lang, 0)}</b>"
    if building is None or building.done:
        return head + "\n" + t(lang, "deck.done"), None
    if building.mode == "draft":
        of = int(state.settings["law_draft_picks"])
        lines = [head, t(lang, "deck.draft", pick=len(building.picks) + 1, of=of)]
        lines += [card_line(state.ruleset, c, lang) for c in building.offer]
        if building.picks:
            names = ", ".join(escape(gamedata.card_name(state.ruleset, c, lang)) for c in building.picks)
            lines.append(t(lang, "deck.picked", cards=names))
        rows = [[button(gamedata.card_name(state.ruleset, c, lang), gid, 0, "pick", c)] for c in building.offer]
        return "\n\n".join(lines), markup(rows)
    return builder_panel(game, state, pid, lang, [], None)


def own_colours(state: GameState, pid: int) -> tuple[str, ...]:
    from engine.rulesets.micromafik.roles import SECRET_ROLES

    return SECRET_ROLES[state.player(pid).secret_role].colours


def builder_panel(game: dict[str, Any], state: GameState, pid: int, lang: str, selection: list[str],
                  colour: str | None, problem: str | None = None) -> tuple[str, InlineKeyboardMarkup]:
    """The mafia's deck builder: totals, one colour's cards with − / +, save and auto-pick."""
    ruleset = get_ruleset(state.ruleset)
    gid = int(game["id"])
    own = own_colours(state, pid)
    from engine.rulesets.micromafik.registry import COLOURS

    colours = list(own) + [c for c in COLOURS if c not in own]
    colour = colour or colours[0]
    counts = Counter(selection)
    by_colour = Counter(ruleset.catalog[c].colour for c in selection)
    settings = state.settings
    lines = [f"<b>{t(lang, 'ui.game', game=gid)} · {phase_title(lang, 0)}</b>", t(lang, "deck.builder")]
    lines.append(t(lang, "deck.own_total", have=sum(by_colour[c] for c in own), need=settings["mafia_own_colour_cards"]))
    for other in colours[len(own):]:
        lines.append(t(lang, "deck.other_total", colour=t(lang, f"colour.{other}"), have=by_colour[other],
                       need=settings["mafia_other_colour_cards"]))
    if selection:
        lines.append(t(lang, "deck.selected", cards=", ".join(
            f"{escape(gamedata.card_name(state.ruleset, c, lang))} ×{n}" for c, n in sorted(counts.items()))))
    if problem:
        lines.append("⚠️ " + problem)
    rows: list[list[InlineKeyboardButton]] = [[
        button(("• " if c == colour else "") + t(lang, f"colour.{c}"), gid, 0, "bcol", c) for c in colours
    ]]
    for spec in ruleset.catalog:
        if spec.colour != colour or not ruleset.is_implemented(spec.id):
            continue
        name = gamedata.card_name(state.ruleset, spec.id, lang)
        rows.append([
            button(f"{name} ×{counts[spec.id]}", gid, 0, "btext", spec.id),
            button("−", gid, 0, "bdel", spec.id),
            button("+", gid, 0, "badd", spec.id),
        ])
    rows.append([button(t(lang, "btn.save_deck"), gid, 0, "bsave"), button(t(lang, "btn.auto_deck"), gid, 0, "bauto")])
    return "\n".join(lines), markup(rows)
