"""Deck building screens, drawn from what the engine says may be built (`api.deck_rules`): a draft
(one of the offered cards, again and again — Микромафик's law), the builder of a small collection (a
line per limit — Микромафик's mafia) and the builder of a large one (by colour, +/− per card, search,
running totals, the cards dealt first — Мафик), used for the first deck and for every new deck later."""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import Any

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from engine.cardgame.deckrules import DeckRules
from engine.core import api
from engine.core.state import GameState
from tgbot import gamedata
from tgbot.i18n import t
from tgbot.render import refusal_params
from tgbot.ui import names
from tgbot.ui.panel import PLACE_NEW_DECK, add_panel_rows, button, markup, phase_title

PAGE = 8  # cards on one page of a colour
SEARCH = "search"  # the tab of typed-search results
TAG_ORDER = ("day", "strict_day", "cond_day", "mafia_day", "not_first_night", "free", "peaceful", "accusation",
             "upper", "lower", "self_ok", "once_per_game", "no_stack")  # shown on a card; cost_x is its cost


# ---------------------------------------------------------------- a card's text (builder, /card, inline)

def card_line(ruleset: str, card_id: str, lang: str) -> str:
    data = gamedata.card(ruleset, card_id)
    name = escape(gamedata.card_name(ruleset, card_id, lang))
    colour = t(lang, f"colour.{data['colour']}")
    return f"<b>{name}</b> ({colour}): {escape(gamedata.card_text(ruleset, card_id, lang))}"


def card_facts(ruleset: str, card_id: str, lang: str, *, with_ruleset: bool = False) -> str:
    """Colour · cost · tags (· rule set): the line under a card's name."""
    data = gamedata.card(ruleset, card_id)
    facts = [names.ruleset_name(lang, ruleset)] if with_ruleset else []
    facts.append(t(lang, f"colour.{data['colour']}"))
    tags = set(data.get("tags", ()))
    if "cost_x" in tags:
        facts.append(t(lang, "lookup.cost_x"))
    elif data.get("cost"):
        facts.append(t(lang, "lookup.cost", cost=data["cost"]))
    facts += [t(lang, f"lookup.tag_{tag}") for tag in TAG_ORDER if tag in tags]
    return " · ".join(facts)


def card_info(ruleset: str, card_id: str, lang: str, *, with_ruleset: bool = False) -> str:
    """A card in full: its name alone on the first line (so a look-up sent back to the bot is a search),
    then colour, cost, tags, and its text."""
    name = escape(gamedata.card_name(ruleset, card_id, lang))
    return (f"<b>{name}</b>\n<i>{card_facts(ruleset, card_id, lang, with_ruleset=with_ruleset)}</i>\n"
            f"{escape(gamedata.card_text(ruleset, card_id, lang))}")


# ---------------------------------------------------------------- the deck phase's panel

def deck_panel(game: dict[str, Any], state: GameState, pid: int, lang: str) -> tuple[str, InlineKeyboardMarkup | None]:
    rules = api.deck_rules(state, pid)
    gid = int(game["id"])
    head = f"<b>{t(lang, 'ui.game', game=gid)} · {phase_title(lang, 0)}</b>"
    if rules.kind is None:
        return head + "\n" + t(lang, "deck.done"), None
    if rules.layout == "collection":
        return collection_builder(game, state, pid, lang, new_draft("first"))
    if rules.kind == "draft":
        lines = [head, t(lang, "deck.draft", pick=len(rules.picks) + 1, of=rules.of)]
        lines += [card_line(state.ruleset, c, lang) for c in rules.offer]
        if rules.picks:
            names = ", ".join(escape(gamedata.card_name(state.ruleset, c, lang)) for c in rules.picks)
            lines.append(t(lang, "deck.picked", cards=names))
        rows = [[button(gamedata.card_name(state.ruleset, c, lang), gid, 0, "pick", c)] for c in rules.offer]
        return "\n\n".join(lines), markup(rows)
    return builder_panel(game, state, pid, lang, [], None)


