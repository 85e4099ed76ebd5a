"""/stats as words: a player's or a group's finished games (tgbot/services/results.py)."""

from __future__ import annotations

from collections import defaultdict
from html import escape

from tgbot import gamedata
from tgbot.i18n import t
from tgbot.services.results import Share, Summary
from tgbot.ui import names


def _percent(part: int, whole: int) -> int:
    return round(100 * part / whole) if whole else 0


def faction_name(lang: str, faction: str) -> str:
    try:
        return t(lang, f"faction.{faction}")
    except KeyError:  # a faction a rule set names without words of the bot's own
        return escape(faction)


def _shares(lang: str, rows: list[tuple[str, Share]]) -> str:
    return "; ".join(t(lang, "stats.share", name=name, wins=str(s.wins), total=str(s.total),
                       rate=str(_percent(s.wins, s.total)))
                     for name, s in sorted(rows, key=lambda row: (-row[1].total, row[0])))


def stats_text(lang: str, summary: Summary, *, group: bool) -> str:
    """Games, wins (a player's), survival, then each rule set's faction wins and role wins."""
    title = t(lang, "stats.title_group" if group else "stats.title_player")
    if not summary.games:
        return f"{title}\n{t(lang, 'stats.none')}"
    lines = [title, t(lang, "stats.games", games=str(summary.games))]
    if not group:
        lines.append(t(lang, "stats.wins", wins=str(summary.wins), games=str(summary.seats),
                       rate=str(_percent(summary.wins, summary.seats))))
    lines.append(t(lang, "stats.survived", survived=str(summary.survived), seats=str(summary.seats),
                   rate=str(_percent(summary.survived, summary.seats))))
    factions: dict[str, list[tuple[str, Share]]] = defaultdict(list)
    roles: dict[str, list[tuple[str, Share]]] = defaultdict(list)
    for (ruleset, faction), share in summary.factions.items():
        factions[ruleset].append((faction_name(lang, faction), share))
    for (ruleset, role), share in summary.roles.items():
        roles[ruleset].append((escape(gamedata.role_name(ruleset, role, lang)), share))
    for ruleset, games in sorted(summary.rulesets.items(), key=lambda item: (-item[1], item[0])):
        lines += ["", t(lang, "stats.ruleset", ruleset=names.ruleset_name(lang, ruleset), games=str(games)),
                  t(lang, "stats.factions", shares=_shares(lang, factions[ruleset])),
                  t(lang, "stats.roles", shares=_shares(lang, roles[ruleset]))]
    return "\n".join(lines)
