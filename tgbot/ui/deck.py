"""Deck building screens: Микромафик's draft (one of two cards, ten times) and mafia builder, and
Мафик's builder (the collection by colour, +/− per card, search, running totals, the Инженер's two
guaranteed cards), used for the first deck and for every new deck later in the game."""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import Any

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from engine.core.ruleset import get_ruleset
from engine.core.state import GameState
from tgbot import gamedata
from tgbot.i18n import t
from tgbot.render import refusal_params
from tgbot.ui.panel import PANEL_ROWS, button, markup, phase_title

MAFIK = "mafik"
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
    facts = [t(lang, f"lookup.ruleset_{ruleset}")] if with_ruleset else []
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
    player = state.player(pid)
    building = player.building
    gid = int(game["id"])
    head = f"<b>{t(lang, 'ui.game', game=gid)} · {phase_title(lang, 0)}</b>"
    if building is None or building.done:
        return head + "\n" + t(lang, "deck.done"), None
    if state.ruleset == MAFIK:
        return mafik_builder(game, state, pid, lang, new_draft("first"))
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
    if state.ruleset == MAFIK:
        from engine.rulesets.mafik.roles import colours_of

        return colours_of(state, pid)
    from engine.rulesets.micromafik.roles import SECRET_ROLES

    return SECRET_ROLES[state.player(pid).secret_role].colours


def builder_panel(game: dict[str, Any], state: GameState, pid: int, lang: str, selection: list[str],
                  colour: str | None, problem: str | None = None) -> tuple[str, InlineKeyboardMarkup]:
    """Микромафик's mafia builder: totals, one colour's cards with − / +, save and auto-pick."""
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


# ---------------------------------------------------------------- Мафик's builder

def new_draft(mode: str) -> dict[str, Any]:
    """A builder in progress (kept in the FSM storage): `mode` "first" (deck building) or "rebuild"."""
    return {"mode": mode, "cards": [], "tab": None, "page": 0, "query": "", "hits": [], "eng": [], "view": "list",
            "card": None}


def offered(card_id: str) -> bool:
    """May this card go into a Мафик deck at all? (In the collection, not role-unique, implemented.)"""
    from engine.rulesets.mafik.registry import CATALOG, UNIQUE

    ruleset = get_ruleset(MAFIK)
    return card_id in CATALOG and CATALOG[card_id].colour != UNIQUE and ruleset.is_implemented(card_id)


def tabs(state: GameState, pid: int) -> list[str]:
    """The colours to browse: the player's own first, neutral next, then the others — only colours
    with a card the bot can play."""
    from engine.rulesets.mafik.registry import CATALOG, COLOURS, NEUTRAL

    own = own_colours(state, pid)
    order = [*own, NEUTRAL, *(c for c in COLOURS if c not in own)]
    present = {spec.colour for spec in CATALOG if offered(spec.id)}
    return [c for c in order if c in present]


def totals(state: GameState, pid: int, cards: list[str]) -> dict[str, int]:
    """Non-free cards, free cards and cards of other colours in a selection, with their limits."""
    from engine.rulesets.mafik.deck import deck_limits
    from engine.rulesets.mafik.registry import CATALOG, NEUTRAL

    own = own_colours(state, pid)
    free = sum(1 for c in cards if CATALOG[c].has("free"))
    other = sum(1 for c in cards if CATALOG[c].colour not in own and CATALOG[c].colour != NEUTRAL)
    limits = deck_limits(state, pid)
    return {"paid": len(cards) - free, "size": limits["size"], "free": free, "free_max": limits["free"],
            "other": other, "other_max": limits["other"]}


def add_problem(state: GameState, pid: int, cards: list[str], card: str) -> dict[str, Any] | None:
    """Why one more `card` may not join the selection (the engine's reason codes), or None."""
    from engine.rulesets.mafik.deck import max_copies
    from engine.rulesets.mafik.registry import CATALOG

    if not offered(card):
        return {"reason": "not_implemented" if card in CATALOG else "unknown_card", "card": card}
    most = max_copies(state, pid, card)
    if cards.count(card) + 1 > most:
        return {"reason": "too_many_copies", "card": card, "max": most}
    after = totals(state, pid, [*cards, card])
    if after["paid"] > after["size"]:
        return {"reason": "deck_full", "max": after["size"]}
    if after["free"] > after["free_max"]:
        return {"reason": "too_many_free", "have": after["free"], "max": after["free_max"]}
    if after["other"] > after["other_max"]:
        return {"reason": "other_colours", "have": after["other"], "max": after["other_max"]}
    return None