def builder_panel(game: dict[str, Any], state: GameState, pid: int, lang: str, selection: list[str],
                  colour: str | None, problem: str | None = None) -> tuple[str, InlineKeyboardMarkup]:
    """The builder of a small collection: a line per limit, one colour's cards with − / +, save and
    auto-pick."""
    rules = api.deck_rules(state, pid)
    cards = api.catalog(state.ruleset).cards
    gid = int(game["id"])
    colours = list(rules.colours)
    colour = colour or colours[0]
    counts = Counter(selection)
    lines = [f"<b>{t(lang, 'ui.game', game=gid)} · {phase_title(lang, 0)}</b>", t(lang, "deck.builder")]
    for limit in rules.limits:
        named = {"colour": t(lang, f"colour.{limit.colour}")} if limit.colour else {}
        lines.append(t(lang, f"deck.{limit.label}", have=limit.have(selection, cards), need=limit.least, **named))
    if selection:
        lines.append(t(lang, "deck.selected", cards=", ".join(
            f"{escape(gamedata.card_name(state.ruleset, c, lang))} ×{n}" for c, n in sorted(counts.items()))))
    if problem:
        lines.append("⚠️ " + problem)
    rows: list[list[InlineKeyboardButton]] = [[
        button(("• " if c == colour else "") + t(lang, f"colour.{c}"), gid, 0, "bcol", c) for c in colours
    ]]
    for card in rules.pool:
        if cards[card].colour != colour:
            continue
        name = gamedata.card_name(state.ruleset, card, lang)
        rows.append([
            button(f"{name} ×{counts[card]}", gid, 0, "btext", card),
            button("−", gid, 0, "bdel", card),
            button("+", gid, 0, "badd", card),
        ])
    rows.append([button(t(lang, "btn.save_deck"), gid, 0, "bsave"), button(t(lang, "btn.auto_deck"), gid, 0, "bauto")])
    return "\n".join(lines), markup(rows)


def add_problem(state: GameState, pid: int, cards: list[str], card: str) -> dict[str, Any] | None:
    """Why one more `card` may not join the selection (the engine's reason and its params), or None."""
    refusal = api.deck_check(state, pid, [*cards, card])
    return None if refusal is None else refusal.params


def reason_text(lang: str, ruleset: str, problem: dict[str, Any]) -> str | None:
    """The sentence for a deck refusal's reason, or None when the locale has none."""
    params = {k: escape(v) if isinstance(v, str) else v for k, v in refusal_params(problem, lang, ruleset).items()}
    reason = str(params.pop("reason", ""))
    try:
        return t(lang, f"reason.{reason}", **params)
    except KeyError:
        return None


def deck_reason(lang: str, ruleset: str, problem: dict[str, Any]) -> str:
    """A refused deck choice as a sentence: "The deck breaks the rules. <why>"."""
    text = t(lang, "refusal.deck_invalid")
    why = reason_text(lang, ruleset, problem)
    return text if why is None else f"{text} {why}"


# ---------------------------------------------------------------- the builder of a large collection

def new_draft(mode: str) -> dict[str, Any]:
    """A builder in progress (kept in the FSM storage): `mode` "first" (deck building) or "rebuild"."""
    return {"mode": mode, "cards": [], "tab": None, "page": 0, "query": "", "hits": [], "eng": [], "view": "list",
            "card": None}


def totals(rules: DeckRules, cards: list[str], ruleset: str) -> dict[str, int | None]:
    """Each limit's count in a selection and its ceiling: {label: have, label_max: most}."""
    catalog = api.catalog(ruleset).cards
    out: dict[str, int | None] = {}
    for limit in rules.limits:
        out[limit.label], out[f"{limit.label}_max"] = limit.have(cards, catalog), limit.most
    return out


