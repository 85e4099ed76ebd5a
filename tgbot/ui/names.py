"""Ids as the words people read: a rule set's name, a game's status, an effect with its phases, a user.

Nothing the bot shows a person carries a raw id ("micromafik", "running", "coffee", 18467).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from engine.core.state import Effect, GameState
from tgbot import gamedata
from tgbot.i18n import has, t

if TYPE_CHECKING:
    from tgbot.storage.repo import Repository


def ruleset_name(lang: str, ruleset: str) -> str:
    """Микромафик / Мафик (`lookup.ruleset_<id>`; a rule set that has no name in the locales: its id)."""
    key = f"lookup.ruleset_{ruleset}"
    return t(lang, key) if has(lang, key) else escape(ruleset)


def ruleset_rules(lang: str, ruleset: str) -> str:
    """The summary of the rule set's rules (`rules.<id>`), or "" if its locales have none."""
    key = f"rules.{ruleset}"
    return t(lang, key) if has(lang, key) else ""


def game_status(lang: str, status: str) -> str:
    """набор игроков / сбор колод / идёт / окончена (`game_status.<status>`)."""
    return t(lang, f"game_status.{status}")


def phase_name(lang: str, phase: int) -> str:
    """ночь 2, день 3 — or deck building for phase 0."""
    if phase == 0:
        return t(lang, "game_status.setup")
    return t(lang, "ui.night" if phase % 2 == 1 else "ui.day", day=(phase + 1) // 2)


def effect_name(ruleset: str, kind: str, lang: str) -> str:
    """The card an effect is named after (Кофе), else its word (`status.<kind>`)."""
    if kind in gamedata.card_ids(ruleset):
        return gamedata.card_name(ruleset, kind, lang)
    return t(lang, f"status.{kind}")


def effect_label(state: GameState, effect: Effect, lang: str) -> str:
    """An effect and when it acts: «Кофе (ночь 3)», «Яд (ночь 1 — день 2)», «… (с фазы «ночь 1» до конца
    игры)». A card an effect grants (a borrowed ability, a card played as another) is named after it."""
    name = effect_name(state.ruleset, effect.kind, lang)
    card = effect.params.get("card")
    if isinstance(card, str) and card in gamedata.card_ids(state.ruleset) and card != effect.kind:
        name = t(lang, "mtools.effect_card", name=name, card=gamedata.card_name(state.ruleset, card, lang))
    start = phase_name(lang, effect.start)
    if effect.end is None:
        return t(lang, "mtools.effect_open", name=escape(name), start=start)
    if effect.end == effect.start:
        return t(lang, "mtools.effect_one", name=escape(name), phase=start)
    return t(lang, "mtools.effect_span", name=escape(name), start=start, end=phase_name(lang, effect.end))


def counter_label(state: GameState, kind: str, params: dict[str, Any], lang: str) -> str:
    """One of a player's counters (api.counters) in words: «способность роли «Страж» использована»,
    «приватов в день 2: 1», «цвет последнего урона: Разведка»."""
    words: dict[str, Any] = {"n": params.get("n", 0), "number": params.get("number", "")}
    if "role" in params:
        words["role"] = escape(gamedata.role_name(state.ruleset, str(params["role"]), lang))
    if "pid" in params:
        words["pid"] = escape(state.player(int(params["pid"])).name)
    if "colour" in params:
        words["colour"] = t(lang, f"colour.{params['colour']}")
    if "phase" in params:
        words["phase"] = phase_name(lang, int(params["phase"]))
    return t(lang, f"counter.{kind}", **words)


async def username(repo: Repository, user_id: int) -> str | None:
    """The @username the user last wrote to the bot under (kept by RememberUsernames), if any."""
    async with repo.db.conn.execute("SELECT username FROM usernames WHERE user_id = ?", (user_id,)) as cur:
        row = await cur.fetchone()
    return None if row is None else str(row[0])


async def player_label(repo: Repository, lang: str, name: str | None, user_id: int) -> str:
    """A user for the master's eyes (HTML): the character's name and @username; a stranger by @username,
    or a link to the profile when the bot knows no username."""
    handle = await username(repo, user_id)
    link = f'<a href="tg://user?id={int(user_id)}">{escape("@" + handle) if handle else t(lang, "ui.profile")}</a>'
    if name is None:
        return link
    return t(lang, "ui.player_label", name=escape(name), user=link)