def deck_reason(lang: str, ruleset: str, problem: dict[str, Any]) -> str:
    """A refused deck choice as a sentence: "The deck breaks the rules. <why>"."""
    params = {k: escape(v) if isinstance(v, str) else v for k, v in refusal_params(problem, lang, ruleset).items()}
    reason = str(params.pop("reason", ""))
    text = t(lang, "refusal.deck_invalid")
    try:
        return f"{text} {t(lang, f'reason.{reason}', **params)}"
    except KeyError:
        return text


def may_rebuild(state: GameState, pid: int) -> bool:
    """A Мафик player may build a new deck: the deck is empty, or a card allows it (Второй шанс)."""
    player = state.player(pid)
    return (state.ruleset == MAFIK and state.status == "running" and player.alive
            and (not player.deck or bool(state.effects_of("may_rebuild", target=pid))))


def card_counts(ruleset: str, ids: list[str], lang: str) -> str:
    counts = Counter(ids)
    return ", ".join(escape(gamedata.card_name(ruleset, c, lang)) + (f" ×{n}" if n > 1 else "")
                     for c, n in sorted(counts.items(), key=lambda item: gamedata.card_name(ruleset, item[0], lang)))


def mafik_builder(game: dict[str, Any], state: GameState, pid: int, lang: str, draft: dict[str, Any],
                  problem: str | None = None) -> tuple[str, InlineKeyboardMarkup]:
    """The builder's current screen: the list of one tab, a card's full text, or the Инженер's picks."""
    gid, phase = int(game["id"]), state.phase
    player = state.player(pid)
    ruleset = state.ruleset
    rebuild = draft["mode"] == "rebuild"
    title = t(lang, "deck.m_rebuild_title") if rebuild else phase_title(lang, 0)
    lines = [f"<b>{t(lang, 'ui.game', game=gid)} · {title}</b>"]
    own = own_colours(state, pid)
    colour_names = ", ".join(t(lang, f"colour.{c}") for c in own)
    lines.append(t(lang, "deck.m_role", role=escape(gamedata.role_name(ruleset, player.secret_role, lang)),
                   colours=colour_names))
    missing = [c for c in own if c not in tabs(state, pid)]
    if missing:
        lines.append(t(lang, "deck.m_missing", colours=", ".join(t(lang, f"colour.{c}") for c in missing)))
    sums = totals(state, pid, draft["cards"])
    lines.append(t(lang, "deck.m_totals", **sums))
    if draft["cards"]:
        lines.append(t(lang, "deck.selected", cards=card_counts(ruleset, draft["cards"], lang)))
    engineer = player.public_role == "engineer" and not rebuild
    if engineer:
        picks = card_counts(ruleset, draft["eng"], lang) if draft["eng"] else t(lang, "deck.m_eng_none")
        lines.append(t(lang, "deck.m_eng", cards=picks))
    if problem:
        lines.append("⚠️ " + problem)
    view = draft.get("view") or "list"
    if view == "card" and draft.get("card"):
        return _card_screen(gid, phase, state, pid, lang, draft, lines)
    if view == "eng" and engineer:
        return _engineer_screen(gid, phase, state, lang, draft, lines)
    return _list_screen(gid, phase, state, pid, lang, draft, lines, engineer=engineer)