def card_counts(ruleset: str, ids: list[str], lang: str) -> str:
    counts = Counter(ids)
    return ", ".join(escape(gamedata.card_name(ruleset, c, lang)) + (f" ×{n}" if n > 1 else "")
                     for c, n in sorted(counts.items(), key=lambda item: gamedata.card_name(ruleset, item[0], lang)))


def collection_builder(game: dict[str, Any], state: GameState, pid: int, lang: str, draft: dict[str, Any],
                       problem: str | None = None) -> tuple[str, InlineKeyboardMarkup]:
    """The builder's current screen: the list of one tab, a card's full text, or the picks of the cards
    dealt first (the Инженер's)."""
    gid, phase = int(game["id"]), state.phase
    player = state.player(pid)
    ruleset = state.ruleset
    rules = api.deck_rules(state, pid)
    rebuild = draft["mode"] == "rebuild"
    title = t(lang, "deck.m_rebuild_title") if rebuild else phase_title(lang, 0)
    lines = [f"<b>{t(lang, 'ui.game', game=gid)} · {title}</b>"]
    colour_names = ", ".join(t(lang, f"colour.{c}") for c in rules.own)
    lines.append(t(lang, "deck.m_role", role=escape(gamedata.role_name(ruleset, player.secret_role, lang)),
                   colours=colour_names))
    missing = [c for c in rules.own if c not in rules.colours]
    if missing:
        lines.append(t(lang, "deck.m_missing", colours=", ".join(t(lang, f"colour.{c}") for c in missing)))
    lines.append(t(lang, f"deck.{rules.totals}", **totals(rules, draft["cards"], ruleset)))
    if draft["cards"]:
        lines.append(t(lang, "deck.selected", cards=card_counts(ruleset, draft["cards"], lang)))
    first_cards = rules.first_cards > 0 and not rebuild
    free_cards = rules.free_picks > 0 and rebuild  # cards of the new deck made Свободные as it is built
    if first_cards:
        picks = card_counts(ruleset, draft["eng"], lang) if draft["eng"] else t(lang, "deck.m_eng_none")
        lines.append(t(lang, "deck.m_eng", cards=picks))
    elif free_cards:
        picks = card_counts(ruleset, draft["eng"], lang) if draft["eng"] else \
            t(lang, "deck.m_free_none", n=rules.free_picks)
        lines.append(t(lang, "deck.m_free", cards=picks))
    if problem:
        lines.append("⚠️ " + problem)
    view = draft.get("view") or "list"
    if view == "card" and draft.get("card"):
        return _card_screen(gid, phase, state, lang, draft, lines)
    if view == "eng" and (first_cards or free_cards):
        return _engineer_screen(gid, phase, state, lang, draft, lines,
                                help_key="deck.m_free_help" if free_cards else "deck.m_eng_help", n=rules.free_picks)
    return _list_screen(gid, phase, state, pid, rules, lang, draft, lines, first_cards=first_cards,
                        free_cards=free_cards)


