"""Votes and punishments: the day vote (only the targets the engine accepts; with the vote standing now
where a silent voter votes against themselves), the punishment (where it is an open vote: each punishment's rule and whether it is barred),
and the mafia's kill vote at night. What is offered is the engine's (api.catalog, api.check,
api.view_profile)."""

from __future__ import annotations

from html import escape
from typing import Any

from aiogram import Router
from aiogram.types import CallbackQuery

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.state import GameState
from tgbot.i18n import has, t
from tgbot.routers.common import edit
from tgbot.routers.guard import NEED_GAME
from tgbot.routers.play.press import Pressed, back_row, player_buttons, submit_simple
from tgbot.services.games import GameService
from tgbot.ui.callbacks import Act, Code
from tgbot.ui.flow_input import as_int
from tgbot.ui.panel import button, markup


def _head(gs: GameState, lang: str, screen: str) -> str:
    """A vote screen's head: the rule set's own (`screen_<rule set>.<screen>` in its locales), else the plain one."""
    own = f"screen_{gs.ruleset}.{screen}"
    return t(lang, own) if has(lang, own) else t(lang, f"ui.{screen}")


def _my_order(gs: GameState, pid: int, kind: str) -> dict[str, Any] | None:
    return next((o.params for o in gs.orders.get(pid, []) if o.kind == kind), None)


def votable(gs: GameState, pid: int) -> list[int]:
    """The living characters this voter may vote against: each one the engine's check of the vote does not
    refuse as a target (oneself where the rule set forbids it, a character in prison, an immune one)."""
    out = []
    for target in (p.pid for p in gs.living()):
        try:
            api.check(gs, pid, "vote", params={"target": target})
        except Refusal as refusal:
            if refusal.code == "invalid_target":
                continue
        out.append(target)
    return out


async def votes_screen(query: CallbackQuery, callback_data: Act, lang: str, gs: GameState, pid: int) -> None:
    cb = callback_data
    if not api.view_profile(gs.ruleset).self_vote:
        rows = player_buttons(gs, cb, Code.VOTE, votable(gs, pid))
        rows.append(back_row(cb, lang))
        await edit(query, _head(gs, lang, "choose_vote"), markup(rows))
        return
    current = _my_order(gs, pid, "vote")
    target = int(current["target"]) if current else None
    lines = [_head(gs, lang, "choose_vote")]
    lines.append(t(lang, "ui.your_vote", target=escape(gs.player(target).name)) if target is not None
                 else t(lang, "ui.vote_self_default"))
    rows = player_buttons(gs, cb, Code.VOTE, votable(gs, pid), mark=target)
    rows.append(back_row(cb, lang))
    await edit(query, "\n".join(lines), markup(rows))


async def vote(query: CallbackQuery, callback_data: Act, service: GameService, lang: str) -> None:
    await submit_simple(query, callback_data, service, lang, "vote", params={"target": as_int(callback_data.v)})


def punishments(gs: GameState) -> tuple[str, ...]:
    """The punishments the rule set's punishment vote offers (its parameter's choices)."""
    action = api.catalog(gs.ruleset).actions["punishment"]
    return next(p.choices for p in action.params if p.name == "choice")


def _barred(gs: GameState, pid: int, choice: str) -> bool:
    """Is this punishment refused today (a bar after it was applied)? The engine's check says."""
    try:
        api.check(gs, pid, "punishment", params={"choice": choice})
    except Refusal as refusal:
        return refusal.params.get("reason") == "barred"
    return False


async def punishments_screen(query: CallbackQuery, callback_data: Act, lang: str, gs: GameState, pid: int) -> None:
    cb = callback_data
    if not api.view_profile(gs.ruleset).open_punishment:
        rows = [[button(t(lang, f"punishment.{c}"), cb.g, cb.p, Code.PUNISHMENT, c) for c in punishments(gs)],
                back_row(cb, lang)]
        await edit(query, _head(gs, lang, "choose_punishment"), markup(rows))
        return
    current = _my_order(gs, pid, "punishment")
    chosen = current["choice"] if current else None
    lines = [_head(gs, lang, "choose_punishment")]
    rows = []
    for choice in punishments(gs):
        barred = _barred(gs, pid, choice)
        line = f"• <b>{t(lang, f'punishment.{choice}')}</b> — {t(lang, f'pun_about.{choice}')}"
        if barred:
            line += " " + t(lang, "ui.barred")
        lines.append(line)
        mark = "✅ " if choice == chosen else "🚫 " if barred else ""
        rows.append([button(mark + t(lang, f"punishment.{choice}"), cb.g, cb.p, Code.PUNISHMENT, choice)])
    rows.append(back_row(cb, lang))
    await edit(query, "\n".join(lines), markup(rows))


async def punish(query: CallbackQuery, callback_data: Act, service: GameService, lang: str) -> None:
    await submit_simple(query, callback_data, service, lang, "punishment", params={"choice": callback_data.v})


async def kills_screen(query: CallbackQuery, callback_data: Act, lang: str, gs: GameState, pid: int) -> None:
    rows = player_buttons(gs, callback_data, Code.KILL, [p.pid for p in gs.living() if p.pid != pid])
    rows.append(back_row(callback_data, lang))
    await edit(query, t(lang, "ui.choose_kill"), markup(rows))


async def kill_vote(query: CallbackQuery, callback_data: Act, service: GameService, lang: str) -> None:
    await submit_simple(query, callback_data, service, lang, "kill_vote", params={"target": as_int(callback_data.v)})


def make_router() -> Router:
    router = Router(name="play.votes")
    router.callback_query.register(votes_screen, Pressed(Code.VOTES), flags=NEED_GAME)
    router.callback_query.register(vote, Pressed(Code.VOTE), flags=NEED_GAME)
    router.callback_query.register(punishments_screen, Pressed(Code.PUNISHMENTS), flags=NEED_GAME)
    router.callback_query.register(punish, Pressed(Code.PUNISHMENT), flags=NEED_GAME)
    router.callback_query.register(kills_screen, Pressed(Code.KILLS), flags=NEED_GAME)
    router.callback_query.register(kill_vote, Pressed(Code.KILL), flags=NEED_GAME)
    return router