def _list_screen(gid: int, phase: int, state: GameState, pid: int, lang: str, draft: dict[str, Any],
                 lines: list[str], *, engineer: bool) -> tuple[str, InlineKeyboardMarkup]:
    from engine.rulesets.mafik.deck import max_copies
    from engine.rulesets.mafik.registry import CATALOG

    ruleset = state.ruleset
    colours = tabs(state, pid)
    tab = draft.get("tab") or colours[0]
    if tab == SEARCH:
        cards = [c for c in draft.get("hits", []) if offered(c)]
        lines.append(t(lang, "deck.m_search", query=escape(draft.get("query", "")), count=len(cards)))
    else:
        cards = [spec.id for spec in CATALOG if spec.colour == tab and offered(spec.id)]
    lines.append(t(lang, "deck.m_help"))
    special = [f"{escape(gamedata.card_name(ruleset, c, lang))} — {max_copies(state, pid, c)}"
               for c in (spec.id for spec in CATALOG) if offered(c) and max_copies(state, pid, c) != 2]
    if special:
        lines.append(t(lang, "deck.m_copies", cards=", ".join(special)))
    own = own_colours(state, pid)
    tab_buttons = [button(("• " if c == tab else "") + ("★ " if c in own else "") + t(lang, f"colour.{c}"),
                          gid, phase, "bcol", c) for c in colours]
    if tab == SEARCH:
        tab_buttons.append(button("• 🔍 " + draft.get("query", "")[:20], gid, phase, "bcol", SEARCH))
    rows: list[list[InlineKeyboardButton]] = [tab_buttons[i:i + 3] for i in range(0, len(tab_buttons), 3)]
    pages = max(1, -(-len(cards) // PAGE))
    page = min(max(0, int(draft.get("page") or 0)), pages - 1)
    counts = Counter(draft["cards"])
    for card in cards[page * PAGE:(page + 1) * PAGE]:
        name = gamedata.card_name(ruleset, card, lang)
        free = " ☆" if CATALOG[card].has("free") else ""
        rows.append([button(f"{name}{free} ×{counts[card]}", gid, phase, "bcard", card),
                     button("−", gid, phase, "bdel", card), button("+", gid, phase, "badd", card)])
    if pages > 1:
        rows.append([button("◀", gid, phase, "bpg", (page - 1) % pages),
                     button(f"{page + 1}/{pages}", gid, phase, "bpg", page),
                     button("▶", gid, phase, "bpg", (page + 1) % pages)])
    if engineer:
        rows.append([button(t(lang, "btn.engineer"), gid, phase, "beng")])
    rows.append([button(t(lang, "btn.save_deck"), gid, phase, "bsave"),
                 button(t(lang, "btn.clear_deck"), gid, phase, "bclr")])
    if draft["mode"] == "first":
        rows.append([button(t(lang, "btn.auto_deck"), gid, phase, "bauto")])
    elif state.player(pid).deck_choice:
        rows.append([button(t(lang, "btn.repeat_deck"), gid, phase, "bre")])
        rows.append([button(t(lang, "btn.back"), gid, phase, "panel")])
    return "\n".join(lines), markup(rows)


def _card_screen(gid: int, phase: int, state: GameState, pid: int, lang: str, draft: dict[str, Any],
                 lines: list[str]) -> tuple[str, InlineKeyboardMarkup]:
    card = str(draft["card"])
    count = draft["cards"].count(card)
    text = "\n".join([*lines, "", card_info(state.ruleset, card, lang), "", t(lang, "deck.m_in_deck", count=count)])
    rows = [[button("−", gid, phase, "bdel", card), button(f"×{count}", gid, phase, "bcard", card),
             button("+", gid, phase, "badd", card)],
            [button(t(lang, "btn.back"), gid, phase, "bback")]]
    return text, markup(rows)


def _engineer_screen(gid: int, phase: int, state: GameState, lang: str, draft: dict[str, Any],
                     lines: list[str]) -> tuple[str, InlineKeyboardMarkup]:
    text = "\n".join([*lines, "", t(lang, "deck.m_eng_help")])
    rows = []
    for card in sorted(set(draft["cards"]), key=lambda c: gamedata.card_name(state.ruleset, c, lang)):
        mark = "✅ " if card in draft["eng"] else ""
        rows.append([button(mark + gamedata.card_name(state.ruleset, card, lang), gid, phase, "btog", card)])
    rows.append([button(t(lang, "btn.back"), gid, phase, "bback")])
    return text, markup(rows)


def rebuild_row(game: dict[str, Any], state: GameState, pid: int, lang: str) -> list[list[InlineKeyboardButton]]:
    """The phase panel's button to build a new deck, when the player may."""
    if not may_rebuild(state, pid):
        return []
    return [[button(t(lang, "btn.new_deck"), int(game["id"]), state.phase, "rb")]]


if rebuild_row not in PANEL_ROWS:
    PANEL_ROWS.append(rebuild_row)