def _list_screen(gid: int, phase: int, state: GameState, pid: int, rules: DeckRules, lang: str,
                 draft: dict[str, Any], lines: list[str], *, first_cards: bool,
                 free_cards: bool = False) -> tuple[str, InlineKeyboardMarkup]:
    ruleset = state.ruleset
    catalog = api.catalog(ruleset).cards
    colours = rules.colours
    tab = draft.get("tab") or colours[0]
    if tab == SEARCH:
        cards = [c for c in draft.get("hits", []) if c in rules.pool]
        lines.append(t(lang, "deck.m_search", query=escape(draft.get("query", "")), count=len(cards)))
    else:
        cards = [c for c in rules.pool if catalog[c].colour == tab]
    lines.append(t(lang, "deck.m_help"))
    special = [f"{escape(gamedata.card_name(ruleset, c, lang))} — {n}" for c, n in rules.pool.items() if n != rules.copies]
    if special:
        lines.append(t(lang, "deck.m_copies", cards=", ".join(special)))
    tab_buttons = [button(("• " if c == tab else "") + ("★ " if c in rules.own else "") + t(lang, f"colour.{c}"),
                          gid, phase, "bcol", c) for c in colours]
    if tab == SEARCH:
        tab_buttons.append(button("• 🔍 " + draft.get("query", "")[:20], gid, phase, "bcol", SEARCH))
    rows: list[list[InlineKeyboardButton]] = [tab_buttons[i:i + 3] for i in range(0, len(tab_buttons), 3)]
    pages = max(1, -(-len(cards) // PAGE))
    page = min(max(0, int(draft.get("page") or 0)), pages - 1)
    counts = Counter(draft["cards"])
    for card in cards[page * PAGE:(page + 1) * PAGE]:
        name = gamedata.card_name(ruleset, card, lang)
        free = " ☆" if catalog[card].has("free") else ""
        rows.append([button(f"{name}{free} ×{counts[card]}", gid, phase, "bcard", card),
                     button("−", gid, phase, "bdel", card), button("+", gid, phase, "badd", card)])
    if pages > 1:
        rows.append([button("◀", gid, phase, "bpg", (page - 1) % pages),
                     button(f"{page + 1}/{pages}", gid, phase, "bpg", page),
                     button("▶", gid, phase, "bpg", (page + 1) % pages)])
    if first_cards:
        rows.append([button(t(lang, "btn.engineer"), gid, phase, "beng")])
    elif free_cards:
        rows.append([button(t(lang, "btn.free_picks"), gid, phase, "beng")])
    rows.append([button(t(lang, "btn.save_deck"), gid, phase, "bsave"),
                 button(t(lang, "btn.clear_deck"), gid, phase, "bclr")])
    if draft["mode"] == "first":
        rows.append([button(t(lang, "btn.auto_deck"), gid, phase, "bauto")])
    elif state.player(pid).deck_choice:
        rows.append([button(t(lang, "btn.repeat_deck"), gid, phase, "bre")])
        rows.append([button(t(lang, "btn.back"), gid, phase, "panel")])
    return "\n".join(lines), markup(rows)


def _card_screen(gid: int, phase: int, state: GameState, lang: str, draft: dict[str, Any],
                 lines: list[str]) -> tuple[str, InlineKeyboardMarkup]:
    card = str(draft["card"])
    count = draft["cards"].count(card)
    text = "\n".join([*lines, "", card_info(state.ruleset, card, lang), "", t(lang, "deck.m_in_deck", count=count)])
    rows = [[button("−", gid, phase, "bdel", card), button(f"×{count}", gid, phase, "bcard", card),
             button("+", gid, phase, "badd", card)],
            [button(t(lang, "btn.back"), gid, phase, "bback")]]
    return text, markup(rows)


def _engineer_screen(gid: int, phase: int, state: GameState, lang: str, draft: dict[str, Any],
                     lines: list[str], *, help_key: str = "deck.m_eng_help", n: int = 0) -> tuple[str, InlineKeyboardMarkup]:
    """Marking cards of the deck being built: the Инженер's first dealt, or those made Свободные (Кейкаку)."""
    text = "\n".join([*lines, "", t(lang, help_key, n=n)])
    rows = []
    for card in sorted(set(draft["cards"]), key=lambda c: gamedata.card_name(state.ruleset, c, lang)):
        mark = "✅ " if card in draft["eng"] else ""
        rows.append([button(mark + gamedata.card_name(state.ruleset, card, lang), gid, phase, "btog", card)])
    rows.append([button(t(lang, "btn.back"), gid, phase, "bback")])
    return text, markup(rows)


def rebuild_row(game: dict[str, Any], state: GameState, pid: int, lang: str) -> list[list[InlineKeyboardButton]]:
    """The phase panel's button to build a new deck, when the player may."""
    if not api.may_rebuild(state, pid):
        return []
    return [[button(t(lang, "btn.new_deck"), int(game["id"]), state.phase, "rb")]]


add_panel_rows(rebuild_row, PLACE_NEW_DECK)
