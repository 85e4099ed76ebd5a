"""Микромафик's lines of a player's panel (`api.panel_facts`), from the player's own view: points, deck
and the phase's play limit, the Экстрасенс's look at the deck, the statuses they know of, and at night a
mafioso's partners' kill votes."""

from __future__ import annotations

from typing import Any

from engine.core.profile import PanelFact
from engine.core.state import GameState


def panel_facts(state: GameState, pid: int, me: dict[str, Any]) -> list[PanelFact]:
    """`me`: the player's private view (Micromafik.private_view)."""
    player = state.player(pid)
    facts = [PanelFact("panel_micromafik.points_deck",
                       {"balance": player.points, "deck": len(player.deck), "limit": me["play_limit"]})]
    if me.get("deck_top"):
        facts.append(PanelFact("ui.deck_top", {"cards": list(me["deck_top"])}))
    # a set: shown in the order of its words
    statuses = frozenset(e["kind"] for e in me["effects"] if e["start"] <= state.phase)
    if statuses:
        facts.append(PanelFact("ui.statuses", {"statuses": statuses}))
    for partner, target in (me.get("partner_kill_votes") or {}).items():
        facts.append(PanelFact("panel_micromafik.partner_no_kill_vote", {"pid": int(partner)}) if target is None else
                     PanelFact("panel_micromafik.partner_kill_vote", {"pid": int(partner), "target": int(target)}))
    return facts
