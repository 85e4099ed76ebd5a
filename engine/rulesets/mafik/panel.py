"""Мафик's lines of a player's panel (`api.panel_facts`), from what the player's own view holds: the
deck, the stance and colours, what the phase allows, blood, Изгнание, what Sleeve cards may be played
as, the Экстрасенс's look at the deck, the statuses the player knows of, and by day the private messages
left and the vote that stands until they vote."""

from __future__ import annotations

from engine.cardgame.effects import EffectKind
from engine.core.profile import PanelFact
from engine.core.state import GameState
from engine.rulesets.mafik import comms
from engine.rulesets.mafik.costs import exiled, sleeve_blocked, stance
from engine.rulesets.mafik.deck import deck_view
from engine.rulesets.mafik.registry import LOWER_COLOURS, REGISTRIES, UPPER_COLOURS
from engine.rulesets.mafik.roles import colours_of

STANCE_COLOURS = {"upper": UPPER_COLOURS, "lower": LOWER_COLOURS}
# Statuses a player knows of: effects on them they were told of (`known`: the Вече's punishments are
# public, the Ищейка's mark is told, a blood buy is announced to its buyer), or caused themselves (`own`:
# the cards' are declared with each card, these are the perks').
REGISTRIES.rule(effects=(EffectKind("exile", known=True), EffectKind("tortured", known=True),
                         EffectKind("bloodhound", known=True),
                         EffectKind("secretary", own=True), EffectKind("prosecutor", own=True),
                         EffectKind("politician", own=True)))


def play_as(state: GameState, pid: int) -> list[str]:
    """The cards this player may play a Sleeve card as (Солдат, Врач…)."""
    return list(dict.fromkeys(str(e.params["card"]) for e in state.effects_of("play_as", target=pid)))


def known_statuses(state: GameState, pid: int) -> list[str]:
    kinds = REGISTRIES.effects
    return sorted({e.kind for e in state.effects if e.target == pid and e.active(state.phase)
                   and (declared := kinds.get(e.kind)) is not None
                   and (declared.known or (declared.own and e.source == pid))})


def status_kinds() -> list[str]:
    """Every kind of effect a panel may show as a status (each has its `status.<kind>` words)."""
    return [k.kind for k in REGISTRIES.effects if k.known or k.own]


def limits(state: GameState, pid: int, in_exile: bool) -> PanelFact:
    """What a phase allows: a Hand card and a Sleeve card (none in Изгнание), one more Hand card of the
    stance's colours, Free cards besides; at night two Hand cards discarded instead."""
    more = []
    colours = STANCE_COLOURS.get(stance(state, pid), ())
    if colours:
        more.append(PanelFact("panel_mafik.stance_extra", {"colours": list(colours)}))
    if state.is_night:
        more.append(PanelFact("panel_mafik.night_discard"))
    return PanelFact("panel_mafik.limits_exiled" if in_exile else "panel_mafik.limits", {"more": more})


def panel_facts(state: GameState, pid: int) -> list[PanelFact]:
    """The lines in the panel's order (none before the game runs: the deck builder has its own screen)."""
    if state.status != "running":
        return []
    player = state.player(pid)
    in_exile = exiled(state, pid)
    no_sleeve_plays = bool(sleeve_blocked(state, pid, "play"))  # Изгнание, Тюрьма: the limits say so
    facts = [PanelFact("panel_mafik.deck", {"deck": len(player.deck), "decks": player.flags.get("decks_built", 0),
                                            "stance": stance(state, pid)}),
             PanelFact("panel_mafik.colours", {"colours": list(colours_of(state, pid))}),
             limits(state, pid, no_sleeve_plays)]
    if player.secret_role == "maniac":
        facts.append(PanelFact("panel_mafik.blood", {"blood": player.points}))
    if in_exile:
        facts.append(PanelFact("panel_mafik.exiled"))
    aliases = play_as(state, pid)
    if aliases:
        facts.append(PanelFact("panel_mafik.play_as", {"cards": aliases}))
    top, bottom = deck_view(state, pid)  # the Экстрасенс, Интуиция
    if top and player.deck:
        facts.append(PanelFact("ui.deck_top", {"cards": [c.card for c in player.deck[:top]]}))
    if bottom and player.deck:
        facts.append(PanelFact("panel_mafik.deck_bottom", {"cards": [c.card for c in player.deck[-bottom:]]}))
    facts.extend(REGISTRIES.queries.ask("panel_facts", state, [], pid=pid))  # a card's own lines (Сенсей)
    statuses = known_statuses(state, pid)
    if statuses:
        facts.append(PanelFact("ui.statuses", {"statuses": statuses}))
    if state.is_day:
        left = comms.private_allowance(state, pid) - player.flags.get(f"private_day_{state.day_number}", 0)
        facts.append(PanelFact("panel_mafik.private_left", {"n": left}))
        if not any(o.kind == "vote" for o in state.orders.get(pid, [])):
            facts.append(PanelFact("ui.vote_self_default"))
    # what cards show on a panel besides (query `panel_facts`, context pid: Gangstalking's points)
    extra: list[PanelFact] = REGISTRIES.queries.ask("panel_facts", state, [], pid=pid)
    return facts + extra
