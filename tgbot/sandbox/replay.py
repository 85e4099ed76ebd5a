"""A finished game as a replay: for each phase what the public group was told, what the master's log
showed, and what each player was told in private — the readable record (`chronicle.game_record`) cut by
phase for the page's slider. Built from the game's state, the one the master's JSON file holds."""

from __future__ import annotations

from typing import Any

from engine.core.state import Event, GameState
from engine.core.views import visible_to
from tgbot.i18n import t
from tgbot.render import Renderer, render
from tgbot.services.chronicle import ORDERS_EVENT, log_lines, record_phase_title
from tgbot.ui import names


def replay(game_id: int, state: GameState, lang: str) -> dict[str, Any]:
    r = Renderer(state, lang)
    phases: dict[int, list[Event]] = {}
    for event in state.events:
        phases.setdefault(event.phase, []).append(event)
    winners = ", ".join(r.faction(f) for f in state.winners) or r.faction("none")
    return {
        "title": t(lang, "log.html_title", game=game_id, ruleset=names.ruleset_name(lang, state.ruleset)),
        "winners": t(lang, "log.html_winners", winners=winners),
        "roles": [{"name": r.player(p.pid), "role": r.role(p.secret_role), "side": r.faction(p.faction), "alive": p.alive}
                  for p in state.players],
        "phases": [phase_json(state, phase, events, lang) for phase, events in sorted(phases.items())],
    }


def phase_json(state: GameState, phase: int, events: list[Event], lang: str) -> dict[str, Any]:
    """One phase: the public group's events, the master's log (the submissions first), each player's own."""
    r = Renderer(state, lang)
    ordered = sorted(events, key=lambda e: e.kind != ORDERS_EVENT)
    return {
        "phase": phase,
        "title": record_phase_title(state, lang, phase),
        "public": [render(state, e, lang) for e in events if e.to == "public"],
        "master": [line for e in ordered for line in log_lines(state, e, lang)],
        "players": [{"name": r.player(p.pid),
                     "told": [render(state, e, lang) for e in events if e.to != "public" and visible_to(e, state, p.pid)]}
                    for p in state.players],
    }
